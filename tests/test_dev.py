"""The ``./dev`` script, run in a copy of the project whose ``.venv`` holds
stand-ins for uv, JupyterLab and pytest that only write down how they were
called: setup installs once and then not again until ``pyproject.toml``
changes while it asks for the engine to be compiled every time (the compiler
decides), ``./dev lab`` opens a working copy of the tutorials that keeps the
learner's edits and passes its arguments to JupyterLab (as root too), with the
engine compiling in the background, and ``./dev test`` runs the tests on both
engines and fails when pytest collects nothing. Then the compiler's own
share of that (tools/compile_engine.py), without compiling: a build in the
background outlives the script and writes to its log, one build runs at a
time, and a finished build is swapped in whole."""

from __future__ import annotations

import fcntl
import importlib.util
import os
import re
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Each stand-in appends its name and arguments (and the engine asked for) to calls.txt.
STAND_IN = (
    "#!/usr/bin/env bash\n"
    'echo "$(basename "$0") $*${{COVIL_ENGINE:+ [COVIL_ENGINE=$COVIL_ENGINE]}}" >> "{calls}"\n'
    "exit {status}\n"
)
# The engine's compiler, run by the real python: it only writes down how it ran.
COMPILER = (
    "import sys\n"
    "open({calls!r}, 'a').write(' '.join(['compile_engine', *sys.argv[1:]]) + '\\n')\n"
    "sys.exit({status})\n"
)

# JupyterLab's stand-in, run as python -m jupyterlab: it writes down its arguments.
JUPYTERLAB = (
    "import sys\nopen({calls!r}, 'a').write(' '.join(['jupyter lab', *sys.argv[1:]]) + '\\n')\n"
)


def stand_in(path: Path, calls: Path, status: int = 0) -> None:
    path.write_text(STAND_IN.format(calls=calls, status=status))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the dev script, pyproject.toml and two tutorials, with a
    .venv whose python is real but whose tools only record their calls."""
    shutil.copy(ROOT / "dev", tmp_path / "dev")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    # What ./dev lab asks which language the learner reads.
    (tmp_path / "covil_nb" / "model").mkdir(parents=True)
    shutil.copy(ROOT / "covil_nb" / "model" / "locales.py", tmp_path / "covil_nb" / "model")
    # What ./dev lab runs to copy the tutorials and open them.
    shutil.copy(ROOT / "covil_nb" / "course.py", tmp_path / "covil_nb")
    (tmp_path / "tutorials" / "data").mkdir(parents=True)
    (tmp_path / "tutorials" / "01-setup.ipynb").write_text("the committed lesson")
    (tmp_path / "tutorials" / "data" / "games.csv").write_text("seed\n1\n")
    (tmp_path / "tutorials" / "data" / "__pycache__").mkdir()
    (tmp_path / "tutorials" / "data" / "__pycache__" / "x.pyc").write_text("")
    bin_ = tmp_path / ".venv" / "bin"
    bin_.mkdir(parents=True)
    calls = tmp_path / "calls.txt"
    for tool in ("uv", "jupyter", "ruff", "mypy", "lint-imports", "pytest"):
        stand_in(bin_ / tool, calls)
    # The board's page code, checked by npm (a stand-in first on PATH).
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "package-lock.json").write_text("{}")
    (tmp_path / "stubs").mkdir()
    stand_in(tmp_path / "stubs" / "npm", calls)
    # JupyterLab, as the tutorials command runs it (python -m jupyterlab).
    (tmp_path / "stubs" / "jupyterlab").mkdir()
    (tmp_path / "stubs" / "jupyterlab" / "__main__.py").write_text(
        JUPYTERLAB.format(calls=str(calls))
    )
    (tmp_path / "tools").mkdir()
    compiler = tmp_path / "tools" / "compile_engine.py"
    compiler.write_text(COMPILER.format(calls=str(calls), status=0))
    # The real interpreter binary (not a shim that execs another one): run as
    # .venv/bin/python, it finds the stand-ins beside it, as a venv's does.
    (bin_ / "python").symlink_to(os.path.realpath(sys.executable))
    return tmp_path


def dev(project: Path, *args: str, **locale: str) -> subprocess.CompletedProcess[str]:
    """Run the script, with the locale's variables given (``LANG="pt_BR.UTF-8"``)
    and none of the test run's own (nor its engine choice: ./dev test sets it)."""
    skipped = {"COVIL_ENGINE", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}
    env = {k: v for k, v in os.environ.items() if k not in skipped} | locale
    env["PATH"] = f"{project / 'stubs'}:{env['PATH']}"
    env["PYTHONPATH"] = str(project / "stubs")
    return subprocess.run(
        ["bash", str(project / "dev"), *args],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )


def calls(project: Path) -> list[str]:
    path = project / "calls.txt"
    return path.read_text().splitlines() if path.exists() else []


def test_setup_installs_once_and_again_only_when_pyproject_changes(project: Path) -> None:
    assert dev(project, "setup").returncode == 0
    assert dev(project, "setup").returncode == 0
    installs = [c for c in calls(project) if c.startswith("uv pip install")]
    assert len(installs) == 1
    with (project / "pyproject.toml").open("a") as f:
        f.write("\n# a new dependency\n")
    assert dev(project, "setup").returncode == 0
    assert len([c for c in calls(project) if c.startswith("uv pip install")]) == 2
    assert calls(project).count("compile_engine") == 3


def test_setup_goes_on_when_the_engine_cannot_be_compiled(project: Path) -> None:
    compiler = project / "tools" / "compile_engine.py"
    compiler.write_text(COMPILER.format(calls=str(project / "calls.txt"), status=1))
    failed = dev(project, "setup")
    assert failed.returncode == 0
    assert "the engine was not compiled; it runs as Python" in failed.stderr
    opened = dev(project, "lab")
    assert opened.returncode == 0
    assert "the engine is not compiling; it runs as Python" in opened.stderr
    assert calls(project)[-1].startswith("jupyter lab")


def test_lab_opens_a_working_copy_that_keeps_the_learners_edits(project: Path) -> None:
    first = dev(project, "lab", "--no-browser", "--port", "8899")
    assert first.returncode == 0, first.stderr
    copy = project / "my-tutorials"
    assert (copy / "01-setup.ipynb").read_text() == "the committed lesson"
    assert (copy / "data" / "games.csv").exists()
    assert not (copy / "data" / "__pycache__").exists()
    lab = [c for c in calls(project) if c.startswith("jupyter lab")][-1]
    assert "--ServerApp.root_dir=my-tutorials --LabApp.default_url=/lab/tree/01-setup.ipynb " in lab
    assert lab.endswith("--no-browser --port 8899")
    assert ("--allow-root" in lab) == (os.geteuid() == 0)
    # The engine compiles in the background: JupyterLab does not wait for it.
    compiles = [c for c in calls(project) if c.startswith("compile_engine")]
    assert compiles == ["compile_engine --background"]
    assert calls(project).index(compiles[0]) < calls(project).index(lab)

    (copy / "01-setup.ipynb").write_text("my own notes")
    (copy / "data" / "games.csv").unlink()
    assert dev(project, "lab").returncode == 0
    assert (copy / "01-setup.ipynb").read_text() == "my own notes"  # never overwritten
    assert (copy / "data" / "games.csv").exists()  # a deleted file comes back


def test_lab_opens_the_first_tutorial_in_the_learners_language(project: Path) -> None:
    """Where the locale asks for Portuguese, the Portuguese tutorial opens (in
    English where there is none yet, or the locale asks for another)."""
    (project / "tutorials" / "pt").mkdir()
    (project / "tutorials" / "pt" / "01-setup.ipynb").write_text("a lição")
    for locale, opened in [("pt_BR.UTF-8", "pt/01-setup.ipynb"), ("C", "01-setup.ipynb")]:
        assert dev(project, "lab", LANG=locale).returncode == 0
        lab = [c for c in calls(project) if c.startswith("jupyter lab")][-1]
        assert f"--LabApp.default_url=/lab/tree/{opened} " in lab + " ", (locale, lab)


def test_test_runs_the_committed_tutorials_and_fails_when_nothing_is_collected(
    project: Path,
) -> None:
    assert dev(project, "test").returncode == 0
    every_test, python_engine = [c for c in calls(project) if c.startswith("pytest")]
    # The engine compiles beside the static checks, and is built before the tests.
    assert calls(project).index("compile_engine") < calls(project).index(every_test)
    assert "--nbval tutorials" in every_test and "COVIL_ENGINE" not in every_test
    assert python_engine.endswith("[COVIL_ENGINE=python]")
    assert "-m engines --ignore=tests/browser" in python_engine  # the tests that can differ
    for run in (every_test, python_engine):  # on every core, and one worker more
        assert f"-n {(os.cpu_count() or 1) + 1}" in run
    # A failure on the Python source alone fails the whole run.
    pytest = project / ".venv" / "bin" / "pytest"
    pytest.write_text(pytest.read_text().replace("exit 0", '[ "$COVIL_ENGINE" != python ]'))
    assert dev(project, "test").returncode == 1
    stand_in(project / ".venv" / "bin" / "pytest", project / "calls.txt", status=5)
    nothing = dev(project, "test")
    assert nothing.returncode == 5 and "collected no tests" in nothing.stderr


def test_the_tests_on_the_python_source_end_with_their_summary(project: Path) -> None:
    """The output of ./dev test alone says it passed: its last line is pytest's
    summary, from the real pytest run as the script runs its second pass
    (with the project's configuration, whose addopts has -q already)."""
    (project / "tests").mkdir()
    (project / "tests" / "test_sample.py").write_text(
        "import pytest\n\npytestmark = pytest.mark.engines\n\n\n"
        "def test_one():\n    pass\n\n\ndef test_two():\n    pass\n"
    )
    # Not marked `engines`: not run on the Python source.
    (project / "tests" / "test_free.py").write_text("def test_free():\n    assert False\n")
    (project / ".venv" / "bin" / "pytest").write_text(
        "#!/usr/bin/env bash\n"
        '[ "${COVIL_ENGINE:-}" = python ] || exit 0\n'
        f'exec "{sys.executable}" -m pytest "$@"\n'
    )
    done = dev(project, "test")
    assert done.returncode == 0, done.stdout + done.stderr
    # pytest adds the minutes to a run of a minute or more: "in 69.79s (0:01:09)".
    summary = done.stdout.splitlines()[-1]
    assert re.fullmatch(r"2 passed in [\d.]+s( \([\d:]+\))?", summary), done.stdout


def test_an_unknown_command_shows_the_usage(project: Path) -> None:
    wrong = dev(project, "play")
    assert wrong.returncode == 2 and "usage: ./dev lab" in wrong.stderr


@pytest.fixture
def compiler() -> ModuleType:
    """tools/compile_engine.py, imported (it is a script, not a module of the package)."""
    spec = importlib.util.spec_from_file_location(
        "compile_engine", ROOT / "tools/compile_engine.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def native(compiler: ModuleType, tmp_path: Path) -> ModuleType:
    """The compiler's copy of native.py, its build, lock and log in tmp_path."""
    module = compiler.load_native()
    module.BUILD = tmp_path / "build" / "engine"
    module.STAMP = module.BUILD / "STAMP"
    module.LOCK = module.BUILD.with_name("engine.lock")
    module.LOG = module.BUILD.with_name("compile.log")
    return module


def fake_build(native: ModuleType, out: Path) -> None:
    """What a build holds, as the package checks it (empty files)."""
    (out / f"{native.LIBRARY}{native.SUFFIX}").touch()
    for path in native.compiled_modules():
        (out / native.in_build(path)).parent.mkdir(parents=True, exist_ok=True)
        (out / native.in_build(path)).touch()


def test_a_background_build_outlives_the_script_and_writes_to_its_log(
    compiler: ModuleType, tmp_path: Path
) -> None:
    log, go = tmp_path / "build" / "compile.log", tmp_path / "go"
    # It waits to be told to go, which only happens once detach has returned,
    # then says whether it was (or gave up waiting), its session and priority.
    waits = (
        "import os, pathlib, time\n"
        f"go = pathlib.Path({str(go)!r})\n"
        "for _ in range(100):\n    if go.exists(): break\n    time.sleep(0.05)\n"
        "print(go.exists(), os.getsid(0) == os.getpid(), os.nice(0), flush=True)\n"
    )
    started = compiler.detach([sys.executable, "-c", waits], log)
    go.touch()
    assert started.wait(10) == 0
    told, session_of_its_own, niceness = log.read_text().split()
    assert told == "True" and session_of_its_own == "True"
    assert int(niceness) == min(os.nice(0) + 10, 19)


def test_lab_starts_one_build_in_the_background_and_says_how_to_use_it(
    compiler: ModuleType,
    native: ModuleType,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    started: list[tuple[list[str], Path]] = []
    monkeypatch.setattr(compiler, "detach", lambda command, log: started.append((command, log)))
    compiler.in_background(native)
    assert started == [([sys.executable, compiler.__file__], native.LOG)]
    assert "Kernel ▸ Restart Kernel" in capsys.readouterr().out
    # A build already under way is not started again, but still said.
    native.LOCK.parent.mkdir(parents=True)
    with native.LOCK.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        compiler.in_background(native)
    assert len(started) == 1 and str(native.LOG) in capsys.readouterr().out
    # A current build: nothing to start, nothing to say.
    native.BUILD.mkdir()
    fake_build(native, native.BUILD)
    native.STAMP.write_text(native.fingerprint())
    compiler.in_background(native)
    assert len(started) == 1 and capsys.readouterr().out == ""


def test_one_build_at_a_time_the_second_finds_the_first_ones(
    compiler: ModuleType, native: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiling, finish = threading.Event(), threading.Event()
    compiled: list[Path] = []

    def compile_slowly(native: ModuleType, out: Path) -> None:
        compiling.set()
        finish.wait(10)
        compiled.append(out)
        fake_build(native, out)

    monkeypatch.setattr(compiler, "_compile", compile_slowly)
    built: dict[str, bool] = {}  # by thread: they end in either order
    first = threading.Thread(target=lambda: built.update(first=compiler.build(native, False)))
    first.start()
    assert compiling.wait(10)
    assert native.building()
    second = threading.Thread(target=lambda: built.update(second=compiler.build(native, False)))
    second.start()
    second.join(0.5)
    assert second.is_alive()  # waiting for the lock, not compiling beside the first
    finish.set()
    first.join(10)
    second.join(10)
    assert built == {"first": True, "second": False} and len(compiled) == 1
    assert native.current() and not native.building()
    assert sorted(p.name for p in native.BUILD.parent.iterdir()) == ["engine", "engine.lock"]


def test_a_finished_build_is_swapped_in_whole(compiler: ModuleType, tmp_path: Path) -> None:
    build = tmp_path / "engine"
    for version in ("old", "new"):
        finished = tmp_path / f"engine.new-{version}"
        finished.mkdir()
        (finished / version).touch()
        compiler.swap_in(finished, build)
        assert [p.name for p in build.iterdir()] == [version]
    assert [p.name for p in tmp_path.iterdir()] == ["engine"]  # nothing of the old left


def test_test_checks_the_page_code_first_and_fails_with_it(project: Path) -> None:
    """The committed bundle, the JSDoc types and the page's unit tests (npm in
    js/) come before ruff; a failing check fails ./dev test."""
    assert dev(project, "test").returncode == 0
    done = calls(project)
    checks = [i for i, c in enumerate(done) if c.startswith("npm")]
    assert [done[i] for i in checks][-1] == "npm run --silent check"
    assert checks[-1] < next(i for i, c in enumerate(done) if c.startswith("ruff"))
    stand_in(project / "stubs" / "npm", project / "calls.txt", status=1)
    assert dev(project, "test").returncode != 0


def test_the_page_code_is_installed_again_only_when_its_lock_file_changes(project: Path) -> None:
    """npm ci needs the registry: ./dev test runs it once per lock file."""
    for _ in range(2):
        assert dev(project, "test").returncode == 0
    assert len([c for c in calls(project) if c.startswith("npm ci")]) == 1
    (project / "js" / "package-lock.json").write_text('{"lockfileVersion": 3}')
    assert dev(project, "test").returncode == 0
    assert len([c for c in calls(project) if c.startswith("npm ci")]) == 2

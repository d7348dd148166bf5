"""The compiled engine is used exactly while it matches the source
(covil_nb/model/native.py): never after an edit, never half of it."""

from __future__ import annotations

import fcntl
import importlib.util
import inspect
import os
import shutil
import subprocess
import sys
from dataclasses import MISSING, fields
from pathlib import Path

import pytest

import covil_nb.model
from covil_nb.model import Score, State, flow, native
from covil_nb.model.night import Dominance
from covil_nb.model.state import Minion, Player, Troop

PACKAGE = Path(covil_nb.__file__).parent


def test_the_package_says_which_engine_runs() -> None:
    compiled = Path(flow.__file__).is_relative_to(native.BUILD)
    assert compiled == covil_nb.model.COMPILED
    wanted = os.environ.get("COVIL_ENGINE")
    if wanted:  # ./dev test runs the tests once with each
        assert compiled == (wanted == "compiled")


# The dataclasses a search makes most of, which write their __init__ out
# (mypyc compiles that one, not the one @dataclass writes: docs/engine.md).
WRITTEN_OUT = [State, Player, Troop, Minion, flow.Now, Score, Dominance]


@pytest.mark.skipif(
    covil_nb.model.COMPILED,
    reason="a compiled __init__ has no signature to read: the pass on the source checks it",
)
@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda cls: cls.__name__)
def test_a_written_out_init_takes_the_fields_as_the_dataclass_would(cls: type) -> None:
    """The same parameters, in the same order, with the same defaults: a
    field added to the class and forgotten in its __init__ fails here."""
    taken = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [p.name for p in taken] == [f.name for f in fields(cls)]
    for parameter, f in zip(taken, fields(cls), strict=True):
        if f.default is not MISSING:
            assert parameter.default == f.default, f.name
        elif f.default_factory is not MISSING:  # a fresh list each time, given None
            assert parameter.default is None, f.name
            made, other = cls(*_required(cls)), cls(*_required(cls))
            assert getattr(made, f.name) == f.default_factory()
            assert getattr(made, f.name) is not getattr(other, f.name)
        else:
            assert parameter.default is inspect.Parameter.empty, f.name


def _required(cls: type) -> list[object]:
    """Stand-ins for a class's required fields (only their number matters)."""
    return [None for f in fields(cls) if f.default is MISSING and f.default_factory is MISSING]


@pytest.mark.skipif(not covil_nb.model.COMPILED, reason="the source runs: nothing is compiled")
@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda cls: cls.__name__)
def test_the_compiled_engine_runs_a_written_out_init_compiled(cls: type) -> None:
    # What @dataclass writes is a Python function; mypyc's is a slot wrapper.
    assert not inspect.isfunction(cls.__init__)


def copy_of_the_package(tmp_path: Path, with_build: bool) -> Path:
    """A checkout of covil_nb in tmp_path (the package, and the tool that
    compiles it, by which the package knows it is in a clone), with today's
    build or none."""
    shutil.copytree(PACKAGE, tmp_path / "covil_nb", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "tools").mkdir()
    shutil.copy(PACKAGE.parent / "tools" / "compile_engine.py", tmp_path / "tools")
    if with_build:
        shutil.copytree(native.BUILD, tmp_path / "build" / "engine")
    return tmp_path


def engine_in(checkout: Path, wanted: str = "") -> subprocess.CompletedProcess[str]:
    """Import the checkout's model in a fresh Python; print where flow came from."""
    env = {k: v for k, v in os.environ.items() if k != "COVIL_ENGINE"}
    if wanted:
        env["COVIL_ENGINE"] = wanted
    code = "import covil_nb.model as m; print(m.COMPILED, m.flow.__file__)"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=checkout, env=env, capture_output=True, text=True
    )


def test_without_a_build_the_source_runs_and_compiled_is_refused(tmp_path: Path) -> None:
    checkout = copy_of_the_package(tmp_path, with_build=False)
    shown = engine_in(checkout)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split() == ["False", str(checkout / "covil_nb/model/flow.py")]
    refused = engine_in(checkout, "compiled")
    assert refused.returncode != 0
    assert "COVIL_ENGINE=compiled, but build/engine is missing" in refused.stderr
    misspelt = engine_in(checkout, "fast")
    assert "COVIL_ENGINE='fast': write 'python', 'compiled' or leave it unset" in misspelt.stderr


def test_while_a_build_is_under_way_the_package_says_a_restart_will_take_it(
    tmp_path: Path,
) -> None:
    checkout = copy_of_the_package(tmp_path, with_build=False)
    assert engine_in(checkout).stderr == ""
    (checkout / "build").mkdir()
    with (checkout / "build" / "engine.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # as tools/compile_engine.py holds it
        shown = engine_in(checkout)
        assert engine_in(checkout, "python").stderr == ""  # asked for: nothing to say
    assert shown.stdout.split()[0] == "False"
    assert shown.stderr.strip() == native.BUILDING
    assert "restart the kernel (Kernel ▸ Restart Kernel)" in native.BUILDING
    assert engine_in(checkout).stderr == ""  # the lock let go of: no build under way


def test_the_engine_is_chosen_once_a_process_and_imported_whole() -> None:
    """Every compiled module is imported with the package, so that a build
    swapped in later (./dev lab builds in the background) mixes nothing
    into a process that has chosen: it runs on as it began."""
    code = (
        "import sys, covil_nb.model as m\n"
        "names = ['.'.join(p.relative_to(m.native.PACKAGE.parent).with_suffix('').parts)"
        " for p in m.native.compiled_modules()]\n"
        "print([name for name in names if name not in sys.modules])"
    )
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert shown.stdout.strip() == "[]", shown.stderr


needs_build = pytest.mark.skipif(not native.current(), reason="no current build of the engine")


@needs_build
def test_a_build_runs_until_the_source_changes(tmp_path: Path) -> None:
    checkout = copy_of_the_package(tmp_path, with_build=True)
    compiled, where = engine_in(checkout).stdout.split()
    assert compiled == "True" and Path(where).is_relative_to(checkout / "build" / "engine")
    assert engine_in(checkout, "python").stdout.split()[0] == "False"
    rule = checkout / "covil_nb/model/combat.py"
    rule.write_text(rule.read_text() + "\n# an edit\n")
    assert engine_in(checkout).stdout.split()[0] == "False"  # the edit runs, as Python


@needs_build
def test_an_incomplete_build_is_not_used(tmp_path: Path) -> None:
    checkout = copy_of_the_package(tmp_path, with_build=True)
    (checkout / "build/engine/covil_nb/model" / f"combat{native.SUFFIX}").unlink()
    assert engine_in(checkout).stdout.split()[0] == "False"
    refused = engine_in(checkout, "compiled")
    assert "build/engine is missing, incomplete or older than the source" in refused.stderr


@needs_build
def test_a_compiled_wheel_copies_a_current_build_and_no_other(tmp_path: Path) -> None:
    """The wheel's build hook reuses the clone's build only while it is of
    exactly this source (tools/compile_engine.py's copy_current)."""
    checkout = copy_of_the_package(tmp_path / "clone", with_build=True)
    spec = importlib.util.spec_from_file_location("compiler", checkout / "tools/compile_engine.py")
    assert spec is not None and spec.loader is not None
    compiler = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(compiler)
    built = compiler.load_native()
    assert compiler.copy_current(built, tmp_path / "copy")
    assert (tmp_path / "copy/STAMP").read_text() == built.STAMP.read_text()
    rule = checkout / "covil_nb/model/combat.py"
    rule.write_text(rule.read_text() + "\n# an edit\n")
    assert not compiler.copy_current(built, tmp_path / "again")
    assert not (tmp_path / "again").exists()

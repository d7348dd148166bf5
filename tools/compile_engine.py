"""Compile the rules engine (covil_nb/model) with mypyc into build/engine/.

    .venv/bin/python tools/compile_engine.py               # when the source changed
    .venv/bin/python tools/compile_engine.py --force       # anyway
    .venv/bin/python tools/compile_engine.py --background  # in a process of its own

``./dev setup`` and ``./dev test`` run it and wait; ``./dev lab`` runs it in
the background (its output in build/compile.log), so that JupyterLab opens at
once while the engine compiles. It does nothing while build/engine matches
the source; otherwise it builds afresh beside the old build (one build at a
time, under a lock: a second run waits for the first, then finds its build
current) and swaps the new one in whole, so a failed or interrupted build
never leaves half an engine (and the package checks that a build is whole
before using it). The package uses the build only while it matches the
source (``covil_nb/model/native.py``), and chooses once per process: a
kernel restarted after the build runs it. It needs a C compiler; without
one, the package runs its Python source, less than half as fast.
"""

from __future__ import annotations

import argparse
import fcntl
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]

# What setuptools runs: mypyc writes the C code, setuptools compiles it.
BUILD_SCRIPT = """
import sys
from setuptools import setup
from mypyc.build import mypycify

out, temp, *paths = sys.argv[1:]
setup(
    name="covil_engine",
    ext_modules=mypycify(paths, group_name="covil_engine", target_dir=temp),
    script_args=["build_ext", "--build-lib", out, "--build-temp", temp],
)
"""


def load_native() -> ModuleType:
    """covil_nb/model/native.py alone: importing the package would import
    the engine this script is about to replace."""
    spec = importlib.util.spec_from_file_location("covil_native", ROOT / "covil_nb/model/native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build(native: ModuleType, force: bool) -> bool:
    """Build the engine unless current (or ``force``); return whether it built."""
    native.BUILD.parent.mkdir(parents=True, exist_ok=True)
    with native.LOCK.open("w") as lock:
        # One build at a time (./dev lab's in the background and ./dev test's
        # may overlap); the second finds the first one's build current.
        if native.building():
            print(f"waiting for the build under way (its output: {native.LOG})...", flush=True)
        fcntl.flock(lock, fcntl.LOCK_EX)
        if native.current() and not force:
            return False
        stamp = native.fingerprint()  # of the source as it was when the build began
        new = Path(tempfile.mkdtemp(prefix="engine.new-", dir=native.BUILD.parent))
        try:
            compile_into(native, new, stamp)
            swap_in(new, native.BUILD)
        finally:
            shutil.rmtree(new, ignore_errors=True)  # left only by a failed build
    return True


def swap_in(new: Path, build: Path) -> None:
    """Put the finished build ``new`` in the place of ``build``, whole: a
    process that looks finds the old build, the new one or (between the two
    renames) none, and then runs the source; never a mix of the two."""
    old = build.with_name(f"{build.name}.old-{os.getpid()}")
    if build.exists():
        build.rename(old)
    new.rename(build)
    shutil.rmtree(old, ignore_errors=True)


def detach(command: list[str], log: Path) -> subprocess.Popen[bytes]:
    """Start ``command`` and return at once (its process, which nobody need
    wait for), its output going to ``log``. It runs in a session of its own,
    so that it outlives the shell that started it (exec'ed into JupyterLab,
    stopped with Ctrl-C, or its terminal closed), and at a lower priority, so
    that JupyterLab and the kernels come first on a small machine."""
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("w") as out:
        return subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=lambda: os.nice(10),  # safe: this process runs no threads
        )


def compile_into(native: ModuleType, out: Path, stamp: str) -> None:
    """A whole build in ``out`` (an empty folder): the compiled modules, and
    the ``stamp`` of the source they were compiled from, written last. The
    wheel's build hook (hatch_build.py) calls it too."""
    _compile(native, out)
    (out / "STAMP").write_text(stamp)


def copy_current(native: ModuleType, out: Path) -> bool:
    """Copy the clone's own build into ``out`` (which must not exist) when it
    is current (built from exactly this source, for this Python); return
    whether it was. The wheel's build hook asks first: in a clone that
    ``./dev setup`` has built, a compiled wheel then takes seconds, not the
    minutes of a second compile of the same source."""
    if not native.IN_CLONE or not native.LOCK.parent.is_dir():
        return False  # an sdist: nothing built to reuse
    with native.LOCK.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_SH)  # no build swaps in while it is copied
        if not native.current():
            return False
        shutil.copytree(native.BUILD, out)
    return True


def _compile(native: ModuleType, out: Path) -> None:
    paths = [str(p.relative_to(ROOT)) for p in native.compiled_modules()]
    with tempfile.TemporaryDirectory(prefix="covil-engine-") as temp:
        # Run from a directory holding only the package, so that mypy reads
        # the modules as covil_nb.model.* and setuptools does not take the
        # project's own pyproject.toml for its configuration.
        script = Path(temp) / "build_engine.py"
        script.write_text(BUILD_SCRIPT)
        # Quiet (a compiler line per module) unless it fails: then the end
        # of what it said is the reason.
        done = subprocess.run(
            [sys.executable, str(script), str(out), str(Path(temp) / "c"), *paths],
            cwd=_bare_root(Path(temp)),
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            said = (done.stdout + done.stderr).strip().splitlines()
            print("\n".join(said[-20:]), file=sys.stderr)
            done.check_returncode()


def _bare_root(temp: Path) -> Path:
    """A directory holding only a link to the package, to run the build in."""
    bare = temp / "root"
    bare.mkdir()
    (bare / "covil_nb").symlink_to(ROOT / "covil_nb")
    return bare


def in_background(native: ModuleType) -> None:
    """Build in a process of its own unless the build is current; say so,
    and how a notebook gets the compiled engine then."""
    if native.current():
        return
    if not native.building():
        detach([sys.executable, __file__], native.LOG)
    print(
        f"The engine is compiling in the background (a minute or two; its output: {native.LOG})."
        "\nMeanwhile the tutorials run on the Python engine, about half as fast; once it is"
        "\nbuilt, restart the kernel (Kernel ▸ Restart Kernel) to run the compiled engine."
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even when current")
    parser.add_argument(
        "--background", action="store_true", help="build in a process of its own; do not wait"
    )
    options = parser.parse_args()
    native = load_native()
    if options.background:
        in_background(native)
        return 0
    force = options.force
    if native.current() and not force:
        print("compiled engine: current (build/engine)")
        return 0
    print("compiling the engine with mypyc (a minute or two)...", flush=True)
    start = time.monotonic()
    try:
        built = build(native, force)
    except subprocess.CalledProcessError as failure:
        why = f"mypyc or the C compiler failed, exit status {failure.returncode}: see above"
        print(f"compiled engine: not built ({why}); the package runs its Python source")
        return 1
    except OSError as failure:
        print(f"compiled engine: not built ({failure}); the package runs its Python source")
        return 1
    done = (
        f"built in {time.monotonic() - start:.0f} s" if built else "built meanwhile by another run"
    )
    print(f"compiled engine: {done} (build/engine)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The rules engine compiled with mypyc, used only while it matches the source.

The rules are plain, typed Python. ``./dev setup`` also compiles them with
mypyc (``tools/compile_engine.py``) into ``build/engine/``, where they run
faster (``docs/engine.md``). The package imports those compiled
modules instead of its source, but only while they were built from exactly
the source there is now: after an edit to any module here the package runs
the source until the next build, so an edit never silently fails to run.
A process chooses once, when the package is imported, and imports every
compiled module then: a build swapped in later changes nothing in it (while
``./dev lab`` builds in the background, the package says so, and that a
kernel restart takes the build once it is there).

An installed package finds its build inside itself, in ``covil_nb/_engine``,
where a compiled wheel puts it (``COVIL_COMPILE=1``: ``hatch_build.py``); a
pure wheel has none, and runs the source.

``COVIL_ENGINE=python`` runs the source regardless; ``COVIL_ENGINE=compiled``
refuses to run without a current build (CI sets it, so that the tests check
the engine people run). This module and the package's ``__init__`` are never
compiled: they choose.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import sysconfig
from collections.abc import Iterable
from pathlib import Path
from typing import Final

SOURCE = Path(__file__).resolve().parent
# The maps and cards sit beside the source; a compiled module's __file__ is
# in the build, so the modules find their data through this name.
DATA = SOURCE / "data"
# A clone builds into build/engine at its root; a compiled wheel carries its
# build inside the package (hatch_build.py puts it there), where the
# installed package looks (a pure wheel has none there).
IN_CLONE = (SOURCE.parents[1] / "tools" / "compile_engine.py").is_file()
CLONE_BUILD = SOURCE.parents[1] / "build" / "engine"
BUILD = CLONE_BUILD if IN_CLONE else SOURCE.parent / "_engine"
STAMP = BUILD / "STAMP"
# Held by tools/compile_engine.py while it builds; ./dev lab's build in the
# background writes what it says to the log.
LOCK = CLONE_BUILD.with_name("engine.lock")
LOG = CLONE_BUILD.with_name("compile.log")
# How to get a build: a clone compiles its own; an installed package comes
# compiled or not, as its wheel was built.
REMEDY = (
    "run .venv/bin/python tools/compile_engine.py"
    if IN_CLONE
    else "install a compiled wheel of covil_nb (built with COVIL_COMPILE=1: docs/engine.md)"
)
# The compiled modules share one library, imported by this name before them.
LIBRARY = "covil_engine__mypyc"
# What an extension module's file name ends with for this Python (its
# version, ABI and platform): a build for another Python does not load here.
SUFFIX: str = sysconfig.get_config_var("EXT_SUFFIX")
# Never compiled: the package's __init__ and this module choose; playthrough
# runs as a script (-m); and the surfaces people call with anything at all
# (Game and its Position, Scenario, the saves a game reads) check it and
# refuse with a CovilError naming the rule, where a compiled function would
# stop a wrong type with a bare TypeError, with what checks it (arguments).
# (The deal is compiled: Deal.of takes what it checks by hand as Any.) The errors: a
# compiled class cannot be both a ValueError and a TypeError, as
# CovilTypeError is.
UNCOMPILED = frozenset(
    {
        "__init__.py",
        "native.py",
        "playthrough.py",
        "game.py",
        "position.py",
        "saves.py",
        "scenario.py",
        "arguments.py",
        "errors.py",
        # A game's history replays its steps through flow.play, read by name
        # (a test replaces it to stop the rules halfway, which a compiled
        # caller would not see), and builds the games of its moments.
        "history.py",
        # Texts are copied and pickled with the log, and subclassed: plain
        # Python classes (compiled ones are neither, and compare otherwise).
        "language.py",
    }
)


# What a learner reads in a notebook opened while ./dev lab compiles the engine.
BUILDING = (
    "covil_nb: the rules run as Python, about half as fast, while the compiled engine is"
    f" being built ({LOG.parent.name}/{LOG.name}); once it is built, restart the kernel"
    " (Kernel ▸ Restart Kernel) to use it."
)


class EngineNotBuilt(ImportError):
    """COVIL_ENGINE=compiled, and there is no compiled engine for this source."""


# Compiled with the engine, from outside it: the bots' evaluation, which a
# search runs on every position it scores (a third of its time as Python),
# and their planning, the look-through and rule of thumb that reach those
# positions (a sixth of the rest), and the learned evaluation, by which a
# search may score its playouts. They import the model; the model never imports
# them. Paths in the package.
ALSO_COMPILED: Final = ("bots/evaluation.py", "bots/planning.py", "bots/outlook.py")
PACKAGE = SOURCE.parent


def compiled_modules() -> list[Path]:
    """The source files mypyc compiles: every module here but those above,
    and those named in ``ALSO_COMPILED``."""
    here = sorted(p for p in SOURCE.glob("*.py") if p.name not in UNCOMPILED)
    return here + [PACKAGE / name for name in ALSO_COMPILED]


def fingerprinted() -> dict[str, Path]:
    """The source files a build's fingerprint covers, by their path in the
    package ("model/state.py"): every module of the model, compiled or
    not, and those compiled from outside it."""
    sources = [*SOURCE.glob("*.py"), *(PACKAGE / name for name in ALSO_COMPILED)]
    return {path.relative_to(PACKAGE).as_posix(): path for path in sources}


def fingerprint() -> str:
    """What a build is valid for: this Python and every source file it covers."""
    return fingerprint_of((name, path.read_bytes()) for name, path in fingerprinted().items())


def fingerprint_of(sources: Iterable[tuple[str, bytes]]) -> str:
    """The fingerprint of these source files (path in the package, content),
    for this Python: the wheel's build hook checks a wheel's own files with it."""
    digest = hashlib.sha256(SUFFIX.encode())
    for name, content in sorted(sources):
        digest.update(name.encode() + b"\0" + content + b"\0")
    return digest.hexdigest()


def in_build(module: Path) -> Path:
    """Where a build holds the compiled ``module`` (a source file), from its root."""
    return PACKAGE.name / module.relative_to(PACKAGE).with_name(f"{module.stem}{SUFFIX}")


def current() -> bool:
    """Whether ``BUILD`` holds a whole build of exactly today's source."""
    try:
        if STAMP.read_text() != fingerprint():
            return False
    except OSError:
        return False
    wanted = [BUILD / f"{LIBRARY}{SUFFIX}"] + [BUILD / in_build(p) for p in compiled_modules()]
    return all(path.is_file() for path in wanted)


def building() -> bool:
    """Whether ``tools/compile_engine.py`` is building the engine now: it holds
    the lock (a look that takes no lock and creates no file)."""
    try:
        import fcntl  # not on Windows, where ./dev builds nothing
    except ImportError:
        return False
    try:
        lock = os.open(LOCK, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(lock, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(lock)  # which lets go of the lock taken, if any
    return False


def use_compiled(package_path: list[str]) -> bool:
    """Make the package import its compiled modules, if the build is current
    and not refused by COVIL_ENGINE; return whether it does. Called by the
    package's ``__init__`` before it imports any of them."""
    wanted = os.environ.get("COVIL_ENGINE", "")
    if wanted not in ("", "python", "compiled"):
        raise ValueError(f"COVIL_ENGINE={wanted!r}: write 'python', 'compiled' or leave it unset")
    if wanted == "python":
        return False
    if not current():
        if wanted == "" and building():
            print(BUILDING, file=sys.stderr)
        where = BUILD.relative_to(SOURCE.parents[1])
        return _refused(wanted, f"{where} is missing, incomplete or older than the source")
    spec = importlib.util.spec_from_file_location(LIBRARY, BUILD / f"{LIBRARY}{SUFFIX}")
    assert spec is not None and spec.loader is not None
    library = importlib.util.module_from_spec(spec)
    sys.modules[LIBRARY] = library
    try:
        spec.loader.exec_module(library)
    except ImportError as failure:
        del sys.modules[LIBRARY]
        return _refused(wanted, f"its library does not load ({failure})")
    package_path.insert(0, str(BUILD / PACKAGE.name / SOURCE.name))
    return True


def use_compiled_too(package: str, package_path: list[str]) -> None:
    """Make ``package`` (of covil_nb, "bots") import the modules of it the
    build holds (``ALSO_COMPILED``). Called by its ``__init__``, once the
    model has chosen to run compiled (the build is the same one)."""
    package_path.insert(0, str(BUILD / PACKAGE.name / package))


def _refused(wanted: str, why: str) -> bool:
    """No compiled engine, for ``why``: the source runs, unless only the
    compiled engine was asked for."""
    if wanted == "compiled":
        raise EngineNotBuilt(f"COVIL_ENGINE=compiled, but {why}: {REMEDY}")
    return False

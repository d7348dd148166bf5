"""The rules engine compiled with mypyc, used only while it matches the source.

The rules are plain, typed Python. ``./dev setup`` also compiles them with
mypyc (``tools/compile_engine.py``) into ``build/engine/``, where they run
about twice as fast (``docs/engine.md``). The package imports those compiled
modules instead of its source, but only while they were built from exactly
the source there is now: after an edit to any module here the package runs
the source until the next build, so an edit never silently fails to run.

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
from pathlib import Path

SOURCE = Path(__file__).resolve().parent
# The maps and cards sit beside the source; a compiled module's __file__ is
# in the build, so the modules find their data through this name.
DATA = SOURCE / "data"
BUILD = SOURCE.parents[1] / "build" / "engine"
STAMP = BUILD / "STAMP"
# The compiled modules share one library, imported by this name before them.
LIBRARY = "covil_engine__mypyc"
# Never compiled: the package's __init__ and this module choose; playthrough
# runs as a script (-m); and the surfaces people call with anything at all
# (Game, its deal, Scenario) check it and refuse with a CovilError naming the
# rule, where a compiled function would stop a wrong type with a bare TypeError.
UNCOMPILED = frozenset(
    {"__init__.py", "native.py", "playthrough.py", "game.py", "setup.py", "scenario.py"}
)


class EngineNotBuilt(ImportError):
    """COVIL_ENGINE=compiled, and there is no compiled engine for this source."""


def compiled_modules() -> list[Path]:
    """The source files mypyc compiles: every module here but those above."""
    return sorted(p for p in SOURCE.glob("*.py") if p.name not in UNCOMPILED)


def fingerprint() -> str:
    """What a build is valid for: this Python and every source file here."""
    digest = hashlib.sha256(sys.implementation.cache_tag.encode())
    for path in sorted(SOURCE.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def current() -> bool:
    """Whether ``build/engine`` holds a build of exactly today's source."""
    try:
        return STAMP.read_text() == fingerprint()
    except OSError:
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
        if wanted == "compiled":
            raise EngineNotBuilt(
                "COVIL_ENGINE=compiled, but build/engine is missing or older than the "
                "source: run .venv/bin/python tools/compile_engine.py"
            )
        return False
    (library,) = BUILD.glob(f"{LIBRARY}.*")
    spec = importlib.util.spec_from_file_location(LIBRARY, library)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[LIBRARY] = module
    spec.loader.exec_module(module)
    package_path.insert(0, str(BUILD / "covil_nb" / "model"))
    return True

"""The tutorials' data modules (tutorials/data: the positions, the
tournaments), read from their files, for the tests that start from them."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

DATA = Path(__file__).resolve().parents[1] / "tutorials" / "data"


def load(name: str) -> ModuleType:
    """``tutorials/data/<name>.py`` as a module of its own (no path added)."""
    spec = importlib.util.spec_from_file_location(name, DATA / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

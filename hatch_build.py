"""What the wheel carries beyond the package's source (hatchling's build hook).

- The tutorials and their data, as ``covil_nb/tutorials``, which
  ``python -m covil_nb tutorials`` copies into a learner's folder. The
  notebooks go without their stored outputs: the committed ones keep them
  for nbval and for reading online, but their pictures weigh ten times the
  whole package, and a learner runs the cells anyway.
- With ``COVIL_COMPILE=1`` (off by default, as mypy's ``MYPY_USE_MYPYC``
  is), the rules engine compiled with mypyc by ``tools/compile_engine.py``,
  as ``covil_nb/_engine`` with its stamp, where the installed package finds
  it (``covil_nb/model/native.py``); the wheel is then for this Python and
  platform only.

Everything is written in a temporary folder: the source tree is left as it was.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

COMPILE = "COVIL_COMPILE"
# What compiling needs in the build's environment beside the package's own
# dependencies (mypy type-checks every module the engine's modules reach): the
# dev extra's mypyc and type stubs.
COMPILERS = ["mypy[mypyc]>=1.18", "setuptools", "types-networkx", "pandas-stubs", "types-tqdm"]


def compiling() -> bool:
    wanted = os.environ.get(COMPILE, "")
    if wanted not in ("", "0", "1"):
        raise ValueError(f"{COMPILE}={wanted!r}: write 1 to compile the engine, or 0 not to")
    return wanted == "1"


def without_outputs(notebook: Path, into: Path) -> None:
    """``notebook`` with its outputs, execution counts and widget states cleared."""
    content = json.loads(notebook.read_text(encoding="utf-8"))
    for cell in content["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    content["metadata"].pop("widgets", None)
    into.write_text(json.dumps(content, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def load(path: Path, name: str) -> ModuleType:
    """A module of the project's by its path: the package itself is not
    importable in the build's environment (its dependencies are not there)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class CustomBuildHook(BuildHookInterface):
    def dependencies(self) -> list[str]:
        if not compiling() or self.target_name != "wheel":
            return []
        return [*self.metadata.core.dependencies, *COMPILERS]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        # An editable install runs from the clone, which has both already.
        if self.target_name != "wheel" or version == "editable":
            return
        self.temp = Path(tempfile.mkdtemp(prefix="covil-wheel-"))
        root = Path(self.root)
        build_data["force_include"][str(self.tutorials(root))] = "covil_nb/tutorials"
        if compiling():
            build_data["force_include"][str(self.engine(root))] = "covil_nb/_engine"
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if hasattr(self, "temp"):
            shutil.rmtree(self.temp, ignore_errors=True)

    def tutorials(self, root: Path) -> Path:
        course = load(root / "covil_nb" / "course.py", "covil_course")
        into = self.temp / "tutorials"
        for name in course.files(root / "tutorials"):
            source, copy = root / "tutorials" / name, into / name
            copy.parent.mkdir(parents=True, exist_ok=True)
            if source.suffix == ".ipynb":
                without_outputs(source, copy)
            else:
                shutil.copyfile(source, copy)
        return into

    def engine(self, root: Path) -> Path:
        compiler = load(root / "tools" / "compile_engine.py", "covil_compile_engine")
        native = compiler.load_native()
        out = self.temp / "engine"
        out.mkdir()
        compiler.compile_into(native, out, native.fingerprint())
        return out

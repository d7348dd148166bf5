"""What the wheel carries beyond the package's source (hatchling's build hook).

- The tutorials and their data, as ``covil_nb/tutorials``, which
  ``python -m covil_nb tutorials`` copies into a learner's folder: the
  committed files (``git ls-files``, in a clone; the sdist holds only those).
  The notebooks go without their stored outputs: the committed ones keep
  them for nbval and for reading online, but their pictures would weigh
  more than the rest of the wheel, and a learner runs the cells anyway.
- With ``COVIL_COMPILE=1`` (off by default, as mypy's ``MYPY_USE_MYPYC``
  is), the rules engine compiled with mypyc by ``tools/compile_engine.py``
  (or the clone's own build of it, copied when it is current),
  as ``covil_nb/_engine`` with its stamp, where the installed package finds
  it (``covil_nb/model/native.py``); the wheel is then for this Python and
  platform only, and the hook checks that the stamp matches the sources the
  wheel carries.

Everything is written in a temporary folder: the source tree is left as it was.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

COMPILE = "COVIL_COMPILE"
ENGINE = "covil_nb/_engine"
PACKAGE = "covil_nb/"


def compiling() -> bool:
    wanted = os.environ.get(COMPILE, "")
    if wanted not in ("", "0", "1"):
        raise ValueError(f"{COMPILE}={wanted!r}: write 1 to compile the engine, or 0 not to")
    if wanted == "1" and os.name != "posix":
        raise ValueError(f"{COMPILE}=1: the engine compiles on Linux and macOS only")
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


def committed(root: Path, folder: str) -> list[str] | None:
    """The files git tracks under ``folder`` (relative to it), or None
    outside a clone (an sdist holds the committed files alone)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--", folder],
            cwd=root,
            capture_output=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    prefix = f"{folder}/"
    return [n.removeprefix(prefix) for n in listed.stdout.decode().split("\0") if n]


class CustomBuildHook(BuildHookInterface):
    def dependencies(self) -> list[str]:
        """Compiling needs the package's dependencies and the ``compile``
        extra (mypy type-checks every module the engine's modules reach)."""
        if not compiling() or self.target_name != "wheel":
            return []
        core = self.metadata.core
        return [*core.dependencies, *core.optional_dependencies["compile"]]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        # An editable install runs from the clone, which has both already.
        if self.target_name != "wheel" or version == "editable":
            return
        self.temp = Path(tempfile.mkdtemp(prefix="covil-wheel-"))
        try:
            root = Path(self.root)
            build_data["force_include"][str(self.tutorials(root))] = "covil_nb/tutorials"
            if compiling():
                build_data["force_include"][str(self.engine(root))] = ENGINE
                build_data["pure_python"] = False
                build_data["infer_tag"] = True
        except BaseException:
            shutil.rmtree(self.temp, ignore_errors=True)
            raise

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if not hasattr(self, "temp"):
            return
        shutil.rmtree(self.temp, ignore_errors=True)
        if not build_data["pure_python"]:
            self.check_stamp(Path(artifact_path))

    def tutorials(self, root: Path) -> Path:
        course = load(root / "covil_nb" / "course.py", "covil_course")
        source = root / "tutorials"
        tracked = committed(root, "tutorials")
        names = list(course.files(source)) if tracked is None else tracked
        if not names:
            raise RuntimeError(f"no tutorials in {source}: the wheel would carry none")
        into = self.temp / "tutorials"
        for name in names:
            original, copy = source / name, into / name
            copy.parent.mkdir(parents=True, exist_ok=True)
            if original.suffix == ".ipynb":
                without_outputs(original, copy)
            else:
                shutil.copyfile(original, copy)
        return into

    def engine(self, root: Path) -> Path:
        compiler = load(root / "tools" / "compile_engine.py", "covil_compile_engine")
        self.native = compiler.load_native()
        out = self.temp / "engine"
        if not compiler.copy_current(self.native, out):
            out.mkdir()
            compiler.compile_into(self.native, out, self.native.fingerprint())
        return out

    def check_stamp(self, wheel: Path) -> None:
        """The compiled engine's stamp is the fingerprint of the sources the
        wheel carries, the model's and those compiled with it (else the
        installed package would run them as Python, in a wheel tagged for
        one platform)."""
        with zipfile.ZipFile(wheel) as archive:
            stamp = archive.read(f"{ENGINE}/STAMP").decode()
            covered = self.native.fingerprinted()
            sources = [
                (name, archive.read(PACKAGE + name))
                for name in (n.removeprefix(PACKAGE) for n in archive.namelist())
                if name in covered
            ]
        if self.native.fingerprint_of(sources) != stamp:
            wheel.unlink()
            raise RuntimeError(
                f"{wheel.name}: its compiled engine was built from other sources than the"
                " wheel carries (a file changed during the build?): build it again"
            )

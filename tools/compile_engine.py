"""Compile the rules engine (covil_nb/model) with mypyc into build/engine/.

    .venv/bin/python tools/compile_engine.py          # when the source changed
    .venv/bin/python tools/compile_engine.py --force  # anyway

``./dev setup`` runs it. It does nothing while build/engine matches the
source; otherwise it builds afresh beside the old build and swaps the new one
in whole, so a failed or interrupted build never leaves half an engine. The
package uses the build only while it matches the source
(``covil_nb/model/native.py``). It needs a C compiler; without one, the
package runs its Python source, about half as fast.
"""

from __future__ import annotations

import argparse
import importlib.util
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


def build(native: ModuleType) -> None:
    stamp = native.fingerprint()  # of the source as it was when the build began
    paths = [str(p.relative_to(ROOT)) for p in native.compiled_modules()]
    new = native.BUILD.with_name("engine.new")
    shutil.rmtree(new, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="covil-engine-") as temp:
        # Run from ROOT so that mypy reads the modules as covil_nb.model.*,
        # but with a setup.cfg-free, pyproject-free view: setuptools would
        # otherwise read the project's own pyproject.toml as its config.
        script = Path(temp) / "build_engine.py"
        script.write_text(BUILD_SCRIPT)
        subprocess.run(
            [sys.executable, str(script), str(new), str(Path(temp) / "c"), *paths],
            cwd=_bare_root(Path(temp)),
            check=True,
        )
    (new / "STAMP").write_text(stamp)
    shutil.rmtree(native.BUILD, ignore_errors=True)
    new.rename(native.BUILD)


def _bare_root(temp: Path) -> Path:
    """A directory holding only a link to the package, to run the build in."""
    bare = temp / "root"
    bare.mkdir()
    (bare / "covil_nb").symlink_to(ROOT / "covil_nb")
    return bare


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even when current")
    force = parser.parse_args().force
    native = load_native()
    if native.current() and not force:
        print("compiled engine: current (build/engine)")
        return 0
    print("compiling the engine with mypyc (a minute or two)...", flush=True)
    start = time.monotonic()
    try:
        build(native)
    except (subprocess.CalledProcessError, OSError) as failure:
        print(f"compiled engine: not built ({failure}); the package runs its Python source")
        return 1
    print(f"compiled engine: built in {time.monotonic() - start:.0f} s (build/engine)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

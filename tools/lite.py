"""Build the JupyterLite site: the tutorials in a browser, with nothing to install.

Run it with the project's Python (``./dev lite`` does)::

    .venv/bin/python tools/lite.py            # build build/lite/, or say it is current
    .venv/bin/python tools/lite.py --force    # build again all the same
    python -m http.server -d build/lite 8000  # then open http://127.0.0.1:8000/

The site is static: any web server serves it, and it asks no other host for
anything at run time. Its Python is Pyodide, in the browser; the build takes
everything from the package registries (PyPI and npm) alone. Each step, and why:

1. ``build/lite-venv``: the build's own environment, from the lines of
   ``tools/lite-requirements.txt`` for this machine (jupyterlite-core for
   ``jupyter lite build``, the Pyodide kernel, jupyter_server, without which
   the build adds no contents, and the widgets' front ends, without which the
   board does not show). Its own, because the Pyodide kernel's JupyterLab
   extension does not belong in the project's JupyterLab.
2. Pyodide's runtime from npm (``npm pack pyodide@VERSION``, the version the
   kernel pins): the npm package has the runtime and none of the packages, and
   the kernel otherwise loads it all from a CDN.
3. covil_nb's own pure wheel (``uv build --wheel``).
4. The browser's pure wheels, pinned in ``tools/lite-requirements.txt`` under
   ``sys_platform == "emscripten"``, from PyPI (``pip download --platform any
   --abi none``), and the kernel's own wheels (piplite, pyodide-kernel and its
   stand-ins for ipykernel and widgetsnbextension), from its extension.
5. ``static/pyodide/pyodide-lock.json`` lists those wheels alone, with their
   own sha256 (Pyodide's lock has other builds of some of them) and their
   ``depends`` read from their metadata under Pyodide's markers; Pyodide loads
   nothing else. pandas and tqdm are not there: no wheel of pandas for
   Pyodide is on PyPI, and only tournaments use them (covil_nb's
   ``tournaments`` extra).
6. ``jupyter-lite.json`` preloads every one of them when a kernel starts and
   turns PyPI off, so that the committed notebooks run unchanged.
7. ``jupyter lite build`` with the tutorials as contents.

Downloads are cached in ``build/lite-cache/``, so a rebuild downloads nothing
again; and the site is left alone while nothing it is built from
has changed (``build/lite/.covil-lite``).
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename
from packaging.version import Version

from covil_nb import course

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
SITE = BUILD / "lite"
CACHE = BUILD / "lite-cache"
VENV = BUILD / "lite-venv"
REQUIREMENTS = ROOT / "tools" / "lite-requirements.txt"
TUTORIALS = ROOT / "tutorials"
# What the site is built from: a change to any of these builds it again.
INPUTS = [
    ROOT / "covil_nb",
    ROOT / "covil_nb_server.py",
    ROOT / "hatch_build.py",
    ROOT / "pyproject.toml",
    TUTORIALS,
    REQUIREMENTS,
    Path(__file__).resolve(),
]
SKIPPED = {"__pycache__", ".ipynb_checkpoints", ".mypy_cache", ".pytest_cache"}
STAMP = SITE / ".covil-lite"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
KERNEL_WHEELS = "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
# Of the npm package, the runtime; its lock is rewritten (step 5).
RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]


def run(command: list[str | Path], **options: Any) -> None:
    """Run a command, echoed; stop with its exit status if it fails."""
    print("  $", " ".join(str(part) for part in command), flush=True)
    done = subprocess.run([str(part) for part in command], check=False, **options)
    if done.returncode:
        raise SystemExit(f"tools/lite.py: {command[0]} failed (exit {done.returncode})")


def files_under(paths: Iterable[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_file():
            yield path
        elif path.is_dir():
            for found in sorted(path.rglob("*")):
                if found.is_file() and not SKIPPED.intersection(found.parts):
                    yield found


def fingerprint() -> str:
    """A hash of every file the site is built from."""
    digest = hashlib.sha256()
    for path in files_under(INPUTS):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def is_current(wanted: str) -> bool:
    return (SITE / "index.html").exists() and STAMP.exists() and STAMP.read_text() == wanted


def uv() -> Path:
    beside = Path(sys.executable).with_name("uv")
    found = beside if beside.exists() else shutil.which("uv")
    if not found:
        raise SystemExit("tools/lite.py needs uv (./dev setup installs it in .venv)")
    return Path(found)


def build_venv() -> Path:
    """Step 1: the build's environment, installed again when the pins change."""
    python = VENV / "bin" / "python"
    stamp = VENV / ".covil-requirements"
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    if python.exists() and stamp.exists() and stamp.read_text() == wanted:
        return python
    print("The build's environment:", VENV.relative_to(ROOT))
    run([uv(), "venv", "--quiet", "--clear", "--python", sys.executable, VENV])
    run([uv(), "pip", "install", "--quiet", "--python", python, "-r", REQUIREMENTS])
    stamp.write_text(wanted)
    return python


def kernel_pins(python: Path) -> str:
    """The Pyodide version the kernel was made for."""
    code = "from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as v; print(v)"
    said = subprocess.run([python, "-c", code], check=True, capture_output=True, text=True)
    return said.stdout.strip()


def pyodide_runtime(version: str) -> Path:
    """Step 2: Pyodide's npm package, packed once into the cache and unpacked."""
    folder = CACHE / "npm"
    unpacked = folder / f"pyodide-{version}"
    if (unpacked / "pyodide-lock.json").exists():
        return unpacked
    if not shutil.which("npm"):
        raise SystemExit("tools/lite.py needs npm, to fetch Pyodide's runtime from npm's registry")
    folder.mkdir(parents=True, exist_ok=True)
    tarball = folder / f"pyodide-{version}.tgz"
    if not tarball.exists():
        run(["npm", "pack", f"pyodide@{version}", "--silent", "--pack-destination", folder])
    staging = folder / "unpacking"
    shutil.rmtree(staging, ignore_errors=True)
    with tarfile.open(tarball) as archive:
        archive.extractall(staging, filter="data")
    (staging / "package").rename(unpacked)
    staging.rmdir()
    return unpacked


def pyodide_environment(python: str) -> dict[str, str]:
    """The environment markers of Pyodide's Python (``python``: "3.14.2")."""
    return {
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "os_name": "posix",
        "platform_machine": "wasm32",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "python_version": ".".join(python.split(".")[:2]),
        "python_full_version": python,
        "implementation_version": python,
        "platform_release": "",
        "platform_version": "",
        "extra": "",
    }


def pins_for(environment: dict[str, str]) -> list[Requirement]:
    """The lines of the requirements file for ``environment``, each pinned exactly."""
    pins = []
    for line in REQUIREMENTS.read_text().splitlines():
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        pin = Requirement(text)
        if pin.marker is not None and not pin.marker.evaluate(environment):
            continue
        if [spec.operator for spec in pin.specifier] != ["=="]:
            raise SystemExit(f"{REQUIREMENTS.name}: pin {pin.name} with == only ({text})")
        pins.append(pin)
    return pins


def pinned_version(pin: Requirement) -> Version:
    return Version(next(iter(pin.specifier)).version)


def cached_wheel(folder: Path, pin: Requirement) -> Path | None:
    for wheel in folder.glob("*.whl"):
        name, version, _, _ = parse_wheel_filename(wheel.name)
        if name == canonicalize_name(pin.name) and version == pinned_version(pin):
            return wheel
    return None


def browser_wheels(pins: list[Requirement], python: str) -> list[Path]:
    """Step 4: the pinned pure wheels for Pyodide's Python, downloaded once."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    missing = [
        f"{pin.name}=={pinned_version(pin)}" for pin in pins if not cached_wheel(folder, pin)
    ]
    if missing:
        pure = ["--only-binary=:all:", "--platform", "any", "--abi", "none"]
        version = ".".join(python.split(".")[:2])
        pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", *pure]
        run([*pip, "--python-version", version, "--dest", folder, *missing])
    wheels = [cached_wheel(folder, pin) for pin in pins]
    lost = [str(pin) for pin, wheel in zip(pins, wheels, strict=True) if wheel is None]
    if lost:
        raise SystemExit(f"no pure wheel downloaded for: {', '.join(lost)}")
    return [wheel for wheel in wheels if wheel is not None]


def project_wheel() -> Path:
    """Step 3: covil_nb's pure wheel, built from the working tree (never with
    the compiled engine, which is for this machine's Python: COVIL_COMPILE=0)."""
    folder = CACHE / "covil_nb"
    shutil.rmtree(folder, ignore_errors=True)
    pure = {**os.environ, "COVIL_COMPILE": "0"}
    run([uv(), "build", "--wheel", "--quiet", "--out-dir", folder, ROOT], env=pure)
    (wheel,) = folder.glob("*.whl")
    if not wheel.name.endswith("-py3-none-any.whl"):
        raise SystemExit(f"{wheel.name} is not a pure wheel: Pyodide cannot load it")
    print(f"  {wheel.name}: {wheel.stat().st_size / 1e6:.2f} MB")
    return wheel


def kernel_wheels(venv_python: Path) -> list[Path]:
    """The kernel's own wheels, the newest of each name (it ships two stand-ins
    for widgetsnbextension, for ipywidgets 7 and 8)."""
    newest: dict[str, tuple[Version, Path]] = {}
    for wheel in (venv_python.parents[1] / KERNEL_WHEELS).glob("*.whl"):
        name, version, _, _ = parse_wheel_filename(wheel.name)
        if name not in newest or version > newest[name][0]:
            newest[name] = (version, wheel)
    return [wheel for _, wheel in newest.values()]


@dataclass
class Wheel:
    path: Path
    name: str
    version: Version
    requires: list[Requirement]
    imports: list[str]

    @classmethod
    def read(cls, path: Path) -> Wheel:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA")]
            fields = email.parser.Parser().parsestr(archive.read(metadata).decode())
        requires = [Requirement(text) for text in fields.get_all("Requires-Dist") or []]
        name = canonicalize_name(fields["Name"])
        return cls(path, name, Version(fields["Version"]), requires, top_level(names))


def top_level(names: list[str]) -> list[str]:
    """The importable top-level names of a wheel's files."""
    found = set()
    for name in names:
        first, _, rest = name.partition("/")
        if first.endswith((".dist-info", ".data")):
            continue
        module = first if rest else first.removesuffix(".py")
        if (rest or first.endswith(".py")) and module.isidentifier():
            found.add(module)
    return sorted(found)


def depends(wheel: Wheel, bundled: dict[str, Wheel], environment: dict[str, str]) -> list[str]:
    """What ``wheel`` needs in Pyodide, each checked to be bundled in a version
    it accepts (covil_nb's pandas and tqdm are an extra's, which Pyodide's
    markers leave out)."""
    needed = set()
    for requirement in wheel.requires:
        if requirement.marker is not None and not requirement.marker.evaluate(environment):
            continue
        name = canonicalize_name(requirement.name)
        there = bundled.get(name)
        if there is None or not requirement.specifier.contains(there.version, prereleases=True):
            have = f"{there.version}" if there else "nothing"
            raise SystemExit(
                f"{wheel.name} {wheel.version} needs {requirement} in the browser, and the site "
                f"has {have}: pin it in {REQUIREMENTS.relative_to(ROOT)}"
            )
        needed.add(name)
    return sorted(needed)


def lock(wheels: list[Wheel], runtime: dict, environment: dict[str, str]) -> dict:
    """Step 5: Pyodide's lock with the bundled wheels alone."""
    bundled = {wheel.name: wheel for wheel in wheels}
    packages = {
        wheel.name: {
            "name": wheel.name,
            "version": str(wheel.version),
            "file_name": wheel.path.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.path.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": wheel.imports,
            "depends": depends(wheel, bundled, environment),
            "unvendored_tests": False,
        }
        for wheel in wheels
    }
    return {"info": runtime["info"], "packages": dict(sorted(packages.items()))}


def lite_config(packages: list[str]) -> dict:
    """Step 6: the site's settings. ``exposeAppInBrowser`` gives scripts (the
    browser test) the application as ``window.jupyterapp``, as in JupyterLab."""
    kernel = {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": packages}}
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "covil_nb",
            "exposeAppInBrowser": "true",
            "litePluginSettings": {KERNEL_PLUGIN: kernel},
        },
    }


def stage(runtime: Path, wheels: list[Wheel], python: str) -> Path:
    """The lite folder ``jupyter lite build`` reads: its settings, and
    ``static/pyodide/`` with the runtime, the wheels and their lock."""
    source = CACHE / "site-src"
    shutil.rmtree(source, ignore_errors=True)
    static = source / "static" / "pyodide"
    static.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(runtime / name, static / name)
    for wheel in wheels:
        shutil.copy2(wheel.path, static / wheel.path.name)
    runtime_lock = json.loads((runtime / "pyodide-lock.json").read_text())
    written = lock(wheels, runtime_lock, pyodide_environment(python))
    (static / "pyodide-lock.json").write_text(json.dumps(written, indent=1) + "\n")
    config = lite_config(sorted(written["packages"]))
    (source / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
    return source


def contents() -> Path:
    """A copy of the tutorials' files, as the wheel and the learner's copy
    count them (``covil_nb/course.py``: no checkpoints, no caches)."""
    copy = CACHE / "contents"
    shutil.rmtree(copy, ignore_errors=True)
    for name in course.files(TUTORIALS):
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(TUTORIALS / name, copy / name)
    return copy


def lite_build(venv_python: Path, source: Path, files: Path) -> None:
    """Step 7: the site itself, built afresh. Its icon is put at the root too,
    where browsers ask for it (a missing one is an error in the console)."""
    shutil.rmtree(SITE, ignore_errors=True)
    jupyter = venv_python.with_name("jupyter")
    command = [jupyter, "lite", "build", "--lite-dir", source, "--output-dir", SITE]
    # Its warnings are of optional speed-ups (libarchive) and translations.
    quiet = {**os.environ, "PYTHONWARNINGS": "ignore::UserWarning"}
    run(
        [*command, "--contents", files, "--no-sourcemaps"],
        cwd=source,
        env=quiet,
        stdout=subprocess.DEVNULL,
    )
    shutil.copy2(SITE / "lab" / "favicon.ico", SITE / "favicon.ico")


def size(folder: Path) -> float:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file()) / 1e6


def build() -> None:
    venv_python = build_venv()
    runtime = pyodide_runtime(kernel_pins(venv_python))
    python = json.loads((runtime / "pyodide-lock.json").read_text())["info"]["python"]
    print(f"Pyodide {runtime.name.removeprefix('pyodide-')}, Python {python}")
    pins = pins_for(pyodide_environment(python))
    paths = [project_wheel(), *browser_wheels(pins, python), *kernel_wheels(venv_python)]
    wheels = [Wheel.read(path) for path in paths]
    lite_build(venv_python, stage(runtime, wheels, python), contents())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--force", action="store_true", help="build even if the site is current")
    args = parser.parse_args(argv)
    wanted = fingerprint()
    if not args.force and is_current(wanted):
        print(f"{SITE.relative_to(ROOT)} is current: nothing to do")
        return 0
    started = time.monotonic()
    os.environ.setdefault("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    build()
    STAMP.write_text(wanted)
    site = SITE.relative_to(ROOT)
    print(f"Built {site} ({size(SITE):.0f} MB) in {time.monotonic() - started:.0f} s;")
    print(f"serve it with: python -m http.server -d {site} 8000")
    return 0


if __name__ == "__main__":
    sys.exit(main())

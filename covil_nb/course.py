"""The tutorials, copied into a working folder of the learner's and opened in JupyterLab.

    python -m covil_nb tutorials [DIR] [--no-open] [JupyterLab options]
    python -m covil_nb tutorials                      # into covil-tutorials/, and open
    python -m covil_nb tutorials my-tutorials --port 8899 --no-browser
    python -m covil_nb tutorials my-tutorials --no-open    # copy only, open nothing
    python -m covil_nb tutorials my-tutorials --allow-root # as root (a container)

    DIR, if given, comes first; every option but --no-open goes to JupyterLab
    (--no-browser: JupyterLab starts, and prints the address to open).

The installed package carries the tutorials (``covil_nb/tutorials``, put
there when the wheel is built, with their outputs cleared); a clone of the
project has them in ``tutorials/``. The learner edits and runs a copy, never
the package's own: a file the learner does not have is copied, a file the
learner has changed (or that JupyterLab saved with outputs) is never
touched, and a file copied before and left as it was follows the tutorial's
new version. ``.covil-tutorials.json`` in the folder remembers what was copied.

``./dev lab`` runs this file as a script: it uses the standard library
alone and never imports the package, whose rules engine may be compiling.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: Where the tutorials are: in the installed package, else in the clone.
PACKAGED = HERE / "tutorials"
CHECKOUT = HERE.parent / "tutorials"
#: What was copied into a working folder, by file: its SHA-256 then.
MANIFEST = ".covil-tutorials.json"
SKIPPED = {".ipynb_checkpoints", "__pycache__"}
FIRST = "01-setup.ipynb"
DEFAULT_FOLDER = "covil-tutorials"


def tutorials() -> Path:
    """The folder of the tutorials this package carries."""
    return PACKAGED if PACKAGED.is_dir() else CHECKOUT


def files(root: Path) -> Iterator[str]:
    """The tutorials' files, as paths relative to ``root``, in order."""
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if path.is_file() and not SKIPPED & set(relative.parts):
            yield relative.as_posix()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class CourseError(Exception):
    """The tutorials cannot be copied there: what is wrong, in words."""


def copy_tutorials(into: Path, source: Path | None = None) -> dict[str, list[str]]:
    """Bring the working folder ``into`` up to date with the tutorials (see
    the module's docstring); the files by what was done: ``new``,
    ``updated``, and ``kept``: the learner's changed files whose original
    has changed since (the learner's other changes are simply theirs)."""
    source = source or tutorials()
    names = list(files(source)) if source.is_dir() else []
    if not names:
        raise CourseError(f"no tutorials in {source}: this copy of covil_nb lacks them")
    if into.resolve() == source.resolve():
        raise CourseError(f"{into} holds the originals: choose another folder for your copy")
    if into.exists() and not into.is_dir():
        raise CourseError(f"{into} is a file: choose a folder for your copy")
    into.mkdir(parents=True, exist_ok=True)
    copied = read_manifest(into / MANIFEST)
    done: dict[str, list[str]] = {"new": [], "updated": [], "kept": []}
    for name in names:
        original, mine = source / name, into / name
        if mine.is_dir():
            raise CourseError(f"{mine} is a folder where the tutorial's file {name} goes")
        if mine.exists():
            if digest(mine) == digest(original):
                copied[name] = digest(original)
                continue
            if copied.get(name) != digest(mine):  # the learner's change, or not ours
                if copied.get(name) != digest(original):  # and a newer original
                    done["kept"].append(name)
                continue
        mine.parent.mkdir(parents=True, exist_ok=True)
        done["updated" if mine.exists() else "new"].append(name)
        shutil.copyfile(original, mine)
        copied[name] = digest(mine)
    text = json.dumps(copied, indent=1, sort_keys=True) + "\n"
    (into / MANIFEST).write_text(text, encoding="utf-8")
    return done


def read_manifest(path: Path) -> dict[str, str]:
    """What was copied before, by file: its SHA-256 then (none the first time)."""
    if not path.exists():
        return {}
    try:
        copied = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as failure:
        raise CourseError(f"{path} is not what this command wrote ({failure}): delete it") from None
    if not isinstance(copied, dict) or not all(isinstance(v, str) for v in copied.values()):
        raise CourseError(f"{path} is not what this command wrote: delete it")
    return copied


def first_tutorial(folder: Path) -> str:
    """The first tutorial in the learner's language (the locale's), where there is one."""
    # The package's locale reader, loaded by its path: importing the package
    # would import the rules engine (see the module's docstring).
    spec = importlib.util.spec_from_file_location("covil_locales", HERE / "model" / "locales.py")
    assert spec is not None and spec.loader is not None
    locales = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(locales)
    language = locales.from_locale()
    if language != "en" and (folder / language / FIRST).exists():
        return f"{language}/{FIRST}"
    return FIRST


def trust(folder: Path, source: Path) -> None:
    """Mark the copied notebooks trusted, as ``jupyter trust`` does (in
    Jupyter's own store, not in the files): an untrusted notebook shows its
    stored pictures, SVG, as "<Picture of ...>" text until it is run. Only
    copies still equal to the tutorial are ours to vouch for; without
    nbformat (no Jupyter here) there is nothing to trust them for."""
    names = [n for n in files(source) if n.endswith(".ipynb")]
    ours = [str(folder / n) for n in names if digest(folder / n) == digest(source / n)]
    if not ours or importlib.util.find_spec("nbformat") is None:
        return
    signed = subprocess.run([sys.executable, "-m", "nbformat.sign", *ours], capture_output=True)
    if signed.returncode != 0:  # a nicety: the tutorials work untrusted, pictures once run
        why = signed.stderr.decode(errors="replace").strip().splitlines()[-1:]
        said = f"The tutorials are not marked trusted ({' '.join(why)}):"
        print(f"{said} run a notebook to see its pictures.", file=sys.stderr)


def open_lab(folder: Path, options: Sequence[str]) -> int:
    """Open JupyterLab on ``folder`` at the first tutorial, with this Python
    (``-m``: its scripts may be anywhere, ~/.local/bin or Windows' Scripts);
    JupyterLab's own ``options`` come last. It replaces this
    process, as ``exec`` would."""
    if importlib.util.find_spec("jupyterlab") is None:
        print(
            f"JupyterLab is not installed for this Python ({sys.executable}):"
            " pip install 'covil_nb[lab]', or open the folder with your own Jupyter.",
            file=sys.stderr,
        )
        return 1
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        f"--ServerApp.root_dir={folder}",
        f"--LabApp.default_url=/lab/tree/{first_tutorial(folder)}",
        *options,
    ]
    if os.name != "posix":
        return subprocess.call(command)
    os.execv(command[0], command)
    return 0  # never reached: execv does not return


def main(argv: Sequence[str] | None = None) -> int:
    """``[DIR] [--no-open] [JupyterLab options]``: the folder, if given, comes
    first (after ``--no-open``, if that is first), so that an option's value
    (``--port 8899``) is never taken for it."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] in (["-h"], ["--help"]):
        print("\n\n".join(__doc__.split("\n\n")[1:3]))
        return 0
    copy_only = "--no-open" in args
    args = [a for a in args if a != "--no-open"]
    folder = Path(args.pop(0) if args and not args[0].startswith("-") else DEFAULT_FOLDER)
    try:
        done = copy_tutorials(folder)
        trust(folder, tutorials())
    except (CourseError, OSError) as failure:
        print(f"python -m covil_nb tutorials: {failure}", file=sys.stderr)
        return 1
    for name in done["new"]:
        print(f"  new: {folder / name}")
    for name in done["updated"]:
        print(f"  updated: {folder / name} (you had not changed it)")
    for name in done["kept"]:
        print(f"  yours, kept: {folder / name} (delete it to get the new version)")
    print(f"Your working copy of the tutorials is {folder}/: edit and run them freely.")
    print("Your edits there are never overwritten (delete a file to get the original back).")
    return 0 if copy_only else open_lab(folder, args)


if __name__ == "__main__":
    sys.exit(main())

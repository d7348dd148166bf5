"""How soon ``./dev lab`` on a fresh clone shows JupyterLab's first page
(issue 19: at most 60 s, the package cache warm), and when the engine it
compiles in the background is ready. Run with

    .venv/bin/python benchmarks/first_page.py             # a clone of this checkout's HEAD
    .venv/bin/python benchmarks/first_page.py --repo URL  # a clone of another

It clones the repository (what is committed, nothing else) into a temporary
directory: no .venv, no build, no working copy of the tutorials; uv's
package cache is the machine's own, warm once a checkout here was set up. It
runs ``./dev lab --no-browser`` on a free port and, every quarter second,
notes when the install is done (.venv's setup stamp), when /lab answers with
JupyterLab's page, and when build/engine is there. Then it stops JupyterLab
(its process group) and a build still running. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 600.0  # seconds: past this, what has not happened is reported as such


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def page_is_up(url: str) -> bool:
    """Whether JupyterLab serves its page at ``url`` (not only its port)."""
    try:
        with urllib.request.urlopen(url, timeout=2) as page:
            return page.status == 200 and b"JupyterLab" in page.read()
    except OSError:  # not listening yet, or not answering yet
        return False


def watch(
    lab: subprocess.Popen[bytes], milestones: dict[str, Callable[[], bool]]
) -> dict[str, float]:
    """Seconds from now until each milestone first holds, while ``lab`` runs."""
    start, reached = time.monotonic(), dict[str, float]()
    while len(reached) < len(milestones) and time.monotonic() - start < TIMEOUT:
        if lab.poll() is not None:
            break
        for name, check in milestones.items():
            if name not in reached and check():
                reached[name] = time.monotonic() - start
        time.sleep(0.25)
    return reached


def stop_builds(clone: Path) -> None:
    """Stop a build of the clone's engine still running: it runs in a session
    of its own (tools/compile_engine.py), which JupyterLab's end leaves running."""
    script = str(clone / "tools" / "compile_engine.py").encode()
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if script in cmdline.read_bytes().split(b"\0"):
                os.killpg(int(cmdline.parent.name), signal.SIGTERM)
        except OSError:
            continue  # ended meanwhile


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", default=str(ROOT), help="what to clone (this checkout)")
    repo = parser.parse_args().repo
    with tempfile.TemporaryDirectory(prefix="covil-first-page-") as temp:
        clone = Path(temp) / "covil_nb"
        subprocess.run(["git", "clone", "--quiet", repo, str(clone)], check=True)
        port = free_port()
        command = ["./dev", "lab", "--no-browser", f"--port={port}", "--ServerApp.token="]
        output = Path(temp) / "lab.log"
        with output.open("wb") as out:
            lab = subprocess.Popen(
                command, cwd=clone, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        try:
            reached = watch(
                lab,
                {
                    "installed": (clone / ".venv" / ".covil-setup").exists,
                    "first page": lambda: page_is_up(f"http://127.0.0.1:{port}/lab"),
                    "engine compiled": (clone / "build" / "engine" / "STAMP").exists,
                },
            )
        finally:
            os.killpg(lab.pid, signal.SIGTERM)
            lab.wait()
            stop_builds(clone)
        print(" ".join(command), f"in a fresh clone of {repo}:")
        for name in ("installed", "first page", "engine compiled"):
            figure = f"{reached[name]:6.1f} s" if name in reached else "not within the timeout"
            print(f"  {name:>15}: {figure}")
        # What ./dev said before JupyterLab's own log, which begins with "[".
        said = output.read_text(errors="replace").split("\n[", 1)[0]
        print("./dev lab said:\n" + said)


if __name__ == "__main__":
    main()

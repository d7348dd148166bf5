"""Issue 23's figures for the JupyterLite site, each beside its target:

    .venv/bin/python benchmarks/lite.py

It runs the site's browser test (tests/browser/test_lite.py: the site built
or found current, served on localhost, every tutorial run in headless
Chromium, clicks on a board), which writes what it timed to
artifacts/lite-timings.json, and the pure wheel's size from the site's
build. Nothing here asserts a speed: these are measurements to report.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMINGS = ROOT / "artifacts" / "lite-timings.json"
WHEELS = ROOT / "build" / "lite-cache" / "covil_nb"


def main() -> int:
    test = [sys.executable, "-m", "pytest", "tests/browser/test_lite.py", "-p", "no:cacheprovider"]
    if subprocess.run(test, cwd=ROOT, check=False).returncode:
        print("the site's browser test failed: no figures", file=sys.stderr)
        return 1
    timings = json.loads(TIMINGS.read_text())
    (wheel,) = WHEELS.glob("*.whl")
    figures = [
        ("first kernel ready, from asking for the page", timings["first_kernel_ready_s"], 60, "s"),
        (
            "tutorial 01, every cell, once its kernel is ready",
            timings["tutorials"]["01-setup.ipynb"]["run_s"],
            30,
            "s",
        ),
        (
            "a click on the board answered (the slowest)",
            max(c["answered_s"] for c in timings["clicks"]),
            1,
            "s",
        ),
        ("the pure wheel", wheel.stat().st_size / 1e6, 1, "MB"),
    ]
    print(f"JupyterLite site, {timings['when']}:")
    for what, measured, target, unit in figures:
        met = "met" if measured <= target else "NOT MET"
        print(f"  {what}: {measured:.3g} {unit} (target <= {target} {unit}: {met})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

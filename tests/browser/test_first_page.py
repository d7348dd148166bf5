"""``./dev lab`` on a fresh clone shows JupyterLab at once and compiles the
engine behind it (issue 19, item 12): the first page, opened in Chromium,
comes before the build, and the notebook's kernel runs the Python engine
meanwhile. How soon is measured by ``benchmarks/first_page.py`` (whose
helpers this test shares), not asserted here.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
from pathlib import Path
from types import ModuleType

from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[2]


def first_page() -> ModuleType:
    spec = importlib.util.spec_from_file_location("first_page", ROOT / "benchmarks/first_page.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_dev_lab_opens_jupyterlab_before_the_engine_is_built(page: Page, tmp_path: Path) -> None:
    bench = first_page()
    clone = tmp_path / "covil_nb"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    port = bench.free_port()
    said = tmp_path / "lab.log"
    command = ["./dev", "lab", "--no-browser", f"--port={port}", "--ServerApp.token="]
    with said.open("wb") as out:
        lab = subprocess.Popen(
            command, cwd=clone, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    built = clone / "build" / "engine" / "STAMP"
    try:
        reached = bench.watch(
            lab, {"page": lambda: bench.page_is_up(f"http://127.0.0.1:{port}/lab")}
        )
        assert "page" in reached, said.read_text(errors="replace")[-2000:]
        assert not built.exists(), "the engine was built before JupyterLab answered"
        page.goto(f"http://127.0.0.1:{port}/lab/tree/01-setup.ipynb?reset")
        expect(page.locator(".jp-NotebookPanel").first).to_be_visible(timeout=60_000)
        told = said.read_text(errors="replace")
        assert "compiling in the background" in told and "build/compile.log" in told, told
        assert "restart" in told.lower(), told
    finally:
        # As the browser tests stop their servers: SIGTERM to JupyterLab alone
        # (it shuts its kernels down), its process group if it does not answer.
        page.goto("about:blank")
        lab.terminate()
        try:
            lab.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(lab.pid, signal.SIGKILL)
            lab.wait()
        bench.stop_builds(clone)

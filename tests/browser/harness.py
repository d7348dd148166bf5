"""The browser harness: real notebook servers and Debian's Chromium, driven by Playwright.

A test session starts each server it needs once (JupyterLab, Notebook 7, marimo) on
a free loopback port, serving a temporary copy of ``tests/browser/notebooks`` so
that no test ever rewrites a committed file, and stops it by its own process id.
Each test opens its own copy of a notebook (a fresh kernel), waits on DOM states
the page sets (never on sleeps), and reaches the notebook's own kernel through
``jupyter_client`` to check the Python side of what it clicked.

Without a Chromium the tests skip, saying why; ``COVIL_REQUIRE_BROWSER=1`` (CI)
turns that skip into a failure.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from jupyter_client.blocking import BlockingKernelClient
from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Error,
    Locator,
    Page,
    expect,
    sync_playwright,
)

NOTEBOOKS = Path(__file__).parent / "notebooks"
ARTIFACTS = Path(os.environ.get("COVIL_ARTIFACTS", Path(__file__).parents[2] / "artifacts"))
CHROMIUM = Path(os.environ.get("COVIL_CHROMIUM", "/usr/bin/chromium"))
# Without the background-networking flags Chromium keeps calling the closed network.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# The longest any single wait on the page may take: generous for a loaded CI
# machine, and only ever reached when something is wrong.
WAIT_MS = 30_000
SERVER_START_S = 60.0
expect.set_options(timeout=WAIT_MS)
LIGHT, DARK = "JupyterLab Light", "JupyterLab Dark"

# JupyterLab's user settings for a quiet, deterministic page: no news toast over
# the notebook, no autosave writing the copy behind the test's back.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
}


# Uncaught errors of the hosts themselves, seen on every page load with any
# notebook (no widget at all): (message, where in the host's code).
HOST_NOISE = [
    # Notebook 7.6 with JupyterLab 4.6, while it loads its settings.
    ("Cannot read properties of undefined (reading 'schema')", "/static/notebook/"),
]


def is_host_noise(error: Error) -> bool:
    return any(
        error.message == message and where in (error.stack or "") for message, where in HOST_NOISE
    )


class Watched:
    """A tab whose uncaught exceptions and console errors (from the board's page
    module, from the host) fail the test: a normal session logs none."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.problems: list[str] = []
        page.on("pageerror", self._uncaught)
        page.on("console", self._console)

    def _uncaught(self, error: Error) -> None:
        if not is_host_noise(error):
            self.problems.append(f"uncaught: {error.message}\n{error.stack}")

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.problems.append(f"console error: {message.text}")

    def check(self) -> None:
        """Fail with the errors reported since the last check, if any."""
        problems, self.problems = self.problems, []
        if problems:
            pytest.fail("the page reported errors:\n" + "\n".join(problems), pytrace=False)


def require_chromium() -> Path:
    """Debian's Chromium, or a skip (a failure under COVIL_REQUIRE_BROWSER=1)."""
    if CHROMIUM.exists():
        return CHROMIUM
    reason = (
        f"no Chromium at {CHROMIUM}: the browser tests need it "
        "(apt-get install chromium, or set COVIL_CHROMIUM)"
    )
    if os.environ.get("COVIL_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason}; COVIL_REQUIRE_BROWSER=1 requires them", pytrace=False)
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    """A notebook server started by the test session, serving ``root``."""

    kind: str  # "jupyter" (JupyterLab and Notebook 7) or "marimo"
    url: str
    root: Path
    runtime_dir: Path
    log: Path
    probe: str  # a page that answers once the server is up
    process: subprocess.Popen[bytes] = field(repr=False)

    def get(self, api: str) -> Any:
        with urllib.request.urlopen(f"{self.url}{api}", timeout=10) as reply:
            return json.load(reply)

    def delete(self, api: str) -> None:
        request = urllib.request.Request(f"{self.url}{api}", method="DELETE")
        urllib.request.urlopen(request, timeout=30).close()

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def serving(self) -> Server:
        """Wait until the server answers; on failure, say so with the end of its log."""
        deadline = time.monotonic() + SERVER_START_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.kind} exited at start:\n{self.log_tail()}")
            try:
                urllib.request.urlopen(f"{self.url}{self.probe}", timeout=2).close()
                return self
            except OSError:
                time.sleep(0.1)  # polling a port that is not open yet; no DOM to wait on
        self.stop()
        raise RuntimeError(f"{self.kind} did not answer in {SERVER_START_S} s:\n{self.log_tail()}")

    def stop(self) -> None:
        """Stop the server by its process id; a Jupyter server shuts its kernels
        down on SIGTERM. Its process group goes too if it does not answer."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        shutil.rmtree(self.runtime_dir, ignore_errors=True)


def _jupyter_command(port: int, root: Path, state: Path) -> list[str]:
    """The command line of the Jupyter server under test, serving JupyterLab and
    Notebook 7 both (as galata's ``configure_jupyter_server`` sets it up: no
    token, its own workspace, the application reachable from the page)."""
    return [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        "--allow-root",
        f"--ServerApp.root_dir={root}",
        f"--LabServerApp.user_settings_dir={state / 'settings'}",
        f"--LabServerApp.workspaces_dir={state / 'workspaces'}",
        "--LabApp.expose_app_in_browser=True",
        "--JupyterNotebookApp.expose_app_in_browser=True",
        # Kernels talk through files in the runtime folder, not TCP ports: a port
        # picked free can be taken by another process before the kernel binds it.
        "--KernelManager.transport=ipc",
    ]


def _marimo_command(port: int, notebook: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "marimo",
        "edit",
        "--headless",
        "--no-token",
        "--skip-update-check",
        "--no-sandbox",
        "--host=127.0.0.1",
        f"--port={port}",
        str(notebook),
    ]


# marimo's settings, found from its working directory upwards: run the notebook
# as it opens (its default waits for a click) and never write it back.
MARIMO_SETTINGS = """\
[runtime]
auto_instantiate = true

[save]
autosave = "off"
"""


def _write_settings(settings_dir: Path) -> None:
    for name, values in LAB_SETTINGS.items():
        path = settings_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


def launch_server(kind: str, state: Path, marimo_notebook: str = "") -> Server:
    """Launch a server of ``kind`` over a fresh copy of the test notebooks in
    ``state``, without waiting for it (see ``Server.serving``)."""
    root = state / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    # The kernels' sockets live here: a short path, as a socket's path is limited
    # to about 100 characters.
    runtime_dir = Path(tempfile.mkdtemp(prefix="covil-runtime-"))
    _write_settings(state / "settings")
    port = free_port()
    if kind == "marimo":
        (root / ".marimo.toml").write_text(MARIMO_SETTINGS)
        command, probe = _marimo_command(port, root / marimo_notebook), "/"
    else:
        command, probe = _jupyter_command(port, root, state), "/api/status"
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(runtime_dir),
        "JUPYTER_CONFIG_DIR": str(state / "config"),
        "IPYTHONDIR": str(state / "ipython"),
    }
    log = state / f"{kind}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            cwd=root,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    return Server(kind, f"http://127.0.0.1:{port}", root, runtime_dir, log, probe, process)


@contextmanager
def watched_tab(context: BrowserContext) -> Iterator[Page]:
    """A fresh tab of ``context``; an error it reports fails the test (see ``Watched``)."""
    tab = Watched(context.new_page())
    yield tab.page
    tab.page.close()
    tab.check()


@contextmanager
def chromium_context(executable: Path, profile: Path) -> Iterator[BrowserContext]:
    """Headless Chromium on a fresh profile (Playwright refuses --user-data-dir in
    the flags, so the profile is a persistent context)."""
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=executable,
            headless=True,
            args=CHROMIUM_FLAGS,
            viewport={"width": 1400, "height": 1000},
        )
        context.set_default_timeout(WAIT_MS)
        try:
            yield context
        finally:
            context.close()


class Kernel:
    """A notebook's own kernel, reached from the test through its connection file."""

    def __init__(self, connection_file: Path) -> None:
        self.client = BlockingKernelClient(connection_file=str(connection_file))
        self.client.load_connection_file()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=WAIT_MS / 1000)

    def run(self, code: str) -> str:
        """Execute ``code``; return what it printed, or fail with its traceback."""
        printed: list[str] = []

        def collect(message: dict[str, Any]) -> None:
            if message["msg_type"] == "stream":
                printed.append(message["content"]["text"])

        reply = self.client.execute_interactive(
            code, store_history=False, timeout=WAIT_MS / 1000, output_hook=collect
        )
        content = reply["content"]
        if content["status"] != "ok":
            trace = "\n".join(content.get("traceback", []))
            raise AssertionError(f"in the notebook's kernel, {code!r} raised:\n{trace}")
        return "".join(printed)

    def value(self, expression: str) -> Any:
        """The value of a Python literal ``expression`` in the notebook's kernel."""
        reply = self.client.execute_interactive(
            "",
            store_history=False,
            user_expressions={"value": f"repr({expression})"},
            timeout=WAIT_MS / 1000,
            output_hook=lambda message: None,
        )
        result = reply["content"]["user_expressions"]["value"]
        if result["status"] != "ok":
            raise AssertionError(
                f"in the notebook's kernel, {expression!r} raised "
                f"{result['ename']}: {result['evalue']}"
            )
        text = ast.literal_eval(result["data"]["text/plain"])
        try:
            return ast.literal_eval(text)
        except ValueError:
            raise AssertionError(f"{expression!r} is not a Python literal: {text}") from None

    def close(self) -> None:
        self.client.stop_channels()


# A cell's exception shows as error text with its traceback.
ERROR_OUTPUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
# The page's own handle on the application, in JupyterLab and Notebook 7 alike
# (both expose `window.jupyterapp` under expose_app_in_browser), and in the
# JupyterLite site (exposeAppInBrowser: tests/browser/test_lite.py).
KERNEL_IDLE = """(path) => {
  const tab = window.jupyterapp?.shell.currentWidget;
  return tab?.context?.path === path && tab.sessionContext?.session?.kernel?.status === "idle";
}"""
OPEN = """async (path) => {
  await window.jupyterapp.restored;
  await window.jupyterapp.commands.execute("docmanager:open", { path });
}"""
# Close the notebook's tab without the "save your work?" dialog: it is a copy.
_CLOSE = """(path) => {
  for (const tab of window.jupyterapp.shell.widgets("main")) {
    if (tab.context?.path === path) {
      tab.context.model.dirty = false;
      tab.close();
    }
  }
}"""


class Notebook:
    """One notebook open in a page of JupyterLab or Notebook 7 (``app``: "lab"
    or "notebook"), with its kernel."""

    def __init__(self, page: Page, server: Server, path: str, app: str) -> None:
        self.page = page
        self.server = server
        self.path = path
        self.app = app
        self._kernel: Kernel | None = None

    def open(self) -> Notebook:
        """Open the notebook and wait for its kernel to be idle. In JupyterLab the
        tab loads the application once (a fresh workspace), then opens each
        notebook in it; Notebook 7 shows one notebook per page."""
        url = self.server.url
        if self.app == "notebook":
            self.page.goto(f"{url}/notebooks/{self.path}")
        else:
            if not self.page.url.startswith(f"{url}/lab"):
                self.page.goto(f"{url}/lab/workspaces/browser-tests?reset")
                self.page.wait_for_function("() => window.jupyterapp")  # made after "load"
            try:
                self.page.evaluate(OPEN, self.path)
            except Error as error:
                # The fresh workspace's page may load once more as it opens
                # (seen on a busy machine, two servers at once): the promise
                # went with the old page, so open it in the new one.
                if "garbage collected" not in str(error):
                    raise
                self.page.wait_for_function("() => window.jupyterapp")
                self.page.evaluate(OPEN, self.path)
        self.wait_idle()
        return self

    def wait_idle(self) -> None:
        self.page.wait_for_function(KERNEL_IDLE, arg=self.path)

    def command(self, command: str, args: dict[str, Any] | None = None) -> None:
        """Run one of the application's commands, as a menu item would."""
        self.page.evaluate(
            "([command, args]) => window.jupyterapp.commands.execute(command, args)",
            [command, args or {}],
        )

    def run_all(self, ready: str) -> Locator:
        """Run every cell and wait until an output shows ``ready`` (a selector);
        a cell that raises fails the test at once, with its traceback."""
        self.command("notebook:run-all-cells")
        target = self.page.locator(f".jp-OutputArea-output {ready}")
        error = self.page.locator(ERROR_OUTPUT, has_text="Traceback")
        target.or_(error).first.wait_for()
        if error.count():
            raise AssertionError(f"a cell of {self.path} raised:\n{error.first.inner_text()}")
        return target

    def theme(self, name: str) -> None:
        """Switch the application's theme and wait until the page has it and
        JupyterLab's splash, shown over the page while it changes, is gone."""
        self.command("apputils:change-theme", {"theme": name})
        light = "true" if name == LIGHT else "false"
        self.page.wait_for_function(
            f"() => document.body.dataset.jpThemeName === {name!r}"
            f" && document.body.dataset.jpThemeLight === {light!r}"
            " && !document.getElementById('jupyterlab-splash')"
        )

    @property
    def kernel(self) -> Kernel:
        if self._kernel is None:
            self._kernel = Kernel(
                self.server.runtime_dir / f"kernel-{self.session()['kernel']['id']}.json"
            )
        return self._kernel

    def session(self) -> dict[str, Any]:
        sessions = [s for s in self.server.get("/api/sessions") if s["path"] == self.path]
        assert sessions, f"no kernel session for {self.path}"
        return sessions[0]

    def close(self) -> None:
        """Close the notebook, disconnect from its kernel, and shut the kernel
        down with its session."""
        if self.app == "lab" and not self.page.is_closed():
            self.page.evaluate(_CLOSE, self.path)
        if self._kernel is not None:
            self._kernel.close()
        for session in self.server.get("/api/sessions"):
            if session["path"] == self.path:
                self.server.delete(f"/api/sessions/{session['id']}")


def copy_notebook(server: Server, name: str, test_name: str) -> str:
    """A copy of notebook ``name`` for one test, so that it gets a kernel of its own."""
    source = server.root / name
    copy = f"{test_name}-{name}"
    shutil.copyfile(source, server.root / copy)
    return copy


def screenshot_path(name: str) -> Path:
    """Where a screenshot is kept as an artifact (an ignored folder)."""
    folder = ARTIFACTS / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{name}.png"


NotebookOpener = Callable[[str], Notebook]

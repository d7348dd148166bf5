"""The board's Jupyter server extension (covil_nb_server.py): kernel
websockets send without Nagle's delay, whatever connection class the server
is configured with; the package enables it for its environment, and a server
loading it does not import the rules engine."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

import covil_nb_server as server

ROOT = Path(__file__).resolve().parents[1]


class Handler:
    """A websocket handler that remembers what it was asked."""

    def __init__(self) -> None:
        self.nodelay: list[bool] = []

    def set_nodelay(self, value: bool) -> None:
        self.nodelay.append(value)


class Configured:
    """A connection class a server might be configured with (a gateway's)."""

    def __init__(self, handler: Handler) -> None:
        self.websocket_handler = handler
        self.connected = False

    def connect(self) -> str:
        self.connected = True
        return "connected"


class Log:
    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []

    def info(self, text: str, *args: Any) -> None:
        self.said.append(("info", text % args))

    def warning(self, text: str, *args: Any) -> None:
        self.said.append(("warning", text % args))


def load(settings: dict[str, Any]) -> Log:
    """Load the extension into a stand-in server with ``settings``; what it logged."""
    log = Log()
    server._load_jupyter_server_extension(
        SimpleNamespace(web_app=SimpleNamespace(settings=settings), log=log)
    )
    return log


def loaded(configured: type) -> Any:
    settings: dict[str, Any] = {server.SETTING: configured}
    said = load(settings)
    connection = settings[server.SETTING]
    assert said.said == [
        ("info", f"covil_nb: kernel websockets without Nagle's delay ({connection.__name__})")
    ]
    return connection


def test_a_connection_turns_nagle_off_then_connects_as_configured() -> None:
    connection = loaded(Configured)
    assert issubclass(connection, Configured) and connection is not Configured
    handler = Handler()
    made = connection(handler)
    assert made.connect() == "connected"  # the configured class's own answer
    assert handler.nodelay == [True] and made.connected


def test_jupyters_own_connection_class_is_wrapped() -> None:
    connection = loaded(ZMQChannelsWebsocketConnection)
    assert issubclass(connection, ZMQChannelsWebsocketConnection)
    assert connection.__name__ == "NoDelayZMQChannelsWebsocketConnection"


def test_a_server_without_the_setting_is_told_and_left_alone() -> None:
    settings: dict[str, Any] = {}
    said = load(settings)
    assert settings == {}
    assert said.said == [
        (
            "warning",
            f"covil_nb: this Jupyter server has no {server.SETTING}: messages keep Nagle's delay",
        )
    ]


def test_loading_the_extension_does_not_import_the_rules_engine() -> None:
    check = "import sys, covil_nb_server; assert 'covil_nb' not in sys.modules, sorted(sys.modules)"
    subprocess.run([sys.executable, "-c", check], check=True, cwd=ROOT)


def test_the_package_enables_the_extension() -> None:
    config = json.loads((ROOT / "jupyter-config/jupyter_server_config.d/covil_nb.json").read_text())
    assert config == {"ServerApp": {"jpserver_extensions": {server.MODULE: True}}}
    assert server._jupyter_server_extension_points() == [{"module": server.MODULE}]
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]
    shared = wheel["targets"]["wheel"]["shared-data"]
    assert shared["jupyter-config/jupyter_server_config.d"] == "etc/jupyter/jupyter_server_config.d"
    assert wheel["targets"]["wheel"]["force-include"] == {
        "covil_nb_server.py": "covil_nb_server.py"
    }

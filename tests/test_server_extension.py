"""The board's Jupyter server extension (covil_nb/widget/server.py): kernel
websockets send without Nagle's delay, whatever connection class the server
is configured with, and the package enables it for its environment."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from covil_nb.widget import server

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


def loaded(configured: type) -> Any:
    app = SimpleNamespace(
        web_app=SimpleNamespace(settings={"kernel_websocket_connection_class": configured})
    )
    server._load_jupyter_server_extension(app)
    return app.web_app.settings["kernel_websocket_connection_class"]


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


def test_the_package_enables_the_extension() -> None:
    config = json.loads((ROOT / "jupyter-config/jupyter_server_config.d/covil_nb.json").read_text())
    assert config == {"ServerApp": {"jpserver_extensions": {server.MODULE: True}}}
    assert server._jupyter_server_extension_points() == [{"module": server.MODULE}]
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]
    shared = wheel["targets"]["wheel"]["shared-data"]
    assert shared["jupyter-config/jupyter_server_config.d"] == "etc/jupyter/jupyter_server_config.d"

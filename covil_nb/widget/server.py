"""A Jupyter server extension for the board: a kernel's messages reach the
page as soon as they are written.

Jupyter's server writes a kernel's messages to the page's websocket with
Nagle's algorithm on (tornado's default). Every step of the board answers
with two small messages back to back, the kernel's "busy" status and the new
position: the second waits until the page acknowledges the first, and the
acknowledgement may be delayed up to 40 ms. With TCP_NODELAY on the kernel
websockets each message leaves when it is written (docs/widget.md gives the
figures of the browser benchmark with and without).

The package installs it for its environment's Jupyter servers
(``etc/jupyter/jupyter_server_config.d/covil_nb.json``); ``jupyter server
extension disable covil_nb.widget.server`` turns it off. It touches no
message, only when the socket sends.
"""

from __future__ import annotations

from typing import Any

MODULE = "covil_nb.widget.server"


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": MODULE}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    settings = serverapp.web_app.settings
    configured = settings.get("kernel_websocket_connection_class")
    if configured is not None:
        settings["kernel_websocket_connection_class"] = without_delay(configured)


def without_delay(connection: type) -> type:
    """The server's kernel websocket connection class, whichever is configured
    (a gateway's too), with Nagle's algorithm off once a page connects."""

    class Connection(connection):  # type: ignore[valid-type,misc]
        def connect(self) -> Any:
            self.websocket_handler.set_nodelay(True)
            return super().connect()

    Connection.__name__ = Connection.__qualname__ = f"NoDelay{connection.__name__}"
    return Connection

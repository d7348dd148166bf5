"""covil_nb's Jupyter server extension: a kernel's messages reach the board's
page as soon as they are written.

Jupyter's server writes a kernel's messages to the page's websocket with
Nagle's algorithm on (tornado's default). Every step of the board answers
with two small messages back to back, the kernel's "busy" status and the new
position: the second waits until the page acknowledges the first, and the
acknowledgement may be delayed up to 40 ms. With TCP_NODELAY on the kernel
websockets each message leaves when it is written (docs/widget.md gives the
figures). It changes no message, only when the socket sends.

The package enables it for its environment's Jupyter servers
(``etc/jupyter/jupyter_server_config.d/covil_nb.json``); ``jupyter server
extension disable covil_nb_server`` turns it off. It lives outside the
``covil_nb`` package so that a server starting does not import the rules
engine (about a second).
"""

from __future__ import annotations

from typing import Any

MODULE = "covil_nb_server"
SETTING = "kernel_websocket_connection_class"  # jupyter_server 2's, read per connection


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": MODULE}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    settings = serverapp.web_app.settings
    configured = settings.get(SETTING)
    if configured is None:  # jupyter_server 1 has no such setting
        serverapp.log.warning(
            "covil_nb: this Jupyter server has no %s: messages keep Nagle's delay", SETTING
        )
        return
    settings[SETTING] = without_delay(configured)
    serverapp.log.info(
        "covil_nb: kernel websockets without Nagle's delay (%s)", settings[SETTING].__name__
    )


def without_delay(connection: type) -> type:
    """The server's kernel websocket connection class, whichever is configured,
    with Nagle's algorithm off on the page's websocket once a page connects
    (with a gateway, the hop to the gateway keeps its own settings)."""

    class Connection(connection):  # type: ignore[valid-type,misc]
        def connect(self, *args: Any, **kwargs: Any) -> Any:
            self.websocket_handler.set_nodelay(True)  # jupyter_server 2 always sets it
            return super().connect(*args, **kwargs)

    Connection.__name__ = Connection.__qualname__ = f"NoDelay{connection.__name__}"
    return Connection

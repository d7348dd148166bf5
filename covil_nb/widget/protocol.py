"""The messages the board's page sends, checked before anything touches the game.

Every message is a JSON object with a ``kind`` and the ``version`` of the
position the player saw when choosing (the widget's ``version`` trait). A
message that does not fit (not an object, an unknown kind, a missing or extra
field, a field of the wrong type, a stale version) raises :class:`CovilError`
here, before the widget looks at the game.

=========  ==========================================  ==============================
kind       fields besides ``kind`` and ``version``      what it asks
=========  ==========================================  ==============================
act        ``action``: a notation such as "move D"     apply it (a click, a button)
why        ``element``: a key such as "zone:F"         why a click there is not legal
undo       (none)                                      take back to your last decision
redo       (none)                                      replay what was undone
step       (none)                                      show the next bot or dummy step
skip       (none)                                      play on to your next decision
hint       (none)                                      what the tree search bot would do
show       ``step``, ``moment``: whole numbers         draw a past position
try        ``step``: a whole number                    a "what if" line from there
better     ``step``: a whole number                    the analysis's better line there
return     (none)                                      back from the "what if" line
analyse    (none)                                      the engine's analysis of the game
language   ``code``: a language such as "pt"           say everything in that language
=========  ==========================================  ==============================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from covil_nb.drawing.elements import KINDS
from covil_nb.model import CovilError
from covil_nb.model.errors import said
from covil_nb.model.language import tr

RULE = "widget message"

# The board elements a click can name: "kind:id", as the drawing marks them.
ELEMENT = re.compile(rf"^({'|'.join(KINDS)}):[A-Za-z0-9_-]{{1,40}}$")
MAX_NOTATION = 100  # longer than any action the rules can offer
MAX_TEXT = 10_000  # a study's comment: a few paragraphs

FIELDS: dict[str, dict[str, type]] = {
    "act": {"action": str},
    "why": {"element": str},
    "undo": {},
    "redo": {},
    "step": {},
    "skip": {},
    "hint": {},
    "show": {"step": int, "moment": int},
    "try": {"step": int},
    "better": {"step": int},
    "return": {},
    "analyse": {},
    "language": {"code": str},
}


@dataclass(frozen=True)
class Message:
    """A message that has the right shape. Whether it makes sense for the
    game now (a legal action, a step that exists) the widget checks next."""

    kind: str
    version: int
    action: str = ""
    element: str = ""
    step: int = 0
    moment: int = 0
    # A study board's fields (see covil_nb.widget.study).
    node: int = 0
    way: str = ""
    text: str = ""
    before: bool = False
    glyph: str = ""
    target: str = ""
    mode: str = ""
    chapter: int = 0
    index: int = 0
    code: str = ""  # a language's (see covil_nb.model.language)


def parse(content: Any, version: int, kinds: dict[str, dict[str, type]] = FIELDS) -> Message:
    """Check the shape of ``content`` and that it was made at ``version``;
    ``kinds``: the message kinds the widget takes, with their fields."""
    if not isinstance(content, dict):
        raise CovilError(
            tr("a message is a JSON object, not {type}", type=type(content).__name__), RULE
        )
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        raise CovilError(
            tr(
                "unknown message kind {kind}: one of {kinds}",
                kind=_short(kind),
                kinds=", ".join(kinds),
            ),
            RULE,
        )
    fields = kinds[kind]
    extra = sorted(str(k) for k in content.keys() - {"kind", "version", *fields})
    if extra:
        raise CovilError(
            tr("a '{kind}' message has no field {extra}", kind=kind, extra=_short(extra[0])), RULE
        )
    values = {name: _field(content, kind, name, of) for name, of in fields.items()}
    seen = _field(content, kind, "version", int)
    if seen != version:
        raise CovilError(
            tr(
                "the '{kind}' was chosen on position {seen}, but the board has moved on to "
                "position {version}: nothing was changed, choose again",
                kind=kind,
                seen=seen,
                version=version,
            ),
            RULE,
        )
    return Message(kind, seen, **values)


def _field(content: dict[str, Any], kind: str, name: str, of: type) -> Any:
    if name not in content:
        raise CovilError(
            tr("a '{kind}' message needs its '{name}' field", kind=kind, name=name), RULE
        )
    value = content[name]
    if not _exactly(value, of):
        raise CovilError(
            tr(
                "the '{name}' of a '{kind}' message is {type}, not {value}",
                name=name,
                kind=kind,
                type=of.__name__,
                value=_short(value),
            ),
            RULE,
        )
    if of is int and not 0 <= value < 2**31:
        raise CovilError(
            tr(
                "the '{name}' of a '{kind}' message is out of range: {value}",
                name=name,
                kind=kind,
                value=value,
            ),
            RULE,
        )
    if name == "action" and not 0 < len(value) <= MAX_NOTATION:
        raise CovilError(
            tr("the action of an 'act' message is not a notation: {value}", value=_short(value)),
            RULE,
        )
    if name == "text" and len(value) > MAX_TEXT:
        raise CovilError(
            tr(
                "a '{kind}' message's text is longer than {max_text} characters",
                kind=kind,
                max_text=MAX_TEXT,
            ),
            RULE,
        )
    if name in ("element", "target") and not ELEMENT.match(value):
        raise CovilError(
            tr(
                "{value} names no board element (write it like 'zone:D' or 'troop:Y1')",
                value=_short(value),
            ),
            RULE,
        )
    return value


def _exactly(value: Any, of: type) -> bool:
    # bool is an int in Python, but not in a message. A function, not the
    # test inline: mypy would narrow ``value`` to ``object`` after it.
    return type(value) is of


def _short(value: Any) -> str:
    """A value for an error message, cut short: a message may hold anything."""
    return said(value, at_most=40)

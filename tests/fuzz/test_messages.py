"""Messages from the page, of any shape: each that does not fit (not an
object, an unknown kind, a missing, extra or wrong-typed field, a stale
version, an action or a step the game does not have) is answered with the
``error`` trait and changes nothing; the board always shows its game."""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from covil_nb import Game, GameWidget, play_solo
from covil_nb.widget import protocol

from .profile import examples

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
FIELD_VALUES = [None, True, 1.0, -1, 0, 1, 2**31, 2**40, "", "1", "lie Y1", "zone:D", [], {}]
STALE = "stale"


@st.composite
def messages(draw: st.DrawFn) -> Any:
    """Near misses of every kind of message, or any JSON at all."""
    if draw(st.integers(0, 4)) == 0:
        return draw(json_values)
    kind = draw(st.sampled_from([*protocol.FIELDS, "", "ACT", "eval", 7, None]))
    message: dict[str, Any] = {"kind": kind, "version": draw(st.sampled_from([None, STALE]))}
    for name in protocol.FIELDS.get(kind, {}) if isinstance(kind, str) else {}:
        if draw(st.booleans()):
            message[name] = draw(st.sampled_from(FIELD_VALUES))
    if draw(st.booleans()):
        message[draw(st.sampled_from(["extra", "state", "__proto__", "Version", "kind"]))] = 1
    if draw(st.integers(0, 5)) == 0:
        del message["version"]
    return message


@cache
def board() -> GameWidget:
    """One board for every example: one that is refused changes nothing (the
    test checks it), and one accepted moves it on like a click would."""
    widget = play_solo(seed=9)
    widget.act(widget.decision["actions"][0]["action"])
    return widget


def dated(message: Any, version: int) -> Any:
    """The message made on the board's position (or on an older one)."""
    if isinstance(message, dict) and "version" in message:
        message = {**message, "version": version - 1 if message["version"] == STALE else version}
    return message


@examples(short=300, long=3_000)
@given(messages())
def test_a_message_that_does_not_fit_is_answered_and_changes_nothing(message: Any) -> None:
    widget = board()
    game, version = widget.line.game, widget.version  # the line shown: a "what if" one too
    shown = (widget.decision, widget.controls, widget.pictures, widget.log)
    saved, refused = game.to_json(), widget.error.get("n", 0)
    widget.receive(dated(message, version))
    if widget.error.get("n", 0) == refused + 1:  # answered with an error: nothing changed
        assert widget.error["text"]
        assert game.to_json() == saved and widget.version == version
        assert (widget.decision, widget.controls, widget.pictures, widget.log) == shown
    shown_now = widget.line.game
    assert Game.from_json(shown_now.to_json()) == shown_now
    offered = [a["action"] for a in widget.decision["actions"]]
    assert offered in ([], [str(a) for a in shown_now.legal_actions()])

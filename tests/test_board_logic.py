"""The board's logic with no widget: a :class:`BoardSession` (and a study's)
played by messages, read through what it shows and what it sends, with no
comm, no anywidget, no page."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from covil_nb import CovilError, Game, Study
from covil_nb.widget import payloads, scene
from covil_nb.widget.session import BoardSession
from covil_nb.widget.study_session import StudySession


def opened(session: BoardSession, language: str = "en") -> list[payloads.Traits]:
    """``session`` open in ``language``; the batches it sends from then on."""
    sent: list[payloads.Traits] = []
    session.open(language, sent.append)
    return sent


def offered(session: BoardSession) -> list[str]:
    return [a["action"] for a in session.shown["decision"]["actions"]]


def unchanged(session: BoardSession) -> tuple[Any, ...]:
    """What a message that fails leaves as it was: the game, every payload but the error."""
    shown = {k: v for k, v in session.shown.items() if k != "error"}
    return session.game.to_json(), session.line.game.to_json(), shown


def play_on(session: BoardSession) -> None:
    """Skip a playback under way, then play the first action offered."""
    if session.shown["decision"]["waiting"] == "playback":
        session.call("skip")
    session.call("act", action=offered(session)[0])


def to_playback(session: BoardSession) -> None:
    """Play on until the dummy's answer is played back, two moments or more to go."""
    while session.shown["controls"]["pending"] < 2:
        play_on(session)


def test_the_session_imports_no_widget() -> None:
    probe = "import sys, covil_nb.widget.study_session; print('anywidget' in sys.modules)"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert loaded.stdout.strip() == "False", loaded.stderr


def test_opening_draws_every_payload_in_one_batch() -> None:
    session = BoardSession(Game.solo(seed=9))
    assert session.shown == {}  # nothing drawn before it opens
    sent = opened(session)
    assert len(sent) == 1 and sent[0] == session.shown
    assert session.version == 1 and session.shown["language"] == "en"
    assert offered(session) == [str(a) for a in session.game.legal_actions()]
    assert session.shown["controls"]["steps"] == 0


def test_a_dummys_answer_is_played_back_one_moment_a_step() -> None:
    session = BoardSession(Game.solo(seed=9))
    sent = opened(session)
    to_playback(session)
    pending = session.shown["controls"]["pending"]
    assert session.shown["decision"]["waiting"] == "playback" and offered(session) == []
    moment = session.shown["controls"]["moment"]
    assert moment is not None and moment["index"] == 0
    version, batches = session.version, len(sent)
    session.call("step")
    assert session.shown["controls"]["pending"] == pending - 1
    assert session.version == version + 1 and len(sent) == batches + 1  # one batch a message
    session.call("skip")  # to the person's decision: the playback ends
    assert session.shown["controls"]["pending"] == 0
    assert session.shown["decision"]["waiting"] is None and offered(session)
    with pytest.raises(CovilError, match="nothing to skip"):
        session.call("skip")


def test_a_what_if_line_leaves_the_game_as_it_is() -> None:
    session = BoardSession(Game.solo(seed=9))
    opened(session)
    for _ in range(3):
        play_on(session)
    played = list(session.game.history)
    session.call("try", step=1)
    assert session.shown["controls"]["what_if"] == {"from": 1}
    assert session.line.game.history == played[:1] and session.game.history == played
    other = next(a for a in offered(session) if a != played[1])
    session.call("act", catch_up=True, action=other)
    assert session.line.game.history[:2] == [played[0], other]
    assert session.game.history == played  # the game is not touched
    assert session.as_study().chapters[0].root.variations[0].variations[1].move == other
    session.call("return")
    assert session.line.game is session.game and session.shown["controls"]["what_if"] is None
    with pytest.raises(CovilError, match="no 'what if' line"):
        session.call("return")


def test_a_hint_is_one_of_the_moves_offered_and_counted() -> None:
    session = BoardSession(Game.solo(seed=9))
    opened(session)
    session.call("hint")
    first = session.shown["hint"]
    assert "action" in first and first["action"] in offered(session) and first["text"]
    session.call("hint")
    assert session.shown["hint"]["n"] == first["n"] + 1  # the same hint twice is sent twice
    session.call("act", action=first["action"])
    assert session.shown["hint"] == {}  # a hint belongs to the position it was asked in


def test_the_language_is_sent_first_then_everything_said_in_it() -> None:
    session = BoardSession(Game.solo(seed=9))
    sent = opened(session)
    english = session.shown["decision"]["prompt"]
    del sent[:]
    session.receive({"kind": "language", "code": "pt", "version": session.version})
    assert sent[0] == {"language": "pt"} and len(sent) == 2
    assert session.language == "pt" and session.shown["words"]
    assert session.shown["decision"]["prompt"] != english
    shown = unchanged(session)
    with pytest.raises(CovilError, match="'xx'"):
        session.call("language", code="xx")
    assert unchanged(session) == shown and session.language == "pt"


def test_a_refused_message_changes_nothing_and_is_answered() -> None:
    session = BoardSession(Game.solo(seed=9))
    opened(session)
    shown = unchanged(session)
    for message in (
        {"kind": "act", "action": "move Z9", "version": session.version},
        {"kind": "step", "version": session.version - 1},  # made on an older position
        {"kind": "show", "step": 5, "moment": 0, "version": session.version},
        {"kind": "undo", "version": session.version},
        "not a message",
    ):
        answers = session.shown.get("error", {}).get("n", 0)
        session.receive(message)
        assert session.shown["error"]["n"] == answers + 1 and session.shown["error"]["text"]
        assert unchanged(session) == shown


def test_a_message_that_fails_half_way_is_put_back_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    session = BoardSession(Game.solo(seed=9))
    sent = opened(session)
    play_on(session)
    session.call("skip")
    shown, in_use = unchanged(session), session.sheet.in_use

    def broken(*_args: object, **_kwargs: object) -> None:
        raise CovilError("the drawing broke", "widget")

    monkeypatch.setattr(scene, "pictures", broken)  # after the game played the action
    del sent[:]
    session.receive({"kind": "act", "action": offered(session)[0], "version": session.version})
    assert session.shown["error"]["text"] == "the drawing broke"
    assert unchanged(session) == shown
    assert session.sheet.in_use == in_use
    assert sent[-1] == {"error": session.shown["error"]}  # the refusal, after the put back
    monkeypatch.undo()
    session.call("act", action=offered(session)[0])  # it plays on


def test_a_language_switch_that_fails_keeps_the_language_it_had(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = BoardSession(Game.solo(seed=9))
    opened(session)
    shown = unchanged(session)

    def broken(*_args: object, **_kwargs: object) -> None:
        raise CovilError("the drawing broke", "widget")

    monkeypatch.setattr(scene, "pictures", broken)  # drawn in the new language, after the switch
    session.receive({"kind": "language", "code": "pt", "version": session.version})
    assert session.shown["error"]["text"] == "the drawing broke"
    assert unchanged(session) == shown and session.language == "en"
    monkeypatch.undo()
    session.call("act", action=offered(session)[0])  # it plays on, in English
    assert session.shown["language"] == "en"


def test_a_study_session_walks_and_writes_with_no_widget() -> None:
    game = Game.solo(seed=3)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    session = StudySession(Study.of_game(game, "A start"))
    opened(session)
    assert len(session.shown["tree"]["nodes"]) == 5 and session.shown["at"]["node"] == 0
    session.call("walk", way="next")
    assert session.node.moves() == game.history[:1] and session.shown["at"]["node"] == 1
    session.call("comment", text="A good start.", before=False)
    assert [c["text"] for c in session.shown["at"]["after"]] == ["A good start."]
    session.call("mode", mode="quiz")
    shown = unchanged(session)
    with pytest.raises(CovilError, match="author mode"):
        session.call("comment", text="Not now.", before=False)
    assert unchanged(session) == shown

"""An interrupt (a KeyboardInterrupt, as Ctrl-C raises it) injected at any
line of ``apply``, ``undo``, ``redo`` and of the board's handling of a
message. Each is all or nothing: the game is exactly as before, or exactly
as the same work uninterrupted leaves it (an interrupt after the last change
cannot undo what is done); either way its save loads, every kept state
agrees with the history, it plays on, and the board shows it as it is."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from covil_nb import Game, GameWidget, play_solo
from covil_nb.model import flow
from covil_nb.model.history import KEYFRAME_EVERY

from .faults import interrupt_at, lines_run
from .positions import game, seeds, tables
from .profile import LONG, examples

# Depths around the kept states, where undo and apply change the most.
DEPTHS = st.one_of(
    st.sampled_from(
        [1, KEYFRAME_EVERY - 1, KEYFRAME_EVERY, KEYFRAME_EVERY + 1, 2 * KEYFRAME_EVERY]
    ),
    st.integers(1, 150),
)
# The files whose every line an interrupt may stop at, as a test may ask:
# the Game layer alone (the game and its history), or anything the work
# runs (the rules as Python too).
GAME_LAYER = (
    "covil_nb/model/game.py",
    "covil_nb/model/position.py",
    "covil_nb/model/history.py",
)
SURFACES = {"game": GAME_LAYER, "anywhere": ()}
BOARD = (*GAME_LAYER, "covil_nb/widget/", "covil_nb/drawing/")
GAME_WORK: dict[str, Callable[[Game], object]] = {
    "apply": lambda g: g.apply(g.legal_actions()[len(g.history) % len(g.legal_actions())]),
    "undo": lambda g: g.undo(),
    "redo": lambda g: g.redo(),
}


def twin(table: int, seed: int, steps: int, work: str) -> Game:
    """The game the work is done on: at a position, with an undo first for redo."""
    twin = game(table, seed, steps)
    if work == "redo":
        twin.undo()
    return twin


def assert_sound(victim: Game, like: Game) -> None:
    """``victim`` is ``like`` in every way a game can be looked at, and plays on."""
    assert victim.to_json() == like.to_json()  # state, history and redo list
    assert Game.from_json(victim.to_json()) == victim
    for step in [*range(0, len(victim.history), KEYFRAME_EVERY), len(victim.history)]:
        assert victim.at(step).state == like.at(step).state  # the kept states agree
    if not victim.is_over:
        victim.apply(victim.legal_actions()[0])


@examples(short=40, long=300)
@given(
    tables,
    seeds,
    DEPTHS,
    st.sampled_from(sorted(GAME_WORK)),
    st.sampled_from(sorted(SURFACES)),
    st.floats(0, 1),
)
def test_an_interrupt_anywhere_in_apply_undo_or_redo_is_all_or_nothing(
    table: int, seed: int, steps: int, work: str, surface: str, where: float
) -> None:
    files = SURFACES[surface]
    before = twin(table, seed, steps, work)
    if before.is_over and work == "apply":
        return
    done = twin(table, seed, steps, work)
    GAME_WORK[work](done)
    counted = twin(table, seed, steps, work)
    lines = lines_run(lambda: GAME_WORK[work](counted), files)
    victim = twin(table, seed, steps, work)
    line = max(1, round(where * lines))
    stopped = interrupt_at(line, lambda: GAME_WORK[work](victim), files)
    if stopped is None:
        return  # a cache warmed by the count spared the last lines: the work ended first
    assert_sound(victim, before if victim.to_json() == before.to_json() else done)


@pytest.mark.parametrize("work", sorted(GAME_WORK))
def test_an_interrupt_at_every_line_of_the_game_layer_is_all_or_nothing(work: str) -> None:
    """Every line of the Game layer that the work runs, in turn, at the step that
    keeps a state (the 32nd action) and in a solo game (a dummy answers)."""
    for table, steps in [(1, KEYFRAME_EVERY - 1 + (work != "apply")), (3, 9)]:
        before = twin(table, 1, steps, work)
        done = twin(table, 1, steps, work)
        GAME_WORK[work](done)
        lines = lines_run(partial(GAME_WORK[work], twin(table, 1, steps, work)), GAME_LAYER)
        assert lines > 5
        for line in range(1, lines + 1):
            victim = twin(table, 1, steps, work)
            assert interrupt_at(line, partial(GAME_WORK[work], victim), GAME_LAYER)
            assert_sound(victim, before if victim.to_json() == before.to_json() else done)


# -- the board ----------------------------------------------------------------------------

MESSAGES: dict[str, Callable[[GameWidget], dict[str, Any]]] = {
    "act": lambda w: {"kind": "act", "action": w.decision["actions"][0]["action"]},
    "undo": lambda w: {"kind": "undo"},
    "redo": lambda w: {"kind": "redo"},
    "step": lambda w: {"kind": "step"},
    "skip": lambda w: {"kind": "skip"},
    "show": lambda w: {"kind": "show", "step": 1, "moment": 0},
    "try": lambda w: {"kind": "try", "step": 1},
    "hint": lambda w: {"kind": "hint"},
    "language": lambda w: {"kind": "language", "code": "pt" if w.language == "en" else "en"},
}
SHOWN = ("version", "decision", "controls", "pictures", "log", "past", "hint", "chunks_new")


Position = tuple[int, int, bool]  # a solo board's seed, clicks and undo (see solo_board)
Message = dict[str, Any]


def solo_board(seed: int, clicks: int, undo: bool) -> GameWidget:
    """A solo board after ``clicks`` of the person's first choices (a
    playback may still be under way), one of them undone if asked."""
    widget = play_solo(seed=seed)
    for _ in range(clicks):
        if widget.decision["waiting"] == "playback":
            widget.step()
        elif widget.decision["actions"]:
            widget.act(widget.decision["actions"][0]["action"])
    if undo and widget.game.can_undo:
        widget.undo()
    return widget


def shown(widget: GameWidget) -> tuple[Any, ...]:
    return (widget.game.to_json(), *(getattr(widget, name) for name in SHOWN))


def message(widget: GameWidget, kind: str) -> dict[str, Any]:
    return {**MESSAGES[kind](widget), "version": widget.version}


def assert_board_sound(victim: GameWidget, position: Position, sent: Message, at: str) -> None:
    """The board and its game are as a board at ``position`` was before the
    message, or as after it; the next click is taken, and leaves it as it
    leaves that twin (what the board keeps for later is whole too)."""
    twin = solo_board(*position)
    if shown(victim) != shown(twin):
        twin.receive(sent)
    assert shown(victim) == shown(twin), at
    assert Game.from_json(victim.game.to_json()) == victim.game
    told = victim.error.get("n", 0)  # an interrupt's own answer to the page, if it had one
    for board in (victim, twin):
        board.receive(message(board, "act" if board.decision["actions"] else "step"))
    assert victim.error.get("n", 0) == told, victim.error  # not stuck: the next click is taken
    assert shown(victim) == shown(twin), at


@pytest.mark.parametrize("kind", ["act", "undo", "step"])
def test_an_interrupt_at_every_line_of_a_boards_message_is_all_or_nothing(kind: str) -> None:
    """Every line of the board and the Game layer that one message runs, in
    turn (forty of them, evenly spread, in the short profile)."""
    position = (3, 4, False) if kind != "step" else (3, 1, False)
    counted = solo_board(*position)
    sent = message(counted, kind)
    lines = lines_run(lambda: counted.receive(sent), BOARD)
    for line in range(1, lines + 1, 1 if LONG else max(1, lines // 40)):
        victim = solo_board(*position)
        at = interrupt_at(line, partial(victim.receive, sent), BOARD)
        if at is None:
            break  # the drawing's caches, warm now, spare a few lines: the message ended first
        assert_board_sound(victim, position, sent, at)


@examples(short=20, long=150)
@given(
    st.integers(1, 5),
    st.integers(1, 8),
    st.booleans(),
    st.sampled_from(sorted(MESSAGES)),
    st.floats(0, 1),
)
def test_an_interrupt_anywhere_in_a_boards_message_is_all_or_nothing(
    seed: int, clicks: int, undo: bool, kind: str, where: float
) -> None:
    position = (seed, clicks, undo)
    counted = solo_board(*position)
    if kind == "act" and not counted.decision["actions"]:
        return
    sent = message(counted, kind)  # the same for every twin: they are at one position
    lines = lines_run(lambda: counted.receive(sent))
    if counted.error.get("n", 0):
        return  # not something this board can do now: the bad-message fuzz covers it
    victim = solo_board(*position)
    stopped = interrupt_at(max(1, round(where * lines)), lambda: victim.receive(sent))
    if stopped is None:
        return  # a cache warmed by the count (the drawing's) spared the last lines
    assert_board_sound(victim, position, sent, stopped)


# -- a second interrupt, in the rollback of the first -----------------------------------


@pytest.mark.parametrize("work", sorted(GAME_WORK))
def test_a_second_interrupt_anywhere_in_the_rollback_leaves_the_game_whole(
    work: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The work stops in the rules (``flow.play`` raises, each time), and a
    second interrupt lands at any line of the Game layer on the way out,
    in the rollback too: the game, read next, is as it was, its state what
    its history replays to, and it plays on."""
    position = (1, KEYFRAME_EVERY + 3 - (work == "apply"), work)  # past a kept state
    before = twin(1, 1, position[1], work).to_json()

    def stopped(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt("stopped in the rules")

    counted = twin(1, 1, position[1], work)
    monkeypatch.setattr(flow, "play", stopped)
    lines = lines_run(partial(_stopped, GAME_WORK[work], counted), GAME_LAYER)
    for line in range(1, lines + 1):
        monkeypatch.setattr(flow, "play", REAL_PLAY)
        victim = twin(1, 1, position[1], work)
        monkeypatch.setattr(flow, "play", stopped)
        interrupt_at(line, partial(_stopped, GAME_WORK[work], victim), GAME_LAYER)
        monkeypatch.setattr(flow, "play", REAL_PLAY)
        assert victim.to_json() == before, line
        assert Game.replay(victim.record()).read_state() == victim.read_state(), line
        victim.apply(victim.legal_actions()[0])


REAL_PLAY = flow.play


def _stopped(work: Callable[[Game], object], game: Game) -> None:
    """``work`` on ``game``, stopped by the interrupt the rules raise."""
    with pytest.raises(KeyboardInterrupt):
        work(game)

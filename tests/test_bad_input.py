"""Bad input of any kind raises the one exception type, CovilError, and
leaves the game exactly as it was: each case found by hand or by a fuzzer,
kept (the fuzz suite in tests/fuzz draws thousands more), and work stopped
halfway (an error or an interrupt) leaving the game and the board as they were."""

from __future__ import annotations

import json
import pickle
import threading
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from covil_nb import CovilError, CovilTypeError, Game, Scenario, play_solo
from covil_nb.bots import evaluate, margin
from covil_nb.model import codec, flow
from covil_nb.model.actions import Action
from covil_nb.model.maps import load_board
from covil_nb.model.playthrough import random_game
from covil_nb.model.saves import SAVE_FORMAT, SAVE_VERSION
from covil_nb.widget import scene


@cache
def position_record(seed: int, steps: int) -> str:
    """A save of a random position: ``steps`` random actions from a seeded deal."""
    game = Game.new(["yellow", "red", "green"], board="A", seed=seed)
    return random_game(game, seed, steps).to_json()


def as_position(save: str) -> dict[str, Any]:
    """The save's position as a record of its own: no deal, no actions."""
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "position": json.loads(save)["state"]}


def test_an_illegal_move_names_the_rule_and_the_alternatives() -> None:
    game = Game.new(["yellow", "red"], seed=4)
    with pytest.raises(CovilError) as refused:
        game.apply("start E")
    assert refused.value.rule == "Setup I: Choose starting zones"
    assert "start H" in refused.value.message and "start E" in refused.value.message


# -- save files ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "the save is not valid JSON"),
        ("{", "the save is not valid JSON"),
        ("[]", "$.format: not a covil_nb game record"),
        ("null", "$.format: not a covil_nb game record"),
        ('{"format": "covil_nb/game"}', "$.version: save version None is not 1"),
        ('{"format": "covil_nb/game", "version": 1}', "$: a record needs a 'new' or a 'position'"),
        ('{"format": "covil_nb/game", "version": 1, "new": 3}', "$.new must be an object"),
        ('{"format": "covil_nb/game", "version": 1, "new": {}}', "$.new.players: expected a list"),
        ('{"format": "covil_nb/game", "version": 1, "x": 1}', "$: unknown field 'x'"),
    ],
)
def test_malformed_save_files(text: str, said: str) -> None:
    with pytest.raises(CovilError) as refused:
        Game.from_json(text)
    assert refused.value.message.startswith(said)


def test_a_save_with_an_illegal_action_names_it() -> None:
    record = Game.new(["yellow", "red"], seed=1).record()
    record["actions"] = ["start H", "start H"]
    with pytest.raises(CovilError, match="action #2 'start H'"):
        Game.replay(record)


def test_a_tampered_state_is_detected() -> None:
    save = json.loads(position_record(2, 30))
    save["state"]["players"][0]["gold"] = 4 if save["state"]["players"][0]["gold"] != 4 else 3
    with pytest.raises(
        CovilError, match=r"\$\.state\.players\[0\]\.gold: the save says [34], the replayed"
    ):
        Game.from_json(json.dumps(save))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": ["yellow"]},
        {"players": ["yellow", "yellow"]},
        {"players": ["pink", "red"]},
        {"players": "yellow,red"},
        {"players": ["yellow", "red", "green", "blue"], "board": "B"},
        {"players": ["yellow", "red"], "board": "Z"},
        {"players": ["yellow", "red"], "board": 5},
        {"players": ["yellow", "red"], "seed": "1"},
        {"players": ["yellow", "red"], "edition": "fr"},
        {"players": ["yellow", "red"], "edition": 3},
        {"players": ["yellow", "red"], "dummies": 7},
        {"players": ["yellow", "red"], "dummies": ["red"], "next_to_yours": 1},
        {"players": ["yellow", "red"], "rules": "pt"},
        {"players": ["yellow", "red"], "cards": "reference"},
    ],
)
def test_bad_setup_arguments(kwargs: dict) -> None:
    # A CovilError on both engines: the compiled deal takes these as Any and
    # checks each by hand, where a compiled function would raise TypeError.
    with pytest.raises(CovilError):
        Game.new(**kwargs)


@pytest.mark.parametrize("name", ["Z", 5, None])
def test_an_unknown_board_is_refused_by_name(name: object) -> None:
    with pytest.raises(CovilError, match="unknown board"):
        load_board(name)


# -- found by the fuzzer (issue 18) --------------------------------------------------


def test_a_deeply_nested_save_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(CovilError, match=f"nests deeper than {codec.MAX_DEPTH} levels"):
        Game.from_json("[" * 100_000 + "]" * 100_000)


@pytest.mark.parametrize("size", [6_000_000, 61_000_000])
def test_a_huge_save_is_refused_before_it_is_read(tmp_path: Path, size: int) -> None:
    padded = position_record(1, 10).replace('"players": [', '"players": [' + " " * size, 1)
    with pytest.raises(CovilError, match=f"{len(padded):,} characters long"):
        Game.from_json(padded)
    path = tmp_path / "huge.json"
    path.write_text(padded)
    with pytest.raises(CovilError, match="is longer than a save's 1,048,576 characters at most"):
        Game.load(path)


def test_a_position_whose_player_is_no_color_of_the_game_is_refused() -> None:
    record = as_position(position_record(1, 30))
    record["position"]["players"][1]["color"] = "pink"
    with pytest.raises(CovilError, match=r"\$\.position: .*players must be distinct colors"):
        Game.replay(record)


def a_position_with(step: str) -> dict[str, Any]:
    """A position whose decision stack holds ``step`` above its turn."""
    for steps in range(10, 200):
        record = as_position(position_record(2, steps))
        if any(frame["kind"] == step for frame in record["position"]["stack"][2:]):
            return record
    raise AssertionError(f"no random position has a {step} step")


def test_a_position_whose_stack_names_no_troop_is_refused() -> None:
    record = a_position_with("troop-action")
    frame = next(f for f in record["position"]["stack"] if f["kind"] == "troop-action")
    frame["troop"] = "red"
    with pytest.raises(CovilError, match=r"\$\.position: .* its troop 'red' is no troop on the"):
        Game.replay(record)


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("player", "pink", "'pink' is not one of the players"),
        ("troop", "Y9", "'Y9' is no troop on the board"),
        ("target", "fortress-pink", "names no fortress on the board"),
        ("cost", 10**6, "out of range"),
    ],
)
def test_every_name_on_the_stack_is_checked_against_the_table(
    field: str, value: object, said: str
) -> None:
    record = as_position(position_record(2, 5))
    step = {"kind": "combat", "attacker": "yellow", "troop": "Y1", "target": "fortress-red"}
    if field in ("player", "cost"):
        step = {"kind": "purchase", "player": "yellow", "card": "mud-sentry", "cost": 1}
    record["position"]["stack"].append({**step, field: value})
    with pytest.raises(CovilError, match=said):
        Game.replay(record)


def test_an_attack_on_the_attackers_own_troop_is_refused() -> None:
    record = as_position(position_record(2, 5))
    own = {"kind": "combat", "attacker": "red", "troop": "R1", "target": "R2", "stage": "respond"}
    record["position"]["stack"].append(own)
    with pytest.raises(CovilError, match="R2 is red's own: an attack is on an enemy"):
        Game.replay(record)


def test_a_stack_the_checks_miss_is_refused_once_the_rules_stop_on_it() -> None:
    """The last guard: a position is tried before it is built, its decision
    written and each of its actions played on a copy. The rebels' attack
    names only things of the game, on a step it may follow, but no rebel
    attack stops to choose its troop: the rules cannot go on from it."""
    record = as_position(position_record(2, 5))
    rebels = {"kind": "combat", "attacker": None, "target": "Y1", "stage": "troop"}
    record["position"]["stack"][2:] = [rebels]
    with pytest.raises(CovilError, match="the rules cannot go on from its decision stack"):
        Game.replay(record)


def test_a_purchase_pledges_what_its_buyer_has() -> None:
    record = as_position(position_record(2, 5))
    relic = {"kind": "purchase", "player": "yellow", "card": "kraken-ink", "cost": 3}
    record["position"]["stack"][2:] = [{**relic, "relics": ["kraken-ink"], "gold": 9}]
    with pytest.raises(CovilError) as refused:
        Game.replay(record)
    for said in ["'kraken-ink' is not in the pool", "9 gold pledged", "not all of them in"]:
        assert said in refused.value.message


def test_a_step_on_a_step_the_engine_never_puts_it_on_is_refused() -> None:
    record = as_position(position_record(2, 5))
    record["position"]["stack"].append({"kind": "turn", "player": "red"})
    with pytest.raises(CovilError, match=r"step 3 of the stack \(turn\) cannot follow a purchase"):
        Game.replay(record)


def test_duplicate_dummies_are_refused_in_a_deal_and_in_a_save() -> None:
    with pytest.raises(CovilError, match="each dummy is a seat, named once"):
        Game.new(["yellow", "red"], seed=1, dummies=["red", "red"])
    record = Game.new(["yellow", "red"], seed=1, dummies=["red"]).record()
    record["new"]["dummies"] = ["red", "red"]
    with pytest.raises(CovilError, match=r"\$\.new: each dummy is a seat"):
        Game.replay(record)
    position = as_position(Game.solo(seed=1).to_json())
    position["position"]["options"]["dummies"] = ["red", "red"]
    with pytest.raises(CovilError, match="each dummy is a seat"):
        Game.replay(position)


def s() -> Scenario:
    """A new scenario of yellow and red, for the wrong types to be given to."""
    return Scenario(["yellow", "red"])


WRONG_TYPES = [
    ("the Action's args", lambda g: g.apply(Action("start", ((),)))),
    ("the Action's args", lambda g: g.apply(Action("start", (1,)))),
    ("Game.player: color must be text, not None", lambda g: g.player(None)),
    ("Game.for_seat: seed must be a whole number, not 1.5", lambda g: g.for_seat("red", 1.5)),
    # These check their arguments by hand (search calls them in a loop; the
    # evaluation is compiled).
    ("Game.copy: log must be True or False, not 0", lambda g: g.copy(log=0)),
    ("Game.copy: undo must be True or False, not 'x'", lambda g: g.copy(undo="x")),
    ("margin: color must be text, not 3", lambda g: margin(g, 3)),
    ("margin: game must be a Game, not None", lambda g: margin(None, "red")),
    ("evaluate: color must be text, not 3", lambda g: evaluate(g, 3)),
    ("evaluate: game must be a Game, not None", lambda g: evaluate(None, "red")),
    ("Game.load: path must be text or a path, not None", lambda g: Game.load(None)),
    ("Game.load: path must be text or a path, not 1.5", lambda g: Game.load(1.5)),
    ("Game.solo: dummies must be a list of texts, not 1.5", lambda g: Game.solo(dummies=1.5)),
    ("Scenario.gold: amount must be a whole number, not '3'", lambda g: s().gold("yellow", "3")),
    ("Scenario.rebels: count must be a whole number", lambda g: s().rebels("2")),
    ("Scenario.day: day must be a whole number", lambda g: s().day(None)),
    ("Scenario.scepter: color must be text, not 3", lambda g: s().scepter(3)),
    ("Scenario.fortress: zone must be text, not 5", lambda g: s().fortress("red", 5)),
    ("Scenario.troops: standing must be a whole number", lambda g: s().troops("red", "H", "1")),
    ("Scenario.hall: minions must be a list of texts or pairs", lambda g: s().hall("red", 5)),
    ("Scenario.hand: relics must be a list of texts, not 5", lambda g: s().hand("red", 5)),
    (
        "Scenario.active: relics must be a list of texts, not None",
        lambda g: s().active("red", None),
    ),
    ("Scenario.pool: cards must be a list of texts, not 3", lambda g: s().pool(3)),
    ("Scenario.overlord: card must be text, not 3", lambda g: s().overlord("red", 3)),
    ("Scenario.relic_deck_top: relics must be a list of texts", lambda g: s().relic_deck_top(1)),
    ("Scenario.afternoon: turn must be text or None, not 3", lambda g: s().afternoon(3)),
]


@pytest.mark.parametrize(("said", "call"), WRONG_TYPES, ids=[s for s, _ in WRONG_TYPES])
def test_a_wrong_type_at_a_public_entry_point_is_refused_by_name(said: str, call: Any) -> None:
    """Each names the function, the argument, what it accepts and what it got."""
    game = Game.new(["yellow", "red"], seed=1)
    before = game.to_json()
    with pytest.raises(CovilTypeError) as refused:
        call(game)
    assert isinstance(refused.value, TypeError) and isinstance(refused.value, CovilError)
    shown = str(refused.value)
    assert said in shown or ("args a tuple of texts" in shown and said == "the Action's args")
    assert game.to_json() == before


def test_a_file_name_no_file_system_takes_is_refused() -> None:
    with pytest.raises(CovilError, match="cannot read the save file"):
        Game.load("\ud800")


# -- work stopped halfway ---------------------------------------------------------------


def failing_once(monkeypatch: pytest.MonkeyPatch, calls_before: int = 0) -> None:
    """``flow.play`` fails at its call after ``calls_before`` others, once."""
    real, calls = flow.play, [0]

    def play(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == calls_before + 1:
            monkeypatch.setattr(flow, "play", real)
            raise RuntimeError("a bug in a rule")
        return real(*args, **kwargs)

    monkeypatch.setattr(flow, "play", play)


def test_an_undo_that_fails_leaves_the_game_and_its_save_as_they_were(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.from_json(position_record(3, 40))
    before = game.to_json()
    failing_once(monkeypatch, calls_before=3)  # undo plays the actions since the last kept state
    with pytest.raises(RuntimeError, match="a bug in a rule"):
        game.undo()
    assert game.to_json() == before and Game.from_json(game.to_json()) == game
    assert game.at(32).state == Game.from_json(before).at(32).state


def test_a_redo_that_fails_keeps_the_action_to_redo(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.from_json(position_record(3, 40))
    undone = game.undo()
    before = game.to_json()
    failing_once(monkeypatch)
    with pytest.raises(RuntimeError, match="a bug in a rule"):
        game.redo()
    assert game.to_json() == before and game.can_redo
    game.redo()
    assert game.history[-1] == undone


def test_a_board_that_fails_to_redraw_shows_the_game_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = play_solo(seed=2)
    version, decision, saved = board.version, board.decision, board.game.to_json()
    real = scene.decision_json

    def broken(*args: Any) -> Any:
        monkeypatch.setattr(scene, "decision_json", real)
        raise RuntimeError("a bug in the drawing")

    monkeypatch.setattr(scene, "decision_json", broken)
    with pytest.raises(RuntimeError, match="a bug in the drawing"):
        board.receive(
            {"kind": "act", "version": version, "action": decision["actions"][0]["action"]}
        )
    assert (board.version, board.decision, board.game.to_json()) == (version, decision, saved)
    assert "covil_nb failed on this message" in board.error["text"]
    board.act(decision["actions"][0]["action"])  # not stuck: the same click now works
    assert board.game.history


def test_a_rollback_stopped_too_is_done_again_on_the_next_look(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C twice: once in the action, once in the rollback that replays
    the actions since the last kept state. The game plays them again
    whenever it is next read, and is as it was."""
    game = Game.from_json(position_record(3, 40))  # 8 actions since the last kept state
    before = game.to_json()
    real, calls = flow.play, [0]

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] in (1, 3):  # the action, then the rollback's second replayed action
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(flow, "play", interrupted)
    with pytest.raises(KeyboardInterrupt):
        game.apply(game.legal_actions()[0])
    monkeypatch.setattr(flow, "play", real)
    assert game.to_json() == before and Game.from_json(game.to_json()) == game
    game.apply(game.legal_actions()[0])  # and it plays on


def test_a_search_copy_stopped_halfway_refuses_to_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    copy = Game.from_json(position_record(3, 20)).copy(log=False)
    failing_once(monkeypatch)
    with pytest.raises(RuntimeError, match="a bug in a rule"):
        copy.apply(copy.legal_actions()[0])
    for look in (
        copy.legal_actions,
        copy.copy,
        lambda: copy.for_seat("red", 1),
        lambda: copy.state,
    ):
        with pytest.raises(CovilError, match="stopped in the middle of an action"):
            look()


def test_a_saves_redo_list_is_tried_when_it_loads() -> None:
    game = Game.from_json(position_record(1, 30))
    game.undo()
    save = json.loads(game.to_json())
    save["redo"] = ["fly to-the-moon"]
    with pytest.raises(CovilError, match=r"\$\.redo\[0\]: 'fly to-the-moon' cannot be redone"):
        Game.from_json(json.dumps(save))


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,  # never closed
        "[" * 100_000 + "]",
        '{"a":' * 100_000,
        "[" * 100_000 + '"',
        "]" * 5 + "[" * 20,
    ],
)
def test_brackets_never_closed_count_as_nesting(text: str) -> None:
    with pytest.raises(CovilError, match="nests deeper"):
        Game.from_json(text)


def test_a_save_of_escaped_quotes_is_refused_in_linear_time() -> None:
    """A quote never closed is read to the end once, not again from each
    quote after it (which took 3 s for 32 KB)."""
    with pytest.raises(CovilError, match="not valid JSON"):
        Game.from_json('"' + '\\"' * 400_000)


def test_a_save_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    game = Game.from_json(position_record(1, 10))
    path = tmp_path / "notepad.json"
    path.write_bytes(b"\xef\xbb\xbf" + game.to_json().encode())
    assert Game.load(path) == game


def test_a_position_changed_by_hand_is_read_back_as_a_save_is(two_players: Scenario) -> None:
    state = two_players.afternoon().build().state
    state.players[0].hand.append(3)  # type: ignore[arg-type]  # a list takes it on either engine
    with pytest.raises(CovilError, match=r"state\.players\[0\]\.hand\[0\]: expected text, got 3"):
        Game.from_position(state)


@pytest.mark.parametrize(
    ("call", "said"),
    [
        (lambda: Game.replay("{}"), "read the text of a save with Game.from_json"),
        (lambda: Game.new(["yellow", "red"], seed=1).apply(2), r"legal_actions\(\)\[2\]"),
        (lambda: Game.solo("yellow", dummies=["yellow"]), "yellow is your seat"),
        (lambda: Scenario(["yellow", "red"]).troops("red", "H", standing=-1), "whole numbers"),
    ],
)
def test_mistakes_a_learner_makes_are_told_plainly(call: Any, said: str) -> None:
    with pytest.raises(CovilError, match=said):
        call()


def test_a_board_whose_game_was_changed_by_code_shows_it_and_refuses_the_old_click() -> None:
    board = play_solo(seed=2)
    seen = board.decision["actions"][0]["action"]
    board.game.apply(seen)  # a cell plays on the board's game directly
    board.receive({"kind": "act", "version": board.version, "action": seen})
    assert "changed outside the board" in board.error["text"]
    assert board.decision["actions"] == [] or board.decision["actions"][0]["action"] != seen
    assert board.game.history == [seen]  # the old click was not played again
    refused = board.error["n"]
    board.act(board.decision["actions"][0]["action"])  # the redrawn board takes clicks
    assert board.error["n"] == refused and len(board.game.history) == 2


def test_a_click_handled_beside_a_running_cell_waits_for_the_game() -> None:
    """Comms over subshells: a click is handled on another thread while a
    cell plays the same game. The cell holds the game's lock; the click
    waits, then finds the game moved on and says so."""
    board = play_solo(seed=2)
    game, click = board.game, board.decision["actions"][0]["action"]
    version, handled = board.version, threading.Event()

    def clicked() -> None:
        board.receive({"kind": "act", "version": version, "action": click})
        handled.set()

    with game.lock:  # the cell, playing
        clicker = threading.Thread(target=clicked)
        clicker.start()
        assert not handled.wait(0.3)  # the click waits for the cell
        game.apply(click)
    clicker.join(10)
    assert handled.is_set() and game.history == [click]
    assert "changed outside the board" in board.error["text"]


def test_a_call_from_python_after_code_changed_the_game_is_judged_on_the_game_as_it_is() -> None:
    board = play_solo(seed=2)
    board.game.apply(board.decision["actions"][0]["action"])
    version = board.version
    action = str(board.game.legal_actions()[0])
    board.act(action)  # names its action: no picture to be out of date
    assert board.game.history[-1] == action and board.version > version + 1
    assert not board.error


def playing_held(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, threading.Event]:
    """``flow.play`` held in the middle of an action (the record not yet
    written) until told to go on: (it has started, go on)."""
    real, started, go_on = flow.play, threading.Event(), threading.Event()

    def held(*args: Any) -> Any:
        if not started.is_set():
            started.set()
            go_on.wait(10)
        return real(*args)

    monkeypatch.setattr(flow, "play", held)
    return started, go_on


def test_a_game_read_from_another_thread_mid_action_waits_and_is_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.from_json(position_record(3, 40))
    started, go_on = playing_held(monkeypatch)
    player = threading.Thread(target=game.apply, args=(game.legal_actions()[0],))
    player.start()
    assert started.wait(10)
    saved: list[str] = []
    reader = threading.Thread(target=lambda: saved.append(game.to_json()))
    reader.start()
    reader.join(0.3)
    assert reader.is_alive() and not saved  # it waits for the action
    go_on.set()
    player.join(10)
    reader.join(10)
    assert Game.from_json(saved[0]) == game  # the save read meanwhile is of the whole game
    assert Game.replay(game.record()).read_state() == game.read_state()


def test_a_page_click_waiting_for_a_cell_is_judged_on_the_board_the_cell_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The page clicks 'undo' on its picture; a cell is acting on the board
    meanwhile. The click is read once the cell is done: made on a picture
    the board has moved on from, it is refused, not played on the new one."""
    board = play_solo(seed=2)
    board.act(board.decision["actions"][0]["action"])
    seen = board.version
    with board.game.lock:  # the cell
        clicker = threading.Thread(target=board.receive, args=({"kind": "undo", "version": seen},))
        clicker.start()
        clicker.join(0.3)
        board.act(board.game.legal_actions()[0])
        history = board.game.history
        assert clicker.is_alive()  # the click waits for the cell
    clicker.join(10)
    assert board.game.history == history  # the undo was not played on the cell's move
    assert "the board has moved on" in board.error["text"]


def test_a_refused_call_after_code_changed_the_game_leaves_the_board_showing_it() -> None:
    board = play_solo(seed=2)
    played = board.decision["actions"][0]["action"]
    board.game.apply(played)
    with pytest.raises(CovilError, match="'fly to-the-moon' is not allowed"):
        board.act("fly to-the-moon")
    assert played not in [a["action"] for a in board.decision["actions"]]
    assert board.controls["steps"] == 1  # the board shows the game as it is
    board.receive({"kind": "step", "version": board.version})
    assert "changed outside" not in board.error["text"]


def test_a_game_pickles_without_its_lock() -> None:
    game = Game.from_json(position_record(3, 40))
    again = pickle.loads(pickle.dumps(game))
    assert again.to_json() == game.to_json()
    with again.lock:  # a lock of its own
        again.undo()
    assert game.history[:-1] == again.history


@pytest.mark.parametrize(
    ("where", "value", "said"),
    [
        (("retaliation",), ["x" * 1000], "the rebels' target 'xxx"),
        (("options", "cards"), "x", "the cards are 'x'"),
    ],
)
def test_every_text_of_a_position_names_something_of_the_game(
    where: tuple[str, ...], value: object, said: str
) -> None:
    """A text the checks let through would load, and its save, too long to
    load again (the long fuzz profile found a megabyte rebels' target)."""
    record = as_position(position_record(2, 5))
    parent = record["position"]
    for key in where[:-1]:
        parent = parent[key]
    parent[where[-1]] = value
    with pytest.raises(CovilError, match=said):
        Game.replay(record)


def test_an_effects_source_is_a_card_of_the_game() -> None:
    record = as_position(position_record(2, 5))
    effect = {"kind": "instant", "player": "yellow", "source": "x" * 99, "effect": "rest"}
    record["position"]["stack"][2:] = [effect]
    with pytest.raises(CovilError, match=r"its source 'xxx.*names no card of this game"):
        Game.replay(record)

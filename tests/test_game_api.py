"""The game's public face beyond the rules: seeds, saves and files, time travel
(``at``, ``moments``), explanations, the combat view, and playing bots forward."""

from __future__ import annotations

import json
import random
import shutil
from itertools import pairwise

import pytest

from covil_nb.bots import RandomBot, advance, make_bot
from covil_nb.bots import play as play_bots
from covil_nb.lessons import play
from covil_nb.model import CovilError, Game, load_cards, morning, night
from covil_nb.model.cards import REFERENCE_DIR
from covil_nb.model.playthrough import random_game
from covil_nb.model.position import Position
from covil_nb.model.scenario import Scenario
from covil_nb.model.table import Table

# -- seeds ---------------------------------------------------------------------------


@pytest.mark.engines
def test_a_game_without_a_seed_picks_one_and_replays_exactly():
    first, second = Game.new(["yellow", "red"]), Game.new(["yellow", "red"])
    assert first.seed != second.seed  # 1 chance in 4 billion of a false alarm
    random_game(first, 1, 40)
    assert Game.replay(first.record()) == first
    assert first.record()["new"]["seed"] == first.seed


@pytest.mark.engines
def test_a_given_seed_is_exact():
    assert Game.new(["yellow", "red"], seed=12).state == Game.new(["yellow", "red"], seed=12).state
    assert Game.new(["yellow", "red"], seed=12).seed == 12


# -- winners, files ------------------------------------------------------------------


def test_winners_are_empty_until_the_game_is_over():
    game = Game.new(["yellow", "red"], seed=4)
    assert game.winners == []
    random_game(game, 4, 30)
    assert not game.is_over and game.winners == []


def test_save_and_load_files(tmp_path):
    game = random_game(Game.new(["yellow", "red"], seed=2), 2, 25)
    path = game.save(tmp_path / "game.json")
    assert Game.load(path) == game
    with pytest.raises(CovilError, match=r"wants the text of a save, not a path: use Game.load"):
        Game.from_json(str(path))
    with pytest.raises(CovilError, match="not a path"):
        Game.from_json(path)  # type: ignore[arg-type]
    with pytest.raises(CovilError, match="cannot read the save file"):
        Game.load(tmp_path / "missing.json")


def test_a_game_with_a_custom_card_set_saves_and_loads(tmp_path):
    folder = tmp_path / "cards"
    shutil.copytree(REFERENCE_DIR, folder)
    relics = json.loads((folder / "relics.json").read_text())
    relics["cards"][0]["gold"] = 4  # a printed copy may differ from the reference set
    (folder / "relics.json").write_text(json.dumps(relics))
    cards = load_cards(folder)
    game = random_game(Game.new(["yellow", "red"], seed=6, cards=cards), 6, 30)
    loaded = Game.from_json(game.to_json())
    assert loaded == game
    assert loaded.cards.relic(relics["cards"][0]["id"]).gold == 4


def test_a_custom_scenario_saves_and_loads(tmp_path):
    cards = load_cards(REFERENCE_DIR)  # a separate load counts as a custom set
    s = Scenario(["yellow", "red"], seed=3, cards=cards)
    game = s.fortress("yellow", "J").fortress("red", "H").afternoon("yellow").build()
    assert Game.from_json(game.to_json()) == game


# -- time travel -----------------------------------------------------------------------


def test_at_branches_off_the_history_without_touching_the_game():
    game = random_game(Game.new(["yellow", "red"], seed=8), 8, 30)
    before = game.to_json()
    past = game.at(10)
    assert past.history == game.history[:10]
    assert past.state == game.at(10).state
    past.redo()
    assert past.history == game.history[:11]
    past.undo()
    past.undo()
    random_game(past, 99, 15)  # a "what if" line
    assert game.to_json() == before
    assert game.at(len(game.history)) == game


def test_at_refuses_steps_outside_the_history():
    game = random_game(Game.new(["yellow", "red"], seed=8), 8, 3)
    for bad in (-1, 4, "2", True):
        with pytest.raises(CovilError, match="step"):
            game.at(bad)  # type: ignore[arg-type]


def test_moments_show_each_dummy_step_in_turn():
    game = Game.solo(seed=1)
    game.apply("start A")
    chooser = random.Random(0)
    while len(game.moments()) == 1:
        game.apply(chooser.choice(game.legal_actions()))
    moments = game.moments()
    assert moments[0].player == "yellow" and moments[0].actions == (game.history[-1],)
    assert all(m.player == "red" and m.reason for m in moments[1:])
    assert moments[-1].game.state == game.state
    assert [e for m in moments for e in m.events] == game.log[
        -sum(len(m.events) for m in moments) :
    ]
    # the positions in between differ: each dummy step changed something
    states = [m.game.state for m in moments]
    assert all(a != b for a, b in pairwise(states))


@pytest.mark.parametrize("solo", [True, False])
def test_moments_show_each_step_of_the_night_in_turn(solo: bool) -> None:
    """The night is played by the rules alone; a board shows it one step at a
    time: each step's moment is told by its rule, no one decides there, and
    the moments together are the whole step, ending at the position after it."""
    game = Game.solo(seed=3) if solo else Game.new(["yellow", "red"], seed=3)
    chooser = random.Random(4)
    while game.day < 3:
        game.apply(chooser.choice(game.legal_actions()))
    # The last step in which a night fell.
    step = max(i for i in range(len(game.history)) if game.at(i + 1).day > game.at(i).day)
    moments = game.moments(step)
    nights = [m for m in moments if m.player == ""]
    assert all(m.actions == () for m in nights)
    # Each step of the night that said something is a moment, told by the step's rule.
    order = list(night.STEP_TITLES.values())
    told = [order.index(m.reason) for m in nights if m.reason in order]
    assert told == sorted(told) and len(told) >= 4, [m.reason for m in nights]
    paused = [m for m in moments if m.game.paused]
    assert paused and all(m.game.decision is None for m in paused)
    # The morning after is a moment of its own, told by its rule: the night's
    # moments end when the scepter has passed, before anyone stands up.
    (dawn,) = [m for m in nights if m.reason == morning.PHASE]
    assert dawn.events[0].text == f"Day {game.at(step + 1).day}: morning."
    dusk = nights[nights.index(dawn) - 1]
    assert dusk.events[-1].kind == "scepter" and dusk.game.phase == "morning"
    assert [m.game.phase for m in paused if m is not dusk] == ["night"] * (len(paused) - 1)
    assert str(night.caption(dusk.game.read_state())).startswith("the night is over")
    assert all(m.game.paused == m.reason for m in paused if m.player == "")
    # Such a position is for looking at: playing there is refused, and says why.
    inside = paused[-1].game
    for copy in (inside, inside.copy(), inside.for_seat("yellow", seed=1)):
        assert copy.paused and copy.decision is None and not copy.legal_actions()
        with pytest.raises(CovilError, match=r"inside the night.*for looking at"):
            copy.apply("end")
    assert moments[-1].game.state == game.at(step + 1).state
    after, before = game.at(step + 1).log, game.at(step).log
    assert [e for m in moments for e in m.events] == after[len(before) :]
    # The night in a few lines: each fee's gold, the raid, the rebels in town.
    events = [e for m in moments for e in m.events]
    rebels = moments[-1].game.read_state().rebels
    fee, raid, *_ = [str(line) for line in night.summary(events, rebels)]
    gold = [e for e in events if e.rule == night.FEE and e.kind == "gold"]
    assert fee.count(" gold (") == len(gold)
    assert raid.endswith(f"rebels {rebels}/5 in town.")


def test_the_last_night_has_no_morning_after_it() -> None:
    """After the 4th night the game ends: its moments end with the rules'
    last word, and no morning (nor a scepter passing) is told."""
    game, chooser = Game.new(["yellow", "red"], seed=6), random.Random(6)
    while not game.is_over:
        game.apply(chooser.choice(game.legal_actions()))
    nights = [m for m in game.moments() if m.player == ""]
    assert nights and all(m.reason != morning.PHASE for m in nights)
    assert not [e for m in nights for e in m.events if e.kind == "scepter"]
    assert nights[-1].events[-1].text == "The 4th night is over: the game ends."


def test_moments_of_an_ordinary_step_is_the_step_itself():
    game = random_game(Game.new(["yellow", "red"], seed=5), 5, 12)
    (only,) = game.moments(11)
    assert only.actions == (game.history[11],) and only.game.state == game.at(12).state
    assert only.player == game.at(11).decision.player and only.reason == ""
    assert list(only.events) == game.at(12).log[len(game.at(11).log) :]
    (last,) = game.moments()
    assert last.game.state == game.state and last.events == tuple(game.log[-len(last.events) :])


# -- explanations and the combat view --------------------------------------------------------


def test_explain_gives_the_label_of_a_legal_action_and_why_not_otherwise():
    game = Game.new(["yellow", "red"], seed=3)
    assert game.explain("start H") == "Place the fortress and 2 troops in zone H"
    why = game.explain("start A")
    assert "not allowed" in why and "Setup I" in why


def test_refusal_is_the_error_apply_would_raise_and_none_when_allowed():
    game = Game.new(["yellow", "red"], seed=3)
    assert game.refusal("start H") is None
    before = game.to_json()
    refusal = game.refusal("start A")
    with pytest.raises(CovilError) as raised:
        game.apply("start A")
    assert refusal is not None and str(refusal) == str(raised.value) == game.explain("start A")
    assert refusal.rule == "Setup I: Choose starting zones"
    assert refusal.reason == "zone A is not a spiral: fortresses start on H, I, J, K"
    assert game.to_json() == before


def test_the_combat_view_shows_both_strengths(two_players):
    s = two_players.troops("yellow", "H", standing=1).troops("red", "H", lying=1)
    game = s.afternoon(turn="yellow").build()
    assert game.combat is None
    play(game, "lie Y1", "attack R1")
    view = game.combat
    assert view is not None and view.stage == "minion" and view.style == "melee"
    play(game, "exhaust iron-marshal")
    view = game.combat
    assert (view.attacker, view.defender, view.responder) == ("yellow", "red", "red")
    assert (view.attack.total, view.defense.total) == (4, 1)


# -- bots -------------------------------------------------------------------------------------


def test_advance_plays_the_bot_seats_up_to_a_human_decision():
    game = Game.new(["yellow", "red"], seed=9)
    game.apply("start H")
    played = advance(game, {"red": RandomBot(1)})
    assert played and game.decision.player == "yellow"
    assert advance(game, {"red": RandomBot(1)}) == []  # yellow decides: nothing to do


def test_play_names_a_seat_without_a_bot():
    with pytest.raises(CovilError, match="no bot for red"):
        play_bots(Game.new(["yellow", "red"], seed=1), {"yellow": RandomBot(0)})


def test_the_dummy_bot_has_the_name_the_tournament_uses():
    assert make_bot("dummy").name == "dummy"


def test_a_card_set_too_small_for_the_solo_setup_is_refused(tmp_path):
    folder = tmp_path / "cards"
    shutil.copytree(REFERENCE_DIR, folder)
    mercenaries = json.loads((folder / "mercenaries.json").read_text())
    for card in mercenaries["cards"]:
        if card["cost"] in (8, 10):
            card["cost"] = 6
    (folder / "mercenaries.json").write_text(json.dumps(mercenaries))
    with pytest.raises(CovilError, match=r"takes 1 mercenary costing 8 or 10: 1 in all, and"):
        Game.solo(seed=1, cards=load_cards(folder))


def test_a_position_alone_reads_its_table_as_the_game_does() -> None:
    """Position's own readers (the state as given, the decision worked out
    anew) agree with the Game's, which keeps its decision and repairs its table."""
    game = Game.new(["yellow", "red"], seed=5)
    for action in ("start H", "start K"):  # into the first afternoon
        game.apply(action)
    alone = Position(Table(game.state, game.cards, game.board))
    assert alone.decider == game.decider and alone.decision_kind == game.decision_kind
    assert alone.legal_actions() == game.legal_actions()
    assert alone.score() == game.score() and str(alone) == str(game)
    assert alone.refusal("attack Z9") is not None and alone.explain("end") == game.explain("end")
    assert repr(alone).removeprefix("<Position") == repr(game).removeprefix("<Game")

"""Solo mode: the setup, the dummy's priorities, and the rulebook's solo
examples A and B, as far as their text determines the play."""

from __future__ import annotations

import random

import pytest

from covil_nb import CovilError, Game
from covil_nb.lessons import play
from covil_nb.model.invariants import problems
from covil_nb.model.scenario import Scenario


def dummy_lines(events) -> list[str]:
    return [e.text for e in events if e.kind == "dummy"]


# -- setup ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_solo_setup(seed: int) -> None:
    game = Game.solo(player="yellow", dummies=["red"], seed=seed)
    s = game.state
    red, yellow = s.player("red"), s.player("yellow")
    costs = sorted(game.cards.minion(m.card).cost for m in red.hall)
    assert costs[:2] == [2, 2] and set(costs[2:4]) <= {4, 6} and costs[4] in (8, 10)
    assert all(game.cards.minion(m.card).kind == "mercenary" for m in red.hall)
    assert red.hand == [] and len(yellow.hand) == 2
    assert len(s.pool) == 6 and len(s.mercenary_deck) == 18
    assert all(game.cards.minion(c).cost != 10 for c in s.pool)
    assert game.board.name == "desert-town" and s.players[s.scepter].color == "yellow"
    assert not problems(s, game.cards, game.board)
    assert game.decision.player == "yellow"


def test_the_dummy_takes_a_far_spiral_or_the_one_next_to_yours() -> None:
    far = Game.solo(seed=1)
    far.apply("start A")
    assert far.player("red").fortress == "G"  # not adjacent to A
    near = Game.solo(seed=1, next_to_yours=True)
    near.apply("start A")
    assert near.player("red").fortress == "B"  # "Yellow at zone A, the dummy at zone B"


def test_the_dummy_buys_a_relic_each_morning_it_can() -> None:
    game = Game.solo(seed=2)
    game.apply("start A")
    red = game.player("red")
    assert red.gold == 2 and len(red.hand) == 1
    assert any("buys a relic in the morning" in line for line in dummy_lines(game.log))


@pytest.mark.parametrize(
    "kwargs", [{}, {"next_to_yours": True}, {"dummies": ["red", "green"]}, {"edition": "pt"}]
)
def test_random_solo_games_never_ask_the_dummy(kwargs: dict) -> None:
    for seed in range(3):
        game = Game.solo(seed=seed, **kwargs)
        chooser = random.Random(seed)
        while not game.is_over:
            assert game.decision.player == "yellow"
            game.apply(chooser.choice(game.legal_actions()))
        assert not problems(game.state, game.cards, game.board)
        assert Game.from_json(game.to_json()) == game


def test_solo_arguments_are_checked() -> None:
    with pytest.raises(CovilError, match="not a dummy"):
        Game.new(["yellow", "red"], board="desert-town", dummies=["yellow", "red"])
    with pytest.raises(CovilError, match="dummies must be"):
        Game.new(["yellow", "red"], board="desert-town", dummies=["blue"])


# -- the dummy's priorities -----------------------------------------------------------


def solo(seed: int = 7) -> Scenario:
    """Yellow against the red dummy on the Desert town, fortresses A and B,
    empty hands, red's hall: 2 melee, 2 ranged, 1 defense minions."""
    s = Scenario(["yellow", "red"], board="desert-town", seed=seed, dummies=["red"])
    s.fortress("yellow", "A").fortress("red", "B").hand("yellow", []).hand("red", [])
    s.gold("yellow", 0).gold("red", 0)
    s.hall("red", ["pit-fighter", "dune-runner", "tower-sniper", "forest-stalker", "iron-bastion"])
    return s


def test_priority_1_melee_with_the_strongest_melee_minion() -> None:
    s = solo().troops("red", "C", standing=1).troops("yellow", "C", standing=1)
    s.troops("yellow", "F", standing=1)  # a ranged target too: melee comes first
    game = s.scepter("red").afternoon("red").build()
    line = dummy_lines(game.log)[0]
    assert "lies down R1, then attacks Y1, then exhausts Pit Fighter" in line
    assert "priority 1, melee attack" in line


def test_priority_2_ranged_when_no_melee_minion_is_ready() -> None:
    s = solo().hall(
        "red",
        [("pit-fighter", "tired"), ("dune-runner", "exhausted"), "tower-sniper", "forest-stalker"],
    )
    s.troops("red", "C", standing=1).troops("yellow", "C", standing=1).troops(
        "yellow", "F", standing=1
    )
    game = s.scepter("red").afternoon("red").build()
    line = dummy_lines(game.log)[0]
    assert "then exhausts Tower Sniper" in line and "priority 2, ranged attack" in line


def test_priority_3_move_toward_the_flipped_terrain() -> None:
    s = solo().troops("red", "B", standing=1).troops("yellow", "A", lying=1)
    s.hall("red", [("pit-fighter", "tired"), ("tower-sniper", "tired")])
    s.relic_deck_top(["giants-knucklebone"])  # a mountain relic
    game = s.scepter("red").afternoon("red").build()
    assert game.player("red").troop("R1").zone == "D"
    assert "giants-knucklebone" in game.state.relic_discard
    assert "priority 3, move" in dummy_lines(game.log)[0]


def test_target_ties_go_to_the_enemy_fortress_zone() -> None:
    """Example B, 3rd troop: ranged attacks possible from I and from E; the
    dummy attacks from I into A, the enemy fortress zone."""
    s = solo().hall("red", ["tower-sniper", "forest-stalker"])
    s.troops("red", "E", standing=1).troops("red", "I", standing=1)
    s.troops("yellow", "G", standing=1).troops("yellow", "A", standing=1)
    game = s.scepter("red").afternoon("red").build()
    assert "lies down R2, then attacks Y2" in dummy_lines(game.log)[0]


def test_target_ties_then_go_to_lying_troops() -> None:
    s = solo().hall("red", ["tower-sniper"]).fortress("yellow", "I")
    s.troops("red", "F", standing=1).troops("yellow", "C", standing=1).troops(
        "yellow", "H", lying=1
    )
    game = s.scepter("red").afternoon("red").build()
    assert "attacks Y2" in dummy_lines(game.log)[0]  # Y2 lies in H


def test_the_dummy_defends_with_its_best_defensive_minion_and_no_relics() -> None:
    s = solo().hand("red", ["drowned-crown"]).troops("red", "C", standing=1)
    s.troops("yellow", "C", standing=1)
    game = s.afternoon("yellow").scepter("yellow").build()
    events = play(game, "lie Y1", "attack R1", "exhaust yellow-private")
    lines = dummy_lines(events)
    assert "exhausts Iron Bastion" in lines[0]
    assert "drowned-crown" in game.player("red").hand


def test_a_dummy_retreats_where_the_flipped_relic_says() -> None:
    s = solo().hall("red", ["pit-fighter"]).troops("red", "F", standing=1)
    s.troops("yellow", "F", standing=1).overlord("yellow", "butcher-baron", "ready")
    s.relic_deck_top(["thornwhistle"])  # forest: from F, H is forest
    game = s.afternoon("yellow").build()
    play(game, "lie Y1", "attack R1", "exhaust butcher-baron")  # 1 + 2 + 2 = 5 against 1
    assert game.player("red").troop("R1").zone == "H"


def test_dummies_never_attack_each_other() -> None:
    s = Scenario(["yellow", "red", "green"], board="desert-town", seed=3, dummies=["red", "green"])
    s.fortress("yellow", "A").fortress("red", "B").fortress("green", "G")
    s.troops("red", "E", standing=1).troops("green", "E", standing=1).troops("yellow", "A", lying=1)
    s.hall("red", ["pit-fighter"]).hall("green", ["dune-runner"])
    s.relic_deck_top(["thornwhistle", "elder-acorn"])
    game = s.scepter("red").afternoon("red").build()
    assert not [e for e in game.log if e.kind == "attack"]


# -- the rulebook's solo examples ------------------------------------------------------------


def test_solo_example_a() -> None:
    """Yellow starts at A, the dummy at B. 1st troop: yellow moves to C; the
    dummy flips a mountain relic and moves into D. 2nd troop: yellow uses
    the Squire's command to move to F; the dummy flips forest, moves into E."""
    s = solo().troops("yellow", "A", standing=2).troops("red", "B", standing=2)
    # The text has the dummy move, so it had no attack to make: its attack
    # minions are not ready.
    s.hall("red", [("pit-fighter", "tired"), ("tower-sniper", "tired"), "iron-bastion"])
    s.relic_deck_top(["giants-knucklebone", "thornwhistle"])  # mountain, then forest
    game = s.afternoon("yellow").build()
    play(game, "lie Y1", "move C", "end")
    assert game.player("red").troop("R1").zone == "D"
    play(game, "command yellow-squire", "troop Y1", "move F", "lie Y2", "gold", "end")
    assert game.player("yellow").troop("Y1").zone == "F"
    assert game.player("red").troop("R2").zone == "E"
    flips = [e.data["terrain"] for e in game.log if e.kind == "flip"]
    assert flips == ["mountain", "forest"]


def test_solo_example_b() -> None:
    """A jump into the action (day 4, the dummy first):
    1st troop: the dummy melee attacks on zone C; yellow loses and retreats
    to F; yellow attacks the dummy's fortress in B from F and destroys it.
    2nd: the dummy favors melee and attacks on F; yellow attacks F from H.
    3rd: the dummy could attack from I or from E; it attacks from I into A,
    the enemy fortress zone; yellow attacks red in I.
    4th: the dummy attacks G from E; yellow has no more actions."""
    s = solo().fortress("red", "B", hp=1).day(4).hand("yellow", ["kraken-ink"])
    s.hall("red", ["pit-fighter", "dune-runner", "tower-sniper", "forest-stalker"])
    for zone in "CFIE":
        s.troops("red", zone, standing=1)  # R1 C, R2 F, R3 I, R4 E
    for zone in "CHAGA":
        s.troops("yellow", zone, standing=1)  # Y1 C, Y2 H, Y3 A, Y4 G, Y5 A
    game = s.scepter("red").afternoon("red").build()
    assert "lies down R1, then attacks Y1" in dummy_lines(game.log)[-1]
    assert "priority 1, melee attack" in dummy_lines(game.log)[-1]
    play(game, "pass", "retreat F")
    # Y1 lies in F: a relic's free attack lets it shoot the unguarded fortress.
    play(game, "activate kraken-ink", "troop Y1", "attack fortress-red", "exhaust yellow-bowman")
    assert game.player("red").destroyed
    events = play(game, "lie Y4", "gold", "end")
    assert "lies down R2, then attacks Y1" in dummy_lines(events)[-1]  # melee, on zone F
    assert len(game.player("yellow").hand) == 1  # looted: it can raise the stakes from now on
    events = play(game, "pass", "lie Y2", "attack R2", "exhaust yellow-acolyte", "pass", "end")
    third = dummy_lines(events)[-1]
    assert "lies down R3, then attacks Y3" in third and "priority 2, ranged attack" in third
    # Y3 loses and retreats; yellow's fifth troop, Y5, attacks red in I.
    events = play(
        game, "pass", "retreat C", "lie Y5", "attack R3", "exhaust yellow-grunt", "pass", "end"
    )
    assert "lies down R4, then attacks Y4" in dummy_lines(events)[-1]
    assert all(not t.standing for t in game.player("yellow").on_board())
    play(game, "pass")  # the last defense: no troop stands, the afternoon and the game end
    assert game.is_over


# -- the dummy's policy as a bot in ordinary games ------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_the_dummy_policy_bot_plays_ordinary_games_its_way(seed: int) -> None:
    from covil_nb.bots.base import RandomBot, play
    from covil_nb.bots.dummy import DummyPolicyBot

    game = Game.new(["yellow", "red", "green"], board="A", seed=seed)
    game = play(
        game, {"yellow": DummyPolicyBot(), "red": RandomBot(seed), "green": RandomBot(9)}, seed=seed
    )
    assert game.is_over
    mine = [e for e in game.log if e.data.get("player") == "yellow"]
    assert not [e for e in mine if e.kind in ("acquire", "activate", "command", "buy")]
    assert not [e for e in game.log if e.kind == "flip"]  # it flips in its own view only

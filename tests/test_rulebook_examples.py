"""Every example of the rulebooks, reproduced by the engine.

Each test builds the example's position with the scenario builder and plays
it through ``Game.apply``, as a player would.
"""

from __future__ import annotations

from covil_nb.lessons import play
from covil_nb.model.combat import Strength, defense_strength
from covil_nb.model.night import dominance
from covil_nb.model.scenario import Scenario
from covil_nb.model.table import Table


def test_attack_4_against_defense_2_on_a_lying_troop_in_its_fortress_zone(two_players):
    """PT, "O Covil é danificado": the troop is removed, the fortress takes
    2, the attacker gains 3 gold (2 for winning, 1 hidden treasure)."""
    s = two_players.troops("yellow", "H", standing=1).troops("red", "H", lying=1)
    game = s.afternoon(turn="yellow").build()
    play(game, "lie Y1")
    # Told before the attack: the troop's 1 and the Overlord's 3, against the
    # lying troop's 1 and the Squire's 1.
    assert str(game.forecast("attack R1")) == (
        "attack up to 4 with The Iron Marshal against defense 1, 2 if red exhausts a minion"
    )
    events = play(game, "attack R1", "exhaust iron-marshal", "exhaust red-squire")
    red, yellow = game.player("red"), game.player("yellow")
    assert red.troop("R1").zone is None
    assert red.hp == 3
    assert yellow.gold == 3
    attack = next(e for e in events if e.kind == "attack")
    assert attack.data["strength"] == 4
    assert any("Defender loses" in e.text and "4 (" in e.text and "2 (" in e.text for e in events)


def strength_example(s: Scenario) -> Scenario:
    """Yellow, ranged from forest zone B: 2 from the Forest Stalker, 3 from
    Reinforcements (Witch of Thorns, Bowman, Forest Stalker: +1 each in
    Forest), 1 from an active relic. Red in F (forest+water): Mud Sentry
    gives +1 in water, the Shield Maiden 2, the Drowned Crown 2."""
    s.overlord("yellow", "witch-of-thorns", "exhausted")
    s.hall("yellow", ["yellow-bowman", "forest-stalker"]).active("yellow", ["mirage-lantern"])
    s.hall("red", ["mud-sentry", "shield-maiden"]).active("red", ["drowned-crown"])
    return s.troops("yellow", "B", standing=1).troops("red", "F", standing=1).afternoon("yellow")


def test_strength_declarations_and_the_tie_going_to_the_defender(two_players):
    game = strength_example(two_players).build()
    play(game, "lie Y1")
    told = game.forecast("attack R1")
    assert told.attack == Strength(
        (
            ("the troop", 0),
            ("the exhausted minion", 2),
            ("Reinforcements", 3),
            ("active relics", 1),
            ("Aftershock", 0),
        )
    )
    assert str(told) == (
        "attack up to 6 with Forest Stalker against defense 4, 6 if red exhausts a minion"
    )
    events = play(game, "attack R1", "exhaust forest-stalker")
    declared = next(e for e in events if e.kind == "attack")
    assert (
        "6 (2 from the exhausted minion, 3 from Reinforcements, 1 from active relics)"
        in declared.text
    )
    events = play(game, "exhaust shield-maiden")
    defended = next(e for e in events if e.kind == "defend")
    assert (
        "6 (1 from the troop, 2 from the exhausted minion, 1 from Reinforcements, "
        "2 from active relics" in defended.text
    )
    outcome = next(e for e in events if e.kind == "combat")
    assert outcome.data == {"winner": "red", "attack": 6, "defense": 6}
    assert game.player("red").troop("R1").zone == "F"
    assert game.player("red").troop("R1").standing
    assert game.player("yellow").gold == 0


def test_a_standing_loser_lies_down_and_retreats(two_players):
    game = strength_example(two_players).build()
    play(game, "lie Y1", "attack R1", "exhaust forest-stalker", "pass")
    assert game.decision.kind == "retreat" and game.decision.player == "red"
    assert sorted(str(a) for a in game.legal_actions()) == [f"retreat {z}" for z in "ABEIL"]
    play(game, "retreat L")
    troop = game.player("red").troop("R1")
    assert (troop.zone, troop.standing) == ("L", False)
    assert game.player("yellow").gold == 2


def test_purchase_paid_with_gold_a_relic_and_two_minions(two_players):
    """The rulebook: "A Minion worth 8: 3 gold, a relic worth 1, two Minions worth 2 each."""
    s = two_players.gold("yellow", 5).hand("yellow", ["tidecaller-conch"])
    s.hall("yellow", ["yellow-private", "yellow-squire", "yellow-bowman", "yellow-grunt"])
    s.pool(["iron-bastion", "mud-sentry"])
    game = s.afternoon("yellow").build()
    assert [str(a) for a in game.legal_actions() if a.verb == "acquire"] == [
        "acquire iron-bastion",
        "acquire mud-sentry",
    ]
    play(
        game,
        "acquire iron-bastion",
        "pay gold 3",
        "pay relic tidecaller-conch",
        "pay minion yellow-squire",
    )
    assert game.decision.kind == "payment"
    events = play(game, "pay minion yellow-bowman")
    yellow = game.player("yellow")
    assert yellow.gold == 2 and yellow.hand == []
    assert [(m.card, m.state) for m in yellow.hall] == [
        ("yellow-private", "ready"),
        ("yellow-grunt", "ready"),
        ("iron-bastion", "tired"),
    ]
    state = game.state
    assert state.pool == ["mud-sentry", "yellow-squire", "yellow-bowman"]
    assert "tidecaller-conch" in state.relic_discard
    assert any(e.kind == "acquire" for e in events)
    assert game.decision.kind == "turn"


def test_influence_discount_turns_a_cost_of_0_into_2_gold(two_players):
    """The rulebook: "You need two gold less to acquire Warriors. If it costs 0
    you will get +2 gold"."""
    s = two_players.gold("yellow", 1)
    s.hall("yellow", ["yellow-private", "crooked-quartermaster"]).pool(["red-grunt"])
    game = s.afternoon("yellow").build()
    play(game, "acquire red-grunt")
    yellow = game.player("yellow")
    assert yellow.gold == 3
    assert yellow.minion("red-grunt").state == "tired"


def test_reinforcement_adds_up_on_a_zone_both_town_and_water(two_players):
    """The rulebook: "+1 defense on Town or Water zones" is +2 on a zone that
    is both."""
    s = two_players.hall("red", ["harbor-warden"]).troops("red", "E", standing=1).afternoon()
    game = s.build()
    t = Table(game.state, game.cards, game.board)
    defense = defense_strength(t, t.player("red"), "E", None)
    assert dict(defense.parts)["Reinforcements"] == 2
    assert dict(defense_strength(t, t.player("red"), "F", None).parts)["Reinforcements"] == 1
    assert dict(defense_strength(t, t.player("red"), "B", None).parts)["Reinforcements"] == 0


def dominance_example() -> Scenario:
    """The troops of the dominance example on board A (docs/maps-and-cards.md)."""
    s = Scenario(["yellow", "green", "red"], board="A", seed=5)
    s.fortress("yellow", "H").fortress("green", "J").fortress("red", "I")
    for color in ("yellow", "green", "red"):
        s.gold(color, 0).hand(color, [])
    s.troops("yellow", "A", lying=1).troops("yellow", "C", lying=1).troops("yellow", "D", lying=1)
    s.troops("green", "D", lying=1).troops("green", "E", lying=1)
    s.troops("green", "B", lying=1).troops("green", "G", lying=1)
    return s.troops("red", "F", lying=1).rebels(2)


def test_dominance_example_majorities():
    s = dominance_example()
    board = s.board
    results = {
        t: dominance(s.state, board.zones_with(t), t)
        for t in ("water", "desert", "mountain", "forest")
    }
    assert results["water"].majorities["A"] == "yellow"
    assert results["water"].majorities["D"] is None  # the tie counts for no one
    assert results["water"].majorities["E"] == "green"  # rebels do not count
    assert results["water"].majorities["F"] == "red"
    assert {t: r.winner for t, r in results.items()} == {
        "water": None,
        "desert": "yellow",
        "mountain": "yellow",
        "forest": "green",
    }


def test_dominance_example_protection_fee_at_night():
    game = dominance_example().night().build()
    fee = [e for e in game.log if e.kind == "dominance"]
    assert [(e.data["terrain"], e.data["winner"]) for e in fee] == [
        ("water", None),
        ("desert", "yellow"),
        ("mountain", "yellow"),
        ("forest", "green"),
    ]
    assert game.player("yellow").gold == 4
    assert game.player("green").gold == 2
    assert game.player("red").gold == 0


def test_dominance_example_reads_like_the_rulebooks_paragraph():
    game = dominance_example().night().build()
    assert [e.text for e in game.log if e.kind == "dominance"] == [
        "Dominance over water: yellow has the majority in zone A, green has the majority in "
        "zone E, red has the majority in zone F; yellow and green are tied in zone D, which "
        "counts for no one. yellow, green and red are tied with 1 majority each: no one gets "
        "gold.",
        "Dominance over desert: yellow has the majority in zone C; yellow and green are tied in "
        "zone D, which counts for no one. yellow dominates desert with 1 majority against none.",
        "Dominance over mountain: yellow has the majority in zone A. yellow dominates mountain "
        "with 1 majority against none.",
        "Dominance over forest: green has the majority in zones B and G, red has the majority "
        "in zone F. green dominates forest with 2 majorities against red's 1.",
    ]


def test_an_empty_terrain_has_no_majorities_to_count(two_players):
    game = two_players.troops("yellow", "J", lying=1).night().build()
    (mountain,) = [e.text for e in game.log if e.data.get("terrain") == "mountain"]
    assert mountain == (
        "Dominance over mountain: no troop is in any mountain zone. "
        "No one has a majority: no one gets gold."
    )


def test_raid_example():
    """Green has 2 troops in the town, red 1: they draw 2 and 1 relics and
    3 rebels join the town."""
    s = Scenario(["green", "red"], board="A", seed=2)
    s.fortress("green", "H").fortress("red", "J").hand("green", []).hand("red", []).rebels(1)
    s.troops("green", "E", lying=2).troops("red", "E", lying=1)
    game = s.night().build()
    raid = [e for e in game.log if e.rule == "3.4 Raid the town"]
    assert [e.data.get("player") for e in raid if e.kind == "draw"] == ["green", "green", "red"]
    assert game.state.rebels == 4
    assert len(game.player("green").hand) == 2 and len(game.player("red").hand) == 1


def test_scoring_example_47_vp():
    """Fortress alive 5 + gold 5 + minions 27 (+1 for the Private from the
    Overlord) + relics 10 (6, +1 each from the Donnish Druid) = 47."""
    s = Scenario(["green", "red"], board="A", seed=3)
    s.fortress("green", "H").fortress("red", "J").gold("green", 5)
    s.overlord("green", "iron-marshal")
    s.hall("green", ["green-private", "donnish-druid", "harbor-warden", "iron-bastion"])
    s.hand("green", ["pearl-of-the-deep", "sunstone-shard", "tidecaller-conch", "oracle-skull"])
    game = s.afternoon().build()
    green = next(sc for sc in game.score() if sc.player == "green")
    assert (green.fortress, green.gold, green.minions, green.relics) == (5, 5, 27, 10)
    assert green.influence == 5
    assert green.total == 47
    # Red sees green's relics face down: only the Druid's +1 for each counts.
    [seen] = [vp for vp in game.vp_now("red") if vp.player == "green"]
    assert (seen.total, seen.face_down, dict(seen.sources)["relics"]) == (41, 4, 4)
    assert [vp.total for vp in game.vp_now()] == [sc.total for sc in game.score()]

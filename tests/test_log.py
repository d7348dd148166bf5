"""A log a learner can follow, labels that say what an action will do, and how
the game's values show themselves in a notebook."""

from __future__ import annotations

import random
import re

import pytest
from IPython.lib.pretty import pretty

from covil_nb.lessons import play
from covil_nb.model import Game, Score
from covil_nb.model.actions import Actions, Events
from covil_nb.model.afternoon import Purchase
from covil_nb.model.playthrough import random_game

# -- combat: declarations, passes, raising the stakes, the outcome ------------------------


def combat_events(game: Game) -> list[str]:
    return [e.text for e in game.log if e.rule.startswith(("2.3 The", "Combat", "Power Relics"))]


def test_raising_the_stakes_is_visible_pass_by_pass(two_players):
    s = two_players.hand("yellow", ["drowned-crown", "sand-eaten-banner"])
    s.hand("red", ["greenwood-mask"]).troops("yellow", "E", standing=1).troops("red", "E", lying=1)
    game = s.afternoon("yellow").build()
    play(game, "lie Y1", "attack R1", "exhaust iron-marshal")
    play(game, "activate greenwood-mask", "pass", "activate sand-eaten-banner", "pass")
    play(game, "exhaust red-squire", "pass")
    assert combat_events(game) == [
        "red activates Greenwood Mask (+1 defense, +1 ranged until night): defense now 2 "
        "(1 from the troop, 1 from active relics).",
        "red passes: defense stays 2 (1 from the troop, 1 from active relics).",
        "yellow activates Sand-Eaten Banner (+1 defense, +1 melee until night): attack now 5 "
        "(1 from the troop, 3 from the exhausted minion, 1 from active relics).",
        "yellow passes: attack stays 5 (1 from the troop, 3 from the exhausted minion, "
        "1 from active relics).",
        "red exhausts Squire to defend: defense now 3 (1 from the troop, 1 from the exhausted "
        "minion, 1 from active relics).",
        "red has nothing to answer with and passes: defense stays 3 (1 from the troop, "
        "1 from the exhausted minion, 1 from active relics).",
        "yellow passes: attack stays 5 (1 from the troop, 3 from the exhausted minion, "
        "1 from active relics).",
        "Defender loses: yellow's attack 5 (1 from the troop, 3 from the exhausted minion, "
        "1 from active relics) beats red's defense 3 (1 from the troop, 1 from the exhausted "
        "minion, 1 from active relics). R1 was lying down: it is removed to red's supply.",
        "yellow gains 2 gold for winning the combat; treasury 2.",
    ]


def pass_label(game: Game) -> str:
    return next(a.label for a in game.legal_actions() if a.verb == "pass")


def test_a_pass_says_what_it_does_and_who_wins_at_the_strengths_now(two_players):
    s = two_players.hand("yellow", ["drowned-crown", "pearl-of-the-deep"])
    s.hand("red", ["greenwood-mask"])
    game = s.troops("yellow", "B", standing=1).troops("red", "B", standing=1).afternoon().build()
    play(game, "lie Y1", "attack R1", "exhaust iron-marshal")
    assert pass_label(game) == (
        "Pass: if yellow plays nothing more, the combat ends at attack 4 against defense 1, "
        "and yellow wins"
    )
    play(game, "exhaust red-squire", "pass")  # red's round is closed: yellow's pass ends it
    ends = "Pass: the combat ends now at attack 4 against defense 2, and yellow wins"
    assert pass_label(game) == ends
    play(game, "activate drowned-crown")  # yellow did something: red may answer it
    assert pass_label(game) == (
        "Pass: if red plays nothing more, the combat ends at attack 4 against defense 2, "
        "and yellow wins"
    )


def test_a_pass_against_the_rebels_ends_the_combat_and_names_a_tie(two_players):
    game = two_players.rebels(4).troops("yellow", "E", lying=1).night().build()
    assert pass_label(game) == (
        "Pass: the combat ends now at attack 3 against defense 1, and the rebels win"
    )
    s = two_players.rebels(4).troops("yellow", "E", lying=1).hand("yellow", ["drowned-crown"])
    game = s.night().build()
    play(game, "activate drowned-crown")  # +2 defense: the rebels' 3 against 3
    assert pass_label(game) == (
        "Pass: the combat ends now at attack 3 against defense 3, and yellow wins: a tie goes "
        "to the defender"
    )


_PASSING = re.compile(
    r"Pass: (?:the combat ends now|if (\w+) plays nothing more, the combat ends)"
    r" at attack (\d+) against defense (\d+), and (.+?) wins?(?:: a tie goes to the defender)?$"
)


@pytest.mark.parametrize("seed", range(4))
def test_what_a_pass_label_says_is_what_passing_does(seed: int) -> None:
    # A label a learner trusts must hold in every case: who answers next, and
    # the outcome at the strengths as they stand if nobody does more.
    chooser, game, checked = random.Random(seed), Game.new(["yellow", "red"], seed=seed), 0
    while not game.is_over:
        passing = [a for a in game.legal_actions() if a.verb == "pass"]
        if passing:
            said = _PASSING.match(passing[0].label)
            assert said, passing[0].label
            trial = game.copy()
            events = trial.apply("pass")
            if said[1] and not any(e.kind == "combat" for e in events):
                assert trial.decision.player == said[1]
                events += trial.apply("pass")
            (outcome,) = [e.data for e in events if e.kind == "combat"]
            assert (outcome["attack"], outcome["defense"]) == (int(said[2]), int(said[3]))
            assert outcome["winner"] == said[4], passing[0].label
            checked += 1
        game.apply(chooser.choice(game.legal_actions()))
    assert checked > 0


def outcome_of(s, *responses: str) -> str:
    """Yellow's Butcher Baron attacks red's standing R1 in town with 5 (1 from
    the troop, 2 from its stat, 2 from its Aftershock); red answers."""
    s.troops("yellow", "E", standing=1).troops("red", "E", standing=1)
    game = s.overlord("yellow", "butcher-baron", "ready").afternoon("yellow").build()
    play(game, "lie Y1", "attack R1", "exhaust butcher-baron", *responses)
    (outcome,) = [e.text for e in game.log if e.kind == "combat"]
    return outcome


@pytest.mark.parametrize(
    ("relics", "responses", "opening", "ending"),
    [
        (
            [],
            ["exhaust red-squire"],
            "Defender loses: ",
            "R1 was standing: it lies down and retreats.",
        ),
        (  # defense 1 + 1 + 2 + 1 = 5
            ["drowned-crown", "greenwood-mask"],
            ["exhaust red-squire", "activate drowned-crown", "activate greenwood-mask"],
            "Defender wins: yellow's attack 5 (",
            "): a tie goes to the defender. Nothing happens.",
        ),
    ],
)
def test_a_tie_is_said_to_go_to_the_defender_only_on_a_tie(
    two_players, relics, responses, opening, ending
):
    """Defense 2 (red can do no more) loses; with two relics it ties."""
    outcome = outcome_of(two_players.hand("red", relics), *responses)
    assert outcome.startswith(opening) and outcome.endswith(ending)
    assert ("tie" in outcome) == bool(relics)


def test_an_attack_of_strength_0_on_an_unguarded_fortress_says_it_does_no_damage(two_players):
    s = two_players.troops("yellow", "G", standing=1).hall("yellow", [])
    game = s.troops("red", "B", lying=1).fortress("red", "K").afternoon("yellow").build()
    events = play(game, "lie Y1", "attack fortress-red", "exhaust iron-marshal")  # melee, ranged
    assert "red's fortress takes no damage: the attack's strength is 0." in [e.text for e in events]
    assert game.player("red").hp == 5


# -- the night, headed step by step ---------------------------------------------------------


def test_a_whole_night_reads_as_its_steps_in_turn():
    game = Game.new(["yellow", "red"], seed=2)
    chooser = random.Random(2)
    while game.day == 1:
        game.apply(chooser.choice(game.legal_actions()))
    night = str(game.log).split("Day 1, night\n")[1].split("\nDay 2")[0]
    headings = [
        line.strip()
        for line in night.splitlines()
        if line.startswith("  ") and not line.startswith("    ")
    ]
    assert headings == [
        "Phase 3: Night",
        "3.1 Discard all active Power Relics",
        "3.2 Renew the Mercenary Pool",
        "3.3 Collect protection fee",
        "3.4 Raid the town",
        "3.5 Rest all minions once",
        "Phase 3: Night",
    ]


# -- wording --------------------------------------------------------------------------------


def whole_game_text(seed: int) -> str:
    return str(random_game(Game.new(["yellow", "red", "green"], seed=seed), seed).log)


def test_wording_a_learner_can_read():
    text = "\n".join(whole_game_text(seed) for seed in range(3))
    for clumsy in ("Command: Command:", "'s The ", "(s)", "relic bought", "no majorities →"):
        assert clumsy not in text, clumsy


# -- labels that say what an action will do ---------------------------------------------------


def labels(game: Game, verb: str) -> dict[str, str]:
    return {" ".join(a.args): a.label for a in game.legal_actions() if a.verb == verb}


def test_a_full_hall_is_announced_before_the_first_payment(two_players):
    full = ["yellow-private", "yellow-squire", "yellow-bowman", "yellow-grunt", "yellow-acolyte"]
    s = two_players.hall("yellow", full).gold("yellow", 5).pool(["iron-bastion"])
    game = s.afternoon("yellow").build()
    hall_full = "your hall is full: one of the payments must be a minion going back to the pool"
    assert hall_full in labels(game, "acquire")["iron-bastion"]
    play(game, "acquire iron-bastion")
    assert hall_full in str(game.decision.prompt)


def test_change_that_the_treasury_cannot_hold_is_announced(two_players):
    s = two_players.hall("yellow", ["iron-bastion", "dune-runner"]).pool(["mud-sentry"])
    game = s.gold("yellow", 0).afternoon("yellow").build()
    play(game, "acquire mud-sentry")  # costs 2
    pay = labels(game, "pay")
    assert pay["minion iron-bastion"] == (
        "Return Iron Bastion to the pool (worth 8: 6 back as change, of which 1 is lost: "
        "the treasury holds 5)"
    )
    assert pay["minion dune-runner"] == "Return Dune Runner to the pool (worth 4: 2 back as change)"


def test_discounts_say_where_they_come_from_and_a_negative_price_pays(two_players):
    s = two_players.hall("yellow", ["yellow-acolyte", "crooked-quartermaster"])
    game = s.pool(["red-grunt", "iron-bastion"]).afternoon("yellow").build()
    acquire = labels(game, "acquire")
    assert acquire["iron-bastion"].startswith("Acquire Iron Bastion for 7 (8 less 1 from Acolyte):")
    # Discounts beyond the cost pay the buyer (the rulebook's Influence
    # example): the label says so, and whose discounts they are.
    assert acquire["red-grunt"].startswith(
        "Acquire red's Grunt for nothing (it costs 0, and the discounts, 1 from Acolyte and 2 "
        "from Crooked Quartermaster, pay you 3 gold):"
    )
    play(game, "acquire red-grunt")
    assert game.player("yellow").gold == 3


def test_one_discount_beyond_the_cost_is_named_with_what_it_covers(two_players):
    s = two_players.hall("yellow", ["crooked-quartermaster"]).pool(["red-grunt", "red-private"])
    acquire = labels(s.afternoon("yellow").build(), "acquire")
    assert acquire["red-grunt"].startswith(
        "Acquire red's Grunt for nothing (it costs 0, and Crooked Quartermaster's discount of 2 "
        "pays you 2 gold):"
    )
    assert acquire["red-private"].startswith(
        "Acquire red's Private for nothing (it costs 1, and Crooked Quartermaster's discount of 2 "
        "covers it and pays you 1 gold):"
    )


def _labelled_price(label: str) -> int:
    """The price an acquire label names: "for 7 (...)", "for nothing (...)", or
    "for nothing (... pay(s) you 3 gold)", a price below zero."""
    found = re.match(r"Acquire .+? for (?:(\d+)|nothing)(?: \(.* pays? you (\d+) gold\))?", label)
    assert found, label
    return int(found[1] or 0) - int(found[2] or 0)


@pytest.mark.parametrize("seed", range(6))
def test_the_price_a_label_names_is_the_price_charged(seed: int) -> None:
    # The label and the purchase both read the card set's discount table
    # (one home for the rule); in random positions they must agree.
    chooser, game, checked = random.Random(seed), Game.new(["yellow", "red"], seed=seed), 0
    while not game.is_over:
        for action in [a for a in game.legal_actions() if a.verb == "acquire"]:
            trial = game.copy(log=False)
            trial.apply(action)
            labelled, purchase = _labelled_price(action.label), trial._state.stack[-1]
            if isinstance(purchase, Purchase):
                assert purchase.cost == labelled, action.label
            else:  # nothing to pay and room in the hall: acquired at once
                assert labelled <= 0, action.label
            checked += 1
        game.apply(chooser.choice(game.legal_actions()))
    assert checked > 0


def test_an_acquisition_says_the_price_paid_and_the_printed_cost(two_players):
    """The log tells the price paid apart from the cost that scores at the end."""
    s = two_players.gold("yellow", 5).hall("yellow", ["yellow-acolyte", "crooked-quartermaster"])
    s.pool(["red-grunt", "iron-bastion", "mud-sentry"])
    said = {}
    for card, payment in [("iron-bastion", "pay gold 5"), ("red-grunt", None)]:
        game = s.afternoon("yellow").build()
        events = play(
            game, f"acquire {card}", *([payment, "pay minion yellow-acolyte"] if payment else [])
        )
        said[card] = next(e.text for e in events if e.kind == "acquire")
        said[f"{card} gold"] = next(e.text for e in events if e.kind == "gold")
    assert said["iron-bastion"] == (
        "yellow acquires Iron Bastion for 7 (cost 8, less 1 in discounts) paying 5 gold, "
        "Acolyte; it enters the hall tired."
    )
    assert said["red-grunt"] == (
        "yellow acquires Grunt for nothing (cost 0, less 3 in discounts, which pay yellow the 3 "
        "beyond the cost); it enters the hall tired."
    )
    assert said["red-grunt gold"] == (
        "yellow gains no gold from the discounts beyond the cost: the treasury is full at 5 and "
        "the 3 is lost."
    )


def test_actions_that_would_do_nothing_say_so(two_players):
    s = two_players.gold("yellow", 5).hand("yellow", ["dwarven-anvil", "pearl-of-the-deep"])
    game = s.troops("yellow", "J", standing=1).troops("red", "H", standing=1).afternoon().build()
    activate = labels(game, "activate")
    assert "the fortress is at 5 HP already: nothing to repair" in activate["dwarven-anvil"]
    assert "the treasury is full at 5: the gold would be lost" in activate["pearl-of-the-deep"]
    play(game, "lie Y1")
    assert "nothing to repair" in labels(game, "repair")[""]
    assert "the gold would be lost" in labels(game, "gold")[""]


def test_a_commands_warning_follows_its_text_as_one_sentence(two_players):
    s = two_players.gold("yellow", 5).hall("yellow", ["yellow-grunt", "yellow-squire"])
    game = s.troops("yellow", "J", standing=1).afternoon().build()
    command = labels(game, "command")
    assert command["yellow-grunt"] == (
        "Exhaust Grunt: Command: gain 1 gold; the treasury is full at 5: the gold would be lost"
    )
    assert command["yellow-squire"].endswith("(standing or lying down) one zone.")


# -- in a notebook ------------------------------------------------------------------------------


def test_a_long_list_of_actions_keeps_its_columns(two_players):
    """With ten actions or more, "[9]" and "[10]" still start the notations and
    the labels in one column each."""
    s = two_players.troops("yellow", "J", standing=2).gold("yellow", 5)
    s.hand("yellow", ["drowned-crown", "kraken-ink"])
    pool = ["iron-bastion", "mud-sentry", "pit-fighter", "hedge-witch", "night-blade", "rat-king"]
    game = s.pool(pool).afternoon().build()
    actions = game.legal_actions()
    lines = pretty(actions).splitlines()
    assert len(lines) >= 11
    assert lines[0].startswith("[0]  lie Y1") and lines[10].startswith("[10] ")
    assert len({line.index(str(a)) for line, a in zip(lines, actions, strict=True)}) == 1
    assert len({line.index(a.label) for line, a in zip(lines, actions, strict=True)}) == 1


def test_values_show_themselves_readably(two_players):
    game = two_players.troops("yellow", "J", standing=1).afternoon("yellow").build()
    actions = game.legal_actions()
    assert isinstance(actions, Actions) and isinstance(actions[1:], Actions)
    assert re.fullmatch(
        r"\[0\] lie Y1 +Lie down Y1 \(zone J\) for a troop action", pretty(actions).splitlines()[0]
    )
    assert pretty(actions[0]) == "lie Y1 — Lie down Y1 (zone J) for a troop action"
    assert pretty(game.decision) == str(game.decision)
    events = game.apply("lie Y1")
    assert isinstance(events, Events)
    assert pretty(events) == (
        "Day 1, afternoon\n"
        "  2.3 Lie down one troop to perform one troop action\n"
        "    yellow lies down Y1 in zone J."
    )
    assert pretty(events[0]) == str(events[0])
    table = pretty(game.score()).splitlines()
    assert table[0].split() == ["fortress", "gold", "minions", "relics", "total", "(Influence)"]
    assert table[-1] == "the score if the game ended now"


def test_a_score_names_influence_only_where_it_added_something():
    plain = Score("red", 5, 3, 17, 0, 0, (2, 5, 3, 4))
    assert str(plain) == "red: 25 VP (fortress 5, gold 3, minions 17, relics 0)"
    boosted = Score("green", 5, 4, 28, 0, 2, (2, 5, 4, 6))
    # The learner meets the word here: the text says what Influence is, and
    # that its VP are part of the minions' and relics', not a fifth source.
    assert str(boosted) == (
        "green: 37 VP (fortress 5, gold 4, minions 28, relics 0; the minions' and relics' VP "
        "include 2 from Influence, the minion ability that adds VP at the final scoring for "
        "some minions or relics)"
    )
    assert boosted.total == 5 + 4 + 28 + 0


def test_a_defender_whose_stat_adds_nothing_says_why_it_is_offered(two_players):
    """In the en edition any ready minion may be exhausted to defend, but
    only a Defense stat adds to the defense: the label says so."""
    s = two_players.overlord("yellow", "iron-marshal", "exhausted")
    s.hall("yellow", ["yellow-squire", "yellow-private"]).hall("red", ["red-private"])
    game = (
        s.troops("yellow", "A", standing=1).troops("red", "A", standing=1).afternoon("red").build()
    )
    play(game, "lie R1", "attack Y1", "exhaust red-private")
    exhaust = labels(game, "exhaust")
    assert exhaust["yellow-squire"] == "Exhaust Squire to defend"  # a defense 1: it adds
    said = "Exhaust Private to defend (a melee stat does not count in a defense)"
    assert exhaust["yellow-private"] == said
    assert game.combat is not None and game.combat.defense.total == 1
    told = [e.text for e in game.apply("exhaust yellow-private")]
    assert told[0] == "yellow exhausts Private to defend: defense now 1 (1 from the troop)."

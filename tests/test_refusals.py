"""Why an action is not allowed, in the rule's words: what ``Game.explain``
says and what ``apply`` raises (the board shows it when a click is not legal)."""

from __future__ import annotations

import pytest

from covil_nb.lessons import play
from covil_nb.model import CovilError, Game
from covil_nb.model.scenario import Scenario


def refusal(game: Game, action: str) -> CovilError:
    with pytest.raises(CovilError) as refused:
        game.apply(action)
    assert game.explain(action) == str(refused.value)
    return refused.value


def afternoon(s: Scenario) -> Game:
    s.troops("yellow", "C", standing=1).troops("yellow", "J", lying=1)
    s.troops("red", "E", standing=1).troops("red", "H", lying=1).troops("red", "K", lying=1)
    return s.afternoon("yellow").build()


@pytest.mark.parametrize(
    ("setup", "action", "says", "rule"),
    [
        ((), "lie R1", "R1 is red's troop, not one of yellow's", "troops"),
        ((), "lie Y2", "Y2 lies down already", "2.3 Lie down"),
        ((), "lie Y3", "Y3 is in yellow's supply", "Phase 1: Morning"),
        ((), "lie B1", "there is no troop B1 in this game", "troops"),
        ((), "end", "you still have a standing troop", "2.3 Lie down"),
        ((), "move D", "a troop action starts by lying down the troop", "2.3 Lie down"),
        ((), "acquire red-grunt", "Grunt is not in the Mercenary pool", "2.1 Acquire"),
        ((), "acquire iron-bastion", "costs 8 and you can pay at most", "2.1 Acquire"),
        ((), "activate kraken-ink", "Kraken Ink is not in yellow's hand", "Power Relics"),
        ((), "command yellow-bowman", "Bowman has no Command ability", "Command"),
        ((), "command yellow-private", "Private is exhausted: a tired or exhausted", "2.3 Rest"),
        ((), "buy-relic", "a relic costs 3 gold and yellow has 0", "Buy Power Relics"),
        (("lie Y1",), "move J", "zone J is 3 zones from zone C", "2.3 Move this troop"),
        (("lie Y1",), "attack R3", "R3 is in zone K, not in zone C (melee)", "2.3 Attack"),
        (("lie Y1",), "attack Y2", "Y2 is yellow's own troop", "2.3 Attack"),
        (("lie Y1",), "attack fortress-red", "red's fortress is guarded", "2.3 Attack"),
        (("lie Y1",), "rest iron-marshal", "The Iron Marshal is ready already", "2.3 Lie down"),
        (("lie Y1", "attack R1"), "exhaust yellow-private", "Private is exhausted", "2.3 Rest"),
        (
            ("lie Y1", "attack R1", "exhaust iron-marshal", "pass"),
            "exhaust yellow-bowman",
            "only the defender exhausts a minion",
            "2.3 The defender's response",
        ),
        (("acquire mud-sentry",), "pay gold 3", "you have no gold left to pledge", "2.1 Acquire"),
        (("acquire mud-sentry",), "pay minion iron-marshal", "never leave the throne", "Champions"),
        (("acquire mud-sentry",), "lie Y1", "finish paying for Mud Sentry", "2.1 Acquire"),
    ],
)
def test_why_not(two_players, setup, action, says, rule):
    s = two_players.gold("yellow", 0).hand("red", ["pearl-of-the-deep"]).gold("red", 1)
    s.hall("yellow", [("yellow-private", "exhausted"), "yellow-bowman", "yellow-grunt"])
    s.hand("yellow", ["tidecaller-conch"]).pool(["mud-sentry", "iron-bastion"])
    game = afternoon(s)
    play(game, *setup)
    refused = refusal(game, action)
    assert says in refused.message
    assert refused.rule.startswith(rule)


def test_a_start_zone_must_be_a_free_spiral():
    game = Game.new(["yellow", "red"], seed=4)
    assert "zone E is not a spiral" in refusal(game, "start E").message
    game.apply("start H")
    assert "zone H is taken: yellow's fortress stands there" in refusal(game, "start H").message


def test_pt_edition_defends_with_guardians_only():
    s = Scenario(["yellow", "red"], seed=11, edition="pt").fortress("yellow", "J")
    s.fortress("red", "H").overlord("yellow", "iron-marshal", "ready")
    game = afternoon(s)
    play(game, "lie Y1", "attack R1", "exhaust iron-marshal")
    refused = refusal(game, "exhaust red-private")
    assert "Private is a warrior: in this edition only a Guardian" in refused.message
    refused = refusal(game, "exhaust red-bowman")
    assert "Bowman is an assassin: in this edition only a Guardian" in refused.message


def test_legal_actions_explain_themselves_by_their_label(two_players):
    game = afternoon(two_players)
    for action in game.legal_actions():
        assert game.explain(action) == action.label

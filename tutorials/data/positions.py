"""The positions of tutorial 8, set up once: the notebook and the study of
them (``studies.py``, ``three-lessons.covil-study.json``) start from these,
and so do the hint's tests (``before_the_attack``, with other relics held)."""

from __future__ import annotations

from covil_nb import Game, Scenario
from covil_nb.lessons import play


def solo_opening() -> Game:
    """The solo game of tutorial 7 (seed 3): yellow has just placed its
    fortress in A, the dummy is in G, and yellow's treasury is full."""
    game = Game.solo(seed=3)
    game.apply("start A")
    return game


def day_three(guard: bool = False) -> Game:
    """Day 3, and yellow's Y2, in A, has just lain down for its troop action.
    Red's fortress in H is at 2 HP; with ``guard``, red's R3 stands in H."""
    s = Scenario(["yellow", "red"], board="A", seed=5)
    s.fortress("yellow", "J").fortress("red", "H", hp=2).day(3)
    s.overlord("yellow", "iron-marshal", "ready").overlord("red", "gilded-lich")
    s.hall("yellow", ["yellow-private", "yellow-squire", "forest-stalker", "yellow-grunt",
                      "yellow-acolyte"])
    s.troops("yellow", "J", standing=1).troops("yellow", "A", standing=1)
    s.troops("red", "E", standing=1 if guard else 2).troops("red", "C", lying=1)
    if guard:
        s.troops("red", "H", standing=1)
    s.gold("yellow", 2).gold("red", 3).hand("yellow", []).hand("red", [])
    game = s.afternoon("yellow").build()
    game.apply("lie Y2")
    return game


def relic_defense() -> Game:
    """The fight of tutorial 5: red attacks yellow's Y3, lying in its own
    fortress zone J, 3 against 2; yellow holds the Tidecaller Conch and the
    Drowned Crown, and is to answer."""
    defense = before_the_attack(["tidecaller-conch", "drowned-crown"], [])
    play(defense, "lie R3", "attack Y3", "exhaust red-private", "exhaust yellow-squire")
    return defense


def before_the_attack(yellow: list[str], red: list[str]) -> Game:
    """Tutorial 5's table before red's turn: yellow's Y3 lies in its own
    fortress zone J, next to red's standing R3; each holds these relics."""
    s = Scenario(["yellow", "red"], board="A", seed=5)
    s.fortress("yellow", "J").fortress("red", "H")
    s.overlord("yellow", "iron-marshal").overlord("red", "gilded-lich")
    for color, home in (("yellow", "J"), ("red", "H")):
        s.troops(color, home, standing=2).gold(color, 0)
    s.hall("yellow", ["yellow-squire"]).hall("red", ["red-private"])
    s.hand("yellow", yellow).hand("red", red)
    s.troops("yellow", "J", lying=1).troops("red", "J", standing=1)
    return s.scepter("red").afternoon("red").build()

"""The study of tutorials 8 and 9, authored in Python and stored as a file.

A teacher can author a study on the board (``StudyWidget``) or, as here, with
the editing calls; either way the file is what is shared. This script writes
``three-lessons.covil-study.json`` from tutorial 8's positions
(``positions.py``): each chapter asks what yellow would play, and its lines
are the engine's choice and a tempting one, annotated. From the repository's
root::

    .venv/bin/python tutorials/data/studies.py

The same command writes the same file (tests/test_tutorials.py checks it).
"""

from __future__ import annotations

import sys
from pathlib import Path

from covil_nb import Study
from covil_nb.study import Chapter

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))

from data.positions import day_three, relic_defense, solo_opening  # noqa: E402

THREE_LESSONS = HERE / "three-lessons.covil-study.json"


def spend(chapter: Chapter) -> None:
    start = chapter.root
    start.mark(highlights=["gold:yellow", "card:donnish-druid"])
    start.ask(
        "Your treasury is full. What would you play first?",
        ["acquire donnish-druid"],
        why="A full treasury is wasted income: spend it on a minion, at the Acolyte's discount.",
        hint="What happens to the next coin you gain with 5 in the treasury?",
        wrong={
            "command yellow-grunt": "The Grunt's gold is lost: the treasury holds 5 at most.",
            "buy-relic": "A relic bought for 3 gold is worth less than 3 VP on average.",
        },
    )
    druid = chapter.add_line(["acquire donnish-druid", "pay gold 5", "pay minion yellow-grunt"])
    first = chapter.root.variations[0]
    first.glyph("!")
    first.comment(
        "The **Donnish Druid** scores its cost, 6, paid with 5 gold and the Grunt "
        "(worth 0): the Acolyte's discount is a VP gained, and the Druid's Influence "
        "makes each relic in your hand worth 1 VP more.",
    )
    druid.comment("The treasury is empty again: the fee and the Commands to come are not lost.")
    grunt = chapter.root.add_variation("command yellow-grunt")
    grunt.glyph("?")
    grunt.mark(highlights=["gold:yellow"])
    grunt.comment("You may never have more than 5 gold (rulebook, *Gain 1 gold*): this Command gains nothing.")


def unguarded(chapter: Chapter) -> None:
    start = chapter.root
    start.mark(arrows=[("troop:Y2", "fortress:red")], highlights=["fortress:red"])
    start.ask(
        "Red's fortress in H has 2 HP and no guard. What does Y2 do?",
        ["attack fortress-red"],
        why="With no troop to defend it, the whole attack strength is damage: 2 is enough.",
        hint="Which of red's pieces has no one to defend it?",
        wrong={"gold": "1 gold now, when 5 VP are within reach."},
    )
    line = chapter.add_line(["attack fortress-red", "exhaust forest-stalker"])
    attack = chapter.root.variations[0]
    attack.glyph("!!")
    attack.comment("The fortress falls: red loses its 5 VP for it, yellow loots a relic.")
    line.comment("The Forest Stalker's Ranged 2 is the whole blow: the walls had 2 HP.")
    gold = chapter.root.add_variation("gold")
    gold.glyph("?")
    gold.comment("Safe, and small: red will guard H before the next afternoon.")


def relic(chapter: Chapter) -> None:
    start = chapter.root
    start.mark(highlights=["troop:Y3", "card:tidecaller-conch", "card:drowned-crown"])
    start.ask(
        "Attack 3 against defense 2. How does yellow answer?",
        ["activate tidecaller-conch"],
        why="The Conch's +1 defense ties the fight, and a tie goes to the defender; it costs "
        "1 VP, and its instant ability moves a troop for free.",
        hint="Which relic holds the fight for the fewest VP?",
        wrong={
            "activate drowned-crown": "It holds the fight too, but for 3 VP.",
            "pass": "Red wins: 3 gold for red, and Y3 is lost.",
        },
    )
    chapter.add_line(["activate tidecaller-conch", "troop Y1", "move L", "pass"])
    conch = chapter.root.variations[0]
    conch.glyph("!")
    move = conch.variations[0].variations[0]
    move.mark(arrows=[("troop:Y1", "zone:L")])
    move.comment("Y1 goes to L, a Water zone where no one stands: tonight yellow has its fee.")
    crown = chapter.root.add_variation("activate drowned-crown")
    crown.glyph("?!")
    crown.comment("It wins the fight, for 3 VP where 1 would do.")


def three_lessons() -> Study:
    study = Study("Three lessons")
    for title, position, annotate in (
        ("Spend before the treasury overflows", solo_opening(), spend),
        ("An unguarded fortress", day_three(), unguarded),
        ("A relic in answer to an attack", relic_defense(), relic),
    ):
        annotate(study.add_chapter(title, position, seat="yellow"))
    study.chapters[0].description = "Tutorial 8, position 1: the solo opening of tutorial 7."
    return study


if __name__ == "__main__":
    three_lessons().save(THREE_LESSONS)
    print(f"wrote {THREE_LESSONS}")

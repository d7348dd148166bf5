"""The study of tutorials 8 and 9, authored in Python and stored as a file.

A teacher can author a study on the board (``StudyWidget``) or, as here, with
the editing calls; either way the file is what is shared. This script writes
``three-lessons.covil-study.json`` from tutorial 8's positions
(``positions.py``): each chapter asks what yellow would play, and its lines
are the engine's choice and a tempting one, annotated. Its words are the
author's, not the engine's, so the Portuguese tutorials' copy,
``tres-licoes.covil-study.json``, is written from the same calls with the
author's words translated (``PORTUGUESE``). From the repository's root::

    .venv/bin/python tutorials/data/studies.py

The same command writes the same files (tests/test_tutorials.py checks it).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from covil_nb import Study
from covil_nb.study import Chapter

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))

from data.positions import day_three, relic_defense, solo_opening  # noqa: E402

THREE_LESSONS = HERE / "three-lessons.covil-study.json"
TRES_LICOES = HERE / "tres-licoes.covil-study.json"

Say = Callable[[str], str]  # the author's words in the study's language

# fmt: off
PORTUGUESE = {
    "Three lessons": "Três lições",
    "Spend before the treasury overflows": "Gaste antes que o Baú transborde",
    "An unguarded fortress": "Um Covil desprotegido",
    "A relic in answer to an attack": "Uma Relíquia em resposta a um ataque",
    "Tutorial 8, position 1: the solo opening of tutorial 7.":
        "Tutorial 8, posição 1: a abertura solo do Tutorial 7.",
    "Your treasury is full. What would you play first?":
        "Seu Baú está cheio. O que você jogaria primeiro?",
    "A full treasury is wasted income: spend it on a minion, at the Acolyte's discount.":
        "Um Baú cheio é renda perdida: gaste-o num Servo, com o desconto do Acólito.",
    "What happens to the next coin you gain with 5 in the treasury?":
        "O que acontece com a próxima moeda que você ganhar com 5 no Baú?",
    "The Grunt's gold is lost: the treasury holds 5 at most.":
        "A moeda do Lacaio se perde: o Baú guarda no máximo 5.",
    "A relic bought for 3 gold is worth less than 3 VP on average.":
        "Uma Relíquia comprada por 3 moedas vale, em média, menos de 3 pontos.",
    "The **Donnish Druid** scores its cost, 6, paid with 5 gold and the Grunt (worth 0): the "
    "Acolyte's discount is a VP gained, and the Druid's Influence makes each relic in your "
    "hand worth 1 VP more.":
        "O **Druida Erudito** pontua seu custo, 6, pago com 5 moedas e o Lacaio (que vale 0): "
        "o desconto do Acólito é um ponto ganho, e a Influência do Druida faz cada Relíquia "
        "na sua mão valer 1 ponto a mais.",
    "The treasury is empty again: the fee and the Commands to come are not lost.":
        "O Baú está vazio de novo: a taxa e os Comandos que virão não se perdem.",
    "You may never have more than 5 gold (rulebook, *Gain 1 gold*): this Command "
    "gains nothing.":
        "Você nunca pode ter mais do que 5 moedas (livro, *Ganhe uma moeda*): este Comando "
        "não ganha nada.",
    "Red's fortress in H has 2 HP and no guard. What does Y2 do?":
        "O Covil do Vermelho em H tem 2 PV e nenhuma guarda. O que Y2 faz?",
    "With no troop to defend it, the whole attack strength is damage: 2 is enough.":
        "Sem tropa para defendê-lo, toda a força do ataque é dano: 2 bastam.",
    "Which of red's pieces has no one to defend it?":
        "Que peça do Vermelho não tem ninguém para defendê-la?",
    "1 gold now, when 5 VP are within reach.": "1 moeda agora, quando 5 pontos estão ao alcance.",
    "The fortress falls: red loses its 5 VP for it, yellow loots a relic.":
        "O Covil cai: o Vermelho perde seus 5 pontos, o Amarelo saqueia uma Relíquia.",
    "The Forest Stalker's Ranged 2 is the whole blow: the walls had 2 HP.":
        "O à distância 2 do Rastreador da Floresta é o golpe inteiro: as muralhas tinham 2 PV.",
    "Safe, and small: red will guard H before the next afternoon.":
        "Seguro, e pouco: o Vermelho vai guardar H antes da próxima tarde.",
    "Attack 3 against defense 2. How does yellow answer?":
        "Ataque 3 contra defesa 2. Como o Amarelo responde?",
    "The Conch's +1 defense ties the fight, and a tie goes to the defender; it costs 1 VP, and "
    "its instant ability moves a troop for free.":
        "O +1 de defesa da Concha empata a luta, e o empate favorece o defensor; custa 1 "
        "ponto, e sua habilidade instantânea move uma tropa de graça.",
    "Which relic holds the fight for the fewest VP?":
        "Que Relíquia segura a luta pelo menor número de pontos?",
    "It holds the fight too, but for 3 VP.": "Ela também segura a luta, mas por 3 pontos.",
    "Red wins: 3 gold for red, and Y3 is lost.":
        "O Vermelho vence: 3 moedas para ele, e Y3 se perde.",
    "Y1 goes to L, a Water zone where no one stands: tonight yellow has its fee.":
        "Y1 vai para L, uma zona alagada onde ninguém está: esta noite o Amarelo tem sua taxa.",
    "It wins the fight, for 3 VP where 1 would do.": "Vence a luta, por 3 pontos onde 1 bastaria.",
}
# fmt: on


def spend(chapter: Chapter, t: Say) -> None:
    start = chapter.root
    start.mark(highlights=["gold:yellow", "card:donnish-druid"])
    start.ask(
        t("Your treasury is full. What would you play first?"),
        ["acquire donnish-druid"],
        why=t("A full treasury is wasted income: spend it on a minion, at the Acolyte's discount."),
        hint=t("What happens to the next coin you gain with 5 in the treasury?"),
        wrong={
            "command yellow-grunt": t("The Grunt's gold is lost: the treasury holds 5 at most."),
            "buy-relic": t("A relic bought for 3 gold is worth less than 3 VP on average."),
        },
    )
    druid = chapter.add_line(["acquire donnish-druid", "pay gold 5", "pay minion yellow-grunt"])
    first = chapter.root.variations[0]
    first.glyph("!")
    first.comment(
        t(
            "The **Donnish Druid** scores its cost, 6, paid with 5 gold and the Grunt "
            "(worth 0): the Acolyte's discount is a VP gained, and the Druid's Influence "
            "makes each relic in your hand worth 1 VP more."
        ),
    )
    druid.comment(t("The treasury is empty again: the fee and the Commands to come are not lost."))
    grunt = chapter.root.add_variation("command yellow-grunt")
    grunt.glyph("?")
    grunt.mark(highlights=["gold:yellow"])
    grunt.comment(
        t(
            "You may never have more than 5 gold (rulebook, *Gain 1 gold*): this Command "
            "gains nothing."
        )
    )


def unguarded(chapter: Chapter, t: Say) -> None:
    start = chapter.root
    start.mark(arrows=[("troop:Y2", "fortress:red")], highlights=["fortress:red"])
    start.ask(
        t("Red's fortress in H has 2 HP and no guard. What does Y2 do?"),
        ["attack fortress-red"],
        why=t("With no troop to defend it, the whole attack strength is damage: 2 is enough."),
        hint=t("Which of red's pieces has no one to defend it?"),
        wrong={"gold": t("1 gold now, when 5 VP are within reach.")},
    )
    line = chapter.add_line(["attack fortress-red", "exhaust forest-stalker"])
    attack = chapter.root.variations[0]
    attack.glyph("!!")
    attack.comment(t("The fortress falls: red loses its 5 VP for it, yellow loots a relic."))
    line.comment(t("The Forest Stalker's Ranged 2 is the whole blow: the walls had 2 HP."))
    gold = chapter.root.add_variation("gold")
    gold.glyph("?")
    gold.comment(t("Safe, and small: red will guard H before the next afternoon."))


def relic(chapter: Chapter, t: Say) -> None:
    start = chapter.root
    start.mark(highlights=["troop:Y3", "card:tidecaller-conch", "card:drowned-crown"])
    start.ask(
        t("Attack 3 against defense 2. How does yellow answer?"),
        ["activate tidecaller-conch"],
        why=t(
            "The Conch's +1 defense ties the fight, and a tie goes to the defender; it costs "
            "1 VP, and its instant ability moves a troop for free."
        ),
        hint=t("Which relic holds the fight for the fewest VP?"),
        wrong={
            "activate drowned-crown": t("It holds the fight too, but for 3 VP."),
            "pass": t("Red wins: 3 gold for red, and Y3 is lost."),
        },
    )
    chapter.add_line(["activate tidecaller-conch", "troop Y1", "move L", "pass"])
    conch = chapter.root.variations[0]
    conch.glyph("!")
    move = conch.variations[0].variations[0]
    move.mark(arrows=[("troop:Y1", "zone:L")])
    move.comment(t("Y1 goes to L, a Water zone where no one stands: tonight yellow has its fee."))
    crown = chapter.root.add_variation("activate drowned-crown")
    crown.glyph("?!")
    crown.comment(t("It wins the fight, for 3 VP where 1 would do."))


def three_lessons(language: str = "en") -> Study:
    """The study, its author's words in ``language`` ("en" or "pt")."""
    t: Say = str if language == "en" else PORTUGUESE.__getitem__
    study = Study(t("Three lessons"))
    for title, position, annotate in (
        ("Spend before the treasury overflows", solo_opening(), spend),
        ("An unguarded fortress", day_three(), unguarded),
        ("A relic in answer to an attack", relic_defense(), relic),
    ):
        annotate(study.add_chapter(t(title), position, seat="yellow"), t)
    study.chapters[0].description = t("Tutorial 8, position 1: the solo opening of tutorial 7.")
    return study


if __name__ == "__main__":
    for language, path in (("en", THREE_LESSONS), ("pt", TRES_LICOES)):
        three_lessons(language).save(path)
        print(f"wrote {path}")

"""The languages (issue 22): choosing one for the session or a block of
code, sentences said in the language of the moment, plural forms, and
catalogs that are whole, current and agree with the code's placeholders."""

from __future__ import annotations

import copy
import pickle
import random
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from covil_nb import CovilError, CovilTypeError, Event, Game
from covil_nb.model import language
from covil_nb.model.language import LANGUAGES, Text, named, ntr, set_language, speaking, tr
from covil_nb.model.playthrough import random_game
from covil_nb.model.sections import OTHERS, RULEBOOK

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import catalogs  # noqa: E402

UNKNOWN = tr("there is no language {code}: choose among {choices}", code="'xx'", choices="...")


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield
    set_language("en")


def test_a_text_is_said_in_the_language_of_the_moment() -> None:
    assert str(UNKNOWN) == "there is no language 'xx': choose among ..."
    set_language("pt")
    assert str(UNKNOWN) == "não há o idioma 'xx': escolha entre ..."
    with speaking("en"):  # a board in its own language, inside a session in another
        assert str(UNKNOWN).startswith("there is no language")
    assert str(UNKNOWN).startswith("não há o idioma")


def test_speaking_holds_only_inside_its_block_even_on_an_error() -> None:
    with pytest.raises(KeyError), speaking("pt"):
        assert language.language() == "pt"
        raise KeyError
    assert language.language() == "en"


def test_a_text_inside_a_text_is_said_in_the_same_language() -> None:
    outer = tr("there is no language {code}: choose among {choices}", code="'xx'", choices=UNKNOWN)
    with speaking("pt"):
        assert str(outer).count("não há o idioma") == 2


def test_a_count_chooses_the_form_by_the_language_s_rule() -> None:
    relics = ntr("{color} +{count} relic", "{color} +{count} relics", 1, color="yellow")
    assert str(relics) == "yellow +1 relic"
    said = {
        n: ntr("{color} +{count} relic", "{color} +{count} relics", n, color="x") for n in (0, 1, 2)
    }
    assert [str(t) for t in said.values()] == ["x +0 relics", "x +1 relic", "x +2 relics"]
    with speaking("pt"):  # as Brazilians count: 0 and 1 are singular
        assert [str(t) for t in said.values()] == [
            "x +0 Relíquia",
            "x +1 Relíquia",
            "x +2 Relíquias",
        ]
    again = ntr("{color} +{count} relic", "{color} +{count} relics", 1, color="yellow")
    assert relics == again != ntr("{color} +{count} relic", "x", 1, color="yellow")
    assert len({relics, again}) == 1


@pytest.mark.parametrize("code", ["xx", "PT", "", None, 3])
def test_an_unknown_language_is_refused_with_the_ones_there_are(code: object) -> None:
    error = CovilTypeError if not isinstance(code, str) else CovilError
    with pytest.raises(error, match="language") as refused:
        set_language(code)  # type: ignore[arg-type]
    assert language.language() == "en"
    if error is CovilError:
        assert all(f"'{c}' ({name})" in str(refused.value) for c, name in LANGUAGES.items())
    with pytest.raises(CovilError, match="no language"), speaking(str(code)):
        pass


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({"LANG": "pt_BR.UTF-8"}, "pt"),
        ({"LANGUAGE": "pt_BR:en", "LANG": "en_US.UTF-8"}, "pt"),
        ({"LANGUAGE": "de:pt"}, "pt"),  # a list, in order: the first with a catalog
        ({"LANGUAGE": "de:en:pt"}, "en"),
        ({"LC_ALL": "en_GB.UTF-8", "LANG": "pt_PT.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_default_is_the_locale_s_language_if_there_is_a_catalog(
    environ: dict[str, str], code: str
) -> None:
    assert language.from_locale(environ) == code


# -- the catalogs ------------------------------------------------------------------------


def catalog(code: str):  # type: ignore[no-untyped-def]
    with catalogs.po_path(code).open("rb") as f:
        return read_po(f)


def placeholders(message: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(message) if name is not None}


def test_the_catalogs_are_up_to_date_with_the_code() -> None:
    """tools/catalogs.py was run after the last change to a message (and its .mo compiled)."""
    assert catalogs.stale() == []


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != language.SOURCE_LANGUAGE])
def test_every_message_is_translated_with_the_same_placeholders(code: str) -> None:
    messages = [m for m in catalog(code) if m.id]
    assert messages
    for m in messages:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert not m.fuzzy, f"fuzzy in {code}: {m.id!r}"
        assert all(strings), f"not translated in {code}: {m.id!r}"
        wanted = set().union(*(placeholders(i) for i in ids))
        plural = isinstance(m.id, tuple)  # only a plural form is given {count}
        for s in strings:
            assert placeholders(s) <= wanted | ({"count"} if plural else set()), f"{code}: {s!r}"
            assert placeholders(s) >= placeholders(ids[0]) - {"count"}, f"{code}: {s!r}"


def test_every_language_has_its_catalog() -> None:
    assert set(catalogs.languages()) == set(LANGUAGES) - {language.SOURCE_LANGUAGE}
    assert not re.search(r"[A-Z]", "".join(LANGUAGES))  # codes as gettext writes them


# -- the game in Portuguese ------------------------------------------------------------

NIGHT_KINDS = {"phase", "discard", "pool", "dominance", "gold", "draw", "raid", "rebel", "rest"}
# The rules whose every sentence is in the catalog (the rest of the log follows).
SETUP_AND_MORNING = {*(f"Setup {x}" for x in "ABCDEFGH"), "Solo setup", "Phase 1: Morning"}


def translated(event: Event) -> bool:
    if event.phase == "night":
        return event.kind in NIGHT_KINDS
    return event.rule in SETUP_AND_MORNING | {"Setup I: Choose starting zones"}


@pytest.mark.parametrize(
    "game",
    [
        Game.new(["yellow", "red"], board="B", seed=2),
        Game.new(["yellow", "red", "green"], board="B", seed=3),
        Game.new(["yellow", "red", "green", "blue"], board="A", seed=4),
        Game.solo(seed=5),
    ],
    ids=["2p", "3p", "4p", "solo"],
)
def test_the_setup_morning_and_night_are_told_in_portuguese_and_back(game: Game) -> None:
    """Every sentence of the setup, the mornings and the nights is said anew
    in the language of the moment: the same events, told in Portuguese, then
    in English again."""
    game = random_game(game, 1)
    told = [e for e in game.log if translated(e)]
    assert {e.kind for e in told} >= {"phase", "pool", "dominance", "rest", "summon", "start"}
    assert {e.rule for e in told} >= SETUP_AND_MORNING - {"Solo setup"}
    english = [e.text for e in told]
    with speaking("pt"):
        portuguese = [e.text for e in told]
    assert [e.text for e in told] == english
    for en, pt in zip(english, portuguese, strict=True):
        assert en != pt
        assert not ENGLISH.search(pt), pt


# Words of the English sentences that no Portuguese one has.
ENGLISH = re.compile(
    r"\b(the|gains|draws|rests|discards|pool|rebels|night|morning|gold|treasury|troops?|zone)\b"
)


def test_every_rule_a_game_cites_is_in_the_catalog() -> None:
    """The rules of every event and decision of random games (solo too) and
    of the refusals of the public API's bad input have their Portuguese titles."""
    translated = {m.id for m in catalog("pt") if m.id and m.string}
    cited: set[str] = set()
    for colors, board, seed in [(["yellow", "red"], "A", 1), (["yellow", "red", "green"], "B", 2)]:
        game = Game.new(colors, board=board, seed=seed)
        chooser = random.Random(seed)
        while not game.is_over:
            cited.add(game.decision.rule)  # type: ignore[union-attr]
            game.apply(chooser.choice(game.legal_actions()))
        cited |= {e.rule for e in game.log}
    solo = random_game(Game.solo(seed=3), 3)
    cited |= {e.rule for e in solo.log}
    fresh = Game.new(["yellow", "red"], board="A", seed=4)
    for bad in (lambda: Game.new(["yellow"], board="A"), lambda: Game.load("{}"), fresh.undo):
        with pytest.raises(CovilError) as refused:
            bad()
        cited.add(refused.value.rule or "")
    assert len(cited) > 20
    assert cited <= {*RULEBOOK, *OTHERS}, sorted(cited - {*RULEBOOK, *OTHERS})
    assert {*RULEBOOK, *OTHERS} <= translated
    with speaking("pt"):
        assert str(solo.log[0]).startswith("[Preparação")


def test_a_name_with_braces_is_said_as_it_is() -> None:
    """A name is not a template: a card of one's own printed copy may hold braces."""
    assert str(named("Private {x}")) == "Private {x}"
    with speaking("pt"):
        assert str(named("Squire")) == "Escudeiro"


def test_texts_copy_and_pickle_as_the_log_does() -> None:
    """A log's events hold texts: they copy and pickle (the compiled engine too)."""
    game = random_game(Game.new(["yellow", "red"], board="A", seed=5), 5)
    night = [e for e in game.log if isinstance(e.sentence, Text)]
    assert night
    for copied in (copy.deepcopy(night), pickle.loads(pickle.dumps(night))):
        assert copied == night and [e.text for e in copied] == [e.text for e in night]


def test_a_game_played_in_portuguese_reads_in_english_as_one_played_in_english() -> None:
    """Nothing of the language a game was played in stays in its log."""
    in_english = random_game(Game.new(["yellow", "red", "green"], board="B", seed=7), 7)
    set_language("pt")
    in_portuguese = random_game(Game.new(["yellow", "red", "green"], board="B", seed=7), 7)
    set_language("en")
    assert str(in_portuguese.log) == str(in_english.log)

"""The languages (issue 22): choosing one for the session or a block of
code, sentences said in the language of the moment, plural forms, and
catalogs that are whole, current and agree with the code's placeholders."""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from covil_nb import CovilError, CovilTypeError, Game, draw, play, play_solo
from covil_nb.bots import GreedyBot, evaluate
from covil_nb.bots.hint import hint
from covil_nb.model import language
from covil_nb.model.cards import load_cards
from covil_nb.model.language import LANGUAGES, Text, named, ntr, set_language, speaking, tr
from covil_nb.model.playthrough import random_game
from covil_nb.model.sections import OTHERS, RULEBOOK
from covil_nb.model.vocabulary import Verb

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
def test_every_sentence_of_a_log_is_told_in_portuguese_and_back(game: Game) -> None:
    """Every event of a whole game is a sentence of the catalog, said anew in
    the language of the moment: in Portuguese, then in English again."""
    game = random_game(game, 1)
    assert all(isinstance(e.sentence, Text) for e in game.log)
    english = [e.text for e in game.log]
    with speaking("pt"):
        portuguese = [e.text for e in game.log]
    assert [e.text for e in game.log] == english
    assert english != portuguese
    assert not [pt for pt in portuguese if english_in(pt)]


def words(text: str) -> set[str]:
    """The words of a text, placeholders left out."""
    return set(re.findall(r"[a-z]{3,}", re.sub(r"\{\w+\}", " ", text.lower())))


def english_only() -> set[str]:
    """The words of the catalog's English messages that none of their
    Portuguese translations has: a sentence with one is (partly) English."""
    english: set[str] = set()
    portuguese: set[str] = set()
    for m in catalog("pt"):
        if m.id:
            english |= set().union(*(words(i) for i in _forms(m.id)))
            portuguese |= set().union(*(words(t) for t in _forms(m.string)))
    return english - portuguese


def _forms(message: str | tuple[str, ...]) -> tuple[str, ...]:
    return message if isinstance(message, tuple) else (message,)


ENGLISH_ONLY = english_only()


# The notation is the same in every language (it is the save format): its
# verbs and words, and card ids ("kraken-ink"), are not English sentences.
NOTATION = (
    {v.value for v in Verb}
    | {"gold", "relic", "minion", "fortress"}
    | {card.id for card in load_cards()}
)
_QUOTED_OR_ID = re.compile(r"'[^']*'|\b[a-z]+(?:-[a-z]+)+\b")


def english_in(text: str) -> set[str]:
    """The English-only words of a text, its notation left out."""
    return words(_QUOTED_OR_ID.sub(" ", text)) & ENGLISH_ONLY - NOTATION


# Actions that are never legal, or legal at some decisions only: each is
# refused at the others, with the reason in the language of the moment.
WRONG = [
    "move Z",
    "attack Y9",
    "attack fortress-red",
    "pay gold 9",
    "pay relic kraken-ink",
    "pay minion yellow-acolyte",
    "lie Y1",
    "lie R2",
    "end",
    "rest yellow-squire",
    "exhaust red-grunt",
    "activate kraken-ink",
    "command yellow-acolyte",
    "buy-relic",
    "start A",
    "acquire hedge-witch",
    "pass",
    "retreat K",
]


def said_in_a_game(game: Game, seed: int) -> list[str]:
    """What a player reads over a random game: each decision with the labels
    of its actions, their forecasts and refusals of wrong actions; then the
    log and the scores."""
    chooser = random.Random(seed)
    said: list[str] = []
    while not game.is_over:
        legal = game.legal_actions()
        said.append(str(game.decision))
        said += [a.label for a in legal]
        said += [str(game.forecast(a)) for a in legal if a.verb == "attack"]
        refusals = [game.refusal(wrong) for wrong in chooser.sample(WRONG, 3)]
        said += [str(refused) for refused in refusals if refused]
        game.apply(chooser.choice(legal))
    return said + [e.text for e in game.log] + [str(game.score())]


# Every map with every player count it takes, and the solo game.
TABLES = [
    (["yellow", "red"], "A"),
    (["yellow", "red", "green"], "A"),
    (["yellow", "red", "green", "blue"], "A"),
    (["yellow", "red"], "B"),
    (["blue", "green", "red"], "B"),
]


def test_no_english_sentence_in_random_games_played_in_portuguese() -> None:
    """Issue 22's target: 0 English sentences in 100 random games played in
    Portuguese, on every map and player count (solo too): the log, the
    scores, and at every decision the prompt, the labels, the forecasts and
    the refusals of wrong actions. Checked against the
    English catalog: no word that only the English messages use."""
    set_language("pt")
    found: dict[str, set[str]] = {}
    for seed in range(100):
        if seed % 6 == 5:
            game = Game.solo(seed=seed)
        else:
            colors, board = TABLES[seed % 6]
            game = Game.new(colors, board=board, seed=seed)
        for text in said_in_a_game(game, seed):
            if english_in(text):
                found[text] = english_in(text)
    assert not found, found
    set_language("en")
    english = said_in_a_game(Game.new(["yellow", "red"], board="A", seed=1), 1)
    assert all(english_in(text) for text in english if len(words(text)) > 3)


def test_a_wrong_argument_and_a_broken_position_are_refused_in_portuguese() -> None:
    """What a learner may get in a notebook: an argument of the wrong type,
    an unknown board or zone, and a position edited into nonsense."""
    game = Game.new(["yellow", "red"], board="A", seed=1)
    broken = game.state
    broken.players[0].gold = 9
    broken.rebels = 7
    calls = [
        (lambda: Game.new(["yellow", "red"], seed="x"), "deve ser um número inteiro ou None"),
        (lambda: Game.solo(dummies=1.5), "deve ser uma lista de textos"),
        (lambda: Game.new(["yellow", "red"], board="Z"), "tabuleiro desconhecido"),
        (lambda: game.board.zone("Z"), "não tem a zona"),
        (lambda: Game.from_position(broken), "Amarelo tem 9 moedas: o Baú guarda de 0 a 5"),
    ]
    for call, words_said in calls:
        for code in ("pt", "en"):
            with speaking(code), pytest.raises((CovilError, CovilTypeError)) as refused:
                call()
            # The function and the argument named are the code's: "Game.new: seed".
            said = re.sub(r"^[\w.]+: \w+ ", "", str(refused.value))
            if code == "pt":
                assert words_said in said and not english_in(said), said
            else:
                assert words_said not in said and english_in(said), said


def test_a_board_played_in_portuguese_shows_no_english() -> None:
    """The board of a game played in Portuguese, at every decision of a few
    random games (solo too): the picture's words, and what the page is sent
    (the decision, its prompt, labels, element names and forecasts; the
    banner's moments; the log's sentences; the scores at the end)."""
    found: dict[str, set[str]] = {}
    for seed, make in enumerate(
        [
            lambda: play_solo(seed=2, language="pt"),
            lambda: play(["yellow", "red", "green"], seed=3, language="pt"),
        ]
    ):
        board, chooser = make(), random.Random(seed)
        while not board.game.is_over:
            with speaking("pt"):
                picture = re.sub(r"<[^>]*>", " ", draw(board.game).svg)
            for text in [picture, *shown(board.decision), *shown(board.log)]:
                if english_in(text):
                    found[text[:200]] = english_in(text)
            actions = board.decision.get("actions") or []
            if actions:
                board.act(chooser.choice(actions)["action"])
            else:
                board.step()
        assert shown(board.decision)  # the scores: something was read at the end too
    assert not found, found


# The fields of the board's traits a player reads (the others are the code's:
# ids, kinds, notation).
SHOWN_FIELDS = {
    "prompt",
    "rule",
    "label",
    "forecast",
    "preview",
    "verdict",
    "text",
    "names",
    "told",
    "reason",
    "outcome",
    "title",
    "said",
}


def shown(data: object, key: str = "") -> list[str]:
    """The texts of ``data`` (a trait's JSON) that a player reads."""
    if isinstance(data, dict):
        return [t for k, v in data.items() for t in shown(v, key if key in SHOWN_FIELDS else k)]
    if isinstance(data, list):
        return [t for item in data for t in shown(item, key)]
    return [data] if isinstance(data, str) and key in SHOWN_FIELDS else []


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


def test_hints_and_evaluations_are_said_in_portuguese() -> None:
    """The board's hint (what to play, and why) and an evaluation's terms, at
    the decisions of a random game: no English word."""
    game = Game.new(["yellow", "red"], board="A", seed=3)
    chooser = random.Random(3)
    said: list[str] = []
    set_language("pt")
    for step in range(150):
        if game.is_over:
            break
        if step % 10 == 0:
            said.append(hint(game, GreedyBot(step)).text)
            said.append(str(evaluate(game, game.decision.player)))  # type: ignore[union-attr]
        game.apply(chooser.choice(game.legal_actions()))
    assert len(said) > 20
    assert not [text for text in said if english_in(text)]


def test_every_word_the_page_says_is_in_the_catalog() -> None:
    """Each ``view.t("…")``/``t("…")`` and ``N_("…")`` of the page's code, even one
    the extractor would miss (inside a template literal), is in the list of
    the page's messages, which the board sends translated."""
    listed = set(json.loads((ROOT / "covil_nb" / "locale" / "page.json").read_text("utf-8")))
    said = {
        json.loads(f'"{literal}"')
        for path in (ROOT / "js" / "src").glob("*.js")
        for literal in re.findall(r'\b(?:t|N_)\("((?:[^"\\]|\\.)*)"', path.read_text("utf-8"))
    }
    assert len(said) > 100
    assert said <= listed, sorted(said - listed)

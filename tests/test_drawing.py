"""The drawing: every piece of a real position is in the picture with its
``data-*`` attribute, legal actions mark exactly the elements ``elements_of``
names, hidden hands stay hidden, and the text is valid, deterministic SVG.

Positions come from seeded random games (mid-game and the end), solo games
and scenarios.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cache

import pytest

from covil_nb import drawing
from covil_nb.drawing import cards as card_svg
from covil_nb.drawing.cards import _CHIP_H as CHIP_H
from covil_nb.drawing.cards import CARD_H, CARD_W, RELIC_H, RELIC_W
from covil_nb.drawing.elements import KINDS, VERBS, attribute, elements_of
from covil_nb.drawing.marks import Marks
from covil_nb.drawing.style import ACTION, HIGHLIGHTS
from covil_nb.drawing.svg import _attribute, attrs, num, text_width
from covil_nb.model import Action, CovilError, Game
from covil_nb.model.language import speaking
from covil_nb.model.scenario import Scenario
from covil_nb.model.vocabulary import Verb

SVG = "{http://www.w3.org/2000/svg}"
DECISION_KINDS = {
    "start-zone",
    "turn",
    "troop-action",
    "payment",
    "attack-troop",
    "attack-target",
    "attack-minion",
    "defend",
    "raise-stakes",
    "defend-rebels",
    "retreat",
    "move-effect",
    "rest-effect",
}
# Seeded games that, between them, reach every kind of decision.
GAMES: list[tuple[str, Callable[[int], Game], int]] = [
    ("A, 4 players", lambda s: Game.new(["yellow", "red", "green", "blue"], "A", seed=s), 3),
    ("B, 3 players", lambda s: Game.new(["yellow", "red", "green"], "B", seed=s), 3),
    ("solo", lambda s: Game.solo(seed=s), 0),
]


@cache
def played() -> dict[str, list[Game]]:
    """Every position of each seeded random game, from setup to the end."""
    games = {}
    for name, make, seed in GAMES:
        game, chooser = make(seed), random.Random(seed)
        seen = [game.copy()]
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions()))
            seen.append(game.copy())
        games[name] = seen
    return games


POSITIONS = [f"{name}, {when}" for name, _, _ in GAMES for when in ("mid-game", "end")]


def position(name: str) -> Game:
    """A named position: a game's middle or end, or the combat scenario."""
    if name == "combat scenario":
        return combat_scenario()
    game, when = name.rsplit(", ", 1)
    seen = played()[game]
    return seen[len(seen) // 2] if when == "mid-game" else seen[-1]


def combat_scenario() -> Game:
    """Yellow's Y1 attacks red's R1 in zone A; red's fortress is destroyed
    and some troops lie down."""
    s = Scenario(["yellow", "red", "green"], board="A", seed=5)
    s.fortress("yellow", "I").fortress("red", "H", hp=0).fortress("green", "K", hp=2)
    s.overlord("yellow", "iron-marshal", "ready")
    s.troops("yellow", "A", standing=2).troops("yellow", "I", lying=1)
    s.troops("red", "A", standing=1, lying=1).troops("red", "H", lying=2)
    s.troops("green", "D", standing=3)
    s.hall("yellow", ["iron-bastion", ("harbor-warden", "tired"), ("night-blade", "exhausted")])
    s.hand("yellow", ["tidecaller-conch"]).hand("red", ["kraken-ink", "drowned-crown"])
    s.active("green", ["pearl-of-the-deep"]).rebels(3).afternoon(turn="yellow")
    game = s.build()
    for action in ("lie Y1", "attack R1", "exhaust iron-marshal"):
        game.apply(action)
    return game


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_attr(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.attrib]


def values(root: ET.Element, name: str) -> list[str]:
    return [e.attrib[name] for e in with_attr(root, name)]


def element_key(e: ET.Element) -> str:
    """The one element key an element carries (data-<kind>="<id>")."""
    keys = [f"{k}:{e.attrib[f'data-{k}']}" for k in KINDS if f"data-{k}" in e.attrib]
    assert len(keys) == 1, f"{e.attrib} carries {keys}"
    return keys[0]


# -- what the picture holds ---------------------------------------------------------------


@pytest.mark.parametrize("name", [*POSITIONS, "combat scenario"])
def test_every_piece_is_in_the_picture_with_its_attribute(name: str) -> None:
    game = position(name)
    root = parse(drawing.draw(game).svg)
    s = game.state
    assert set(values(root, "data-zone")) == set(game.board.zones)
    on_board = {t.id for p in s.players for t in p.on_board()}
    assert sorted(values(root, "data-troop")) == sorted(on_board)
    placed = {p.color for p in s.players if p.fortress}
    assert sorted(values(root, "data-fortress")) == sorted(placed)
    assert values(root, "data-rebels") == [game.board.town]
    cards = list(s.pool)
    for p in s.players:
        cards += [m.card for m in p.minions] + p.active
        if not s.is_dummy(p.color):
            cards += p.hand
    assert sorted(values(root, "data-card")) == sorted(cards)
    for track in ("data-gold", "data-hp"):
        assert sorted(values(root, track)) == sorted(game.players)
    coins = {f"{c}-{n}" for c in game.players for n in range(1, 6)}
    assert set(values(root, "data-coin")) == coins


def test_drawing_reads_the_state_and_never_changes_it() -> None:
    # The drawing reads the game's own state (Game.read_state), not a copy.
    for name in [*POSITIONS, "combat scenario"]:
        game = position(name)
        before = game.state  # a copy
        drawing.draw(game, actions=game.legal_actions())
        assert game.read_state() == before, name


def test_the_svg_is_valid_deterministic_and_id_free() -> None:
    for name in [*POSITIONS, "combat scenario"]:
        game = position(name)
        text = drawing.draw(game, actions=game.legal_actions()).svg
        assert text == drawing.draw(game, actions=game.legal_actions()).svg, name
        root = parse(text)
        assert root.tag == f"{SVG}svg"
        assert not [e for e in root.iter() if "id" in e.attrib], name
        assert "0x" not in text and "url(#" not in text and "href" not in text, name
        # One decimal everywhere; only a card row's scale needs three.
        assert not re.search(r"\d\.\d\d", re.sub(r"scale\([^)]*\)", "", text)), name


def test_every_setup_step_is_drawn_even_before_the_players_sit_down() -> None:
    """After Setup A the table holds only the board; from Setup B each player has a hall."""
    for step in Game.setup_steps(["yellow", "red"], board="B", seed=3):
        root = parse(drawing.draw(step.game).svg)
        sections = values(root, "data-section")
        assert set(values(root, "data-zone")) == set(step.game.board.zones), step.letter
        halls = sorted(s for s in sections if s.startswith("hall-"))
        assert halls == sorted(f"hall-{c}" for c in step.game.players), step.letter
        assert "legend" in sections, step.letter
        words = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
        setting_up = step.game.decision is None
        assert ("Setting up the table" in words) == setting_up, step.letter
        assert "Game over" not in words, step.letter
    ended = position("B, 3 players, end")
    words = " ".join(t.text or "" for t in parse(drawing.status(ended).svg()).iter(f"{SVG}text"))
    assert f"Game over: {' and '.join(ended.winners)} win" in words


def test_picture_shows_itself_and_has_a_short_repr() -> None:
    game = Game.new(["yellow", "red"], seed=1)
    picture = drawing.draw(game)
    assert picture._repr_svg_() == picture.svg
    assert repr(picture) == "<Picture of Board A, day 1 morning: 900x1790>"


def test_hall_lists_slots_tracks_and_states() -> None:
    game = combat_scenario()
    root = parse(drawing.hall(game, "yellow").svg())
    states = {e.attrib["data-card"]: e.attrib["data-state"] for e in with_attr(root, "data-state")}
    assert states == {
        "iron-marshal": "exhausted",  # exhausted for the attack
        "iron-bastion": "ready",
        "harbor-warden": "tired",
        "night-blade": "exhausted",
    }
    # The state is a token with its word, not a colour alone.
    words = [t.text for t in root.iter(f"{SVG}text")]
    assert words.count("exhausted") == 2 and words.count("tired") == 1
    assert words.count("empty slot") == 2
    gold = with_attr(root, "data-gold")[0]
    assert gold.attrib["data-amount"] == str(game.player("yellow").gold)


# -- legal actions ----------------------------------------------------------------------------


def action_marks(root: ET.Element) -> set[tuple[str, str]]:
    """(element key, notation) for every element a click chooses an action with."""
    marked = set()
    for e in root.iter():
        notations = e.attrib.get("data-action") or e.attrib.get("data-actions")
        if notations:
            # A click must show: a ring in the action colour inside the element.
            assert any(x.attrib.get("stroke") == ACTION for x in e.iter()), e.attrib
            marked |= {(element_key(e), n) for n in notations.split(drawing.SEPARATOR)}
    return marked


def test_actions_mark_exactly_their_elements_in_every_kind_of_decision() -> None:
    checked: dict[str, int] = {}
    verbs: set[str] = set()

    def check(game: Game) -> None:
        if game.is_over:
            return
        legal = game.legal_actions()
        verbs.update(a.verb for a in legal)
        kind = game.decision.kind
        if checked.get(kind, 0) >= 2:
            return
        checked[kind] = checked.get(kind, 0) + 1
        expected = {(k, str(a)) for a in legal for k in elements_of(a, game)}
        assert action_marks(parse(drawing.draw(game, actions=legal).svg)) == expected, kind

    for seen in played().values():
        for game in seen:
            check(game)
    assert set(checked) == DECISION_KINDS
    assert verbs == VERBS  # elements_of knows every verb the model offers, and no other


def test_each_gold_payment_has_a_coin_of_its_own() -> None:
    game = Game.new(["yellow", "red"], "B", seed=0)
    chooser = random.Random(0)
    while game.decision.kind != "payment" or game.state.stack[-1].gold == 0:
        game.apply(chooser.choice(game.legal_actions()))
    color, pledged = game.decision.player, game.state.stack[-1].gold
    pays = [a for a in game.legal_actions() if a.args[:1] == ("gold",)]
    root = parse(drawing.hall(game, color, actions=pays).svg())
    coins = {e.attrib["data-coin"]: e.attrib["data-action"] for e in with_attr(root, "data-action")}
    assert coins == {f"{color}-{pledged + int(a.args[1])}": str(a) for a in pays}


def test_actions_sharing_an_element_are_listed_together() -> None:
    game = combat_scenario()
    root = parse(drawing.pieces_layer(game, actions=["move D", "retreat D"]).svg())
    shared = with_attr(root, "data-actions")
    assert [(e.attrib["data-zone"], e.attrib["data-actions"]) for e in shared] == [
        ("D", "move D|retreat D")
    ]
    assert not with_attr(root, "data-action")


def test_button_only_verbs_have_no_element() -> None:
    game = combat_scenario()
    for notation in ("pass", "end", "skip", "cancel", "buy-relic"):
        assert elements_of(notation, game) == ()
    assert elements_of("attack fortress-red", game) == ("fortress:red",)
    assert elements_of(Action("repair"), game) == ("hp:red",)  # red decides now
    with pytest.raises(CovilError, match="no verb 'fly'"):
        elements_of("fly D", game)


# -- what each player may see -------------------------------------------------------------


def test_a_viewer_sees_only_their_own_hand() -> None:
    game = combat_scenario()
    root = parse(drawing.draw(game, viewer="yellow").svg)
    cards = set(values(root, "data-card"))
    assert "tidecaller-conch" in cards
    assert not {"kraken-ink", "drowned-crown"} & cards
    hidden = {e.attrib["data-hand"]: e.attrib["data-count"] for e in with_attr(root, "data-hand")}
    assert hidden == {c: str(len(game.player(c).hand)) for c in ("red", "green")}
    everyone = set(values(parse(drawing.draw(game).svg), "data-card"))
    assert {"tidecaller-conch", "kraken-ink", "drowned-crown"} <= everyone


def test_a_dummys_relics_stay_face_down() -> None:
    game = position("solo, mid-game")
    dummy = game.player("red")
    assert dummy.hand, "the position should give the dummy relics"
    root = parse(drawing.draw(game).svg)
    assert not set(dummy.hand) & set(values(root, "data-card"))
    hidden = {e.attrib["data-hand"]: e.attrib["data-count"] for e in with_attr(root, "data-hand")}
    assert hidden == {"red": str(len(dummy.hand))}


def shown_vp(game: Game, viewer: str | None = None) -> dict[str, tuple[str, str]]:
    """Each player's VP as the status line shows it, with its hover text."""
    root = parse(drawing.status(game, viewer=viewer).svg())
    return {
        g.attrib["data-vp"]: (
            " ".join(t.text or "" for t in g.findall(f"{SVG}text")),  # not the badge's letter
            g.findtext(f"{SVG}title") or "",
        )
        for g in with_attr(root, "data-vp")
    }


def test_the_status_shows_each_players_vp_now_and_its_sources() -> None:
    game = combat_scenario()
    shown = shown_vp(game)
    assert list(shown) == game.players
    for score in game.score():
        words, sources = shown[score.player]
        assert words == f"{score.player} VP {score.total}"
        assert sources == (
            f"{score.player}: {score.total} VP if the game ended now (fortress "
            f"{score.fortress}, gold {score.gold}, minions {score.minions}, relics {score.relics})"
        )
    # Yellow does not see red's two relics: the VP count them face down.
    red = next(s for s in game.score() if s.player == "red")
    words, sources = shown_vp(game, viewer="yellow")["red"]
    hidden = sum(game.cards.relic(r).gold for r in game.player("red").hand)
    assert words == f"red VP {red.total - hidden} + 2 relics"
    assert "and 2 relics face down, their gold value hidden" in sources


def test_at_the_end_the_vp_shown_are_the_final_score_for_every_viewer() -> None:
    for name, _, _ in GAMES:
        *_, end = played()[name]
        totals = {s.player: f"{s.player} VP {s.total}" for s in end.score()}
        for viewer in [None, *end.players]:
            assert {c: words for c, (words, _) in shown_vp(end, viewer).items()} == totals


def test_unknown_viewer_is_refused() -> None:
    with pytest.raises(CovilError, match="viewer 'purple'"):
        drawing.draw(combat_scenario(), viewer="purple")


# -- how pieces look ---------------------------------------------------------------------------


def test_destroyed_fortresses_and_lying_troops_are_drawn_differently() -> None:
    game = combat_scenario()
    root = parse(drawing.pieces_layer(game).svg())
    forts = {e.attrib["data-fortress"]: e for e in with_attr(root, "data-fortress")}
    assert forts["red"].attrib["data-destroyed"] == "true"
    assert "data-destroyed" not in forts["green"].attrib
    assert forts["green"].attrib["data-hp-left"] == "2"
    poses = {e.attrib["data-troop"]: e for e in with_attr(root, "data-troop")}
    lying = {t for t, e in poses.items() if e.attrib["data-pose"] == "lying"}
    assert lying == {"Y1", "R2", "R3", "R4", "Y3"}
    for troop, e in poses.items():
        turned = any("rotate(-90)" in x.attrib.get("transform", "") for x in e.iter())
        assert turned == (troop in lying), troop


def test_each_color_has_its_letter_and_shape() -> None:
    game = position("A, 4 players, mid-game")
    root = parse(drawing.pieces_layer(game).svg())
    shapes = {}
    for e in with_attr(root, "data-troop"):
        if e.attrib["data-pose"] == "standing":
            body = next(
                x for x in e.iter() if x.tag in {f"{SVG}{t}" for t in ("circle", "rect", "polygon")}
            )
            shapes.setdefault(e.attrib["data-troop"][0], set()).add(
                body.tag + body.get("points", "")
            )
            label = next(x for x in e.iter(f"{SVG}text"))
            assert label.text == e.attrib["data-troop"]
    assert len(shapes) == 4 and all(len(v) == 1 for v in shapes.values())
    assert len({next(iter(v)) for v in shapes.values()}) == 4


# -- a tutorial's overlays --------------------------------------------------------------------


def test_highlights_arrows_notes_and_caption() -> None:
    game = combat_scenario()
    picture = drawing.draw(
        game,
        highlight={
            "zone:D": "good",
            "troop:R1": "bad",
            "card:iron-bastion": "focus",
            "zone:C": "go here",
        },
        arrows=[("troop:G1", "zone:C"), ("troop:G2", "fortress:yellow", "attack")],
        notes={"E": "the town"},
        caption="Lesson 3: attacking",
    )
    root = parse(picture.svg)
    words = [t.text for t in root.iter(f"{SVG}text")]
    assert "Lesson 3: attacking" in words and "the town" in words and "go here" in words
    strokes = {
        element_key(e): {x.attrib.get("stroke") for x in e.iter()}
        for e in root.iter()
        if any(f"data-{k}" in e.attrib for k in KINDS)
    }
    assert HIGHLIGHTS["good"] in strokes["zone:D"] and HIGHLIGHTS["bad"] in strokes["troop:R1"]
    assert HIGHLIGHTS["focus"] in strokes["card:iron-bastion"]
    # The combat under way draws its own attack arrow, first.
    arrows = [
        (e.get("data-from"), e.get("data-to"), e.get("data-arrow"))
        for e in with_attr(root, "data-arrow")
    ]
    assert arrows == [
        ("troop:Y1", "troop:R1", "attack"),
        ("troop:G1", "zone:C", "move"),
        ("troop:G2", "fortress:yellow", "attack"),
    ]


def test_a_lesson_may_draw_some_halls_or_none() -> None:
    game = combat_scenario()

    def halls(**chosen: object) -> list[str]:
        root = parse(drawing.draw(game, **chosen).svg)
        return [s for s in values(root, "data-section") if s.startswith("hall-")]

    assert halls() == [f"hall-{c}" for c in game.players]
    assert halls(halls=["red"]) == ["hall-red"]
    assert halls(halls=()) == []
    assert drawing.draw(game, halls=()).height < drawing.draw(game, halls=["red"]).height


def test_a_combat_under_way_is_told_and_drawn() -> None:
    game = combat_scenario()
    combat = game.combat
    words = [t.text for t in parse(drawing.status(game).svg()).iter(f"{SVG}text")]
    told = f"attack {combat.attack.total} against defense {combat.defense.total}; red to respond"
    assert any(w and told in w for w in words)
    rebels = next(
        g for g in played()["B, 3 players"] if g.decision and g.decision.kind == "defend-rebels"
    )
    root = parse(drawing.pieces_layer(rebels).svg())
    [attack] = with_attr(root, "data-arrow")
    assert attack.get("data-from") == f"zone:{rebels.board.town}"
    assert attack.get("data-to") == f"troop:{rebels.combat.target}"


def test_importing_the_drawing_lets_a_game_show_itself() -> None:
    game = combat_scenario()
    assert game._repr_svg_() == drawing.draw(game).svg


@pytest.mark.parametrize(
    ("overlay", "message"),
    [
        ({"highlight": {"zone:Z": "focus"}}, "names no zone"),
        ({"highlight": {"castle:D": "focus"}}, "not an element key"),
        ({"highlight": {"zone:D": ""}}, "give a style"),
        ({"arrows": [("zone:D", "card:iron-bastion")]}, "not on the map"),
        ({"arrows": [("zone:D", "zone:C", "wiggly")]}, "arrow style 'wiggly'"),
        ({"notes": {"Z": "nowhere"}}, "no such zone"),
        ({"halls": ["purple"]}, "draw the halls of players of this game"),
    ],
)
def test_bad_overlays_are_refused_clearly(overlay: dict, message: str) -> None:
    with pytest.raises(CovilError, match=message):
        drawing.draw(combat_scenario(), **overlay)


def test_attribute_reads_element_keys() -> None:
    assert attribute("troop:Y1") == ("data-troop", "Y1")
    assert attribute("coin:red-3") == ("data-coin", "red-3")
    with pytest.raises(CovilError):
        attribute("Y1")


# -- legible at a notebook's width ------------------------------------------------------------

#: A notebook's output area is about 900 pixels wide: the picture is drawn
#: that wide, so that a unit of the drawing is a pixel on the page.
NOTEBOOK_WIDTH = 900
SMALLEST_TEXT = 11


def rendered_sizes(root: ET.Element) -> list[tuple[float, str]]:
    """Each text's size as drawn (its font-size, or the nearest one above it,
    times the scales of the transforms above it), with its words."""
    sizes = []

    def walk(e: ET.Element, size: float, scale: float) -> None:
        size = float(e.get("font-size", size))
        for factor in re.findall(r"scale\(([\d.]+)", e.get("transform", "")):
            scale *= float(factor)
        if e.tag == f"{SVG}text":
            sizes.append((size * scale, "".join(e.itertext())))
        for child in e:
            walk(child, size, scale)

    walk(root, 16.0, 1.0)  # 16: a browser's default font size
    return sizes


@pytest.mark.parametrize("code", ["en", "pt"])
@pytest.mark.parametrize("name", [*POSITIONS, "combat scenario"])
def test_every_text_is_legible_at_a_notebooks_width(name: str, code: str) -> None:
    game = position(name)
    with speaking(code):
        picture = drawing.draw(game, actions=game.legal_actions() if game.decision else None)
    assert picture.width == NOTEBOOK_WIDTH
    small = [
        (size, words) for size, words in rendered_sizes(parse(picture.svg)) if size < SMALLEST_TEXT
    ]
    assert not small, small[:5]


def test_the_sections_stack_in_one_column_beside_the_map_only_the_legend() -> None:
    game = position("A, 4 players, mid-game")
    placed = {s.name: (x, y, s.width, s.height) for s, x, y in drawing.sections(game)}
    full = NOTEBOOK_WIDTH - 2 * 8
    for name in ("status", "market", *(f"hall-{c}" for c in game.players)):
        assert placed[name][0] == 8 and placed[name][2] == full, name
    map_x, map_y, map_w, map_h = placed["map"]
    legend_x, legend_y, legend_w, legend_h = placed["legend"]
    assert legend_x == map_x + map_w + 8 and legend_x + legend_w == 8 + full
    assert legend_y == map_y and legend_h <= map_h
    # Top to bottom without overlap: status, map, market, then each hall in seat order.
    order = ["status", "map", "market", *(f"hall-{c}" for c in game.players)]
    tops = [placed[n][1] for n in order]
    bottoms = [placed[n][1] + placed[n][3] for n in order]
    assert all(bottom < top for bottom, top in zip(bottoms, tops[1:], strict=False))


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_boards_legend_is_as_wide_as_the_map_and_leaves_its_frame_to_the_page(
    language: str, players: int
) -> None:
    """The board's legend lies under its controls, in a box the learner folds away,
    titled by the page: the key inside says the same words as the picture's,
    without a frame or a title, in four columns where the picture has two
    (rows of 26 units: a third fewer), each item's words inside its columns."""
    colors = ["yellow", "red", "green", "blue"][:players]
    with speaking(language):
        framed, strip = drawing.legend(colors), drawing.legend_strip(colors)
    words = [[t.text for t in parse(s.svg()).iter(f"{SVG}text")] for s in (framed, strip)]
    assert words[0][1:] == words[1]
    assert (
        len(parse(framed.svg()).findall(f"{SVG}rect"))
        == len(parse(strip.svg()).findall(f"{SVG}rect")) + 1
    )
    assert strip.width == drawing.map_layer(Game.new(colors, board="A").board).width
    assert (strip.height + 6 - 14) / 26 <= 2 / 3 * (framed.height + 6 - 44) / 26
    labels = [t for t in parse(strip.svg()).iter(f"{SVG}text") if t.get("x")]  # not the icons'
    starts = sorted({float(t.get("x", "")) for t in labels})
    assert len(starts) == 4, starts
    for label in labels:  # its words end before the next item's start, or the strip's end
        x, y = float(label.get("x", "")), label.get("y")
        after = [float(t.get("x", "")) - 28 for t in labels if t.get("y") == y]
        end = min([a for a in after if a > x] + [strip.width - 10])
        assert x + text_width(label.text or "", 14) <= end, label.text


def test_relics_wrap_in_rows_under_the_minions() -> None:
    """Many relics never shrink: they take more rows of tiles, the hall grows."""
    s = Scenario(["yellow", "red"], board="A", seed=5)
    s.fortress("yellow", "I").fortress("red", "H")
    relics = ["tidecaller-conch", "kraken-ink", "drowned-crown", "pearl-of-the-deep"]
    s.hand("yellow", relics).active("yellow", ["greenwood-mask", "fairy-gold"]).afternoon()
    game = s.build()
    few, many = drawing.hall(game, "red"), drawing.hall(game, "yellow")
    assert many.height > few.height
    root = parse(many.svg())
    tiles = {e.get("data-card"): e.get("transform") for e in with_attr(root, "data-card")}
    rows = {re.search(r",([\d.]+)\)", tiles[r]).group(1) for r in [*relics, "greenwood-mask"]}
    assert len(rows) == 2  # 3 slots a row: four tiles and a stack of active relics
    assert not any("scale" in (t or "") for t in tiles.values())


def test_equal_numbers_are_written_alike_whatever_was_written_first() -> None:
    # Attributes are written once per (name, value), and equal values share an
    # entry (0 == 0.0 == -0.0 == False): whichever comes first, the text must
    # be what the uncached writer gives each.
    assert num(-0.0) == num(-0.04) == num(0) == "0"
    assert num(2.0) == "2" and num(-1.25) == "-1.2" and num(7) == "7"
    values = [-0.0, False, 0, 0.0, True, 1, 1.0, 2.5, "a<b", Verb.MOVE, 10**22, 1e22]
    for order in (values, values[::-1]):
        _attribute.cache_clear()
        for value in order:
            assert _attribute("x", value) == _attribute.__wrapped__("x", value), value
    assert attrs(stroke_width=1.5, class_="a<b", data_zone=None) == (
        ' stroke-width="1.5" class="a&lt;b"'
    )


# -- words that fit: never cut, never over other words -----------------------------------------

Box = tuple[str, float, float, float, float]  # words, left, right, top, bottom


def text_boxes(root: ET.Element) -> list[Box]:
    """Each line of text of a drawing with no transform between its texts, in
    the box the drawing's width estimate gives it (wide enough for DejaVu
    Sans, the widest common sans-serif) from the baseline's cap height to its
    descent."""
    boxes = []
    for t in root.iter(f"{SVG}text"):
        size, bold = float(t.get("font-size", "16")), t.get("font-weight") == "bold"
        x, y = float(t.get("x", "0")), float(t.get("y", "0"))
        rows = [(t.text or "", x, y)]
        for span in t.iter(f"{SVG}tspan"):
            x, y = float(span.get("x", x)), y + float(span.get("dy", "0"))
            rows.append((span.text or "", x, y))
        for words, at, baseline in [r for r in rows if r[0]]:
            width = text_width(words, size, bold)
            left = (
                at - {"start": 0, "middle": width / 2, "end": width}[t.get("text-anchor", "start")]
            )
            boxes.append((words, left, left + width, baseline - 0.72 * size, baseline + 0.2 * size))
    return boxes


def overlapping(boxes: list[Box]) -> list[tuple[str, str]]:
    return [
        (a[0], b[0])
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a[1] < b[2] and b[1] < a[2] and a[3] < b[4] and b[3] < a[4]
    ]


def outside(boxes: list[Box], width: float, height: float) -> list[str]:
    return [
        w for w, left, right, top, bottom in boxes if left < 0 or right > width or bottom > height
    ]


def fragment(body: str) -> ET.Element:
    return parse(f'<svg xmlns="http://www.w3.org/2000/svg">{body}</svg>')


@pytest.mark.parametrize("code", ["en", "pt"])
def test_every_cards_words_fit_on_its_face_whole_and_apart(code: str) -> None:
    """Names, classes, stats, abilities and states of every card of the game,
    in each language: inside the card, apart from each other, at a legible
    size, never cut."""
    cards = Game.new(["yellow", "red"], seed=1).cards
    with speaking(code):
        faces = [
            (f"{m.name} {state}", card_svg._minion_face(m, state, None, code), CARD_W, CARD_H)
            for m in cards.minions
            for state in ("ready", "exhausted")
        ]
        faces += [
            (r.name, card_svg._relic_face(r, None, code), RELIC_W, RELIC_H) for r in cards.relics
        ]
        faces += [
            (f"{r.name} active", card_svg._active_chip(r, 0, 0, Marks()), RELIC_W, CHIP_H)
            for r in cards.relics
        ]
    for name, face, width, height in faces:
        root = fragment(face)
        boxes = text_boxes(root)
        assert not outside(boxes, width, height), (name, outside(boxes, width, height))
        assert not overlapping(boxes), (name, overlapping(boxes))
        assert not any("…" in words for words, *_ in boxes), name
        sizes = [float(t.get("font-size")) for t in root.iter(f"{SVG}text")]
        assert min(sizes) >= SMALLEST_TEXT, name


def test_a_long_card_text_takes_a_smaller_size_never_an_ellipsis() -> None:
    # A card set of one's own may hold longer texts than a card has room for.
    wordy = " ".join(["Command: move one of your troops one zone, then gain 1 gold."] * 3)
    root = fragment(card_svg._ability(wordy, 68, CARD_H - 26, CARD_W))
    boxes = text_boxes(root)
    assert " ".join(words for words, *_ in boxes) == wordy
    assert not outside(boxes, CARD_W, CARD_H - 26 + 4) and not overlapping(boxes)


@pytest.mark.parametrize(
    "caption",
    [
        "Lesson 3: attacking",
        "Example A, 1st troop: yellow to C; the dummy flips mountain and goes to D",
        "Setup B: a hall of Henchmen, 5 gold and 5 HP for each player",
        "A caption that goes on " * 12,
    ],
)
def test_a_caption_wraps_clear_of_the_calendar(caption: str) -> None:
    """A lesson's caption never runs into the day and phase (the calendar at
    the top right) nor into the decision line under it."""
    status = drawing.status(combat_scenario(), caption=caption)
    root = parse(status.svg())
    [title] = with_attr(root, "data-title")
    [calendar] = with_attr(root, "data-day")
    [prompt] = with_attr(root, "data-prompt")
    rows, dials = text_boxes(title), text_boxes(calendar)
    assert " ".join(words for words, *_ in rows) == " ".join(caption.split())
    starts = [float(r.get("x")) for r in calendar.iter(f"{SVG}rect")]
    assert max(right for _, _, right, _, _ in rows) < min([*starts, *(b[1] for b in dials)])
    assert max(bottom for *_, bottom in rows) < min(top for *_, top, _ in text_boxes(prompt))
    assert not outside([*rows, *text_boxes(prompt)], status.width, status.height)

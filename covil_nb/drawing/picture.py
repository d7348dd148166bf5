"""The one drawing of a Covil position, as SVG text.

>>> from covil_nb import Game
>>> picture = draw(Game.new(["yellow", "red"], seed=1))
>>> picture
<Picture of Board A, day 1 morning: 900x1790>

:func:`draw` composes the whole table from sections that the board widget
also uses one by one (it keeps the static map and redraws only what changes):

- :func:`map_layer` — the board alone (zones, terrains, roads, the town,
  the spirals); it depends only on the board.
- :func:`pieces_layer` — fortresses, troops, rebels, marks and arrows, in
  the map's coordinates: drawn over the map layer.
- :func:`hall` — one player's Champions Hall.
- :func:`market` — the mercenary pool and the piles of cards.
- :func:`status` — title, day and phase, each player's VP now, the decision,
  the combat under way.
- :func:`legend` — what the shapes mean; :func:`legend_strip`, the same
  as wide as the map (the board's, under it).

Every element a page or a test may look for carries a ``data-*`` attribute
named by its key (see :mod:`covil_nb.drawing.elements`): ``data-zone``,
``data-troop``, ``data-fortress``, ``data-card``, ``data-gold``,
``data-coin``, ``data-hp``, ``data-rebels``. An element that a legal action
involves carries ``data-action="<notation>"`` and a dashed ring; should a
caller pass actions that share an element, it carries ``data-actions`` with
the notations joined by ``|`` and the page offers the choice.

The text is deterministic: no ids, no times, numbers with one decimal.

The package sets it as the model's picture hook (``covil_nb/__init__.py``),
so that a :class:`Game` shows itself in a notebook (``Game._repr_svg_``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from covil_nb.model import Action, CovilError, Game
from covil_nb.model.language import named, tr
from covil_nb.model.words import phase_name

from . import cards, maps, status_panel
from .marks import RULE, Marks
from .style import PAPER
from .svg import PAD, Section, document, num, tag

Actions = Iterable[Action | str] | None
Highlight = Mapping[str, str] | None
#: An arrow: (from, to) or (from, to, style) with element keys of the map
#: ("zone:D", "troop:Y1", "fortress:red"); styles "move" (the default),
#: "attack", "focus", "good", "bad".
Arrow = tuple[str, ...]

map_layer = maps.map_layer
legend = status_panel.legend
legend_strip = status_panel.legend_strip


def pieces_layer(
    game: Game,
    *,
    actions: Actions = None,
    highlight: Highlight = None,
    arrows: Sequence[Arrow] = (),
    notes: Mapping[str, str] | None = None,
) -> Section:
    """What stands on the map now, with marks, notes and arrows (the combat
    under way gets its attack arrow by itself)."""
    marks = Marks.of(game, actions, highlight)
    return maps.pieces_layer(game, marks, arrows, notes)


def hall(
    game: Game,
    color: str,
    *,
    viewer: str | None = None,
    actions: Actions = None,
    highlight: Highlight = None,
) -> Section:
    """``color``'s Champions Hall as ``viewer`` sees it (None: every hand face up)."""
    _check_viewer(game, viewer)
    return cards.hall(game, color, Marks.of(game, actions, highlight), viewer)


def market(game: Game, *, actions: Actions = None, highlight: Highlight = None) -> Section:
    """The mercenary pool and the piles."""
    return cards.market(game, Marks.of(game, actions, highlight))


def status(game: Game, *, caption: str | None = None, viewer: str | None = None) -> Section:
    """Title (or ``caption``), day and phase, each player's VP now (the
    hands hidden from ``viewer`` counted face down), the decision, the
    combat under way."""
    _check_viewer(game, viewer)
    return status_panel.status(game, caption, viewer)


def sections(
    game: Game,
    *,
    viewer: str | None = None,
    actions: Actions = None,
    highlight: Highlight = None,
    arrows: Sequence[Arrow] = (),
    notes: Mapping[str, str] | None = None,
    caption: str | None = None,
    halls: Iterable[str] | None = None,
) -> list[tuple[Section, float, float]]:
    """Every section with where :func:`draw` puts it (x, y), in one column as
    wide as a notebook's output: the status on top, the map (and its pieces)
    with the legend beside it, the market, then the halls (every player's, or
    those of ``halls``)."""
    actions = list(actions or ())  # read by several sections
    top = status(game, caption=caption, viewer=viewer)
    y = PAD + top.height + PAD
    board = map_layer(game.board)
    key = legend(game.players)
    placed = [
        (top, PAD, PAD),
        (board, PAD, y),
        (
            pieces_layer(game, actions=actions, highlight=highlight, arrows=arrows, notes=notes),
            PAD,
            y,
        ),
        (key, PAD + board.width + PAD, y),
    ]
    y += max(board.height, key.height) + PAD
    shop = market(game, actions=actions, highlight=highlight)
    placed.append((shop, PAD, y))
    y += shop.height + PAD
    for color in _halls(game, halls):
        section = hall(game, color, viewer=viewer, actions=actions, highlight=highlight)
        placed.append((section, PAD, y))
        y += section.height + PAD
    return placed


@dataclass(frozen=True)
class Picture:
    """A drawing: ``svg`` is the text; notebooks show it by ``_repr_svg_``."""

    svg: str
    title: str
    width: float
    height: float

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        said = tr(
            "<Picture of {title}: {width}x{height}>",
            title=self.title,
            width=num(self.width),
            height=num(self.height),
        )
        return str(said)


def draw(
    game: Game,
    *,
    viewer: str | None = None,
    actions: Actions = None,
    highlight: Highlight = None,
    arrows: Sequence[Arrow] = (),
    notes: Mapping[str, str] | None = None,
    caption: str | None = None,
    halls: Iterable[str] | None = None,
) -> Picture:
    """The whole table: the map with its pieces, the market, every player's
    Champions Hall, and the status.

    ``viewer`` shows the table through one player's eyes (the others' hands
    as counts); ``actions`` marks the elements a click would choose them by;
    ``highlight`` rings elements (key → "focus", "good", "bad" or a short
    label); ``arrows`` join map elements; ``notes`` caption zones; ``caption``
    replaces the title; ``halls`` names the players whose Champions Hall is
    drawn (default: every player; ``()`` for none, when a lesson is about the
    map)."""
    placed = sections(
        game,
        viewer=viewer,
        actions=actions,
        highlight=highlight,
        arrows=arrows,
        notes=notes,
        caption=caption,
        halls=halls,
    )
    width = max(x + s.width for s, x, _ in placed) + PAD
    height = max(y + s.height for s, _, y in placed) + PAD
    background = tag("rect", width=width, height=height, rx=12, fill=PAPER)
    svg = document(
        background, *(s.at(x, y) for s, x, y in placed), width=width, height=height, kind="board"
    )
    return Picture(svg, _title(game), width, height)


def _title(game: Game) -> str:
    """ "Board A, day 1 morning": said in the language the picture is drawn in."""
    board = named(game.board.title)
    if game.is_over:
        return str(tr("{board}, game over", board=board))
    phase = phase_name(game.phase)
    return str(tr("{board}, day {day} {phase}", board=board, day=game.day, phase=phase))


def _halls(game: Game, halls: Iterable[str] | None) -> list[str]:
    """The players whose halls are drawn, in seating order."""
    if halls is None:
        return game.players
    wanted = [halls] if isinstance(halls, str) else list(halls)
    strangers = [c for c in wanted if c not in game.players]
    if strangers:
        raise CovilError(
            tr(
                "halls {strangers}: draw the halls of players of this game: {players}",
                strangers=repr(strangers),
                players=", ".join(game.players),
            ),
            RULE,
        )
    return [c for c in game.players if c in wanted]


def _check_viewer(game: Game, viewer: str | None) -> None:
    if viewer is not None and viewer not in game.players:
        raise CovilError(
            tr(
                "viewer {viewer} is not a player of this game: {players}",
                viewer=repr(viewer),
                players=", ".join(game.players),
            ),
            RULE,
        )

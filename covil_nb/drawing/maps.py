"""The map: a static layer drawn once per board, and a pieces layer per position.

The static layer holds the zones, terrains, roads, the town and the spirals;
the pieces layer the fortresses, troops, rebels, marks, notes and arrows,
both in the same coordinates.

Zones sit where the map file puts them (``pos`` in a 0..100 box, y down),
scaled to fill the layer; each is a disc split between its terrains.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from covil_nb.model import CovilError, Game
from covil_nb.model.language import tr
from covil_nb.model.maps import TERRAINS, Board
from covil_nb.model.state import MAX_HP, MAX_REBELS, State, Troop

from .elements import attribute
from .marks import RULE, Box, Marks, arrow, combat_mark
from .style import (
    INK,
    KEEP,
    LETTERS,
    PLAYERS,
    TERRAIN_FILL,
    TOWN_INK,
    shape,
    shields,
    spiral_icon,
    terrain_icon,
    tower,
    town_icon,
)
from .svg import Section, Value, group, num, pips, tag, text, text_width

MAP_SIZE = 620.0
TOKEN = 21.0  # a troop token, across
PITCH = 25.0  # troop tokens apart
_EDGE_ROOM = 68.0  # from the outermost zone centres to the layer's border
_MAX_RADIUS = 50.0

# Where a zone's terrain texture goes, as fractions of its radius (x, y):
# the left half's points; the right half mirrors them.
_TEXTURE = ((-0.66, -0.08), (-0.46, 0.5), (-0.36, -0.52), (-0.2, 0.8))


@dataclass(frozen=True)
class Geometry:
    """Where each zone is drawn, and how big."""

    size: float
    radius: float
    centers: Mapping[str, tuple[float, float]]


@lru_cache(maxsize=16)
def geometry(board: Board) -> Geometry:
    """Fit the board's zone positions to the layer, keeping their proportions."""
    xs = [z.pos[0] for z in board.zones.values()]
    ys = [z.pos[1] for z in board.zones.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
    scale = (MAP_SIZE - 2 * _EDGE_ROOM) / span
    mid_x, mid_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    centers = {
        z.id: (MAP_SIZE / 2 + (z.pos[0] - mid_x) * scale, MAP_SIZE / 2 + (z.pos[1] - mid_y) * scale)
        for z in board.zones.values()
    }
    closest = min(
        (math.dist(centers[a], centers[b]) for a in centers for b in centers if a < b),
        default=2 * _MAX_RADIUS,
    )
    return Geometry(MAP_SIZE, min(_MAX_RADIUS, 0.4 * closest), centers)


# -- the static layer ---------------------------------------------------------------


@lru_cache(maxsize=16)
def map_layer(board: Board) -> Section:
    """The board alone: background, roads between adjacent zones, zones with
    their terrains, the town and the spirals. It depends only on the board."""
    g = geometry(board)
    frame = tag(
        "rect",
        x=1,
        y=1,
        width=g.size - 2,
        height=g.size - 2,
        rx=14,
        fill="#e7dcc3",
        stroke="#c9b994",
        stroke_width=2,
    )
    roads = "".join(_road(g.centers[a], g.centers[b]) for a, b in board.graph.edges)
    zones = "".join(_zone(board, zone_id, g) for zone_id in board.zones)
    return Section("map", g.size, g.size, frame + group(roads, data_roads="") + zones)


def _road(a: tuple[float, float], b: tuple[float, float]) -> str:
    d = f"M{num(a[0])},{num(a[1])}L{num(b[0])},{num(b[1])}"
    return tag("path", d=d, stroke="#9c8868", stroke_width=9, stroke_linecap="round") + tag(
        "path", d=d, stroke="#f3ead6", stroke_width=3.5, stroke_dasharray="8 5"
    )


def _zone(board: Board, zone_id: str, g: Geometry) -> str:
    zone = board.zones[zone_id]
    (cx, cy), r = g.centers[zone_id], g.radius
    terrains = [t for t in TERRAINS if t in zone.terrains]
    parts = [_halves(terrains, cx, cy, r)]
    for i, terrain in enumerate(terrains):
        # One terrain: texture both halves; two: the left half's, then the right's.
        sides = (-1, 1) if len(terrains) == 1 else ((-1,) if i == 0 else (1,))
        parts += [
            terrain_icon(terrain, cx - side * fx * r, cy + fy * r, 0.85)
            for side in sides
            for fx, fy in _TEXTURE
        ]
    rim = "#5b4a36"
    parts.append(tag("circle", cx=cx, cy=cy, r=r, fill="none", stroke=rim, stroke_width=2))
    if zone.town:
        parts.append(
            tag("circle", cx=cx, cy=cy, r=r + 4, fill="none", stroke=TOWN_INK, stroke_width=3)
        )
        parts.append(town_icon(cx + 0.72 * r, cy - 0.72 * r, 1.1))
    if zone.spiral:
        parts.append(spiral_icon(cx + 0.72 * r, cy - 0.72 * r, 9))
    parts.append(_zone_label(zone_id, cx - 0.72 * r, cy - 0.72 * r))
    kinds = "+".join([*terrains, "town"] if zone.town else terrains)
    return group(*parts, data_zone=zone_id, data_terrains=kinds)


def _halves(terrains: list[str], cx: float, cy: float, r: float) -> str:
    if len(terrains) == 1:
        return tag("circle", cx=cx, cy=cy, r=r, fill=TERRAIN_FILL[terrains[0]])
    top, bottom = f"{num(cx)},{num(cy - r)}", f"{num(cx)},{num(cy + r)}"
    arc = f"A{num(r)},{num(r)} 0 0,"
    left = f"M{top}{arc}0 {bottom}Z"
    right = f"M{top}{arc}1 {bottom}Z"
    return (
        tag("path", d=left, fill=TERRAIN_FILL[terrains[0]])
        + tag("path", d=right, fill=TERRAIN_FILL[terrains[1]])
        + tag(
            "path", d=f"M{top}V{num(cy + r)}", stroke="#5b4a36", stroke_width=1, stroke_opacity=0.5
        )
    )


def _zone_label(zone_id: str, x: float, y: float) -> str:
    r = 10 if len(zone_id) < 2 else 4.5 + 5 * len(zone_id)
    return tag("circle", cx=x, cy=y, r=r, fill=INK) + text(
        x, y + 4.5, zone_id, font_size=13, font_weight="bold", text_anchor="middle", fill="#fff"
    )


# -- the pieces layer -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Placed:
    """Where the pieces were put, so marks and arrows can find them."""

    troops: Mapping[str, tuple[float, float]]
    fortresses: Mapping[str, tuple[float, float]]


def pieces_layer(
    game: Game,
    marks: Marks,
    arrows: Sequence[tuple[str, ...]] = (),
    notes: Mapping[str, str] | None = None,
) -> Section:
    """Everything on the map that changes: zone marks, fortresses, the
    rebels, troops standing or lying, notes, and arrows: the combat under
    way's attack first, then ``arrows``."""
    s, board, g = game.read_state(), game.board, geometry(game.board)
    placed = _place(s, g)
    parts = [_zone_marks(zone_id, g, marks) for zone_id in board.zones]
    parts += [
        _fortress(p.color, p.hp, placed.fortresses[p.color], marks)
        for p in s.players
        if p.fortress is not None
    ]
    parts.append(_rebels(board.town, s.rebels, g, marks))
    owner = {t.id: p.color for p in s.players for t in p.troops}
    troops = [
        _troop(owner[t.id], t, placed.troops[t.id], marks) for p in s.players for t in p.on_board()
    ]
    parts.append(group(*troops, **TOKEN_TEXT))
    parts += [_note(zone_id, words, g, board.town) for zone_id, words in (notes or {}).items()]
    fight = combat_mark(game)
    wanted = [(fight.source, fight.target, "attack")] if fight else []
    parts += [_arrow(a, game, g, placed) for a in [*wanted, *arrows]]
    return Section("pieces", g.size, g.size, "".join(parts))


def _place(s: State, g: Geometry) -> _Placed:
    troops: dict[str, tuple[float, float]] = {}
    for zone_id, (cx, cy) in g.centers.items():
        here = s.troops_in(zone_id)
        cols = min(len(here), 3) if len(here) <= 9 else 4
        rows = math.ceil(len(here) / cols) if here else 0
        for i, troop in enumerate(here):
            row, col = divmod(i, cols)
            in_row = min(cols, len(here) - row * cols)
            x = cx + (col - (in_row - 1) / 2) * PITCH
            y = cy + 9 + (row - (rows - 1) / 2) * PITCH
            troops[troop.id] = (x, y)
    fortresses = {
        p.color: (g.centers[p.fortress][0], g.centers[p.fortress][1] - g.radius + 2)
        for p in s.players
        if p.fortress is not None
    }
    return _Placed(troops, fortresses)


def _zone_marks(zone_id: str, g: Geometry, marks: Marks) -> str:
    element = f"zone:{zone_id}"
    if element not in marks.actions and element not in marks.styles:
        return ""
    (cx, cy), r = g.centers[zone_id], g.radius
    ring = marks.halo(element, Box(cx - r, cy - r, 2 * r, 2 * r, round=True), pad=5)
    # The ring crosses the zone's label: draw the label again, over it.
    label = _zone_label(zone_id, cx - 0.72 * r, cy - 0.72 * r)
    return group(ring, label, data_zone=zone_id, **marks.data(element))


#: The text of troop tokens, set once on the group that holds them.
TOKEN_TEXT: dict[str, Value] = {"font_size": 11, "font_weight": "bold", "text_anchor": "middle"}


def token(color: str, label: str, standing: bool) -> str:
    """A troop token centred on (0, 0), inside a group with ``TOKEN_TEXT``.
    A lying troop is on its side: flattened, turned a quarter (its label
    reads upward), its shadow on the ground."""
    words = text(0, 3.9, label, fill=PLAYERS[color][1])
    if standing:
        return group(shape(color, TOKEN), words, class_=KEEP)
    return tag("ellipse", cy=8, rx=12, ry=2.2, fill=INK, fill_opacity=0.3) + group(
        group(shape(color, TOKEN), transform="scale(0.7,1.15)") + words,
        transform="rotate(-90)",
        class_=KEEP,
    )


def _troop(color: str, troop: Troop, at: tuple[float, float], marks: Marks) -> str:
    element = f"troop:{troop.id}"
    half = TOKEN / 2
    ring = marks.halo(element, Box(-half, -half, TOKEN, TOKEN, round=True))
    return group(
        token(color, troop.id, troop.standing) + ring,
        transform=f"translate({num(at[0])},{num(at[1])})",
        data_troop=troop.id,
        data_pose="standing" if troop.standing else "lying",
        **marks.data(element),
    )


def _fortress(color: str, hp: int, at: tuple[float, float], marks: Marks) -> str:
    element = f"fortress:{color}"
    body, ink, _tint, _form = PLAYERS[color]
    destroyed = hp == 0
    hp_track = shields(-18, 19, 9, hp, MAX_HP, 0.72)
    plate = tag("rect", x=-24, y=12.5, width=48, height=13, rx=6.5, fill="#fffaf0", stroke=INK)
    letter = text(
        0, 3.5, LETTERS[color], font_size=11, font_weight="bold", text_anchor="middle", fill=ink
    )
    art = tower("#9a9a9a" if destroyed else body, INK if destroyed else ink, ruined=destroyed)
    ring = marks.halo(element, Box(-13, -13, 26, 26))
    return group(
        art + ("" if destroyed else letter) + plate + hp_track + ring,
        transform=f"translate({num(at[0])},{num(at[1])})",
        data_fortress=color,
        data_hp_left=str(hp),
        data_destroyed="true" if destroyed else None,
        **marks.data(element),
    )


def _rebels(town: str, count: int, g: Geometry, marks: Marks) -> str:
    element = f"rebels:{town}"
    cx, cy = g.centers[town]
    y = cy + g.radius + 4
    # The rebels in town filled, the rest (in the supply) hollow.
    ring_path = "a3,3 0 1 0 6,0a3,3 0 1 0 -6,0"
    xs = [cx - 40 + 8 * i for i in range(MAX_REBELS)]
    marks_path = pips(
        xs, y, ring_path, count, {"fill": INK, "stroke": INK}, {"fill": "none", "stroke": INK}
    )
    plate = tag(
        "rect", x=cx - 45, y=y - 8, width=90, height=16, rx=8, fill="#fffaf0", stroke=TOWN_INK
    )
    words = text(
        cx + 22, y + 4, f"{count}/{MAX_REBELS}", font_size=11, text_anchor="middle", fill=INK
    )
    ring = marks.halo(element, Box(cx - 45, y - 8, 90, 16))
    return group(plate + marks_path + words + ring, data_rebels=town, data_count=str(count))


def _note(zone_id: str, words: str, g: Geometry, town: str) -> str:
    if zone_id not in g.centers:
        raise CovilError(
            tr("note for zone {zone_id}: the board has no such zone", zone_id=repr(zone_id)), RULE
        )
    cx, cy = g.centers[zone_id]
    y = cy + g.radius + (24 if zone_id == town else 12)
    w = text_width(words, 11) + 10
    x = min(max(cx - w / 2, 4), g.size - w - 4)
    return group(
        tag("rect", x=x, y=y - 10, width=w, height=17, rx=3, fill="#fff6c7", stroke="#a3852c"),
        text(x + 5, y + 3.5, words, font_size=11, fill=INK),
        data_note=zone_id,
    )


def _arrow(spec: tuple[str, ...], game: Game, g: Geometry, placed: _Placed) -> str:
    if len(spec) not in (2, 3):
        raise CovilError(
            tr(
                "arrow {spec}: give (from, to) or (from, to, style) with element keys",
                spec=repr(spec),
            ),
            RULE,
        )
    start, gap_start = _anchor(spec[0], game, g, placed)
    end, gap_end = _anchor(spec[1], game, g, placed)
    style = spec[2] if len(spec) == 3 else "move"
    return arrow(start, end, style, (gap_start, gap_end), data_from=spec[0], data_to=spec[1])


def _anchor(
    element: str, game: Game, g: Geometry, placed: _Placed
) -> tuple[tuple[float, float], float]:
    """Where an arrow starts or ends at ``element``, and how far short to stop."""
    name, ident = attribute(element)
    if name == "data-zone" and ident in g.centers:
        return g.centers[ident], 14
    if name == "data-troop" and ident in placed.troops:
        return placed.troops[ident], TOKEN / 2 + 3
    if name == "data-fortress" and ident in placed.fortresses:
        return placed.fortresses[ident], 15
    raise CovilError(
        tr(
            "arrow end {element} is not on the map: use a zone, a troop on the board or a placed "
            "fortress",
            element=repr(element),
        ),
        RULE,
    )

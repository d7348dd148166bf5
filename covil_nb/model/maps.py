"""The boards as data: map files loaded into networkx graphs.

The rulebooks do not describe the printed boards beyond their examples, so the
project draws its own (``docs/maps-and-cards.md`` says which facts come from
the rulebooks and which the project chose). Each board is one JSON file in
``covil_nb/model/data/maps/``; a user may write more and load them with
:func:`load_board_file`.

File schema (every field required, no others allowed)::

    {
      "name": "A",                  // key for load_board() and Game.new(board=...)
      "title": "Board A",           // shown to people
      "players": [2, 4],            // [min, max] players, 1 <= min <= max <= 4
      "town": "E",                  // id of the one town zone
      "zones": [                    // in drawing / listing order
        {"id": "A",                                 // unique, non-empty
         "terrains": ["water", "mountain"],         // one or two of TERRAINS
         "spiral": true,                            // a fortress may start here
         "pos": [50, 27]},                          // drawing point, 0..100 each
        ...
      ],
      "edges": [["A", "B"], ...]    // adjacent zone pairs, undirected, no repeats
    }

The town zone lists only its landscape terrains; the loader adds ``"town"`` to
its terrain set. ``pos`` is in a 0..100 x 0..100 box, y growing downward.

On load a map must also be connected, have its town outside the spirals, put
each of the four terrains on at least two zones (so dominance can be
contested) and have a spiral for every player it allows. Any fault raises
:class:`CovilError` naming the file, the zone or edge, and what is wrong.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Final, NoReturn

import networkx as nx

from .errors import CovilError, said
from .language import tr
from .native import DATA
from .vocabulary import TERRAINS, TOWN
from .words import plural

__all__ = ["BOARD_NAMES", "TERRAINS", "TOWN", "Board", "Zone", "load_board", "load_board_file"]

#: The boards shipped with the package, by the name ``load_board`` accepts.
BOARD_NAMES: Final[tuple[str, ...]] = ("A", "B", "desert-town")

MAPS_DIR: Final = DATA / "maps"
_BOARD_FILES: Final = {"A": "board-a.json", "B": "board-b.json", "desert-town": "desert-town.json"}

# Field name -> JSON type expected, for the top level and for each zone.
_BOARD_FIELDS: Final[dict[str, type]] = {
    "name": str,
    "title": str,
    "players": list,
    "town": str,
    "zones": list,
    "edges": list,
}
_ZONE_FIELDS: Final[dict[str, type]] = {"id": str, "terrains": list, "spiral": bool, "pos": list}
_JSON_TYPE_NAMES: Final = {str: "string", list: "list", bool: "true/false", dict: "object"}
_MAX_PLAYERS: Final = 4
_BOX: Final = 100.0


@dataclass(frozen=True)
class Zone:
    """One zone of a board: its terrains, whether it is a spiral, where to draw it."""

    id: str
    terrains: frozenset[str]
    spiral: bool
    pos: tuple[float, float]

    @property
    def town(self) -> bool:
        return TOWN in self.terrains

    def count(self, terrains: Iterable[str]) -> int:
        """How many of ``terrains`` this zone has.

        Terrain bonuses add up per terrain: "+1 on Town or Water" is +2 on a
        zone that is both, so callers multiply the bonus by this count.
        """
        if isinstance(terrains, str):  # count("water") means one terrain, not 5 letters
            terrains = (terrains,)
        return len(self.terrains.intersection(terrains))


@dataclass(frozen=True, eq=False, repr=False)
class Board:
    """A map: zones joined by adjacency, one town, spiral start zones.

    ``graph`` is frozen: boards are cached and shared, so nobody may edit one.
    Distances, neighbours and the zones of each terrain are worked out once,
    when the board is loaded: the rules ask for them at every move.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    graph: nx.Graph
    zones: dict[str, Zone]
    town: str
    spirals: tuple[str, ...]
    source: str = ""  # the file it came from, cited by errors
    order: dict[str, int] = field(init=False)  # each zone's place in the file (tie breaks)
    _distances: dict[str, dict[str, int]] = field(init=False)
    _neighbors: dict[str, tuple[str, ...]] = field(init=False)
    _with: dict[str, tuple[str, ...]] = field(init=False)
    _within: dict[tuple[str, int], tuple[str, ...]] = field(init=False)  # filled as asked

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # a frozen dataclass sets its own fields this way
        set_(self, "order", {z: i for i, z in enumerate(self.zones)})
        set_(
            self,
            "_distances",
            {a: dict(d) for a, d in nx.all_pairs_shortest_path_length(self.graph)},
        )
        set_(self, "_neighbors", {z: tuple(sorted(self.graph.neighbors(z))) for z in self.zones})
        terrains = (*TERRAINS, TOWN)
        set_(
            self,
            "_with",
            {t: tuple(z.id for z in self.zones.values() if t in z.terrains) for t in terrains},
        )
        set_(self, "_within", {})

    def __repr__(self) -> str:
        return f"Board({self.name!r})"

    def zone(self, zone: str) -> Zone:
        """The zone with that id; an unknown id is a CovilError."""
        if zone not in self.zones:
            known = ", ".join(self.zones)
            raise CovilError(
                tr(
                    "board {board} has no zone {zone} (zones: {zones})",
                    board=repr(self.name),
                    zone=said(zone),
                    zones=known,
                ),
                rule=self.title,  # the map's title, which the catalog has
            )
        return self.zones[zone]

    def neighbors(self, zone: str) -> list[str]:
        """Zones adjacent to ``zone``, sorted."""
        return list(self._neighbors[self.zone(zone).id])

    def adjacent(self, a: str, b: str) -> bool:
        return self.graph.has_edge(self.zone(a).id, self.zone(b).id)

    def within(self, zone: str, steps: int) -> list[str]:
        """Zones 1..``steps`` moves away from ``zone`` (not the zone itself), sorted."""
        found = self._within.get((zone, steps))
        if found is None:
            if steps < 0:
                raise CovilError(
                    tr("cannot look {steps} steps away", steps=steps), rule=self.source
                )
            lengths = self._distances[self.zone(zone).id]
            found = tuple(sorted(z for z, d in lengths.items() if 1 <= d <= steps))
            self._within[zone, steps] = found
        return list(found)

    def distance(self, a: str, b: str) -> int:
        """Fewest moves from ``a`` to ``b`` (maps are connected, so always defined)."""
        try:
            return self._distances[a][b]
        except KeyError:
            return self._distances[self.zone(a).id][self.zone(b).id]

    def path(self, a: str, b: str) -> list[str]:
        """One shortest path of zone ids from ``a`` to ``b``, both included."""
        return nx.shortest_path(self.graph, self.zone(a).id, self.zone(b).id)

    def zones_with(self, terrain: str) -> list[str]:
        """Zones having ``terrain`` (one of TERRAINS or "town"), in file order."""
        if terrain != TOWN and terrain not in TERRAINS:
            raise CovilError(
                tr(
                    "unknown terrain {terrain} (terrains: {terrains})",
                    terrain=repr(terrain),
                    terrains=", ".join((*TERRAINS, TOWN)),
                ),
                rule=self.source,
            )
        return list(self._with[terrain])


# --- loading -----------------------------------------------------------------


@cache
def load_board(name: object) -> Board:
    """One of the shipped boards (``BOARD_NAMES``), loaded once and shared;
    anything else is refused by name (``object``: a compiled ``str`` would
    stop a number with a bare TypeError)."""
    if not isinstance(name, str) or name not in _BOARD_FILES:
        valid = ", ".join(repr(n) for n in BOARD_NAMES)
        unknown = tr("unknown board {board}; boards: {boards}", board=repr(name), boards=valid)
        raise CovilError(unknown, rule=str(MAPS_DIR))
    path = MAPS_DIR / _BOARD_FILES[name]
    board = load_board_file(path)
    if board.name != name:  # the file is the one Game.new(board=name) promises
        _fail(path, f"'name' is {board.name!r}, expected {name!r}")
    return board


def load_board_file(path: str | Path) -> Board:
    """Load and check any map file of the schema above."""
    path = Path(path)
    data = _read_json(path)
    _check_fields(path, data, _BOARD_FIELDS, "the top level")
    name = _nonempty(path, data["name"], "'name'")
    min_players, max_players = _players(path, data["players"])
    zones = _zones(path, data["zones"])
    town = _town(path, data["town"], zones)
    zones[town] = _with_town(zones[town])
    graph = _graph(path, zones, _edges(path, data["edges"], zones))
    _check_terrains(path, zones)
    spirals = tuple(z.id for z in zones.values() if z.spiral)
    _check_spirals(path, spirals, max_players)
    return Board(
        name=name,
        title=data["title"],
        min_players=min_players,
        max_players=max_players,
        graph=nx.freeze(graph),
        zones=zones,
        town=town,
        spirals=spirals,
        source=str(path),
    )


def _fail(path: Path, message: str) -> NoReturn:
    raise CovilError(f"{path.name}: {message}", rule=str(path))


def _read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        _fail(path, f"cannot read the map file ({err.strerror or err})")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        _fail(path, f"not valid JSON: {err.msg} at line {err.lineno}, column {err.colno}")


def _check_fields(path: Path, obj: Any, fields: dict[str, type], what: str) -> None:
    """``obj`` is a JSON object with exactly ``fields``, each of its type."""
    if not isinstance(obj, dict):
        _fail(path, f"{what} must be a JSON object, not {_json_type(obj)}")
    missing = [f for f in fields if f not in obj]
    if missing:
        _fail(path, f"{what} is missing {_fields(missing)}")
    extra = [f for f in obj if f not in fields]
    if extra:
        _fail(path, f"{what} has unknown {_fields(extra)}")
    for name, kind in fields.items():
        if not isinstance(obj[name], kind):
            expected, got = _JSON_TYPE_NAMES[kind], _json_type(obj[name])
            _fail(path, f"{what}: field '{name}' must be a {expected}, not {got}")


def _json_type(value: Any) -> str:
    if isinstance(value, bool):  # before int: bool is an int in Python
        return "true/false"
    if isinstance(value, int | float):
        return "number"
    return _JSON_TYPE_NAMES.get(type(value), "null" if value is None else type(value).__name__)


def _fields(names: list[str]) -> str:
    return f"{'field' if len(names) == 1 else 'fields'} {_quoted(names)}"


def _quoted(items: Iterable[str]) -> str:
    return ", ".join(f"'{i}'" for i in items)


def _nonempty(path: Path, value: str, what: str) -> str:
    if not value.strip():
        _fail(path, f"{what} must not be empty")
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _players(path: Path, value: list[Any]) -> tuple[int, int]:
    if len(value) != 2 or not all(_is_int(v) for v in value):
        _fail(path, f"'players' must be [min, max] as two whole numbers, not {value!r}")
    low, high = value
    if not 1 <= low <= high <= _MAX_PLAYERS:
        _fail(path, f"'players' {value!r} is out of range: need 1 <= min <= max <= {_MAX_PLAYERS}")
    return low, high


def _zones(path: Path, raws: list[Any]) -> dict[str, Zone]:
    if not raws:
        _fail(path, "'zones' is empty")
    zones: dict[str, Zone] = {}
    for index, raw in enumerate(raws, start=1):
        zone = _zone(path, index, raw)
        if zone.id in zones:
            first = list(zones).index(zone.id) + 1
            _fail(path, f"zone id '{zone.id}' is used twice (zones #{first} and #{index})")
        zones[zone.id] = zone
    return zones


def _zone(path: Path, index: int, raw: Any) -> Zone:
    # Name the zone by its id when it has a usable one, else by its place in the list.
    has_id = isinstance(raw, dict) and isinstance(raw.get("id"), str) and raw["id"].strip()
    what = f"zone '{raw['id']}'" if has_id else f"zone #{index}"
    _check_fields(path, raw, _ZONE_FIELDS, what)
    zone_id = _nonempty(path, raw["id"], f"{what}: 'id'")
    return Zone(
        id=zone_id,
        terrains=_terrains(path, what, raw["terrains"]),
        spiral=raw["spiral"],
        pos=_pos(path, what, raw["pos"]),
    )


def _terrains(path: Path, what: str, raw: list[Any]) -> frozenset[str]:
    for terrain in raw:
        if terrain == TOWN:
            _fail(path, f"{what} lists terrain 'town'; the board's 'town' field names the town")
        if terrain not in TERRAINS:
            _fail(path, f"{what} has unknown terrain {terrain!r} (terrains: {_quoted(TERRAINS)})")
    if len(set(raw)) != len(raw):
        _fail(path, f"{what} lists a terrain twice: {raw!r}")
    if not 1 <= len(raw) <= 2:
        _fail(path, f"{what} has {len(raw)} terrains; a zone has one or two")
    return frozenset(raw)


def _pos(path: Path, what: str, raw: list[Any]) -> tuple[float, float]:
    ok = len(raw) == 2 and all(_is_number(v) and 0 <= v <= _BOX for v in raw)
    if not ok:
        _fail(path, f"{what} has pos {raw!r}; it must be [x, y] with numbers in 0..100")
    return float(raw[0]), float(raw[1])


def _town(path: Path, town: str, zones: dict[str, Zone]) -> str:
    if town not in zones:
        _fail(path, f"town '{town}' is not a zone (zones: {_quoted(zones)})")
    if zones[town].spiral:
        _fail(path, f"town zone '{town}' is a spiral; fortresses may not start in the town")
    return town


def _with_town(zone: Zone) -> Zone:
    return Zone(zone.id, zone.terrains | {TOWN}, zone.spiral, zone.pos)


def _edges(path: Path, raws: list[Any], zones: dict[str, Zone]) -> list[tuple[str, str]]:
    seen: dict[frozenset[str], int] = {}  # unordered pair -> edge number, to report repeats
    edges: list[tuple[str, str]] = []
    for index, raw in enumerate(raws, start=1):
        what = f"edge #{index} {raw!r}"
        if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(z, str) for z in raw)):
            _fail(path, f'{what} must be a pair of zone ids like ["A", "B"]')
        a, b = raw
        for zone in (a, b):
            if zone not in zones:
                _fail(path, f"{what} names unknown zone '{zone}'")
        if a == b:
            _fail(path, f"{what} joins zone '{a}' to itself")
        pair = frozenset((a, b))
        if pair in seen:
            _fail(path, f"{what} repeats edge #{seen[pair]} between zones '{a}' and '{b}'")
        seen[pair] = index
        edges.append((a, b))
    return edges


def _graph(path: Path, zones: dict[str, Zone], edges: list[tuple[str, str]]) -> nx.Graph:
    graph: nx.Graph[str] = nx.Graph()
    for zone in zones.values():  # file order, so node order is the file's
        graph.add_node(zone.id, zone=zone, terrains=zone.terrains, spiral=zone.spiral, pos=zone.pos)
    graph.add_edges_from(edges)
    if not nx.is_connected(graph):
        first = next(iter(zones))
        reached = nx.node_connected_component(graph, first)
        cut_off = [z for z in zones if z not in reached]
        _fail(path, f"the map is not connected: {_quoted(cut_off)} cannot reach zone '{first}'")
    return graph


def _check_terrains(path: Path, zones: dict[str, Zone]) -> None:
    # Dominance is "strictly more majorities": a terrain on one zone is no contest.
    for terrain in TERRAINS:
        having = [z.id for z in zones.values() if terrain in z.terrains]
        if len(having) < 2:
            on = f"only zone {_quoted(having)}" if having else "no zone"
            _fail(path, f"terrain '{terrain}' is on {on}; dominance needs it on at least 2 zones")


def _check_spirals(path: Path, spirals: tuple[str, ...], max_players: int) -> None:
    # Each fortress starts on its own spiral, so every allowed player needs one.
    if len(spirals) < max_players:
        _fail(
            path,
            f"only {plural(len(spirals), 'spiral zone')} ({_quoted(spirals)}) "
            f"for up to {max_players} players; each fortress needs its own",
        )

"""The boards as data: the rulebooks' facts about them (docs/maps-and-cards.md),
rulebook examples on the maps, validation."""

from __future__ import annotations

import copy
import itertools
import json
import math
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from covil_nb.model.errors import CovilError
from covil_nb.model.maps import (
    BOARD_NAMES,
    MAPS_DIR,
    TERRAINS,
    Board,
    Zone,
    load_board,
    load_board_file,
)

ALL_BOARDS = pytest.mark.parametrize("name", BOARD_NAMES)


# --- helpers -------------------------------------------------------------------


def majority(troops: dict[str, int]) -> str | None:
    """Who has strictly more troops in a zone than each other player (None on a tie)."""
    if not troops:
        return None
    ranked = Counter(troops).most_common()
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


def dominance(board: Board, placement: dict[str, dict[str, int]], terrain: str) -> str | None:
    """The rulebook's protection fee: strictly more majorities among a terrain's zones."""
    holders = [majority(placement.get(z, {})) for z in board.zones_with(terrain)]
    return majority(Counter(h for h in holders if h))


Point = tuple[float, float]


def segments_cross(p: Point, q: Point, r: Point, s: Point) -> bool:
    """Whether segments pq and rs cross at a point inside both."""

    def turn(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return turn(p, q, r) * turn(p, q, s) < 0 and turn(r, s, p) * turn(r, s, q) < 0


def point_to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


# --- Board A: the board of the dominance and raid examples ------------------------

EXAMPLE_TERRAINS = {
    "A": {"water", "mountain"},
    "B": {"forest"},
    "C": {"desert"},
    "D": {"water", "desert"},
    "E": {"town", "water"},
    "F": {"water", "forest"},
    "G": {"forest"},
}

# The dominance example's troops: Yellow holds A and C, Yellow and Green tie in D,
# Green holds E (2 Green, 1 Red: the raid example), Red holds F, Green holds B and G.
EXAMPLE_TROOPS = {
    "A": {"yellow": 2},
    "C": {"yellow": 1},
    "D": {"yellow": 1, "green": 1},
    "E": {"green": 2, "red": 1},
    "F": {"red": 1},
    "B": {"green": 1},
    "G": {"green": 1},
}


@pytest.fixture
def board_a() -> Board:
    return load_board("A")


@pytest.mark.parametrize("zone", sorted(EXAMPLE_TERRAINS))
def test_board_a_example_zone_terrains(board_a: Board, zone: str) -> None:
    assert board_a.zones[zone].terrains == EXAMPLE_TERRAINS[zone]


def test_board_a_shape(board_a: Board) -> None:
    assert (board_a.min_players, board_a.max_players) == (2, 4)
    assert board_a.town == "E"
    assert len(board_a.spirals) == 4
    assert 11 <= len(board_a.zones) <= 13


def test_board_a_terrain_lists_of_the_dominance_example(board_a: Board) -> None:
    example = set(EXAMPLE_TERRAINS)
    found = {t: [z for z in board_a.zones_with(t) if z in example] for t in TERRAINS}
    assert found == {
        "water": ["A", "D", "E", "F"],
        "desert": ["C", "D"],
        "mountain": ["A"],
        "forest": ["B", "F", "G"],
    }


def test_board_a_dominance_example_pays_as_the_rulebook_says(board_a: Board) -> None:
    fees = {t: dominance(board_a, EXAMPLE_TROOPS, t) for t in TERRAINS}
    assert fees == {"water": None, "desert": "yellow", "mountain": "yellow", "forest": "green"}


def test_board_a_raid_example_happens_in_the_town(board_a: Board) -> None:
    town = board_a.zones[board_a.town]
    assert town.town and town.id == "E"
    assert board_a.zones_with("town") == ["E"]
    relics = EXAMPLE_TROOPS[board_a.town]
    assert relics == {"green": 2, "red": 1} and sum(relics.values()) == 3


def test_town_and_water_bonus_counts_twice_on_board_a_town(board_a: Board) -> None:
    assert board_a.zones["E"].count(["town", "water"]) == 2
    assert board_a.zones["A"].count(["town", "water"]) == 1
    assert board_a.zones["B"].count(["town", "water"]) == 0
    assert board_a.zones["E"].count("water") == 1  # a lone string is one terrain


def test_board_a_within_and_distance(board_a: Board) -> None:
    assert board_a.within("E", 1) == ["A", "B", "C", "D", "F", "G"]
    assert board_a.within("H", 2) == ["A", "C", "D", "E", "F", "I", "K", "M"]
    assert board_a.within("E", 0) == []
    assert board_a.distance("H", "E") == 2
    assert board_a.distance("H", "J") == 4
    assert board_a.distance("A", "A") == 0
    path = board_a.path("H", "J")
    assert path[0] == "H" and path[-1] == "J" and len(path) == 5
    assert all(board_a.adjacent(a, b) for a, b in itertools.pairwise(path))


# --- The desert town (solo mode) -------------------------------------------------

DESERT_TOWN_PAIRS = [
    ("A", "B"),  # "the dummy fortress next to yours": Yellow at A, the dummy at B
    ("A", "C"),
    ("C", "F"),
    ("F", "B"),
    ("F", "H"),
    ("A", "I"),
    ("E", "G"),
    ("B", "D"),
    ("B", "E"),
]


@pytest.fixture
def desert() -> Board:
    return load_board("desert-town")


def test_desert_town_zones_and_town(desert: Board) -> None:
    assert list(desert.zones) == list("ABCDEFGHI")
    assert desert.town == "F"
    assert desert.zones["F"].terrains == {"town", "desert"}
    # 2 seats, or 3 in solo mode with a second dummy ("add another dummy player")
    assert (desert.min_players, desert.max_players) == (2, 3)


@pytest.mark.parametrize(("a", "b"), DESERT_TOWN_PAIRS)
def test_desert_town_adjacent_pairs(desert: Board, a: str, b: str) -> None:
    assert desert.adjacent(a, b) and desert.adjacent(b, a)
    assert b in desert.neighbors(a)


def test_desert_town_spirals(desert: Board) -> None:
    assert {"A", "B"} <= set(desert.spirals)
    # A standard 2-player game can still start with fortresses apart.
    apart = [s for s in desert.spirals if s != "A" and not desert.adjacent("A", s)]
    assert apart


def test_desert_town_terrains_of_the_solo_examples(desert: Board) -> None:
    assert "mountain" in desert.zones["D"].terrains
    assert "forest" in desert.zones["E"].terrains
    # Example A: the dummy at B flips "mountain" and goes to D, "forest" and goes to E,
    # so those must be B's only neighbours of that terrain.
    by_terrain = {
        t: [z for z in desert.neighbors("B") if t in desert.zones[z].terrains] for t in TERRAINS
    }
    assert by_terrain["mountain"] == ["D"]
    assert by_terrain["forest"] == ["E"]
    for zone in ("A", "F"):
        assert not desert.zones[zone].terrains & {"mountain", "forest"}


def test_desert_town_within_and_distance(desert: Board) -> None:
    assert desert.neighbors("B") == ["A", "D", "E", "F"]
    assert desert.within("A", 2) == ["B", "C", "D", "E", "F", "I"]
    assert desert.distance("A", "G") == 3
    assert desert.distance("A", "F") == 2


# --- Every board -----------------------------------------------------------------


@ALL_BOARDS
def test_loads_with_its_name(name: str) -> None:
    board = load_board(name)
    assert board.name == name
    assert repr(board) == f"Board({name!r})"
    assert load_board(name) is board  # cached


@ALL_BOARDS
def test_connected_and_town_reachable(name: str) -> None:
    board = load_board(name)
    assert nx.is_connected(board.graph)
    for spiral in board.spirals:
        assert nx.has_path(board.graph, spiral, board.town)


@ALL_BOARDS
def test_one_town_not_a_spiral(name: str) -> None:
    board = load_board(name)
    assert [z.id for z in board.zones.values() if z.town] == [board.town]
    assert board.town not in board.spirals
    assert board.spirals == tuple(z.id for z in board.zones.values() if z.spiral)


@ALL_BOARDS
def test_each_terrain_on_two_zones(name: str) -> None:
    board = load_board(name)
    for terrain in TERRAINS:
        assert len(board.zones_with(terrain)) >= 2, terrain


@ALL_BOARDS
def test_zones_have_one_or_two_landscape_terrains(name: str) -> None:
    for zone in load_board(name).zones.values():
        assert 1 <= len(zone.terrains - {"town"}) <= 2
        assert zone.terrains - {"town"} <= set(TERRAINS)


@ALL_BOARDS
def test_enough_spirals(name: str) -> None:
    board = load_board(name)
    assert len(board.spirals) >= board.max_players


@pytest.mark.parametrize("name", ["A", "B"])
def test_spirals_apart_and_near_the_town(name: str) -> None:
    board = load_board(name)
    for a, b in itertools.combinations(board.spirals, 2):
        assert not board.adjacent(a, b), (a, b)
    for spiral in board.spirals:
        assert 2 <= board.distance(spiral, board.town) <= 3, spiral


def test_board_b_shape() -> None:
    board = load_board("B")
    assert (board.min_players, board.max_players) == (2, 3)
    assert len(board.spirals) == 3
    assert 9 <= len(board.zones) <= 10


@ALL_BOARDS
def test_graph_carries_the_zones(name: str) -> None:
    board = load_board(name)
    assert list(board.graph.nodes) == list(board.zones)
    for zid, zone in board.zones.items():
        attrs = board.graph.nodes[zid]
        assert attrs["zone"] is zone
        assert (attrs["terrains"], attrs["spiral"], attrs["pos"]) == (
            zone.terrains,
            zone.spiral,
            zone.pos,
        )


@ALL_BOARDS
def test_shared_graph_is_frozen(name: str) -> None:
    with pytest.raises(nx.NetworkXError):
        load_board(name).graph.add_edge("A", "Z")


@ALL_BOARDS
def test_drawing_reads_well(name: str) -> None:
    """Positions in the box, no two zones on one spot, no crossing edges,
    and no edge running through a zone it does not join."""
    board = load_board(name)
    pos = {z.id: z.pos for z in board.zones.values()}
    assert all(0 <= c <= 100 for p in pos.values() for c in p)
    assert len(set(pos.values())) == len(pos)
    edges = list(board.graph.edges)
    for (a, b), (c, d) in itertools.combinations(edges, 2):
        if not {a, b} & {c, d}:
            assert not segments_cross(pos[a], pos[b], pos[c], pos[d]), ((a, b), (c, d))
    for a, b in edges:
        for zone in pos.keys() - {a, b}:
            assert point_to_segment(pos[zone], pos[a], pos[b]) > 10, (zone, a, b)


@ALL_BOARDS
def test_neighbors_are_sorted_and_symmetric(name: str) -> None:
    board = load_board(name)
    for zone in board.zones:
        around = board.neighbors(zone)
        assert around == sorted(around)
        assert all(zone in board.neighbors(n) for n in around)
        assert board.within(zone, 1) == around


def test_shipped_files_are_the_named_boards() -> None:
    names = {json.loads(p.read_text())["name"] for p in MAPS_DIR.glob("*.json")}
    assert names == set(BOARD_NAMES)


def test_zone_value() -> None:
    zone = Zone("X", frozenset({"town", "desert"}), False, (1.0, 2.0))
    assert zone.town
    assert zone.count(["town", "desert", "water"]) == 2
    assert zone.count(["town", "town"]) == 1


# --- Lookups that fail -------------------------------------------------------------


def test_unknown_board_lists_the_valid_names() -> None:
    with pytest.raises(CovilError) as info:
        load_board("Z")
    for name in BOARD_NAMES:
        assert repr(name) in info.value.message


def test_unknown_zone_and_terrain(board_a: Board) -> None:
    with pytest.raises(CovilError, match="no zone 'Z'"):
        board_a.neighbors("Z")
    with pytest.raises(CovilError, match="no zone 'Z'"):
        board_a.distance("A", "Z")
    with pytest.raises(CovilError, match="unknown terrain 'lava'"):
        board_a.zones_with("lava")
    with pytest.raises(CovilError):
        board_a.within("A", -1)


# --- Validation of map files ---------------------------------------------------------

# A small valid map: every terrain on two zones, two spirals, town T.
VALID: dict[str, Any] = {
    "name": "tiny",
    "title": "Tiny",
    "players": [1, 2],
    "town": "T",
    "zones": [
        {"id": "P", "terrains": ["water", "desert"], "spiral": True, "pos": [10, 10]},
        {"id": "Q", "terrains": ["mountain", "forest"], "spiral": True, "pos": [90, 10]},
        {"id": "T", "terrains": ["water", "forest"], "spiral": False, "pos": [50, 50]},
        {"id": "R", "terrains": ["desert", "mountain"], "spiral": False, "pos": [50, 90]},
    ],
    "edges": [["P", "T"], ["Q", "T"], ["R", "T"], ["P", "R"]],
}


def write_map(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "broken-map.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_valid_small_map_loads(tmp_path: Path) -> None:
    path = write_map(tmp_path, VALID)
    board = load_board_file(str(path))  # a str path is fine too
    assert board.name == "tiny" and board.town == "T"
    assert board.zones["T"].terrains == {"town", "water", "forest"}
    assert board.spirals == ("P", "Q")
    assert board.zones["P"].pos == (10.0, 10.0)
    assert board.within("P", 2) == ["Q", "R", "T"]


def zone(data: dict[str, Any], zid: str) -> dict[str, Any]:
    return next(z for z in data["zones"] if z["id"] == zid)


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A mutation setting a top-level field."""
    return lambda data: data.__setitem__(key, value)


def _set_zone(zid: str, key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A mutation setting one field of the zone with that id."""
    return lambda data: zone(data, zid).__setitem__(key, value)


def _add_zone(data: dict[str, Any]) -> None:
    data["zones"].append({"id": "S", "terrains": ["water"], "spiral": False, "pos": [5, 95]})


BROKEN: dict[str, tuple[Callable[[dict[str, Any]], None], list[str]]] = {
    "missing field": (lambda d: d.pop("town"), ["missing", "'town'"]),
    "extra field": (_set("colour", "red"), ["unknown field", "'colour'"]),
    "mistyped field": (_set("players", "2-4"), ["'players'", "list"]),
    "mistyped title": (_set("title", 7), ["'title'", "string"]),
    "empty name": (_set("name", " "), ["'name'", "empty"]),
    "zone missing field": (lambda d: zone(d, "P").pop("spiral"), ["zone 'P'", "'spiral'"]),
    "zone extra field": (_set_zone("Q", "hp", 5), ["zone 'Q'", "'hp'"]),
    "zone mistyped spiral": (_set_zone("Q", "spiral", "yes"), ["zone 'Q'", "'spiral'"]),
    "zone without usable id": (_set_zone("R", "id", 5), ["zone #4", "'id'"]),
    "zone not an object": (_set("zones", ["P"]), ["zone #1", "object"]),
    "no zones": (_set("zones", []), ["'zones'", "empty"]),
    "unknown terrain": (_set_zone("Q", "terrains", ["lava"]), ["zone 'Q'", "'lava'"]),
    "town listed as terrain": (_set_zone("R", "terrains", ["town"]), ["zone 'R'", "'town'"]),
    "no terrain": (_set_zone("R", "terrains", []), ["zone 'R'", "0 terrains"]),
    "three terrains": (
        _set_zone("R", "terrains", ["water", "desert", "mountain"]),
        ["zone 'R'", "3 terrains"],
    ),
    "repeated terrain": (_set_zone("R", "terrains", ["water", "water"]), ["zone 'R'", "twice"]),
    "pos outside the box": (_set_zone("P", "pos", [120, 5]), ["zone 'P'", "pos", "0..100"]),
    "pos not a pair": (_set_zone("P", "pos", [1]), ["zone 'P'", "pos"]),
    "pos not numbers": (_set_zone("P", "pos", [True, 5]), ["zone 'P'", "pos"]),
    "duplicate zone id": (_set_zone("R", "id", "P"), ["'P'", "twice", "#1", "#4"]),
    "edge to unknown zone": (lambda d: d["edges"].append(["P", "Z"]), ["edge #5", "'Z'"]),
    "self-loop": (lambda d: d["edges"].append(["P", "P"]), ["edge #5", "'P'", "itself"]),
    "duplicate edge": (
        lambda d: d["edges"].append(["T", "P"]),
        ["edge #5", "repeats edge #1", "'P'", "'T'"],
    ),
    "edge not a pair": (lambda d: d["edges"].append(["P"]), ["edge #5", "pair"]),
    "town not a zone": (_set("town", "Z"), ["town 'Z'", "not a zone"]),
    "town is a spiral": (_set_zone("T", "spiral", True), ["town zone 'T'", "spiral"]),
    "not connected": (_add_zone, ["not connected", "'S'"]),
    "terrain on one zone": (
        _set_zone("T", "terrains", ["water"]),
        ["'forest'", "'Q'", "at least 2"],
    ),
    "fewer spirals than players": (_set("players", [1, 3]), ["only 2 spiral", "'P', 'Q'", "3"]),
    "min above max": (_set("players", [2, 1]), ["'players'", "[2, 1]"]),
    "no players": (_set("players", [0, 2]), ["'players'", "[0, 2]"]),
    "five players": (_set("players", [1, 5]), ["'players'", "[1, 5]"]),
    "players not numbers": (_set("players", [True, 2]), ["'players'"]),
    "players not a pair": (_set("players", [2]), ["'players'"]),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_map_is_refused(tmp_path: Path, case: str) -> None:
    mutate, fragments = BROKEN[case]
    data = copy.deepcopy(VALID)
    mutate(data)
    path = write_map(tmp_path, data)
    with pytest.raises(CovilError) as info:
        load_board_file(path)
    err = info.value
    assert err.rule == str(path)
    assert path.name in err.message
    for fragment in fragments:
        assert fragment in err.message, (fragment, err.message)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("{ not json", "not valid JSON"), ("[1, 2]", "JSON object"), ("", "not valid JSON")],
)
def test_malformed_json_is_refused(tmp_path: Path, text: str, fragment: str) -> None:
    path = write_map(tmp_path, text)
    with pytest.raises(CovilError) as info:
        load_board_file(path)
    assert path.name in info.value.message and fragment in info.value.message
    assert info.value.rule == str(path)


def test_missing_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    with pytest.raises(CovilError, match=r"nowhere\.json"):
        load_board_file(path)

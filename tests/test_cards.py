"""The reference card set and its loader (covil_nb.model.cards)."""

from __future__ import annotations

import dataclasses
import json
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from covil_nb.model.cards import (
    CLASSES,
    COLORS,
    FILES,
    INSTANT_EFFECTS,
    REFERENCE_DIR,
    STATS,
    Aftershock,
    CardSet,
    MinionCard,
    Reinforcement,
    load_cards,
)
from covil_nb.model.errors import CovilError
from covil_nb.model.vocabulary import Stat


@pytest.fixture(scope="module")
def cards() -> CardSet:
    return load_cards()


def _abilities(card: MinionCard) -> list[str]:
    present = {
        "reinforcements": card.reinforcements,
        "influences": card.influences,
        "aftershock": card.aftershock,
        "command": card.command,
    }
    return [name for name, value in present.items() if value]


# --------------------------------------------------------------------------- the set


def test_counts_match_the_box(cards: CardSet) -> None:
    assert len(cards.overlords) == 6
    assert {color: len(group) for color, group in cards.henchmen.items()} == dict.fromkeys(
        COLORS, 5
    )
    assert len(cards.mercenaries) == 36
    assert len(cards.relics) == 24
    assert len(cards) == 6 + 20 + 36 + 24  # ids are unique across the set


def test_kinds_and_classes(cards: CardSet) -> None:
    assert {c.kind for c in cards.overlords} == {"overlord"}
    assert {c.cls for c in cards.overlords} == {"overlord"}
    assert all(c.kind == "henchman" for group in cards.henchmen.values() for c in group)
    assert {c.cls for c in cards.mercenaries} == set(CLASSES) - {"overlord"}
    # Guardians are the defenders (the pt edition lets only them defend).
    assert {c.stat for c in cards.mercenaries if c.cls == "guardian"} == {"defense"}


def test_mercenary_costs_support_setup_and_solo_piles(cards: CardSet) -> None:
    costs = Counter(c.cost for c in cards.mercenaries)
    assert costs == {2: 8, 4: 9, 6: 8, 8: 6, 10: 5}
    assert len(cards.mercenaries_costing(2)) >= 2
    assert len(cards.mercenaries_costing(4, 6)) >= 2
    assert len(cards.mercenaries_costing(8, 10)) >= 1
    # After the dummy's 5, 24 must still be set aside, and a setup pool of 6 needs
    # enough cards that are not 10-cost.
    assert len(cards.mercenaries) - 5 >= 24
    assert len(cards.mercenaries) - costs[10] >= 6


def test_each_minion_has_exactly_one_ability_and_a_text(cards: CardSet) -> None:
    for card in cards.minions:
        assert len(_abilities(card)) == 1, card.id
        assert card.text.strip(), card.id


def test_every_ability_kind_is_present(cards: CardSet) -> None:
    mercs = cards.mercenaries
    assert {r.stat for c in mercs for r in c.reinforcements} == {*STATS, "move"}
    assert any(r.terrains == frozenset() for c in mercs for r in c.reinforcements)
    influences = {(i.kind, i.per, i.cls is None) for c in mercs for i in c.influences}
    assert {("discount", None, True), ("discount", None, False)} <= influences
    assert {("score", "relic", True), ("score", "minion", False)} <= influences
    aftershocks = {c.aftershock.per_class is None for c in mercs if c.aftershock}
    assert aftershocks == {True, False}
    assert {c.command.effect for c in mercs if c.command} == set(INSTANT_EFFECTS)


def test_relics_spread_terrains_values_and_effects(cards: CardSet) -> None:
    relics = cards.relics
    assert Counter(r.terrain for r in relics) == dict.fromkeys(
        ("water", "desert", "mountain", "forest"), 6
    )
    assert len({r.name for r in relics}) == 24
    assert {r.gold for r in relics} <= {1, 2, 3}
    assert {amount for r in relics for _, amount in r.bonus} == {1, 2}
    assert {r.instant.effect for r in relics if r.instant} == set(INSTANT_EFFECTS)
    assert 1 <= sum(r.instant is None for r in relics) <= 6


def test_the_henchmen_are_the_same_five_in_every_color(cards: CardSet) -> None:
    names = [tuple(c.name for c in cards.henchmen[color]) for color in COLORS]
    assert len(set(names)) == 1
    for color in COLORS:
        assert all(c.color == color and c.id.startswith(f"{color}-") for c in cards.henchmen[color])
    # The Grunt costs 0, so a warrior discount can turn its cost into gold
    # (the rulebook's Influence example: "if it costs 0 you will get +2 gold").
    assert {c.cost for group in cards.henchmen.values() for c in group} == {0, 1, 2, 3}


def test_the_cards_the_rulebooks_name(cards: CardSet) -> None:
    for color in COLORS:
        squire = cards.minion(f"{color}-squire")
        assert (squire.command.effect, squire.command.amount) == ("move", 1)
        assert cards.minion(f"{color}-private").name == "Private"
    worm = cards.minion("impatient-worm")
    assert worm.command is not None and worm.command.effect == "move"
    druid = cards.minion("donnish-druid")
    assert druid.cls == "sorcerer"
    assert [(i.kind, i.amount, i.per) for i in druid.influences] == [("score", 1, "relic")]
    marshal = cards.minion("iron-marshal")
    assert [(i.kind, i.per, i.name) for i in marshal.influences] == [("score", "minion", "Private")]


def test_the_rulebook_ability_examples(cards: CardSet) -> None:
    mercs = cards.mercenaries
    discounts = [(i.amount, i.cls) for c in mercs for i in c.influences if i.kind == "discount"]
    assert (2, "warrior") in discounts
    reinforcements = [(r.stat, r.amount, r.terrains) for c in mercs for r in c.reinforcements]
    assert ("defense", 1, frozenset({"town", "water"})) in reinforcements
    assert ("move", 1, frozenset({"desert", "water"})) in reinforcements
    assert Aftershock(1, "saboteur") in [c.aftershock for c in mercs]


def test_the_47_vp_scoring_example(cards: CardSet) -> None:
    """Fortress 5 + gold 5 + minions 27 (+1 Private) + relics 10 (6, +1 each) = 47."""
    hall = [cards.minion(i) for i in ("iron-marshal", "green-private", "donnish-druid")]
    hall += [cards.minion(i) for i in ("harbor-warden", "iron-bastion")]
    relics = [cards.relic(i) for i in ("pearl-of-the-deep", "sunstone-shard")]
    relics += [cards.relic(i) for i in ("tidecaller-conch", "oracle-skull")]
    assert hall[0].kind == "overlord" and len(hall) - 1 <= 5
    influences = [i for minion in hall for i in minion.influences if i.kind == "score"]
    private_bonus = sum(
        i.amount for i in influences if i.per == "minion" for m in hall if i.counts(m)
    )
    relic_bonus = sum(i.amount for i in influences if i.per == "relic") * len(relics)
    minions_vp = sum(m.cost for m in hall) + private_bonus
    relics_vp = sum(r.gold for r in relics) + relic_bonus
    assert (private_bonus, minions_vp) == (1, 27)
    assert (sum(r.gold for r in relics), relics_vp) == (6, 10)
    assert 5 + 5 + minions_vp + relics_vp == 47


# --------------------------------------------------------------------------- behaviour


def test_reinforcement_adds_once_per_matching_terrain() -> None:
    town_or_water = Reinforcement(Stat.DEFENSE, 1, frozenset({"town", "water"}))
    assert town_or_water.bonus_in(frozenset({"town", "water"})) == 2
    assert town_or_water.bonus_in(frozenset({"water", "forest"})) == 1
    assert town_or_water.bonus_in(frozenset({"desert"})) == 0
    assert not town_or_water.applies_in({"desert"})
    everywhere = Reinforcement(Stat.MELEE, 2, frozenset())
    assert everywhere.bonus_in(frozenset({"desert", "town"})) == 2


def test_aftershock_per_class_counts_the_hall(cards: CardSet) -> None:
    sapper = cards.minion("tunnel-sapper")
    hall = [sapper, cards.minion("impatient-worm"), cards.minion("pit-fighter")]
    assert sapper.aftershock is not None
    assert sapper.aftershock.bonus(hall) == 2
    assert cards.minion("pit-fighter").aftershock.bonus(hall) == 1


def test_relic_bonus_for(cards: CardSet) -> None:
    mask = cards.relic("greenwood-mask")
    assert mask.bonus == (("defense", 1), ("ranged", 1))
    assert (mask.bonus_for("ranged"), mask.bonus_for("melee")) == (1, 0)


def test_lookup(cards: CardSet) -> None:
    assert cards["kraken-ink"].name == "Kraken Ink"
    assert "kraken-ink" in cards and "no-such-card" not in cards
    with pytest.raises(CovilError, match='no card with id "no-such-card"'):
        cards["no-such-card"]
    with pytest.raises(CovilError, match="not a minion"):
        cards.minion("kraken-ink")
    with pytest.raises(CovilError, match="not a Power Relic"):
        cards.relic("donnish-druid")


def test_what_every_move_and_label_reads_is_made_once_per_card(cards: CardSet) -> None:
    # The engine reads these for every strength, move and afternoon listing.
    # A compiled class has no instance dictionary, where a cached_property
    # would keep its value: each read then built them anew (issue 9).
    lurker = cards.minion("marsh-lurker")
    assert lurker.reinforcing is lurker.reinforcing
    assert [r.stat for r in lurker.reinforcing["move"]] == ["move"]
    assert lurker.command_label is lurker.command_label
    assert str(cards.relic("kraken-ink").activate_label).startswith("Activate Kraken Ink (")
    assert cards.mean_relic_gold == sum(r.gold for r in cards.relics) / len(cards.relics)
    # Derived fields take no part in equality or hashing (a dict cannot hash).
    other = dataclasses.replace(lurker)
    object.__setattr__(other, "command_label", "a label made otherwise")
    assert other == lurker and hash(other) == hash(lurker)


def test_default_set_is_cached_and_a_copy_loads_equal(tmp_path: Path) -> None:
    assert load_cards() is load_cards()
    assert load_cards(_copy(tmp_path)) == load_cards()
    assert hash(load_cards()) == hash(load_cards(tmp_path))


# --------------------------------------------------------------------------- validation

Cards = list[dict[str, Any]]


def _copy(tmp_path: Path) -> Path:
    for name in FILES.values():
        shutil.copy(REFERENCE_DIR / name, tmp_path / name)
    return tmp_path


def _card(cards: Cards, card_id: str) -> dict[str, Any]:
    return next(c for c in cards if c["id"] == card_id)


def _set(card_id: str, key: str, value: Any) -> Callable[[Cards], None]:
    def mutate(cards: Cards) -> None:
        _card(cards, card_id)[key] = value

    return mutate


def _drop(card_id: str, key: str) -> Callable[[Cards], None]:
    return lambda cards: _card(cards, card_id).pop(key)


def _remove(card_id: str) -> Callable[[Cards], None]:
    return lambda cards: cards.remove(_card(cards, card_id))


def _truncate(count: int) -> Callable[[Cards], None]:
    return lambda cards: cards.__delitem__(slice(count, None))


def _nested(card_id: str, *path: Any, value: Any) -> Callable[[Cards], None]:
    def mutate(cards: Cards) -> None:
        target = _card(cards, card_id)
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value

    return mutate


D, M, OV, H, R = "donnish-druid", "mercenaries", "overlords", "henchmen", "relics"

BROKEN = [
    # (file, mutation, the error's message: file, card, field, what)
    (M, _drop(D, "cost"), 'mercenaries.json: card "donnish-druid": field "cost": missing'),
    (OV, _set("iron-marshal", "colour", "red"), 'card "iron-marshal": field "colour": unknown'),
    (M, _set(D, "power", "2"), 'card "donnish-druid": field "power": expected an integer'),
    (M, _set(D, "cost", True), 'card "donnish-druid": field "cost": expected an integer'),
    (M, _set(D, "name", ""), 'card "donnish-druid": field "name": expected a non-empty'),
    (M, _set(D, "class", "wizard"), 'field "class": "wizard" is not one of overlord, '),
    (M, _set(D, "class", "overlord"), 'card "donnish-druid": field "class": "overlord"'),
    (OV, _set("iron-marshal", "class", "warrior"), 'card "iron-marshal": field "class"'),
    (M, _set(D, "stat", "magic"), 'card "donnish-druid": field "stat": "magic" is not one'),
    (OV, _set("iron-marshal", "cost", -1), 'field "cost": -1 is below the minimum 0'),
    (
        M,
        _set(D, "cost", 7),
        'mercenaries.json: card "donnish-druid": field "cost": 7 is not one of 2, 4, 6, 8, 10',
    ),
    (M, _set(D, "id", "Donnish Druid"), 'card #18: field "id": "Donnish Druid" is not a'),
    (M, _set("night-blade", "name", "Rat King"), 'card "rat-king": field "name": "Rat King"'),
    (
        M,
        _nested("harbor-warden", "reinforcements", 0, "terrains", value=["town", "swamp"]),
        'card "harbor-warden": field "reinforcements[0].terrains": "swamp" is not one of',
    ),
    (
        M,
        _nested("harbor-warden", "reinforcements", 0, "terrains", value=["town", "town"]),
        'field "reinforcements[0].terrains": a terrain is listed twice',
    ),
    (
        M,
        _nested("harbor-warden", "reinforcements", 0, "stat", value="luck"),
        'field "reinforcements[0].stat": "luck" is not one of melee, ranged, defense, move',
    ),
    (M, _set("harbor-warden", "reinforcements", {}), 'field "reinforcements": expected a list'),
    (
        M,
        _nested("dune-runner", "reinforcements", 0, "amount", value=2),
        'field "reinforcements[0].amount": 2: a "move" Reinforcement always has amount 1',
    ),
    (
        M,
        _nested(D, "influences", 0, "kind", value="bribe"),
        'card "donnish-druid": field "influences[0].kind": "bribe" is not one of',
    ),
    (
        M,
        _nested(D, "influences", 0, "per", value="gold"),
        'field "influences[0].per": "gold" is not one of relic, minion',
    ),
    (
        M,
        _nested(D, "influences", 0, "class", value="warrior"),
        'field "influences[0].class": unknown field',
    ),
    (
        M,
        _nested("crooked-quartermaster", "influences", 0, "amount", value=0),
        'field "influences[0].amount": 0 is below the minimum 1',
    ),
    (
        M,
        _nested("tunnel-sapper", "aftershock", "per_class", value="bard"),
        'card "tunnel-sapper": field "aftershock.per_class": "bard" is not one of',
    ),
    (
        H,
        _nested("yellow-squire", "command", "effect", value="fly"),
        'henchmen.json: card "yellow-squire": field "command.effect": "fly" is not one of',
    ),
    (
        M,
        _nested("impatient-worm", "command", "amount", value=2),
        'card "impatient-worm": field "command.amount": 2: a "move" effect always has amount 1',
    ),
    (H, _set("red-squire", "color", "purple"), 'card "red-squire": field "color": "purple"'),
    (H, _drop("red-squire", "color"), 'card "red-squire": field "color": missing'),
    (M, _set(D, "color", "red"), 'card "donnish-druid": field "color": unknown field'),
    (H, _remove("blue-acolyte"), 'henchmen.json: color "blue": 4 henchmen'),
    (H, _set("red-squire", "name", "Page"), 'card "red-squire": field "name": "Page" is not'),
    (R, _set("kraken-ink", "gold", 6), 'card "kraken-ink": field "gold": 6 is above the maximum'),
    (R, _set("kraken-ink", "terrain", "town"), 'card "kraken-ink": field "terrain": "town"'),
    (R, _set("kraken-ink", "bonus", {}), 'card "kraken-ink": field "bonus": a troop bonus'),
    (R, _set("kraken-ink", "bonus", {"luck": 1}), 'field "bonus.luck": unknown field'),
    (R, _set("kraken-ink", "bonus", {"melee": 0}), 'field "bonus.melee": 0 is below'),
    (R, _set("kraken-ink", "bonus", [1]), 'card "kraken-ink": field "bonus": expected an object'),
    (R, _set("kraken-ink", "instant", "attack"), 'field "instant": expected an object'),
    (R, _set("kraken-ink", "id", D), 'relics.json: card "donnish-druid": field "id": the same'),
    (OV, _truncate(3), 'overlords.json: field "cards": 3 cards; a game needs at least 4'),
    (M, _truncate(23), 'mercenaries.json: field "cards": 23 cards; a game needs at least 24'),
    (R, _truncate(7), 'relics.json: field "cards": 7 cards; a game needs at least 8'),
    (R, lambda cards: cards.append(17), "relics.json: card #25: expected an object"),
]


@pytest.mark.parametrize(("stem", "mutate", "message"), BROKEN)
def test_a_broken_card_names_file_card_and_field(
    tmp_path: Path, stem: str, mutate: Callable[[Cards], None], message: str
) -> None:
    path = _copy(tmp_path) / f"{stem}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    mutate(data["cards"])
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CovilError) as caught:
        load_cards(tmp_path)
    assert message in caught.value.message
    assert caught.value.rule == str(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"cards": [', "relics.json: malformed JSON at line 1 column 12"),
        ("[]", "relics.json: expected an object, got a list"),
        ('{"cards": {}}', 'relics.json: field "cards": expected a list'),
        ('{"cards": [], "notes": 1}', 'relics.json: field "notes": unknown field'),
    ],
)
def test_a_broken_file_is_named(tmp_path: Path, text: str, message: str) -> None:
    (_copy(tmp_path) / "relics.json").write_text(text, encoding="utf-8")
    with pytest.raises(CovilError, match=r"relics\.json") as caught:
        load_cards(tmp_path)
    assert message in caught.value.message


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    (_copy(tmp_path) / "henchmen.json").unlink()
    with pytest.raises(CovilError, match=r"henchmen\.json: missing from"):
        load_cards(tmp_path)


# The errors docs/maps-and-cards.md shows, in its order: how to make each.
W = "impatient-worm"


def _first(key: str, value: Any) -> Callable[[Cards], None]:
    return lambda cards: cards[0].__setitem__(key, value)


def _drop_a_blue_henchman(cards: Cards) -> None:
    cards.remove(next(c for c in cards if c["id"].startswith("blue-")))


DOCUMENTED = [
    (M, _set(W, "cost", 7)),
    (M, _drop(W, "text")),
    (M, _set(W, "colour", "red")),
    (M, _set(W, "stat", "magic")),
    (M, _first("id", "Impatient Worm")),
    (R, _first("id", W)),
    (M, _set("goblin-scavenger", "name", "Impatient Worm")),
    (M, _nested(W, "command", "amount", value=2)),
    (M, _nested("dune-runner", "reinforcements", 0, "amount", value=2)),
    (M, _set(W, "reinforcements", [{"stat": "defense", "amount": 1, "terrains": ["swamp"]}])),
    (M, _truncate(23)),
    (H, _drop_a_blue_henchman),
    (H, _set("red-private", "name", "Corporal")),
    (R, _set("tidecaller-conch", "gold", 6)),
    (R, _set("tidecaller-conch", "bonus", {})),
    (OV, _set("iron-marshal", "class", "warrior")),
]


def _refusal(folder: Path) -> str:
    """What loading ``folder`` says, with the folder named as the docs name it."""
    with pytest.raises(CovilError) as caught:
        load_cards(folder)
    return caught.value.message.replace(f"{folder.parent}/", "")


def test_the_errors_the_docs_show_are_the_loaders(tmp_path: Path) -> None:
    docs = (Path(__file__).resolve().parents[1] / "docs" / "maps-and-cards.md").read_text()
    shown = docs.split("Some of them:\n\n```\n")[1].split("```")[0].splitlines()
    said = []
    for case, (stem, mutate) in enumerate([*DOCUMENTED, (R, None)]):
        folder = tmp_path / str(case) / "my-cards"
        shutil.copytree(REFERENCE_DIR, folder)
        path = folder / f"{stem}.json"
        if mutate is None:  # the file itself is broken, then missing
            path.write_text('{"cards": [', encoding="utf-8")
            said.append(_refusal(folder))
            path.unlink()
        else:
            data = json.loads(path.read_text(encoding="utf-8"))
            mutate(data["cards"])
            path.write_text(json.dumps(data), encoding="utf-8")
        said.append(_refusal(folder))
    assert said == shown

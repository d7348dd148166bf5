"""The learned evaluation (the outlook): the shipped file read and checked,
a malformed one refused with its field, a finished game scored as it ended,
the least-squares fit recovering known weights, and self-play the same for
the same seed."""

from __future__ import annotations

import copy
import json
import math

import pytest

from covil_nb import CovilError, Game
from covil_nb.bots import GreedyBot, IsmctsBot, play, tree_search
from covil_nb.bots.evaluation import FEATURES, features, margin
from covil_nb.bots.learning import DayStart, learned, least_squares, r_squared, self_play
from covil_nb.bots.outlook import FIRST_DAY, PATH, PLAYERS, learned_margin, outlook, parse, read
from covil_nb.model.vocabulary import DAYS


def shipped() -> dict:
    return json.loads(PATH.read_text(encoding="utf-8"))


def test_the_shipped_outlook_has_a_model_for_every_number_of_players_and_day() -> None:
    found = outlook()
    assert set(found.models) == {(n, d) for n in PLAYERS for d in range(FIRST_DAY, DAYS + 1)}
    assert "command" in found.made and "R² of the final margin, held out" in found.made
    assert parse(found.to_json()).models == found.models


@pytest.mark.parametrize(
    ("spoil", "field"),
    [
        (lambda d: d.pop("made"), "made"),
        (lambda d: d["features"].reverse(), "features"),
        (lambda d: d["models"]["3"].pop("2"), "models.3.2"),
        (lambda d: d["models"]["2"]["4"]["weights"].pop(), "models.2.4"),
        (lambda d: d["models"]["4"]["3"].update(constant=math.nan), "models.4.3"),
        (lambda d: d["models"]["2"]["2"]["weights"].__setitem__(0, True), "models.2.2"),
        (lambda d: d["models"].__setitem__("2", []), "models.2.2"),
    ],
)
def test_a_malformed_outlook_is_refused_naming_its_field(spoil, field: str) -> None:
    data = copy.deepcopy(shipped())
    spoil(data)
    with pytest.raises(CovilError, match=f"outlook: {field}"):
        parse(data)


def test_a_file_that_is_no_json_is_refused(tmp_path) -> None:
    bad = tmp_path / "outlook.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(CovilError, match=r"outlook\.json: not a readable outlook"):
        read(bad)


def test_a_finished_game_is_scored_as_it_ended_and_the_first_day_as_the_second() -> None:
    game = Game.new(["yellow", "red"], seed=3)
    bots = {"yellow": GreedyBot(1), "red": GreedyBot(2)}
    play(game, bots, seed=3)
    assert learned_margin(game, "red") == margin(game, "red")  # the final score, both
    started = Game.new(["yellow", "red"], seed=3)  # day 1: read as day 2's start
    weights, constant = outlook().models[(2, FIRST_DAY)]
    values = features(started)
    foreseen = {
        c: constant + sum(w * v for w, v in zip(weights, f, strict=True)) for c, f in values.items()
    }
    assert learned_margin(started, "yellow") == pytest.approx(foreseen["yellow"] - foreseen["red"])
    with pytest.raises(CovilError, match="no 'blue' player"):
        learned_margin(started, "blue")


def test_the_fit_recovers_the_weights_that_made_the_scores() -> None:
    truth = [0.5 * (i + 1) for i in range(len(FEATURES))]
    rows = []
    for k in range(60):
        values = [float((k * (i + 3)) % 7 + (k % (i + 2))) for i in range(len(FEATURES))]
        rows.append((values, 4.0 + sum(w * v for w, v in zip(truth, values, strict=True))))
    weights, constant = least_squares(rows)
    assert weights == pytest.approx(truth, abs=0.05)
    assert constant == pytest.approx(4.0, abs=0.5)


def test_a_perfect_foresight_explains_the_whole_spread() -> None:
    starts = [DayStart(s, 2, 2, {}, {}, {"yellow": 40.0 + s, "red": 45.0 - s}) for s in range(6)]
    assert r_squared(starts, lambda start: dict(start.final)) == {"2": {"2": 1.0}}


def test_self_play_is_the_same_for_the_same_seed_and_starts_each_day() -> None:
    first = self_play(4, 2)
    assert first == self_play(4, 2)
    assert [s.day for s in first] == list(range(FIRST_DAY, DAYS + 1))
    assert all(len(values) == len(FEATURES) for s in first for values in s.features.values())
    scored = learned(outlook())(first[0])
    assert set(scored) == {"yellow", "red"}


def test_the_tree_search_weighs_a_playout_by_the_outlook_when_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tree_search, "learned_margin", lambda game, color: 7.0)
    view = Game.new(["yellow", "red"], seed=5).for_seat("yellow", 0)
    learned_ = IsmctsBot(1, iterations=8, outlook=True).policy(view)
    hand = IsmctsBot(1, iterations=8).policy(view)
    assert {v for c in learned_ for v in c.values} == {7.0}
    assert {v for c in hand for v in c.values} != {7.0}

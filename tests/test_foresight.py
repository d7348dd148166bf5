"""How far the judge foresees the game's end: the fit recovering a known
slope and error, the games held out in turn, the report's rows, and a pair
measured as the analysis and the whole games measure it."""

from __future__ import annotations

import json
import math
import random
from dataclasses import asdict, replace

import pytest

from covil_nb import Game
from covil_nb.analysis import ends as analysis_ends
from covil_nb.analysis import foresight
from covil_nb.analysis.ends import game_of
from covil_nb.analysis.foresight import MIN_PAIRS, Foresight, Pair, fitted, held_out, pair, report
from covil_nb.analysis.games import DEFAULT_BUDGET, _choices, position_at
from covil_nb.bots.planning import Plan, rank
from covil_nb.bots.search import mean_and_error
from covil_nb.bots.tree_search import Judged
from covil_nb.model.vocabulary import DAYS


def synthetic(slope: float, spread: float, noise: float, count: int) -> list[Pair]:
    """Pairs of 2 players on day 1 whose gain is ``slope`` times the gap,
    with a model error of ``spread`` and a measured noise of ``noise``, from 4 games."""
    dice = random.Random(5)
    pairs = []
    for k in range(count):
        gap = dice.uniform(-3, 3)
        gain = slope * gap + dice.gauss(0, spread) + dice.gauss(0, noise)
        pairs.append(Pair(2, k % 4, k, 1, gap, 0.1, gain, noise))
    return pairs


def test_the_fit_recovers_the_slope_and_the_error_beyond_the_noise() -> None:
    found = fitted(synthetic(0.4, 1.5, 2.0, 4000))
    assert found.slope == pytest.approx(0.4, abs=0.05)
    assert 0 < found.slope_error < 0.05  # the spread over 4000 pairs
    assert found.error == pytest.approx(1.5, abs=0.2)  # the noise of 2.0 taken out
    assert found.pairs == 4000 and 0 < found.correlation < 1
    backwards = fitted(synthetic(-0.5, 0.1, 0.1, 50))  # the day's lead foretelling a loss
    assert backwards.slope == 0 and backwards.correlation < 0
    with pytest.raises(ValueError, match="two at least"):
        fitted(synthetic(0.4, 0.1, 0.1, 1))


def test_a_foresight_scales_the_lead_and_adds_its_errors() -> None:
    seen = Foresight(slope=0.5, slope_error=0.1, error=1.0, pairs=10, correlation=0.5)
    lead, error = seen.foresee(4.0, 0.6)
    assert lead == 2.0 and error == pytest.approx(math.sqrt(0.3**2 + 0.4**2 + 1.0))
    blind = replace(seen, slope=0.0)
    assert blind.foresee(4.0, math.inf) == (0.0, pytest.approx(math.sqrt(0.4**2 + 1.0)))


def test_held_out_games_are_foreseen_better_scaled_where_the_day_overrates_them() -> None:
    held = held_out(synthetic(0.4, 0.2, 0.2, 200))
    assert held is not None
    assert held["R² ceiling"] > held["R² scaled"] > 0.7 and held["R² as it is"] < 0
    assert 0.9 < held["inside the interval"] < 0.99  # a 95% interval, the noise and all
    assert held_out([replace(p, seed=1) for p in synthetic(0.4, 0.2, 0.2, 20)]) is None


def test_the_report_has_a_row_for_each_day_with_enough_pairs() -> None:
    pairs = synthetic(0.4, 0.2, 0.2, 40) + [
        replace(p, day=DAYS) for p in synthetic(1.0, 0.2, 0.2, MIN_PAIRS - 1)
    ]
    rows = report(pairs)
    assert [(r["players"], r["day"], r["pairs"]) for r in rows] == [(2, 1, 40)]
    assert rows[0]["slope"] == pytest.approx(0.4, abs=0.1) and "R² scaled" in rows[0]


def test_a_pair_is_the_day_end_gap_and_the_whole_games_lead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The judge's measure of the rival's lead at the day's end, and the
    rival's lead over the option played in whole games, world by world, on
    the day the decision was made."""
    record = game_of(101, 2).record()
    choice = next(c for c in _choices(record, ["yellow"]) if c.index > 60)
    position = position_at(record, choice.index)
    rival = _plan()
    judged = Judged(_plan(), rival, (0.0, 1.0, 0.0), (2.0, 3.0, 4.0))
    asked: list[tuple] = []

    def judging(game: Game, played: tuple[str, ...], budget: int, seed: int) -> tuple:
        asked.append((game.state, played, budget))
        return game.for_seat("yellow", 0), judged

    monkeypatch.setattr(foresight, "judge", judging)
    ends = {choice.played: [1.0, 2.0, 3.0], tuple(str(a) for a in rival.actions): [4.0, 2.0, 6.0]}
    monkeypatch.setattr(analysis_ends, "final_margins", lambda g, s, moves, w: ends[tuple(moves)])
    found = pair(record, choice, 2, 101)
    assert found is not None and (found.players, found.seed, found.index) == (2, 101, choice.index)
    assert found.day == position.day > 1
    assert (found.gap, found.gap_error) == judged.gap
    assert (found.gain, found.gain_error) == mean_and_error([3.0, 0.0, 3.0])
    assert (found.played, found.line) == (choice.played, tuple(ends)[1])  # to measure again
    assert asked == [(position.state, choice.played, DEFAULT_BUDGET)]  # judged as the analysis
    monkeypatch.setattr(foresight, "judge", lambda *args: None)
    assert pair(record, choice, 2, 101) is None  # no rival: nothing to learn from


def test_a_pair_reads_back_with_its_runs_and_without_them() -> None:
    """A pair's JSON line reads back as it was; a line written before the
    runs were kept reads with none."""
    made = Pair(2, 101, 7, 1, 0.5, 0.1, -1.0, 2.0, ("end",), ("buy-relic",))
    line = json.loads(json.dumps(asdict(made)))
    assert foresight._read(dict(line)) == made
    del line["played"], line["line"]
    assert foresight._read(line) == replace(made, played=(), line=())


def _plan() -> Plan:
    return rank(Game.new(["yellow", "red"], seed=1), 4)[0][1]

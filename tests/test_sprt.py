"""The sequential test that gates a bot change: fishtest's bounds and
log-likelihood ratio, a stronger candidate accepted and an equal one
refused, and bad arguments refused."""

from __future__ import annotations

import math
import random

import pytest

from covil_nb import CovilError
from covil_nb.analysis.sprt import MIN_PAIRS, Sprt, elo_of, expected_score


def test_the_bounds_are_fishtests_at_five_percent() -> None:
    low, high = Sprt().bounds
    assert (round(low, 3), round(high, 3)) == (-2.944, 2.944)


def test_elo_and_expected_score_are_inverse_and_a_100_elo_edge_scores_64_percent() -> None:
    assert expected_score(0) == 0.5
    assert expected_score(100) == pytest.approx(0.640, abs=1e-3)
    for elo in (-300.0, -20.0, 0.0, 55.0):
        assert elo_of(expected_score(elo)) == pytest.approx(elo)
    assert elo_of(1.0) == math.inf and elo_of(0.0) == -math.inf


def test_the_ratio_is_the_normal_approximation_of_the_pairs_scores() -> None:
    """Six pairs, mean 2/3: N (s1 - s0) (2 m - s0 - s1) / (2 v) by hand is
    6 * 0.02875 * 0.30458 / (2 * 0.13889) = 0.1891 (the bins' prior moves it
    by less than a thousandth)."""
    test = Sprt(elo0=0, elo1=20)
    for score in (1.0, 0.5, 0.5, 0.0, 1.0, 1.0):
        test.add(score)
    assert test.llr == pytest.approx(0.1891, abs=1e-3)


def test_a_run_of_equal_pairs_still_ends_the_test_but_not_before_its_minimum() -> None:
    test = Sprt(elo0=0, elo1=10)
    for _ in range(MIN_PAIRS - 1):
        test.add(1.0)
    assert test.llr > test.bounds[1] and test.verdict is None  # too few pairs to say
    test.add(1.0)
    assert test.verdict == "H1"


def pairs(strength: float, seed: int):
    """Pair scores of a candidate that wins each game with probability ``strength``."""
    rng = random.Random(seed)
    while True:
        yield sum(rng.random() < strength for _ in range(2)) / 2


@pytest.mark.parametrize(("strength", "verdict"), [(0.65, "H1"), (0.5, "H0"), (0.4, "H0")])
def test_the_test_stops_with_the_right_verdict(strength: float, verdict: str) -> None:
    found = []
    for seed in range(20):
        test = Sprt(elo0=0, elo1=50)
        for score, _ in zip(pairs(strength, seed), range(5000), strict=False):
            test.add(score)
            if test.verdict:
                break
        found.append(test.verdict)
    assert found.count(verdict) >= 18  # alpha = beta = 5%: a wrong verdict is rare


def test_the_elo_measured_holds_the_truth_in_its_interval() -> None:
    test = Sprt()
    for score, _ in zip(pairs(expected_score(100), 3), range(2000), strict=False):
        test.add(score)
    elo, low, high = test.elo()
    assert low < 100 < high and low < elo < high and high - low < 60
    assert math.isnan(Sprt().elo()[0])


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(CovilError, match="elo1 must be more than elo0"):
        Sprt(elo0=5, elo1=5)
    with pytest.raises(CovilError, match="alpha and beta"):
        Sprt(alpha=0)
    with pytest.raises(CovilError, match=r"one of 0, 0\.25"):
        Sprt().add(0.6)

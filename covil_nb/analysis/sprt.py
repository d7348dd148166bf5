"""A sequential test that a bot change is stronger, as Stockfish's fishtest gates every change.

>>> test = Sprt(elo0=0, elo1=10)
>>> test.add(1.0)  # a pair of games: the same seed, seats swapped; the candidate's mean score
>>> test.verdict  # None until the log-likelihood ratio leaves its bounds  # doctest: +SKIP

The candidate and the baseline play game *pairs*: the same seed with the
seats swapped, so that the luck of the deal and the scepter cancel within a
pair. A pair's score is the candidate's mean score over its two games (a
win 1, a shared victory 1/2, a loss 0): one of 0, 1/4, 1/2, 3/4 and 1, the
five bins of fishtest's pentanomial count. Between H0, the candidate is
``elo0`` (logistic) Elo stronger at most, and H1, ``elo1`` at least, the
generalized sequential probability ratio test takes the log-likelihood
ratio of the pairs' scores under a normal approximation, as fishtest does,

    LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v),

where ``s0`` and ``s1`` are the expected scores at ``elo0`` and ``elo1``, and
``m`` and ``v`` the mean and variance of the pairs' scores, each bin counted
with :data:`PRIOR` more, as fishtest counts them (so that a run of equal
pairs still has a spread). It stops with H1 once the ratio reaches
ln((1 - beta) / alpha) and with H0 once it falls to ln(beta / (1 - alpha)):
with alpha = beta = 0.05, at +2.944 and -2.944; but not before
:data:`MIN_PAIRS` pairs, where the normal approximation is too rough.
``benchmarks/sprt.py`` plays the pairs and stops as soon as it can say.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from covil_nb.model import CovilError
from covil_nb.model.language import tr

RULE = "sprt"
ALPHA = BETA = 0.05  # fishtest's: a false gain and a missed one each 5% of the time
Z95 = 1.96
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)  # a pair's possible scores, the pentanomial bins
PRIOR = 1e-3  # fishtest's count added to each bin
MIN_PAIRS = 20  # pairs before any verdict: a few pairs' spread says little


def expected_score(elo: float) -> float:
    """The expected score of a player ``elo`` logistic Elo stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_of(score: float) -> float:
    """The logistic Elo difference that an expected ``score`` means (infinite at 0 and 1)."""
    if score <= 0.0 or score >= 1.0:
        return math.copysign(math.inf, score - 0.5)
    return -400.0 * math.log10(1.0 / score - 1.0)


@dataclass
class Sprt:
    """The test's state: the pairs' scores so far, and its bounds."""

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = ALPHA
    beta: float = BETA
    scores: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.elo1 > self.elo0:
            raise CovilError(
                tr(
                    "elo1 must be more than elo0: {elo0} and {elo1}", elo0=self.elo0, elo1=self.elo1
                ),
                RULE,
            )
        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise CovilError(tr("alpha and beta must lie between 0 and 1"), RULE)

    @property
    def bounds(self) -> tuple[float, float]:
        """The log-likelihood ratios at which the test accepts H0 and H1."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def add(self, score: float) -> None:
        """One pair's mean score for the candidate: 0, 1/4, 1/2, 3/4 or 1."""
        if score not in PAIR_SCORES:
            raise CovilError(
                tr("a pair's score is one of 0, 0.25, 0.5, 0.75 and 1, not {score}", score=score),
                RULE,
            )
        self.scores.append(score)

    @property
    def llr(self) -> float:
        """The log-likelihood ratio of H1 against H0, the bins counted with :data:`PRIOR` more."""
        counts = [self.scores.count(x) + PRIOR for x in PAIR_SCORES]
        n = sum(counts)
        mean = sum(c * x for c, x in zip(counts, PAIR_SCORES, strict=True)) / n
        variance = sum(c * (x - mean) ** 2 for c, x in zip(counts, PAIR_SCORES, strict=True)) / n
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    @property
    def verdict(self) -> str | None:
        """The verdict: "H1" (the candidate is ``elo1`` stronger), "H0" (at
        most ``elo0``), or None (yet; always before :data:`MIN_PAIRS` pairs)."""
        if len(self.scores) < MIN_PAIRS:
            return None
        low, high = self.bounds
        llr = self.llr
        if llr >= high:
            return "H1"
        if llr <= low:
            return "H0"
        return None

    def elo(self) -> tuple[float, float, float]:
        """The candidate's Elo difference from the pairs so far and its 95%
        interval (NaN and an unbounded interval below two pairs)."""
        n = len(self.scores)
        if n < 2:
            return math.nan, -math.inf, math.inf
        mean = sum(self.scores) / n
        error = math.sqrt(sum((s - mean) ** 2 for s in self.scores) / (n - 1) / n)
        return elo_of(mean), elo_of(mean - Z95 * error), elo_of(mean + Z95 * error)

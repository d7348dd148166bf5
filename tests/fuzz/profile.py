"""How many examples each fuzz test draws: few in the short profile (every
``./dev test``, CI), many in the long one, which is run by hand::

    COVIL_FUZZ=long .venv/bin/pytest tests/fuzz -p no:cacheprovider --hypothesis-show-statistics

The short profile is derandomized, so that CI draws the same examples every
run; the long one draws new ones each time (and prints how to replay a
failure)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

PROFILES = ("short", "long")
PROFILE = os.environ.get("COVIL_FUZZ", "short")
if PROFILE not in PROFILES:
    raise ValueError(f"COVIL_FUZZ={PROFILE!r}: write one of {PROFILES} or leave it unset")
LONG = PROFILE == "long"


def examples(short: int, long: int) -> settings:
    """Hypothesis settings drawing ``short`` or ``long`` examples."""
    return settings(
        max_examples=long if LONG else short,
        deadline=None,
        derandomize=not LONG,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
    )

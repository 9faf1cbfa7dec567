"""How much random play the tests do: a fixed budget per test in `make test` and CI, ten times
more (and freshly random) in `make test-deep` (``TEST_DEPTH=deep``).

Hypothesis runs under the profile of that depth (registered and loaded here, when tests/conftest.py
imports this module, before any test module): "ci" draws the same examples on every run
(``derandomize``), so a red CI is red again on a developer's machine with the same command;
"deep" draws new ones each run. Property tests say their budget as ``examples(n)`` (n in CI);
the engines' conformance playouts as ``conformance_budget()``.

    @settings(max_examples=examples(40), deadline=None)
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

DEPTH = os.environ.get("TEST_DEPTH", "ci")
if DEPTH not in ("ci", "deep"):
    raise RuntimeError(f"TEST_DEPTH must be ci or deep, not {DEPTH!r}")
DEEP = DEPTH == "deep"
DEEP_FACTOR = 10

settings.register_profile("ci", deadline=None, derandomize=True, database=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("deep", deadline=None, derandomize=False, print_blob=True,
                          max_examples=100 * DEEP_FACTOR, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(DEPTH)


def examples(ci: int) -> int:
    """The examples a property test draws: ``ci`` in CI, ``DEEP_FACTOR`` times that deep."""
    return ci * DEEP_FACTOR if DEEP else ci


def conformance_budget() -> dict:
    """The engines' conformance playouts (``games.conformance.check_engine``): every seat
    count and team layout of every game, each played to its end, the events checked after
    every action; the views and secrets of every seat every ``views_every`` actions. In CI
    every 8th, a fixed budget per game (about 2,000 views for Hexfolk's seven tables); deep:
    after every action, three games per layout."""
    return {"games": 3, "views_every": 1} if DEEP else {"games": 1, "views_every": 8}

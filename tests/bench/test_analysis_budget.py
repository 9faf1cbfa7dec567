"""bench/analysis_budget.py (issue 30, point 3: "a budget per match (stated ...)"): the bench
analyses a bot-played match within the budget it is given."""
from bench import analysis_budget


def test_a_short_budget_is_kept_and_every_decision_is_looked_at():
    out = analysis_budget.measure("hextopia", 2, budget=1.0, seed=3)
    # Play-outs per second depend on the machine (and its load): only that some were made.
    assert out["decisions"] > 0 and out["playouts"] > 0
    assert out["seconds"] <= 1.0 + 1.0  # the budget, and at most one play-out pair beyond it
    assert set(out) >= {"moves", "differ", "mistakes", "blunders", "costliest", "slices"}

"""The rating-history chart of the profile page, drawn on the server as SVG coordinates (no
script needed, nothing to load): a line through the rating before the first rated game and
after each one."""
from __future__ import annotations

import math

WIDTH, HEIGHT = 480, 150
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 40, 8, 8, 18
MAX_POINTS = 200  # the chart shows the latest games; the API has them all


def rating_chart(changes: list[dict]) -> dict | None:
    """SVG geometry for ``changes`` (``ratings.selectors.change_public`` dicts, oldest first)::

        {"width", "height", "points": "x,y x,y ...",
         "dots": [{"x", "y", "rating", "match", "delta", "n"}],   # one per game
         "ticks": [{"y", "label"}], "x_label", "low", "high", "base_y"}

    ``points`` starts at the rating before the first game shown; y grows downwards (SVG).
    None when there is nothing to draw."""
    if not changes:
        return None
    shown = changes[-MAX_POINTS:]
    offset = len(changes) - len(shown)
    values = [shown[0]["rating_before"]] + [c["rating_after"] for c in shown]
    low, high = min(values), max(values)
    if high - low < 20:  # a flat line still gets a readable scale
        mid = (high + low) / 2
        low, high = math.floor(mid - 10), math.ceil(mid + 10)
    inner_w, inner_h = WIDTH - PAD_LEFT - PAD_RIGHT, HEIGHT - PAD_TOP - PAD_BOTTOM
    steps = len(values) - 1

    def x(i: int) -> float:
        return round(PAD_LEFT + inner_w * i / steps, 1)

    def y(v: float) -> float:
        return round(PAD_TOP + inner_h * (high - v) / (high - low), 1)

    coords = [(x(i), y(v)) for i, v in enumerate(values)]
    dots = [{"x": cx, "y": cy, "rating": c["rating_after"], "match": c["match"], "delta": c["delta"],
             "n": offset + i + 1}
            for i, ((cx, cy), c) in enumerate(zip(coords[1:], shown, strict=True))]
    ticks = [{"y": y(v), "label": round(v)} for v in (high, (high + low) / 2, low)]
    return {
        "width": WIDTH, "height": HEIGHT, "points": " ".join(f"{cx},{cy}" for cx, cy in coords),
        "dots": dots, "ticks": ticks, "low": low, "high": high, "base_y": HEIGHT - PAD_BOTTOM,
        "x_label": f"games {offset + 1}-{len(changes)}" if offset else f"{len(changes)} rated game"
                   + ("s" if len(changes) != 1 else ""),
    }

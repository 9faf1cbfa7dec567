"""The small pictures of the Hexal rules page, drawn as self-contained SVG (pure Python).

Cards are drawn as on the table (static/hexal/draw.js): a pointy hexagon in the card's colour
with its shape and its number; the same axial cells and pixel layout (static/hexal/board.js).
A figure is a list of cells; ``figure(name, translate)`` returns the SVG text of one of
``FIGURES`` (every value in it comes from this module or, escaped, from ``translate``, so it
is safe to put in a page as it is). Its words (the accessible name, the labels) are marked
with ``gettext_noop`` for makemessages; the template tag passes ``gettext`` as ``translate``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

from games.hexal.engine.cards import COLOUR_LETTERS, COLOURS, SHAPE_LETTERS, SHAPES

SIZE = 40.0
CARD = SIZE * 0.93
TABLE = "#2f3b47"
MARK = "#ffd54f"
FILL = {"red": "#d32f2f", "orange": "#f57c00", "yellow": "#fdd835", "green": "#2e7d32", "blue": "#1565c0",
        "purple": "#7b1fa2"}
INK = {"red": "#fff", "orange": "#1d2330", "yellow": "#1d2330", "green": "#fff", "blue": "#fff", "purple": "#fff"}
FONT = "system-ui, sans-serif"


def gettext_noop(text: str) -> str:
    """Marks ``text`` for the catalogues (makemessages); translated when drawn (``figure``)."""
    return text


def cell_xy(q: int, r: int) -> tuple[float, float]:
    """Pixel centre of axial cell (q, r), pointy hexes (js/hexgrid.js axialToPixel)."""
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def hex_points(x: float, y: float, size: float) -> str:
    pts = []
    for i in range(6):
        a = math.radians(-90 + 60 * i)
        pts.append(f"{x + size * math.cos(a):.1f},{y + size * math.sin(a):.1f}")
    return " ".join(pts)


def _poly(cx, cy, r, n, start, inner=None) -> str:
    steps = n if inner is None else 2 * n
    pts = []
    for i in range(steps):
        a = math.radians(start + 360 / steps * i)
        rr = inner if inner is not None and i % 2 else r
        pts.append(f"{cx + rr * math.cos(a):.2f},{cy + rr * math.sin(a):.2f}")
    return "M" + "L".join(pts) + "Z"


def shape_path(shape: str, cx: float, cy: float, r: float) -> str:
    """The path of a shape of radius about ``r`` (the same shapes as cards.js shapePath)."""
    if shape == "circle":
        k = r * 0.86
        return f"M{cx - k:.2f},{cy:.2f}a{k:.2f},{k:.2f} 0 1,0 {2 * k:.2f},0a{k:.2f},{k:.2f} 0 1,0 {-2 * k:.2f},0Z"
    if shape == "triangle":
        return _poly(cx, cy + r * 0.14, r * 1.08, 3, -90)
    if shape == "square":
        return _poly(cx, cy, r * 1.02, 4, -45)
    if shape == "pentagon":
        return _poly(cx, cy + r * 0.05, r * 0.98, 5, -90)
    if shape == "hexagon":
        return _poly(cx, cy, r * 0.96, 6, 0)
    return _poly(cx, cy + r * 0.06, r * 1.1, 5, -90, r * 0.46)


def card_svg(code: str, x: float, y: float, size: float = CARD) -> str:
    """One card (``"GT4"``) centred at (x, y)."""
    colour = COLOURS[COLOUR_LETTERS.index(code[0])]
    shape = SHAPES[SHAPE_LETTERS.index(code[1])]
    ink = INK[colour]
    return (
        f'<polygon points="{hex_points(x, y, size)}" fill="{FILL[colour]}" stroke="rgba(0,0,0,.45)" stroke-width="1.2"/>'
        f'<path d="{shape_path(shape, x, y - size * 0.16, size * 0.33)}" fill="{ink}"/>'
        f'<text x="{x:.1f}" y="{y + size * 0.6:.1f}" fill="{ink}" font-size="{size * 0.42:.1f}" font-weight="800" '
        f'text-anchor="middle" dominant-baseline="central" font-family="{FONT}">{code[2]}</text>'
    )


def pill(x: float, y: float, text: str, best: bool = False) -> str:
    w = 10 + len(text) * 8.0
    fill, ink, stroke = (MARK, "#111", "#111") if best else ("rgba(17,17,17,.85)", "#fff", MARK)
    return (f'<rect x="{x - w / 2:.1f}" y="{y - 11:.1f}" width="{w:.1f}" height="22" rx="11" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="1.2"/>'
            f'<text x="{x:.1f}" y="{y + 0.5:.1f}" fill="{ink}" font-size="13" font-weight="800" text-anchor="middle" '
            f'dominant-baseline="central" font-family="{FONT}">{escape(text)}</text>')


@dataclass
class Figure:
    """Cells of a picture: ``cards`` {(q, r): [codes bottom to top]}, ``target`` (q, r),
    ``placed`` cells (a bright edge), ``free`` cells (dashed), ``labels`` [(x, y, text, best)]
    in pixels, ``title`` (the accessible name)."""

    title: str
    cards: dict
    target: tuple | None = None
    placed: tuple = ()
    free: tuple = ()
    free_top: bool = False
    links: tuple = ()  # ((q, r), (q, r), "text"): a label on the edge between two cells
    labels: list = field(default_factory=list)


def render(fig: Figure, translate=str) -> str:
    """The SVG text of ``fig``, its viewBox fitted to what it draws, its words through
    ``translate`` (the page's language)."""
    parts: list[str] = []
    xs, ys = [], []
    for (q, r) in list(fig.cards) + list(fig.free):
        x, y = cell_xy(q, r)
        xs.append(x)
        ys.append(y)
    for (q, r) in fig.free:
        x, y = cell_xy(q, r)
        parts.append(f'<polygon points="{hex_points(x, y, CARD * 0.92)}" fill="rgba(255,255,255,.06)" '
                     'stroke="rgba(255,255,255,.75)" stroke-width="1.6" stroke-dasharray="6 4"/>')
    for (q, r), stack in sorted(fig.cards.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        x, y = cell_xy(q, r)
        for i, code in enumerate(stack[:-1]):
            dy = (len(stack) - 1 - i) * 3.4
            parts.append(f'<polygon points="{hex_points(x, y + dy, CARD)}" fill="{FILL[COLOURS[COLOUR_LETTERS.index(code[0])]]}" '
                         'stroke="rgba(0,0,0,.45)" stroke-width="1.2" style="filter:brightness(.72)"/>')
        parts.append(card_svg(stack[-1], x, y))
        if len(stack) > 1:
            bx, by = x + CARD * 0.62, y - CARD * 0.55
            parts.append(f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="{CARD * 0.25:.1f}" fill="#111" stroke="#fff" stroke-width="1.6"/>'
                         f'<text x="{bx:.1f}" y="{by:.1f}" fill="#fff" font-size="{CARD * 0.3:.1f}" font-weight="800" '
                         f'text-anchor="middle" dominant-baseline="central" font-family="{FONT}">{len(stack)}</text>')
    if fig.target is not None:
        x, y = cell_xy(*fig.target)
        parts.append(f'<polygon points="{hex_points(x, y, SIZE * 1.02)}" fill="none" stroke="{MARK}" stroke-width="5"/>')
        if fig.free_top:
            parts.append(f'<polygon points="{hex_points(x, y, CARD * 0.55)}" fill="none" stroke="rgba(255,255,255,.8)" '
                         'stroke-width="1.6" stroke-dasharray="6 4"/>')
    for (q, r) in fig.placed:
        x, y = cell_xy(q, r)
        parts.append(f'<polygon points="{hex_points(x, y, CARD)}" fill="none" stroke="#fff" stroke-width="3.5"/>')
    for a, b, text in fig.links:
        (ax, ay), (bx, by) = cell_xy(*a), cell_xy(*b)
        parts.append(pill((ax + bx) / 2, (ay + by) / 2, text))
    for x, y, label, best in fig.labels:
        text = translate(label)
        parts.append(pill(x, y, text, best))
        half = 5 + len(text) * 4.0
        xs += [x - half - SIZE * 0.2, x + half + SIZE * 0.2]
        ys += [y + SIZE * 0.1 - SIZE * 0.9, y + 11 + SIZE * 0.1 - SIZE * 0.9]  # the margin below adds the rest
    m = SIZE * 1.15
    title = translate(fig.title)
    x0, y0, x1, y1 = min(xs) - m, min(ys) - m, max(xs) + m, max(ys) + m
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.0f} {y0:.0f} {x1 - x0:.0f} {y1 - y0:.0f}" '
            f'width="{(x1 - x0) * 1.1:.0f}" height="{(y1 - y0) * 1.1:.0f}" role="img" aria-label="{escape(title)}">'
            f'<title>{escape(title)}</title><rect x="{x0:.0f}" y="{y0:.0f}" width="{x1 - x0:.0f}" '
            f'height="{y1 - y0:.0f}" rx="10" fill="{TABLE}"/>' + "".join(parts) + "</svg>")


def _deck_row() -> Figure:
    cards = {(i, 0): [f"{c}{s}{i + 1}"] for i, (c, s) in enumerate(zip(COLOUR_LETTERS, SHAPE_LETTERS, strict=True))}
    return Figure(title=gettext_noop("Six cards: red circle 1, orange triangle 2, yellow square 3, green pentagon 4, "
                                     "blue hexagon 5, purple star 6"), cards=cards)


FIGURES = {
    # The six colours, shapes and numbers.
    "cards": _deck_row,
    # A target and where cards may go around it.
    "places": lambda: Figure(
        title=gettext_noop("The target, the green star 4, with a ring; its free sides are dashed, and one card may go "
                           "on its top. The blue star 3 beside it is already in play."),
        cards={(0, 0): ["GX4"], (1, -1): ["BX3"], (-1, 0): ["RC4"]},
        target=(0, 0), free=((1, 0), (0, 1), (-1, 1), (0, -1)), free_top=True,
    ),
    # A placement and its points.
    "scoring": lambda: Figure(
        title=gettext_noop("The yellow star 3 placed beside the green star 4 (the target) and the blue star 3: it shares "
                           "the star with the green star 4 (1 point) and the star and the 3 with the blue star 3 "
                           "(2 points): 3 points."),
        cards={(0, 0): ["GX4"], (1, -1): ["BX3"], (-1, 0): ["RC4"], (1, 0): ["YX3"]},
        target=(0, 0), placed=((1, 0),),
        links=(((0, 0), (1, 0), "+1"), ((1, -1), (1, 0), "+2")),
        labels=[(cell_xy(1, 0)[0] + 30, cell_xy(1, 0)[1] + 50, gettext_noop("+3 this card"), True)],
    ),
    # A stack: a card on top touches the card below and the same-level cards around it.
    "stack": lambda: Figure(
        title=gettext_noop("The green circle 4 was placed on top of the red circle 4: a stack of 2. It shares the circle "
                           "and the 4 with the card below it (2 points). A card beside it at level 1 needs a stack of 1 "
                           "under it."),
        cards={(0, 0): ["RC4", "GC4"], (1, 0): ["BC2"], (-1, 0): ["RT4"]},
        placed=((0, 0),), labels=[(cell_xy(0, 0)[0], cell_xy(0, 0)[1] + 50, gettext_noop("on top: circle, 4 = +2"), True)],
    ),
}


def figure(name: str, translate=str) -> str:
    """The SVG text of the figure ``name``, its words through ``translate``; raises
    ``KeyError`` for an unknown one."""
    return render(FIGURES[name](), translate)

"""Drawn motifs shared by the three long packs: money signs, flowers, snake, beads, seal-free
ornaments. Each returns markup for a shape centred on the origin in a 100-unit box (unless said
otherwise); callers place it with `placed()`, usually through one <defs> entry per card.
"""

from __future__ import annotations

from math import cos, pi, sin

from rules_content.cardart.svgkit import CREAM, INK, circle, el, k, n, use


def placed(ref: str, x: float, y: float, scale: float) -> str:
    return use(ref, transform=f"matrix({k(scale)} 0 0 {k(scale)} {n(x)} {n(y)})")


def _ring(r: float) -> str:
    return f"M{n(-r)} 0a{n(r)} {n(r)} 0 1 0 {n(2 * r)} 0a{n(r)} {n(r)} 0 1 0 {n(-2 * r)} 0"


# A cash coin: rim, a narrow gap, the disc, and the square hole; even-odd makes the gap and the hole
# real holes, so the coin works on any paper colour.
COIN = _ring(50) + _ring(43) + _ring(38) + "M-15-15h30v30h-30Z"
# Half a coin (Chi Chi, "Half Cash"): the upper half of COIN, cut through the hole.
HALF_COIN = "M-50 0A50 50 0 0 1 50 0H43A43 43 0 0 0-43 0ZM-38 0A38 38 0 0 1 38 0H15V-15H-15V0Z"


def coin(fill: str = INK) -> str:
    return el("path", d=COIN, fill=fill, fill_rule="evenodd")


def string(bars: int = 6, fill: str = INK) -> str:
    """Coins on a cord, seen edge-on: stacked bars, the cord running through, a knot on top.
    56 wide; 130 high for 6 bars, centred on the origin."""
    pitch, bar = 20, 15
    top = -(bars * pitch - (pitch - bar)) / 2 + 8
    d = "".join(f"M-28 {n(top + i * pitch)}h56v{bar}h-56Z" for i in range(bars))
    bottom = top + bars * pitch - (pitch - bar)
    return (
        el("path", d=d, fill=fill)
        + el("path", d=f"M0 {n(top - 8)}V{n(bottom + 6)}", stroke=fill, stroke_width=5)
        + circle(0, top - 14, 6, fill="none", stroke=fill, stroke_width=4)
    )


def cord_loop(fill: str = INK) -> str:
    """An empty cord with a knot and no coins (Thang thang, "Zero String"), 100 high."""
    return el(
        "path",
        d="M0-34C-34-34-40-4-30 20C-22 40-6 46 0 50C6 46 22 40 30 20C40-4 34-34 0-34ZM0-34C-8-44-4-50 0-50S8-44 0-34",
        fill="none",
        stroke=fill,
        stroke_width=6,
        stroke_linejoin="round",
    ) + circle(0, -34, 6, fill=fill)


def flower(fill: str, line: str = INK, petals: int = 5) -> str:
    """A five-petal flower, 100 across: filled (Red Flower) or outline only (White Flower)."""
    stroke = {"stroke": line, "stroke_width": 5} if fill == CREAM else {}
    parts = [
        el("ellipse", cx=0, cy=-26, rx=19, ry=26, fill=fill, transform=f"rotate({i * 360 // petals})", **stroke)
        for i in range(petals)
    ]
    return "".join(parts) + circle(0, 0, 12, fill=CREAM if fill != CREAM else line, **stroke)


def snake(body: str) -> str:
    """A coiled snake, 100 across: an ink outline round a body of colour `body`."""
    pts = []
    for i in range(49):
        t = i / 48 * 2.25 * 2 * pi
        r = 8 + 34 * i / 48
        pts.append((r * cos(t), r * sin(t)))
    d = "M" + " ".join(f"{n(x)} {n(y)}" for x, y in pts)
    hx, hy = pts[-1]
    return (
        el("path", d=d, fill="none", stroke=INK, stroke_width=15, stroke_linecap="round")
        + el("path", d=d, fill="none", stroke=body, stroke_width=7, stroke_linecap="round")
        + el("ellipse", cx=hx, cy=hy + 4, rx=9, ry=12, fill=INK)
    )


def beads(count: int = 12) -> str:
    """A string of prayer beads (Monk, drawn without a figure): a ring of dots and a tassel."""
    dots = "".join(
        circle(40 * cos(2 * pi * i / count - pi / 2), 40 * sin(2 * pi * i / count - pi / 2) - 8, 8, fill=INK)
        for i in range(count)
    )
    return (
        circle(0, -8, 40, fill="none", stroke=INK, stroke_width=2)
        + dots
        + el("path", d="M0 32V44M-6 44h12l4 14h-20Z", fill=INK, stroke=INK, stroke_width=2)
    )


def fleuron(fill: str) -> str:
    """Four petals round a dot, 100 across (domino cards, Tổ Tôm panels)."""
    return el(
        "path",
        d="M0-50C16-34 16-14 0-8C-16-14-16-34 0-50ZM0 50C16 34 16 14 0 8C-16 14-16 34 0 50Z"
        "M-50 0C-34-16-14-16-8 0C-14 16-34 16-50 0ZM50 0C34-16 14-16 8 0C14 16 34 16 50 0Z"
        "M-7 0a7 7 0 1 0 14 0a7 7 0 1 0-14 0",
        fill=fill,
    )

"""Drawing helpers shared by every pack: the SVG document, glyphs as paths, outline, seal, back.

All output is built from plain strings in a fixed order, so the same card always gives the same
bytes. Numbers are rounded to two decimals (far below a device pixel at any card size).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from math import cos, pi, sin

from rules_content.cardart import glyphs

# reference/card-art.md 1.3: contrast-checked on white and cream, safe under common CVD.
PAPER = "#FFFFFF"
CREAM = "#FAF6EC"
INK = "#1A1A1A"
RED = "#CC3311"
GREEN = "#007A6E"
FLEURON = "#1F5FAD"
ORNAMENT = "#6B5B3E"
EDGE = "#8C7F6A"

Box = tuple[float, float, float, float]  # x, y, width, height


def n(v: float) -> str:
    """A coordinate: at most two decimals, no trailing zeros, no '-0'."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def k(v: float) -> str:
    """A scale factor: four decimals, as two would visibly misplace a large glyph."""
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def el(tag: str, body: str = "", **attrs: object) -> str:
    """One element; `stroke_width=` becomes `stroke-width=`; None-valued attributes are left out."""
    parts = [tag]
    for key, value in attrs.items():
        if value is None:
            continue
        text = n(value) if isinstance(value, float | int) and not isinstance(value, bool) else str(value)
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{text}"')
    head = " ".join(parts)
    return f"<{head}>{body}</{tag}>" if body else f"<{head}/>"


def g(*children: str, **attrs: object) -> str:
    return el("g", "".join(children), **attrs)


@dataclass
class Doc:
    """One standalone card document. Ids carry the card's prefix (`french-AS-…`), so several
    cards inlined into one HTML page never resolve each other's `<use>` references."""

    width: int
    height: int
    prefix: str
    defs: list[str] = field(default_factory=list)
    body: list[str] = field(default_factory=list)
    _ids: set[str] = field(default_factory=set)

    def define(self, local: str, tag: str, inner: str = "", **attrs: object) -> str:
        """Put an element into <defs> once and return its `#id` for `use`."""
        ident = f"{self.prefix}-{local}"
        if ident not in self._ids:
            self._ids.add(ident)
            self.defs.append(el(tag, inner, id=ident, **attrs))
        return "#" + ident

    def add(self, *elements: str) -> None:
        self.body.extend(elements)

    def render(self) -> str:
        defs = el("defs", "".join(self.defs)) if self.defs else ""
        return el(
            "svg",
            defs + "".join(self.body),
            xmlns="http://www.w3.org/2000/svg",
            viewBox=f"0 0 {self.width} {self.height}",
            width=self.width,
            height=self.height,
            role="img",
        )


def use(ref: str, **attrs: object) -> str:
    return el("use", href=ref, **attrs)


def turned(ref: str, width: float, height: float) -> str:
    """The referenced drawing turned 180° about the card centre (point-symmetric faces)."""
    return use(ref, transform=f"rotate(180 {n(width / 2)} {n(height / 2)})")


# ---------------------------------------------------------------- glyphs as paths

_FIRST_MOVE = re.compile(r"^M(-?\d+)(?: |(?=-))(-?\d+)")


def _shifted(d: str, dx: int) -> str:
    """Glyph data starts with one absolute M and is relative after it: moving the M moves it all."""
    m = _FIRST_MOVE.match(d)
    if m is None:  # pragma: no cover - guarded by the generator's format
        raise ValueError("glyph path must start with an absolute M")
    x, y = int(m.group(1)) + dx, int(m.group(2))
    return f"M{x}{'' if y < 0 else ' '}{y}" + d[m.end() :]


def run(text: str, table: dict[str, glyphs.Glyph]) -> tuple[str, Box]:
    """Glyphs of `text` set side by side as one path; returns (d, ink box in font units)."""
    d, pen, x0, x1, y0, y1 = "", 0, 1e9, -1e9, 1e9, -1e9
    for ch in text:
        advance, (gx0, gy0, gx1, gy1), path = table[ch]
        d += _shifted(path, pen)
        x0, x1 = min(x0, pen + gx0), max(x1, pen + gx1)
        y0, y1 = min(y0, gy0), max(y1, gy1)
        pen += advance
    return d, (x0, y0, x1 - x0, y1 - y0)


def cjk(char: str, box: Box, fill: str) -> str:
    """One Chinese character centred in a square-ish `box`. The scale comes from the em, not the
    ink, so every character in boxes of one size has the same stroke weight (一 stays a thin bar)."""
    d, (gx, gy, gw, gh) = run(char, glyphs.CJK)
    bx, by, bw, bh = box
    s = min(bw, bh) / (glyphs.EM * 0.96)  # the Black weight's ink fills about 96 % of the em
    tx = bx + (bw - gw * s) / 2 - gx * s
    ty = by + (bh - gh * s) / 2 - gy * s
    return el("path", d=d, fill=fill, transform=f"matrix({k(s)} 0 0 {k(s)} {n(tx)} {n(ty)})")


def latin(text: str, x: float, top: float, cap: float, max_w: float, fill: str) -> str:
    """An index: Latin `text` with cap height `cap` from `top`, centred in `max_w`, condensed when
    wider (so "10" fits the column of one digit)."""
    d, (gx, _, gw, _) = run(text, glyphs.LATIN)
    sy = cap / -glyphs.LATIN["E"][1][1]
    sx = min(sy, max_w / gw)
    tx = x + (max_w - gw * sx) / 2 - gx * sx
    return el("path", d=d, fill=fill, transform=f"matrix({k(sx)} 0 0 {k(sy)} {n(tx)} {n(top + cap)})")


# ---------------------------------------------------------------- shapes


def circle(cx: float, cy: float, r: float, **attrs: object) -> str:
    return el("circle", cx=cx, cy=cy, r=r, **attrs)


def rect(x: float, y: float, w: float, h: float, **attrs: object) -> str:
    return el("rect", x=x, y=y, width=w, height=h, **attrs)


def polygon(points: list[tuple[float, float]], **attrs: object) -> str:
    return el("polygon", points=" ".join(f"{n(x)},{n(y)}" for x, y in points), **attrs)


def star_points(cx: float, cy: float, outer: float, inner: float, tips: int = 5) -> list[tuple[float, float]]:
    pts = []
    for i in range(tips * 2):
        r = outer if i % 2 == 0 else inner
        a = -pi / 2 + i * pi / tips
        pts.append((cx + r * cos(a), cy + r * sin(a)))
    return pts


def outline(doc: Doc, paper: str) -> None:
    """Rounded card shape: radius about 6 % of the width, `edge` line (card-art 1.5)."""
    sw = max(doc.width / 100, 1.0)
    doc.add(
        rect(
            sw / 2,
            sw / 2,
            doc.width - sw,
            doc.height - sw,
            rx=doc.width * 0.06,
            fill=paper,
            stroke=EDGE,
            stroke_width=sw,
        )
    )


def seal(doc: Doc, cx: float, cy: float, size: float) -> None:
    """The red stamp: the shape itself is the non-colour cue, it exists only on red cards. A white
    inner border and a square spiral; no invented characters (card-art 2.4)."""
    detailed = size >= 40
    ref = doc.define("seal" if detailed else "mark", "g", _seal_shape(detailed))
    doc.add(use(ref, transform=f"matrix({k(size / 120)} 0 0 {k(size / 120)} {n(cx)} {n(cy)})"))


def _seal_shape(detailed: bool) -> str:
    # Drawn for a 120-unit seal centred on the origin; compact faces get the border only.
    base = rect(-60, -60, 120, 120, rx=14, fill=RED, fill_opacity=0.9)
    if not detailed:
        return base + rect(-38, -38, 76, 76, rx=6, fill="none", stroke="#fff", stroke_width=20)
    spiral = "M-30-30H30V30H-18V-18H18V18H-6V-6H6"
    return (
        base
        + rect(-48, -48, 96, 96, rx=8, fill="none", stroke="#fff", stroke_width=6)
        + el("path", d=spiral, fill="none", stroke="#fff", stroke_width=7, stroke_linejoin="round")
    )


def back(doc: Doc, colour: str, pattern: str = "") -> None:
    """Plain coloured back with a cream border, so the edge shows on green felt (card-art 1.3)."""
    outline(doc, CREAM)
    inset = max(round(min(doc.width, doc.height) * 0.05), 3)
    fill = colour
    if pattern:
        fill = "url(" + doc.define("bp", "pattern", pattern, width=24, height=24, patternUnits="userSpaceOnUse") + ")"
    doc.add(rect(inset, inset, doc.width - 2 * inset, doc.height - 2 * inset, rx=doc.width * 0.04, fill=fill))


def lattice_pattern(colour: str, line: str) -> str:
    """A diamond lattice tile for `back(pattern=…)`: background plus crossing diagonals."""
    return rect(0, 0, 24, 24, fill=colour) + el(
        "path", d="M0 12 12 0 24 12 12 24Z", fill="none", stroke=line, stroke_width=2
    )

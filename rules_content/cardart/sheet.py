"""Contact sheet: every card of a pack at the sizes the site uses, for looking at the art.

    python -m rules_content.cardart.sheet french /tmp/sheet.html [--lang en]
    chromium --headless --screenshot=/tmp/x.png --window-size=1400,900 file:///tmp/sheet.html

Rows: compact faces 48 px high, full faces 48 px wide, full faces 120 px wide, on the table green.
Cards go in as <img> data URIs, so each is tested as the standalone document the site serves.
"""

from __future__ import annotations

import argparse
import base64
import html

from rules_content import cardart

SIZES = (
    ("Kompakt, 48 px hoch", "height:48px"),
    ("Volle Karte, 48 px breit", "width:48px"),
    ("Volle Karte, 120 px breit", "width:120px"),
)


def _img(deck: str, code: str, style: str, compact: bool, lang: str) -> str:
    data = base64.b64encode(cardart.svg(deck, code, compact=compact, lang=lang).encode()).decode()
    alt = html.escape(cardart.name(deck, code, lang))
    return f'<img style="{style}" title="{alt}" alt="{alt}" src="data:image/svg+xml;base64,{data}">'


def page(deck: str, lang: str = "de") -> str:
    codes = (*cardart.cards(deck), "back")
    rows = []
    for label, style in SIZES:
        compact = label.startswith("Kompakt")
        imgs = "".join(_img(deck, c, style, compact, lang) for c in codes)
        rows.append(f"<h2>{label}</h2><div class=row>{imgs}</div>")
    return (
        "<!doctype html><meta charset=utf-8><style>body{background:#2E6B45;color:#fff;font:13px sans-serif;"
        "margin:8px}h2{font-size:13px;margin:6px 0 2px}.row{display:flex;flex-wrap:wrap;gap:4px;"
        "align-items:flex-start}</style>" + f"<h1 style='font-size:15px'>{deck}</h1>" + "".join(rows)
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deck", choices=cardart.DECKS)
    parser.add_argument("out")
    parser.add_argument("--lang", default="de", choices=("de", "en"))
    args = parser.parse_args(argv)
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(page(args.deck, args.lang))


if __name__ == "__main__":
    main()

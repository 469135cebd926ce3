"""Regenerate `static/fonts/cardavia-cjk.woff2`: the Chinese characters of the site's running text (card
names in galleries and captions, the traditions' pages, the tables) as a small web font, so that no page
depends on the viewer's system fonts (reference/card-art.md 1.4).

The characters are collected from the project's own text sources (templates, the card art's names, the
engines, the catalogues) and cut from Noto Serif CJK TC Regular (SIL Open Font License 1.1; Debian's
`fonts-noto-cjk`), whose traditional forms match the cards. fontTools and brotli are development
dependencies only; the generated file is committed. Run it from the checkout after changing texts:
`.venv/bin/python rules_content/cardart/webfont.py` (tests/cardart/test_webfont.py says when it is due).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc", "Noto Serif CJK TC")
TARGET = ROOT / "static" / "fonts" / "cardavia-cjk.woff2"
# Where running text comes from; the card faces' own characters are SVG paths (glyphs.py) and need no font.
SOURCES = ("templates", "rules_content/templates", "rules_content/cardart", "rooms", "games", "locale")
SUFFIXES = (".html", ".py", ".po", ".md", ".txt")
CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
SKIP = ("glyphs.py", "fontbuild.py", "webfont.py")  # outlines and build scripts, not text anyone reads


def characters(root: Path = ROOT) -> str:
    """Every CJK character in the project's text sources, sorted."""
    found: set[str] = set()
    for folder in SOURCES:
        for path in (root / folder).rglob("*"):
            if path.suffix in SUFFIXES and path.name not in SKIP and path.is_file():
                found.update(CJK.findall(path.read_text(encoding="utf-8")))
    return "".join(sorted(found))


def build(chars: str, target: Path = TARGET) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    font = next(f for f in TTCollection(SOURCE[0]).fonts if f["name"].getDebugName(4) == SOURCE[1])
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]  # keep the copyright and licence records
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    target.parent.mkdir(parents=True, exist_ok=True)
    font.flavor = "woff2"
    font.save(target)


if __name__ == "__main__":
    text = characters()
    build(text)
    print(f"{len(text)} characters -> {TARGET.relative_to(ROOT)} ({TARGET.stat().st_size} bytes)")

"""The site's CJK web font covers every Chinese character of its running text (rebuild it with
`rules_content/cardart/webfont.py` when a text brings a new one)."""

from __future__ import annotations

from fontTools.ttLib import TTFont

from rules_content.cardart import webfont


def test_the_web_font_has_every_chinese_character_the_site_writes():
    covered = {chr(code) for code in TTFont(webfont.TARGET).getBestCmap()}
    missing = set(webfont.characters()) - covered
    assert not missing, f"rebuild static/fonts/cardavia-cjk.woff2: {''.join(sorted(missing))}"


def test_the_web_font_keeps_its_licence():
    names = TTFont(webfont.TARGET)["name"]
    assert "Open Font License" in names.getDebugName(13)

"""Card pictures in templates, named in the reader's language.

    {% card "french" "AS" %}                      one <img>, alt "Pik-Ass" / "Ace of spades"
    {% card deck code 48 "card back" %}           width in px and CSS class
    {% card deck code 48 compact="narrow" %}      the small face on narrow screens ("always": everywhere)
    {% cards "french" "AS 2S 3S" 48 %}            a row of cards: <span class="cards" data-cards=…>
    {% cards "french" "AS 2S 3S" claim="straight_flush" %}
                                                  data-claim: what the text says these cards are;
                                                  tests/rules_content checks it against the engine
    {% card_name "french" "AS" %}                 the name alone
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from rules_content import cardart

register = template.Library()


def _lang() -> str:
    return (get_language() or "de")[:2]


def card_src(deck: str, code: str, compact: bool = False) -> str:
    return _card_src(deck, code, _lang(), compact)


@lru_cache(maxsize=4096)
def _card_src(deck: str, code: str, lang: str, compact: bool = False) -> str:
    url = reverse("card_svg", args=[deck, code])
    query = []
    # The French courts carry letters (B D K in German, J Q K in English); other packs draw one face.
    if deck == "french" and lang == "en":
        query.append("lang=en")
    if compact:
        query.append("face=compact")
    return url + ("?" + "&".join(query) if query else "")


# Below this width a table shows the compact faces of the cards marked `compact="narrow"` (static/css).
NARROW = "(max-width: 699px)"


@register.simple_tag
def card(deck: str, code: str, width: int = 72, css: str = "card", compact: str = "") -> SafeString:
    """One card. `compact="always"`: the small face (hands of many long cards); `compact="narrow"`: the full
    face, and the small one on narrow screens (a <picture>); the width is the full face's."""
    return _card(deck, code, width, css, _lang(), compact)


@lru_cache(maxsize=16384)
def _card(deck: str, code: str, width: int, css: str, lang: str, compact: str = "") -> SafeString:
    """The same picture is drawn thousands of times a minute on the live tables: built once per language."""
    small = compact == "always"
    w, h = cardart.aspect(deck, compact=small)
    img = format_html(
        '<img class="{}" src="{}" alt="{}" width="{}" height="{}" loading="lazy" decoding="async">',
        css, _card_src(deck, code, lang, small), cardart.name(deck, code, lang=lang), width, round(width * h / w),
    )
    if compact != "narrow":
        return img
    cw, ch = cardart.aspect(deck, compact=True)
    height = round(width * ch / cw)
    # The small face's size only where it differs from the full face's (else the <img>'s applies).
    size = "" if height == round(width * h / w) else format_html(' width="{}" height="{}"', width, height)
    return format_html('<picture><source media="{}" srcset="{}"{}>{}</picture>',
                       NARROW, _card_src(deck, code, lang, True), size, img)


@register.simple_tag
def cards(deck: str, codes: str, width: int = 48, claim: str = "") -> SafeString:
    """A row of cards from a space-separated list of codes (an example in a rule text)."""
    row = codes.split()
    images = format_html_join("", "{}", ((card(deck, code, width),) for code in row))
    if claim:
        return format_html('<span class="cards" data-deck="{}" data-cards="{}" data-claim="{}">{}</span>',
                           deck, " ".join(row), claim, images)
    return format_html('<span class="cards" data-deck="{}" data-cards="{}">{}</span>', deck, " ".join(row), images)


@register.simple_tag
def card_name(deck: str, code: str, lang: str = "") -> str:
    return cardart.name(deck, code, lang=lang or _lang())

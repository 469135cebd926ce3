"""`{% card "french" "AS" %}`: a card picture with its name in the reader's language as alt text."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import get_language

from rules_content import cardart

register = template.Library()


@register.simple_tag
def card(deck: str, code: str, width: int = 72, css: str = "card") -> str:
    w, h = cardart.aspect(deck)
    return format_html(
        '<img class="{}" src="{}" alt="{}" width="{}" height="{}" loading="lazy" decoding="async">',
        css, reverse("card_svg", args=[deck, code]), card_name(deck, code), width, round(width * h / w),
    )


@register.simple_tag
def card_name(deck: str, code: str) -> str:
    return cardart.name(deck, code, lang=(get_language() or "de")[:2])

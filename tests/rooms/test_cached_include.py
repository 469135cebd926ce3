"""`{% cached_include %}`: a loop's item rendered once per language and values, and kept."""

from __future__ import annotations

import threading

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.utils import translation

from rooms.livecache import RENDERED

CARD = "games/chan/_fan_card.html"
LOOP = Template('{% load table %}{% for c in cards %}{% cached_include "' + CARD + '" with c=c deck=deck only %}'
                "{% endfor %}")


def card(code: str, frozen: bool = False) -> dict:
    return {"code": code, "role": "single", "role_text": "no partner", "new_rank": False, "candidate": False,
            "frozen": frozen}


def render(lang: str, cards: list[dict]) -> str:
    with translation.override(lang):
        return LOOP.render(Context({"cards": cards, "deck": "to_tom", "hidden": "never passed on"}))


def test_each_item_is_kept_by_its_values_and_the_language():
    cards = [card("5V"), card("6S", frozen=True)]
    german = render("de", cards)
    assert "gesperrt" in german and german.count("<li") == 2
    kept = len(RENDERED._items)
    assert kept == 2
    assert render("de", cards) == german and len(RENDERED._items) == kept  # the same items: nothing new
    english = render("en", cards)
    assert "blocked" in english and len(RENDERED._items) == kept + 2
    render("de", [card("5V"), card("6S")])  # a changed item is rendered again; its neighbour is not
    assert len(RENDERED._items) == kept + 3


def test_only_what_is_passed_reaches_the_item():
    """With `only`, the values passed are everything the item sees: the key is complete."""
    html = Template('{% load table %}{% cached_include "rooms/_decision.html" with action_id=seq only %}').render(
        Context({"seq": 7, "at_field": "secret", "moment": 5, "deal": {"version": 3}}))
    assert 'name="action_id" value="7"' in html and "secret" not in html and 'value="3"' not in html


def test_a_value_pickle_refuses_is_rendered_every_time_and_not_kept():
    html = Template('{% load table %}{% cached_include "rooms/_decision.html" with action_id=seq only %}').render(
        Context({"seq": threading.Lock()}))
    assert 'name="action_id"' in html and not RENDERED._items


@pytest.mark.parametrize("tag", [
    '{% cached_include "rooms/_decision.html" with action_id=seq %}',  # without only
    "{% cached_include name with action_id=seq only %}",  # a template named by a variable
])
def test_an_include_that_could_not_be_kept_safely_is_refused(tag):
    with pytest.raises(TemplateSyntaxError):
        Template("{% load table %}" + tag)

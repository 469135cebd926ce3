"""What a table shows a seat: Chor Voli's, and no template syntax at any game's table."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from games.core import registry
from rooms import rendering, services, tables
from rooms.models import Deal
from tests.helpers import arrangement_action, arrangement_fields, disjoint_groups

pytestmark = pytest.mark.django_db(transaction=True)
ENGINE = registry.get("chor_voli")


def finished_round(player: str):
    room = services.open_solo("chor_voli", player)
    while room.current_deal().over:
        services.start_deal(room)
    deal = room.current_deal()
    hand = ENGINE.view(ENGINE.load(deal.state), 0)["hand"]
    services.submit_action(deal.pk, 0, arrangement_action(hand), "round")
    return room


def test_each_comparison_appears_once_in_the_log(alice):
    room = finished_round(alice)
    with translation.override("de"):
        html = rendering.render_room(room, alice)
    log = html[html.index('id="log"'):]
    for number in range(1, 5):
        assert len(re.findall(rf"Vergleich {number} und einen Chip", log)) <= 1


def test_the_draft_is_kept_for_the_seat_across_renders(alice):
    room = services.open_solo("chor_voli", alice)
    while room.current_deal().over:
        services.start_deal(room)
    hand = ENGINE.view(ENGINE.load(room.current_deal().state), 0)["hand"]
    group = disjoint_groups(hand, 1)
    services.save_draft(room, 0, arrangement_fields(hand, group))
    with translation.override("de"):
        html = rendering.render_room(room, alice)
    for card in group[0]:
        assert re.search(rf'<li class="hand-card group-1"[^>]*>\s*<button[^>]*id="cycle-{card}"', html)


def test_arrange_for_me_fills_the_draft_with_the_computers_arrangement_when_asked(alice):
    """The button asks for the arrangement (worked out then, not at every render) and the hand shows it."""
    room = services.open_solo("chor_voli", alice)
    while room.current_deal().over:
        services.start_deal(room)
    with translation.override("de"):
        html = rendering.render_room(room, alice)
    assert re.search(r'<button type="submit" id="arrange-for-me" name="select" value="suggest"', html)
    hand = ENGINE.view(ENGINE.load(room.current_deal().state), 0)["hand"]
    draft = tables.save_draft(room, 0, {"select": "suggest"})
    assert sorted(key.removeprefix("card-") for key in draft["fields"]) == sorted(hand)
    assert any(choice != "x" for choice in draft["fields"].values())
    with translation.override("de"):
        html = rendering.render_room(room, alice)
    assert 'id="arrange-ready"' in html  # every drafted group is valid: ready to confirm


def test_a_suggestion_asked_after_the_deal_is_an_empty_draft_with_the_pages_number(alice):
    room = services.open_solo("chor_voli", alice)
    Deal.objects.filter(pk=room.current_deal().pk).update(over=True)
    draft = tables.save_draft(room, 0, {"select": "suggest", "card-seq": "1764600000001"})
    assert draft["fields"] == {"card-seq": "1764600000001"}


def test_only_a_game_with_a_suggestion_takes_the_request_for_one(alice):
    room = services.open_solo("dou_dizhu", alice)
    with pytest.raises(services.Refused):
        tables.save_draft(room, 0, {"select": "suggest"})


def test_every_render_tells_its_freshness_by_deal_and_version(alice):
    """Versions restart with every deal: a render names both, so a page can tell deal 2's version 0
    from deal 1's last version (the bug that froze rooms from their second deal on)."""
    room = services.open_solo("chor_voli", alice)
    while room.current_deal().over:
        services.start_deal(room)
    deal = room.current_deal()
    html = rendering.render_room(room, alice)
    assert f'id="freshness" hidden data-deal="{deal.number}" data-version="{deal.version}"' in html
    assert f'data-deal="{deal.number}" data-version="{deal.version}"' in html[: html.index(">")]


def test_a_refusal_shown_before_confirming_links_to_its_rule(alice):
    """Rules passport: the reason a drafted group is invalid links to the rule page's paragraph on groups."""
    room = services.open_solo("chor_voli", alice)
    while room.current_deal().over:
        services.start_deal(room)
    hand = ENGINE.view(ENGINE.load(room.current_deal().state), 0)["hand"]
    services.save_draft(room, 0, {**arrangement_fields(hand, []), f"card-{hand[0]}": "1", f"card-{hand[1]}": "1"})
    with translation.override("de"):
        html = rendering.render_room(room, alice)
    problem = re.search(r'<p class="problem">(.*?)</p>', html, re.S).group(1)
    assert 'href="/de/spiele/chor-voli/#r-groups"' in problem


@pytest.mark.parametrize("game", registry.KEYS)
def test_no_template_syntax_reaches_a_table(alice, game):
    """Django's `{# #}` comments end on their line: one that runs over lines is printed on the page."""
    room = services.open_solo(game, alice)
    for player in (alice, None):
        html = rendering.render_room(room, player)
        assert not re.search(r"\{#|#\}|\{%|%\}|\{\{|\}\}", html), player


@given(st.text(alphabet=" \t\n\r\x0b\x0c\xa0\u2028ab<>"))
def test_compacting_makes_each_run_of_white_space_with_a_line_break_one_line_break(html):
    # What the template's indentation becomes: HTML shows such a run as the one space it would show anyway.
    assert rendering.compact(html) == re.sub(r"\s*\n\s*", "\n", html).strip()


@pytest.mark.parametrize(("computers", "language", "said"), [
    ({2, 3}, "de", "Am Tisch fehlt noch eine Person."),
    (set(), "de", "Am Tisch fehlen noch 3 Personen."),
    ({2, 3}, "en", "Waiting for one more player."),
    (set(), "en", "Waiting for 3 more players."),
])
def test_the_lobby_counts_the_missing_players_in_singular_and_plural(alice, computers, language, said):
    room = services.open_room("chor_voli", alice, "Alice", computers=computers)
    with translation.override(language):
        html = rendering.render_room(room, alice)
    assert re.search(r'id="announce"[^>]*>([^<]*)<', html).group(1) == said

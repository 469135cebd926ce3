"""What the Chuo Pai table shows a seat: its own hand by family, nobody else's, and why a move is refused."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.chuo_pai import scoring
from games.core import registry
from rooms import rendering, services
from rooms.models import Deal, Room
from rooms.tables import chuo_pai as table
from rooms.tables import submit_form
from rooms.templatetags.table import slot
from tests.helpers import places, regions_after, room_of_people

pytestmark = pytest.mark.django_db(transaction=True)
ENGINE = registry.get("chuo_pai")


def fixed_room(player: str, *hands: str, leader: int = 0) -> Room:
    """A solo room whose deal is replaced by a fixed one (no computer has to act before seat 0)."""
    room = services.open_solo("chuo_pai", player)
    state = ENGINE.new_game(seed=0, seats=3, deal={"hands": [h.split() for h in hands], "leader": leader})
    deal = room.current_deal()
    deal.actions.all().delete()  # what the computers did in the shuffled deal
    Deal.objects.filter(pk=deal.pk).update(
        state=ENGINE.dump(state), version=0, opening_events=ENGINE.opening_events(state), over=False
    )
    return room


def render(room: Room, player: str, fields: dict | None = None, error: services.Refused | None = None) -> str:
    with translation.override("de"):
        return rendering.render_room(room, player, fields, error)


def table_part(html: str) -> str:
    """The page without the ranking help, which shows every identity once as an example."""
    return html[: html.index('class="ranking-help"')]


def test_the_seat_sees_its_hand_grouped_by_family_and_no_other_hand(alice):
    room = fixed_room(alice, "6-6 6-6 1-5 3-6 4-5", "2-2 2-2 5-6 2-3", "3-3 4-6 3-4 3-4", leader=0)
    html = render(room, alice)
    mine = table_part(html)
    families = re.findall(r'<fieldset id="family-(\w+)" class="family family-\1" data-turn-only>', mine)
    assert families == ["long", "yao", "black", "red"]
    boxes = re.findall(r'name="card-([\d-]+-\d)"', mine)
    assert boxes == ["6-6-1", "6-6-2", "1-5-1", "3-6-1", "4-5-1"]
    for hidden in ("2-2", "5-6", "2-3", "3-3", "4-6", "3-4"):  # the other seats' cards, nowhere on the table
        assert f"/{hidden}.svg" not in mine
    plays = re.search(r'data-plays="([^"]*)"', mine).group(1).split()  # what the page dims the cards by
    assert "6-6+6-6" in plays and not any("2-2" in play for play in plays)
    assert re.search(r'data-testid="pile-1">0<', mine)  # every seat's scoring pile count is shown
    assert "4 Karten auf der Hand" in mine  # the other seats: how many cards, not which


def test_the_bonus_is_shown_on_the_scoring_pile_and_in_the_log(alice):
    room = fixed_room(alice, "6-6 1-5", "1-2 2-4 2-4 3-3", "5-5 4-6", leader=0)
    html = render(room, alice)
    assert re.search(r'data-testid="pile-1">3<', html)
    assert "Computer 2 hält Nagel und Zwei Rot: 3 Karten kommen auf den Wertungsstapel." in html


def test_a_leader_sees_why_play_and_pass_are_disabled(alice):
    room = fixed_room(alice, "6-6 1-1 1-5", "2-2 5-6", "3-3 4-6", leader=0)
    html = render(room, alice)
    # Nothing ticked is no mistake: "Spielen" waits, described by the turn's prompt, with no error box of its own.
    assert re.search(r'<button type="submit" name="intent" value="play" class="primary" disabled '
                     r'aria-describedby="turn-prompt"', html)
    assert 'id="why-not-play"' not in html
    assert 'class="why-not calm" id="why-not-pass"' in html
    assert re.search(r'value="pass" disabled', html)
    assert "Du spielst in dieser Runde aus und kannst nicht passen" in html


def test_a_ticked_mix_is_explained_and_a_legal_selection_enables_play(alice):
    room = fixed_room(alice, "6-6 1-1 1-5", "2-2 5-6", "3-3 4-6", leader=0)
    at = table.moment(ENGINE.view(ENGINE.load(room.current_deal().state), 0))
    services.save_draft(room, 0, {"card-6-6-1": "1", "card-1-5-1": "1", "card-at": at})
    html = render(room, alice)
    # Cards in words, not codes: the name with its pips (the engine's recipes, spelled in German).
    assert "Himmel (6-6), Katze (1-5) ist weder 1 bis 4 gleiche Karten noch eine Sonderkombination" in html
    assert "Tian Jiu: Himmel (6-6) + Schwarze Neun (3-6) oder Rote Neun (4-5)" in html
    services.save_draft(room, 0, {"card-6-6-1": "1", "card-at": at})
    html = render(room, alice)
    assert re.search(r'<button type="submit" name="intent" value="play" class="primary">', html)
    assert "Bereit zum Spielen: 1 × Himmel (6-6)." in html


def test_a_draft_from_an_earlier_moment_is_not_this_turns_selection(alice):
    room = fixed_room(alice, "6-6 1-1 1-5", "2-2 5-6", "3-3 4-6", leader=0)
    services.save_draft(room, 0, {"card-6-6-1": "1", "card-at": "0.2"})
    assert 'id="pick-6-6-1" name="card-6-6-1" value="1" data-code="6-6" checked' not in render(room, alice)


def test_a_follower_who_can_beat_is_told_he_must(alice):
    room = fixed_room(alice, "3-6 2-6 2-3", "2-5 1-1", "2-5 4-4", leader=2)
    deal = room.current_deal()
    services.submit_action(deal.pk, 2, {"type": "play", "cards": ["2-5"]}, "lead")  # seat 0 acts next (P1)
    html = render(room, alice)
    assert ("Du musst 1 × Schwarze Sieben (2-5) schlagen: Du kannst es mit 1 × Gerade Acht (2-6) oder "
            "1 × Schwarze Neun (3-6), also darfst du nicht passen.") in html
    assert re.search(r'value="pass" disabled', html)
    assert re.search(r'data-plays="2-6 3-6"', html)  # so the page dims the lower Black 2-3 (static/js/table.js)


def test_a_refused_move_shows_its_german_reason(alice):
    room = fixed_room(alice, "6-6 1-1 1-5", "2-2 5-6", "3-3 4-6", leader=0)
    fields = {"intent": "pass", "action_id": "try-pass", "version": str(room.current_deal().version)}
    with pytest.raises(services.Refused) as refused:
        submit_form(room, 0, fields)
    html = render(room, alice, fields, refused.value)
    assert re.search(r'role="alert">Du spielst in dieser Runde aus und kannst nicht passen', html)
    assert room.current_deal().version == 0


def test_ticked_cards_are_played_and_the_round_shows_the_play(alice):
    room = fixed_room(alice, "6-6 6-6 1-5", "2-2 2-2 5-6", "3-3 3-3 4-6", leader=0)
    deal = room.current_deal()
    fields = {"intent": "play", "card-6-6-1": "1", "card-6-6-2": "1", "action_id": "pair", "version": str(deal.version)}
    submit_form(room, 0, fields)
    state = ENGINE.load(room.current_deal().state)
    assert state.rounds[0].plays[0].cards == ("6-6", "6-6")  # the computers passed: nobody beats Heaven
    html = render(room, alice)
    assert "Du spielst 2 × Himmel (6-6)." in html
    assert 'Gewonnen von: <span class="who" data-seat="0">Du</span> · 2 Karten auf den Wertungsstapel.' in html


def test_a_finished_deal_shows_the_scores_and_the_winner(alice):
    room = fixed_room(alice, "6-6 1-1", "2-2", "3-3", leader=0)
    for card in ("6-6", "1-1"):  # nobody beats Heaven or Earth; the computers pass at once
        version = str(room.current_deal().version)
        submit_form(room, 0, {"intent": "play", f"card-{card}-1": "1", "action_id": card, "version": version})
    html = render(room, alice)  # then Computer 3 beat Computer 2's Bench with Long Three, and nobody holds cards
    assert 'data-phase="over"' in html
    assert "Du gewinnst mit 2 Punkten." in html
    assert '<tr class="is-winner"><th scope="row"><span class="who" data-seat="0">Du</span></th><td>2</td>' in html
    assert "Nächste Partie" in html
    assert "Punkte über alle Partien" in html  # the room's tally is points, not chips


def test_a_draw_names_its_winners_in_the_pages_language_also_in_a_sockets_new_lines(alice):
    """A draw's line names every seat that shares the top score, the viewer as "You" in its page's language. The
    socket renders a page's new lines with no language active (Django's default, German): the names were taken
    in that one, so an English page ended a drawn deal with "Draw: Du, Computer 3 …", and a fresh load said
    "You" (found playing two pages over two daphnes)."""
    room = fixed_room(alice, "6-6 1-1", "2-2", "3-3", leader=0)
    info = rendering.room_info(room)
    outcome = scoring.settle([["6-6", "1-1"], [], ["3-3", "2-2"]], [[], [], []])
    over = {"code": "deal_over", "seat": None, "data": outcome, "to": None}
    with translation.override("de"):  # what the socket's thread has active
        (line,) = rendering.log_lines("chuo_pai", [over], info, 0, "en")
    assert "The deal is over. Draw: You, Computer 3 with 2 points each." in line


def test_the_next_seat_clockwise_sits_on_the_left(alice):
    room = fixed_room(alice, "6-6", "2-2", "3-3", leader=0)
    assert places(render(room, alice)) == {1: "left", 2: "right"}  # and you at the bottom


def test_the_scoreboard_and_the_previous_round_are_regions_inside_the_center_sent_when_they_change(alice):
    """A pass moves only the turn: the scoreboard, a region of its own (its seat to act is marked from
    #freshness by static/css), is the very same string and is not sent again; the whole table has both
    inner regions in their places."""
    room = room_of_people("chuo_pai", alice)
    state = ENGINE.new_game(seed=0, seats=3, deal={"hands": [h.split() for h in (
        "6-6 1-5 3-6", "2-2 5-6 2-3", "3-3 4-6 3-4")], "leader": 0})
    deal = room.current_deal()
    Deal.objects.filter(pk=deal.pk).update(state=ENGINE.dump(state), version=0,
                                           opening_events=ENGINE.opening_events(state), over=False)
    played = regions_after(room, 0, {"type": "play", "cards": ["6-6"]}, "lead")
    passed = regions_after(room, 1, {"type": "pass"}, "pass")
    assert passed["scoreboard"] == played["scoreboard"]
    assert "is-turn" not in played["scoreboard"] and 'class="badge acting-badge"' in played["scoreboard"]
    assert slot("scoreboard") in passed["center"] and slot("last-round") in passed["center"]
    html = render(room, alice)
    assert slot("scoreboard") not in html and html.index('id="scoreboard"') < html.index('class="this-round"')
    assert 'id="last-round" class="last-round" hidden' in html  # no round finished yet: kept in place, hidden

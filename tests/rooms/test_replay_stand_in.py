"""A replay marks the moves a computer made in a person's seat as the table's log does ("(Computer für
Bob)", rooms/rendering.py `stand_in_note`, by the recorded action's `computer:` id), and not the person's
own moves; what the fair-play check reads (the recorded seats and actions) stays as it was."""

from __future__ import annotations

import html
import re

import pytest

from rooms import fairplay, rendering, replays, services
from rooms.models import Deal
from tests.accounts.conftest import finish_deal
from tests.fairplay.conftest import client, url
from tests.rooms.test_room_among_people import actors, pass_or_lead, people_room

pytestmark = pytest.mark.django_db(transaction=True)
MOVES = re.compile(r'<li(?: class="is-current")?><a href="[^"]*\?schritt=(\d+)"[^>]*>(.*?)</a></li>', re.S)
MARK = re.compile(r'<span class="stand-in-mark">([^<]*)</span>')
STEP_NOW = re.compile(r'<section class="step-now".*?</section>', re.S)


def bob_then_his_stand_in(alice: str, bob: str) -> Deal:
    """Dou Dizhu: Bob (seat 2) makes a move himself, then Alice lets a computer play his seat, and the deal
    is played to its end (Alice by random legal moves, the computers by themselves)."""
    room = people_room(alice, bob)
    for step in range(20):
        if 1 in actors(room):
            break
        assert 0 in actors(room), "only Alice can be waited for: Bob's turn has not come, seat 3 is a computer"
        pass_or_lead(room, 0, f"alice-{step}")
    pass_or_lead(room, 1, "bob-himself")
    services.hand_to_computer(room, alice, 1)
    return finish_deal(room)


def moves(page: str) -> dict[int, str]:
    """The replay's move list ("Every step"): each step's number and its lines as the page has them."""
    return {int(number): text for number, text in MOVES.findall(page)}


def plain(line: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", line))


def test_a_replay_marks_the_moves_a_computer_made_for_a_person_and_only_those(alice, bob):
    deal = bob_then_his_stand_in(alice, bob)
    records = list(deal.actions.order_by("version"))
    for_bob = {r.version for r in records if r.seat == 1 and r.action_id.startswith("computer:")}
    bobs_own = {r.version for r in records if r.seat == 1 and not r.action_id.startswith("computer:")}
    assert for_bob and bobs_own

    page = client(alice).get(url(deal)).content.decode()
    listed = moves(page)
    assert len(listed) == len(records) + 1  # the deal as dealt, then every move
    marked = {number: MARK.findall(text) for number, text in listed.items() if MARK.search(text)}
    assert set(marked) == for_bob  # not Bob's own move, not the computer's seat, not Alice's
    assert all(marks == ["(Computer für Bob)"] for marks in marked.values())  # once per move
    assert not bobs_own & set(marked)

    stand_in_step = client(alice).get(url(deal) + f"?schritt={min(for_bob)}").content.decode()
    assert MARK.findall(STEP_NOW.search(stand_in_step).group(0)) == ["(Computer für Bob)"]
    own_step = client(alice).get(url(deal) + f"?schritt={min(bobs_own)}").content.decode()
    assert 'class="stand-in-mark"' not in STEP_NOW.search(own_step).group(0)

    english = client(alice).get(url(deal).replace("/de/", "/en/", 1)).content.decode()
    assert {mark for text in moves(english).values() for mark in MARK.findall(text)} == {"(computer for Bob)"}
    # A replay is told as a spectator reads it, to Bob too: no "(Computer für dich)".
    bobs_page = client(bob).get(url(deal)).content.decode()
    assert {mark for text in moves(bobs_page).values() for mark in MARK.findall(text)} == {"(Computer für Bob)"}


def test_the_replay_and_the_table_mark_the_same_lines_and_the_fair_play_check_is_unchanged(alice, bob):
    deal = bob_then_his_stand_in(alice, bob)
    room = deal.room
    info = rendering.room_info(room)
    lines = rendering.log_lines_from_db(deal.pk, room.game, info, None, "de", deal.version)  # a spectator's log
    told = [line for step in replays.steps(deal, replays.labels(room)) for line in step.lines]
    assert [plain(line) for line in told] == [plain(line) for line in lines]  # the mark's words included
    assert any("(Computer für Bob)" in line for line in told)

    assert fairplay.check_deal(deal).ok  # the recorded moves replay as before
    assert not [e for r in deal.actions.all() for e in r.events if "computer" in e]  # recorded: the engine's events
    check = client(alice).get(url(deal, "mischung/")).content.decode()
    assert 'data-testid="moves-ok" data-ok="true"' in check

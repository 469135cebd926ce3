"""What the Dou Dizhu table shows a seat: its own hand, nobody else's, and why a move is refused."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.core import registry
from rooms import rendering, services
from rooms.models import Deal, Room
from rooms.tables import submit_form
from tests.games.dou_dizhu.helpers import cards

pytestmark = pytest.mark.django_db(transaction=True)
ENGINE = registry.get("dou_dizhu")


def fixed_room(player: str, hands: tuple[str, str, str], bottom: str, **deal: int) -> Room:
    """A solo room whose deal is replaced by a fixed one (hands in the tests' rank notation)."""
    room = services.open_solo("dou_dizhu", player)
    taken: set[str] = set()
    spelled = {"hands": [cards(h, taken) for h in hands], "bottom": cards(bottom, taken), **deal}
    state = ENGINE.new_game(seed=0, seats=3, deal=spelled)
    current = room.current_deal()
    current.actions.all().delete()  # what the computers did in the shuffled deal
    Deal.objects.filter(pk=current.pk).update(
        state=ENGINE.dump(state), version=0, opening_events=ENGINE.opening_events(state), over=False
    )
    return room


def render(room: Room, player: str, fields: dict | None = None, error: services.Refused | None = None) -> str:
    with translation.override("de"):
        return rendering.render_room(room, player, fields, error)


def felt(html: str) -> str:
    """The table without the sidebar's help text."""
    return html[: html.index('class="sidebar"')]


def pictures(html: str) -> list[str]:
    return re.findall(r'<img[^>]* src="[^"]*/(\w\w)\.svg', html)


def post(room: Room, **fields: str) -> None:
    deal = room.current_deal()
    submit_form(room, 0, {"action_id": f"test-{deal.version}", "version": str(deal.version), **fields})


HANDS = ("3 3 4 5 9", "6 6 7 8 T", "J J Q K A")


def test_the_seat_sees_its_own_hand_sorted_and_no_other_hand(alice):
    room = fixed_room(alice, ("K 3 9 3 2 B", "6 6 7 8 T", "J J Q A A"), "5 5 4", first_bidder=0)
    html = felt(render(room, alice))
    mine = html[html.index('id="my-title"') :]
    assert pictures(mine) == ["3S", "3H", "9S", "KS", "2S", "BJ"]  # by rank: 3 … A, 2, the jokers
    for hidden in ("6S", "7S", "8S", "TS", "JS", "QS", "AS", "AH", "5S", "5H", "4S"):
        assert f"/{hidden}.svg" not in html  # the others' cards and the face-down bottom
    assert html.count('class="backs"') == 2 and html.count('aria-label="5 Karten"') >= 2  # the others' hands
    assert html.count("/back.svg") == 1 + 3  # the back, drawn by every fan of the page; the bottom
    assert 'data-phase="bidding"' in html
    assert "Computer 2" in html and "5 Karten" in html


def test_bidding_buttons_offer_only_higher_bids_and_say_why(alice):
    room = fixed_room(alice, HANDS, "2 2 2", first_bidder=2)
    deal = room.current_deal()
    services.submit_action(deal.pk, 2, {"type": "bid", "value": 1}, "computer-bids")  # seat 0 is next (DDZ-A1)
    html = render(room, alice)
    assert 'data-my-turn="true"' in html
    assert re.search(r'data-legal="false" disabled aria-describedby="why-not-bid">1 bieten<', html)
    assert re.search(r'class="bid primary" data-legal="true">2 bieten<', html)
    assert "Das Gebot steht schon bei 1: Es geht nur höher." in html
    post(room, action='{"type": "bid", "value": 3}')  # 3 ends the auction at once
    html = felt(render(room, alice))
    assert 'data-phase="play"' in html and 'data-testid="landlord"><span class="who" data-seat="0">Du</span><' in html
    assert re.search(r'<span class="badge role-landlord">Grundherr</span>', html)
    bottom = re.search(r'data-testid="bottom">(.*?)</div>', html, re.S).group(1)
    assert pictures(bottom) == ["2S", "2H", "2D"]  # the bottom, face up for everyone
    assert "Du bist Grundherr bei einem Gebot von 3 und nimmst die Bodenkarten: 2 2 2." in render(room, alice)


def test_the_others_see_the_bottom_and_the_landlord_marked(alice, bob):
    room = fixed_room(alice, HANDS, "2 2 2", landlord=1, bid=2)
    html = felt(render(room, alice))
    assert 'data-testid="landlord"><span class="who" data-seat="1">Computer 2</span><' in html
    assert re.search(r'Computer 2</span></h2>.*?<span class="badge role-landlord">Grundherr</span>', html, re.S)
    assert re.search(r'<span class="badge role-farmer">Bauer</span>', html)
    assert pictures(re.search(r'data-testid="bottom">(.*?)</div>', html, re.S).group(1)) == ["2S", "2H", "2D"]


def test_a_leader_sees_why_play_and_pass_are_disabled(alice):
    room = fixed_room(alice, HANDS, "2 2 2", landlord=0, bid=1)
    html = render(room, alice)
    # Nothing ticked is no mistake: "Spielen" waits, described by the turn's prompt, with no error box of its own.
    assert re.search(r'name="intent" value="play" class="primary" disabled aria-describedby="turn-prompt"', html)
    assert "Wähle die Karten aus und drücke dann" in html[html.index('id="turn-prompt"'):]
    assert 'id="why-not-play"' not in html
    assert 'class="why-not calm" id="why-not-pass"' in html
    assert re.search(r'value="pass" disabled', html)
    assert "Du spielst diesen Stich an" in html
    why = html[html.index('id="why-not-pass"'):]
    assert re.match(r'[^<]*<a class="rule-link" href="/de/spiele/dou-dizhu/#r-lead">Was die Regeln sagen</a>', why[24:])


def test_a_ticked_selection_is_classified_and_explained(alice):
    room = fixed_room(alice, HANDS, "2 2 2", landlord=0, bid=1)
    hand = ENGINE.view(ENGINE.load(room.current_deal().state), 0)["hand"]
    threes = [c for c in hand if c[0] == "3"]
    services.save_draft(room, 0, {f"card-{threes[0]}": "1", "card-4S": "1"})
    html = render(room, alice)
    assert "3 4 ist keine Kombination" in html
    assert re.search(r'id="pick-4S" name="card-4S" value="1" data-code="4S" checked', html)
    services.save_draft(room, 0, {f"card-{c}": "1" for c in threes})
    html = render(room, alice)
    assert re.search(r'name="intent" value="play" class="primary">', html)
    assert "Bereit zum Spielen: Paar (3 3)." in html


def test_a_follower_who_cannot_beat_is_told_to_pass(alice):
    room = fixed_room(alice, ("3 4", "5 6", "7 8"), "2 2 2", landlord=2, bid=1)
    deal = room.current_deal()
    services.submit_action(deal.pk, 2, {"type": "play", "cards": ["2S"]}, "lead")  # seat 0 follows (DDZ-A1)
    html = render(room, alice)
    assert "Nichts auf deiner Hand schlägt Einzelkarte (2) von Computer 3: Passe." in html
    assert re.search(r'name="intent" value="pass" class="primary"[ >]', html)
    assert re.search(r'class="slot slot-left is-on-top" data-seat="2">', html)  # seat 2 sits on the left


def test_a_refused_move_shows_its_german_reason(alice):
    room = fixed_room(alice, HANDS, "2 2 2", landlord=0, bid=1)
    fields = {"intent": "pass", "action_id": "try-pass", "version": "0"}
    with pytest.raises(services.Refused) as refused:
        submit_form(room, 0, fields)
    html = render(room, alice, fields, refused.value)
    assert re.search(r'role="alert">Du spielst diesen Stich an: Spiele eine beliebige Kombination', html)
    assert room.current_deal().version == 0


def test_a_finished_deal_shows_the_settlement(alice):
    room = fixed_room(alice, ("3 3", "5 6", "7 8"), "4 4 4", landlord=0, bid=2)
    post(room, intent="play", **{f"card-{c}": "1" for c in ("4S", "4H", "4D", "3S", "3H")})
    html = render(room, alice)
    assert 'data-phase="over"' in html
    assert "Du bist zuerst fertig: Du gewinnst als Grundherr." in html
    assert "Frühling (die Bauern haben keine Karte gespielt): ×2" in html
    you = '<span class="who" data-seat="0">Du</span>'
    assert f'<tr class="is-winner"><th scope="row">{you}</th><td>Grundherr</td><td>0</td><td><strong>+8<' in html
    assert "Gebot 2 × Multiplikator 2 = 4 Punkte je Bauer" in html
    assert "Punktestand" in html and "Nächste Partie" in html


@pytest.mark.parametrize(("language", "you", "passed"), [("en", "You", "passed"), ("de", "Du", "gepasst")])
def test_the_seats_own_pass_in_the_middle_reads_for_you(alice, language, you, passed):
    room = fixed_room(alice, ("3 4", "5 6", "7 8"), "2 2 2", landlord=2, bid=1)
    services.submit_action(room.current_deal().pk, 2, {"type": "play", "cards": ["2S"]}, "lead")
    post(room, intent="pass")
    with translation.override(language):
        html = rendering.render_room(room, alice)
    slot = re.search(r'<div class="slot [^"]*" data-seat="0">(.*?)</div>', html, re.S).group(1)
    words = re.sub(r"<[^>]+>", " ", slot).split()
    assert words == [you, passed]  # "You passed", "Du gepasst": never "You passes"

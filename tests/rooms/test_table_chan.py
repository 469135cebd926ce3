"""What the Chắn table shows a seat: its own cards and nobody else's, claims only when legal, and why a
move is refused or blocked, in German."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.core import registry
from rooms import rendering, services
from rooms.models import Deal, Room
from rooms.services import Refused
from rooms.tables import chan as table
from rooms.tables import submit_form
from tests.games.chan.helpers import REVEAL, discard, passive, play
from tests.games.chan.helpers import table as fixed_state
from tests.helpers import regions_after, regions_now, room_of_people

pytestmark = pytest.mark.django_db(transaction=True)
ENGINE = registry.get("chan")
READY = "2V 2V 3S 3S 4N 4N 5V 5V 6S 6S 7N 7N 8V 8V 9S 9S 2S 2N 3V"  # + 3N: ten pairs, 8 Chắn


def fixed_room(player: str, state) -> Room:
    """A solo room whose deal is replaced by a fixed state (no computer has to act before seat 0)."""
    room = services.open_solo("chan", player)
    deal = room.current_deal()
    deal.actions.all().delete()  # what the computers did in the shuffled deal
    Deal.objects.filter(pk=deal.pk).update(state=ENGINE.dump(state), version=0, over=ENGINE.outcome(state) is not None,
                                           opening_events=ENGINE.opening_events(state))
    return room


def render(room: Room, player: str, fields: dict | None = None, error: Refused | None = None) -> str:
    with translation.override("de"):
        return rendering.render_room(room, player, fields, error)


def view_of(room: Room, seat: int = 0) -> dict:
    return ENGINE.view(ENGINE.load(room.current_deal().state), seat)


def card_images(html: str) -> set[str]:
    return set(re.findall(r"/karten/to_tom/(\w+)\.svg", html))


def test_the_seat_sees_its_own_twenty_cards_and_no_other_hand(alice):
    state = fixed_state({0: "2V 2V 3S 3S 4N 5V 5V 6S 7N 7N 8V 8V 9S 9S 2S 2N 3V 4V 4V CC"}, dealer=0)
    room = fixed_room(alice, state)
    html = render(room, alice)
    mine = set(state.hands[0])
    assert card_images(html) == mine | {"back"}  # the backs of the other hands and of the stock
    assert re.findall(r'name="card-pick" value="([\w.]+)"', html)[:3] == ["2V.1", "2V.2", "2S.1"]
    assert len(re.findall(r'class="pick-input', html)) == 20
    others = {c for seat in (1, 2, 3) for c in state.hands[seat]} - mine
    assert others and not any(f"/{code}.svg" in html for code in others)
    assert "19 Karten auf der Hand" in html  # the other seats: how many cards, not which
    assert "Du bist Geber und fängst an" in html


def test_a_picked_card_that_may_not_be_discarded_is_explained_and_discard_stays_disabled(alice):
    room = fixed_room(alice, fixed_state({0: "5V 5V 6S", 1: "5V 5V"}, dealer=0))
    at = table.moment(view_of(room))
    services.save_draft(room, 0, {"card-pick": "5V.2", "card-at": at})
    html = render(room, alice)
    assert re.search(r'<button type="submit" name="intent" value="discard" class="primary" disabled', html)
    assert "Deine 2 × Fünf Vạn (Myriaden) sind Chắn-Paare und dürfen nicht getrennt werden" in html
    assert re.search(r'id="pick-5V-2"[^>]*data-legal="false" checked', html)
    services.save_draft(room, 0, {"card-pick": "6S.1", "card-at": at})
    html = render(room, alice)
    assert "Bereit zum Abwerfen: Sechs Sách (Schnüre)." in html
    assert not re.search(r'value="discard" class="primary" disabled', html)


def test_the_moment_of_a_pick_fits_into_a_saved_draft():
    """A draft keeps 16 characters of a field; the longest moment of a deal must survive that."""
    view = {"phase": "discard", "turn": 3, "stock": 23, "melds": [[{}] * 9] * 4, "doors": [[{}] * 30] * 4}
    assert len(table.moment(view)) <= 16


def test_a_pick_from_an_earlier_moment_is_not_kept(alice):
    room = fixed_room(alice, fixed_state({0: "5V 6S"}, dealer=0))
    services.save_draft(room, 0, {"card-pick": "6S.1", "card-at": "o3.20.0.1"})
    html = render(room, alice)
    assert "Wähle die Karte, die du abwerfen willst" in html
    assert " checked" not in html[html.index('class="fan"'):]


def test_a_refused_discard_shows_its_german_reason_and_changes_nothing(alice):
    room = fixed_room(alice, fixed_state({0: "5V 5V 6S", 1: "5V 5V"}, dealer=0))
    fields = {"intent": "discard", "card-pick": "5V.1", "action_id": "try-1", "version": "0"}
    with translation.override("de"), pytest.raises(Refused) as refused:
        submit_form(room, 0, fields)
    html = render(room, alice, fields, refused.value)
    assert re.search(r'<p class="error" role="alert">Deine 2 × Fünf Vạn \(Myriaden\) sind Chắn-Paare', html)
    assert room.current_deal().version == 0


def test_a_refusal_names_its_cards_in_the_language_of_the_page_that_shows_it(alice):
    """The table socket reads a move with no language active (German, the site's default) and draws the
    refusal in the page's: the card's name follows the page, not the reading."""
    room = fixed_room(alice, fixed_state({0: "5V 5V 6S", 1: "5V 5V"}, dealer=0))
    fields = {"intent": "discard", "card-pick": "5V.1", "action_id": "try-1", "version": "0"}
    with translation.override("de"), pytest.raises(Refused) as refused:
        submit_form(room, 0, fields)
    with translation.override("en"):
        html = rendering.render_room(room, alice, fields, refused.value)
    alert = re.search(r'<p class="error" role="alert">([^<]*)', html).group(1)
    assert "Five Vạn (myriads)" in alert and "Myriaden" not in alert, alert


def test_an_engine_refusal_is_shown_in_german_too(alice):
    room = fixed_room(alice, fixed_state({0: "5V 5V 6S", 1: "5V 5V"}, dealer=0))
    with translation.override("de"), pytest.raises(Refused) as refused:
        submit_form(room, 0, {"action": '{"type": "win"}', "action_id": "try-2", "version": "0"})
    with translation.override("de"):
        assert refused.value.message().startswith("Diese Karten gewinnen nicht")


def test_a_legal_discard_goes_through_the_one_door(alice):
    room = fixed_room(alice, fixed_state({0: "5V 5V 6S", 1: "5V 5V"}, dealer=0))
    deal = submit_form(room, 0, {"intent": "discard", "card-pick": "6S.1", "action_id": "ok-1", "version": "0"})
    assert deal.version >= 1
    assert "6S" in [d["card"] for d in view_of(room)["doors"][0]]
    html = render(room, alice)
    assert "Du wirfst Sechs Sách (Schnüre) ab." in html


def test_claims_are_offered_out_of_turn_only_when_legal_and_work(alice):
    """Seat 1 deals and discards 2V; seat 0 holds three 2V and may take the fourth by Chíu out of turn."""
    state, _ = play(fixed_state({0: "2V 2V 2V", 1: "2V"}, dealer=1), (1, discard("2V")), (2, REVEAL))
    room = fixed_room(alice, state)
    html = render(room, alice)
    assert re.search(r'<button type="submit" name="action" value="{&quot;type&quot;: &quot;chiu&quot;}"', html)
    assert "claim-win" not in html and "class=\"take" not in html and "meld-option" not in html
    assert "Du hältst drei Zwei Vạn (Myriaden): Du kannst die vierte außer der Reihe nehmen (Chíu)." in html
    assert ">Verzichten</button>" in html
    submit_form(room, 0, {"action": '{"type": "chiu"}', "action_id": "chiu-1", "version": "0"})
    html = render(room, alice)
    assert "Du nimmst Zwei Vạn (Myriaden) per Chíu außer der Reihe und legst alle vier aus." in html
    assert "Sie kommt an die Tür von Computer 3, und dort geht es weiter." in html
    assert view_of(room)["melds"][0][0]["kind"] == "chiu"


def test_no_claim_buttons_when_the_seat_has_no_claim(alice):
    state, _ = play(fixed_state({0: "3N 3N", 3: "4S"}, dealer=3), (3, discard("4S")))
    room = fixed_room(alice, state)
    html = render(room, alice)
    assert "claim-win" not in html and "claim-chiu" not in html
    assert "Liegen lassen und Stapelkarte aufdecken" in html


def test_melds_the_engine_blocks_are_shown_disabled_with_the_reason(alice):
    """Seat 3 discards 5S; seat 0 holds 5V twice (a pair) and 5N once: Cạ with 5V breaks a pair."""
    hands = {0: "5V 5V 5N", 1: "5V 5V 5N", 2: "5N 5S 5S 5S", 3: "5S"}
    state, _ = play(fixed_state(hands, dealer=3), (3, discard("5S")))
    room = fixed_room(alice, state)
    html = render(room, alice)
    assert re.search(r'id="meld-5V" class="take take-ca" disabled', html)
    assert "Deine 2 × Fünf Vạn (Myriaden) sind Chắn-Paare und dürfen für ein Cạ nicht getrennt werden" in html
    assert re.search(r'id="meld-5N" class="take take-ca" data-legal=', html)


def test_leaving_an_available_chan_warns_that_the_card_is_blocked_afterwards(alice):
    state, _ = play(fixed_state({0: "6N", 1: "6N 6N", 3: "6N"}, dealer=3), (3, discard("6N")))
    html = render(fixed_room(alice, state), alice)
    assert "Lässt du dieses Chắn liegen, ist deine Sechs Văn (Münzen) für den Rest der Partie gesperrt" in html


def test_the_end_shows_the_winner_the_bonuses_how_they_score_and_the_settlement(alice):
    """The seed's example: Ù chì + Tôm = 4 + 1 = 5, each loser pays 5."""
    tom_ready = "2V 2V 3V 3V 4S 4S 5N 5N 6V 6V 7N 7N 9S 9S 3S 3N 8V 8N 2S"
    state, _ = play(fixed_state({0: "CC", 1: tom_ready}, stock="2N"), (0, discard("CC")), (1, REVEAL),
                    (1, {"type": "win"}))
    html = render(fixed_room(alice, state), alice)
    assert "Computer 2 gewinnt (Ù) mit Zwei Văn (Münzen): Alle anderen zahlen je 5 Punkte." in html
    assert 'data-bonus="u_chi"' in html and 'data-bonus="tom"' in html
    assert "Der höchste Hauptwert, 4 (Tôm), plus der dịch jedes weiteren Bonus (1) = 5 Punkte." in html
    assert re.search(r'data-testid="score-0">-5<', html) and re.search(r'data-testid="score-1">\+15<', html)
    assert html.count('class="winning-card"') == 1
    assert "Nächste Partie" in html


def test_a_draw_is_said_to_the_seat_beside_its_actions_and_to_a_watcher_in_the_middle(alice, bob):
    room = fixed_room(alice, passive(fixed_state({})))
    seat, watcher = render(room, alice), render(room, bob)
    draw = "Unentschieden: Die letzte Stapelkarte hat niemandem zum Sieg verholfen."
    assert re.search(r'class="my-result"><strong>' + draw, seat)
    assert re.search(r'class="result-line for-watchers"><strong>' + draw, watcher)
    assert all(re.search(rf'data-testid="score-{s}">\+0<', seat) for s in range(4))
    assert "Nächste Partie" in seat and "Nächste Partie" not in watcher


def test_score_formulas_follow_the_rules():
    bonus = {"thap_thanh": ("Thập thành", 12, 9), "tom": ("Tôm", 4, 1), "u_chi": ("Ù chì", 3, 1), "leo": ("Lèo", 5, 2)}

    def rows(*keys: str) -> list[dict]:
        return [{"key": k, "name": bonus[k][0], "main": bonus[k][1], "dich": bonus[k][2], "count": 1} for k in keys]

    with translation.override("de"):
        assert table.score_formula([], 2) == "Ù xuông: Ein Sieg ohne Bonus bringt 2 Punkte."
        assert table.score_formula(rows("tom"), 4) == "Ein Bonus: Sein Hauptwert zählt, 4 Punkte."
        assert table.score_formula(rows("u_chi", "tom", "leo"), 7) == (
            "Der höchste Hauptwert, 5 (Lèo), plus der dịch jedes weiteren Bonus (1 + 1) = 7 Punkte.")
        assert table.score_formula(rows("tom", "thap_thanh"), 16) == (
            "Thập thành: Die Hauptwerte aller Boni werden addiert: 4 + 12 = 16 Punkte.")


def test_the_winners_concealed_cards_are_shown_in_pairs_with_the_winning_card_marked():
    pairs = table.concealed_pairs(["3V", "3V", "4S", "4N", "CC", "CC"], "4N")
    assert [(p["kind"], [c["code"] for c in p["cards"]]) for p in pairs] == [
        ("chan", ["3V", "3V"]), ("chan", ["CC", "CC"]), ("ca", ["4S", "4N"])]
    assert [c["code"] for p in pairs for c in p["cards"] if c["winning"]] == ["4N"]


def test_log_lines_speak_to_the_viewer_in_the_second_person():
    labels = {0: "Du", 1: "Computer 2", 2: "Computer 3", 3: "Computer 4"}
    with translation.override("de"):
        text = table.event_text
        assert text({"code": "discarded", "seat": 0, "data": {"card": "7N", "door": 0}}, labels, 0) == \
            "Du wirfst Sieben Văn (Münzen) ab."
        assert text({"code": "discarded", "seat": 2, "data": {"card": "7N", "door": 0}}, labels, 0) == \
            "Computer 3 wirft Sieben Văn (Münzen) an deine Tür ab."
        assert text({"code": "revealed", "seat": 1, "data": {"card": "CC", "door": 1, "stock": 9}}, labels, 0) == \
            "Computer 2 deckt Chi Chi vom Stapel auf (noch 9 im Stapel)."
        assert text({"code": "melded", "seat": 0, "data": {"kind": "ca", "taken": "5S", "cards": ["5S", "5N"],
                                                             "out_of_turn": False}}, labels, 0) == \
            "Du nimmst Fünf Sách (Schnüre) mit deiner Fünf Văn (Münzen) und legst ein Cạ aus."
        assert text({"code": "answered", "seat": 0, "data": {"type": "pass"}, "to": [0]}, labels, 0) is None


def test_a_watcher_sees_the_public_table_and_no_hand(alice, bob):
    state, _ = play(fixed_state({0: "6N", 3: "4S"}, dealer=3), (3, discard("4S")))
    room = fixed_room(alice, state)
    html = render(room, bob)
    assert "Du schaust an diesem Tisch zu." in html
    assert card_images(html) == {"4S", "back"}  # the card on offer (at its door and in the middle) and backs
    assert 'id="act"' not in html


def test_a_hidden_claim_does_not_light_up_the_seat_that_holds_it(alice):
    """Seat 1 discards 2V for seat 2; seat 3 (a computer) could take it by Chíu: nobody else may see that."""
    state, _ = play(fixed_state({3: "2V 2V 2V", 1: "2V"}, dealer=1), (1, discard("2V")))
    assert 3 in ENGINE.actors(state)
    html = render(fixed_room(alice, state), alice)
    # the seats lit as acting (static/css reads #freshness): Computer 3's, the next to offer; not Computer 4's
    assert re.search(r'id="freshness"[^>]* data-acting="2"', html)


def test_melds_blocked_for_the_same_reason_share_one_sentence(alice):
    """Seat 3 discards 4V; seat 0 holds 4V, 4S and 4N: it may take the card only as Chắn with its own 4V, so both
    Cạ are refused for the same reason, said once and describing both buttons."""
    state, _ = play(fixed_state({0: "4V 4S 4N", 3: "4V"}, dealer=3), (3, discard("4V")))
    html = render(fixed_room(alice, state), alice)
    assert re.search(r'id="meld-4V" class="take take-chan" data-legal=', html)
    described = re.findall(r'id="meld-4[NS]" class="take take-ca" disabled aria-describedby="(why-meld-\w+)"', html)
    assert len(described) == 2 and len(set(described)) == 1 and html.count(f'id="{described[0]}"') == 1
    assert html.count("nur als Chắn mit deiner eigenen Vier Vạn (Myriaden) nehmen, nicht als Cạ") == 1
    assert html.count("meld-option is-blocked is-shared") == 1


def test_a_seats_box_is_not_sent_again_when_the_turn_passes_to_it(alice):
    """Whose turn it is is marked by static/css from #freshness (data-acting): the box of the seat that comes
    to act is the very same string as before, with the turn's note in it for the CSS to show."""
    room = room_of_people("chan", alice)
    state = ENGINE.load(room.current_deal().state)
    dealer = sorted(ENGINE.actors(state))[0]
    viewer = (dealer + 2) % 4
    before = regions_now(room, viewer)
    discard = next(a for a in ENGINE.legal_actions(state, dealer) if a["type"] == "discard")
    after = regions_after(room, dealer, discard, "discard", viewer)
    turn = ENGINE.view(ENGINE.load(room.current_deal().state), None)["turn"]
    box = f"seat-{turn}"
    assert turn not in (dealer, viewer) and after[box] == before[box]
    assert '<p class="seat-note acting-note">am Zug</p>' in after[box] and "is-turn" not in after[box]

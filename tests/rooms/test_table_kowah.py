"""What the Kowah table shows a seat: its own hand, nobody else's, the stock and pile, why a move is
refused, the Checki declaration and the result as "Sieg ×3"/"Sieg ×2" without money or totals."""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest
from django.utils import translation

from games.core import registry
from games.kowah.cards import CARDS
from rooms import consumers, rendering, services
from rooms.models import Deal, Room
from rooms.tables import kowah as table
from rooms.tables import submit_form
from rooms.templatetags.table import slot
from tests.helpers import SPACES, applied, places, regions_after, regions_now, room_of_people

pytestmark = pytest.mark.django_db(transaction=True)
ENGINE = registry.get("kowah")
# Three hands with no card in common and far from any Checki shape (tests/games/kowah/helpers.PLAIN).
PLAIN = ("1C 2S 3M 4C 5S 6M 7C 8S", "1S 2M 3C 4S 5M 6C 7S 8M", "1M 2C 3S 4M 5C 6S 7M 8C")
# Seat 0 draws 9S and may then discard 1C to declare Checki on 9S 9S (5 5 5 + 7 7 7 + 9S 9S).
READY = "5C 5S 5M 7C 7S 7M 9S 1C"


def fixed_room(player: str, *hands: str, stock: str, first: int = 0) -> Room:
    """A solo room whose deal is replaced by a fixed one (seat 0 acts first, so no computer moves)."""
    room = services.open_solo("kowah", player)
    state = ENGINE.new_game(seed=0, seats=3, deal={"hands": [h.split() for h in hands], "stock": stock.split(),
                                                  "first": first})
    deal = room.current_deal()
    deal.actions.all().delete()  # what the computers did in the shuffled deal
    Deal.objects.filter(pk=deal.pk).update(
        state=ENGINE.dump(state), version=0, opening_events=ENGINE.opening_events(state), over=False
    )
    return room


def render(room: Room, player: str, fields: dict | None = None, error: services.Refused | None = None) -> str:
    with translation.override("de"):
        return rendering.render_room(room, player, fields, error)


def act(room: Room, action: dict, **fields: str) -> None:
    deal = room.current_deal()
    submit_form(room, 0, {"action": json.dumps(action), "action_id": f"t{deal.version}",
                          "version": str(deal.version), **fields})


def pick(room: Room, card: str, copy: int = 1) -> None:
    view = ENGINE.view(ENGINE.load(room.current_deal().state), 0)
    services.save_draft(room, 0, {"card-pick": f"{card}.{copy}", "card-at": table.moment(view)})


def test_the_seat_sees_its_own_hand_and_no_other_hidden_card(alice):
    room = fixed_room(alice, *PLAIN, stock="9C 9S 9M")
    html = render(room, alice)
    for card in PLAIN[0].split():
        assert f"/karten/money/{card}.svg" in html
    for card in (*PLAIN[1].split(), *PLAIN[2].split(), "9C", "9S", "9M"):  # other hands and the stock
        assert f"/karten/money/{card}.svg" not in html
    assert re.search(r'data-testid="stock">3<', html)
    assert html.count("8 Karten auf der Hand") == 2  # the other seats: how many cards, not which
    assert "Alle bekommen 8 Karten; 3 Karten bilden den Stapel. Du beginnst." in html


def test_the_first_turn_may_only_draw_and_says_why(alice):
    room = fixed_room(alice, *PLAIN, stock="9C 9S 9M")
    html = render(room, alice)
    assert "Du bist dran: Ziehe die oberste Karte vom Stapel." in html
    assert re.search(r'id="act-draw" class="act-draw primary" data-legal=', html)
    assert re.search(r'id="act-take" class="act-take" disabled aria-describedby="why-not-take"', html)
    assert "der erste Zug zieht immer" in html
    assert "noch leer: Der erste Zug zieht vom Stapel." in html


def test_a_refused_move_shows_its_german_reason(alice):
    room = fixed_room(alice, *PLAIN, stock="9C 9S 9M")
    fields = {"action": json.dumps({"type": "take"}), "action_id": "try-take", "version": "0"}
    with pytest.raises(services.Refused) as refused:
        submit_form(room, 0, fields)
    html = render(room, alice, fields, refused.value)
    assert re.search(r'role="alert">Es liegt keine abgeworfene Karte zum Nehmen da', html)
    assert re.search(r'role="alert">[^<]*<a class="rule-link" href="/de/spiele/kowah/#r-draw">', html)  # its rule
    assert room.current_deal().version == 0


def test_after_drawing_the_picked_card_can_be_discarded(alice):
    room = fixed_room(alice, *PLAIN, stock="9C 9S 9M")
    act(room, {"type": "draw"})
    html = render(room, alice)
    assert 'data-phase="discard"' in html and "Wirf eine Karte ab, damit du wieder acht hast." in html
    assert len(re.findall(r'type="radio"', html)) == 9
    assert re.search(r'<span class="tag">neu</span>', html)  # the drawn 9C is marked
    assert re.search(r'value="discard" id="act-discard" class="primary" disabled', html)  # nothing picked yet
    pick(room, "4C")
    html = render(room, alice)
    assert "Bereit zum Abwerfen: Vier Münzen." in html
    assert re.search(r'value="discard" id="act-discard" class="primary" data-legal="discard"', html)
    submit_form(room, 0, {"intent": "discard", "card-pick": "4C.1", "action_id": "d", "version": "1"})
    assert "Du wirfst die Vier Münzen ab." in render(room, alice)


def test_the_hand_is_the_same_markup_on_the_turn_and_off_it_so_a_frame_sends_the_cards_that_changed(alice):
    """The hand is always its cards' radios, grouped by kind, each card, kind and card's marks with an id
    (static/js/table.js lets the radios be picked only while the seat discards): a draw sends the card drawn
    with its "neu", a discard the delete of the card and the drawn card's marks going; no other card is sent."""
    room = room_of_people("kowah", alice)
    first = sorted(ENGINE.actors(ENGINE.load(room.current_deal().state)))[0]
    drawing = regions_now(room, first)["hand"]
    discarding = regions_after(room, first, {"type": "draw"}, "draw", viewer=first)["hand"]
    state = ENGINE.load(room.current_deal().state)
    discard = next(a for a in ENGINE.legal_actions(state, first) if a["type"] == "discard")
    waiting = regions_after(room, first, discard, "discard", viewer=first)["hand"]
    for html in (drawing, discarding, waiting):
        assert '<fieldset id="hand-pick" class="hand-pick" data-turn-phase="discard"' in html
        assert html.startswith('<div id="hand" class="my-hand">')  # nothing of the turn on the region's root
    assert len(re.findall(r'type="radio"', drawing)) == 8 and len(re.findall(r'type="radio"', waiting)) == 8
    drew, = consumers.swaps({"hand": drawing}, {"hand": discarding})
    assert drew.count('class="fan-card"') == 1 and '<span class="tag">neu</span>' in drew
    assert applied(drawing, drew) == SPACES.sub(">\n<", discarding)
    threw, = consumers.swaps({"hand": discarding}, {"hand": waiting})
    assert "fan-card" not in threw and 'hx-swap-oob="delete"' in threw and len(threw) < 400
    assert applied(discarding, threw) == SPACES.sub(">\n<", waiting)


def test_without_javascript_a_card_picked_off_the_discard_cannot_be_discarded(alice):
    """Without JavaScript nothing disables the radios while the seat draws or waits: a card can be picked then,
    but no button sends it ("Auswahl prüfen" is shown in the discard phase only, by static/css), and a discard
    posted anyway is refused by the door with nothing changed."""
    room = fixed_room(alice, *PLAIN, stock="9C 9S 9M")
    html = render(room, alice)  # the seat's draw
    assert 'id="pick-1C-1"' in html and 'value="discard"' not in html
    assert (f'<noscript><p class="check-pick"><button type="submit" name="command" value="draft" '
            f'formaction="/de/raum/{room.token}/entwurf/">Auswahl prüfen</button></p></noscript>') in html
    fields = {"intent": "discard", "card-pick": "1C.1", "action_id": "no-script", "version": "0"}
    with pytest.raises(services.Refused) as refused:
        submit_form(room, 0, fields)
    assert refused.value.code == "draw_first" and room.current_deal().version == 0


def test_a_taken_discard_may_not_go_back_and_the_table_says_why(alice):
    room = fixed_room(alice, *PLAIN, stock="9C 9S 9M 9C 9S", first=2)
    services.resume_room(room)  # Computer 3 plays first, then it is seat 0's turn (clockwise, K1)
    offer = ENGINE.view(ENGINE.load(room.current_deal().state), 0)["offer"]
    html = render(room, alice)
    with translation.override("de"):
        phrase = table.card_phrase(offer, "acc")  # "die Neun Münzen", "den Alten Tausender"
    assert f'data-card="{offer}"' in html and "Wer am Zug ist, darf sie statt zu ziehen nehmen." in html
    assert f"{phrase[0].upper()}{phrase[1:]} vom Ablagestapel nehmen</button>" in html  # "Die Neun Münzen vom …"
    act(room, {"type": "take"})
    pick(room, offer)
    html = render(room, alice)
    assert re.search(r'value="discard" id="act-discard" class="primary" disabled', html)
    assert f"Du hast {phrase} gerade vom Ablagestapel genommen und darfst die Karte in diesem Zug nicht" in html
    assert f"Du nimmst {phrase} vom Ablagestapel." in html
    assert re.search(rf'value="{offer}\.1" data-code="{offer}" data-legal="false" checked>', html)
    assert re.search(rf'<span id="mark-{offer}-1" class="is-blocked"><span class="tag tag-taken">genommen</span>', html)


def test_checki_is_offered_declared_and_shown_to_everyone(alice):
    room = fixed_room(alice, READY, PLAIN[1], PLAIN[2], stock="9S 4M 4M 9S 2M 2M")
    act(room, {"type": "draw"})
    html = render(room, alice)
    assert "Checki ist möglich, wenn du abwirfst: Eins Münzen (Karten mit Punkt)." in html
    assert re.findall(r'<span id="mark-([^"]+)" class="allows-checki">', html) == ["1C-1"]  # its dot (static/css)
    assert re.search(r'<button type="button" class="act-checki" disabled', html)  # nothing picked yet
    # nothing picked is no mistake: why the buttons wait is said calmly, not in the red box of a wrong pick
    assert '<p class="why-not calm" id="why-not-discard">' in html
    assert '<p class="why-not calm" id="why-not-checki">' in html
    pick(room, "1C")
    html = render(room, alice)
    assert ">Die Eins Münzen abwerfen und Checki erklären<small>" in html
    assert "das Paar Neun Schnüre offen hinlegen und auf die dritte Neun Schnüre warten" in html
    act(room, {"type": "checki", "card": "1C", "pair": "9S"})
    html = render(room, alice)
    assert "Du erklärst Checki: Dein Paar Neun Schnüre liegt offen" in html
    if not room.current_deal().over:  # a declarer's turn is one stock draw; taking is refused with its reason
        assert "Du hast Checki erklärt: Du ziehst nur noch vom Stapel." in html
        assert 'data-testid="my-wait" data-wait="9S"' in html
        exposed = re.findall(r'<span id="mark-([^"]+)" class="is-exposed"><span class="tag">offen<', html)
        assert exposed == ["9S-1", "9S-2"]
    while not room.current_deal().over:  # the third 9S turns up within the stock: seat 0 wins, whoever draws it
        act(room, {"type": "draw"})
    html = render(room, alice)
    assert re.search(r'data-testid="win-label">Sieg ×[23]<', html)
    assert re.search(r'<tr class="is-winner">\s*<th scope="row"><span class="who" data-seat="0">Du</span>', html)
    assert "Kowah wird nur um den Sieg gespielt: ohne Geld und ohne laufende Summen." in html
    assert "Chip" not in html
    for card in PLAIN[1].split()[:3]:  # every hand face up at the end
        assert f"/karten/money/{card}.svg" in html
    with translation.override("de"):
        bob_view = rendering.render_room(room, None)  # a watcher sees the exposed pair too
    assert 'data-wait="9S"' in bob_view


CODE = re.compile(rf"\b(?:{'|'.join(CARDS)})\b")


def refused_through_the_door(room: Room, action: dict) -> services.Refused:
    """A crafted move (as a page never sends it) posted to the door at the table's version, refused by the engine."""
    version = str(room.current_deal().version)
    with pytest.raises(services.Refused) as refused:
        submit_form(room, 0, {"action": json.dumps(action), "action_id": "crafted", "version": version})
    assert room.current_deal().version == int(version)  # nothing changed
    return refused.value


def alert(room: Room, player: str, error: services.Refused, lang: str) -> str:
    """The refusal's sentence as the table shows it (the alert's text before its rule link)."""
    with translation.override(lang):
        html = rendering.render_room(room, player, None, error)
    return re.search(r'role="alert">([^<]*)', html).group(1).strip()


def test_every_refusal_that_carries_a_card_names_it_in_words_through_the_door(alice):
    """The engine's refusals carry cards as codes (`card`, `pair`, `pairs`, `cards`); reached through the door
    (a crafted request, or a race) the table names them in words as the log and the Tipp do, declined in German
    ("Du hast den Alten Tausender nicht auf der Hand"), and no code is left in the sentence."""
    said = {}
    # card_not_held and no_checki without a shape: seat 0 has drawn 9C onto PLAIN[0]
    room = fixed_room(alice, *PLAIN, stock="9C 9S 9M")
    act(room, {"type": "draw"})
    for kind, action in (("card_not_held", {"type": "discard", "card": "OT"}),
                         ("no_shape", {"type": "checki", "card": "1C", "pair": "2S"})):
        error = refused_through_the_door(room, action)
        assert error.code == kind.replace("no_shape", "no_checki")
        said[kind] = {lang: alert(room, alice, error, lang) for lang in ("de", "en")}
    # no_checki naming the pairs that may be shown: seat 0 has drawn 9S onto READY, discards 1C for 9S 9S only
    room = fixed_room(alice, READY, PLAIN[1], PLAIN[2], stock="9S 4M 4M 9S 2M 2M")
    act(room, {"type": "draw"})
    error = refused_through_the_door(room, {"type": "checki", "card": "1C", "pair": "5C"})
    assert error.code == "no_checki" and error.params["pairs"] == "9S"
    said["no_pair"] = {lang: alert(room, alice, error, lang) for lang in ("de", "en")}
    # taken_card: seat 0 takes the discard of Computer 3 and tries to throw it back
    room = fixed_room(alice, *PLAIN, stock="9C 9S 9M 9C 9S", first=2)
    services.resume_room(room)
    offer = ENGINE.view(ENGINE.load(room.current_deal().state), 0)["offer"]
    act(room, {"type": "take"})
    error = refused_through_the_door(room, {"type": "discard", "card": offer})
    assert error.code == "taken_card"
    said["taken_card"] = {lang: alert(room, alice, error, lang) for lang in ("de", "en")}

    for kind, texts in said.items():
        for lang, text in texts.items():
            assert text and not CODE.search(text), (kind, lang, text)
    with translation.override("de"):
        taken = table.card_phrase(offer, "acc")
    assert said["card_not_held"]["de"].startswith(
        "Du hast den Alten Tausender nicht auf der Hand. Wirf eine dieser Karten ab: Eins Münzen, Zwei Schnüre, ")
    assert said["card_not_held"]["de"].endswith(" oder Neun Münzen.")
    assert said["no_shape"]["de"].startswith("Wenn du die Eins Münzen abwirfst, bleibt kein Checki")
    assert said["no_pair"]["de"] == ("Wenn du die Eins Münzen abwirfst, darfst du nur die Neun Schnüre als Wartepaar "
                                     "zeigen, nicht die Fünf Münzen.")
    assert said["taken_card"]["de"].startswith(f"Du hast {taken} gerade vom Ablagestapel genommen")
    assert said["card_not_held"]["en"].startswith(
        "You do not hold Old Thousand: discard one of One Coin, Two Strings, ")
    assert said["card_not_held"]["en"].endswith(" or Nine Coins.")
    assert said["no_pair"]["en"] == "After discarding One Coin you may expose Nine Strings, not Five Coins."
    with translation.override("en"):
        assert said["taken_card"]["en"].startswith(f"You just took {table.card_name(offer)} from the discard pile")


def test_a_refusals_value_that_is_no_card_stays_as_it_was_and_pairs_are_listed_with_or():
    with translation.override("de"):
        assert table.refusal_words({"card": "XX"}) == {"card": "XX"}  # unknown_card's crafted code
        assert table.refusal_words({"card": "OT", "pair": "RF", "pairs": "9S or WF", "turn": 1}) == {
            "card": "den Alten Tausender", "pair": "die Rote Blume", "pairs": "die Neun Schnüre oder die Weiße Blume",
            "turn": 1}


def test_the_take_and_checki_buttons_name_their_card_in_english_too(alice):
    room = fixed_room(alice, READY, PLAIN[1], PLAIN[2], stock="9S 4M 4M 9S 2M 2M")
    act(room, {"type": "draw"})
    pick(room, "1C")
    with translation.override("en"):
        assert ">Discard One Coin and declare Checki<small>" in rendering.render_room(room, alice)
    room = fixed_room(alice, *PLAIN, stock="9C 9S 9M 9C 9S", first=2)
    services.resume_room(room)
    offer = ENGINE.view(ENGINE.load(room.current_deal().state), 0)["offer"]
    with translation.override("en"):
        assert f"> Take {table.card_name(offer)} from the discard pile</button>" in rendering.render_room(room, alice)


def test_an_opponents_exposed_wait_and_public_draws_are_shown(alice):
    room = fixed_room(alice, PLAIN[0], READY, PLAIN[2], stock="9S 4M 4M 9C 2M 2M", first=1)
    services.resume_room(room)  # Computer 2 draws 9S and declares at once (K5); then Computer 3 plays
    html = render(room, alice)
    assert re.search(r'data-testid="wait-1" data-wait="9S"', html)
    assert "wartet auf die dritte Neun Schnüre" in html
    assert "Computer 2 erklärt Checki" in html
    assert "Jede Karte vom Stapel wird offen gezogen." in html
    assert "zieht die Vier Myriaden vom Stapel, offen für alle." in html or "nimmt die Eins Münzen" in html


def test_a_draw_sends_the_stock_count_and_the_hint_going_not_the_top_discard(alice):
    """The middle's parts that change from move to move carry ids (the stock's count; the top discard's card,
    name, thrower and the hint that it may be taken, which static/css frames the card by): a draw from the
    stock changes the count and the hint, and a frame sends those two."""
    room = fixed_room(alice, *PLAIN, stock="9C 9S 9M 9C 9S 9M")
    act(room, {"type": "draw"})
    act(room, {"type": "discard", "card": "9C"})  # then the computers, until seat 0 draws again
    before = regions_now(room)["center"]
    assert '<span id="top-hint" class="hint">Wer am Zug ist, darf sie statt zu ziehen nehmen.</span>' in before
    act(room, {"type": "draw"})
    after = regions_now(room)["center"]
    assert '<span id="top-hint" class="hint"></span>' in after
    sent, = consumers.swaps({"center": before}, {"center": after})
    assert re.findall(r'\sid="([^"]+)"', sent) == ["stock-left", "top-hint"]
    assert applied(before, sent) == SPACES.sub(">\n<", after)


def test_the_room_lists_wins_and_draws_instead_of_net_standings(alice):
    room = fixed_room(alice, READY, PLAIN[1], PLAIN[2], stock="9S 4M 4M 9S 2M 2M")
    act(room, {"type": "draw"})
    act(room, {"type": "checki", "card": "1C", "pair": "9S"})
    while not room.current_deal().over:
        act(room, {"type": "draw"})
    services.start_deal(room)
    html = render(room, alice)
    assert "Partie 2" in html
    history = html[html.index('data-testid="history"'):]
    assert re.search(r'Partie 1:\s*<strong><span class="who" data-seat="0">Du</span></strong> · Sieg ×[23]', history)
    assert "Netto-Stand" not in html and 'class="standings"' not in html


def test_the_next_seat_clockwise_sits_on_the_left(alice):
    room = fixed_room(alice, *PLAIN, stock="9C")
    assert places(render(room, alice)) == {1: "left", 2: "right"}  # and you at the bottom


def test_the_older_discards_are_a_region_inside_the_center_sent_by_what_they_grew(alice):
    """The pile of older discards grows by a card a turn: it is a region of its own (rooms.rendering.inner_regions)
    whose place in the center keeps what the page has, and a frame sends only the cards it gained, or the
    deletes of the ones it lost (a taken top discard, a new deal)."""
    room = room_of_people("kowah", alice)
    rng = random.Random(3)
    grown = shrunk = 0
    before = None
    for step in itertools.count():
        if (grown >= 5 and shrunk >= 1) or step > 500:
            break
        if room.current_deal().over:
            services.start_deal(room)
        state = ENGINE.load(room.current_deal().state)
        seat = sorted(ENGINE.actors(state))[0]
        regions = regions_after(room, seat, ENGINE.random_action(state, seat, rng), f"s{step}")
        assert slot("pile-cards") in regions["center"] and "<li" not in regions["center"]
        pile = regions["pile-cards"]
        frame = consumers.swaps({"pile-cards": before}, {"pile-cards": pile}) if before is not None else []
        if frame and 'data-of="pile-cards"' in frame[0]:  # sent as what changed, which rebuilds it exactly
            assert applied(before, frame[0]) == SPACES.sub(">\n<", pile)
            if len(pile) > len(before):
                added = r'<ol hx-swap-oob="afterend:#pile-card-\d+" data-of="pile-cards">\s*<li [^<]*<.*</ol>'
                assert re.fullmatch(added, frame[0], re.DOTALL) and frame[0].count("<li") == 1  # the card covered
                grown += 1
            else:  # a taken top: the card under it is the top now
                top = pile.count("<li ")
                assert frame[0] == f'<li id="pile-card-{top}" hx-swap-oob="delete" data-of="pile-cards"></li>'
                shrunk += 1
        before = pile
    assert grown >= 5 and shrunk >= 1
    html = render(room, alice)  # the whole table: the pile in its place, inside the center's pile box
    assert slot("pile-cards") not in html
    center = html[html.index('<div id="center"'):html.index("</section>", html.index('<div id="center"'))]
    assert center.index('<div id="pile" class="pile"') < center.index('<ol id="pile-cards"')
    older = ENGINE.view(ENGINE.load(room.current_deal().state), 0)["pile"][:-1]
    assert center.count('<li id="pile-card-') == len(older)


def test_a_seats_box_is_not_sent_again_when_only_the_turn_passes_to_it(alice):
    """Whose turn it is and what they do now is marked by static/css from #freshness (data-acting, data-phase):
    the box of the seat that comes to act is the very same string, and carries both notes for the CSS."""
    room = room_of_people("kowah", alice)
    first = sorted(ENGINE.actors(ENGINE.load(room.current_deal().state)))[0]
    drawn = regions_after(room, first, {"type": "draw"}, "draw", viewer=first)
    state = ENGINE.load(room.current_deal().state)
    discard = next(a for a in ENGINE.legal_actions(state, first) if a["type"] == "discard")
    discarded = regions_after(room, first, discard, "discard", viewer=first)
    following = sorted(ENGINE.actors(ENGINE.load(room.current_deal().state)))[0]
    box = f"seat-{following}"
    assert following != first and discarded[box] == drawn[box]
    assert '<p class="seat-note acting-note" data-phase="draw">am Zug: zieht</p>' in discarded[box]
    assert '<p class="seat-note acting-note" data-phase="discard">am Zug: wirft ab</p>' in discarded[box]


def test_the_announcement_names_the_seats_own_discard_as_its_own():
    """"von dir abgeworfen", not "von Du" (the seat's own label is "Du", right only as a subject)."""
    state = ENGINE.new_game(seed=0, seats=3, deal={"hands": [h.split() for h in PLAIN], "stock": ["9C", "9S", "9M"],
                                                  "first": 0})
    for action in ({"type": "draw"}, {"type": "discard", "card": "1C"}):
        state, _events = ENGINE.apply(state, 0, action)
    with translation.override("de"):
        said = table.announcement(ENGINE.view(state, 0), {0: "Du", 1: "Bob", 2: "Carol"})
        assert said.startswith(f"Oben auf dem Ablagestapel: {table.card_name('1C')}, von dir abgeworfen.")
        assert "Oben auf dem Ablagestapel" in table.announcement(ENGINE.view(state, 1), {0: "Alice", 1: "Du", 2: "C"})


def test_the_log_and_the_headline_decline_a_card_after_its_verb_as_the_tipp_does():
    """"Bob wirft den Alten Tausender ab", as the Tipp's "Wirf den Alten Tausender ab" (was "wirft Alter
    Tausender ab"); the card that a locked hand must discard is the subject: "der Alte Tausender kommt"."""
    labels = {0: "Du", 1: "Bob", 2: "Carol"}

    def line(code: str, seat: int, **data) -> str:
        return table.event_text({"code": code, "seat": seat, "data": data}, labels, 0)

    with translation.override("de"):
        assert line("discarded", 1, card="OT", forced=False) == "Bob wirft den Alten Tausender ab."
        assert line("discarded", 0, card="RF", forced=False) == "Du wirfst die Rote Blume ab."
        assert line("drew", 1, card="OT", public=True) == "Bob zieht den Alten Tausender vom Stapel, offen für alle."
        assert line("drew_card", 0, card="WF") == "Du ziehst die Weiße Blume vom Stapel."
        assert line("took", 1, card="9M") == "Bob nimmt die Neun Myriaden vom Ablagestapel."
        assert line("discarded", 1, card="OT", forced=True) == (
            "Die Hand von Bob ist gesperrt, daher kommt der Alte Tausender sofort auf den Ablagestapel.")
        assert line("won", 1, card="OT", reason="discard", by=2, multiplier=2) == (
            "Bob gewinnt mit dem Alten Tausender: Sieg ×2.")
        outcome = {"winner": 1, "by": 2, "card": "OT", "reason": "discard", "multiplier": 2, "draw": False}
        assert table.headline(outcome, labels, 0) == (
            "Carol hat den Alten Tausender abgeworfen, die Gewinnkarte von Bob: Sieg ×2 für Bob.")
        assert table.headline({**outcome, "reason": "self_draw", "by": 1, "multiplier": 3}, labels, 1) == (
            "Du hast den Alten Tausender selbst gezogen, deine Gewinnkarte: Sieg ×3!")
    with translation.override("en"):
        assert line("discarded", 1, card="OT", forced=False) == "Bob discards Old Thousand."


def test_no_german_log_line_of_random_deals_names_a_card_without_its_article():
    """Every card a German log line names stands with its article ("wirft die Zwei Münzen ab", "mit der Roten
    Blume", "auf die dritte Neun Schnüre"), or names a pair ("das Paar Neun Schnüre")."""
    from bench.render import deal, room

    info = room("kowah", ENGINE.seats)
    with translation.override("de"):
        names = {table.card_name(c) for c in CARDS} | {f for forms in table._DE_WEAK.values() for f in forms}
    named = re.compile(rf"(\w+) (?:{'|'.join(map(re.escape, sorted(names, key=len, reverse=True)))})\b")
    lines = [rendering.log_lines("kowah", events or ENGINE.opening_events(state), info, seat, "de")
             for seed in range(3) for state, events in deal("kowah", seed) for seat in (0, 1)]
    said = {re.sub(r"<[^>]+>", "", line) for some in lines for line in some}
    assert any("Alten Tausender" in text for text in said)  # the deals name the honours
    articles = {"der", "die", "den", "dem", "dritte", "dritten", "Paar"}
    assert [text for text in said if any(m.group(1) not in articles for m in named.finditer(text))] == []

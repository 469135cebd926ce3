"""Replays of finished deals: every step recomputed from the recorded actions, all hands face up, the
live table's log sentences, the settlement; visible to the room's people and by a shared link only;
the JSON download; reachable from the room, the profile and the leaderboard."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from games.core import registry
from rooms import fairplay, rendering, replays, services
from rooms.models import Deal
from rooms.tables import adapter
from tests.accounts.conftest import make_user, play_deals, player_of
from tests.fairplay.conftest import client, finished, running, url

pytestmark = pytest.mark.django_db(transaction=True)
HANDS = re.compile(r'data-testid="hand-(\d)" data-cards="([^"]*)"')


def shown_hands(html: str) -> list[list[str]]:
    return [cards.split() for _seat, cards in HANDS.findall(html)]


@pytest.mark.parametrize("game", registry.KEYS)
def test_every_step_of_a_finished_deal_shows_every_hand_as_the_engine_replays_it(game, alice):
    deal = finished(game, alice)
    engine = registry.get(game)
    records = list(deal.actions.order_by("version"))
    browser = client(alice)
    stride = max(1, len(records) // 25)  # long Kowah deals: every few steps, always the first and the last
    for number in sorted({0, len(records), *range(0, len(records), stride)}):
        state = replays.state_at(deal, number)
        html = browser.get(url(deal) + f"?schritt={number}").content.decode()
        assert shown_hands(html) == fairplay.hands(game, state), number
        assert f'data-step="{number}"' in html
    assert engine.dump(state) == deal.state  # the last step is the recorded end …
    settlement = re.search(r'data-testid="settlement">(.*?)</section>', html, re.S).group(1)
    amounts = [int(a) for a in re.findall(r"<td>([+-]\d+)</td>", settlement)]
    assert amounts == list(deal.ledger.order_by("seat").values_list("amount", flat=True))  # … and its settlement


def test_the_replay_tells_the_deal_in_the_live_tables_sentences(alice):
    deal = finished("kowah", alice)
    room = deal.room
    info = rendering.room_info(room)
    lines = rendering.log_lines_from_db(deal.pk, room.game, info, None, "de", deal.version)  # a spectator's log
    live = [html.unescape(re.sub(r"<[^>]+>", "", line)) for line in lines]
    told = [line for step in replays.steps(deal, replays.labels(room)) for line in step.lines]
    assert told == live


def test_the_first_and_the_last_step_and_out_of_range_steps(alice):
    deal = finished("dou_dizhu", alice)
    browser = client(alice)
    last = deal.actions.count()
    first = browser.get(url(deal)).content.decode()
    assert shown_hands(first) == fairplay.hands("dou_dizhu", registry.get("dou_dizhu").load(deal.start))
    assert 'data-step="prev"' not in first and 'data-step="next"' in first  # no way back from the deal itself
    assert f'data-step="{last}"' in browser.get(url(deal) + "?schritt=99999").content.decode()
    assert 'data-step="0"' in browser.get(url(deal) + "?schritt=-3").content.decode()
    assert 'data-step="0"' in browser.get(url(deal) + "?schritt=zwei").content.decode()


def test_a_step_asked_for_by_htmx_is_only_the_step(alice):
    deal = finished("chuo_pai", alice)
    html = client(alice).get(url(deal) + "?schritt=1", HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith('<div id="replay-step"') and "<html" not in html


def test_the_replay_links_to_the_shuffle_check_and_the_download(alice):
    deal = finished("chan", alice)
    html = client(alice).get(url(deal)).content.decode()
    assert f'href="{url(deal, "mischung/")}"' in html
    assert f'href="{url(deal, "partie.json")}"' in html
    assert deal.seed in html and deal.commitment in html  # over: the seed is revealed


def test_the_shuffle_check_page_says_everything_matches(alice):
    deal = finished("chor_voli", alice)
    html = client(alice).get(url(deal, "mischung/")).content.decode()
    assert 'data-testid="verdict" data-ok="true"' in html
    assert html.count('data-ok="true"') == 1 + 1 + 4 + 1 + 1  # verdict, hash, four hands, the deal, the moves
    assert fairplay.commitment_input(deal.room_id, deal.number, deal.seed) in html


def test_the_shuffle_check_page_marks_a_changed_hand(alice):
    deal = finished("chor_voli", alice)
    start = deal.start
    start["hands"][2][0], start["hands"][3][0] = start["hands"][3][0], start["hands"][2][0]
    Deal.objects.filter(pk=deal.pk).update(start=start)
    html = client(alice).get(url(deal, "mischung/")).content.decode()
    assert 'data-testid="verdict" data-ok="false"' in html
    assert 'data-testid="hand-check-2" data-ok="false"' in html and 'data-testid="hand-check-0" data-ok="true"' in html


# --- who may watch ---------------------------------------------------------------------------------------


def test_only_the_rooms_people_see_its_deals(alice, bob):
    deal = finished("kowah", alice)
    for path in (f"/de/raum/{deal.room.token}/partien/", url(deal), url(deal, "mischung/"), url(deal, "partie.json")):
        assert client(alice).get(path).status_code == 200, path
        assert client(bob).get(path).status_code == 403, path
        assert client().get(path).status_code == 403, path
    assert "Nur wer an diesem Tisch sitzt" in client(bob).get(url(deal)).content.decode()
    assert client(alice).get(f"/de/raum/{deal.room.token}/partien/7/").status_code == 404
    assert client(alice).get("/de/raum/no-such-room/partien/1/").status_code == 404


def test_a_person_who_joined_a_private_room_sees_its_deals(alice, bob):
    room = services.open_room("chor_voli", alice, "Alice", computers={2, 3})
    services.join(room, bob, "Bob")
    play_deals(room, 1)
    deal = room.deals.filter(over=True).first()
    assert client(bob).get(url(deal)).status_code == 200


def test_a_deal_in_progress_has_no_replay(alice):
    deal = running("dou_dizhu", alice)
    for page in ("", "mischung/", "partie.json"):
        response = client(alice).get(url(deal, page))
        assert response.status_code == 404
        assert "läuft noch" in response.content.decode()
    listing = client(alice).get(f"/de/raum/{deal.room.token}/partien/").content.decode()
    assert "läuft noch" in listing and url(deal) not in listing


def test_a_deal_from_before_replays_were_recorded_says_so(alice):
    deal = finished("kowah", alice)
    Deal.objects.filter(pk=deal.pk).update(start=None, options=None, commitment="")
    response = client(alice).get(url(deal))
    assert response.status_code == 404
    assert "bevor Cardavia Partien" in response.content.decode()
    assert "bevor Partien aufgezeichnet" in client(alice).get(f"/de/raum/{deal.room.token}/partien/").content.decode()


def test_the_creator_shares_a_deal_by_a_link_that_names_no_room_and_can_stop(alice, bob):
    deal = finished("dou_dizhu", alice)
    shared_url = reverse("rooms:shared_replay", args=[replays.share_key(deal)])
    assert client(bob).get(shared_url).status_code == 404  # not shared yet
    page = client(alice).get(url(deal)).content.decode()
    assert "Per Link teilen" in page
    assert client(alice).post(url(deal, "teilen/"), {"share": "1"}).status_code == 302
    page = client(alice).get(url(deal)).content.decode()
    assert shared_url in page

    stranger = client(bob)
    for path in (shared_url, shared_url + "mischung/", shared_url + "partie.json"):
        response = stranger.get(path)
        assert response.status_code == 200, path
        assert deal.room.token not in response.content.decode(), path  # the invite link stays private
    assert f'href="{shared_url}mischung/"' in stranger.get(shared_url).content.decode()

    client(alice).post(url(deal, "teilen/"), {"share": "0"})
    assert stranger.get(shared_url).status_code == 404


def test_a_shared_link_opens_only_its_own_deal(alice):
    deal = finished("chuo_pai", alice)
    Deal.objects.filter(pk=deal.pk).update(shared=True)
    key = replays.share_key(deal)
    assert client().get(reverse("rooms:shared_replay", args=[key])).status_code == 200
    other = services.start_deal(deal.room)
    Deal.objects.filter(pk=other.pk).update(shared=True)
    forged = key.replace(key.split(":")[0], replays.share_key(other).split(":")[0])
    assert client().get(reverse("rooms:shared_replay", args=[forged])).status_code == 404
    assert client().get(reverse("rooms:shared_replay", args=["nonsense"])).status_code == 404


def test_only_the_creator_may_share(alice, bob):
    room = services.open_room("chor_voli", alice, "Alice", computers={2, 3})
    services.join(room, bob, "Bob")
    play_deals(room, 1)
    deal = room.deals.filter(over=True).first()
    assert client(bob).post(url(deal, "teilen/"), {"share": "1"}).status_code == 403
    assert "Per Link teilen" not in client(bob).get(url(deal)).content.decode()
    deal.refresh_from_db()
    assert not deal.shared


# --- the download --------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", registry.KEYS)
def test_the_download_holds_seed_hands_actions_and_settlement_in_card_codes(game, alice):
    deal = finished(game, alice)
    response = client(alice).get(url(deal, "partie.json"))
    name = f"cardavia-{game}-{deal.room_id}-{deal.number}.json"
    assert response["Content-Disposition"] == f'attachment; filename="{name}"'
    record = json.loads(response.content)
    engine = registry.get(game)
    assert record["format"] == "cardavia-deal/1"
    assert (record["game"], record["room"], record["deal"]) == (game, deal.room_id, deal.number)
    assert (record["seed"], record["commitment"]) == (deal.seed, deal.commitment)
    assert record["hands"] == fairplay.hands(game, engine.load(deal.start))
    # The download alone is enough to deal again and replay: the engine's own dealing from the seed …
    state = engine.new_game(seed=int(record["seed"], 16), seats=engine.seats, **record["options"])
    assert fairplay.hands(game, state) == record["hands"]
    for move in record["actions"]:  # … then every action with its seat, in version order
        state, _events = engine.apply(state, move["seat"], move["action"])
    assert [m["version"] for m in record["actions"]] == list(range(1, len(record["actions"]) + 1))
    assert record["settlement"] == engine.outcome(state)
    assert record["settlement"]["scores"] == list(deal.ledger.order_by("seat").values_list("amount", flat=True))


# --- where replays are reached from ----------------------------------------------------------------------


def test_the_table_links_to_the_rooms_deals(alice):
    deal = finished("kowah", alice)
    table = client(alice).get(f"/de/raum/{deal.room.token}/").content.decode()
    assert f'href="/de/raum/{deal.room.token}/partien/"' in table
    listing = client(alice).get(f"/de/raum/{deal.room.token}/partien/").content.decode()
    assert f'href="{url(deal)}"' in listing and f'href="{url(deal, "mischung/")}"' in listing


def test_the_profile_lists_the_accounts_deals_and_the_leaderboard_leads_to_them(alice, settings):
    settings.LEADERBOARD_MIN_DEALS = 1
    user = make_user("carla", "Carla")
    carla = player_of(user)
    room = services.open_solo("dou_dizhu", carla, user=user)
    play_deals(room, 1)
    deal = room.deals.filter(over=True).first()
    own = client(carla)
    own.force_login(user)
    profile = own.get("/de/konto/").content.decode()
    assert f'href="{url(deal)}"' in profile

    board = client(alice).get(reverse("accounts:leaderboard", args=["dou-dizhu"])).content.decode()
    public_page = reverse("accounts:player", args=[user.pk])
    assert f'href="{public_page}#partien"' in board
    assert url(deal) not in client(alice).get(public_page).content.decode()  # not Alice's table, not shared
    Deal.objects.filter(pk=deal.pk).update(shared=True)
    shared = reverse("rooms:shared_replay", args=[replays.share_key(deal)])
    assert f'href="{shared}"' in client(alice).get(public_page).content.decode()


@pytest.mark.parametrize("game", registry.KEYS)
def test_a_replay_speaks_of_every_seat_in_the_third_person(game, alice):
    """A replay is told as a spectator reads the table: no sentence addresses a "you" (a seat's own
    sentences and prompts are for the live table)."""
    deal = finished(game, alice)
    engine, names = registry.get(game), replays.labels(deal.room)
    game_adapter = adapter(game)
    state = engine.load(deal.start)
    records = list(deal.actions.order_by("version"))
    with translation.override("en"):
        for step in replays.steps(deal, names):
            if step.number:
                record = records[step.number - 1]
                state, _events = engine.apply(state, record.seat, record.action)
            told = [*step.lines, game_adapter.announcement(engine.view(state, None), names)]
            assert not [line for line in told if re.search(r"\b[Yy]ou(r)?\b", line)], (step.number, told)


def test_a_deal_whose_moves_todays_engine_refuses_says_so_instead_of_failing(alice):
    deal = finished("dou_dizhu", alice)
    record = deal.actions.order_by("version").first()
    record.action = {"type": "bid", "value": 7}
    record.save(update_fields=["action"])
    response = client(alice).get(url(deal) + "?schritt=3")
    assert response.status_code == 404
    assert "nicht mehr nachspielen" in response.content.decode()
    check = client(alice).get(url(deal, "mischung/")).content.decode()
    assert 'data-testid="moves-ok" data-ok="false"' in check

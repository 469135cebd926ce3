"""One adapter per game between the table page and the engine: how posted form fields become an
engine action, and what extra the table template needs. Adding a game = one module here plus
`templates/games/<key>/table.html`.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType

from django.utils.translation import gettext_lazy

from games.core import registry
from games.core.rng import rng_for
from rooms import broadcast, inputs, services, timers
from rooms.models import Deal, Room, Seat
from rooms.services import Refused

# The games whose table exists: an adapter module here (and `templates/games/<key>/table.html`).
TABLES = tuple(key for key in registry.KEYS if importlib.util.find_spec(f"rooms.tables.{key}") is not None)


@dataclass(frozen=True)
class Why:
    """A refusal the table shows before a move is tried: its sentence (what templates print), and the
    code of the rule that decides it, for a link to that paragraph of the rule page (`{% rule_link %}`)."""

    text: str
    code: str

    def __str__(self) -> str:
        return self.text


def adapter(game: str) -> ModuleType:
    return importlib.import_module(f"rooms.tables.{game}")


def decode_json_action(fields: dict) -> dict:
    """The default: a button carries its action as JSON in the field `action`."""
    try:
        action = inputs.parse_json(fields.get("action", ""), max_bytes=inputs.MAX_VALUE)
    except inputs.Malformed:
        action = None
    if not isinstance(action, dict):
        raise Refused(services.MALFORMED, "malformed")
    return action


# --- one card picked for a discard (Chắn, Kowah) ----------------------------------------------------
# The hand's cards are radio buttons of `card-pick`, valued code and copy ("3V.1"); `card-at` holds the
# moment of the deal the pick was made at (the game's `moment(view)`), so a pick never outlives its turn.
# Chuo Pai's ticked cards carry the same `card-at`.

PICK, AT = "card-pick", "card-at"
NO_PICK = gettext_lazy("Pick the card you want to discard: click it in your hand, or choose it with the arrow keys.")


def picked_code(value: str, hand: list[str]) -> str | None:
    """The code of a picked copy ("3V.1"), or None unless the hand holds that many of it."""
    code, _dot, copy = value.partition(".")
    if code not in hand or not copy.isdigit() or not 1 <= int(copy) <= hand.count(code):
        return None
    return code


def current_pick(fields: dict, hand: list[str], now: str | None) -> tuple[str, str | None]:
    """The pick of the draft made at this moment (`now`; None: not discarding): its value and its code,
    ("", None) without one."""
    picked = str(fields.get(PICK) or "") if now is not None and fields.get(AT) == now else ""
    code = picked_code(picked, hand)
    return (picked, code) if code else ("", None)


def decode_discard(fields: dict, view: dict) -> dict:
    """"Abwerfen" discards the picked card; without a pick it is refused with a sentence saying how."""
    code = picked_code(str(fields.get(PICK) or ""), view.get("hand") or [])
    if code is None:
        raise Refused(str(NO_PICK), "no_pick")
    return {"type": "discard", "card": code}


def pick_hint_fields(action: dict, now: str, picking: tuple[str, ...] = ("discard",)) -> dict | None:
    """A hinted move of the kinds `picking` picks its card at this moment; every other move is a button of
    its own."""
    return {PICK: f"{action['card']}.1", AT: now} if action["type"] in picking else None


def submit_form(room: Room, seat: int | None, fields: dict, snapshot: dict | None = None) -> Deal:
    """A move posted by a person (form or websocket), decoded by the game's adapter, through the one door.

    The version in the form guards against acting on an outdated table; a game whose moves do not
    depend on the others' (Chor Voli's simultaneous arrangement) sets `CHECK_VERSION = False`. A page's
    socket passes the snapshot it shows: the fields are decoded against that view (the door then checks
    the move against the deal as it is), which spares reading the deal twice.
    """
    if seat is None:
        raise Refused(services.NO_SEAT, "no_seat")
    try:
        fields = inputs.clean_fields(fields)
        action_id = inputs.clean_action_id(fields.get("action_id"))
    except inputs.Malformed as exc:
        raise Refused(services.MALFORMED, "malformed") from exc
    game = adapter(room.game)
    if snapshot is None:
        deal = room.current_deal()
        engine = registry.get(room.game)
        deal_id, view = deal.pk, engine.view(engine.load(deal.state), seat)
    else:
        deal_id, view = snapshot["deal"], snapshot["views"][seat]
    expected = _int(fields.get("version")) if getattr(game, "CHECK_VERSION", True) else None
    try:
        return services.submit_action(deal_id, seat, game.decode(fields, view), action_id, expected_version=expected)
    except Refused:
        services.back_in_person(room, seat)  # a refused try is an act of the person too
        raise


def ask_hint(room: Room, seat: int | None) -> dict:
    """A "Tipp": what the strongest computer would do in this seat's place, and why (games.core.hints),
    decided on the seat's own view only. Where its action is a choice of cards, the cards are ticked in the
    seat's draft (the game's `hint_fields`). One search per decision: asked again, the same hint is kept.
    Searched here and now (a page without JavaScript waits for it); returns the seat's draft."""
    deal, mine, given = _hint_wanted(room, seat)
    return mine.draft if given is not None else _give_hint(deal, seat)


def queue_hint(room: Room, seat: int | None) -> None:
    """A "Tipp" asked over the websocket: checked here, searched where the computers' turns are played
    (a Celery worker in services mode, so that a search of up to a second never holds up the web process's
    tables), and the seat's pages are told once it is saved."""
    deal, _mine, given = _hint_wanted(room, seat)
    if given is None:
        timers.later(0, "rooms.tasks.give_hint", deal.pk, seat, deal.version)


def give_hint(deal_id: int, seat: int, version: int) -> None:
    """The queued search of `queue_hint`; a no-op once the decision is made or the hint is given."""
    try:
        deal, _mine, given = _hint_wanted(Room.objects.get(deals__pk=deal_id), seat)
    except Refused:
        return  # the seat no longer asks: the deal is over, or a computer took the seat over
    # Given for the deal as it is now, while the decision it was asked for is open (in a simultaneous phase
    # other seats may have moved meanwhile).
    if given is None and services.hint_open({"deal": deal_id, "version": version}, deal.pk, deal.version,
                                            deal.decisions, seat):
        _give_hint(deal, seat)
        broadcast.draft_changed(deal.room_id, seat)


def _hint_wanted(room: Room, seat: int | None) -> tuple[Deal, Seat, dict | None]:
    """The deal, the seat and the hint it has for this decision; Refused when it may not ask."""
    if seat is None:
        raise Refused(services.NO_SEAT, "no_seat")
    deal, mine, given = services.hint_given(room, seat)
    engine = registry.get(room.game)
    if given is None and seat not in engine.actors(engine.load(deal.state)):
        raise Refused(services.NO_HINT, "no_hint")
    return deal, mine, given


def _give_hint(deal: Deal, seat: int) -> dict:
    engine = registry.get(deal.room.game)
    state = engine.load(deal.state)
    view = engine.view(state, seat)
    hint = registry.hint(deal.room.game, view, engine.legal_actions(state, seat),
                         rng_for(deal.seed, deal.version, seat, "hint"))
    return services.save_hint(deal, seat, adapter(deal.room.game).hint_fields(hint.action, view),
                              {"template": hint.template, "params": hint.params, "action": hint.action})


SUGGEST = "suggest"  # a draft's `select` asking for the computer's choice (Chor Voli's "Arrange for me")


def save_draft(room: Room, seat: int, fields: dict) -> dict:
    """Keep a seat's draft (`services.save_draft`) from a form's fields (`draft_fields`). `select=suggest`
    asks for the game's suggestion for the seat's view (`suggested_draft`), worked out only now: a computer's
    whole arrangement costs tens of milliseconds, too much to put into every render of every hand."""
    if fields.get("select") == SUGGEST:
        fields = {**fields, **_suggested(room, seat)}
    return services.save_draft(room, seat, draft_fields(fields))


def _suggested(room: Room, seat: int) -> dict:
    suggest = getattr(adapter(room.game), "suggested_draft", None)
    if suggest is None:
        raise Refused(services.MALFORMED, "malformed")
    deal = room.current_deal()
    if deal is None or deal.over:
        return {"select": ""}
    engine = registry.get(room.game)
    return {"select": suggest(engine.view(engine.load(deal.state), seat))}


def draft_fields(fields: dict) -> dict:
    """The choices of a draft: the form's own fields, or `select` — the cards to choose, space-separated,
    as the "Suggest" and "Clear" buttons send them; `code=choice` gives a card its choice (Chor Voli's
    "Arrange for me": `AS=1 KS=1 … 2C=x`), a bare code means "1" (ticked). Either way with the page's number
    of the draft, which every render echoes (`rendering.freshness`)."""
    if "select" in fields:
        chosen = {f"card-{code}": choice or "1" for code, _, choice in
                  (token.partition("=") for token in str(fields["select"]).split())}
        return {**chosen, **services.draft_number(fields)}
    return fields


def _int(value: object) -> int | None:
    try:
        return int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None

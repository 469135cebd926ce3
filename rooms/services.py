"""The one door for every change to a room or a deal: views, consumers and tasks call only this.

A move is one transaction: load the deal, let the engine apply the action, compare-and-set the new
state on the expected version, append the action with its events (and the ledger rows when the deal
ends), commit. After the commit, a hint goes to the room's channel group and, if a computer must
act, a task is queued. Nothing here trusts the caller about seats or turns: the engine decides.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from functools import partial

from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils.translation import gettext

from games.core import registry
from games.core.errors import IllegalAction, gettext_noop
from games.core.rng import rng_for
from rooms import broadcast
from rooms.models import ActionRecord, Deal, LedgerEntry, Room, Seat


@dataclass
class Refused(Exception):
    """An action that was not applied, with the reason for the person who tried it."""

    template: str
    code: str = "refused"
    params: dict = field(default_factory=dict)

    @classmethod
    def from_illegal(cls, exc: IllegalAction) -> Refused:
        return cls(exc.template, exc.code, exc.params)

    def message(self) -> str:
        return gettext(self.template).format(**self.params)

    def __str__(self) -> str:
        return self.template.format(**self.params)


MALFORMED = gettext_noop("That was not a valid move. Use the buttons on the table.")
STALE = gettext_noop("The table changed in the meantime; here is the current state. Please try again.")


def open_solo(game: str, player: str, name: str = "") -> Room:
    """A room with the browser's person in seat 0 and computers in every other seat, dealt at once."""
    engine = registry.get(game)
    with transaction.atomic():
        room = Room.objects.create(game=game, solo=True, creator=player)
        Seat.objects.bulk_create(
            Seat(room=room, index=i, kind=Seat.Kind.PERSON if i == 0 else Seat.Kind.COMPUTER,
                 player=player if i == 0 else "", name=name if i == 0 else "")
            for i in range(engine.seats)
        )
        start_deal(room)
    return room


def start_deal(room: Room) -> Deal:
    """Deal the room's next deal, carrying over what the game carries (Chor Voli: dealer and pool)."""
    engine = registry.get(room.game)
    previous = room.current_deal()
    if previous is not None and not previous.over:
        return previous
    options = engine.next_options(engine.outcome(engine.load(previous.state))) if previous else {}
    seed = secrets.randbits(62)
    state = engine.new_game(seed=seed, seats=engine.seats, **options)
    try:
        with transaction.atomic():
            deal = Deal.objects.create(
                room=room, number=previous.number + 1 if previous else 1, seed=seed,
                state=engine.dump(state), over=engine.outcome(state) is not None,
            )
            if deal.over:
                _write_ledger(deal, engine.outcome(state))
    except IntegrityError:  # someone else dealt it a moment earlier: theirs stands
        return room.current_deal()
    _after_commit(deal)
    return deal


def submit_action(deal_id: int, seat: int, action: object, action_id: str,
                  expected_version: int | None = None) -> Deal:
    """Apply one seat's action to a deal, exactly once per `action_id`; Refused says why not."""
    if not isinstance(action, dict):
        raise Refused(MALFORMED, "malformed")
    with transaction.atomic():
        deal = Deal.objects.select_related("room").get(pk=deal_id)
        if ActionRecord.objects.filter(deal=deal, action_id=action_id).exists():
            return deal  # a repeated send of an action that was already applied
        if expected_version is not None and expected_version != deal.version:
            raise Refused(STALE, "stale")
        engine = registry.get(deal.room.game)
        try:
            state, events = engine.apply(engine.load(deal.state), seat, action)
        except IllegalAction as exc:
            raise Refused.from_illegal(exc) from exc
        outcome = engine.outcome(state)
        updated = Deal.objects.filter(pk=deal.pk, version=deal.version).update(
            state=engine.dump(state), version=deal.version + 1, over=outcome is not None
        )
        if updated != 1:
            raise Refused(STALE, "stale")
        deal.refresh_from_db()
        ActionRecord.objects.create(
            deal=deal, version=deal.version, seat=seat, action=action, action_id=action_id, events=events
        )
        if outcome is not None:
            _write_ledger(deal, outcome)
    _after_commit(deal)
    return deal


def _write_ledger(deal: Deal, outcome: dict) -> None:
    LedgerEntry.objects.bulk_create(
        LedgerEntry(deal=deal, seat=seat, amount=amount) for seat, amount in enumerate(outcome["scores"])
    )


def _after_commit(deal: Deal) -> None:
    transaction.on_commit(partial(broadcast.deal_changed, deal.room_id, deal.version))
    if computers_to_act(deal):
        from rooms.tasks import play_computer_turn

        transaction.on_commit(partial(play_computer_turn.delay, deal.pk, deal.version))


def save_draft(room: Room, seat: int, fields: dict) -> None:
    """Keep a seat's unconfirmed choices (private to it) so that a reload or a live update keeps them."""
    deal = room.current_deal()
    draft = {key: str(value)[:16] for key, value in fields.items() if key.startswith("card-")}
    Seat.objects.filter(room=room, index=seat).update(draft={"deal": deal.pk, "fields": draft})


def computers_to_act(deal: Deal) -> list[int]:
    engine = registry.get(deal.room.game)
    actors = engine.actors(engine.load(deal.state))
    computers = deal.room.seats.filter(kind=Seat.Kind.COMPUTER).values_list("index", flat=True)
    return sorted(actors & set(computers))


def play_computer_turn(deal_id: int, version: int) -> None:
    """One computer seat acts, seeing only its own view; a no-op when the deal moved on meanwhile."""
    deal = Deal.objects.select_related("room").get(pk=deal_id)
    if deal.version != version:
        return
    seats = computers_to_act(deal)
    if not seats:
        return
    engine = registry.get(deal.room.game)
    state = engine.load(deal.state)
    seat = seats[0]
    action = registry.bot(deal.room.game).choose(
        engine.view(state, seat), engine.legal_actions(state, seat), rng_for(deal.seed, version, seat, "computer")
    )
    try:
        submit_action(deal.pk, seat, action, f"computer:{version}:{seat}", expected_version=version)
    except Refused as exc:
        if exc.code != "stale":
            raise


def standings(room: Room) -> list[int]:
    """Each seat's running net total over the room's finished deals, from the ledger."""
    totals = dict(
        LedgerEntry.objects.filter(deal__room=room).values_list("seat").annotate(total=Sum("amount"))
    )
    return [totals.get(i, 0) for i in range(room.seats.count())]


def history(room: Room) -> list[list[int]]:
    """Per seat, the running net total after each finished deal (for the standings chart)."""
    n = room.seats.count()
    series: list[list[int]] = [[0] for _ in range(n)]
    entries = LedgerEntry.objects.filter(deal__room=room).order_by("deal__number", "seat")
    for seat, amount in entries.values_list("seat", "amount"):
        series[seat].append(series[seat][-1] + amount)
    return series

"""The one door for every change to a room or a deal: views, consumers and tasks call only this.

A move is one transaction: load the deal, let the engine apply the action, compare-and-set the new
state on the expected version, append the action with its events (and the ledger rows when the deal
ends), commit. After the commit, a hint goes to the room's channel group and, if a computer must
act, a task is queued. Nothing here trusts the caller about seats or turns: the engine decides.
"""

from __future__ import annotations

import contextlib
import time
import unicodedata
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Exists, F, OuterRef, QuerySet, Sum
from django.utils.translation import gettext

from games.core import registry
from games.core.errors import IllegalAction, gettext_noop
from games.core.rng import rng_for
from rooms import broadcast, clock, fairplay, inputs, snapshots, timers
from rooms.models import ActionRecord, Deal, LedgerEntry, Room, Seat
from rooms.prepared import Prepared

if TYPE_CHECKING:
    from collections.abc import Callable

    from django.contrib.auth.models import AbstractBaseUser as User


@dataclass
class Refused(Exception):
    """An action that was not applied, with the reason for the person who tried it."""

    template: str
    code: str = "refused"
    params: dict = field(default_factory=dict)

    @classmethod
    def from_illegal(cls, exc: IllegalAction) -> Refused:
        return cls(exc.template, exc.code, exc.params)

    def message(self, words: Callable[[dict], dict] | None = None) -> str:
        """The sentence in the active language; `words` respells its params (a game's `refusal_words`)."""
        return gettext(self.template).format(**(words(self.params) if words else self.params))

    def __str__(self) -> str:
        return self.template.format(**self.params)


MALFORMED = gettext_noop("That was not a valid move. Use the buttons on the table.")
STALE = gettext_noop("The table changed in the meantime; here is the current state. Please try again.")


NAME_MAX = 24
NO_SEAT = gettext_noop("You have no seat at this table.")
NOT_CREATOR = gettext_noop("Only the person who opened the room can do that.")


# --- accounts: who may act, and seats that belong to an account (docs/decisions.md, "Accounts") -------
SUSPENDED = gettext_noop(
    "Your account is suspended: you cannot play or join tables until a moderator lifts the suspension."
)
CLOSED = gettext_noop("A moderator has closed this room: no more moves can be made here.")


def check_account(user: User | None) -> None:
    """A suspended account cannot open, join or play (read from the database: a suspension counts at once)."""
    if user is not None and get_user_model().objects.filter(pk=user.pk, profile__suspended=True).exists():
        raise Refused(SUSPENDED, "suspended")


def _check_may_act(room: Room, seats: list[Seat], seat: int, by_computer: bool) -> None:
    if room.closed:
        raise Refused(CLOSED, "closed")
    # A computer standing in for a suspended person may finish the deal for the others.
    if not by_computer and any(s.index == seat and _suspended(s) for s in seats):
        raise Refused(SUSPENDED, "suspended")


def _suspended(seat: Seat) -> bool:
    profile = getattr(seat.user, "profile", None) if seat.user_id else None
    return bool(profile and profile.suspended)


def _account_name(user: User | None, typed: object) -> object:
    """An account plays under its profile's display name (moderated), wherever it sits."""
    profile = getattr(user, "profile", None) if user is not None else None
    return profile.display_name if profile is not None else typed


def attach_seats(browser_player: str, user: User, account_player: str) -> int:
    """Give an account the seats (and so their ledger history) that this browser took as a guest.

    The seats move to the account's player id, which every device of the account then carries; a
    room where the account already sits keeps the browser's seat as a guest's. Returns how many."""
    name = _account_name(user, "")
    with transaction.atomic():
        seats = Seat.objects.filter(player=browser_player, user__isnull=True)
        if browser_player != account_player:
            seats = seats.exclude(room__in=Seat.objects.filter(player=account_player).values("room"))
        rooms = list(Room.objects.filter(seats__in=seats).distinct())
        attached = seats.update(user=user, player=account_player, **({"name": name} if name else {}))
        if browser_player != account_player:
            Room.objects.filter(pk__in=[r.pk for r in rooms], creator=browser_player).update(creator=account_player)
        for room in rooms:
            room_changed(room.pk)
    return attached


def open_solo(game: str, player: str, user: User | None = None) -> Room:
    """A room with the browser's person in seat 0 and computers in every other seat, dealt at once."""
    engine = registry.get(game)
    return open_room(game, player, "", computers=set(range(1, engine.seats)), solo=True, user=user)


def open_room(game: str, player: str, name: str, computers: set[int], solo: bool = False,
              user: User | None = None, clock: int = 0, levels: dict[int, str] | None = None) -> Room:
    """A room whose creator takes seat 0; `computers` are the computer seats, the rest await people;
    `levels` how strong each computer seat plays (the default where none is given).

    The first deal starts as soon as every person's seat is taken (at once when the creator is the
    only person)."""
    engine = registry.get(game)
    check_account(user)
    name = _account_name(user, "") or (clean_name(name) if not solo else "")
    if 0 in computers or not computers <= set(range(engine.seats)):
        raise Refused(gettext_noop("Seat 1 is yours; choose computers only for the other seats."), "bad_seats")
    levels = levels or {}
    if clock not in Room.CLOCKS or not set(levels.values()) <= set(registry.LEVELS):
        raise Refused(MALFORMED, "malformed")
    with transaction.atomic():
        room = Room.objects.create(game=game, solo=solo, creator=player, clock=clock)
        Seat.objects.bulk_create(
            Seat(room=room, index=i, kind=Seat.Kind.COMPUTER if i in computers else Seat.Kind.PERSON,
                 player=player if i == 0 else "", name=name if i == 0 else "", user=user if i == 0 else None,
                 level=levels.get(i, registry.DEFAULT_LEVEL))
            for i in range(engine.seats)
        )
        _start_when_seated(room)
    return room


def clean_name(raw: object) -> str:
    """A display name: whitespace collapsed, 1–24 characters, no control or format characters."""
    name = " ".join(str(raw or "").split())
    if not name:
        raise Refused(gettext_noop("Please choose a display name."), "name_missing")
    if len(name) > NAME_MAX:
        raise Refused(gettext_noop("A display name has at most {max} characters."), "name_too_long", {"max": NAME_MAX})
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise Refused(gettext_noop("A display name cannot contain control characters."), "name_control")
    return name


def join(room: Room, player: str, name: str, user: User | None = None) -> Seat:
    """Seat this browser at the first free person's seat; the same browser always gets its own seat back."""
    own = room.seats.filter(player=player).first()
    if own is not None:
        return own
    check_account(user)
    if room.closed:
        raise Refused(CLOSED, "closed")
    if player in room.barred:
        raise Refused(gettext_noop("The person who opened this room has removed you from it."), "barred")
    name = clean_name(_account_name(user, name))
    with transaction.atomic():
        for seat in room.seats.filter(kind=Seat.Kind.PERSON, player=""):
            # Compare-and-set: two browsers racing for the last seat cannot both get it.
            if Seat.objects.filter(pk=seat.pk, player="").update(player=player, name=name, stand_in=False, user=user):
                break
        else:
            raise Refused(gettext_noop("This room is full: every seat is taken."), "room_full")
        _start_when_seated(room)
        room_changed(room.pk)
    return room.seats.get(player=player)


def leave(room: Room, player: str) -> None:
    """Give up this browser's seat; a computer plays it until someone else takes it with the invite link."""
    with transaction.atomic():
        _free_seats(room, _own_seats(room, player))
    resume_room(room)


def _own_seats(room: Room, player: str) -> QuerySet[Seat]:
    """The seats this browser holds; none without a player id (a free seat's player is "" too)."""
    return room.seats.filter(player=player) if player else room.seats.none()


def _free_seats(room: Room, seats: QuerySet[Seat]) -> None:
    running = room.deals.filter(over=False).exists()
    if seats.update(player="", name="", user=None, stand_in=running, left_at=None):
        room_changed(room.pk)


def _check_creator(room: Room, player: str) -> None:
    if player != room.creator:
        raise Refused(NOT_CREATOR, "not_creator")


def hand_to_computer(room: Room, player: str, index: int) -> None:
    """The creator lets a computer play another person's seat until that person acts again."""
    _check_creator(room, player)
    with transaction.atomic():
        changed = room.seats.filter(index=index, kind=Seat.Kind.PERSON).exclude(player=player).update(stand_in=True)
        if not changed:
            raise Refused(gettext_noop("That seat cannot be handed to a computer."), "bad_seat")
        room_changed(room.pk)
    resume_room(room)


def remove_person(room: Room, player: str, index: int) -> None:
    """The creator removes a person from the room: a computer plays the seat until someone new takes it,
    and the removed browser cannot take a seat here again."""
    _check_creator(room, player)
    with transaction.atomic():
        seat = room.seats.filter(index=index, kind=Seat.Kind.PERSON).exclude(player__in=["", player]).first()
        if seat is None:
            raise Refused(gettext_noop("There is nobody to remove from that seat."), "bad_seat")
        Room.objects.filter(pk=room.pk).update(barred=[*room.barred, seat.player])
        _free_seats(room, room.seats.filter(pk=seat.pk))
    resume_room(room)


def close_room(room: Room, player: str) -> None:
    """The creator ends the room: no more moves or deals; its history stays readable."""
    _check_creator(room, player)
    with transaction.atomic():
        Room.objects.filter(pk=room.pk).update(closed=True, closed_by="creator")
        room_changed(room.pk)


def set_levels(room: Room, player: str, fields: dict) -> None:
    """The creator (at a solo table: its person) changes how strong computer seats play, between deals:
    `level-<seat index>` fields name each seat's level (games.core.registry.LEVELS)."""
    _check_creator(room, player)
    levels = {}
    for key, level in fields.items():
        index = key.removeprefix("level-")
        if key.startswith("level-"):
            if not index.isdigit() or level not in registry.LEVELS:
                raise Refused(MALFORMED, "malformed")
            levels[int(index)] = level
    with transaction.atomic():
        if room.deals.filter(over=False).exists():
            raise Refused(gettext_noop("The computers' strength can be changed between deals."), "level_mid_deal")
        computers = room.seats.filter(kind=Seat.Kind.COMPUTER)
        if not set(levels) <= set(computers.values_list("index", flat=True)):
            raise Refused(gettext_noop("Only a computer's seat has a strength to choose."), "bad_seat")
        changed = sum(computers.filter(index=index).exclude(level=level).update(level=level)
                      for index, level in levels.items())
        if changed:
            room_changed(room.pk)


def take_back(room: Room, player: str) -> None:
    """The person plays their own seat again."""
    _seats_back(_own_seats(room, player), room.pk)


def _start_when_seated(room: Room) -> None:
    if not room.deals.exists() and not room.seats.filter(kind=Seat.Kind.PERSON, player="").exists():
        start_deal(room)


def room_changed(room_id: int) -> None:
    """Inside a transaction: the room's seats, presence or state changed. Counts up the room's version
    and, after the commit, tells its pages (which then render the room afresh)."""
    transaction.on_commit(partial(broadcast.room_changed, room_id, _room_version_up(room_id)))


def _room_version_up(room_id: int) -> int:
    Room.objects.filter(pk=room_id).update(version=F("version") + 1)
    return Room.objects.filter(pk=room_id).values_list("version", flat=True).get()


def start_deal(room: Room, player: str | None = None, user: User | None = None) -> Deal:
    """Deal the room's next deal, carrying over what the game carries (Chor Voli: dealer and pool).

    With `player`, a person asked for it: only someone seated, with an account that is not suspended; a
    person a computer stood in for is back (asking for the next deal is acting, like a move or a draft)."""
    seats = _SEATS_FOR_MOVE(room.pk)  # read once: who asks, and whom the clock runs for
    if player is not None:
        mine = next((s for s in seats if player and s.player == player), None)
        if mine is None:
            raise Refused(NO_SEAT, "no_seat")
        check_account(user)
        _acts_again(mine)
    engine = registry.get(room.game)
    previous = room.current_deal()
    if previous is not None and (not previous.over or room.closed):
        return previous
    options = engine.next_options(engine.outcome(engine.load(previous.state))) if previous else {}
    number = previous.number + 1 if previous else 1
    seed = fairplay.new_seed()
    state = fairplay.deal(room.game, seed, options)
    outcome = engine.outcome(state)
    settled = None
    try:
        with transaction.atomic():
            deal = Deal.objects.create(
                room=room, number=number, seed=seed, commitment=fairplay.commitment(room.pk, number, seed),
                options=options, start=engine.dump(state), state=engine.dump(state),
                opening_events=engine.opening_events(state), over=outcome is not None,
                deadlines=clock.deadlines(room.clock, {}, frozenset(), engine.actors(state), None, _people(seats)),
                decisions=clock.decisions({}, frozenset(), engine.actors(state), None, 0),
                waiting=clock.waiting_since({}, frozenset(), engine.actors(state), None),
            )
            if deal.over:
                settled = _write_ledger(deal, outcome)
    except IntegrityError:  # someone else dealt it a moment earlier: theirs stands
        return room.current_deal()
    _after_commit(deal, state, deal.opening_events, seats, settled)
    return deal


def submit_action(deal_id: int, seat: int, action: object, action_id: str,
                  expected_version: int | None = None, by_computer: bool = False) -> Deal:
    """Apply one seat's action to a deal, exactly once per `action_id`; Refused says why not.

    With `expected_version` (the version the person's page showed), the action is refused as stale once
    the deal has moved past the seat's decision: unless that decision began no later than the version shown,
    so that only other seats' answers to the same moment came in between (two seats answering one card on
    offer in Chắn, the others' arrangements in Chor Voli). Without it, and within one decision, losing the
    race to another move just means applying it again to the newer state, where the engine checks it anew.
    A person's `action_id` is checked at the door; the computers' own ids (`computer:<version>:<seat>`)
    cannot be sent by a browser."""
    try:
        if not isinstance(action, dict):
            raise inputs.Malformed("not an object")
        inputs.check_action(action)
        if not by_computer:
            inputs.clean_action_id(action_id)
    except inputs.Malformed as exc:
        raise Refused(MALFORMED, "malformed") from exc
    for _attempt in range(5):
        with contextlib.suppress(_LostRace):
            return _submit_once(deal_id, seat, action, action_id, expected_version, by_computer)
    raise Refused(STALE, "stale")


# The door's two reads, compiled once per connection (rooms/prepared.py): the deal with its room, and whether
# this action was applied already; the room's seats with their accounts (a suspension counts at once), which
# a new deal reads too.
_DEAL_FOR_MOVE = Prepared(
    lambda deal_id, action_id: Deal.objects.select_related("room")
    .defer("opening_events", "start", "room__barred")  # JSON a move does not need to parse
    .annotate(repeated=Exists(ActionRecord.objects.filter(deal=OuterRef("pk"), action_id=action_id)))
    .filter(pk=deal_id),
    int, str,
)
_SEATS_FOR_MOVE = Prepared(
    lambda room_id: Seat.objects.filter(room_id=room_id).select_related("user__profile").defer("draft"), int
)


class _LostRace(Exception):
    """Another move was committed between reading the deal and writing it."""


def _submit_once(deal_id: int, seat: int, action: dict, action_id: str, expected_version: int | None,
                 by_computer: bool) -> Deal:
    settled = None
    with transaction.atomic():
        found = _DEAL_FOR_MOVE(deal_id, action_id)
        if not found:
            raise Deal.DoesNotExist(f"no deal {deal_id}")
        deal = found[0]
        if deal.repeated:
            return deal  # a repeated send of an action that was already applied
        if expected_version is not None and not _decision_shown(deal, seat, expected_version):
            raise Refused(STALE, "stale")
        seats = _SEATS_FOR_MOVE(deal.room_id)
        _check_may_act(deal.room, seats, seat, by_computer)
        if not by_computer:
            _acts_again(next((s for s in seats if s.index == seat), None))
        engine = registry.get(deal.room.game)
        before = engine.load(deal.state)
        try:
            state, events = engine.apply(before, seat, action)
        except IllegalAction as exc:
            raise Refused.from_illegal(exc) from exc
        outcome = engine.outcome(state)
        actors_before, actors_after = engine.actors(before), engine.actors(state)
        deadlines = clock.deadlines(deal.room.clock, deal.deadlines, actors_before, actors_after, seat, _people(seats))
        decisions = clock.decisions(deal.decisions, actors_before, actors_after, seat, deal.version + 1)
        waiting = clock.waiting_since(deal.waiting, actors_before, actors_after, seat)
        dumped = engine.dump(state)
        updated = Deal.objects.filter(pk=deal.pk, version=deal.version).update(
            state=dumped, version=deal.version + 1, over=outcome is not None, deadlines=deadlines, decisions=decisions,
            waiting=waiting,
        )
        if updated != 1:
            raise _LostRace
        deal.state, deal.version, deal.over = dumped, deal.version + 1, outcome is not None
        deal.deadlines, deal.decisions, deal.waiting = deadlines, decisions, waiting
        ActionRecord.objects.create(
            deal=deal, version=deal.version, seat=seat, action=action, action_id=action_id, events=events
        )
        if outcome is not None:
            settled = _write_ledger(deal, outcome)
    _after_commit(deal, state, snapshots.by_computer(events, seat, deal.version) if by_computer else events, seats,
                  settled)
    return deal


def _decision_shown(deal: Deal, seat: int, version: int) -> bool:
    """Whether a page that showed `version` showed the seat's decision as it still is: the same version, or
    the decision began no later (a deal older than the record of decisions counts the version alone)."""
    began = deal.decisions.get(str(seat))
    return version == deal.version or (began is not None and began <= version <= deal.version)


def _people(seats: list[Seat]) -> frozenset[int]:
    """The seats a person plays now (not a computer, not a stand-in): the ones the clock runs for."""
    return frozenset(s.index for s in seats if not s.played_by_computer and s.player)


def _write_ledger(deal: Deal, outcome: dict) -> int:
    """The deal's settlement; the standings changed, so the room's version counts up: returned for the deal's
    hint to carry (`_after_commit`), so that a page renders the deal's end once, with its new standings."""
    LedgerEntry.objects.bulk_create(
        LedgerEntry(deal=deal, seat=seat, amount=amount) for seat, amount in enumerate(outcome["scores"])
    )
    return _room_version_up(deal.room_id)


def _after_commit(deal: Deal, state: object, events: list[dict], seats: list[Seat],
                  room_version: int | None = None) -> None:
    """Once the version is committed: its snapshot for every page, the hint (with the room's version when the
    version changed the room too), the computers, the clock."""
    room = deal.room
    snapshot = snapshots.build(deal, state, events)
    transaction.on_commit(partial(snapshots.publish, snapshot))
    transaction.on_commit(partial(broadcast.deal_changed, room.pk, deal.pk, deal.number, deal.version, room_version))
    if _computers_to_act(room, seats, snapshot["actors"]):
        _schedule_computers(deal)
    for seat, due in deal.deadlines.items():
        transaction.on_commit(partial(timers.later, due - time.time(), "rooms.tasks.clock_expired", deal.pk,
                                      int(seat), due))


def _schedule_computers(deal: Deal) -> None:
    transaction.on_commit(partial(timers.later, settings.COMPUTER_PACE, "rooms.tasks.play_computer_turn", deal.pk,
                                  deal.version))


def resume_computer_turns() -> None:
    """Queue the computer turns and clocks of every running deal, e.g. after a worker restart: a turn whose
    task was lost with a dead process is then done, and one that is still queued is done once (by version)."""
    for deal in Deal.objects.filter(over=False).select_related("room"):
        _resume(deal)


def resume_room(room: Room) -> None:
    deal = room.current_deal()
    if deal is not None and not deal.over:
        _resume(deal)


def _resume(deal: Deal) -> None:
    with transaction.atomic():
        if computers_to_act(deal):
            _schedule_computers(deal)
        for seat, due in deal.deadlines.items():
            transaction.on_commit(partial(timers.later, due - time.time(), "rooms.tasks.clock_expired", deal.pk,
                                          int(seat), due))


# The page's number of a draft (static/js/table.js): a draft keeps it, and every render echoes the one it shows.
DRAFT_SEQ = "card-seq"


def draft_number(fields: dict) -> dict:
    """The page's number of a draft among `fields`, as a field of its own (empty when there is none)."""
    return {DRAFT_SEQ: fields[DRAFT_SEQ]} if DRAFT_SEQ in fields else {}


def _numbered_after(draft: dict, before: dict, deal_id: int | None) -> dict:
    """The draft's number, above the seat's last draft's of the deal. Pages number their drafts by their
    device's clock, and a page holds back its hand in frames of a draft numbered below its own last
    (static/js/table.js): of a seat's two pages on devices whose clocks differ, the one whose clock is ahead
    would not show the other's choices until its own next choice. A page numbers its next draft above the
    highest number it was shown."""
    number = draft.get(DRAFT_SEQ, "")
    last = before.get("fields", {}).get(DRAFT_SEQ, "") if before.get("deal") == deal_id else ""
    if not all(text.isascii() and text.isdigit() for text in (number, last)):
        return {}
    return {DRAFT_SEQ: str(max(int(number), int(last) + 1))}


def save_draft(room: Room, seat: int, fields: dict) -> dict:
    """Keep a seat's unconfirmed choices (private to it) so that a reload or a live update keeps them.

    Each save counts up a revision (part of what a render is cached by). Returns the saved draft."""
    try:
        fields = inputs.clean_fields(fields)
    except inputs.Malformed as exc:
        raise Refused(MALFORMED, "malformed") from exc
    deal = room.current_deal()
    deal_id = deal.pk if deal else None
    draft = {key: value[:16] for key, value in fields.items() if key.startswith("card-")}
    with transaction.atomic():
        mine = Seat.objects.select_for_update().filter(room=room, index=seat)
        before = mine.values_list("draft", flat=True).first() or {}
        draft.update(_numbered_after(draft, before, deal_id))
        saved = {"deal": deal_id, "fields": draft, "rev": before.get("rev", 0) + 1}
        mine.update(draft=saved)
        back_in_person(room, seat)
    return saved


NO_HINT = gettext_noop("A hint is given only for your own decision, while it is yours to make.")


def hint_given(room: Room, seat: int) -> tuple[Deal, Seat, dict | None]:
    """The deal a seat would ask a hint for, the seat, and the hint it already has for this decision."""
    deal = room.current_deal()
    mine = room.seats.filter(index=seat).first()
    if deal is None or deal.over or mine is None or mine.played_by_computer or not mine.player:
        raise Refused(NO_HINT, "no_hint")
    given = mine.draft.get("hint")
    return deal, mine, given if hint_open(given, deal.pk, deal.version, deal.decisions, seat) else None


def hint_open(given: dict | None, deal_id: int, version: int, decisions: dict[str, int], seat: int) -> bool:
    """Whether a hint given at `given["version"]` answers the seat's decision at `version`: the same decision,
    begun no later than the hint (other seats' moves in a simultaneous phase, like Chor Voli's arrangement or
    Chắn's claims, do not end it; the seat's own move does). A deal older than the record of decisions
    counts the version alone."""
    return bool(given) and given["deal"] == deal_id and decisions.get(str(seat), version) <= given["version"] <= version


def save_hint(deal: Deal, seat: int, fields: dict | None, hint: dict) -> dict:
    """Keep a hint in the seat's draft (its cards ticked where `fields` are given, under the number of the
    page's draft before it) and record on the deal that this seat asked: a deal played with hints is marked.
    Returns the saved draft."""
    with transaction.atomic():
        mine = Seat.objects.select_for_update().get(room_id=deal.room_id, index=seat)
        kept = mine.draft.get("fields", {}) if mine.draft.get("deal") == deal.pk else {}
        if fields is not None:
            fields = {**fields, **draft_number(kept)}
        saved = {"deal": deal.pk, "fields": kept if fields is None else fields, "rev": mine.draft.get("rev", 0) + 1,
                 "hint": {"deal": deal.pk, "version": deal.version, **hint}}
        Seat.objects.filter(pk=mine.pk).update(draft=saved)
        hinted = Deal.objects.select_for_update().filter(pk=deal.pk).values_list("hinted", flat=True).get()
        if seat not in hinted:
            Deal.objects.filter(pk=deal.pk).update(hinted=sorted([*hinted, seat]))
            room_changed(deal.room_id)  # the deal's record says so
    return saved


def _acts_again(seat: Seat | None) -> None:
    """With the seat as just read: a person whose seat a computer plays acts again (a move, asking for the next
    deal), so the seat is theirs at once (rarely: usually nothing to write)."""
    if seat is not None and seat.stand_in and seat.player:
        _seats_back(Seat.objects.filter(pk=seat.pk), seat.room_id)
        seat.stand_in = False


def back_in_person(room: Room, seat: int) -> None:
    """A person whose seat a computer plays acts again: the seat is theirs at once."""
    mine = room.seats.filter(index=seat, stand_in=True).exclude(player="")
    if mine.exists():  # rarely: a read, not a write, on every move
        _seats_back(mine, room.pk)


def _seats_back(seats: QuerySet, room_id: int) -> None:
    """Their people play these seats again. The room changes once, by whoever wrote it: of two requests that
    both read a stand-in, the second finds the seat taken back (the row is locked until the first commits)."""
    with transaction.atomic():
        if seats.filter(stand_in=True).update(stand_in=False):
            room_changed(room_id)


def computers_to_act(deal: Deal) -> list[int]:
    engine = registry.get(deal.room.game)
    actors = engine.actors(engine.load(deal.state))
    return _computers_to_act(deal.room, list(deal.room.seats.all()), actors)


def _computers_to_act(room: Room, seats: list[Seat], actors: object) -> list[int]:
    if room.closed:
        return []
    return sorted(set(actors) & {s.index for s in seats if s.played_by_computer})


def play_computer_turn(deal_id: int, version: int) -> None:
    """One computer seat acts, seeing only its own view; a no-op when the deal moved on meanwhile."""
    deal = Deal.objects.select_related("room").get(pk=deal_id)
    if deal.version != version:
        return
    engine = registry.get(deal.room.game)
    state = engine.load(deal.state)
    seats = list(deal.room.seats.all())
    to_act = _computers_to_act(deal.room, seats, engine.actors(state))
    if not to_act:
        return
    seat = to_act[0]
    # A computer seat plays at its level; a stand-in for a person at the default one.
    level = next((s.level for s in seats if s.index == seat and s.kind == Seat.Kind.COMPUTER), None)
    action = registry.bot(deal.room.game, level or registry.DEFAULT_LEVEL).choose(
        engine.view(state, seat), engine.legal_actions(state, seat), rng_for(deal.seed, version, seat, "computer")
    )
    try:
        submit_action(deal.pk, seat, action, f"computer:{version}:{seat}", expected_version=version, by_computer=True)
    except Refused as exc:
        if exc.code != "stale":
            raise


def clock_expired(deal_id: int, seat: int, due: float) -> None:
    """A person's decision was due: a computer stands in for the seat until the person acts again.
    A no-op when the seat decided meanwhile (its deadline changed or went) or is already played by a
    computer; a call before the time (a timer that fired early) waits for the rest."""
    with transaction.atomic():
        deal = Deal.objects.select_for_update().select_related("room").get(pk=deal_id)
        if deal.over or deal.deadlines.get(str(seat)) != due:
            return
        if time.time() < due:
            transaction.on_commit(partial(timers.later, due - time.time(), "rooms.tasks.clock_expired", deal_id,
                                          seat, due))
            return
        if not deal.room.seats.filter(index=seat, kind=Seat.Kind.PERSON, stand_in=False).update(stand_in=True):
            return
        room_changed(deal.room_id)
    resume_room(deal.room)


def standings(room: Room) -> list[int]:
    """Each seat's running net total over the room's finished deals, from the ledger."""
    totals = dict(
        LedgerEntry.objects.filter(deal__room=room).values_list("seat").annotate(total=Sum("amount"))
    )
    return [totals.get(i, 0) for i in range(room.seats.count())]


def history(room_id: int, seats: int) -> list[list[int]]:
    """Per seat, the running net total after each finished deal (for the standings chart)."""
    series: list[list[int]] = [[0] for _ in range(seats)]
    entries = LedgerEntry.objects.filter(deal__room=room_id).order_by("deal__number", "seat")
    for seat, amount in entries.values_list("seat", "amount"):
        series[seat].append(series[seat][-1] + amount)
    return series

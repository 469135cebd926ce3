"""The door's reads compiled once per connection (rooms/prepared.py) give what the ORM gives, for every call's
arguments, in every thread; a placeholder that the query changes is refused at once. The rooms suite runs on
PostgreSQL too (tests/live/test_rooms_on_postgresql.py)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connections

from rooms import services
from rooms.models import ActionRecord, Deal, Seat
from rooms.prepared import Prepared

FIELDS = ("pk", "room_id", "number", "version", "state", "over", "deadlines", "decisions", "seed")


def rooms(n: int) -> list:
    made = []
    for i in range(n):
        room = services.open_room("dou_dizhu", f"p{i}", f"P{i}", computers={1, 2})
        made.append(room.current_deal())
    return made


def as_orm(deal_id: int, action_id: str) -> list[Deal]:
    return list(services._DEAL_FOR_MOVE._build(deal_id, action_id))


def facts(deal: Deal) -> tuple:
    return (*(getattr(deal, f) for f in FIELDS), deal.repeated, deal.room.pk, deal.room.game, deal.room.closed,
            deal.room.clock, deal.room.version)


@pytest.mark.django_db
def test_the_deal_read_gives_the_orms_answer_for_each_calls_arguments():
    first, second = rooms(2)
    ActionRecord.objects.create(deal=second, version=1, seat=0, action={"type": "pass"}, action_id="done-1",
                                events=[])
    for deal, action_id, repeated in ((first, "done-1", False), (second, "done-1", True), (second, "new", False)):
        (read,) = services._DEAL_FOR_MOVE(deal.pk, action_id)
        (orm,) = as_orm(deal.pk, action_id)
        assert facts(read) == facts(orm)
        assert read.repeated is repeated
        assert isinstance(read.state, dict) and read.state == deal.state  # the JSON field's converter ran
    assert services._DEAL_FOR_MOVE(10**9, "x") == []


@pytest.mark.django_db
def test_the_seats_read_gives_each_rooms_seats_with_their_accounts():
    first, second = rooms(2)
    for deal in (first, second):
        seats = services._SEATS_FOR_MOVE(deal.room_id)
        expected = list(Seat.objects.filter(room_id=deal.room_id).order_by("index"))
        assert [(s.pk, s.index, s.kind, s.player, s.stand_in) for s in seats] == [
            (s.pk, s.index, s.kind, s.player, s.stand_in) for s in expected]
        assert all(s.user is None for s in seats)  # the account joined in (none for a guest)


@pytest.mark.django_db(transaction=True)
def test_each_thread_compiles_for_its_own_connection():
    (deal,) = rooms(1)
    here = services._DEAL_FOR_MOVE(deal.pk, "a")[0].version

    def elsewhere() -> tuple[int, bool]:
        try:
            read = services._DEAL_FOR_MOVE
            return read(deal.pk, "a")[0].version, connections["default"] in read._compiled
        finally:
            connections["default"].close()

    with ThreadPoolExecutor(2) as pool:
        assert list(pool.map(lambda _: elsewhere(), range(4))) == [(here, True)] * 4


@pytest.mark.django_db
def test_a_placeholder_the_query_changes_is_refused():
    (deal,) = rooms(1)
    shifted = Prepared(lambda number: Deal.objects.filter(number=number + 1), int)
    with pytest.raises(ValueError, match="do not reach the SQL"):
        shifted(deal.number)

"""The newest version a process holds of a deal (rooms/snapshots.py `newest`), by which a page that is behind
goes straight to it (rooms/consumers.py `deal_changed`)."""

from __future__ import annotations

from rooms import snapshots


def version(deal: int, number: int) -> dict:
    return {"deal": deal, "version": number, "room": 1}


def test_the_newest_held_version_and_nothing_when_the_page_has_it():
    for number in (1, 3, 2):
        snapshots.publish(version(7, number))
    assert snapshots.newest(7, 1)["version"] == 3
    assert snapshots.newest(7, 3) is None
    assert snapshots.newest(8, 0) is None


def test_a_newest_version_let_go_is_forgotten_and_later_ones_are_noted_again():
    """The memory is bounded (and a test's deal ids repeat): a noted version whose snapshot is gone must not
    hide the versions that come after it."""
    snapshots._NEWEST.put(7, 99)
    assert snapshots.newest(7, 1) is None
    for number in (2, 3):
        snapshots.publish(version(7, number))
    assert snapshots.newest(7, 2)["version"] == 3

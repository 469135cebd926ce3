"""The turn clock: when each person's current decision is due.

A room opened with a clock (30, 60 or 120 seconds) gives every person a fresh allowance for every new
decision: when their seat becomes one that must act, and again after each of their own moves while
they still act (Kowah's draw, then its discard). Moves of other seats in a simultaneous phase (Chor
Voli's arrangement) do not reset it. Computers and stand-ins have no clock. The deadlines are stored
on the deal, written in the same transaction as the move, so they survive any restart; when one
passes, `rooms.services.clock_expired` lets a computer stand in.
"""

from __future__ import annotations

import time
from collections.abc import Set


def deadlines(seconds: int, previous: dict[str, float], before: Set[int], after: Set[int], mover: int | None,
              people: Set[int], now: float | None = None) -> dict[str, float]:
    """The deadlines (Unix seconds, keyed by seat as text, as stored in JSON) after a move by `mover`."""
    if not seconds:
        return {}
    return _per_decision(previous, before, set(after) & set(people), mover,
                         round((time.time() if now is None else now) + seconds, 3))


def decisions(previous: dict[str, int], before: Set[int], after: Set[int], mover: int | None,
              version: int) -> dict[str, int]:
    """The deal version at which each acting seat's current decision began, after a move by `mover` made
    `version`: what a "Tipp" asked for is valid for (`rooms.services.hint_open`)."""
    return _per_decision(previous, before, after, mover, version)


def waiting_since(previous: dict[str, float], before: Set[int], after: Set[int], mover: int | None,
                  now: float | None = None) -> dict[str, float]:
    """Since when (Unix seconds) each acting seat's current decision waits for it, after a move by `mover`:
    what the other pages count a person's long wait from (static/js/table.js), so that another seat's move in
    a simultaneous phase does not start it afresh."""
    return _per_decision(previous, before, after, mover, round(time.time() if now is None else now, 1))


def _per_decision(previous: dict, before: Set[int], after: Set[int], mover: int | None, fresh: object) -> dict:
    """A value per seat of `after`: kept from `previous` while the seat's decision goes on (it acted
    before this move and did not make it), else `fresh`."""
    result = {}
    for seat in sorted(after):
        kept = previous.get(str(seat))
        same_decision = seat in before and seat != mover and kept is not None
        result[str(seat)] = kept if same_decision else fresh
    return result

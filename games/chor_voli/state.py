"""The frozen state of one Chor Voli round and its versioned JSON form.

One state is one round (rules §1.2, steps 2–8); the site chains rounds by passing the outcome's
`next_dealer` and `pool` to the next `new_game`. Hands stay as dealt and a confirmed arrangement
is a partition of its hand, so everything else (quads, comparisons, chips) is derived, never stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.protocol import JSON

VERSION = 1


@dataclass(frozen=True, slots=True)
class Arrangement:
    groups: tuple[tuple[str, ...], ...]  # strong→weak (rules §1.2 step 5), each in display order
    discard: tuple[str, ...]  # never shown to anyone else, not even after the round (CV-A18)


@dataclass(frozen=True, slots=True)
class ChorVoliState:
    seed: int
    dealer: int
    pool_start: int  # chips carried in from earlier rounds, before this round's antes
    hands: tuple[tuple[str, ...], ...]  # the 13 cards dealt to each seat, in display order
    arrangements: tuple[Arrangement | None, ...]  # None until the seat confirms


def dump(state: ChorVoliState) -> JSON:
    return {
        "v": VERSION,
        "seed": state.seed,
        "dealer": state.dealer,
        "pool_start": state.pool_start,
        "hands": [list(hand) for hand in state.hands],
        "arrangements": [_dump_arrangement(a) for a in state.arrangements],
    }


def _dump_arrangement(arrangement: Arrangement | None) -> JSON | None:
    if arrangement is None:
        return None
    return {"groups": [list(g) for g in arrangement.groups], "discard": list(arrangement.discard)}


def load(data: JSON) -> ChorVoliState:
    if data.get("v") != VERSION:
        raise ValueError(f"Chor Voli state version {data.get('v')!r}; this engine reads version {VERSION}")
    return ChorVoliState(
        seed=data["seed"],
        dealer=data["dealer"],
        pool_start=data["pool_start"],
        hands=tuple(tuple(hand) for hand in data["hands"]),
        arrangements=tuple(_load_arrangement(a) for a in data["arrangements"]),
    )


def _load_arrangement(data: JSON | None) -> Arrangement | None:
    if data is None:
        return None
    return Arrangement(tuple(tuple(g) for g in data["groups"]), tuple(data["discard"]))

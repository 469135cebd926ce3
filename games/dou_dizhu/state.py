"""The frozen state of one Dou Dizhu deal and its versioned JSON form.

Cards are card masks (`cards.py`); the JSON form spells them as codes, low rank first. What can be
derived is not stored: the phase, the current bid and the high bidder come from the auction, the
combination to beat is the latest play of `table_seat`.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.protocol import JSON
from games.dou_dizhu.cards import codes_of, mask_of

VERSION = 1
SEATS = 3
NO_ACTION, PASSED = -1, 0  # `recent` entries besides a card mask


@dataclass(frozen=True, slots=True)
class DouDizhuState:
    seed: int
    redeals: int  # deals thrown in after three opening passes; salts the next shuffle
    pack: int  # every card of this deal (the full pack unless a test fixed a smaller deal)
    hands: tuple[int, ...]  # card mask per seat
    bottom: int  # the 3 bottom cards; kept after the landlord has taken them (they stay public)
    first_bidder: int
    auction: tuple[int, ...]  # bids in turn from the first bidder, 0 = pass
    landlord: int | None  # None while bidding
    turn: int | None  # None when the deal is over
    table_seat: int | None  # who played the combination to beat; None: the seat on turn leads
    passes: int  # passes since the last play of the trick
    played: tuple[int, ...]  # card mask per seat of everything it has played
    plays: tuple[int, ...]  # number of plays (not passes) per seat, for spring and reverse spring
    bombs: int  # bombs and rockets played
    recent: tuple[int, ...]  # per seat its latest action: NO_ACTION, PASSED or the card mask played

    @property
    def bid(self) -> int:
        return max(self.auction, default=0)

    def high_bidder(self) -> int | None:
        if not self.bid:
            return None
        return (self.first_bidder + self.auction.index(self.bid)) % SEATS


def in_play(
    state: DouDizhuState,
    *,
    hands: tuple[int, ...],
    turn: int | None,
    table_seat: int | None,
    passes: int,
    played: tuple[int, ...],
    plays: tuple[int, ...],
    bombs: int,
    recent: tuple[int, ...],
) -> DouDizhuState:
    """`state` after a card-play action: the hot path, spelled out because `dataclasses.replace`
    costs twice as much and random deals per second are a benchmark."""
    return DouDizhuState(
        seed=state.seed,
        redeals=state.redeals,
        pack=state.pack,
        hands=hands,
        bottom=state.bottom,
        first_bidder=state.first_bidder,
        auction=state.auction,
        landlord=state.landlord,
        turn=turn,
        table_seat=table_seat,
        passes=passes,
        played=played,
        plays=plays,
        bombs=bombs,
        recent=recent,
    )


def _recent_json(entry: int) -> object:
    return None if entry == NO_ACTION else "pass" if entry == PASSED else codes_of(entry)


def _recent_mask(entry: object) -> int:
    return NO_ACTION if entry is None else PASSED if entry == "pass" else mask_of(entry)


def dump(state: DouDizhuState) -> JSON:
    return {
        "v": VERSION,
        "seed": state.seed,
        "redeals": state.redeals,
        "pack": codes_of(state.pack),
        "hands": [codes_of(h) for h in state.hands],
        "bottom": codes_of(state.bottom),
        "first_bidder": state.first_bidder,
        "auction": list(state.auction),
        "landlord": state.landlord,
        "turn": state.turn,
        "table_seat": state.table_seat,
        "passes": state.passes,
        "played": [codes_of(p) for p in state.played],
        "plays": list(state.plays),
        "bombs": state.bombs,
        "recent": [_recent_json(r) for r in state.recent],
    }


def load(data: JSON) -> DouDizhuState:
    if data.get("v") != VERSION:
        raise ValueError(f"dou_dizhu state version {data.get('v')!r}, expected {VERSION}")
    return DouDizhuState(
        seed=data["seed"],
        redeals=data["redeals"],
        pack=mask_of(data["pack"]),
        hands=tuple(mask_of(h) for h in data["hands"]),
        bottom=mask_of(data["bottom"]),
        first_bidder=data["first_bidder"],
        auction=tuple(data["auction"]),
        landlord=data["landlord"],
        turn=data["turn"],
        table_seat=data["table_seat"],
        passes=data["passes"],
        played=tuple(mask_of(p) for p in data["played"]),
        plays=tuple(data["plays"]),
        bombs=data["bombs"],
        recent=tuple(_recent_mask(r) for r in data["recent"]),
    )

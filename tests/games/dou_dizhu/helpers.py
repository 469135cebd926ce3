"""Short notation for Dou Dizhu tests: ranks as characters, suits filled in automatically.

`"33345"` means three 3s, a 4 and a 5; `B` is the black joker, `R` the red one; spaces are ignored.
"""

from __future__ import annotations

from collections import Counter

from games.core.cards import FRENCH_SUITS
from games.dou_dizhu import ENGINE
from games.dou_dizhu.cards import RANK_CHARS
from games.dou_dizhu.combos import Combo, classify
from games.dou_dizhu.state import DouDizhuState

_JOKERS = {"B": "BJ", "R": "RJ"}


def ranks(notation: str) -> list[str]:
    return [c for c in notation if not c.isspace()]


def packed(notation: str) -> int:
    """Packed rank counts of a notation (any number of copies, for classifier tests)."""
    counts = Counter("3456789TJQKA2BR".index(r) for r in ranks(notation))
    return sum(k << 4 * r for r, k in counts.items())


def combo(notation: str) -> Combo:
    found = classify(packed(notation))
    assert found is not None, f"{notation} is no combination"
    return found


def cards(notation: str, taken: set[str] | None = None) -> list[str]:
    """Card codes for the notation, each rank's suits in the order S H D C, skipping `taken` codes."""
    taken = set() if taken is None else taken
    out = []
    for r in ranks(notation):
        if r in _JOKERS:
            code = _JOKERS[r]
        else:
            assert r in RANK_CHARS, r
            code = next(r + s for s in FRENCH_SUITS if r + s not in taken)
        assert code not in taken, f"{code} is used twice"
        taken.add(code)
        out.append(code)
    return out


def fixed(
    hands: list[str], bottom: str, *, first_bidder: int = 0, landlord: int | None = None, bid: int = 1
) -> DouDizhuState:
    """A state from notations: three hands and the bottom, suits given out in order so none repeats.

    With `landlord` the auction is skipped: he bids `bid`, takes the bottom and leads."""
    taken: set[str] = set()
    deal: dict[str, object] = {
        "hands": [cards(h, taken) for h in hands],
        "bottom": cards(bottom, taken),
        "first_bidder": first_bidder,
    }
    if landlord is not None:
        deal.update(landlord=landlord, bid=bid)
    return ENGINE.new_game(seed=0, seats=3, deal=deal)


def play(state: DouDizhuState, seat: int, notation: str) -> DouDizhuState:
    """The seat plays cards of these ranks from its hand (lowest suits first)."""
    hand = ENGINE.view(state, seat)["hand"]
    chosen: list[str] = []
    for r in ranks(notation):
        code = _JOKERS.get(r) or next(c for c in hand if c[0] == r and c not in chosen)
        chosen.append(code)
    state, _ = ENGINE.apply(state, seat, {"type": "play", "cards": chosen})
    return state


def pass_(state: DouDizhuState, seat: int) -> DouDizhuState:
    state, _ = ENGINE.apply(state, seat, {"type": "pass"})
    return state


def bid(state: DouDizhuState, seat: int, value: int) -> DouDizhuState:
    action = {"type": "pass"} if value == 0 else {"type": "bid", "value": value}
    state, _ = ENGINE.apply(state, seat, action)
    return state

"""Settlement of a Dou Dizhu deal (rules §2.5): bid × multiplier, the landlord's share doubled, zero-sum."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.protocol import JSON

SEATS = 3


def spring(landlord_won: bool, landlord: int, plays: Sequence[int]) -> bool:
    """The landlord went out while neither farmer ever played a card (they only passed)."""
    return landlord_won and all(plays[s] == 0 for s in range(SEATS) if s != landlord)


def reverse_spring(landlord_won: bool, landlord: int, plays: Sequence[int]) -> bool:
    """A farmer went out while the landlord's opening lead was its only play."""
    return not landlord_won and plays[landlord] == 1


def multiplier(bombs: int, doubled_by_spring: bool) -> int:
    """2 per bomb or rocket played, 2 more for a spring or reverse spring; no cap."""
    return 2 ** (bombs + doubled_by_spring)


def scores(landlord: int, landlord_won: bool, bid: int, multiplier: int) -> list[int]:
    """Each farmer wins or loses bid × multiplier; the landlord twice that, the other way round."""
    stake = bid * multiplier if landlord_won else -bid * multiplier
    return [2 * stake if s == landlord else -stake for s in range(SEATS)]


def settle(landlord: int, winner: int, bid: int, bombs: int, plays: Sequence[int]) -> JSON:
    """The outcome of a deal that `winner` ended by going out."""
    landlord_won = winner == landlord
    sprung = spring(landlord_won, landlord, plays)
    reversed_ = reverse_spring(landlord_won, landlord, plays)
    m = multiplier(bombs, sprung or reversed_)
    return {
        "scores": scores(landlord, landlord_won, bid, m),
        "winner": winner,
        "winners": [landlord] if landlord_won else [s for s in range(SEATS) if s != landlord],
        "landlord": landlord,
        "landlord_won": landlord_won,
        "bid": bid,
        "bombs": bombs,
        "spring": sprung,
        "reverse_spring": reversed_,
        "multiplier": m,
    }

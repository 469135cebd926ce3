"""The end of a Kowah deal: the winner and his multiplier (rules §3.2 table, K9).

Kowah is not a money game: there is no stake and no running total, only "won ×3" or "won ×2".
A seat's score is the multiplier it won (0 for everyone else, and for all in a drawn deal), the
unit the bench counts in.
"""

from __future__ import annotations

from games.core.protocol import JSON
from games.kowah.state import SEATS, Result

# The win types; a correction to the seed's multipliers is a change of this table only.
MULTIPLIERS = {
    "self_draw": 3,  # the declarer draws his own winning card from the stock
    "opponent_draw": 2,  # another player draws it from the stock
    "discard": 2,  # another player discards it
}
STOCK_EXHAUSTED = "stock_exhausted"


def win_reason(winner: int, by: int, from_stock: bool) -> str:
    if not from_stock:
        return "discard"
    return "self_draw" if winner == by else "opponent_draw"


def settle(result: Result) -> JSON:
    """The outcome: scores per seat, the winner (or none in a drawn deal), multiplier and reason."""
    multiplier = None if result.winner is None else MULTIPLIERS[result.reason]
    scores = [multiplier if seat == result.winner else 0 for seat in range(SEATS)]
    return {
        "scores": scores,
        "winners": [] if result.winner is None else [result.winner],
        "winner": result.winner,
        "draw": result.winner is None,
        "multiplier": multiplier,
        "reason": result.reason,
        "card": result.card,
        "by": result.by,
    }

"""Settlement of a finished deal: points are the cards in each scoring pile (rules §2.2, P11).

Chuo Pai is not a money game: scores are points, not a zero-sum transfer. The highest score wins;
equal top scores make the deal a draw among those seats.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.protocol import JSON


def settle(piles: Sequence[Sequence[str]], hands: Sequence[Sequence[str]]) -> JSON:
    scores = [len(pile) for pile in piles]
    top = max(scores)
    winners = [seat for seat, score in enumerate(scores) if score == top]
    holder = next((seat for seat, hand in enumerate(hands) if hand), None)
    return {
        "scores": scores,
        "winners": winners,
        "draw": len(winners) > 1,
        # The last player still holding cards keeps them unscored (rules §2.2, end).
        "unscored": None if holder is None else {"seat": holder, "cards": len(hands[holder])},
    }

"""Bonuses (cước), the score of a win and the settlement (rules §1.2.6).

Every bonus is a row of `BONUSES` (main value, dịch): the seed fixes the values and the Tôm
cards are a reconstruction [uncertain], so corrections are edits of these tables. Without
Thập thành the score is the highest main value (ties: higher dịch) plus the dịch of every other
bonus instance; with Thập thành it is the sum of the main values of all instances (S6). A win
with no bonus is Ù xuông, 2 points. Each loser pays the score; the winner gets three times it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from games.chan.cards import CHI_CHI, is_red
from games.chan.hands import MIN_CHAN, PAIRS, Pairing
from games.chan.state import SEATS, Meld

U_XUONG = 2


@dataclass(frozen=True, slots=True)
class Bonus:
    key: str
    name: str
    main: int
    dich: int


BONUSES = {
    b.key: b
    for b in (
        Bonus("u_chi", "Ù chì", 3, 1),
        Bonus("thien_u", "Thiên ù", 3, 1),
        Bonus("tom", "Tôm", 4, 1),
        Bonus("bach_thu", "Bạch thủ", 4, 1),
        Bonus("leo", "Lèo", 5, 2),
        Bonus("thien_khai", "Thiên khai", 5, 2),
        Bonus("chiu_u", "Chíu ù", 5, 2),
        Bonus("bon", "Bòn", 5, 2),
        Bonus("bach_dinh", "Bạch định", 7, 4),
        Bonus("tam_do", "Tám đỏ", 8, 5),
        Bonus("kinh_tu_chi", "Kính tứ chi", 12, 9),
        Bonus("thap_thanh", "Thập thành", 12, 9),
    )
}
TOM = ("3V", "3S", "7N")  # Tam vạn, Tam sách, Thất văn [uncertain: the seed's list is garbled, C12]
LEO = ("9V", "8S", CHI_CHI)  # Cửu vạn, Bát sách, Chi chi
TAM_DO_RED = 8


@dataclass(frozen=True, slots=True)
class Win:
    """What the bonuses look at: the winner's 20 cards and how the win came about."""

    melds: tuple[Meld, ...]
    hand: tuple[str, ...]  # concealed, without the winning card; all dealt to the winner
    card: str | None  # the winning card; None for Thiên ù
    pairing: Pairing
    own_door: bool = False  # the winning card is the stock card the winner turned up himself
    heavenly: bool = False  # Thiên ù

    def cards(self) -> list[str]:
        return [c for m in self.melds for c in m.cards] + list(self.hand) + ([self.card] if self.card else [])


def bonuses(win: Win) -> tuple[tuple[str, int], ...]:
    """(bonus key, instances) for every applicable bonus, in table order; Tôm and Lèo count per set."""
    counts = Counter(win.cards())
    found = {
        "u_chi": win.own_door,
        "thien_u": win.heavenly,
        "tom": min(counts[c] for c in TOM),
        "bach_thu": _bach_thu(win),
        "leo": min(counts[c] for c in LEO),
        "thien_khai": any(n == 4 for n in Counter(win.hand).values()),
        "chiu_u": win.card is not None and win.hand.count(win.card) == 3,
        "bon": _bon(win, counts),
        **_colour(counts),
        "thap_thanh": win.pairing.chan == PAIRS,
    }
    return tuple((key, int(found[key])) for key in BONUSES if found[key])


def _bach_thu(win: Win) -> bool:
    """Exactly 6 Chắn and 4 Cạ, none of the Cạ in the winning card's rank (C13); not for Thiên ù."""
    pairing = win.pairing
    if win.card is None or pairing.chan != MIN_CHAN or len(pairing.ca) != PAIRS - MIN_CHAN:
        return False
    return win.card == CHI_CHI or win.card[0] not in pairing.ca


def _bon(win: Win, counts: Counter[str]) -> bool:
    """Four identical cards of which exactly two were dealt to the winner (a dealt pair grown to four)."""
    dealt = Counter(win.hand) + Counter(c for m in win.melds for c in m.from_hand)
    return any(n == 4 and dealt[code] == 2 for code, n in counts.items())


def _colour(counts: Counter[str]) -> dict[str, bool]:
    red = sum(n for code, n in counts.items() if is_red(code))
    return {
        "bach_dinh": red == 0,
        "tam_do": red == TAM_DO_RED,
        "kinh_tu_chi": counts[CHI_CHI] == 4 and red == 4,
    }


def score(found: Sequence[tuple[str, int]]) -> int:
    """The points each loser pays for a win with these bonus instances."""
    instances = [BONUSES[key] for key, n in found for _ in range(n)]
    if not instances:
        return U_XUONG
    if any(b.key == "thap_thanh" for b in instances):
        return sum(b.main for b in instances)
    main = max(instances, key=lambda b: (b.main, b.dich))
    return main.main + sum(b.dich for b in instances) - main.dich


def settle(winner: int | None, points: int) -> tuple[int, ...]:
    """Zero-sum: each loser pays `points`, the winner gets three times that; a draw settles 0."""
    if winner is None:
        return (0,) * SEATS
    return tuple((SEATS - 1) * points if seat == winner else -points for seat in range(SEATS))

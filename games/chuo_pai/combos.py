"""What a play is, what beats what, and which plays a hand holds (rules §2.2, P2–P6).

A play is 1–4 identical cards (family and rank of the identity) or a special combination: 2–4
cards of one kind, at least one key card and at least one matching card, nothing else (family
"special", rank of the kind). A play beats another of the same family and size with a strictly
higher rank; different identities never combine, even at equal rank.

Hands are multisets; these helpers take them as code → count mappings (a `Counter`).
`ordered_plays` answers the engine's legal lists from tables built once from the generators.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from games.chuo_pai.cards import (
    BY_CODE,
    CODES,
    COPIES,
    FAMILIES,
    SPECIAL,
    SPECIAL_KINDS,
    SpecialKind,
    sort_for_display,
)
from games.core.errors import IllegalAction, gettext_noop

MAX_SIZE = 4
_STRONGEST_FIRST = {
    family: sorted((i.code for i in BY_CODE.values() if i.family == family), key=lambda c: -BY_CODE[c].rank)
    for family in FAMILIES
}


@dataclass(frozen=True)
class Combo:
    family: str  # one of FAMILIES or SPECIAL
    rank: int
    size: int
    name: str  # the identity's code, or the special kind's key ("tian_jiu")

    def beats(self, other: Combo) -> bool:
        return self.family == other.family and self.size == other.size and self.rank > other.rank

    def to_json(self) -> dict[str, object]:
        return {"family": self.family, "rank": self.rank, "size": self.size, "name": self.name}


def spell(cards: Iterable[str]) -> str:
    return " ".join(cards)


def classify(cards: Sequence[str]) -> Combo | None:
    """The play these cards form, or None; the codes must be valid."""
    return _classify(tuple(cards))


@lru_cache(maxsize=4096)
def _classify(cards: tuple[str, ...]) -> Combo | None:
    """Cached (a Combo is frozen): every legal list sorts its plays by their combination."""
    if not 1 <= len(cards) <= MAX_SIZE:
        return None
    kinds = set(cards)
    if len(kinds) == 1:
        identity = BY_CODE[cards[0]]
        return Combo(identity.family, identity.rank, len(cards), identity.code)
    for kind in SPECIAL_KINDS:
        if kind.key_card in kinds and kinds <= {kind.key_card, *kind.matching}:
            return Combo(SPECIAL, kind.rank, len(cards), kind.key)
    return None


def refusal(cards: Sequence[str]) -> IllegalAction:
    """Why `cards` (valid codes) form no play, and what would."""
    if not cards:
        return IllegalAction(gettext_noop("Choose 1 to 4 cards to play."), "no_cards")
    if len(cards) > MAX_SIZE:
        return IllegalAction(
            gettext_noop("A play has at most 4 cards, not {count}."), "too_many_cards", count=len(cards)
        )
    if len({(BY_CODE[c].family, BY_CODE[c].rank) for c in cards}) == 1:
        return IllegalAction(
            gettext_noop("{cards} are different cards of equal rank: only identical cards form a set."),
            "equal_rank_mix",
            cards=spell(cards),
        )
    return IllegalAction(
        gettext_noop("{cards} is neither 1 to 4 identical cards nor a special combination ({specials})."),
        "not_a_play",
        cards=spell(cards),
        specials=special_recipes(),
    )


def special_recipes() -> str:
    return "; ".join(f"{kind.name}: {kind.key_card} with {' or '.join(kind.matching)}" for kind in SPECIAL_KINDS)


def ordinary_plays(hand: Mapping[str, int]) -> Iterator[tuple[str, ...]]:
    for code in CODES:
        for size in range(1, min(hand.get(code, 0), MAX_SIZE) + 1):
            yield (code,) * size


def special_plays(hand: Mapping[str, int], size: int | None = None) -> Iterator[tuple[str, ...]]:
    """Every special combination the hand can form (any split of key and matching cards)."""
    for kind in SPECIAL_KINDS:
        keys = min(hand.get(kind.key_card, 0), MAX_SIZE - 1)
        ranges = [range(min(hand.get(code, 0), MAX_SIZE - 1) + 1) for code in kind.matching]
        for k in range(1, keys + 1):
            for split in product(*ranges):
                matching = tuple(c for c, n in zip(kind.matching, split, strict=True) for _ in range(n))
                total = k + len(matching)
                if matching and total <= MAX_SIZE and size in (None, total):
                    yield (kind.key_card,) * k + matching


def lead_plays(hand: Mapping[str, int]) -> list[tuple[str, ...]]:
    """Every play the hand can lead."""
    return [*ordinary_plays(hand), *special_plays(hand)]


def beating_plays(hand: Mapping[str, int], target: Combo) -> list[tuple[str, ...]]:
    """Every play of the hand that beats `target`: same family, same size, strictly higher rank (P2)."""
    if target.family == SPECIAL:
        return [p for p in special_plays(hand, target.size) if _special_rank(p) > target.rank]
    return [
        (code,) * target.size
        for code in _STRONGEST_FIRST[target.family]
        if BY_CODE[code].rank > target.rank and hand.get(code, 0) >= target.size
    ][::-1]


def _special_rank(play: tuple[str, ...]) -> int:
    combo = classify(play)
    assert combo is not None
    return combo.rank


def play_order(cards: Sequence[str]) -> tuple[int, int, int, tuple[str, ...]]:
    """A deterministic order of plays: family, size, rank (weakest first), then codes."""
    return _play_order(tuple(cards))


@lru_cache(maxsize=4096)
def _play_order(cards: tuple[str, ...]) -> tuple[int, int, int, tuple[str, ...]]:
    combo = _classify(cards)
    assert combo is not None
    families = (*FAMILIES, SPECIAL)
    return families.index(combo.family), combo.size, combo.rank, cards


# --- the engine's legal lists from tables ---------------------------------------------------------
# `ordered_plays` gives what sorting `lead_plays` / `beating_plays` by `play_order` gives (cards in
# display order), without generating and sorting: that was a third of a random Chuo Pai move's time
# (2 December 2026).

# Every set of identical cards in play order as (code, size, play); per (family, size) as (rank, code, play).
_SETS = sorted(
    ((code, size, (code,) * size) for code in CODES for size in range(1, MAX_SIZE + 1)), key=lambda s: _play_order(s[2])
)
_SETS_BY_KIND = {
    (family, size): [
        (BY_CODE[code].rank, code, play) for code, n, play in _SETS if n == size and BY_CODE[code].family == family
    ]
    for family in FAMILIES
    for size in range(1, MAX_SIZE + 1)
}
_KINDS_WEAKEST_FIRST = sorted(SPECIAL_KINDS, key=lambda kind: kind.rank)


def _special_table(kind: SpecialKind) -> dict[tuple[int, int, int], list[list[tuple[str, ...]]]]:
    """(key cards held, each matching card held) → the kind's plays by size, each size in play order."""
    table = {}
    for held in product(range(COPIES + 1), repeat=3):
        hand = dict(zip((kind.key_card, *kind.matching), held, strict=True))
        by_size: list[list[tuple[str, ...]]] = [[] for _ in range(MAX_SIZE + 1)]
        for play in sorted(tuple(sort_for_display(p)) for p in special_plays(hand)):
            by_size[len(play)].append(play)
        table[held] = by_size
    return table


# Weakest kind first: (rank, key card, matching cards, table).
_SPECIAL_TABLES = [(kind.rank, kind.key_card, *kind.matching, _special_table(kind)) for kind in _KINDS_WEAKEST_FIRST]


def ordered_plays(hand: Sequence[str], target: Combo | None) -> list[tuple[str, ...]]:
    """The plays of `hand` (its cards, unlike the generators above) that lead (`target` None) or beat
    `target`, in `play_order`. A follower's few candidates are counted in the hand itself."""
    if target is None:
        count = Counter(hand).get
        plays = [play for code, size, play in _SETS if count(code, 0) >= size]
        specials = [table[count(key, 0), count(m1, 0), count(m2, 0)] for _, key, m1, m2, table in _SPECIAL_TABLES]
        for size in range(2, MAX_SIZE + 1):
            for by_size in specials:
                plays += by_size[size]
        return plays
    size, rank = target.size, target.rank
    if target.family == SPECIAL:
        return [
            play
            for kind_rank, key, m1, m2, table in _SPECIAL_TABLES
            if kind_rank > rank
            for play in table[hand.count(key), hand.count(m1), hand.count(m2)][size]
        ]
    return [play for r, code, play in _SETS_BY_KIND[target.family, size] if r > rank and hand.count(code) >= size]

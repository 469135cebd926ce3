"""Computer players for Kowah; each sees only its seat's view (`choose(view, legal, rng)`).

Levels (`LEVELS`): "einsteiger" `BeginnerBot`; "fortgeschritten" and "meister" both `BOT`
(`CheckiBot`): neither a one-draw look-ahead nor a search over playouts with greedy players (−0.12
units on seeds 0–119) beat it on the bench as Meister (docs/decisions.md).
`hint(view, legal, rng)` is Meister's choice with one sentence why (`games.kowah.advice`).

* `CheckiBot` (the default, `BOT`) builds towards Checki the way mahjong programs count
  "shanten" and "ukeire". Every hand it could keep gets a `Prospect`: the fewest cards missing
  from a Checki shape whose winning card still has a live copy (over every pair, every two
  triples, six of a rank and the same-rank two + two + one); then its promise, the unseen cards
  that would bring it a card nearer, each weighted by the live copies of the wait it leads to;
  then the best wait. Cards on the pile, in exposed pairs and among the cards opponents were seen
  to take count as gone. It keeps the best prospect and, between equals, throws the card the next
  seat is least likely to use. It takes a discard when that brings the hand nearer, or adds more
  promise than a blind draw is worth. It never discards a declared opponent's winning card (it
  always has another card to throw), so such a card is stuck and must fit into its own shape. It
  declares at once on the pair with the most live copies, unless every copy is already seen.
* `BeginnerBot` plays like a beginner who counts no cards: it takes a discard that makes a pair
  or a triple, throws the card in the fewest pairs and triples whatever it gives the next seat
  (even a declared opponent's winning card), and declares on the first pair it sees, though
  every copy of its winning card may be out already.
* `GreedyBot` is the bench's fixed yardstick (reference/computer-opponents.md §4.2): take the
  discard if it makes a single into a pair or a two into a triple, else draw; discard the card in
  the fewest pairs and triples; declare as soon as it may, on the pair with the most live copies.
* `RandomBot` plays a uniformly random legal action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from games.core.hints import Hint
from games.core.protocol import JSON
from games.core.rng import Rng
from games.kowah.cards import (
    CARDS,
    COPIES,
    HONOURS,
    RANKS,
    SUITS,
    is_honour,
    same_rank_cards,
    triple_key,
    without,
)

TRIPLE_KEYS = (*RANKS, *HONOURS)
NO_SHAPE = 99  # cards missing when no Checki shape with a live wait can be reached any more
GROUPS = {key: (key,) if key in HONOURS else same_rank_cards(key) for key in TRIPLE_KEYS}


def unseen_counts(view: JSON) -> dict[str, int]:
    """Copies of each card the viewer has not seen: not in his hand, the pile, exposed pairs or known cards."""
    seen = Counter(view["hand"]) + Counter(entry["card"] for entry in view["pile"])
    for other in view["seats"]:
        if other["seat"] != view["seat"]:
            seen.update(other["exposed"])
            seen.update(other["known"])
    return {card: COPIES - seen[card] for card in CARDS}


def enemy_waits(view: JSON) -> frozenset[str]:
    """The winning cards of declared opponents: discarding one hands him the deal (×2)."""
    return frozenset({s["wait"] for s in view["seats"] if s["wait"] and s["seat"] != view["seat"]})


class RandomBot:
    def choose(self, view: JSON, legal: Sequence[JSON], rng: Rng) -> JSON:
        return rng.choice(list(legal))


class GreedyBot:
    def choose(self, view: JSON, legal: Sequence[JSON], rng: Rng) -> JSON:
        hand = view["hand"]
        if view["phase"] == "draw":
            offer = view["offer"]
            return {"type": "take"} if {"type": "take"} in legal and self._improves(hand, offer) else legal[0]
        declares = [a for a in legal if a["type"] == "checki"]
        if declares:
            unseen = unseen_counts(view)
            return max(declares, key=lambda a: unseen[a["pair"]])
        weakest = min(self._ties(hand, a["card"]) for a in legal)
        return rng.choice([a for a in legal if self._ties(hand, a["card"]) == weakest])

    @staticmethod
    def _improves(hand: Sequence[str], card: str) -> bool:
        return hand.count(card) == 1 or sum(triple_key(c) == triple_key(card) for c in hand) == 2

    @staticmethod
    def _ties(hand: Sequence[str], card: str) -> int:
        """How many pairs and triples the card is part of: other copies plus other cards of its kind."""
        return hand.count(card) - 1 + sum(triple_key(c) == triple_key(card) for c in hand) - 1


@dataclass(frozen=True, order=True)
class Prospect:
    """How near eight cards are to a Checki shape with a live wait (ordered: better is greater)."""

    closeness: int  # minus the cards still missing from the nearest such shape
    promise: int  # unseen cards that would bring it one card nearer, each times the wait it leads to
    wait: int  # live copies of the best winning card among the nearest shapes


def prospect(hand: Sequence[str], unseen: dict[str, int], stuck: frozenset[str] = frozenset()) -> Prospect:
    """The hand's prospect; `stuck` cards (declared opponents' winning cards) can never be thrown,
    so every shape counted must use them."""
    return prospect_and_outs(hand, unseen, stuck)[0]


def prospect_and_outs(
    hand: Sequence[str], unseen: dict[str, int], stuck: frozenset[str] = frozenset()
) -> tuple[Prospect, set[str]]:
    """The hand's prospect and its outs: the cards that would bring it a card nearer to Checki."""
    ids = Counter(hand)
    nearest = Nearest(ids, unseen, frozenset(triple_key(c) for c in ids if c in stuck))
    shapes = [(nearest.missing(pair), pair) for pair in CARDS if unseen[pair] > max(0, 2 - ids[pair])]
    missing = min(shapes, default=(NO_SHAPE, ""))[0]
    if missing >= NO_SHAPE:
        return Prospect(-NO_SHAPE, 0, 0), set()
    # Each out is worth its unseen copies times the best wait of a nearest shape it helps.
    waits: dict[str, int] = {}
    for _, pair in (shape for shape in shapes if shape[0] == missing):
        wait = unseen[pair] - max(0, 2 - ids[pair])
        for card in nearest.outs(pair, missing):
            waits[card] = max(waits.get(card, 0), wait)
    best_wait = max(unseen[p] - max(0, 2 - ids[p]) for m, p in shapes if m == missing)
    return Prospect(-missing, sum(unseen[c] * w for c, w in waits.items()), best_wait), set(waits)


Option = tuple[int, dict[str, int], list[tuple[int, str, int]]]  # missing, cards needed, kinds needed


class Nearest:
    """The fewest cards missing from a Checki shape exposing a given pair, and the cards that would
    bring such a shape nearer: two triples of other kinds, six of another rank, or the same-rank
    two + two + one (K4). Kinds whose missing cards are no longer unseen are left out; kinds of
    stuck cards must be among the triples."""

    def __init__(self, ids: Counter[str], unseen: dict[str, int], stuck: frozenset[str]) -> None:
        self.ids, self.unseen, self.stuck = ids, unseen, stuck
        self.keys = keys = Counter(triple_key(c) for c in ids.elements())
        spare = {k: sum(unseen[c] for c in GROUPS[k]) for k in TRIPLE_KEYS}
        self.triples = sorted((max(0, 3 - keys[k]), k) for k in TRIPLE_KEYS if spare[k] >= 3 - keys[k])
        self.sixes = sorted((max(0, 6 - keys[r]), r) for r in RANKS if spare[r] >= 6 - keys[r])
        self.chosen: dict[tuple[str, int], tuple[int, list[tuple[int, str]]] | None] = {}

    def missing(self, pair: str) -> int:
        return min((option[0] for option in self._options(pair)), default=NO_SHAPE)

    def outs(self, pair: str, missing: int) -> set[str]:
        found: set[str] = set()
        for m, cards, kinds in self._options(pair):
            if m == missing:
                found.update(c for c, n in cards.items() if n)
                found.update(c for n, k, size in kinds if self.keys[k] < size for c in GROUPS[k])
        return found

    def _options(self, pair: str) -> Iterator[Option]:
        key, need = triple_key(pair), max(0, 2 - self.ids[pair])
        two = self._triples(key, 2) if key not in self.stuck else None
        if two is not None:
            yield need + two[0], {pair: need}, [(n, k, 3) for n, k in two[1]]
        six = next(((n, r) for n, r in self.sixes if r != key and self.stuck <= {r}), None)
        if six is not None and key not in self.stuck:
            yield need + six[0], {pair: need}, [(six[0], six[1], 6)]
        one = None if is_honour(pair) else self._triples(key, 1)
        if one is not None:
            for needs in _two_two_one(pair, self.ids):
                if all(self.unseen[c] >= n for c, n in needs.items()):
                    yield sum(needs.values()) + one[0], needs, [(n, k, 3) for n, k in one[1]]

    def _triples(self, pair_key: str, count: int) -> tuple[int, list[tuple[int, str]]] | None:
        """The fewest cards missing from `count` triples of kinds other than the pair's, the stuck
        kinds among them, and the kinds that are part of some such nearest choice."""
        if (pair_key, count) not in self.chosen:
            self.chosen[pair_key, count] = self._choose_triples(pair_key, count)
        return self.chosen[pair_key, count]

    def _choose_triples(self, pair_key: str, count: int) -> tuple[int, list[tuple[int, str]]] | None:
        stuck = self.stuck - {pair_key}
        fixed = [(n, k) for n, k in self.triples if k in stuck]
        free = [(n, k) for n, k in self.triples if k != pair_key and k not in stuck]
        slots = count - len(fixed)
        if len(fixed) < len(stuck) or slots < 0 or len(free) < slots:
            return None
        cutoff = free[slots - 1][0] if slots else -1
        chosen = sum(n for n, _ in fixed) + sum(n for n, _ in free[:slots])
        return chosen, fixed + [(n, k) for n, k in free if n <= cutoff]


def _two_two_one(pair: str, ids: Counter[str]) -> Iterator[dict[str, int]]:
    others = [pair[0] + suit for suit in SUITS if suit != pair[1]]
    for double, single in (others, others[::-1]):
        yield {pair: 2 - min(2, ids[pair]), double: 2 - min(2, ids[double]), single: 1 - min(1, ids[single])}


def best_keep(
    hand: Sequence[str], options: Sequence[str], unseen: dict[str, int], stuck: frozenset[str]
) -> tuple[Prospect, str]:
    """The best eight cards left by discarding one of `options`: (their prospect, the discard)."""
    return max((prospect(without(hand, card), unseen, stuck), card) for card in options)


def feeding(card: str, unseen: dict[str, int]) -> float:
    """How likely the next seat can use the card: unseen copies may pair it, unseen rank-mates triple it."""
    return unseen[card] + sum(unseen[c] for c in GROUPS[triple_key(card)]) / 2


class CheckiBot:
    def choose(self, view: JSON, legal: Sequence[JSON], rng: Rng) -> JSON:
        if len(legal) == 1:
            return legal[0]
        unseen, stuck = unseen_counts(view), enemy_waits(view)
        if view["phase"] == "draw":
            return {"type": "take"} if self._takes(view, unseen, stuck) else {"type": "draw"}
        declares = [a for a in legal if a["type"] == "checki" and a["card"] not in stuck]
        live = max((unseen[a["pair"]] for a in declares), default=0)
        if live > 0:
            return next(a for a in declares if unseen[a["pair"]] == live)
        cards = [a["card"] for a in legal if a["type"] == "discard"]
        safe = [card for card in cards if card not in stuck] or cards
        # Among equally good keeps, throw the card the next seat is least likely to take.
        keeps = {c: (prospect(without(view["hand"], c), unseen, stuck), -feeding(c, unseen)) for c in safe}
        return {"type": "discard", "card": max(safe, key=keeps.__getitem__)}

    @staticmethod
    def _takes(view: JSON, unseen: dict[str, int], stuck: frozenset[str]) -> bool:
        """Take the discard when it brings the hand a card nearer to Checki; at the same distance,
        when it adds more promise than a blind draw is worth: the draw finds an out with chance
        promise / unseen now, the take keeps the extra promise until the next step is made."""
        hand, offer = view["hand"], view["offer"]
        options = sorted(set(hand) - {offer} - stuck) or sorted(set(hand) - {offer})
        after, _ = best_keep([*hand, offer], options, unseen, stuck)
        now = prospect(hand, unseen, stuck)
        if after.closeness != now.closeness:
            return after.closeness > now.closeness
        return after.promise - now.promise > now.promise**2 / (2 * sum(unseen.values()))


class BeginnerBot:
    def choose(self, view: JSON, legal: Sequence[JSON], rng: Rng) -> JSON:
        if len(legal) == 1:
            return legal[0]
        hand = view["hand"]
        if view["phase"] == "draw":
            improves = {"type": "take"} in legal and GreedyBot._improves(hand, view["offer"])
            return {"type": "take"} if improves else {"type": "draw"}
        declares = [a for a in legal if a["type"] == "checki"]
        if declares:
            return declares[0]
        cards = sorted({a["card"] for a in legal})
        loosest = min(GreedyBot._ties(hand, c) for c in cards)
        return {"type": "discard", "card": rng.choice([c for c in cards if GreedyBot._ties(hand, c) == loosest])}


BOT = CheckiBot()
MEISTER = BOT  # the strongest Kowah player we have; see the module docstring
LEVELS = {"einsteiger": BeginnerBot(), "fortgeschritten": BOT, "meister": MEISTER}


def hint(view: JSON, legal: Sequence[JSON], rng: Rng) -> Hint:
    """What Meister would do from this view, and why (games.core.hints)."""
    from games.kowah.advice import reason  # advice reads this module's prospects

    action = MEISTER.choose(view, legal, rng)
    return Hint(action, *reason(view, legal, action))

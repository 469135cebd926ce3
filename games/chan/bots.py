"""Computer players for Chắn; each sees only its own seat's view and its legal actions.

`BOT` (ChanBot) always wins and always Chíus when allowed (a Chíu turns a triple's leftover into
a second Chắn). Otherwise it scores each candidate hand with `Outlook.value`: Chắn and Cạ held
(exposed or concealed), the live copies that could still pair each unpaired card, and, once one
card is left alone, the live copies of its exact winning cards. A hand that can no longer reach
six Chắn is worth almost nothing, so melds that would spoil it are refused. Discards keep the
best hand and avoid cards the next seat could meld (it may not take identities in its
`no_take`, nor Cạ after discarding one). The baselines are `RandomBot` (uniform, but it always
takes a win) and `GreedyBot` (meld whenever possible, Chắn first; discard the card with the
fewest live copies; always Chíu and win), as in reference/computer-opponents.md §4.2.

The levels (`LEVELS`): "einsteiger" is `CarelessBot` (BOT's evaluation without counting a ready
hand's winning cards, and it overlooks a possible meld now and then), "fortgeschritten" is `BOT`,
"meister" is `PlayoutBot`, which plays BOT's two best moves out in sampled worlds
(`games.chan.search`) on its own turns. `hint` explains the Meister's move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from games.chan.cards import IDENTITIES, SUITS, sort_key
from games.chan.hands import MIN_CHAN, total_pairing, winning_pairing
from games.chan.legality import Holding, legal_discards
from games.chan.search import own_turn, playout_values
from games.chan.state import SEATS, Meld
from games.core.errors import gettext_noop
from games.core.hints import Hint
from games.core.protocol import JSON
from games.core.rng import Rng

WIN = {"type": "win"}
CHIU = {"type": "chiu"}

# Weights of the hand evaluation (points of an imagined "progress" scale).
# A pair held, Chắn or Cạ, brings the hand equally close to ten pairs (tempo wins this game, as
# the bench showed); the six Chắn are looked after by the reach check, SPOILED and TIGHT.
CHAN, CA = 11.0, 11.0
LIVE_SAME, LIVE_RANK = 0.6, 0.15  # per live copy that could pair an unpaired card as Chắn / Cạ
READY, PER_OUT = 20.0, 3.0  # one card alone: a bonus, plus per live winning card
SPOILED = -200.0  # six Chắn are out of reach
TIGHT = -5.0  # six Chắn need every unpaired card that can still become a Chắn
REVEAL_CHANCE = 2.0  # declining a discard turns up a stock card: another chance this turn
FEED_CHAN, FEED_CA = 10.0, 3.0  # cost of the next seat's chance to meld our discard (bench: fewer feeds than greedy)


def own_holding(view: JSON) -> Holding:
    seat = view["seat"]
    melds = tuple(Meld(m["kind"], m["taken"], tuple(m["cards"][1:])) for m in view["melds"][seat])
    return Holding(tuple(view["hand"]), melds, tuple(view["discarded"][seat]), tuple(view["frozen"]))


def live_copies(view: JSON) -> Counter[str]:
    """Copies of each identity this seat has not seen: in the stock or in other hands."""
    seen = Counter(view["hand"])
    seen.update(c for row in view["melds"] for m in row for c in m["cards"])
    seen.update(d["card"] for row in view["doors"] for d in row)
    return Counter({code: 4 - seen[code] for code in IDENTITIES if seen[code] < 4})


@dataclass(frozen=True)
class Outlook:
    """What this seat knows that the evaluation needs: live copies and the next seat's limits."""

    live: Counter[str]
    next_hand: int
    next_no_take: frozenset[str]
    next_no_ca: bool

    @classmethod
    def of(cls, view: JSON) -> Outlook:
        nxt = (view["seat"] + 1) % SEATS
        limits = view["restrictions"][nxt]
        return cls(live_copies(view), view["hand_counts"][nxt], frozenset(limits["no_take"]), limits["discarded_ca"])

    def rank_live(self, card: str) -> int:
        if card == "CC":
            return 0
        return sum(self.live[card[0] + suit] for suit in SUITS if suit != card[1])

    def value(self, h: Holding) -> float:
        pairing = total_pairing(h.melds, h.hand)
        held = CHAN * pairing.chan + CA * len(pairing.ca)
        alone = pairing.unpaired
        if len(alone) == 1:
            return held + READY + PER_OUT * self.outs(h)
        chanable = sum(1 for c in alone if self.live[c] and c not in h.discarded)
        reach = min((len(alone) + 1) // 2, chanable) - (MIN_CHAN - pairing.chan)
        if reach < 0:
            return held + SPOILED
        potential = sum(
            LIVE_SAME * self.live[c] + (0 if c in h.frozen else LIVE_RANK * self.rank_live(c)) for c in alone
        )
        return held + potential + (TIGHT if reach == 0 else 0.0)

    def outs(self, h: Holding) -> int:
        """Live copies of the cards that would complete this hand."""
        return sum(n for code, n in self.live.items() if winning_pairing(h.melds, (*h.hand, code), code))

    def feed(self, card: str) -> float:
        """How much discarding `card` may help the next seat meld it."""
        unseen = sum(self.live.values()) or 1
        miss = max(0.0, 1 - self.next_hand / unseen)
        if card in self.next_no_take:
            return 0.0
        chan = 1 - miss ** self.live[card]
        ca = 0.0 if self.next_no_ca else 1 - miss ** self.rank_live(card)
        return FEED_CHAN * chan + FEED_CA * ca

    def after_discard(self, h: Holding, card: str) -> float:
        left = list(h.hand)
        left.remove(card)
        return self.value(h._replace(hand=tuple(left), discarded=(*h.discarded, card))) - self.feed(card)

    def best_discard(self, h: Holding) -> tuple[float, str | None]:
        return max(((self.after_discard(h, c), c) for c in legal_discards(h)), default=(SPOILED, None))


class NoOutsOutlook(Outlook):
    """A beginner's reading of the hand: pairs and live copies, but a ready hand's winning cards
    are not counted (the costly part of the evaluation)."""

    def outs(self, h: Holding) -> int:
        return 0


@dataclass(frozen=True)
class ChanBot:
    outlook: type[Outlook] = Outlook

    def choose(self, view: JSON, legal: Sequence[JSON], rng: Rng) -> JSON:
        return self.ranked(view, legal)[0]

    def ranked(self, view: JSON, legal: Sequence[JSON]) -> list[JSON]:
        """The legal actions best first: a win, a Chíu, else by the value of the hand they leave."""
        for sure in (WIN, CHIU):
            if sure in legal:
                return [sure, *(a for a in legal if a != sure)]
        outlook, h = self.outlook.of(view), own_holding(view)
        discards = [a for a in legal if a["type"] == "discard"]
        if discards:
            return sorted(discards, key=lambda a: (outlook.after_discard(h, a["card"]), a["card"]), reverse=True)
        return sorted(legal, key=lambda a: self._offer_value(view, outlook, h, a), reverse=True)

    @staticmethod
    def _offer_value(view: JSON, outlook: Outlook, h: Holding, action: JSON) -> float:
        offered = (view["offer"] or {}).get("card")
        if action["type"] == "meld":
            kind = "chan" if action["card"] == offered else "ca"
            return outlook.best_discard(h.after_meld(Meld(kind, offered, (action["card"],))))[0]
        # Declining an identical card freezes it (R4c): value the hand as it will be.
        frozen = h.frozen + ((offered,) if offered and offered in h.hand else ())
        declined = outlook.value(h._replace(frozen=frozen))
        return declined + (REVEAL_CHANCE if action["type"] == "reveal" else 0.0)


class GreedyBot:
    """The yardstick: meld whenever possible (Chắn first), discard the card with fewest live copies."""

    def choose(self, view: JSON, legal: Sequence[JSON], rng: Rng) -> JSON:
        for sure in (WIN, CHIU):
            if sure in legal:
                return sure
        melds = [a for a in legal if a["type"] == "meld"]
        if melds:
            offered = view["offer"]["card"]
            return next((a for a in melds if a["card"] == offered), melds[0])
        discards = [a for a in legal if a["type"] == "discard"]
        if discards:
            live = live_copies(view)
            return min(discards, key=lambda a: (live[a["card"]], sort_key(a["card"])))
        return next(a for a in legal if a["type"] in ("pass", "reveal"))


@dataclass(frozen=True)
class CarelessBot:
    """The Einsteiger: today's evaluation without counting a ready hand's winning cards, and it
    overlooks a possible meld now and then. It never misses a win or a Chíu."""

    overlook: float = 0.3

    def choose(self, view: JSON, legal: Sequence[JSON], rng: Rng) -> JSON:
        if any(a["type"] == "meld" for a in legal) and rng.random() < self.overlook:
            legal = [a for a in legal if a["type"] != "meld"]
        return BEGINNER.choose(view, legal, rng)


class RandomBot:
    """Uniform over the legal actions, except that a win is always taken."""

    def choose(self, view: JSON, legal: Sequence[JSON], rng: Rng) -> JSON:
        return WIN if WIN in legal else rng.choice(list(legal))


BOT = ChanBot()


@dataclass(frozen=True)
class PlayoutBot:
    """The Meister: on its own turn it plays BOT's best few actions out in the same sampled worlds
    (`games.chan.search`) and takes the one with the best mean settlement; BOT's own choice gets
    `prior` points ahead, so that sampling noise alone does not overturn it. With 8 worlds and 3
    candidates the noise did overturn it (a settlement's spread is about 9 points a world), and
    the search played worse than BOT; 32 worlds for 2 candidates (64 playouts) play better."""

    worlds: int = 32
    candidates: int = 2
    prior: float = 1.0

    def choose(self, view: JSON, legal: Sequence[JSON], rng: Rng) -> JSON:
        return self.plan(view, legal, rng)[0]

    def plan(self, view: JSON, legal: Sequence[JSON], rng: Rng) -> tuple[JSON, list[JSON], list[float] | None]:
        """The chosen action, the candidates (BOT's order) and their playout values (None: not searched)."""
        ranked = BOT.ranked(view, legal)
        candidates = ranked[: self.candidates]
        if ranked[0] in (WIN, CHIU) or len(candidates) == 1 or not own_turn(view):
            return ranked[0], candidates, None
        values = playout_values(view, candidates, self.worlds, _policy, _greedy_policy, rng)
        values[0] += self.prior
        best = max(range(len(candidates)), key=values.__getitem__)
        return candidates[best], candidates, values


def _policy(view: JSON, legal: list[JSON]) -> JSON:
    return BOT.ranked(view, legal)[0]


def _greedy_policy(view: JSON, legal: list[JSON]) -> JSON:
    return GREEDY.choose(view, legal, None)


GREEDY = GreedyBot()
BEGINNER = ChanBot(NoOutsOutlook)
MEISTER = PlayoutBot()
LEVELS = {"einsteiger": CarelessBot(), "fortgeschritten": BOT, "meister": MEISTER}

ONLY = gettext_noop("This is the only move you have here.")
WIN_ON = gettext_noop("{card} completes your hand: declare Ù.")
THIEN_U = gettext_noop("Your twenty cards already make a winning hand: declare Thiên ù.")
CHIU_ON = gettext_noop("You hold three {card}: take the fourth as a Chíu, it makes two Chắn at once.")
MELD_CHAN = gettext_noop("{card} completes a Chắn pair with yours: take it.")
MELD_CA = gettext_noop("{card} makes a Cạ with your {partner}: take it, a pair brings you closer to ten.")
LEAVE = gettext_noop("Leave {card}: taking it would cost your hand more than it gives.")
NOTHING = gettext_noop("Nothing in your hand pairs with {card}: leave it.")
DISCARD_SAFE = gettext_noop("Discard {card}: the next player cannot meld it, and your pairs stay intact.")
DISCARD_LONE = gettext_noop("Discard the lone {card}: it pairs with nothing in your hand.")
DISCARD_KEEP = gettext_noop("Discard {card}: it keeps your pairs and your best chances together.")


def hint(view: JSON, legal: Sequence[JSON], rng: Rng) -> Hint:
    """What the Meister does on this seat's view, with the reason in one sentence. Cards in `params`
    are codes under the names the engine's refusals use ("card", "partner"): the table names them in
    words in the page's language, as it does for refusals."""
    action = MEISTER.choose(view, legal, rng)
    offered = (view["offer"] or {}).get("card")
    if len(legal) == 1:
        return Hint(action, ONLY)
    kind = action["type"]
    if kind == "win":
        return Hint(action, THIEN_U) if offered is None else Hint(action, WIN_ON, {"card": offered})
    if kind == "chiu":
        return Hint(action, CHIU_ON, {"card": offered})
    if kind == "meld":
        if action["card"] == offered:
            return Hint(action, MELD_CHAN, {"card": offered})
        return Hint(action, MELD_CA, {"card": offered, "partner": action["card"]})
    if kind == "discard":
        return _discard_hint(view, action)
    could_meld = any(a["type"] == "meld" for a in legal)
    return Hint(action, LEAVE if could_meld else NOTHING, {"card": offered})


def _discard_hint(view: JSON, action: JSON) -> Hint:
    card, outlook, h = action["card"], Outlook.of(view), own_holding(view)
    params = {"card": card}
    if outlook.feed(card) == 0:
        return Hint(action, DISCARD_SAFE, params)
    if card in total_pairing(h.melds, h.hand).unpaired:
        return Hint(action, DISCARD_LONE, params)
    return Hint(action, DISCARD_KEEP, params)

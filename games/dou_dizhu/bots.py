"""Computer players for Dou Dizhu. Each sees only its seat's view and the legal actions.

`BOT` (a `PlannerBot`) plays like a decent human (reference/computer-opponents.md §2.1, §2.5):

* **Bidding** by hand strength: jokers, 2s, bombs and how few turns the hand needs to go out.
* **Planning**: the hand is split into the combinations that go out in the fewest turns
  (`planner.plan`); a leader plays the weakest combination of that plan, and runs out its
  unbeatable ones first when the rest can follow.
* **Following cheaply**: it answers only with plays that keep its plan as good (or better),
  cheapest first; when an opponent is close to going out it beats with whatever it takes.
* **Bombs** are kept for when they matter: to win the deal, or to stop an opponent with few cards.
* **Farmers cooperate**: a farmer does not beat its partner's play unless that wins or blocks a
  landlord about to go out, and it feeds a partner with one or two cards left the lowest single
  or pair.
* **Endgame search** (`search.py`): once all hands together hold at most 20 cards, it deals the
  cards it cannot see into 16 worlds consistent with the card counts and the public bottom, solves
  each exactly (landlord against the farmer team) and plays the move that wins the most worlds,
  keeping the heuristic's move on a tie. Node budgets bound the time (p99 well under a second).

Everything is deterministic for a given `rng`, so benches and tests repeat exactly.

`RandomBot` (uniform over the legal actions) and `GreedyBot` (smallest beating play; lead the
longest play holding the lowest card) are the baselines the bench measures against.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.protocol import JSON
from games.core.rng import Rng
from games.dou_dizhu import search
from games.dou_dizhu.cards import BLACK_JOKER, FULL_MASK, ONE, RED_JOKER, TWO, count_list, counts_of, mask_of, rank_of
from games.dou_dizhu.combos import CATALOGUE, Combo, Kind, answers
from games.dou_dizhu.planner import plan, value

SEATS = 3


def _packed(cards: list[str]) -> int:
    return counts_of(mask_of(cards))


def _plays_by_counts(legal: list[JSON]) -> dict[int, JSON]:
    """The legal plays keyed by their packed rank counts (one action per rank combination)."""
    return {_packed(a["cards"]): a for a in legal if a["type"] == "play"}


def _pass_or_first(legal: list[JSON]) -> JSON:
    return next((a for a in legal if a["type"] == "pass"), legal[0])


class RandomBot:
    """Uniformly random over the legal actions, bidding included."""

    def choose(self, view: JSON, legal: list[JSON], rng: Rng) -> JSON:
        return rng.choice(legal)


class GreedyBot:
    """The bench's yardstick (reference/computer-opponents.md §3.3): follow with the lowest non-bomb
    beating play, else the lowest bomb or the rocket, never passing when it can beat (partner or
    not); lead the longest play that holds the lowest card. Bids by its count of 2s and jokers."""

    def choose(self, view: JSON, legal: list[JSON], rng: Rng) -> JSON:
        if view["phase"] == "bidding":
            return _bid_up_to(legal, min(3, _high_cards(_packed(view["hand"]))))
        plays = _plays_by_counts(legal)
        if view["table"] is not None:
            if not plays:
                return _pass_or_first(legal)
            best = min(plays, key=lambda p: (CATALOGUE[p].is_bomb, CATALOGUE[p].key, CATALOGUE[p].size))
            return plays[best]
        lowest = count_list(_packed(view["hand"]))
        low_rank = next(r for r, k in enumerate(lowest) if k)
        holding = [p for p in plays if count_list(p)[low_rank]]
        best = max(holding, key=lambda p: (CATALOGUE[p].size, -_rank_sum(p)))
        return plays[best]


def _rank_sum(packed: int) -> int:
    return sum(r * k for r, k in enumerate(count_list(packed)))


def _high_cards(hand: int) -> int:
    c = count_list(hand)
    return c[TWO] + c[BLACK_JOKER] + c[RED_JOKER]


def _bid_up_to(legal: list[JSON], most: int) -> JSON:
    """The highest allowed bid not above `most`, else pass."""
    bids = [a for a in legal if a["type"] == "bid" and a["value"] <= most]
    return bids[-1] if bids else _pass_or_first(legal)


# --- the planner bot ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Table:
    """One decision's reading of the view."""

    me: int
    hand: int  # packed
    landlord: int
    counts: tuple[int, ...]  # cards held per seat
    unseen: int  # packed counts of every card held by the others

    @property
    def farmer(self) -> bool:
        return self.me != self.landlord

    @property
    def partner(self) -> int | None:
        return next((s for s in range(SEATS) if s not in (self.me, self.landlord)), None) if self.farmer else None

    @property
    def opponents(self) -> list[int]:
        return [self.landlord] if self.farmer else [s for s in range(SEATS) if s != self.me]

    def fewest(self) -> int:
        """The fewest cards any opponent holds."""
        return min(self.counts[s] for s in self.opponents)

    def beatable(self, combo: Combo) -> bool:
        """Whether the opponents might beat `combo`: some answer lies in the unseen cards and fits
        an opponent's hand size (for a farmer, the partner's cards are counted in, to be safe)."""
        most = max(self.counts[s] for s in self.opponents)
        return any(CATALOGUE[a].size <= most for a in answers(self.unseen, combo))


def read_table(view: JSON) -> Table:
    seen = mask_of(view["hand"]) | mask_of([c for cards in view["played"] for c in cards])
    return Table(
        me=view["seat"],
        hand=_packed(view["hand"]),
        landlord=view["landlord"],
        counts=tuple(view["hand_counts"]),
        unseen=counts_of(FULL_MASK & ~seen),
    )


class PlannerBot:
    """Plays from its hand plan; see the module docstring."""

    bid_thresholds = (6, 9, 12)  # hand strength needed to bid 1, 2, 3 (self-play landlord wins ~0.5, ~0.6, ~0.75)
    urgent_cards = 2  # an opponent with this many cards or fewer must be stopped at any price
    control_cost = 4.0  # the price of a 2 or joker spent while the opponents hold many cards
    search_cards = 20  # search the endgame once all hands together hold at most this many cards
    worlds = 16  # deals of the unseen cards solved per searched decision
    node_budget = 3000  # positions per world; a bigger world is dropped
    decision_budget = 24000  # positions per decision, all worlds together (bounds the time)

    def choose(self, view: JSON, legal: list[JSON], rng: Rng) -> JSON:
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "bidding":
            return self._bid(view, legal)
        plays = _plays_by_counts(legal)
        t = read_table(view)
        chosen = self._lead(t) if view["table"] is None else self._follow(t, view["table"], plays)
        if sum(t.counts) <= self.search_cards:
            chosen = self._search(view, t, list(plays), chosen, rng)
        return plays[chosen] if chosen is not None else _pass_or_first(legal)

    # --- endgame search

    def _search(self, view: JSON, t: Table, plays: list[int], heuristic: int | None, rng: Rng) -> int | None:
        """The move that wins the most sampled worlds; the heuristic's move when it is among them."""
        table = view["table"]
        candidates = plays if table is None else [*plays, search.PASS]
        known = []
        if t.farmer:
            landlord_played = set(view["played"][t.landlord])
            known = [rank_of(c) for c in view["bottom"] if c not in landlord_played]
        unseen = search.ranks_of(t.unseen)
        positions = [
            search.Position(
                hands=search.sample_world(t.me, t.hand, unseen, t.counts, t.landlord, known, rng),
                landlord=t.landlord,
                turn=t.me,
                table=0 if table is None else _packed(table["cards"]),
                table_seat=t.me if table is None else table["seat"],
                passes=view["passes"],
            )
            for _ in range(self.worlds)
        ]
        wins = search.best_moves(positions, candidates, not t.farmer, self.node_budget, self.decision_budget)
        top = max(wins.values())
        mine = search.PASS if heuristic is None else heuristic
        if top == 0 or wins[mine] == top:
            return heuristic
        best = next(m for m in search.ordered_moves(t.hand, positions[0].table) if wins.get(m) == top)
        return None if best == search.PASS else best

    # --- bidding

    def _bid(self, view: JSON, legal: list[JSON]) -> JSON:
        strength = hand_strength(_packed(view["hand"]))
        most = sum(strength >= t for t in self.bid_thresholds)
        if most == 0 and view["auction"] and len(view["auction"]) == 2 and not any(a["bid"] for a in view["auction"]):
            most = int(strength >= self.bid_thresholds[0] - 3)  # last to speak after two passes: avoid a redeal
        return _bid_up_to(legal, most)

    # --- leading

    def _lead(self, t: Table) -> int:
        current = plan(t.hand)
        if current.turns == 1:
            return current.combos[0]
        fed = self._feed_partner(t)
        if fed is not None:
            return fed
        combos = [CATALOGUE[p] for p in current.combos]
        safe = [c for c in combos if not t.beatable(c)]
        if len(safe) >= len(combos) - 1:
            # Run out: the unbeatable ones first (bombs last among them), the last one at the end.
            return min(safe, key=lambda c: (c.is_bomb, value(c))).counts
        return min(combos, key=lambda c: self._lead_cost(t, c)).counts

    def _lead_cost(self, t: Table, combo: Combo) -> tuple[float, ...]:
        """Lower leads first: ordinary before bombs, not into an opponent about to go out, weak before
        strong, more cards before fewer."""
        danger = t.fewest()
        feeds = combo.size <= danger <= self.urgent_cards and t.beatable(combo)
        return (combo.is_bomb, feeds, value(combo) - combo.size / 4)

    def _feed_partner(self, t: Table) -> int | None:
        """A farmer leads its lowest pair to a partner with two cards left, else its lowest single to a
        partner with one or two."""
        partner = t.partner
        if partner is None or t.counts[partner] > 2:
            return None
        c = count_list(t.hand)
        if t.counts[partner] == 2:
            pair = next((r for r in range(TWO + 1) if c[r] == 2), None)
            if pair is not None:
                return 2 * ONE[pair]
        return ONE[next(r for r in range(RED_JOKER + 1) if c[r])]

    # --- following

    def _follow(self, t: Table, table: JSON, plays: dict[int, JSON]) -> int | None:
        if not plays:
            return None
        if t.hand in plays:
            return t.hand  # goes out
        target = CATALOGUE[_packed(table["cards"])]
        if table["seat"] == t.partner:
            return self._over_partner(t, target, plays)
        ordinary = [p for p in plays if not CATALOGUE[p].is_bomb]
        current = plan(t.hand)
        urgent = t.fewest() <= self.urgent_cards
        best, gain = None, float("-inf")
        for p in ordinary:
            combo = CATALOGUE[p]
            g = plan(t.hand - p).score - current.score - self._spend_cost(t, combo, urgent)
            if g > gain:
                best, gain = p, g
        if best is not None and (urgent or gain >= 0):
            return best
        return self._bomb(t, plays, urgent)

    def _spend_cost(self, t: Table, combo: Combo, urgent: bool) -> float:
        """Holding back controls (2s, jokers) while the opponents still have many cards."""
        if urgent or combo.key < TWO or t.fewest() <= 6:
            return 0.0
        return self.control_cost

    def _bomb(self, t: Table, plays: dict[int, JSON], urgent: bool) -> int | None:
        """The lowest bomb (the rocket last) if it wins the deal or stops an opponent going out."""
        bombs = sorted((p for p in plays if CATALOGUE[p].is_bomb), key=lambda p: CATALOGUE[p].kind is Kind.ROCKET)
        for p in bombs:
            rest = plan(t.hand - p)
            safe = sum(not t.beatable(CATALOGUE[c]) for c in rest.combos)
            if urgent or rest.turns <= 1 + safe:
                return p
        return None

    def _over_partner(self, t: Table, target: Combo, plays: dict[int, JSON]) -> int | None:
        """Let the partner's play stand unless beating it wins, or the landlord (next, with at most two
        cards) could beat it: then block with the highest ordinary play the landlord cannot beat."""
        for p in plays:
            rest = plan(t.hand - p)
            if rest.turns == 1 and not CATALOGUE[p].is_bomb and not t.beatable(CATALOGUE[p]):
                return p
        landlord_next = (t.me + 1) % SEATS == t.landlord
        if landlord_next and t.counts[t.landlord] <= 2 and t.beatable(target):
            blocks = [p for p in plays if not CATALOGUE[p].is_bomb and not t.beatable(CATALOGUE[p])]
            if blocks:
                return max(blocks, key=lambda p: CATALOGUE[p].key)
        return None


def hand_strength(hand: int) -> float:
    """Bidding strength: high cards and bombs, plus a bonus for a hand that needs few turns."""
    c = count_list(hand)
    strength = 2.0 * c[TWO] + 3.0 * c[BLACK_JOKER] + 4.0 * c[RED_JOKER] + 1.0 * c[TWO - 1]
    strength += 6.0 * sum(1 for r in range(TWO + 1) if c[r] == 4)
    strength += max(0, 8 - plan(hand).turns)
    return strength


BOT = PlannerBot()

# Until each level has its own player, every level plays as BOT.
LEVELS = dict.fromkeys(("einsteiger", "fortgeschritten", "meister"), BOT)

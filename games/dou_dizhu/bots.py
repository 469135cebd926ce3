"""Computer players for Dou Dizhu. Each sees only its seat's view and the legal actions.

`LEVELS` (issue 15; measured by bench/dou_dizhu_vs_rlcard.py, figures in docs/decisions.md):

* **einsteiger** (`EinsteigerBot`): the planner without card counting or endgame search, bidding
  by its 2s and jokers, and playing like `GreedyBot` on 15 % of its moves. p99 about 2 ms.
* **fortgeschritten** (`BOT`, a `PlannerBot`): below.
* **meister** (`MeisterBot`): plays every candidate move out over sampled deals of the unseen
  cards with the planner in all seats and picks by average settlement; the exact endgame search
  near the end; bids by playouts. Budgets are counts, so it is deterministic for a given `rng`.

`hint(view, legal, rng)` is the Meister's move with one sentence why (`games.core.hints.Hint`).

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

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, replace

from games.core.errors import gettext_noop
from games.core.hints import Hint
from games.core.protocol import JSON
from games.core.rng import Rng
from games.dou_dizhu import playout, search
from games.dou_dizhu.cards import (
    BLACK_JOKER,
    FULL_MASK,
    ONE,
    RED_JOKER,
    TWO,
    count_list,
    counts_of,
    mask_of,
    rank_of,
    spell,
)
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
        table = view["table"]
        chosen = self.decide(t, 0 if table is None else _packed(table["cards"]), table and table["seat"], list(plays))
        if sum(t.counts) <= self.search_cards:
            chosen, _ = self._search(view, t, list(plays), chosen, rng)
        return plays[chosen] if chosen is not None else _pass_or_first(legal)

    def decide(self, t: Table, table: int, table_seat: int | None, plays: list[int]) -> int | None:
        """The heuristic's move on packed counts: a play (packed) or None to pass. `table` is the
        combination to beat (0 when leading), `plays` the legal plays. The playouts call this too."""
        return self._lead(t) if table == 0 else self._follow(t, table, table_seat, plays)

    # --- endgame search

    def _search(
        self, view: JSON, t: Table, plays: list[int], heuristic: int | None, rng: Rng
    ) -> tuple[int | None, bool]:
        """The move that wins the most sampled worlds (the heuristic's move when it is among them),
        and whether it wins them all."""
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
            return heuristic, top == self.worlds
        best = next(m for m in search.ordered_moves(t.hand, positions[0].table) if wins.get(m) == top)
        return (None if best == search.PASS else best), top == self.worlds

    # --- bidding

    def _bid(self, view: JSON, legal: list[JSON]) -> JSON:
        strength = hand_strength(_packed(view["hand"]))
        most = sum(strength >= t for t in self.bid_thresholds)
        if most == 0 and _last_before_redeal(view):
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

    def _follow(self, t: Table, table: int, table_seat: int | None, plays: list[int]) -> int | None:
        if not plays:
            return None
        if t.hand in plays:
            return t.hand  # goes out
        target = CATALOGUE[table]
        if table_seat == t.partner:
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

    def _bomb(self, t: Table, plays: list[int], urgent: bool) -> int | None:
        """The lowest bomb (the rocket last) if it wins the deal or stops an opponent going out."""
        bombs = sorted((p for p in plays if CATALOGUE[p].is_bomb), key=lambda p: CATALOGUE[p].kind is Kind.ROCKET)
        for p in bombs:
            rest = plan(t.hand - p)
            safe = sum(not t.beatable(CATALOGUE[c]) for c in rest.combos)
            if urgent or rest.turns <= 1 + safe:
                return p
        return None

    def _over_partner(self, t: Table, target: Combo, plays: list[int]) -> int | None:
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


# --- the beginner ------------------------------------------------------------------------------------


class EinsteigerBot(PlannerBot):
    """A beginner: plans its hand like the planner, but does not count cards (every card it does not
    hold might still be out), never searches the endgame, bids by counting its 2s and jokers, and
    now and then (`mistakes`) plays like `GreedyBot`: the lowest card that beats, breaking a
    combination, beating its own partner or spending a bomb on nothing."""

    mistakes = 0.15  # WP about 0.6 against RLCard's rule agent (bench/dou_dizhu_vs_rlcard.py)

    def choose(self, view: JSON, legal: list[JSON], rng: Rng) -> JSON:
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "bidding" or rng.random() < self.mistakes:
            return GREEDY.choose(view, legal, rng)
        plays = _plays_by_counts(legal)
        t = read_table(view)
        t = Table(t.me, t.hand, t.landlord, t.counts, counts_of(FULL_MASK & ~mask_of(view["hand"])))
        table = view["table"]
        chosen = self.decide(t, 0 if table is None else _packed(table["cards"]), table and table["seat"], list(plays))
        return plays[chosen] if chosen is not None else _pass_or_first(legal)


GREEDY = GreedyBot()


# --- the master --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decision:
    """The Meister's move and how it found it (the hint explains from this)."""

    action: JSON
    move: int | None  # packed counts of the play, None for a pass or a bid
    heuristic: int | None  # what the planner alone would have played
    sure: bool = False  # the endgame search wins with it in every sampled world
    share: float | None = None  # bidding: the share of deals won as landlord in the playouts


class MeisterBot(PlannerBot):
    """Searches the whole deal (`playout.py`). It deals worlds, ways the unseen cards may lie that
    agree with the card counts, the cards played, the landlord's public bottom cards and a seat's
    pass (`_world`); in each world it plays every candidate move (`_candidates`) out with the
    planner in all three seats, except that the other side answers a play of the Meister's side
    greedily (`_modelled_policy`), and plays the candidate whose settlement (bombs, rocket and spring
    doubling it) beats the planner's own move by more than a standard error on the same worlds.
    Farmers cooperate as the planner does: a partner's winning play is only beaten when the planner
    would (to go out, or to block a landlord about to go out), and a landlord low on cards is
    stopped. With at most `search_cards` cards left the exact endgame search decides instead.
    Bids by the share of playouts it wins as landlord. Budgets are counts (planner moves, solver
    positions), never clock time, so a decision depends on the view and the rng only; `steps` is
    calibrated for p99 ≤ 1 s of CPU per decision on this machine."""

    steps = 7000  # planner moves made in all playouts of one decision together (the CPU budget)
    most_worlds = 64  # worlds per decision at most (late in a deal the budget would allow more)
    most_candidates = 10
    bid_playouts = 160  # deals played out to weigh a bid
    bid_shares = (0.45, 0.55, 0.62)  # landlord win share (in planner self-play) needed to bid 1, 2, 3
    pass_tries = 8  # redraws of a world that contradicts a seat's passes

    def __init__(self, steps: int | None = None, bid_playouts: int | None = None) -> None:
        if steps is not None:
            self.steps = steps
        if bid_playouts is not None:
            self.bid_playouts = bid_playouts

    def choose(self, view: JSON, legal: list[JSON], rng: Rng) -> JSON:
        return self.deliberate(view, legal, rng).action

    def deliberate(self, view: JSON, legal: list[JSON], rng: Rng) -> Decision:
        if len(legal) == 1:
            return Decision(legal[0], None, None)
        if view["phase"] == "bidding":
            share = self._landlord_share(view, rng)
            return Decision(self._bid_by_share(view, legal, share), None, None, share=share)
        plays = _plays_by_counts(legal)
        t = read_table(view)
        table = view["table"]
        packed_table = 0 if table is None else _packed(table["cards"])
        table_seat = t.me if table is None else table["seat"]
        heuristic = self.decide(t, packed_table, table_seat, list(plays))
        if sum(t.counts) <= self.search_cards:
            chosen, sure = self._search(view, t, list(plays), heuristic, rng)
        else:
            chosen, sure = self._by_playouts(view, t, packed_table, table_seat, list(plays), heuristic, rng), False
        action = plays[chosen] if chosen is not None else _pass_or_first(legal)
        return Decision(action, chosen, heuristic, sure)

    # --- playouts

    def _by_playouts(
        self, view: JSON, t: Table, table: int, table_seat: int, plays: list[int], heuristic: int | None, rng: Rng
    ) -> int | None:
        candidates = self._candidates(t, table, table_seat, plays, heuristic)
        if len(candidates) == 1:
            return heuristic
        values: dict[int, list[int]] = {move: [] for move in candidates}
        start = self._deal_base(view, t, table, table_seat)
        budget, worlds = self.steps, 0
        policy = _modelled_policy(t.me)
        while budget > 0 and worlds < self.most_worlds:
            deal = replace(start, hands=self._world(view, t, rng))
            for move in candidates:
                value, steps = playout.play_out(deal, move, policy, t.me)
                values[move].append(value)
                budget -= steps + 1
            worlds += 1
        best = max(candidates[1:], key=lambda m: _advantage(values[m], values[candidates[0]]))
        if _advantage(values[best], values[candidates[0]]) <= 0:
            best = candidates[0]
        return None if best == playout.PASS else best

    def _candidates(self, t: Table, table: int, table_seat: int, plays: list[int], heuristic: int | None) -> list[int]:
        """The moves worth playing out, the heuristic's first: when leading, the parts of the hand's
        plan and the lowest play of every kind; when following, pass and the answers that keep the
        plan best, the lowest bomb and the rocket. A partner's play is only ever beaten when the
        heuristic says so (to win or to block the landlord): farmers do not fight each other."""
        first = playout.PASS if heuristic is None else heuristic
        if table == 0:
            lowest: dict[tuple[Kind, int], int] = {}
            for p in sorted(plays, key=lambda p: (CATALOGUE[p].key, CATALOGUE[p].size)):
                lowest.setdefault((CATALOGUE[p].kind, CATALOGUE[p].n), p)
            others = [*plan(t.hand).combos, *sorted(lowest.values(), key=lambda p: self._lead_cost(t, CATALOGUE[p]))]
        elif table_seat == t.partner:
            others = [playout.PASS]
        else:
            ordinary = sorted((p for p in plays if not CATALOGUE[p].is_bomb), key=lambda p: -plan(t.hand - p).score)
            bombs = sorted((p for p in plays if CATALOGUE[p].is_bomb), key=lambda p: CATALOGUE[p].kind is Kind.ROCKET)
            others = [playout.PASS, *ordinary[:5], *bombs[:1], *bombs[-1:]]
        return list(dict.fromkeys([first, *others]))[: self.most_candidates]

    def _deal_base(self, view: JSON, t: Table, table: int, table_seat: int) -> playout.Deal:
        played = view["played"]
        landlord_plays = 0 if not played[t.landlord] else 1 if _one_play(played[t.landlord]) else 2
        return playout.Deal(
            hands=(),
            landlord=t.landlord,
            turn=t.me,
            table=table,
            table_seat=table_seat,
            passes=view["passes"],
            bombs=view["bombs"],
            plays=tuple(landlord_plays if s == t.landlord else int(bool(played[s])) for s in range(SEATS)),
        )

    def _world(self, view: JSON, t: Table, rng: Rng) -> tuple[int, ...]:
        """One deal of the unseen cards, consistent with the counts and the public bottom; a seat that
        just passed over a low single or pair is redrawn (`pass_tries` times) if it holds a higher
        one it could have played without breaking anything (a loose pair or a loose single)."""
        known = []
        if t.farmer:
            landlord_played = set(view["played"][t.landlord])
            known = [rank_of(c) for c in view["bottom"] if c not in landlord_played]
        unseen = search.ranks_of(t.unseen)
        checks = _pass_checks(view, t)
        for _ in range(self.pass_tries):
            hands = search.sample_world(t.me, t.hand, unseen, t.counts, t.landlord, known, rng)
            if all(not _loose_answer(hands[seat], combo) for seat, combo in checks):
                break
        return hands

    # --- bidding

    def _landlord_share(self, view: JSON, rng: Rng) -> float:
        """The share of deals won when this hand plays them out as landlord, the unseen cards (the
        bottom among them) dealt at random."""
        me = view["seat"]
        hand = _packed(view["hand"])
        unseen = search.ranks_of(counts_of(FULL_MASK & ~mask_of(view["hand"])))
        won = 0
        for _ in range(self.bid_playouts):
            rng.shuffle(unseen)
            others = [sum(ONE[r] for r in unseen[17 * i : 17 * i + 17]) for i in range(2)]
            hands = [0] * SEATS
            hands[me] = hand + sum(ONE[r] for r in unseen[34:])
            hands[(me + 1) % SEATS], hands[(me + 2) % SEATS] = others
            deal = playout.Deal(tuple(hands), me, me, 0, me, 0, 0, (0, 0, 0))
            first = self.decide(_table_in(hands, [sum(count_list(h)) for h in hands], me, me), 0, me, [])
            won += playout.play_out(deal, first, _planner_policy, me)[0] > 0
        return won / self.bid_playouts

    def _bid_by_share(self, view: JSON, legal: list[JSON], share: float) -> JSON:
        most = sum(share >= s for s in self.bid_shares)
        if most == 0 and _last_before_redeal(view):
            most = int(share >= self.bid_shares[0] - 0.1)  # avoid a redeal with a fair hand
        return _bid_up_to(legal, most)


def _advantage(mine: list[int], theirs: list[int]) -> float:
    """How far a candidate's results beat the heuristic's on the same worlds, less `MARGIN` standard
    errors: with a few dozen worlds and ten candidates the best mean is partly luck, so a move must
    be clearly better than the planner's to replace it."""
    diffs = [a - b for a, b in zip(mine, theirs, strict=True)]
    mean = statistics.fmean(diffs)
    spread = statistics.pstdev(diffs) / math.sqrt(len(diffs))
    return mean - MARGIN * spread


MARGIN = 1.0


def _last_before_redeal(view: JSON) -> bool:
    return len(view["auction"]) == 2 and not any(a["bid"] for a in view["auction"])


def _one_play(cards: list[str]) -> bool:
    """Whether the landlord's played cards can be one play (for reverse spring; exact but for a
    landlord whose several plays happen to form one combination)."""
    return _packed(cards) in CATALOGUE


def _pass_checks(view: JSON, t: Table) -> list[tuple[int, Combo]]:
    """The seat that passed over the single or pair now on the table, right before me; a farmer
    passing over its partner's play tells nothing."""
    table = view["table"]
    seat = (t.me - 1) % SEATS
    if table is None or view["passes"] != 1 or seat == table["seat"]:
        return []
    combo = CATALOGUE[_packed(table["cards"])]
    if combo.kind not in (Kind.SINGLE, Kind.PAIR) or (seat != t.landlord and table["seat"] != t.landlord):
        return []
    return [(seat, combo)]


def _loose_answer(hand: int, combo: Combo) -> bool:
    """Whether `hand` holds a rank above the combination, below the 2s, with exactly as many cards
    as the combination (a loose single or pair that a passing player would have played)."""
    c = count_list(hand)
    return any(c[r] == combo.size for r in range(combo.key + 1, TWO))


def _table_in(hands: Sequence[int], counts: Sequence[int], seat: int, landlord: int) -> Table:
    """A seat's reading of a world it sees whole: the unseen cards are the other two hands."""
    return Table(me=seat, hand=hands[seat], landlord=landlord, counts=tuple(counts), unseen=sum(hands) - hands[seat])


def _planner_policy(
    hands: Sequence[int], counts: Sequence[int], seat: int, landlord: int, table: int, table_seat: int, plays: list[int]
) -> int:
    if table and not plays:
        return playout.PASS
    move = BOT.decide(_table_in(hands, counts, seat, landlord), table, table_seat, plays)
    return playout.PASS if move is None else move


def _modelled_policy(me: int) -> playout.Policy:
    """The Meister's playouts as seen from `me`: its own side plays the planner; the other side answers a
    play of `me`'s side with its lowest ordinary beat, as RLCard's rule agent and most newcomers do, and
    otherwise plays the planner too. (Measured: WP +0.03 as landlord and +0.02 as farmers over 600
    duplicate deals against the rule agent, against the planner in every seat; docs/decisions.md.)"""
    def policy(
        hands: Sequence[int], counts: Sequence[int], seat: int, landlord: int, table: int, table_seat: int,
        plays: list[int],
    ) -> int:
        side = seat == landlord
        if table and plays and side != (me == landlord) and (table_seat == landlord) != side:
            ordinary = [p for p in plays if not CATALOGUE[p].is_bomb]
            if ordinary:
                return min(ordinary, key=lambda p: CATALOGUE[p].key)
        return _planner_policy(hands, counts, seat, landlord, table, table_seat, plays)

    return policy


MEISTER = MeisterBot()

LEVELS = {"einsteiger": EinsteigerBot(), "fortgeschritten": BOT, "meister": MEISTER}


# --- the hint ----------------------------------------------------------------------------------------

# Why a play sheds many cards at once, by kind (the count is a parameter where it varies).
_SHEDS = {
    Kind.TRIO: gettext_noop("Trio: sheds three cards at once."),
    Kind.TRIO_SINGLE: gettext_noop("Trio with a single: sheds four cards at once."),
    Kind.TRIO_PAIR: gettext_noop("Trio with a pair: sheds five cards at once."),
    Kind.STRAIGHT: gettext_noop("Straight: sheds {count} cards at once."),
    Kind.PAIR_RUN: gettext_noop("Pair run: sheds {count} cards at once."),
    Kind.AIRPLANE: gettext_noop("Airplane: sheds {count} cards at once."),
    Kind.AIRPLANE_SINGLES: gettext_noop("Airplane: sheds {count} cards at once."),
    Kind.AIRPLANE_PAIRS: gettext_noop("Airplane: sheds {count} cards at once."),
    Kind.FOUR_TWO_SINGLES: gettext_noop("Four with two: sheds {count} cards at once."),
    Kind.FOUR_TWO_PAIRS: gettext_noop("Four with two: sheds {count} cards at once."),
}


def hint(view: JSON, legal: list[JSON], rng: Rng) -> Hint:
    """What the Meister would do for this seat, and why in one sentence (games.core.hints). It
    decides on the seat's view alone, so it reveals nothing the seat cannot see."""
    decision = MEISTER.deliberate(view, legal, rng)
    if view["phase"] == "bidding":
        return _bid_hint(view, decision)
    t = read_table(view)
    if decision.move is None:
        return Hint(decision.action, *_pass_reason(view, t, legal))
    return Hint(decision.action, *_play_reason(view, t, decision))


def _bid_hint(view: JSON, decision: Decision) -> Hint:
    percent = round(100 * (decision.share or 0))
    action = decision.action
    if action["type"] == "pass":
        return Hint(
            action,
            gettext_noop("Pass: as the landlord this hand would win only about {percent} % of the deals."),
            {"percent": percent},
        )
    c = count_list(_packed(view["hand"]))
    bombs = sum(k == 4 for k in c) + (c[BLACK_JOKER] and c[RED_JOKER])
    if bombs >= 2:
        return Hint(
            action, gettext_noop("Bid {bid}: your hand has {count} bombs."), {"bid": action["value"], "count": bombs}
        )
    template = gettext_noop("Bid {bid}: as the landlord this hand wins about {percent} % of the deals.")
    return Hint(action, template, {"bid": action["value"], "percent": percent})


def _pass_reason(view: JSON, t: Table, legal: list[JSON]) -> tuple[str, dict[str, object]]:
    if len(legal) == 1:
        return gettext_noop("You cannot beat this – pass."), {}
    if view["table"]["seat"] == t.partner:
        return gettext_noop("Your partner wins the trick – pass."), {}
    return gettext_noop("Pass: beating this would break up your hand or waste a strong card."), {}


def _cards_left(one: str, more: str, count: int) -> tuple[str, dict[str, object]]:
    """A reason that counts a seat's cards left: "one card", never "1 cards" (the count is not spelled into
    the sentence for one card, so each language words it as it must)."""
    return (one, {}) if count == 1 else (more, {"count": count})


def _play_reason(view: JSON, t: Table, decision: Decision) -> tuple[str, dict[str, object]]:
    move = decision.move
    combo = CATALOGUE[move]
    cards = spell(move)
    if move == t.hand:
        return gettext_noop("Play {cards}: your last cards end the deal."), {"cards": cards}
    low = t.fewest()
    leading = view["table"] is None
    if leading and t.farmer and t.counts[t.landlord] == 1 and combo.size > 1:
        if combo.kind is Kind.PAIR:
            return gettext_noop("The landlord has one card left – lead a pair, not a single."), {}
        return gettext_noop("The landlord has one card left – lead several cards, not a single."), {}
    if leading and t.partner is not None and t.counts[t.partner] <= 2 and combo.size <= t.counts[t.partner]:
        return _cards_left(gettext_noop("Your partner has one card left – lead low so it can go out."),
                           gettext_noop("Your partner has {count} cards left – lead low so it can go out."),
                           t.counts[t.partner])
    if combo.is_bomb:
        if low <= PlannerBot.urgent_cards:
            return _cards_left(gettext_noop("Bomb now: an opponent has only one card left."),
                               gettext_noop("Bomb now: an opponent has only {count} cards left."), low)
        return gettext_noop("Bomb now: with the lead you can play out the rest of your hand."), {}
    if decision.sure:
        return gettext_noop("{cards} wins the deal however the unseen cards lie."), {"cards": cards}
    if not leading:
        if view["table"]["seat"] == t.partner:
            return gettext_noop(
                "Take over from your partner: the landlord could beat its play and has few cards left."
            ), {}
        if low <= PlannerBot.urgent_cards:
            return _cards_left(gettext_noop("An opponent has one card left – beat it now, whatever it costs."),
                               gettext_noop("An opponent has {count} cards left – beat it now, whatever it costs."),
                               low)
        if combo.key >= TWO:
            return gettext_noop("Beat it with {cards}: take the lead back with a strong card."), {"cards": cards}
        return gettext_noop("Beat it with {cards}: the cheapest answer that keeps your hand together."), {
            "cards": cards
        }
    if low <= PlannerBot.urgent_cards and combo.size != low:
        return _cards_left(gettext_noop("An opponent has one card left – lead what it cannot answer."),
                           gettext_noop("An opponent has {count} cards left – lead what it cannot answer."), low)
    if combo.kind in _SHEDS:
        return _SHEDS[combo.kind], {"count": combo.size}
    if not t.beatable(combo):
        return gettext_noop("Lead {cards}: nobody can beat it, so you keep the lead."), {"cards": cards}
    return gettext_noop("Lead {cards}: get rid of weak cards while you still can."), {"cards": cards}

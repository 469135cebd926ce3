"""Computer players for Chuo Pai: the three levels, the "Tipp", and the bench's baselines.

Levels (`LEVELS`): "einsteiger" is `BeginnerBot`, greedy habits with a beginner's slips;
"fortgeschritten" is `BOT`, the search computer with 12 worlds; "meister" is `MEISTER`, the same
search with 64 worlds, so its choices are less at the mercy of a few unlucky deals.
`hint(view, legal, rng)` is Meister's choice with one sentence why (`games.chuo_pai.advice`).

`SearchBot` plays each sensible candidate out to the end of the deal in worlds dealt from the
cards it has not seen (determinized playouts, reference/computer-opponents.md §2.2), every seat
following `playout.RolloutPolicy`. All bots see only their seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain

from games.chuo_pai.advice import reason
from games.chuo_pai.cards import CODES, COPIES
from games.chuo_pai.combos import MAX_SIZE, classify
from games.chuo_pai.playout import (
    KINDS,
    MEMBERS,
    RANK,
    SEATS,
    SPECIAL_FAMILY,
    Hand,
    Play,
    RolloutPolicy,
    World,
    counts_of,
    finish_deal,
    finish_round,
    play_of,
)
from games.core.hints import Hint
from games.core.protocol import JSON
from games.core.rng import Rng

KEY_CARDS = frozenset(kind[0] for kind in KINDS)  # Heaven, Earth, Man, Harmony


class RandomBot:
    """Uniformly random legal action: the floor of the bench."""

    def choose(self, view: JSON, legal: Sequence[JSON], rng: Rng) -> JSON:
        return rng.choice(legal)


class GreedyBot:
    """The bench's yardstick (computer-opponents.md §4.2), never tuned: follow with the lowest beating
    play; lead the play with the most cards, highest rank first."""

    def choose(self, view: JSON, legal: Sequence[JSON], rng: Rng) -> JSON:
        if legal[0]["type"] == "pass":
            return legal[0]
        if view["to_beat"]:
            return min(legal, key=_size_rank)
        return max(legal, key=_size_rank)


class BeginnerBot:
    """Einsteiger: plays like a beginner who knows the rules but counts nothing. Follows with the
    weakest beating play; leads its longest set, strongest first, and overlooks the special
    combinations; one lead in `slips` is a careless random play."""

    def __init__(self, slips: int = 4) -> None:
        self.slips = slips

    def choose(self, view: JSON, legal: Sequence[JSON], rng: Rng) -> JSON:
        if legal[0]["type"] == "pass":
            return legal[0]
        if view["to_beat"]:
            return min(legal, key=_size_rank)
        if rng.randrange(self.slips) == 0:
            return rng.choice(legal)
        sets = [a for a in legal if len(set(a["cards"])) == 1]
        return max(sets, key=_size_rank)


def _size_rank(action: JSON) -> tuple[int, int]:
    combo = classify(action["cards"])
    assert combo is not None
    return combo.size, combo.rank


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows, read from its view: its hand, the cards it has not seen, who could not
    beat what (a pass against a play of family f, size n and rank r proves the seat holds fewer
    than n copies of every higher identity of f, for the rest of the deal)."""

    seat: int
    hand: Hand
    unseen: Hand
    sizes: list[int]
    scores: list[int]
    caps: dict[int, Hand]

    @classmethod
    def of(cls, view: JSON) -> Knowledge:
        seat = view["seat"]
        rounds = [r["plays"] for r in view["history"]]
        if view["round"]:
            rounds.append([(p["seat"], p["cards"]) for p in view["round"]["plays"]])
        on_table = [c for plays in rounds[len(view["history"]) :] for _, cards in plays for c in cards]
        seen = counts_of([*chain(*view["piles"]), *view["dead"], *on_table])
        hand = counts_of(view["hand"])
        unseen = [COPIES - s - h for s, h in zip(seen, hand, strict=True)]
        caps = {s: [MAX_SIZE] * len(CODES) for s in range(SEATS) if s != seat}
        for plays in rounds:
            _learn_from_passes(plays, caps)
        return cls(seat, hand, unseen, list(view["hand_counts"]), list(view["pile_counts"]), caps)

    def deal_unseen(self, rng: Rng) -> list[Hand]:
        """One world: the unseen cards dealt to the others, hand sizes kept, the caps respected
        where a few tries manage it."""
        others = [s for s in range(SEATS) if s != self.seat]
        cards = [i for i, n in enumerate(self.unseen) for _ in range(n)]
        for attempt in range(8):
            rng.shuffle(cards)
            hands = _deal_capped(cards, others, self.sizes, self.caps if attempt < 7 else None, rng)
            if hands is not None:
                hands[self.seat] = list(self.hand)
                return [hands[s] for s in range(SEATS)]
        raise AssertionError("uncapped dealing cannot fail")


def _learn_from_passes(plays: Sequence[Sequence], caps: dict[int, Hand]) -> None:
    best: Play | None = None
    for seat, cards in plays:
        if cards:
            best = play_of(cards)
        elif best is not None and seat in caps and best[0] != SPECIAL_FAMILY:
            family, rank, size, _ = best
            for i in MEMBERS[family]:
                if RANK[i] > rank:
                    caps[seat][i] = min(caps[seat][i], size - 1)


def _deal_capped(
    cards: list[int], others: list[int], sizes: list[int], caps: dict[int, Hand] | None, rng: Rng
) -> dict[int, Hand] | None:
    hands = {s: [0] * len(CODES) for s in others}
    room = {s: sizes[s] for s in others}
    for card in cards:
        if not any(room.values()):
            break  # a fixed test deal leaves cards out of the game: they stay unseen but unplaced
        open_ = [s for s in others if room[s] and (caps is None or hands[s][card] < caps[s][card])]
        if not open_:
            return None
        seat = open_[0] if len(open_) == 1 else rng.choices(open_, [room[s] for s in open_])[0]
        hands[seat][card] += 1
        room[seat] -= 1
    return hands


class SearchBot:
    """Chooses by playing each candidate out to the end of the deal in sampled worlds.

    Worlds deal the unseen cards to the other seats consistently with what their passes proved.
    Every seat then plays the rollout policy (bank safe plays, beat cheaply but so that the round
    holds). A candidate's value is its mean final margin: own points minus the best other seat's,
    plus a little weight on own points. That weighs which rounds are worth winning, when a high
    card is worth spending and which leads make the others break their sets, without rules for it.
    """

    def __init__(self, worlds: int = 12, policy: RolloutPolicy | None = None) -> None:
        self.worlds = worlds
        self.policy = policy or RolloutPolicy()

    def choose(self, view: JSON, legal: Sequence[JSON], rng: Rng) -> JSON:
        if len(legal) == 1:
            return legal[0]
        known = Knowledge.of(view)
        candidates = _candidates(legal)
        worlds = [known.deal_unseen(rng) for _ in range(self.worlds)]
        totals = [0.0] * len(candidates)
        alive, done = list(range(len(candidates))), 0
        # Successive halving: every candidate meets the first worlds, only the best third the next.
        for stop in sorted({max(1, self.worlds // 4), max(1, self.worlds // 2), self.worlds}):
            for hands in worlds[done:stop]:
                for k in alive:
                    world = World.of([list(h) for h in hands], known.scores)
                    totals[k] += self._margin(world, view, candidates[k][1], known.seat)
            done = stop
            alive = sorted(alive, key=totals.__getitem__, reverse=True)[: max(2, len(alive) // 3)]
        return candidates[alive[0]][0]

    def _margin(self, world: World, view: JSON, play: Play, seat: int) -> float:
        world.take(seat, play)
        # A legal play beats everything before it in the round, so it is the round's best so far.
        winner = finish_round(world, view["round"]["waiting"][1:], (seat, play), self.policy)
        scores = finish_deal(world, world.next_leader(winner), self.policy)
        others = max(scores[s] for s in range(SEATS) if s != seat)
        return scores[seat] - others + 0.25 * scores[seat]


def _candidates(legal: Sequence[JSON]) -> list[tuple[JSON, Play]]:
    """The legal actions worth searching: special combinations only in the split that spends the
    fewest key cards (the others are the same play with stronger cards gone)."""
    chosen: dict[tuple[int, int, int], tuple[JSON, Play]] = {}
    for action in legal:
        play = play_of(action["cards"])
        key = (play[0], play[1], play[2]) if play[0] == SPECIAL_FAMILY else (play[0], play[3][0][0], play[2])
        if key not in chosen or _keys_spent(play) < _keys_spent(chosen[key][1]):
            chosen[key] = (action, play)
    return list(chosen.values())


def _keys_spent(play: Play) -> int:
    return sum(n for i, n in play[3] if i in KEY_CARDS)


BOT = SearchBot()
MEISTER = SearchBot(worlds=64)
LEVELS = {"einsteiger": BeginnerBot(), "fortgeschritten": BOT, "meister": MEISTER}


def hint(view: JSON, legal: Sequence[JSON], rng: Rng) -> Hint:
    """What Meister would play from this view, and why (games.core.hints)."""
    action = MEISTER.choose(view, legal, rng)
    return Hint(action, *reason(view, legal, action, Knowledge.of(view).unseen))

"""The search computer's fast playouts agree with the engine, the referee."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.chuo_pai import ENGINE, combos, playout
from games.chuo_pai.cards import CODES
from games.chuo_pai.playout import SLOT, RolloutPolicy, World, codes_of, counts_of, play_of

EVERY_PLAY = sorted(combos.lead_plays(Counter(dict.fromkeys(CODES, 4))))
hands = st.lists(st.integers(0, 4), min_size=len(CODES), max_size=len(CODES))


def engine_hand(hand: list[int]) -> Counter[str]:
    return Counter({code: n for code, n in zip(CODES, hand, strict=True) if n})


def engine_beats(hand: list[int], cards: tuple[str, ...]) -> list[tuple[str, ...]]:
    return combos.beating_plays(engine_hand(hand), combos.classify(cards))


@settings(max_examples=150, deadline=None)
@given(hand=hands, target=st.sampled_from(EVERY_PLAY))
def test_beating_plays_agree_with_the_engine(hand, target):
    fast = [tuple(sorted(codes_of(p))) for p in playout.beating_plays(hand, *play_of(target)[:3])]
    engine = {tuple(sorted(p)) for p in engine_beats(hand, target)}
    assert set(fast) <= engine
    # One play per identity or special kind: the same kinds of answer as the engine's.
    assert {combos.classify(p).name for p in fast} == {combos.classify(p).name for p in engine}


@settings(max_examples=150, deadline=None)
@given(hand=hands, target=st.sampled_from(EVERY_PLAY))
def test_tops_know_exactly_what_a_hand_can_beat(hand, target):
    family, rank, size, _ = play_of(target)
    assert (playout.tops(hand)[family * SLOT + size] > rank) == bool(engine_beats(hand, target))


@settings(max_examples=100, deadline=None)
@given(mine=hands, first=hands, second=hands)
def test_safe_lead_is_unbeatable_and_found_whenever_one_exists(mine, first, second):
    threat = list(map(max, playout.tops(first), playout.tops(second)))
    safe = playout.safe_lead(mine, threat)
    unbeatable = [
        p for p in combos.lead_plays(engine_hand(mine)) if not engine_beats(first, p) and not engine_beats(second, p)
    ]
    if safe is None:
        assert unbeatable == []
    else:
        assert tuple(sorted(codes_of(safe))) in {tuple(sorted(p)) for p in unbeatable}
        assert safe[2] == max(len(p) for p in unbeatable)


def test_whole_playouts_score_like_the_engine():
    policy = RolloutPolicy()
    for seed in range(12):
        state = ENGINE.new_game(seed=seed, seats=3)
        start = World.of([counts_of(h) for h in state.hands], [len(b) for b in state.bonus])
        expected = playout.finish_deal(start, state.current.leader, policy)
        while ENGINE.outcome(state) is None:
            state = ENGINE.apply(state, *next_policy_action(state, policy))[0]
        assert ENGINE.outcome(state)["scores"] == expected


def next_policy_action(state, policy: RolloutPolicy) -> tuple[int, dict]:
    """The rollout policy's action in the engine's state (it sees every hand, as in a playout)."""
    (seat,) = ENGINE.actors(state)
    world = World.of([counts_of(h) for h in state.hands], [0, 0, 0])
    current = state.current
    if not current.plays:
        return seat, {"type": "play", "cards": codes_of(policy.lead(world, seat))}
    after = [s for s in playout.followers(current.leader) if s not in {p.seat for p in current.plays} | {seat}]
    play = policy.follow(world, seat, play_of(current.highest().cards), after)
    return seat, {"type": "play", "cards": codes_of(play)} if play else {"type": "pass"}

"""How fast the Dou Dizhu engine is, next to RLCard's and OpenSpiel's Dou Dizhu in the same run.

    .venv/bin/python -m bench.dou_dizhu_speed [--rounds 7] [--seconds 1] [--hands 400] [--decisions-deals 40]

1. Complete random deals per second. Ours: the engine's own protocol (`new_game`, `random_action`,
   `apply`, `outcome`), bidding included, from fixed seeds. RLCard (`rlcard` package, a bench-only
   dependency) twice: its environment (`env.reset` / `env.step` with a uniformly random legal action,
   how RLCard is used and how the issue's "about 115 a second" was measured) and its bare game
   object (`DoudizhuGame.init_game` / `step`, no observation encoding: the stricter comparison).
   OpenSpiel (`open_spiel`, also in the `bench` extra): its C++ `dou_dizhu` through `pyspiel`, every
   chance outcome and move drawn uniformly in Python. Rounds alternate between the engines so a busy
   machine slows them alike; the best round counts. All times are this process's CPU time
   (`time.process_time`): the machine is shared, and wall time would measure the neighbours.
2. Legal-move generation on the same seeded hands, each engine in its native form: a 20-card hand
   leading (ours `combos.plays_in` on packed rank counts; RLCard's
   `DoudizhuJudger.playable_cards_from_hand` on its card string) and a 17-card hand following a
   combination another hand could lead (ours `combos.answers`; RLCard's `get_gt_cards`). Also our
   protocol-level `legal_actions` (card-code dicts), and the floor of any such list: as many fresh
   action dicts with empty card lists. Best of the alternating rounds.
3. Computer decision time: `view` + `legal_actions` + `BOT.choose` for every decision of full
   seeded deals with the computer in all three seats; p50 and p99.

Targets (issue 9, point 6): at least 6× RLCard's random deals per second and legal-move generation
in at most a fifth of RLCard's time. Issue 13: random deals ≥ 0.25× OpenSpiel's, and `legal_actions`
within 2× of the core generator `combos.plays_in`. What does not import is left out.

Figures (2-core machine shared with other work, 2 December 2026, `--rounds 5 --seconds 1`; before =
the engine before issue 13 measured by this same script, after = with issue 13's work):

    figure                                    before                  after
    random deals/s, ours / OpenSpiel          0.41× (914 vs 2,235)    0.40× (676 vs 1,670)
    legal_actions / plays_in, 20-card lead    7.2× (273 vs 38 µs)     4.4× (132 vs 30 µs)
    fresh action dicts alone / plays_in       1.3×                    1.3×

Measured again later that day, two pairs of runs back to back (before = main at baabf86, after = with
three-rank plays spelled inline; run 1, run 2):

    figure                                    before                      after
    random deals/s, ours / OpenSpiel          0.47×, 0.41×                0.38×, 0.45×
    legal_actions / plays_in, 20-card lead    5.3× (267 vs 50 µs),        8.2× (386 vs 47 µs),
                                              6.5× (205 vs 32 µs)         5.2× (175 vs 34 µs)
    fresh action dicts alone / plays_in       1.7×, 2.5×                  1.7×, 1.9×

The protocol figure swings with the machine's load more than with the change (three-rank plays
spelled inline take ~13% off the spelling when timed apart), and with the bench itself: a round keeps
all 400 lists of ~80 action dicts alive, so fresh memory and the cyclic collector's passes over them
are charged to `legal_actions` (4.5× before, 4.1× after in runs with `gc.disable()`; timed apart, each list
dropped before the next call as callers do, 3.5-4×, the dicts alone 0.5-0.8×).

Measured again on 6 December 2026 (before = main at 84e8d0e; after = `cards.PLACES` a plain dict indexed
in `_play_actions`, as indexing the dict subclass with `__missing__` was slower, and `lowest_codes` looping
over (table, shift) pairs). Whole script, `--rounds 5 --seconds 1`, once each; then the legal-move part
alone (`legal_move_times(400, 7)`), three runs each:

    figure                                    before                      after
    random deals/s, ours / OpenSpiel          0.40× (1,454 vs 3,620)      0.39× (1,495 vs 3,797)
    legal_actions / plays_in, whole script    4.3× (63.4 vs 14.8 µs)      4.1× (61.3 vs 15.0 µs)
    legal_actions / plays_in, part alone      4.4×, 4.5×, 4.7×            4.3×, 4.3×, 4.3×
                                              (58-62 vs 13 µs)            (55 vs 13 µs)
    fresh action dicts alone / plays_in       1.2×, 1.25×, 1.2×           1.2×, 1.2×, 1.25×

Old and new code side by side in one process (alternating, best of 25 rounds, three runs): 53-54 µs
before, 52-53 µs after (2-3%; 46 against 44 µs with the collector off). Other variants timed apart
changed nothing beyond noise: lists instead of tuples in `lowest_codes` (joined with `+`), one
`itemgetter` per play, a comprehension instead of the loop, three-place tuples padded with an empty
place. The target stays out of reach: a round frees its lists before the clock stops, so
`plays_in` plus the fresh dicts alone is already 2.1-2.2×, and spelling ~80 plays of a 20-card lead
(a `PLACES` lookup, 1-3 table lookups and a list per play) adds about as much again.

Issue 13's 0.14× (244 vs 1,919 deals/s) came from `bench/engines.py`, whose `play_random` serialised
the state before every move; through the protocol alone the engine was at 0.4× already. `legal_actions`
within 2× of `plays_in` is out of reach while the protocol hands out fresh {"type", "cards"} dicts:
building them, with empty card lists, costs 1.3× `plays_in` or more by itself, and finding each play's
cards from its ranks (a place lookup per play, a list per play) costs more than the rest of the room.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from games.core.rng import rng_for
from games.dou_dizhu import ENGINE
from games.dou_dizhu.bots import BOT
from games.dou_dizhu.cards import DECK, count_list, counts_of, mask_of, rank_of
from games.dou_dizhu.combos import CATALOGUE, answers, plays_in
from games.dou_dizhu.rules import fixed_deal

try:  # bench-only dependency
    import numpy as np
    import rlcard
    from rlcard.games.doudizhu.game import DoudizhuGame
    from rlcard.games.doudizhu.judger import DoudizhuJudger
    from rlcard.games.doudizhu.player import DoudizhuPlayer
    from rlcard.games.doudizhu.utils import get_gt_cards
    from rlcard.utils import init_54_deck
except ImportError as missing:  # pragma: no cover - depends on the machine
    rlcard = None
    RLCARD_MISSING = str(missing)
try:  # bench-only dependency (the `bench` extra: open_spiel)
    import numpy as np
    import pyspiel
except ImportError as missing:  # pragma: no cover - depends on the machine
    pyspiel = None
    OPENSPIEL_MISSING = str(missing)

RLCARD_CHARS = "3456789TJQKA2BR"


# --- random deals ---------------------------------------------------------------------------------


def our_deals(seconds: float, seed: int) -> tuple[int, float]:
    deals, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        rng = rng_for(seed + deals, "speed")
        state = ENGINE.new_game(seed=seed + deals, seats=3)
        while ENGINE.outcome(state) is None:
            seat = state.turn
            state, _ = ENGINE.apply(state, seat, ENGINE.random_action(state, seat, rng))
        deals += 1
    return deals, time.process_time() - started


def openspiel_deals(seconds: float, seed: int) -> tuple[int, float]:
    """OpenSpiel's C++ dou_dizhu through its Python API, bidding included: every chance outcome (the
    deal, card by card; all uniform in this game) and every player's move drawn uniformly."""
    game = pyspiel.load_game("dou_dizhu")
    rng = np.random.RandomState(seed)
    deals, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randint(len(legal))])
        deals += 1
    return deals, time.process_time() - started


def rlcard_env_deals(seconds: float, seed: int) -> tuple[int, float]:
    env = rlcard.make("doudizhu", config={"seed": seed})
    rng = np.random.RandomState(seed)
    deals, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randint(len(legal))])
        deals += 1
    return deals, time.process_time() - started


def rlcard_game_deals(seconds: float, seed: int) -> tuple[int, float]:
    game = DoudizhuGame()
    game.np_random.seed(seed)
    rng = np.random.RandomState(seed)
    deals, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        state, _ = game.init_game()
        while not game.is_over():
            actions = state["actions"]
            state, _ = game.step(actions[rng.randint(len(actions))])
        deals += 1
    return deals, time.process_time() - started


# --- legal-move generation ------------------------------------------------------------------------


def seeded_hands(count: int, size: int, salt: str) -> list[list[str]]:
    hands = []
    for i in range(count):
        rng = rng_for(i, "speed hands", salt)
        hands.append(rng.sample(DECK, size))
    return hands


def following_cases(count: int) -> list[tuple[list[str], int]]:
    """17-card hands, each with a table: a random lead of another 17-card hand from the same deal."""
    cases = []
    for i in range(count):
        rng = rng_for(i, "speed follow")
        deck = list(DECK)
        rng.shuffle(deck)
        hand, other = deck[:17], deck[17:34]
        cases.append((hand, rng.choice(plays_in(counts_of(mask_of(other))))))
    return cases


def rlcard_string(cards: list[str]) -> str:
    return "".join(sorted((RLCARD_CHARS[rank_of(c)] for c in cards), key=RLCARD_CHARS.index))


def rlcard_spell(packed: int) -> str:
    return "".join(RLCARD_CHARS[r] * k for r, k in enumerate(count_list(packed)))


def rlcard_player(cards: list[str]) -> Any:
    by_code = {_rlcard_code(card): card for card in init_54_deck()}
    player = DoudizhuPlayer(0, np.random.RandomState(0))
    player.set_current_hand([by_code[c] for c in cards])
    return player


def _rlcard_code(card: Any) -> str:
    return card.suit if card.rank == "" else card.rank + card.suit


class Played:
    """The stand-in for RLCard's `greater_player`: only its played cards are read."""

    def __init__(self, played_cards: str) -> None:
        self.played_cards = played_cards


def best_per_call(runs: dict[str, Callable[[], object]], calls: int, rounds: int) -> dict[str, float]:
    """Seconds per call of each run, best of `rounds`; the runs alternate within every round so a
    busy machine slows them alike."""
    best = dict.fromkeys(runs, math.inf)
    for _ in range(rounds):
        for name, run in runs.items():
            started = time.process_time()
            run()
            best[name] = min(best[name], (time.process_time() - started) / calls)
    return best


def legal_move_times(hands: int, rounds: int) -> dict[str, float]:
    leading = seeded_hands(hands, 20, "lead")
    packed_leading = [counts_of(mask_of(h)) for h in leading]
    following = following_cases(hands)
    packed_following = [(counts_of(mask_of(h)), table) for h, table in following]
    states = [_leading_state(h) for h in leading]
    leading_plays = [plays_in(p) for p in packed_leading]
    runs: dict[str, Callable[[], object]] = {
        "ours lead": lambda: [plays_in(p) for p in packed_leading],
        "ours follow": lambda: [answers(p, CATALOGUE[table]) for p, table in packed_following],
        "ours lead, protocol": lambda: [ENGINE.legal_actions(s, 0) for s in states],
        # The floor of any protocol list: as many fresh {"type", "cards"} dicts, with empty card lists.
        "ours lead, dicts alone": lambda: [[{"type": "play", "cards": []} for _ in p] for p in leading_plays],
    }
    if rlcard is not None:
        strings = [rlcard_string(h) for h in leading]
        pairs = [(rlcard_player(h), Played(rlcard_spell(table))) for h, table in following]
        runs["rlcard lead"] = lambda: [DoudizhuJudger.playable_cards_from_hand(s) for s in strings]
        runs["rlcard follow"] = lambda: [get_gt_cards(p, g) for p, g in pairs]
        _check_same_moves(packed_leading, strings)
    return best_per_call(runs, hands, rounds)


def _leading_state(hand: list[str]) -> Any:
    rest = [c for c in DECK if c not in hand]
    return fixed_deal(0, {"hands": [hand[:17], rest[:17], rest[17:34]], "bottom": hand[17:], "landlord": 0, "bid": 1})


def _check_same_moves(ours: list[int], theirs: list[str]) -> None:
    """Both generators must list the same plays (RLCard also lists airplanes with a triple among
    their wings, which the seed forbids: rules §2.7), or the timing compares different work."""
    for packed, string in zip(ours, theirs, strict=True):
        mine = {rlcard_spell(p) for p in plays_in(packed)}
        extra = DoudizhuJudger.playable_cards_from_hand(string) - mine
        assert mine <= DoudizhuJudger.playable_cards_from_hand(string), string
        assert all(_has_triple_wing(e) for e in extra), (string, extra)


def _has_triple_wing(play: str) -> bool:
    counts = [play.count(ch) for ch in RLCARD_CHARS]
    return len(play) % 4 == 0 and sum(k >= 3 for k in counts) > len(play) // 4


# --- decision time ----------------------------------------------------------------------------------


def decision_times(deals: int) -> list[float]:
    seconds = []
    for seed in range(deals):
        state = ENGINE.new_game(seed=seed, seats=3)
        step = 0
        while ENGINE.outcome(state) is None:
            seat = state.turn
            started = time.process_time()
            legal = ENGINE.legal_actions(state, seat)
            action = BOT.choose(ENGINE.view(state, seat), legal, rng_for(seed, "speed bot", step))
            seconds.append(time.process_time() - started)
            state, _ = ENGINE.apply(state, seat, action)
            step += 1
    return seconds


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0, help="per engine and round of random deals")
    parser.add_argument("--hands", type=int, default=400, help="hands per legal-move measurement")
    parser.add_argument("--decisions-deals", type=int, default=40)
    args = parser.parse_args(argv)
    if rlcard is None:
        print(f"RLCard is not installed ({RLCARD_MISSING}); no RLCard figures.")
    if pyspiel is None:
        print(f"OpenSpiel is not installed ({OPENSPIEL_MISSING}); no OpenSpiel figures.")
    others = [f"RLCard {rlcard.__version__}"] if rlcard is not None else []
    others += ["OpenSpiel"] if pyspiel is not None else []
    print("Dou Dizhu speed" + (f", next to {' and '.join(others)}" if others else "") + " (CPU time of this process)")

    engines = {"ours": our_deals}
    if pyspiel is not None:
        engines["openspiel"] = openspiel_deals
    if rlcard is not None:
        engines |= {"rlcard env": rlcard_env_deals, "rlcard game": rlcard_game_deals}
    best = dict.fromkeys(engines, 0.0)
    for r in range(args.rounds):
        for name, run in engines.items():
            deals, seconds = run(args.seconds, 1000 * r)
            best[name] = max(best[name], deals / seconds)
    print("\nrandom complete deals per second (best of rounds)")
    for name, rate in best.items():
        print(f"  {name:12s} {rate:9.1f}")
    if rlcard is not None:
        for name in ("rlcard env", "rlcard game"):
            ratio = best["ours"] / best[name]
            print(f"  ours / {name}: {ratio:.1f}×  (target ≥ 6×: {'met' if ratio >= 6 else 'NOT met'})")
    if pyspiel is not None:
        ratio = best["ours"] / best["openspiel"]
        print(f"  ours / openspiel: {ratio:.2f}×  (issue 13's target ≥ 0.25×: {'met' if ratio >= 0.25 else 'NOT met'})")

    times = legal_move_times(args.hands, args.rounds)
    print("\nlegal-move generation, µs per call (best of rounds)")
    for name, seconds in times.items():
        print(f"  {name:20s} {seconds * 1e6:9.1f}")
    protocol = times["ours lead, protocol"] / times["ours lead"]
    print(
        f"  lead: legal_actions takes {protocol:.1f}× the core generator's time "
        f"(issue 13's target ≤ 2×: {'met' if protocol <= 2 else 'NOT met'}; "
        f"core + the dicts alone: {1 + times['ours lead, dicts alone'] / times['ours lead']:.1f}×)"
    )
    if rlcard is not None:
        for what in ("lead", "follow"):
            share = times[f"ours {what}"] / times[f"rlcard {what}"]
            print(
                f"  {what}: ours takes {share:.2f} of RLCard's time "
                f"(target ≤ 0.20: {'met' if share <= 0.2 else 'NOT met'})"
            )

    ms = [s * 1000 for s in decision_times(args.decisions_deals)]
    print(f"\ncomputer decision time (view + legal_actions + choose), {len(ms)} decisions")
    print(f"  p50 {percentile(ms, 0.5):.2f} ms  p99 {percentile(ms, 0.99):.2f} ms  max {max(ms):.1f} ms")


if __name__ == "__main__":
    main()

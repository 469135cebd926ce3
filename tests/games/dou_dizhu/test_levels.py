"""The three levels and the hint (issue 15): legal over whole deals, repeatable for a fixed rng,
seat-blind, and explaining the two situations the issue names."""

from __future__ import annotations

from games.core import registry
from games.core.hints import Hint
from games.core.rng import rng_for
from games.dou_dizhu import ENGINE
from games.dou_dizhu.bots import (
    LEVELS,
    EinsteigerBot,
    MeisterBot,
    PlannerBot,
    _modelled_policy,
    _packed,
    _planner_policy,
    hint,
)
from games.dou_dizhu.combos import CATALOGUE, legal_plays
from games.dou_dizhu.state import DouDizhuState
from tests.games.dou_dizhu.helpers import fixed, pass_, play

SMALL_MEISTER = MeisterBot(steps=300, bid_playouts=12)  # the real budget takes up to a second a move


def _play_out(state: DouDizhuState, bots: list[object], seed: int) -> tuple[dict, list[dict]]:
    actions, step = [], 0
    while ENGINE.outcome(state) is None:
        seat = state.turn
        legal = ENGINE.legal_actions(state, seat)
        action = bots[seat].choose(ENGINE.view(state, seat), legal, rng_for(seed, seat, step))
        assert action in legal, (type(bots[seat]).__name__, action)
        actions.append(action)
        state, _ = ENGINE.apply(state, seat, action)
        step += 1
    return ENGINE.outcome(state), actions


def test_every_level_is_registered_with_its_own_player() -> None:
    assert isinstance(registry.bot("dou_dizhu", "einsteiger"), EinsteigerBot)
    assert type(registry.bot("dou_dizhu", "fortgeschritten")) is PlannerBot
    assert isinstance(registry.bot("dou_dizhu", "meister"), MeisterBot)


def test_every_level_plays_only_legal_actions_in_whole_deals_bidding_included() -> None:
    players = [LEVELS["einsteiger"], LEVELS["fortgeschritten"], SMALL_MEISTER]
    for seed in range(6):
        _play_out(ENGINE.new_game(seed=seed, seats=3), [players[(seed + s) % 3] for s in range(3)], seed)


def test_the_master_repeats_itself_for_the_same_rng() -> None:
    players = [SMALL_MEISTER, LEVELS["einsteiger"], SMALL_MEISTER]
    for seed in (3, 4):
        first = _play_out(ENGINE.new_game(seed=seed, seats=3), players, seed)
        assert _play_out(ENGINE.new_game(seed=seed, seats=3), players, seed) == first


def _state_in_play(seed: int, moves: int) -> DouDizhuState:
    state = ENGINE.new_game(seed=seed, seats=3)
    state, _ = ENGINE.apply(state, state.turn, {"type": "bid", "value": 3})
    for _ in range(moves):
        state, _ = ENGINE.apply(state, state.turn, ENGINE.random_action(state, state.turn, rng_for(seed, "move")))
    return state


def _hint(state: DouDizhuState, seat: int | None = None) -> Hint:
    seat = state.turn if seat is None else seat
    return hint(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng_for(0, "hint"))


def test_the_hint_is_the_same_whatever_the_cards_this_seat_cannot_see() -> None:
    for seed in range(2):
        for state in (ENGINE.new_game(seed=seed, seats=3), _state_in_play(seed, 2 + seed)):
            other = ENGINE.shuffle_hidden(state, state.turn, rng_for(seed, "hide"))
            assert other.hands != state.hands
            given = _hint(state)
            assert _hint(other) == given
            assert given.action in ENGINE.legal_actions(state, state.turn)
            assert str(given)  # the template's fields are all filled


def test_the_hint_passes_rather_than_beat_the_partners_winning_pair() -> None:
    landlord = "3 3 4 5 6 7 8 T J Q K A A 2 2 B R"
    farmer_1 = "4 5 6 7 8 8 9 T J Q K 3 4 5 6 7 T"
    farmer_2 = "9 9 J Q K A 2 3 4 5 6 7 8 9 T J Q"
    state = fixed([landlord, farmer_1, farmer_2], "K A 2", landlord=0)
    state = play(state, 0, "3 3")
    state = play(state, 1, "8 8")
    assert state.turn == 2  # the landlord acts after this farmer; its partner's 8-8 holds so far
    given = _hint(state)
    assert given.action == {"type": "pass"}
    assert given.template == "Your partner wins the trick – pass."


def test_the_hint_leads_a_pair_not_a_single_when_the_landlord_holds_one_card() -> None:
    state = fixed(["", "4 4 6 6 6 2", "8 T"], "5 7 A", landlord=0)
    for seat, cards in ((0, "5"), (1, "6"), (2, ""), (0, "7"), (1, "2"), (2, ""), (0, "")):
        state = play(state, seat, cards) if cards else pass_(state, seat)
    assert state.turn == 1 and state.hands[0].bit_count() == 1  # the landlord keeps its ace
    given = _hint(state)
    assert len(given.action["cards"]) == 2  # 4-4 or 6-6, never the single 4
    assert given.template == "The landlord has one card left – lead a pair, not a single."


def test_the_hint_explains_a_bid() -> None:
    strong = "2 2 2 B R A A K K K Q Q J T 9 8 7"
    state = fixed([strong, "3 4 4 5 7 7 9 9 J J Q Q 3 6 8 T K", "3 3 4 4 5 5 6 6 6 7 8 8 9 T T J A"], "2 5 A")
    given = _hint(state, 0)
    assert given.action == {"type": "bid", "value": 3}
    assert given.template == "Bid {bid}: as the landlord this hand wins about {percent} % of the deals."


def test_the_masters_playouts_let_the_other_side_answer_greedily_and_its_own_side_plan() -> None:
    hands = [_packed(h) for h in (["3S", "4S"], ["7S", "8S", "9S", "TS", "JS", "KS"], ["8H", "TH", "QH"])]
    counts = [2, 6, 3]
    five = _packed(["5S"])

    def planner(seat: int, table_seat: int) -> int:
        return _planner_policy(hands, counts, seat, 0, five, table_seat, legal_plays(hands[seat], CATALOGUE[five]))

    def modelled(me: int, seat: int, table_seat: int) -> int:
        plays = legal_plays(hands[seat], CATALOGUE[five])
        return _modelled_policy(me)(hands, counts, seat, 0, five, table_seat, plays)

    # Seat 1 over the landlord's single 5: the planner keeps its straight and answers with the king.
    assert planner(1, 0) == _packed(["KS"])
    # The landlord plays the Meister: in its playouts a farmer answers it greedily, with its lowest single.
    assert modelled(0, 1, 0) == _packed(["7S"])
    # A farmer plays the Meister: its own side (itself, its partner) plans, and so does a seat answering a
    # play of the other side.
    assert modelled(1, 1, 0) == modelled(2, 1, 0) == planner(1, 0)
    assert modelled(0, 2, 1) == planner(2, 1)


def test_the_hint_counts_one_card_as_one_card_not_as_1_cards() -> None:
    state = fixed(["3 4 5 6 7 8 9 T J Q K A 2", "2", "6 6 8 J Q"], "K K K", landlord=0)
    for seat, cards in ((0, "3"), (1, ""), (2, "J"), (0, ""), (1, "")):
        state = play(state, seat, cards) if cards else pass_(state, seat)
    assert state.turn == 2  # farmer 2 leads; its partner holds one card
    given = _hint(state)
    assert given.action == {"type": "play", "cards": ["6H"]}
    assert (given.template, given.params) == ("Your partner has one card left – lead low so it can go out.", {})

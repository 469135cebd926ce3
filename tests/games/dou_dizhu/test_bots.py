"""The computers: legal, seat-blind, and playing like a decent human (issue 9, point 3)."""

from __future__ import annotations

from games.core.rng import rng_for
from games.dou_dizhu import ENGINE, search
from games.dou_dizhu.bots import BOT, GreedyBot, RandomBot
from games.dou_dizhu.cards import codes_of, count_list
from games.dou_dizhu.state import DouDizhuState
from tests.games.dou_dizhu.helpers import fixed, packed, pass_, play

PLAYERS = {"bot": BOT, "greedy": GreedyBot(), "random": RandomBot()}


def _choice(state: DouDizhuState, seat: int | None = None) -> dict:
    seat = state.turn if seat is None else seat
    return BOT.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng_for(0, "test"))


def _play_out(state: DouDizhuState, bots: list[object], seed: int) -> dict:
    step = 0
    while ENGINE.outcome(state) is None:
        seat = state.turn
        legal = ENGINE.legal_actions(state, seat)
        action = bots[seat].choose(ENGINE.view(state, seat), legal, rng_for(seed, seat, step))
        assert action in legal, (type(bots[seat]).__name__, action)
        state, _ = ENGINE.apply(state, seat, action)
        step += 1
    return ENGINE.outcome(state)


def test_every_computer_chooses_only_legal_actions_in_whole_deals() -> None:
    for seed in range(12):
        names = list(PLAYERS)
        bots = [PLAYERS[names[(seed + s) % 3]] for s in range(3)]
        _play_out(ENGINE.new_game(seed=seed, seats=3), bots, seed)


def test_the_computer_decides_from_its_view_alone() -> None:
    # Whatever the hidden cards are, the same view gives the same choice.
    for seed in range(10):
        state = ENGINE.new_game(seed=seed, seats=3)
        state, _ = ENGINE.apply(state, state.turn, {"type": "bid", "value": 3})
        for _ in range(seed % 5):
            state, _ = ENGINE.apply(state, state.turn, ENGINE.random_action(state, state.turn, rng_for(seed)))
        other = ENGINE.shuffle_hidden(state, state.turn, rng_for(seed, "hide"))
        assert _choice(other) == _choice(state)


STRONG = "2 2 2 B R A A K K K Q Q J T 9 8 7"
WEAK = "3 4 4 5 7 7 9 9 J J Q Q 3 6 8 T K"
OTHER = "3 3 4 4 5 5 6 6 6 7 8 8 9 T T J A"


def test_bids_3_with_a_strong_hand_and_passes_with_a_weak_one() -> None:
    assert _choice(fixed([STRONG, WEAK, OTHER], "2 5 A"), 0) == {"type": "bid", "value": 3}
    assert _choice(fixed([WEAK, STRONG, OTHER], "2 5 A"), 0) == {"type": "pass"}


def test_plays_its_whole_hand_when_it_is_one_combination() -> None:
    state = fixed(["3 3 3 4 4", "7", "8"], "4 5 6", landlord=0)
    assert _choice(state) == {"type": "play", "cards": ENGINE.view(state, 0)["hand"]}


def test_a_farmer_does_not_beat_its_partners_winning_play() -> None:
    state = fixed(["3 4 5 6 7 8 9 T J Q K A 2", "3 4 5 9 T", "6 7 8 J Q"], "K K K", landlord=0)
    state = play(state, 0, "3")
    state = play(state, 1, "9")  # farmer 1 takes the trick over the landlord
    assert _choice(state, 2) == {"type": "pass"}  # farmer 2 lets it stand, though it holds J and Q


def test_a_farmer_feeds_a_partner_with_one_card_its_lowest_single() -> None:
    state = fixed(["3 4 5 6 7 8 9 T J Q K A 2", "2", "6 6 8 J Q"], "K K K", landlord=0)
    state = play(state, 0, "3")
    state = pass_(state, 1)
    state = play(state, 2, "J")
    state = pass_(state, 0)
    state = pass_(state, 1)
    assert state.turn == 2  # farmer 2 leads; its partner holds one card
    assert _choice(state) == {"type": "play", "cards": ["6H"]}


def test_keeps_its_bomb_when_nothing_is_at_stake() -> None:
    farmer = "5 5 5 5 7 9 J K 2 3 4 6 8 T Q A 2"
    state = fixed(["3 4 6 8 T Q A", farmer, "7 9 J K 2 3 4 6 8 T Q A 3 4 6 8 T"], "9 J K", landlord=0)
    state = play(state, 0, "3")
    action = _choice(state, 1)
    assert action["type"] == "play" and len(action["cards"]) == 1  # a single, not the 5555


def test_bombs_a_landlord_about_to_go_out() -> None:
    state = fixed(["", "5 5 5 5 9", "6 8 T"], "K Q 3", landlord=0)
    state = play(state, 0, "K")  # two cards left; no single of farmer 1 beats the king, its bomb does
    assert sorted(_choice(state, 1)["cards"]) == ["5C", "5D", "5H", "5S"]


def test_does_not_lead_a_single_into_a_landlord_with_one_card() -> None:
    state = fixed(["", "5 6 6 9 2", "7 8"], "3 4 A", landlord=0)
    for seat, cards in ((0, "3"), (1, "5"), (2, ""), (0, "A"), (1, "2"), (2, ""), (0, "")):
        state = play(state, seat, cards) if cards else pass_(state, seat)
    assert state.turn == 1 and state.hands[0].bit_count() == 1
    assert _choice(state) == {"type": "play", "cards": ["6S", "6H"]}  # not the 9 the landlord may beat


def test_the_computer_beats_greedy_and_random_players() -> None:
    for name, baseline, bar in (("greedy", PLAYERS["greedy"], 0.55), ("random", PLAYERS["random"], 0.85)):
        wins = {True: 0, False: 0}
        deals = 40
        for seed in range(deals):
            dealt = ENGINE.new_game(seed=seed, seats=3)
            deal = {"hands": [codes_of(h) for h in dealt.hands], "bottom": codes_of(dealt.bottom)}
            deal |= {"landlord": seed % 3, "bid": 1}
            for as_landlord in (True, False):
                bots = [BOT if (s == seed % 3) == as_landlord else baseline for s in range(3)]
                outcome = _play_out(ENGINE.new_game(seed=seed, seats=3, deal=deal), bots, seed)
                wins[as_landlord] += outcome["landlord_won"] == as_landlord
        assert wins[True] / deals > bar and wins[False] / deals > bar, (name, wins)


def test_the_endgame_solver_finds_the_winning_order() -> None:
    rocket, three = packed("BR"), packed("3")
    pos = search.Position(
        hands=(packed("BR3"), packed("4"), packed("5")), landlord=0, turn=0, table=0, table_seat=0, passes=0
    )
    solver = search.Solver(landlord=0, budget=1000)
    assert solver.landlord_wins_after(pos, rocket) is True  # rocket first, then the 3
    assert solver.landlord_wins_after(pos, three) is False  # a farmer's 4 or 5 goes out over the 3
    assert search.best_moves([pos], [rocket, three], True, 1000, 1000) == {rocket: 1, three: 0}


def test_sampled_worlds_keep_the_counts_and_the_landlords_public_bottom_cards() -> None:
    unseen = search.ranks_of(packed("3 4 5 6 7 8 9 K K"))
    for seed in range(20):
        hands = search.sample_world(1, packed("22"), unseen, (5, 2, 4), 0, [10, 10], rng_for(seed))
        assert [h and sum(count_list(h)) for h in hands] == [5, 2, 4]
        assert count_list(hands[0])[10] == 2  # both kings, the bottom cards, stay with the landlord
        assert hands[0] + hands[2] == packed("3 4 5 6 7 8 9 K K")

"""The computer players: legal answers from the view alone, sound inference, sensible choices."""

from __future__ import annotations

from games.chuo_pai import ENGINE
from games.chuo_pai.bots import BOT, GreedyBot, Knowledge, RandomBot, SearchBot
from games.chuo_pai.cards import CODES
from games.chuo_pai.playout import counts_of
from games.core.rng import rng_for
from tests.games.chuo_pai.helpers import deal, pass_, play, random_prefix

BOTS = [SearchBot(worlds=3), GreedyBot(), RandomBot()]


def choose(bot, state, seat: int, salt: object = 0) -> dict:
    return bot.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng_for(salt, "test"))


def test_the_default_computer_is_the_search_bot():
    assert isinstance(BOT, SearchBot)


def test_every_bot_answers_with_a_legal_action_through_whole_deals():
    for seed in range(3):
        state = ENGINE.new_game(seed=seed, seats=3)
        while ENGINE.outcome(state) is None:
            (seat,) = ENGINE.actors(state)
            action = choose(BOTS[seat], state, seat, seed)
            assert action in ENGINE.legal_actions(state, seat)
            state = ENGINE.apply(state, seat, action)[0]


def test_search_bot_is_reproducible_for_the_same_rng():
    state = ENGINE.new_game(seed=9, seats=3)
    (seat,) = ENGINE.actors(state)
    assert choose(SearchBot(worlds=4), state, seat, 1) == choose(SearchBot(worlds=4), state, seat, 1)


def test_knowledge_counts_exactly_the_cards_in_the_other_hands_as_unseen():
    state = random_prefix(4, 20)
    known = Knowledge.of(ENGINE.view(state, 0))
    expected = [a + b for a, b in zip(counts_of(state.hands[1]), counts_of(state.hands[2]), strict=True)]
    assert known.unseen == expected


def test_a_pass_proves_the_seat_holds_no_higher_card_of_that_family_and_size():
    state = pass_(play(deal("2-2 5-6", "5-6 4-6", "3-3 6-6 5-6"), 0, "2-2"), 1)
    caps = Knowledge.of(ENGINE.view(state, 2)).caps[1]
    higher_long = ["6-6", "1-1", "4-4", "1-3", "3-3", "5-5"]
    assert [caps[CODES.index(c)] for c in higher_long] == [0] * 6
    assert caps[CODES.index("2-2")] == 4 and caps[CODES.index("3-6")] == 4


def test_sampled_worlds_keep_hand_sizes_and_respect_passes():
    state, rng = random_prefix(2, 40), rng_for(2, "worlds")
    known = Knowledge.of(ENGINE.view(state, 0))
    for _ in range(10):
        world = known.deal_unseen(rng)
        assert [sum(h) for h in world] == [len(h) for h in state.hands]
        assert world[0] == counts_of(state.hands[0])
        for seat, caps in known.caps.items():
            assert all(n <= cap for n, cap in zip(world[seat], caps, strict=True))


def test_last_to_act_beats_with_its_cheapest_card_and_keeps_heaven():
    state = pass_(play(deal("2-2 5-6", "5-6 4-6", "3-3 6-6 5-6"), 0, "2-2"), 1)
    assert ENGINE.legal_actions(state, 2) == [{"type": "play", "cards": ["3-3"]}, {"type": "play", "cards": ["6-6"]}]
    assert choose(SearchBot(), state, 2) == {"type": "play", "cards": ["3-3"]}

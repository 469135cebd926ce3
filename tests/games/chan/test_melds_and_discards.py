"""Which melds, Chíu and discards are blocked, and why (rules §1.2.2, §1.2.3, R4–R5, C8–C10).

Each blocked move is checked by its stable code and by an English message that says what is allowed.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.chan.cards import IDENTITIES, sorted_cards
from games.chan.hands import PARTNERS
from games.chan.legality import (
    Holding,
    _discard_left,
    chiu_error,
    discard_error,
    legal_discards,
    may_meld,
    meld_error,
    win_error,
)
from games.chan.state import Meld
from tests.games.chan.helpers import holding

CA_5 = Meld("ca", "5V", ("5S",))


def code(error) -> str | None:
    return None if error is None else error.code


# --- normal melds --------------------------------------------------------------------------------


def test_chan_takes_the_offered_card_with_an_identical_hand_card():
    assert meld_error(holding("5V 2S 3N"), "5V", "5V") is None


def test_ca_takes_the_offered_card_with_a_same_rank_card_of_another_suit():
    assert meld_error(holding("5S 2S 3N 4V 4S"), "5V", "5S") is None


def test_cards_of_different_ranks_do_not_pair():
    error = meld_error(holding("6S 2S 3N"), "5V", "6S")
    assert code(error) == "not_a_pair" and "same rank" in str(error)


def test_chi_chi_never_forms_a_ca_meld():
    assert code(meld_error(holding("5S 2V 3N"), "CC", "5S")) == "not_a_pair"
    assert meld_error(holding("CC 2S 3N"), "CC", "CC") is None


def test_holding_an_identical_card_forces_a_chan():
    error = meld_error(holding("5V 5S 2S 3N 4V"), "5V", "5S")
    assert code(error) == "must_chan" and "Chắn" in str(error)


def test_holding_three_identical_cards_forces_a_chiu():
    assert code(meld_error(holding("5V 5V 5V 2S 3N"), "5V", "5V")) == "must_chiu"


def test_chan_may_take_a_third_copy_with_one_card_of_a_pair():
    assert meld_error(holding("5V 5V 2S 3N 4V"), "5V", "5V") is None


def test_ca_may_not_break_an_identical_pair():
    error = meld_error(holding("5S 5S 2S 3N 4V"), "5V", "5S")
    assert code(error) == "broken_pair" and "three identical" in str(error)


def test_ca_may_use_one_card_of_three_identical_cards():
    assert meld_error(holding("5S 5S 5S 2S 3N 4V 4S"), "5V", "5S") is None


def test_ca_may_not_use_a_card_of_a_dealt_quad():
    assert code(meld_error(holding("5S 5S 5S 5S 2S 3N 4V"), "5V", "5S")) == "broken_pair"


def test_ca_refused_when_the_hand_already_holds_a_ca_in_that_rank():
    assert code(meld_error(holding("5S 5N 2S 3N 4V"), "5V", "5S")) == "ca_in_rank"


def test_pair_plus_single_of_a_rank_may_still_take_a_ca():
    assert meld_error(holding("5V 5V 5S 2S 3N 4V 4S"), "5N", "5S") is None


def test_ca_refused_when_only_one_unpaired_card_is_left():
    error = meld_error(holding("5S 2V 2V 3N 3N"), "5V", "5S")
    assert code(error) == "one_unpaired" and "winning card" in str(error)


def test_three_single_suits_count_as_one_unpaired_card():
    # 4V 4S 4N: two pair as a Cạ, one stays alone; with 5S that makes two unpaired cards.
    assert meld_error(holding("5S 4V 4S 4N 2V 2V 3N 3N 6V"), "5V", "5S") is None


def test_ca_refused_after_discarding_both_cards_of_a_ca():
    error = meld_error(holding("5S 2S 3N 4V 4S", discarded="7V 9S 7N"), "5V", "5S")
    assert code(error) == "ca_discarded"


def test_discarding_two_copies_of_one_identity_is_no_ca():
    assert meld_error(holding("5S 2S 3N 4V 4S", discarded="7V 7V"), "5V", "5S") is None


def test_frozen_card_may_not_be_used_in_a_ca():
    error = meld_error(holding("5S 2S 3N 4V 4S", frozen="5S"), "5V", "5S")
    assert code(error) == "frozen" and "declined" in str(error)


def test_frozen_card_may_still_take_a_chan():
    assert meld_error(holding("5V 2S 3N 4V 4S", frozen="5V"), "5V", "5V") is None


def test_no_meld_takes_a_card_identical_to_an_own_discard():
    error = meld_error(holding("5V 2S 3N 4V 4S", discarded="5V"), "5V", "5V")
    assert code(error) == "taken_discarded"
    assert code(meld_error(holding("5S 2S 3N 4V 4S", discarded="5V"), "5V", "5S")) == "taken_discarded"


def test_discarding_a_suit_does_not_block_taking_another_suit_of_that_rank():
    assert meld_error(holding("5V 2S 3N 4V 4S", discarded="5S"), "5V", "5V") is None


def test_no_meld_takes_a_card_identical_to_a_hand_card_used_in_a_ca():
    h = holding("5N 2S 3N 4V 4S 7N 9S", melds=(CA_5,))
    assert code(meld_error(h, "5S", "5N")) == "taken_ca_card"


def test_meld_needs_a_legal_discard_afterwards():
    # After 5V+5V the hand is pairs and a frozen single: nothing may be discarded.
    h = holding("5V 2S 2S 3N 3N 9V", frozen="9V")
    error = meld_error(h, "5V", "5V")
    assert code(error) == "no_discard_after" and "legal discard" in str(error)


# --- Chíu ----------------------------------------------------------------------------------------


def test_chiu_needs_three_identical_hand_cards():
    assert chiu_error(holding("5V 5V 5V 2S 3N"), "5V") is None
    assert code(chiu_error(holding("5V 5V 2S 3N 4V"), "5V")) == "no_triple"


def test_chiu_needs_a_legal_discard_afterwards():
    assert code(chiu_error(holding("5V 5V 5V 2S 2S"), "5V")) == "no_discard_after"


# --- discards ------------------------------------------------------------------------------------


def test_discard_may_not_break_an_identical_pair():
    error = discard_error(holding("5V 5V 2S"), "5V")
    assert code(error) == "broken_pair" and "single card" in str(error)


def test_one_card_of_three_identical_cards_may_be_discarded():
    assert discard_error(holding("5V 5V 5V 2S"), "5V") is None


def test_a_dealt_quad_is_never_broken():
    assert code(discard_error(holding("5V 5V 5V 5V 2S"), "5V")) == "broken_pair"


def test_frozen_card_may_not_be_discarded():
    assert code(discard_error(holding("5V 2S 3N", frozen="5V"), "5V")) == "frozen"


def test_after_melding_a_ca_both_cards_of_a_ca_may_not_be_discarded():
    h = holding("7S 2S 3N", melds=(CA_5,), discarded="7V")
    error = discard_error(h, "7S")
    assert code(error) == "ca_discard" and "another rank" in str(error)
    assert discard_error(h, "2S") is None


def test_without_a_ca_meld_both_cards_of_a_ca_may_be_discarded():
    assert discard_error(holding("7S 2S 3N", discarded="7V"), "7S") is None


def test_discarding_a_card_not_held_is_refused():
    assert code(discard_error(holding("7S 2S 3N"), "9N")) == "card_not_held"


def test_legal_discards_lists_each_allowed_card_once():
    assert legal_discards(holding("5V 5V 5V 2S 3N 3N 4V", frozen="4V")) == ["2S", "5V"]


# --- wins ----------------------------------------------------------------------------------------

READY = "2V 2V 3S 3S 4N 4N 6V 6V 6V 6V 7S 7S 5V 5S 8N 8V 9S 9N 3V"


def test_an_ordinary_discard_cannot_be_won_on():
    error = win_error(holding(READY), "3N", by_chiu_only=True)
    assert code(error) == "win_not_stock" and "stock card" in str(error)
    assert win_error(holding(READY), "3N", by_chiu_only=False) is None


def test_a_chiu_may_win_on_a_discard():
    hand = "2V 2V 3S 3S 4N 4N 6V 6V 6V 6V 7S 7S 5V 5S 8N 8V 9N 9N 9N"
    assert win_error(holding(hand), "9N", by_chiu_only=True) is None


@pytest.mark.parametrize(
    ("card", "expected"),
    [("9V", "not_winning"), ("CC", "not_winning")],
)
def test_win_refusal_says_what_a_win_needs(card, expected):
    error = win_error(holding(READY), card, by_chiu_only=False)
    assert code(error) == expected and "six Chắn" in str(error)


def test_chi_chi_rule_refusal_names_the_rule():
    hand = "2V 2V 3S 3S 4N 4N 6V 6V 6V 6V 7S 7S 5V 5S 8N 8V 9S 9N CC"
    error = win_error(holding(hand), "CC", by_chiu_only=False)
    assert code(error) == "chi_chi_rule" and "exactly six" in str(error)


def test_restrictions_on_melds_do_not_block_wins():
    # An earlier discard of the winning card (R4d), a discarded Cạ (R5b) and a frozen card (R4c).
    h = holding(READY, discarded="3N 7V 7N", frozen="3V")
    assert win_error(h, "3N", by_chiu_only=False) is None


# --- the shortcuts agree with the card-by-card checks ------------------------------------------

# Small hands, so that holdings with few or no discards to spare come up often.
_CARDS = st.lists(st.sampled_from(IDENTITIES), min_size=1, max_size=8).map(
    lambda drawn: [card for code, n in Counter(drawn).items() for card in [code] * min(n, 4)]
)
_HOLDINGS = st.builds(
    lambda hand, melds, discarded, frozen: Holding(sorted_cards(hand), melds, tuple(discarded), tuple(frozen)),
    _CARDS,
    st.sampled_from([(), (CA_5,), (Meld("chan", "2V", ("2V",)),)]),
    st.lists(st.sampled_from(IDENTITIES), max_size=6),
    st.lists(st.sampled_from(IDENTITIES), max_size=2),
)


@settings(max_examples=400, deadline=None)
@given(_HOLDINGS)
def test_legal_discards_are_the_cards_discard_error_allows(h):
    assert legal_discards(h) == [card for card in dict.fromkeys(h.hand) if discard_error(h, card) is None]


@settings(max_examples=400, deadline=None)
@given(_HOLDINGS, st.sampled_from(IDENTITIES), st.sampled_from(["chan", "ca", "chiu"]))
def test_a_discard_is_left_after_a_meld_exactly_when_the_melded_holding_has_one(h, card, kind):
    """R5c is asked of the holding as it stands; the meld only takes its hand cards out."""
    meld = Meld(kind, card, (card,) * (3 if kind == "chiu" else 1))
    missing = [card] * (len(meld.from_hand) - h.hand.count(card))  # a meld's hand cards are held
    h = Holding(sorted_cards([*h.hand, *missing]), h.melds, h.discarded, h.frozen)
    assert _discard_left(h, card, len(meld.from_hand), kind == "ca") == bool(legal_discards(h.after_meld(meld)))


_MELDS = st.sampled_from([(), (CA_5,), (Meld("chan", "2V", ("2V",)),), (Meld("ca", "6N", ("6V",)), CA_5)])


@settings(max_examples=600, deadline=None)
@given(_HOLDINGS, _MELDS, st.sampled_from(IDENTITIES), st.sampled_from(IDENTITIES))
def test_may_meld_is_meld_error_allowing_it(h, melds, offered, card):
    """The legal lists ask `may_meld`, the refusals `meld_error`: they must agree on every meld."""
    for holding_ in (h, h._replace(melds=melds)):
        assert may_meld(holding_, offered, card) == (meld_error(holding_, offered, card) is None)
        for partner in PARTNERS[offered]:  # the cards the engine asks about: those that pair with the offer
            assert may_meld(holding_, offered, partner) == (meld_error(holding_, offered, partner) is None)

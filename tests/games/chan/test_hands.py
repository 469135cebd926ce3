"""Pairing and the winning hand (rules Z1–Z3, §1.2.4, C11), cross-checked by brute force."""

from __future__ import annotations

from collections import Counter
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from games.chan.cards import CHI_CHI, IDENTITIES, SUITS, sorted_cards
from games.chan.hands import (
    PARTNERS,
    canonical,
    could_win_on,
    holds_ca,
    one_short,
    same_rank,
    tally,
    winning_pairing,
)
from games.chan.state import Meld
from tests.games.chan.helpers import cards

# Nine pairs: six Chắn (one of them a quad, counted twice) and three Cạ.
BASE = "2V 2V 3S 3S 4N 4N 6V 6V 6V 6V 7S 7S 5V 5S 8N 8V 9S 9N"
FIVE_CHAN = BASE.replace("7S 7S", "7S 7V")  # five Chắn, four Cạ


def test_four_identical_cards_count_as_two_chan():
    assert canonical(cards("6V 6V 6V 6V")).chan == 2


def test_identical_pair_is_never_split_into_two_ca():
    pairing = canonical(cards("5V 5V 5S 5N"))
    assert (pairing.chan, pairing.ca, pairing.unpaired) == (1, ("5",), ())


def test_three_of_a_kind_leaves_one_card_for_a_ca():
    pairing = canonical(cards("5V 5V 5V 5S"))
    assert (pairing.chan, pairing.ca, pairing.unpaired) == (1, ("5",), ())


def test_three_single_suits_of_one_rank_leave_one_unpaired_card():
    pairing = canonical(cards("5V 5S 5N"))
    assert len(pairing.ca) == 1 and len(pairing.unpaired) == 1


def test_chi_chi_never_forms_a_ca():
    assert set(canonical(cards("CC 2V")).unpaired) == {"CC", "2V"}
    assert canonical(cards("CC CC")).chan == 1


def test_pair_and_single_of_a_rank_hold_no_ca_in_that_rank():
    assert not holds_ca(cards("5V 5V 5S"), "5")
    assert holds_ca(cards("5V 5S"), "5")
    assert holds_ca(cards("5V 5S 5N"), "5")


def test_win_needs_ten_pairs_with_at_least_six_chan():
    win = winning_pairing((), [*cards(BASE), "3V", "3N"], "3N")
    assert win is not None and (win.chan, sorted(win.ca), win.unpaired) == (6, ["3", "5", "8", "9"], ())
    assert winning_pairing((), [*cards(BASE), "3V", "9N"], "9N") is None  # 3V and 9S stay alone


def test_win_with_five_chan_is_refused():
    assert winning_pairing((), [*cards(FIVE_CHAN), "3V", "3N"], "3N") is None


def test_exposed_melds_count_as_they_were_melded():
    melds = (Meld("ca", "5V", ("5S",)), Meld("chiu", "6V", ("6V", "6V", "6V")))
    hand = cards("2V 2V 3S 3S 4N 4N 7S 7S 8N 8V 9S 9N 3V")
    win = winning_pairing(melds, [*hand, "3N"], "3N")
    assert win is not None and (win.chan, len(win.ca)) == (6, 4)


def test_chi_chi_win_needs_exactly_six_chan_and_four_ca():
    assert winning_pairing((), [*cards(FIVE_CHAN), "CC", "CC"], "CC") is not None
    assert winning_pairing((), [*cards(BASE), "CC", "CC"], "CC") is None  # seven Chắn
    assert winning_pairing((), [*cards(BASE), "CC", "CC"], None) is not None  # Thiên ù: no winning card


def test_chi_chi_leftover_never_pairs():
    assert winning_pairing((), [*cards(BASE), "CC", "9V"], "9V") is None


# --- the brute-force cross-check --------------------------------------------------------------


def brute_force(hand: list[str]) -> tuple[int, int] | None:
    """Every way to pair the cards (identical: Chắn; same rank, other suit: Cạ); the most Chắn wins."""

    @cache
    def best(rest: tuple[str, ...]) -> tuple[int, int] | None:
        if not rest:
            return (0, 0)
        first, others = rest[0], rest[1:]
        found = []
        for i, card in enumerate(others):
            if (i and others[i - 1] == card) or not (card == first or same_rank(card, first)):
                continue
            sub = best(others[:i] + others[i + 1 :])
            if sub is not None:
                found.append((sub[0] + (card == first), sub[1] + (card != first)))
        return max(found, default=None)

    return best(tuple(sorted(hand)))


@st.composite
def near_pairs(draw: st.DrawFn) -> list[str]:
    """Twenty cards built from ten random Chắn/Cạ, some of them then replaced by random cards."""
    hand: list[str] = []
    for _ in range(10):
        first = draw(st.sampled_from(IDENTITIES))
        if first == CHI_CHI or draw(st.booleans()):
            hand += [first, first]
        else:
            hand += [first, first[0] + draw(st.sampled_from([s for s in SUITS if s != first[1]]))]
    for _ in range(draw(st.integers(0, 2))):
        hand[draw(st.integers(0, 19))] = draw(st.sampled_from(IDENTITIES))
    counts = Counter(hand)
    return [c for code in counts for c in [code] * min(counts[code], 4)]


@settings(max_examples=300, deadline=None)
@given(near_pairs(), st.integers(0, 19))
def test_winning_checker_matches_brute_force_pairing_search(hand, index):
    pairing, brute = canonical(hand), brute_force(hand)
    assert (brute is None) == bool(pairing.unpaired)
    if brute is not None:
        assert brute == (pairing.chan, len(pairing.ca))
    card = hand[index % len(hand)]
    expected = len(hand) == 20 and brute is not None and brute[0] >= 6 and (card != CHI_CHI or brute == (6, 4))
    assert (winning_pairing((), hand, card) is not None) == expected


@settings(max_examples=300, deadline=None)
@given(near_pairs(), st.integers(0, 19))
def test_only_a_hand_one_card_short_wins_on_an_offered_card(hand, index):
    """The engine asks for a win on an offered card only when `one_short` says it could be one."""
    hand = tuple(hand[: index % len(hand)] + hand[index % len(hand) + 1 :])
    if not one_short(hand):
        assert all(winning_pairing((), (*hand, card), card) is None for card in IDENTITIES)


@settings(max_examples=300, deadline=None)
@given(near_pairs(), st.integers(0, 19))
def test_a_hand_wins_only_on_a_card_that_pairs_with_its_one_unpaired_card(hand, index):
    """`could_win_on` is what the engine asks before the full check of a win on a stock card."""
    hand = tuple(hand[: index % len(hand)] + hand[index % len(hand) + 1 :])
    for card in IDENTITIES:
        if winning_pairing((), (*hand, card), card) is not None:
            assert could_win_on(hand, card)


def _plain_canonical(hand: list[str]) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    """The decomposition as the rules state it, identity by identity and rank by rank, uncached."""
    counts = Counter(hand)
    odd = [code for code in IDENTITIES if counts[code] % 2]
    ca, unpaired = [], [CHI_CHI] if CHI_CHI in odd else []
    for rank in "23456789":
        singles = [code for code in odd if code[0] == rank]
        if len(singles) >= 2:
            ca.append(rank)
        if len(singles) % 2:
            unpaired.append(singles[-1])
    return sum(c // 2 for c in counts.values()), tuple(ca), tuple(unpaired)


def _at_most_four(drawn: list[str]) -> list[str]:
    """The drawn cards in order, without the copies beyond the pack's four of an identity."""
    kept: list[str] = []
    seen: Counter[str] = Counter()
    for card in drawn:
        seen[card] += 1
        if seen[card] <= 4:
            kept.append(card)
    return kept


# Up to 21 cards that one pack could hold: a hand, and a card offered to it.
_PACK_HANDS = st.lists(st.sampled_from(IDENTITIES), max_size=21).map(_at_most_four)


@settings(max_examples=300, deadline=None)
@given(_PACK_HANDS, st.randoms(use_true_random=False))
def test_the_cached_decomposition_is_the_plain_one_in_any_card_order(hand, rnd):
    rnd.shuffle(hand)
    pairing = canonical(hand)
    assert (pairing.chan, pairing.ca, pairing.unpaired) == _plain_canonical(hand)


@settings(max_examples=300, deadline=None)
@given(_PACK_HANDS)
def test_the_cards_a_hand_could_win_on_pair_with_its_one_unpaired_card(hand):
    """`could_win_on` reads the unpaired cards off bits, not off the decomposition; both must agree."""
    unpaired = canonical(hand).unpaired
    for held in (tuple(hand), sorted_cards(hand)):  # any order, and a state's own
        assert one_short(held) == (len(unpaired) == 1)
        for card in IDENTITIES:
            assert could_win_on(held, card) == (len(unpaired) == 1 and card in PARTNERS[unpaired[0]])


@settings(max_examples=300, deadline=None)
@given(_PACK_HANDS, st.randoms(use_true_random=False))
def test_the_tally_read_off_bits_is_the_plain_count_of_the_hand(hand, rnd):
    """`tally` packs the counts into one int and reads odd counts and triples off its bits."""
    rnd.shuffle(hand)
    counted, counts = tally(tuple(hand)), Counter(hand)
    assert [counted.copies(code) for code in IDENTITIES] == [counts[code] for code in IDENTITIES]
    assert counted.odd == tuple(code for code in IDENTITIES if counts[code] % 2)
    assert counted.triples == tuple(code for code in IDENTITIES if counts[code] == 3)
    assert counted.on_stock == counted.triples + counted.wins_on
    assert counted.odd == tuple(dict.fromkeys(c for c in sorted_cards(hand) if counts[c] % 2))  # a state's hand order


@settings(max_examples=300, deadline=None)
@given(_PACK_HANDS)
def test_a_ca_held_read_off_bits_is_two_odd_counts_in_the_rank(hand):
    counts = Counter(hand)
    for rank in [*"23456789", None]:
        plain = sum(counts[rank + suit] % 2 for suit in SUITS) >= 2 if rank else False
        assert holds_ca(hand, rank) == plain

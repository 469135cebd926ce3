"""Bonuses with main value and dịch, the score formula, Thập thành and settlement (§1.2.6, S1–S8)."""

from __future__ import annotations

import pytest

from games.chan.hands import winning_pairing
from games.chan.scoring import BONUSES, Win, bonuses, score, settle
from games.chan.state import Meld
from tests.games.chan.helpers import cards

# Seven Chắn and three Cạ, three red cards, no set: a plain win (Ù xuông) on 4S.
PLAIN = "2V 2V 3S 3S 4N 4N 5V 5V 6S 6S 7V 7V 9S 9S 8V 8N 2S 2N 4V"


def found(hand: str, card: str | None, melds: tuple[Meld, ...] = (), **how: bool) -> dict[str, int]:
    concealed = cards(hand) + ([card] if card else [])
    pairing = winning_pairing(melds, concealed, card)
    assert pairing is not None, "not a winning hand"
    return dict(bonuses(Win(melds, tuple(cards(hand)), card, pairing, **how)))


def points(hand: str, card: str | None, melds: tuple[Meld, ...] = (), **how: bool) -> int:
    return score(list(found(hand, card, melds, **how).items()))


# --- each bonus alone ----------------------------------------------------------------------------


def test_plain_win_is_u_xuong_for_two_points():
    assert found(PLAIN, "4S") == {} and points(PLAIN, "4S") == 2


def test_u_chi_alone_scores_three():
    assert found(PLAIN, "4S", own_door=True) == {"u_chi": 1} and points(PLAIN, "4S", own_door=True) == 3


def test_thien_u_alone_scores_three():
    assert found(PLAIN + " 4S", None, heavenly=True) == {"thien_u": 1}
    assert points(PLAIN + " 4S", None, heavenly=True) == 3


def test_tom_is_three_van_three_sach_and_seven_van_and_scores_four():
    tom = "2V 2V 3S 3S 4N 4N 5V 5V 6S 6S 7N 7N 9S 9S 8V 8N 3V 3N 4V"
    assert found(tom, "4S") == {"tom": 1} and points(tom, "4S") == 4


def test_bach_thu_exactly_six_chan_and_no_ca_in_the_winning_rank_scores_four():
    six = "2V 2V 3S 3S 4N 4N 5V 6S 6S 9S 9S 8V 8N 2S 2N 4V 4S 7V 7S"
    assert found(six, "5V") == {"bach_thu": 1} and points(six, "5V") == 4


def test_bach_thu_not_when_the_winning_card_makes_a_ca():
    six = "2V 2V 3S 3S 4N 4N 5V 5V 6S 6S 9S 9S 8V 8N 2S 2N 4V 4S 7V"
    assert found(six, "7S") == {}


def test_bach_thu_not_with_seven_chan():
    assert "bach_thu" not in found(PLAIN, "4S")


def test_bach_thu_does_not_apply_to_thien_u():
    six = "2V 2V 3S 3S 4N 4N 5V 5V 6S 6S 9S 9S 8V 8N 2S 2N 4V 4S 7V 7S"
    assert found(six, None, heavenly=True) == {"thien_u": 1}


def test_leo_is_nine_van_eight_sach_and_chi_chi_and_scores_five():
    leo = "2V 2V 3S 3S 4N 4N 5V 5V 6S 6S 7V 7V CC CC 8S 8N 2S 2N 9V"
    assert found(leo, "9N") == {"leo": 1} and points(leo, "9N") == 5


def test_thien_khai_a_dealt_quad_scores_five():
    quad = "2V 2V 2V 2V 3S 3S 4N 4N 6S 6S 7V 7V 9S 9S 8V 8N 2S 2N 4V"
    assert found(quad, "4S") == {"thien_khai": 1} and points(quad, "4S") == 5


def test_chiu_u_winning_by_chiu_scores_five():
    triple = "2V 2V 2V 3S 3S 4N 4N 6S 6S 7V 7V 9S 9S 8V 8N 2S 2N 4V 4S"
    assert found(triple, "2V") == {"chiu_u": 1} and points(triple, "2V") == 5


def test_bon_a_dealt_pair_grown_to_four_scores_five():
    melds = (Meld("chan", "2V", ("2V",)),)
    hand = "2V 3S 3S 4N 4N 6S 6S 7V 7V 9S 9S 8V 8N 2S 2N 4V 4S"
    assert found(hand, "2V", melds) == {"bon": 1} and points(hand, "2V", melds) == 5


def test_bon_needs_exactly_two_dealt_copies():
    taken_three = (Meld("chan", "2V", ("2V",)), Meld("chan", "2V", ("2V",)))
    hand = "3S 3S 4N 4N 6S 6S 7V 7V 9S 9S 8V 8N 2S 2N 4V"
    assert "bon" in found(hand, "4S", taken_three)  # two dealt, two taken
    chiu = (Meld("chiu", "2V", ("2V", "2V", "2V")),)
    assert "bon" not in found(hand, "4S", chiu)  # three dealt


def test_bach_dinh_all_black_scores_seven():
    black = "2V 2V 3S 3S 4N 4N 5V 5V 6S 6S 7V 7V 9N 9N 2S 2N 4V 4S 6V"
    assert found(black, "6N") == {"bach_dinh": 1} and points(black, "6N") == 7


def test_tam_do_exactly_eight_red_cards_scores_eight():
    red = "8V 8V 9S 9S 8S 8S 9V 9V 2V 2V 3S 3S 4V 4S 5V 5N 6S 6N 7V"
    assert found(red, "7N") == {"tam_do": 1} and points(red, "7N") == 8


def test_kinh_tu_chi_four_chi_chi_and_all_else_black_scores_twelve():
    melds = (Meld("chan", "CC", ("CC",)),)
    hand = "CC CC 2V 2V 3S 3S 4N 4N 5V 5V 6S 6S 7V 7N 2S 2N 4V"
    assert found(hand, "4S", melds) == {"kinh_tu_chi": 1} and points(hand, "4S", melds) == 12


def test_thap_thanh_ten_chan_scores_twelve():
    ten = "2V 2V 3S 3S 4N 4N 5V 5V 6S 6S 7V 7V 9S 9S 2S 2S 4V 4V 6N"
    assert found(ten, "6N") == {"thap_thanh": 1} and points(ten, "6N") == 12


def test_thap_thanh_cannot_be_won_on_chi_chi():
    ten = "2V 2V 3S 3S 4N 4N 5V 5V 6S 6S 7V 7V 9S 9S 2S 2S 4V 4V CC"
    assert winning_pairing((), [*cards(ten), "CC"], "CC") is None


# --- combinations --------------------------------------------------------------------------------


def test_seed_example_u_chi_plus_tom_is_four_plus_one():
    assert score([("u_chi", 1), ("tom", 1)]) == 5


def test_two_tom_sets_each_count():
    two = "3V 3V 3S 3S 7N 7N 4N 4N 5V 5V 6S 6S 9S 9S 8V 8N 2S 2N 4V"
    assert found(two, "4S") == {"tom": 2} and points(two, "4S") == 5
    assert points(two, "4S", own_door=True) == 6


def test_tom_sets_never_reuse_a_card():
    one_seven_van = "3V 3V 3S 3S 7N 7V 4N 4N 5V 5V 6S 6S 9S 9S 8V 8N 2S 2N 4V"
    assert found(one_seven_van, "4S") == {"tom": 1}


def test_thap_thanh_adds_the_main_value_of_every_bonus():
    black_ten = "2V 2V 3S 3S 4N 4N 5V 5V 6S 6S 7V 7V 9N 9N 2S 2S 4V 4V 6N"
    assert found(black_ten, "6N", own_door=True) == {"u_chi": 1, "bach_dinh": 1, "thap_thanh": 1}
    assert points(black_ten, "6N", own_door=True) == 3 + 7 + 12


def test_kinh_tu_chi_with_a_dealt_chi_chi_quad_adds_thien_khai_dich():
    quad = "CC CC CC CC 2V 2V 3S 3S 4N 4N 5V 5V 6S 6S 7V 7N 2S 2N 4V"
    assert found(quad, "4S") == {"thien_khai": 1, "kinh_tu_chi": 1}
    assert points(quad, "4S") == 12 + 2


def test_two_leo_sets_with_tam_do_and_u_chi():
    leo_red = "9V 9V 8S 8S 9S 9S CC CC 2V 2V 3S 3S 4N 4N 5V 5N 6S 6N 7V"
    assert found(leo_red, "7N", own_door=True) == {"u_chi": 1, "leo": 2, "tam_do": 1}
    assert points(leo_red, "7N", own_door=True) == 8 + 1 + 2 + 2


def test_a_chiu_u_win_may_also_be_bach_thu():
    triple = "2V 2V 2V 3S 3S 4N 4N 6S 6S 9S 9S 8V 8N 5S 5N 4V 4S 7V 7S"
    assert found(triple, "2V") == {"bach_thu": 1, "chiu_u": 1} and points(triple, "2V") == 5 + 1


def test_a_chiu_win_on_the_own_stock_card_is_u_chi_and_chiu_u():
    triple = "2V 2V 2V 3S 3S 4N 4N 6S 6S 7V 7V 9S 9S 8V 8N 2S 2N 4V 4S"
    assert found(triple, "2V", own_door=True) == {"u_chi": 1, "chiu_u": 1}
    assert points(triple, "2V", own_door=True) == 5 + 1


def test_thien_khai_counts_once_even_with_two_dealt_quads():
    quads = "2V 2V 2V 2V 3S 3S 3S 3S 4N 4N 6S 6S 7V 7V 9S 9S 8V 8N 4V"
    assert found(quads, "4S")["thien_khai"] == 1


def test_a_chiu_that_did_not_win_earns_no_bonus():
    melds = (Meld("chiu", "2V", ("2V", "2V", "2V")),)
    hand = "3S 3S 4N 4N 6S 6S 7V 7V 9S 9S 8V 8N 2S 2N 4V"
    assert found(hand, "4S", melds) == {}


def test_thien_u_adds_the_other_bonuses_of_the_dealt_hand():
    quad = "2V 2V 2V 2V 3S 3S 4N 4N 6S 6S 7V 7V 9S 9S 8V 8N 2S 2N 4V 4S"
    assert found(quad, None, heavenly=True) == {"thien_u": 1, "thien_khai": 1}
    assert points(quad, None, heavenly=True) == 5 + 1


@pytest.mark.parametrize(
    ("instances", "expected"),
    [
        ([], 2),
        ([("u_chi", 1)], 3),
        ([("tom", 1), ("bach_thu", 1)], 5),
        ([("tom", 2)], 5),
        ([("leo", 1), ("tom", 1)], 6),
        ([("u_chi", 1), ("leo", 1), ("tam_do", 1)], 11),
        ([("thien_khai", 1), ("chiu_u", 1), ("bon", 1), ("leo", 1)], 5 + 2 + 2 + 2),
        ([("thap_thanh", 1), ("tom", 1)], 16),
        ([("thap_thanh", 1), ("bach_dinh", 1), ("u_chi", 1)], 22),
        ([("kinh_tu_chi", 1), ("thien_khai", 1)], 14),
    ],
)
def test_score_is_the_highest_main_value_plus_every_other_dich(instances, expected):
    assert score(instances) == expected


def test_tied_main_values_take_the_bonus_with_the_higher_dich_as_main():
    assert score([("thap_thanh", 1)]) == score([("kinh_tu_chi", 1)]) == 12
    assert score([("tom", 1), ("bach_thu", 1)]) == 4 + 1


def test_bonus_table_matches_the_seed():
    table = {k: (b.main, b.dich) for k, b in BONUSES.items()}
    assert table == {
        "u_chi": (3, 1),
        "thien_u": (3, 1),
        "tom": (4, 1),
        "bach_thu": (4, 1),
        "leo": (5, 2),
        "thien_khai": (5, 2),
        "chiu_u": (5, 2),
        "bon": (5, 2),
        "bach_dinh": (7, 4),
        "tam_do": (8, 5),
        "kinh_tu_chi": (12, 9),
        "thap_thanh": (12, 9),
    }


def test_each_loser_pays_the_score_and_the_winner_gets_three_times():
    assert settle(2, 5) == (-5, -5, 15, -5)


def test_a_drawn_deal_settles_zero():
    assert settle(None, 0) == (0, 0, 0, 0)

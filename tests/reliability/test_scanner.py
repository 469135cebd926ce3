"""The leak scanner's own eyes: it finds a card by its code wherever a page may carry it and by its name
in either language, and does not mistake other words or numbers for cards."""

from __future__ import annotations

from tests.reliability.leaks import Deck


def test_a_card_is_found_by_its_code_in_any_place_of_a_page():
    deck = Deck("dou_dizhu")
    for text in ['<img src="/karten/french/QH.svg">', 'name="card-QH"', 'data-hand="3S QH"', '{"cards": ["QH"]}',
                 '<input value="QH">', "QH"]:
        assert deck.cards_in(text) >= {"QH"}, text
    assert deck.cards_in('alt="Herz-Dame"') == {"QH"} and deck.cards_in("title='Queen of hearts'") == {"QH"}


def test_other_words_and_numbers_are_not_cards():
    assert not Deck("dou_dizhu").cards_in('PASS #2C3E50 <b class="KSX">TH3</b> token=aQHx')
    assert not Deck("chuo_pai").cards_in("12-3 1-3-5 2026-12-02")
    # a room's token is random URL-safe text and may end in `_9D`: the scan is told to pass over it
    link = '<a href="/de/raum/_7HabwySp5UU78q7VwvDtcbxQFJa4_9D/">'
    assert Deck("dou_dizhu").cards_in(link) == {"9D"}
    assert not Deck("dou_dizhu").cards_in(link, besides=("_7HabwySp5UU78q7VwvDtcbxQFJa4_9D",))


def test_names_in_sentences_count_for_their_card_only():
    assert Deck("kowah").cards_in("mit der Roten Blume") == {"RF"}
    assert Deck("chuo_pai").cards_in("2 × Himmel (6-6)") == {"6-6"}
    assert Deck("chan").cards_in("Sieben Văn") == {"7N"}

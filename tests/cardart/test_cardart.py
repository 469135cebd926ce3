"""Card pictures (rules_content.cardart): every code of every pack draws, is named, and differs."""

from __future__ import annotations

import re
import unicodedata
import xml.etree.ElementTree as ET

import pytest

from games.core.cards import french_deck
from rules_content import cardart

SVG_NS = "{http://www.w3.org/2000/svg}"
ALL = [(deck, code) for deck in cardart.DECKS for code in (*cardart.cards(deck), "back")]
FACES = [(deck, code, compact) for deck, code in ALL for compact in (False, True)]


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


# ---------------------------------------------------------------- the packs' identities


def test_decks_are_the_four_packs() -> None:
    assert cardart.DECKS == ("french", "to_tom", "money", "domino")


@pytest.mark.parametrize(
    ("deck", "identities"),
    [("french", 54), ("to_tom", 30), ("money", 33), ("domino", 21)],
)
def test_identity_counts_match_the_rules(deck: str, identities: int) -> None:
    codes = cardart.cards(deck)
    assert len(codes) == identities
    assert len(set(codes)) == identities


def test_french_pack_is_the_engine_pack_with_jokers() -> None:
    assert set(cardart.cards("french")) == set(french_deck(jokers=True))


def test_to_tom_full_pack_holds_the_100_chan_cards() -> None:
    """120 cards = 30 x 4; Chắn plays ranks 2-9 of the three suits plus Chi Chi (rules/chan.md)."""
    chan = {f"{r}{s}" for r in range(2, 10) for s in "VSN"} | {"CC"}
    assert len(chan) * 4 == 100
    assert chan <= set(cardart.cards("to_tom"))
    assert set(cardart.cards("to_tom")) - chan == {"1V", "1S", "1N", "OC", "TT"}


def test_money_pack_holds_the_120_kowah_cards_and_three_extras() -> None:
    kowah = {f"{r}{s}" for r in range(1, 10) for s in "CSM"} | {"OT", "RF", "WF"}
    assert len(kowah) * 4 == 120
    assert set(cardart.cards("money")) - kowah == {"WS", "GS", "MK"}
    assert len(cardart.cards("money")) * 4 == 132


def test_domino_pack_is_every_throw_of_two_dice_low_high() -> None:
    expected = {f"{a}-{b}" for a in range(1, 7) for b in range(a, 7)}
    assert set(cardart.cards("domino")) == expected


# ---------------------------------------------------------------- documents


@pytest.mark.parametrize(("deck", "code", "compact"), FACES)
def test_every_face_is_a_well_formed_standalone_svg(deck: str, code: str, compact: bool) -> None:
    text = cardart.svg(deck, code, compact=compact)
    root = parse(text)
    assert root.tag == SVG_NS + "svg"
    width, height = cardart.aspect(deck, compact=compact)
    assert root.get("viewBox") == f"0 0 {width} {height}"
    assert (root.get("width"), root.get("height")) == (str(width), str(height))
    assert root.get("role") == "img"
    # Glyphs are paths: no client fonts, no text to translate, the name goes on the <img>/<svg>.
    assert not list(root.iter(SVG_NS + "text"))
    assert not list(root.iter(SVG_NS + "title"))
    assert "font-family" not in text
    assert len(text.encode()) < 6 * 1024


@pytest.mark.parametrize(("deck", "code", "compact"), FACES)
def test_every_use_resolves_inside_its_own_document_under_the_cards_prefix(deck: str, code: str, compact: bool) -> None:
    text = cardart.svg(deck, code, compact=compact)
    ids = set(re.findall(r' id="([^"]+)"', text))
    prefix = f"{deck}-{code}{'-c' if compact else ''}-"
    assert all(i.startswith(prefix) for i in ids), "ids must not clash when cards share a page"
    refs = set(re.findall(r'(?:href="#|url\(#)([^")]+)', text))
    assert refs <= ids


@pytest.mark.parametrize("deck", cardart.DECKS)
@pytest.mark.parametrize("compact", [False, True])
def test_output_is_unique_per_code_and_deterministic(deck: str, compact: bool) -> None:
    first = {code: cardart.svg(deck, code, compact=compact) for code in (*cardart.cards(deck), "back")}
    again = {code: cardart.svg(deck, code, compact=compact) for code in first}
    assert first == again
    # Ids carry the code, so compare the drawings without them.
    assert len({_strip_ids(svg, deck, code, compact) for code, svg in first.items()}) == len(first)


def _strip_ids(svg: str, deck: str, code: str, compact: bool) -> str:
    return svg.replace(f"{deck}-{code}{'-c' if compact else ''}-", "")


def test_french_court_letters_follow_the_language() -> None:
    de, en = cardart.svg("french", "JH"), cardart.svg("french", "JH", lang="en")
    assert de != en
    assert cardart.svg("french", "7H") != cardart.svg("french", "7H", lang="en")  # ids carry the language
    assert _strip_ids(cardart.svg("french", "7H", lang="en"), "french", "7H-en", False) == _strip_ids(
        cardart.svg("french", "7H"), "french", "7H", False
    )


@pytest.mark.parametrize("code", cardart.cards("french"))
def test_french_suits_print_red_and_black(code: str) -> None:
    text = cardart.svg("french", code)
    red, ink = "#CC3311" in text, "#1A1A1A" in text
    if code[-1] in "HD" or code == "RJ":
        assert red and not ink
    else:
        assert ink and not red


@pytest.mark.parametrize(
    ("deck", "red"),
    [("to_tom", {"8V", "9V", "8S", "9S", "CC", "OC", "TT"}), ("money", {"9S", "RF", "OT"})],
)
def test_red_stamp_is_a_shape_only_on_red_cards(deck: str, red: set[str]) -> None:
    """Colour is never the only cue: the seal shape exists only on red-marked cards."""
    for compact in (False, True):
        stamped = {
            code
            for code in cardart.cards(deck)
            if re.search(r'id="[^"]*-(seal|mark)"', cardart.svg(deck, code, compact=compact))
        }
        assert stamped == red


def test_domino_ones_and_fours_are_red_and_the_double_six_half_red() -> None:
    def reds(code: str) -> int:
        return cardart.svg("domino", code).count('fill="#CC3311"')

    assert reds("1-1") == 2 and reds("4-4") == 8 and reds("1-4") == 5
    assert reds("6-6") == 6  # one line of three in each six
    assert reds("3-6") == 0 and reds("5-6") == 0 and reds("2-3") == 0


# ---------------------------------------------------------------- names


@pytest.mark.parametrize(("deck", "code"), ALL)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_code_has_a_german_and_english_name(deck: str, code: str, lang: str) -> None:
    name = cardart.name(deck, code, lang)
    assert name.strip() == name and name
    assert unicodedata.normalize("NFC", name) == name


@pytest.mark.parametrize("deck", cardart.DECKS)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_names_tell_identities_apart(deck: str, lang: str) -> None:
    names = [cardart.name(deck, code, lang) for code in cardart.cards(deck)]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize(
    ("deck", "code", "lang", "expected"),
    [
        ("french", "AS", "de", "Pik-Ass"),
        ("french", "TH", "de", "Herz-Zehn"),
        ("french", "JC", "de", "Kreuz-Bube"),
        ("french", "AS", "en", "Ace of spades"),
        ("french", "RJ", "de", "Roter Joker (groß)"),
        ("french", "BJ", "en", "Black Joker (small)"),
        ("french", "back", "de", "Verdeckte Karte"),
        ("to_tom", "3V", "vi", "Tam Vạn"),
        ("to_tom", "9N", "vi", "Cửu Văn"),
        ("to_tom", "7V", "de", "Sieben Vạn (Myriaden)"),
        ("to_tom", "8S", "de", "Acht Sách (Schnüre), rot"),
        ("to_tom", "2N", "en", "Two Văn (coins)"),
        ("to_tom", "OC", "de", "Ông cụ, rot"),
        ("to_tom", "7V", "zh", "七萬"),
        ("money", "7M", "de", "Sieben Myriaden (七萬)"),
        ("money", "5C", "en", "Five Coins"),
        ("money", "RF", "de", "Rote Blume (紅花)"),
        ("money", "OT", "en", "Old Thousand (老千)"),
        ("domino", "6-6", "de", "Himmel (天) – 6 und 6"),
        ("domino", "1-2", "de", "Nagel (Ding Ding, 丁丁) – 2 und 1"),
        ("domino", "1-4", "en", "Red Five (紅五) – 4 and 1"),
    ],
)
def test_names_follow_the_reference(deck: str, code: str, lang: str, expected: str) -> None:
    assert cardart.name(deck, code, lang) == expected


def test_vietnamese_names_exist_for_every_to_tom_card() -> None:
    names = [cardart.name("to_tom", code, "vi") for code in cardart.cards("to_tom")]
    assert len(set(names)) == 30
    assert all(unicodedata.normalize("NFC", n) == n for n in names)


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("deck", "code"),
    [
        ("french", "1S"),
        ("french", "as"),
        ("french", "XJ"),
        ("to_tom", "0V"),
        ("to_tom", "5C"),
        ("money", "5N"),
        ("money", "CC"),
        ("domino", "2-1"),
        ("domino", "0-0"),
        ("domino", "6-7"),
        ("french", ""),
    ],
)
def test_unknown_codes_raise_value_error(deck: str, code: str) -> None:
    with pytest.raises(ValueError):
        cardart.svg(deck, code)
    with pytest.raises(ValueError):
        cardart.name(deck, code)


def test_unknown_deck_and_language_raise_value_error() -> None:
    with pytest.raises(ValueError):
        cardart.cards("tarot")
    with pytest.raises(ValueError):
        cardart.aspect("tarot")
    with pytest.raises(ValueError):
        cardart.name("french", "AS", "fr")
    with pytest.raises(ValueError):
        cardart.name("french", "AS", "vi")
    with pytest.raises(ValueError):
        cardart.svg("french", "AS", lang="fr")


def test_aspects_are_the_reference_viewboxes() -> None:
    assert cardart.aspect("french") == (250, 350)
    assert cardart.aspect("french", compact=True) == (68, 96)
    for deck in ("to_tom", "money", "domino"):
        assert cardart.aspect(deck) == (250, 900)
    assert cardart.aspect("to_tom", compact=True) == (72, 96)
    assert cardart.aspect("domino", compact=True) == (52, 96)


def test_to_tom_middle_panels_differ_for_all_30_designs() -> None:
    from rules_content.cardart import to_tom

    assert len({to_tom.design(code) for code in to_tom.CODES}) == 30


@pytest.mark.parametrize("deck", cardart.DECKS)
def test_contact_sheet_shows_every_card_at_three_sizes(deck: str) -> None:
    from rules_content.cardart import sheet

    page = sheet.page(deck)
    assert page.count("<img ") == 3 * (len(cardart.cards(deck)) + 1)

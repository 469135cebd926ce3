"""The worked examples on the rule pages say what their cards are (`data-claim`); the engines agree.

Every `{% cards … claim="…" %}` on a game page, in both languages, is checked against the game's own
pure helpers, so a rule page can never teach a group, combination or score the table would refuse.
"""

from __future__ import annotations

import re
from collections import Counter
from html import unescape

import pytest
from django.test import Client

from games.chan.hands import winning_pairing
from games.chan.scoring import Win, bonuses, score
from games.chor_voli.groups import classify as chor_voli_group
from games.chuo_pai.cards import FAMILIES
from games.chuo_pai.combos import classify as chuo_pai_play
from games.dou_dizhu.cards import counts_of, mask_of
from games.dou_dizhu.combos import classify as dou_dizhu_combo
from games.kowah.checki import checki_pairs, is_pair, is_triple
from rules_content.games import GAMES

CLAIM = re.compile(r'data-deck="([^"]+)" data-cards="([^"]+)" data-claim="([^"]+)"')


def claims(client: Client, slug: str, lang: str) -> list[tuple[list[str], str]]:
    html = client.get(f"/{lang}/spiele/{slug}/").content.decode()
    return [(unescape(cards).split(), unescape(claim)) for _, cards, claim in CLAIM.findall(html)]


def check_chor_voli(cards: list[str], claim: str) -> bool:
    kind = chor_voli_group(cards)
    return (kind is None) if claim == "invalid" else (kind is not None and kind.value == claim)


def check_dou_dizhu(cards: list[str], claim: str) -> bool:
    combo = dou_dizhu_combo(counts_of(mask_of(cards)))
    return (combo is None) if claim == "invalid" else (combo is not None and combo.kind.value == claim)


def check_chuo_pai(cards: list[str], claim: str) -> bool:
    play = chuo_pai_play(cards)
    if claim == "invalid":
        return play is None
    if claim in FAMILIES:
        return play is not None and play.family == claim
    return play is not None and play.name == claim


def check_kowah(cards: list[str], claim: str) -> bool:
    if claim.startswith("checki="):
        wanted = claim.removeprefix("checki=")
        return checki_pairs(cards) == (() if wanted == "none" else tuple(wanted.split("+")))
    return {"triple": is_triple(cards), "not_triple": not is_triple(cards),
            "pair": is_pair(cards), "not_pair": not is_pair(cards)}[claim]


def check_chan(cards: list[str], claim: str) -> bool:
    if claim == "chan":
        return len(cards) == 2 and cards[0] == cards[1]
    if claim == "ca":
        return len(cards) == 2 and cards[0] != cards[1] and cards[0][0] == cards[1][0] and "CC" not in cards
    if claim == "chiu":
        return len(cards) == 4 and len(set(cards)) == 1
    # "u_chi+tom=5": the last card is the winning card, turned up at the winner's own door
    names, points = claim.split("=")
    card, hand = cards[-1], cards[:-1]
    pairing = winning_pairing((), cards, card)
    if pairing is None:
        return False
    found = bonuses(Win((), tuple(hand), card, pairing, own_door="u_chi" in names))
    return {key for key, _ in found} == set(names.split("+")) and score(found) == int(points)


CHECKS = {"chor_voli": check_chor_voli, "dou_dizhu": check_dou_dizhu, "chuo_pai": check_chuo_pai,
          "kowah": check_kowah, "chan": check_chan}


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_every_example_on_the_rule_page_is_what_the_text_says(client: Client, game, lang: str) -> None:
    found = claims(client, game.slug, lang)
    assert len(found) >= 5, "each rule page shows worked examples with card pictures"
    wrong = [(cards, claim) for cards, claim in found if not CHECKS[game.key](cards, claim)]
    assert wrong == []


def test_both_languages_show_the_same_examples(client: Client) -> None:
    for game in GAMES:
        german = Counter((tuple(c), k) for c, k in claims(client, game.slug, "de"))
        english = Counter((tuple(c), k) for c, k in claims(client, game.slug, "en"))
        assert german == english, game.key


def test_the_seed_examples_are_on_the_pages(client: Client) -> None:
    chor_voli = claims(client, "chor-voli", "de")
    for cards, claim in [("AS 2S 3S", "straight_flush"), ("2C 2H 2D", "trio"), ("TS 7H 4D", "independent"),
                         ("TS 7S 4D", "invalid")]:
        assert (cards.split(), claim) in chor_voli
    assert any(claim == "u_chi+tom=5" for _, claim in claims(client, "chan", "de"))  # Ù chì + Tôm = 5
    kowah = [claim for _, claim in claims(client, "kowah", "de")]
    assert "checki=5C+5S" in kowah  # the seed's 2 + 2 + 1 example

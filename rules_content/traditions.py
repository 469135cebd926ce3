"""The four packs ("Kartentraditionen"): country, card count, Wikipedia, games and the gallery layout.

A gallery shows every identity of the full pack once, in rows as the pack is laid out by those who
play it; cards that a game leaves out stay in the gallery and are marked (the library keeps every
card). The short history is long-form text: one template per language under
`rules_content/traditions/<lang>/<deck>.html`.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rules_content import cardart
from rules_content.games import Game, games_with_deck


@dataclass(frozen=True)
class Row:
    label: Promise
    codes: tuple[str, ...]


@dataclass(frozen=True)
class Cell:
    code: str
    left_out_by: tuple[Game, ...]  # games of the pack that do not play this card


@dataclass(frozen=True)
class Tradition:
    deck: str  # key of rules_content.cardart.DECKS
    slug: str  # URL: /de/traditionen/<slug>/
    name: Promise | str
    country: Promise
    cards: int  # cards in the full physical pack
    copies: int  # copies of each identity
    wikipedia: dict[str, str]  # language → article; a language without its own falls back to "en"
    summary: Promise
    description: Promise  # meta description
    rows: tuple[Row, ...]
    sample: tuple[str, ...]  # a few cards for the index page

    @property
    def games(self) -> tuple[Game, ...]:
        return games_with_deck(self.deck)

    @property
    def identities(self) -> int:
        return len(cardart.cards(self.deck))

    def wikipedia_url(self, lang: str) -> tuple[str, str]:
        """(URL, the article's language)."""
        if lang in self.wikipedia:
            return self.wikipedia[lang], lang
        return self.wikipedia["en"], "en"

    def used_by(self, game: Game) -> int:
        """How many cards of the full pack the game plays with."""
        return self.cards - len(game.unused) * self.copies

    @property
    def plays(self) -> tuple[tuple[Game, int], ...]:
        """Each game of the pack with the number of cards it plays with."""
        return tuple((game, self.used_by(game)) for game in self.games)

    def gallery(self) -> list[tuple[Row, list[Cell]]]:
        """The gallery's rows, each card with the games that leave it out."""
        return [(row, [Cell(code, tuple(g for g in self.games if code in g.unused)) for code in row.codes])
                for row in self.rows]


def _codes(deck: str, suffix: str) -> tuple[str, ...]:
    return tuple(code for code in cardart.cards(deck) if code.endswith(suffix))


TRADITIONS = (
    Tradition(
        deck="french",
        slug="franzoesisches-blatt",
        name=_("French pack"),
        country=_("France, played worldwide"),
        cards=54,
        copies=1,
        wikipedia={"de": "https://de.wikipedia.org/wiki/Franz%C3%B6sisches_Blatt",
                   "en": "https://en.wikipedia.org/wiki/French-suited_playing_cards"},
        summary=_("Spades, hearts, diamonds and clubs: 52 cards and two jokers, for Chor Voli "
                  "and Dou Dizhu."),
        description=_("The French pack of 52 cards and two jokers: its history, every card as a "
                      "picture, and the games Chor Voli and Dou Dizhu."),
        rows=(
            Row(_("Clubs"), _codes("french", "C")),
            Row(_("Spades"), _codes("french", "S")),
            Row(_("Hearts"), _codes("french", "H")),
            Row(_("Diamonds"), _codes("french", "D")),
            Row(_("Jokers"), ("BJ", "RJ")),
        ),
        sample=("AS", "KH", "QD", "JC", "RJ"),
    ),
    Tradition(
        deck="to_tom",
        slug="to-tom",
        name="Tổ Tôm",
        country=_("Vietnam"),
        cards=120,
        copies=4,
        wikipedia={"en": "https://en.wikipedia.org/wiki/T%E1%BB%95_t%C3%B4m"},
        summary=_("Vietnamese long cards with Chinese characters in three suits; Chắn uses a "
                  "selection of one hundred of them."),
        description=_("Tổ Tôm, the Vietnamese pack of 120 long cards: its history, all 30 cards as "
                      "pictures with Vietnamese and Chinese names, and the game Chắn."),
        rows=(
            Row(_("Vạn (myriads)"), ("1V", "2V", "3V", "4V", "5V", "6V", "7V", "8V", "9V", "OC")),
            Row(_("Sách (strings)"), ("1S", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TT")),
            Row(_("Văn (coins)"), ("1N", "2N", "3N", "4N", "5N", "6N", "7N", "8N", "9N", "CC")),
        ),
        sample=("7V", "9S", "2N", "CC", "OC"),
    ),
    Tradition(
        deck="money",
        slug="geldkarten",
        name=_("Chinese money cards"),
        country=_("China"),
        cards=132,
        copies=4,
        wikipedia={"de": "https://de.wikipedia.org/wiki/Spielkarte_(ostasiatisch)",
                   "en": "https://en.wikipedia.org/wiki/Chinese_playing_cards"},
        summary=_("Coins, strings and myriads, with flower cards, for the draw-and-group game "
                  "Kowah."),
        description=_("Chinese money cards, 132 long cards: coins, strings and myriads with their "
                      "honours, their history, every card as a picture, and the game Kowah."),
        rows=(
            Row(_("Coins"), (*_codes("money", "C")[:9], "OT")),
            Row(_("Strings"), (*_codes("money", "S")[:9], "WF")),
            Row(_("Myriads"), (*_codes("money", "M")[:9], "RF")),
            Row(_("Extras"), ("WS", "GS", "MK")),
        ),
        sample=("5C", "9S", "7M", "RF", "OT"),
    ),
    Tradition(
        deck="domino",
        slug="dominokarten",
        name=_("Chinese domino cards"),
        country=_("China"),
        cards=84,
        copies=4,
        wikipedia={"de": "https://de.wikipedia.org/wiki/Spielkarte_(ostasiatisch)",
                   "en": "https://en.wikipedia.org/wiki/Chinese_dominoes"},
        summary=_("The 21 throws of two dice as long cards, four of each, for the trick game "
                  "Chuo Pai."),
        description=_("Chinese domino cards, 84 long cards showing the 21 throws of two dice: their "
                      "history, every card as a picture in its family, and the game Chuo Pai."),
        rows=(
            Row(_("Long family"), ("6-6", "1-1", "4-4", "1-3", "3-3", "5-5", "2-2")),
            Row(_("Yao family"), ("1-5", "1-6", "4-6", "5-6")),
            Row(_("Black family"), ("3-6", "2-6", "3-5", "2-5", "2-3")),
            Row(_("Red family"), ("4-5", "3-4", "1-4", "1-2", "2-4")),
        ),
        sample=("6-6", "1-1", "4-5", "1-2", "2-4"),
    ),
)
BY_SLUG = {tradition.slug: tradition for tradition in TRADITIONS}
BY_DECK = {tradition.deck: tradition for tradition in TRADITIONS}


def tradition_or_404(slug: str) -> Tradition:
    try:
        return BY_SLUG[slug]
    except KeyError:
        raise Http404 from None

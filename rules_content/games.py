"""The games as the site presents them: URL slug, display name, seats, pack, the rule page's header
line and the short texts for lists and meta descriptions. Long rule texts live in one template per
language (see the package docstring); engines know none of this.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import Http404
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

# The games whose live table exists. The site's tables add themselves when the rooms app is ready
# (rooms/apps.py): the reading side links to a table without importing the playing side.
TABLES: set[str] = set()


def register_table(key: str) -> None:
    TABLES.add(key)


@dataclass(frozen=True)
class Game:
    key: str  # the engine's key in games.registry and rooms
    slug: str  # URL: /de/spiele/<slug>/
    name: str  # the game's own name, the same in every language
    origin: Promise
    seats: int
    deck: str  # the pack, a key of rules_content.cardart.DECKS and of traditions.BY_DECK
    # A factory, not a default: a dataclass renders its defaults at import, which would translate.
    deal_format: Promise = field(default_factory=lambda: _("Single deal"))
    summary: Promise | str = ""  # one or two sentences for lists and the rule page's lede
    description: Promise | str = ""  # the rule page's meta description
    unused: frozenset[str] = frozenset()  # card codes of the full pack that this game leaves out
    sample: tuple[str, ...] = ()  # a few typical cards for lists

    @property
    def computers(self) -> int:
        """Computer opponents at a solo table: every seat but yours."""
        return self.seats - 1


GAMES = (
    Game(
        "chor_voli", "chor-voli", "Chor Voli", _("Afghanistan"), 4, "french",
        deal_format=_("Rounds without a fixed end"),
        summary=_("Four players form up to four secret groups of three from thirteen cards each; "
                  "the strongest groups meet first, and every comparison won brings one chip."),
        description=_("Chor Voli from Afghanistan: the complete rules with pictures, worked examples, "
                      "special cases, strategy and FAQ, and a live table against three computers."),
        unused=frozenset({"BJ", "RJ"}),
        sample=("AS", "2S", "3S"),
    ),
    Game(
        "chan", "chan", "Chắn", _("Vietnam"), 4, "to_tom",
        summary=_("Collect ten pairs from twenty long Tổ Tôm cards, at least six of them identical, "
                  "and win on a card turned up from the stock."),
        description=_("Chắn from Vietnam: the rules of Chắn and Cạ, Chíu, winning on the stock and "
                      "every bonus, with card pictures and a worked scoring example."),
        unused=frozenset({"1V", "1S", "1N", "OC", "TT"}),
        sample=("3V", "3S", "7N"),
    ),
    Game(
        "dou_dizhu", "dou-dizhu", "Dou Dizhu", _("China"), 3, "french",
        summary=_("The winner of the bidding plays the landlord alone against two farmers; whoever "
                  "empties their hand first wins for their side."),
        description=_("Dou Dizhu, Fight the Landlord: bidding, every combination from single to "
                      "rocket, bombs, spring and scoring, explained with card pictures."),
        sample=("BJ", "RJ", "2H"),
    ),
    Game(
        "chuo_pai", "chuo-pai", "Chuo Pai", _("China"), 3, "domino",
        summary=_("A trick game with Chinese domino cards: only the winning play of each round goes "
                  "to its owner's scoring pile, and the biggest pile wins."),
        description=_("Chuo Pai with Chinese domino cards: the four families, the special "
                      "combinations, the Nail and Two Red bonus and scoring, with card pictures."),
        sample=("6-6", "4-5", "3-6"),
    ),
    Game(
        "kowah", "kowah", "Kowah", _("Java (Indonesia)"), 3, "money",
        summary=_("Draw and discard Chinese money cards until two triples and an identical pair "
                  "stand, declare Checki and wait for the third matching card."),
        description=_("Kowah (Cheki) from Java: drawing and discarding, the Checki shape, the public "
                      "wait and the win multipliers, explained with money-card pictures."),
        unused=frozenset({"WS", "GS", "MK"}),
        sample=("5C", "5S", "5M"),
    ),
)
BY_KEY = {game.key: game for game in GAMES}
BY_SLUG = {game.slug: game for game in GAMES}


def game_or_404(slug: str) -> Game:
    try:
        return BY_SLUG[slug]
    except KeyError:
        raise Http404 from None


def games_with_deck(deck: str) -> tuple[Game, ...]:
    return tuple(game for game in GAMES if game.deck == deck)

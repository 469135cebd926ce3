"""What a viewer may see, from the engine, and the cards a frame shows, by code and by name.

For a deal, `Oracle` replays the log and collects, per viewer (a seat, or None for a spectator) and
version, every card code in the engine's view of that viewer at that version or before, and in the
events that viewer was shown: what the viewer may know (everything, once the deal is over and its
seed revealed). Every other card of the deal is hidden from
it. `cards_in` finds the cards a frame shows: their codes as tokens (in text, attributes, data-*,
picture URLs, JSON) and their names in the page's languages (alt and title texts, labels, sentences).

Copies of a card are interchangeable (DESIGN.md "Card codes"): in packs with several copies (Chắn,
Kowah, Chuo Pai) an identity counts as known once any copy of it is known, so a leak there is caught
only while every copy of that identity is hidden from the viewer.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from games.core import registry
from games.core.protocol import visible_events
from rooms.tables import adapter
from rules_content import cardart
from tests.reliability.live import DealRow, replay


def codes_in(value: object, known: frozenset[str], found: set[str]) -> set[str]:
    """Every card code in a JSON value: strings, space-separated lists, dict keys."""
    if isinstance(value, dict):
        for key, item in value.items():
            codes_in(key, known, found)
            codes_in(item, known, found)
    elif isinstance(value, list | tuple):
        for item in value:
            codes_in(item, known, found)
    elif isinstance(value, str):
        found.update(token for token in value.replace(",", " ").split() if token in known)
    return found


@dataclass
class Deck:
    """One game's card identities, and how to find them in a page."""

    game: str
    codes: frozenset[str] = field(init=False)
    pattern: re.Pattern = field(init=False)
    names: list[tuple[str, str]] = field(init=False)  # (name, code), longest first

    def __post_init__(self) -> None:
        deck = adapter(self.game).DECK
        self.codes = frozenset(cardart.cards(deck))
        alternatives = "|".join(re.escape(c) for c in sorted(self.codes, key=len, reverse=True))
        # A code is a token of its own: not inside a longer word or number (`card-AS`, `/AS.svg`,
        # `data-code="AS"` and `"AS"` in JSON all count; `PASS`, `#2C3E50` or `12-3` do not).
        self.pattern = re.compile(rf"(?<![A-Za-z0-9]){'(?<![0-9-])' if deck == 'domino' else ''}({alternatives})"
                                  rf"(?![A-Za-z0-9]){'(?![0-9-])' if deck == 'domino' else ''}")
        names: dict[str, str] = {}
        for code in self.codes:
            for lang in ("de", "en"):
                full = cardart.name(deck, code, lang=lang)
                # the names the tables print: whole, without a colour's suffix (Chắn), before a
                # bracketed gloss (Kowah), before the pips of a domino name (Chuo Pai)
                for variant in {full, full.removesuffix(", rot").removesuffix(", red"), full.split(" (")[0],
                                full.split(" – ")[0]}:
                    if len(variant) >= 6:
                        names.setdefault(variant, code)
        # Kowah's honours declined after an article ("mit der Roten Blume", rooms/tables/kowah.py)
        for code, forms in getattr(adapter(self.game), "_DE_WEAK", {}).items():
            names.update(dict.fromkeys(forms, code))
        # a name shared by two identities names neither for sure: left out
        shared = {n for n in names if sum(1 for c in self.codes if _named(deck, c, n)) > 1}
        self.names = sorted(((n, c) for n, c in names.items() if n not in shared), key=lambda nc: -len(nc[0]))

    def cards_in(self, text: str, besides: tuple[str, ...] = ()) -> set[str]:
        """The cards a text shows, besides the table's help panel (see `help_panels`) and the random
        strings in `besides` (a room's token is URL-safe text: `…_9D/` in it is no card)."""
        for random in besides:
            text = text.replace(random, "")
        text = html.unescape(HELP.sub("", text))
        found = set(self.pattern.findall(text))
        for name, code in self.names:  # longest first; a found name is blanked so that no shorter one inside it counts
            if name in text:
                found.add(code)
                text = text.replace(name, "\x00")
        return found


# The table's "In brief" panel: example cards of the rules, the same on every page of the game
# (`help_panels` lets the test check that it is indeed the same), so not scanned as the deal's cards.
HELP = re.compile(r'<details class="panel panel-help".*?</details>', re.S)


def help_panels(texts: list[str]) -> set[str]:
    return {panel for text in texts for panel in HELP.findall(text)}


def _named(deck: str, code: str, name: str) -> bool:
    return any(name in {full, full.removesuffix(", rot").removesuffix(", red"), full.split(" (")[0],
                        full.split(" – ")[0]}
               for full in (cardart.name(deck, code, lang=lang) for lang in ("de", "en")))


def implied(game: str, view: dict) -> set[str]:
    """Cards a view names without their codes: Chor Voli's four of a kind is shown by its rank alone."""
    if game == "chor_voli":
        return {quad["rank"] + suit for quad in view.get("quads") or [] for suit in "SHDC"}
    return set()


class Oracle:
    """What each viewer may know of one deal at each version (cumulative: once seen, known)."""

    def __init__(self, game: str, deal: DealRow, records: list[tuple], deck: Deck) -> None:
        engine = registry.get(game)
        self.states = replay(game, deal, records)
        assert engine.dump(self.states[-1]) == deal.state, "replaying the log does not give the stored state"
        self.all = frozenset(codes_in(engine.dump(self.states[0]), deck.codes, set()))
        viewers = [None, *range(engine.seats)]
        self.known: dict[int | None, list[frozenset[str]]] = {}
        for viewer in viewers:
            seen: set[str] = set()
            codes_in(visible_events(deal.opening_events, viewer), deck.codes, seen)
            per_version = []
            for version, state in enumerate(self.states):
                if version:
                    codes_in(visible_events(records[version - 1][4], viewer), deck.codes, seen)
                view = engine.view(state, viewer)
                codes_in(view, deck.codes, seen)
                seen.update(implied(game, view))
                per_version.append(frozenset(seen))
            if engine.outcome(self.states[-1]) is not None:
                # once a deal is over its seed is revealed, and with it every card (README, "Fair play"):
                # the replay, its download and the shuffle check show them all to the room's people
                per_version[-1] = self.all
            self.known[viewer] = per_version

    def hidden(self, viewer: int | None, version: int) -> frozenset[str]:
        version = min(version, len(self.states) - 1)
        return self.all - self.known[viewer][version]

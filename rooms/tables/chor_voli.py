"""Chor Voli's table: each card of the hand is assigned to group 1–4 or to the discard.

The form posts one field per card, `card-<code>` = "1".."4" or "x"; the engine validates the
arrangement. `context` gives the template the draft (posted fields or the seat's saved draft) and
the reason each drafted group is invalid, so the player sees it before confirming.
"""

from __future__ import annotations

from functools import lru_cache

from django.utils.formats import number_format
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from games.chor_voli.bots import BOT
from games.chor_voli.groups import classify, group_problem
from games.core.rng import rng_for
from rooms.services import MALFORMED, Refused
from rooms.tables import SUGGEST, Why

DECK = "french"
# The arrangement is simultaneous: the others' confirmations change the version but not the
# meaning of this seat's arrangement, so the form's version is not checked.
CHECK_VERSION = False

GROUPS = ("1", "2", "3", "4")
DISCARD = "x"
TYPE_NAMES = {
    "trio": gettext_lazy("Three of a kind"),
    "straight_flush": gettext_lazy("Straight flush"),
    "straight": gettext_lazy("Straight"),
    "flush": gettext_lazy("Flush"),
    "independent": gettext_lazy("Independent cards"),
}
# The cheat sheet beside the table: each kind of group, strongest first, with an example (rules §4).
RANKING = (
    ("trio", ("AS", "AH", "AD"), gettext_lazy("three cards of one rank")),
    ("straight_flush", ("QH", "KH", "AH"), gettext_lazy("three ranks in a row, one suit")),
    ("straight", ("5S", "6S", "7D"), gettext_lazy("three ranks in a row, mixed suits")),
    ("flush", ("KC", "7C", "3C"), gettext_lazy("one suit, not in a row")),
    ("independent", ("JS", "6D", "2H"), gettext_lazy("three ranks, three suits, not in a row")),
)


def decode(fields: dict, view: dict) -> dict:
    if fields.get("intent") != "arrange":
        raise Refused(MALFORMED, "malformed")
    draft = _draft(fields, view.get("hand") or [])
    groups = [cards for key, cards in draft.items() if key != DISCARD and cards]
    return {"type": "arrange", "groups": groups, "discard": draft[DISCARD]}


def hint_fields(action: dict, view: dict) -> dict | None:
    """A hinted arrangement puts each card of the hand into its group (the rest to the discards)."""
    choice = {card: str(number) for number, group in enumerate(action["groups"], start=1) for card in group}
    return {f"card-{card}": choice.get(card, DISCARD) for card in view.get("hand") or []}


def hint_words(params: dict, action: dict) -> dict:
    """A Tipp's averages with the page's decimal mark ("1,5" in German)."""
    return {key: number_format(value, 1) if isinstance(value, float) else value for key, value in params.items()}


def _draft(fields: dict, hand: list[str]) -> dict[str, list[str]]:
    draft: dict[str, list[str]] = {key: [] for key in (*GROUPS, DISCARD)}
    for card in hand:
        choice = fields.get(f"card-{card}", DISCARD)
        draft[choice if choice in draft else DISCARD].append(card)
    return draft


def context(view: dict, fields: dict, labels: dict[int, str]) -> dict:
    hand = view.get("hand") or []
    draft = _draft(fields, hand)
    groups = [_draft_group(number, draft[number]) for number in GROUPS]
    choices = {card: fields.get(f"card-{card}", DISCARD) for card in hand}
    lang = get_language()
    return {
        "deck": DECK,
        "type_names": TYPE_NAMES,
        "hand_cards": [{"code": card, "choice": choice, "options": _options(lang, choice)}
                       for card, choice in choices.items()],
        "draft_groups": groups,
        "draft_discard": draft[DISCARD],
        "draft_count": sum(1 for g in groups if g["cards"]),
        "draft_ready": not any(g["problem"] for g in groups),
        "suggest": SUGGEST if view["phase"] == "arrange" and hand else "",
        "announcement": announcement(view, labels),
        "next_label": _("Next round"),
        "seat_notes": seat_notes(view),
        "backs": dict.fromkeys(range(len(view["confirmed"])), 13) if view["phase"] == "arrange" else {},
    }


@lru_cache(maxsize=64)
def _options(lang: str | None, chosen: str) -> SafeString:
    """A hand card's list of groups and the discard, this one chosen: the same five lists for every card of
    every hand, so they are built once per language, not 65 options with a translation each per render."""
    names = [(number, _("Group %(number)s") % {"number": number}) for number in GROUPS]
    return format_html_join("", '<option value="{}"{}>{}</option>', (
        (choice, " selected" if choice == chosen else "", name) for choice, name in [*names, (DISCARD, _("Discard"))]
    ))


def suggested_draft(view: dict) -> str:
    """ "Arrange for me" (rooms.tables.save_draft): the computer's arrangement of this hand as a draft
    (`AS=1 KS=1 … 2C=x`, see rooms.tables.draft_fields), which the person may then change. The computer sees
    only this seat's view. Nothing while the seat has no hand to arrange."""
    if view["phase"] != "arrange" or not view.get("hand"):
        return ""
    return _suggested(tuple(view["hand"]), view["seat"], view["dealer"])


@lru_cache(maxsize=256)  # a hand asked again (a second click) is answered at once; the bot takes some 70 ms
def _suggested(hand: tuple[str, ...], seat: int, dealer: int) -> str:
    action = BOT.choose({"hand": list(hand), "seat": seat, "dealer": dealer}, [], rng_for(0, "arrange-for-me", *hand))
    choice = {card: str(number) for number, group in enumerate(action["groups"], start=1) for card in group}
    return " ".join(f"{card}={choice.get(card, DISCARD)}" for card in hand)


def aside_context() -> dict:
    """The cheat sheet beside the table (the same for every round)."""
    return {"ranking": [{"name": TYPE_NAMES[kind], "cards": cards, "text": text} for kind, cards, text in RANKING]}


def seat_notes(view: dict) -> dict[int, str]:
    if view["phase"] != "arrange":
        return {}
    return {s: _("confirmed") if done else _("still arranging…") for s, done in enumerate(view["confirmed"])}


def _draft_group(number: str, cards: list[str]) -> dict:
    problem = group_problem(cards) if cards else None
    return {
        "number": number,
        "cards": cards,
        "problem": Why(Refused.from_illegal(problem).message(), problem.code) if problem else None,
        "type": classify(cards) if cards and not problem else None,
    }


def announcement(view: dict, labels: dict[int, str]) -> str:
    """One sentence for the live region: what just happened, for screen readers and agents."""
    if view["phase"] != "over":
        waiting = [labels[s] for s, done in enumerate(view["confirmed"]) if not done]
        return _("Waiting for: {names}.").format(names=", ".join(waiting))
    if view["quad_winner"] is not None and view["quad_winner"] == view["seat"]:  # not a spectator's (seat None)
        return _("You have four of a kind and win the pool.")
    if view["quad_winner"] is not None:
        return _("{who} has four of a kind and wins the pool.").format(who=labels[view["quad_winner"]])
    if not view["comparisons"]:
        return _("Nobody formed a group; the chips stay in the pool.")
    wins = ", ".join(
        _("comparison {number}: {who}").format(number=c["number"], who=labels[c["winner"]])
        for c in view["comparisons"]
    )
    return _("Round over. Chips won in {wins}. Pool left: {pool}.").format(wins=wins, pool=view["pool"])


def event_text(event: dict, labels: dict[int, str], me: int | None) -> str | None:
    """A log line; the viewer's own deeds get their own sentences (German verbs agree with "du")."""
    mine = event.get("seat") is not None and event.get("seat") == me
    who = labels.get(event.get("seat"), "")
    number = event.get("data", {}).get("number", "")
    texts = {
        "anted": lambda: _("Everyone paid one chip into the pool."),
        "confirmed": lambda: _("You confirmed your arrangement.") if mine
        else _("{who} confirmed their arrangement.").format(who=who),
        "comparison_won": lambda: _("You win comparison {number} and one chip.").format(number=number) if mine
        else _("{who} wins comparison {number} and one chip.").format(who=who, number=number),
    }
    text = texts.get(event.get("code"))
    return text() if text else None

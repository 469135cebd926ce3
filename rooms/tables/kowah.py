"""Kowah's table: the stock, the discard pile, each seat's exposed wait, and your draw or discard.

In the draw phase the seat on turn gets two buttons that carry their engine action as JSON (field
`action`): "draw" from the stock, and "take" the latest discard, shown disabled with its reason
where the rules forbid it (first turn, a declarer). In the discard phase the player picks a hand
card (radio `card-pick` = `<code>.<copy>`, saved as a draft by `rooms:draft` together with
`card-at`, the moment of the deal it was picked at) and presses "Abwerfen" — or, where the engine
lists the pick in `view["checki"]`, "Abwerfen und Checki erklären" with the pair to expose. Every
button is enabled only when the engine lists its action, with the reason shown otherwise. The hand is
those radios on the seat's turn and off it, a frame sending only the cards that changed; the page lets
them be picked only in the seat's discard phase (static/js/table.js, docs/decisions.md).

Kowah has no money and no running total (rules K9): the end shows "Sieg ×3" / "Sieg ×2", and the
room's earlier deals are listed as wins and draws instead of net standings.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from functools import lru_cache

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from games.kowah.cards import is_card, triple_key
from games.kowah.scoring import MULTIPLIERS
from rooms.tables import AT, NO_PICK, PICK, Why, current_pick, decode_discard, decode_json_action, pick_hint_fields
from rules_content import cardart
from rules_content.templatetags.cards import card

DECK = "money"
CHECK_VERSION = True  # turn-based: a move made on an outdated table is refused, not re-applied

# In every seat box; static/css shows the acting seat's, in its phase (seat_notes says it for the replays).
ACTING_NOTES = ({"phase": "draw", "text": gettext_lazy("on turn: draws")},
                {"phase": "discard", "text": gettext_lazy("on turn: discards")})
# The engine's own refusals (games/kowah/rules.py), shown before the move is tried; same msgids.
TAKEN = gettext_lazy("You just took {card} from the discard pile and may not discard it this turn.")
DECLARER_DRAWS = gettext_lazy("You have declared Checki: you draw from the stock only.")
NOTHING_TO_TAKE = gettext_lazy("There is no discard to take (the first turn always draws): draw from the stock.")
NO_SHAPE = gettext_lazy("Discarding {card} leaves no Checki shape (two triples and an identical pair).")
LAST_TURN = gettext_lazy("The stock is empty: this is the last turn, so Checki can no longer be declared.")


# --- names ---------------------------------------------------------------------------------------


def card_name(code: str) -> str:
    """A card in words for a sentence, without the characters the alt text carries: "Neun Myriaden"."""
    return cardart.name(DECK, code, lang=(get_language() or "de")[:2]).split(" (")[0]


# German sentences decline a card with its article: "auf den dritten Alten Tausender", "mit der Roten Blume";
# the log's "Bob wirft den Alten Tausender ab". Numbered cards are feminine and do not change ("die Zwei");
# the honours are adjective + noun.
_DE_GENDER = {"OT": "m", "MK": "m"}
_DE_ARTICLES = {("m", "nom"): "der", ("m", "acc"): "den", ("m", "dat"): "dem",
                ("f", "nom"): "die", ("f", "acc"): "die", ("f", "dat"): "der"}
_DE_THIRD = {("m", "nom"): "dritte", ("m", "acc"): "dritten", ("m", "dat"): "dritten",
             ("f", "nom"): "dritte", ("f", "acc"): "dritte", ("f", "dat"): "dritten"}
_DE_WEAK = {  # the honours' adjective after a definite article: (nominative, accusative, dative)
    "OT": ("Alte Tausender", "Alten Tausender", "Alten Tausender"),
    "RF": ("Rote Blume", "Rote Blume", "Roten Blume"),
    "WF": ("Weiße Blume", "Weiße Blume", "Weißen Blume"),
    "WS": ("Weiße Schlange", "Weiße Schlange", "Weißen Schlange"),
    "GS": ("Grüne Schlange", "Grüne Schlange", "Grünen Schlange"),
}
_DE_CASES = ("nom", "acc", "dat")


def card_phrase(code: str, case: str, third: bool = False) -> str:
    """A card with its article for a sentence, declined in German (`case` "nom", "acc" or "dat"): "den dritten
    Alten Tausender", "der Zwei Münzen"; in English "the third Old Thousand", "Two of Coins"."""
    if not (get_language() or "de").startswith("de"):
        return ("the third " if third else "") + card_name(code)
    gender = _DE_GENDER.get(code, "f")
    name = _DE_WEAK[code][_DE_CASES.index(case)] if code in _DE_WEAK else card_name(code)
    return " ".join(filter(None, (_DE_ARTICLES[gender, case], _DE_THIRD[gender, case] if third else "", name)))


def hint_words(params: dict, action: dict) -> dict:
    """A Tipp's cards (`card`, `pair`, `wait`: codes) named with their article, each an object of its sentence."""
    return {key: card_phrase(value, "acc") if key in ("card", "pair", "wait") else value
            for key, value in params.items()}


def refusal_words(params: dict) -> dict:
    """An engine refusal's cards in words, as the door's refusal is shown (rooms/rendering.refusal): `card` and
    `pair` (codes) and `pairs` (codes joined by " or ") with their article, each an object of its sentence
    (accusative in German: "Du hast den Alten Tausender nicht auf der Hand"); `cards` (codes joined by spaces),
    the cards that may go, as a list of names. What is not a card stays as it is (unknown_card's crafted code)."""
    words = dict(params)
    for key in ("card", "pair"):
        if is_card(words.get(key)):
            words[key] = card_phrase(words[key], "acc")
    pairs = str(words.get("pairs", "")).split(" or ")
    if all(is_card(c) for c in pairs):
        words["pairs"] = _or([card_phrase(c, "acc") for c in pairs])
    cards = str(words.get("cards", "")).split()
    if cards and all(is_card(c) for c in cards):
        words["cards"] = _or([card_name(c) for c in cards])
    return words


def _or(items: list[str]) -> str:
    """"A, B or C"."""
    return items[0] if len(items) < 2 else ", ".join(items[:-1]) + " " + _("or") + " " + items[-1]


def win_label(multiplier: int) -> str:
    return _("Win ×{multiplier}").format(multiplier=multiplier)


def _who(labels: dict[int, str], seat: int | None) -> str:
    return labels.get(seat, "") if seat is not None else ""


# --- posted fields -> engine action ----------------------------------------------------------------


def decode(fields: dict, view: dict) -> dict:
    """"Abwerfen" discards the picked card; every other button carries its action as JSON."""
    return decode_discard(fields, view) if fields.get("intent") == "discard" else decode_json_action(fields)



def hint_fields(action: dict, view: dict) -> dict | None:
    """A hinted discard or Checki picks its card: a Checki's buttons show only once their card is picked."""
    return pick_hint_fields(action, moment(view), ("discard", "checki"))


def moment(view: dict) -> str:
    """Changes from turn to turn: a pick made at another moment is not this turn's pick.

    Short enough for a saved draft (16 characters): a digest of the stock, the pile and the hand."""
    top = view["pile"][-1]["card"] if view["pile"] else "-"
    key = f"{view['turn']}.{view['stock_count']}.{len(view['pile'])}.{top}.{''.join(view.get('hand') or [])}"
    return hashlib.sha256(key.encode()).hexdigest()[:16]


# --- what the template needs ------------------------------------------------------------------------


def context(view: dict, fields: dict, labels: dict[int, str]) -> dict:
    me, hand = view["seat"], view.get("hand") or []
    mine = me is not None and view["turn"] == me
    discarding = mine and view["phase"] == "discard"
    picked, code = current_pick(fields, hand, moment(view) if discarding else None)
    legal_discards = {a["card"] for a in view["legal"] if a["type"] == "discard"}
    return {
        "deck": DECK,
        "pick_field": PICK,
        "at_field": AT,
        "moment": moment(view),
        "mine": mine,
        "discarding": discarding,
        "prompt": turn_prompt(view, labels) if mine else "",
        "waiting": waiting_text(view, labels),
        "draw_options": _draw_options(view) if mine and view["phase"] == "draw" else [],
        "kinds": _hand_kinds(view, picked, discarding),
        "picked": picked,
        "picked_name": card_name(code) if code else "",
        "discard_reason": _discard_reason(view, code, legal_discards) if discarding else None,
        "checki_buttons": _checki_buttons(view, code) if discarding else [],
        "checki_reason": _checki_reason(view, code) if discarding else None,
        "checki_hint": _checki_hint(view) if discarding else "",
        "my_wait": _wait(view, me) if me is not None else None,
        "top": _top(view, labels),
        "pile_cards": _pile(view["pile"][:-1], labels, me),
        "pile_count": len(view["pile"]) - 1 if view["pile"] else 0,
        "pile_legend": [{"seat": s, "who": labels.get(s, "")} for s in view["order"]],
        "fronts": {s["seat"]: _front(view, s, labels) for s in view["seats"]},
        "result": result_context(view, labels),
        "multipliers": MULTIPLIERS,
        "announcement": announcement(view, labels),
        "hide_totals": True,  # Kowah keeps no running total (rules K9): the history lists wins instead
        "acting_notes": ACTING_NOTES,
        "backs": _backs(view),
        "held": dict(enumerate(view["hand_counts"])) if view["phase"] != "over" else {},
    }


def turn_prompt(view: dict, labels: dict[int, str]) -> str:
    if view["phase"] == "draw" and view.get("locked"):
        # {third}: accusative in German ("auf die dritte Zwei Münzen")
        return _("You wait on {third}: draw from the stock. If it is your card you win ×3; if not, it goes straight "
                 "onto the discard pile.").format(third=card_phrase(view["seats"][view["seat"]]["wait"], "acc", True))
    if view["phase"] == "draw":
        if view["offer"]:
            return _("Your turn: draw from the stock, or take {card}, the card just discarded.").format(
                card=card_phrase(view["offer"], "acc"))  # {card}: accusative in German
        return _("Your turn: draw the top card of the stock.")
    return _("Discard one card to get back to eight.")


def waiting_text(view: dict, labels: dict[int, str]) -> str:
    if view["phase"] == "over" or view["turn"] is None or view["turn"] == view["seat"]:
        return ""
    who = labels[view["turn"]]
    if view["phase"] == "draw":
        return _("{who} draws or takes the discard…").format(who=who)
    return _("{who} discards…").format(who=who)


def _draw_options(view: dict) -> list[dict]:
    legal = view["legal"]
    draw = {"type": "draw"}
    options = [{"kind": "draw", "json": json.dumps(draw), "label": _("Draw from the stock"), "reason": None,
                "legal": draw in legal}]
    take = {"type": "take"}
    if take in legal:
        # {card}: accusative in German, the button's first word ("Den Alten Tausender vom Ablagestapel nehmen")
        label = capfirst(_("Take {card} from the discard pile").format(card=card_phrase(view["offer"], "acc")))
        options.append({"kind": "take", "json": json.dumps(take), "label": label, "reason": None, "legal": True})
    else:
        reason = Why(str(DECLARER_DRAWS), "declarer_draws") if view.get("locked") else Why(
            str(NOTHING_TO_TAKE), "nothing_to_take")
        options.append({"kind": "take", "json": json.dumps(take), "label": _("Take the latest discard"),
                        "reason": reason, "legal": False})
    return options


def _hand_kinds(view: dict, picked: str, discarding: bool) -> list[dict]:
    """The hand by kind (what a triple matches on: a number, or an honour), each kind an element with its cards:
    a card drawn, taken or discarded adds or removes that card (or its kind) and changes no other card."""
    kinds: list[dict] = []
    for c in _hand_cards(view, picked, discarding):
        if not kinds or kinds[-1]["key"] != c["kind"]:
            kinds.append({"key": c["kind"], "cards": []})
        kinds[-1]["cards"].append(c)
    return kinds


def _hand_cards(view: dict, picked: str, discarding: bool) -> list[dict]:
    """Every card of the hand the same on the seat's turn and off it, but for its marks (`marks`: the classes of
    its marks' element): just drawn or taken, blocked (the card just taken may not go back, K3), allows Checki,
    a declarer's exposed pair. The ids number a card's copies in the hand's order: the copy drawn is the last."""
    hand = view.get("hand") or []
    me = view["seat"]
    wait = view["seats"][me]["wait"] if me is not None else None
    drawn = (view["drawn"] or {}).get("card") if view["drawn"] and view["drawn"]["seat"] == me else None
    taken = view["taken"]["card"] if view["taken"] and view["taken"]["seat"] == me else None
    checki = view.get("checki") or {}
    seen: Counter[str] = Counter()
    cards = []
    for code in hand:
        seen[code] += 1
        copy, last = seen[code], seen[code] == hand.count(code)
        marks = {"is-blocked": discarding and code == taken, "allows-checki": discarding and code in checki,
                 "is-exposed": code == wait and copy <= 2}
        cards.append({
            "code": code,
            "kind": triple_key(code),
            "value": f"{code}.{copy}",
            "id": f"pick-{code}-{copy}",
            "key": f"hand-{code}-{copy}",  # its element: a frame adds and removes single cards
            "marks_id": f"mark-{code}-{copy}",
            "marks": " ".join(name for name, on in marks.items() if on),
            "picked": f"{code}.{copy}" == picked,
            "blocked": marks["is-blocked"],
            "checki": marks["allows-checki"],
            "exposed": marks["is-exposed"],
            "drawn": code == drawn and last,
            "taken": code == taken and last,
        })
    return cards


def _discard_reason(view: dict, code: str | None, legal: set[str]) -> str | Why | None:
    if code is None:
        return str(NO_PICK)
    if code not in legal:
        return Why(str(TAKEN).format(card=card_phrase(code, "acc")), "taken_card")  # {card}: accusative
    return None


def _checki_buttons(view: dict, code: str | None) -> list[dict]:
    if code is None:
        return []
    return [
        {
            "json": json.dumps({"type": "checki", "card": code, "pair": pair}),
            "pair": pair,
            # {card}: accusative in German, the button's first word ("Die Eins Münzen abwerfen und …")
            "label": capfirst(_("Discard {card} and declare Checki").format(card=card_phrase(code, "acc"))),
            # {third}: accusative in German
            "detail": _("show the pair {pair} face up and wait on {third}").format(
                pair=card_name(pair), third=card_phrase(pair, "acc", True)),
        }
        for pair in (view.get("checki") or {}).get(code, [])
    ]


def _checki_reason(view: dict, code: str | None) -> Why | None:
    """Why "Checki" is disabled for the pick; None when the pick allows it."""
    options = view.get("checki") or {}
    if code is not None and code in options:
        return None
    if view["stock_count"] == 0:
        return Why(str(LAST_TURN), "stock_empty")
    if code is None:
        return Why(_("Checki needs two triples and an identical pair after your discard."), "no_checki")
    return Why(str(NO_SHAPE).format(card=card_phrase(code, "acc")), "no_checki")  # {card}: accusative


def _checki_hint(view: dict) -> str:
    options = view.get("checki") or {}
    if not options:
        return ""
    names = [card_name(c) for c in options]
    return _("Checki is possible if you discard: {cards} (cards marked with a dot).").format(cards=", ".join(names))


def _wait(view: dict, seat: int) -> dict | None:
    wait = view["seats"][seat]["wait"]
    if not wait:
        return None
    return {
        "card": wait,
        "name": card_name(wait),
        "third": card_phrase(wait, "acc", True),  # "waits on {third}": accusative in German
        # {third}: dative in German ("mit der dritten Zwei Münzen")
        "sentence": _("You declared Checki: your pair lies face up and you win with {third}. Your other six cards "
                      "are locked.").format(third=card_phrase(wait, "dat", True)),
    }


def _top(view: dict, labels: dict[int, str]) -> dict | None:
    if not view["pile"]:
        return None
    entry, hint = view["pile"][-1], ""
    if view["offer"] is not None:
        hint = (_("You may take it instead of drawing.") if view["turn"] == view["seat"]
                else _("{who} may take it instead of drawing.").format(who=labels[view["turn"]]))
    seat = entry["seat"]
    return {"code": entry["card"], "name": card_name(entry["card"]),
            "by": _discarded_by(seat, labels.get(seat, ""), view["seat"]), "takeable": view["offer"] is not None,
            "hint": hint}


def _discarded_by(seat: int, who: str, me: int | None) -> str:
    return _("discarded by you") if seat == me else _("discarded by {who}").format(who=who)


def _pile(entries: list[dict], labels: dict[int, str], me: int | None) -> SafeString:
    """The older discards as the pile's list items, each marked by who threw it. The pile grows by a card
    a turn and is shown after every move: each item is built once (per place, language and thrower's
    name). An item's id is its place, so that a page can be told to drop the last one when the top
    discard is taken and the card under it becomes the top (rooms/consumers.py)."""
    lang = get_language()
    return mark_safe("".join([_pile_item(lang, place, e["card"], e["seat"], labels.get(e["seat"], ""), me)
                              for place, e in enumerate(entries)]))


@lru_cache(maxsize=8192)
def _pile_item(lang: str | None, place: int, code: str, seat: int, who: str, me: int | None) -> SafeString:
    return format_html('<li id="pile-card-{}" class="by-{}" title="{}: {}">{}</li>', place, seat, card_name(code),
                       _discarded_by(seat, who, me), card(DECK, code, 16, compact="always"))


def _front(view: dict, seat_view: dict, labels: dict[int, str]) -> dict:
    """What lies face up before a seat: its exposed pair, the cards it was seen to take, the whole hand at the end."""
    seat = seat_view["seat"]
    drawn = view["drawn"]
    just_drawn = drawn["card"] if drawn and drawn["seat"] == seat and drawn["card"] else None
    return {
        "seat": seat,
        "who": labels.get(seat, ""),
        "wait": _wait(view, seat),
        "exposed": seat_view["exposed"],
        "known": seat_view["known"],
        "just_drawn": just_drawn,
        "hand": seat_view["hand"],
    }


def _backs(view: dict) -> dict[int, int]:
    """Face-down cards per other seat: the hand less its exposed pair and the cards everyone saw go in."""
    if view["phase"] == "over":
        return {}
    return {
        s["seat"]: view["hand_counts"][s["seat"]] - len(s["exposed"]) - len(s["known"])
        for s in view["seats"]
        if s["seat"] != view["seat"]
    }


def seat_notes(view: dict) -> dict[int, str]:
    """Whose turn it is and what they do now; an exposed wait has its own box below the seat."""
    if view["turn"] is None:
        return {}
    return {view["turn"]: _("on turn: draws") if view["phase"] == "draw" else _("on turn: discards")}


def result_context(view: dict, labels: dict[int, str]) -> dict | None:
    outcome = view["outcome"]
    if outcome is None:
        return None
    winner, me = outcome["winner"], view["seat"]
    rows = []
    for s in view["seats"]:
        hand = s["hand"] or []
        wait = s["wait"] if s["seat"] == winner else None
        if wait:  # the winner's nine cards: two locked triples, then the pair with its winning card
            rest = list((Counter(hand) - Counter({wait: 3})).elements())
            groups = [rest[:3], rest[3:], [wait] * 3]
        else:
            groups = [hand]
        rows.append({
            "seat": s["seat"],
            "who": labels.get(s["seat"], ""),
            "winner": s["seat"] == winner,
            "result": win_label(outcome["multiplier"]) if s["seat"] == winner else "–",
            "declared": s["declared"],
            "wait_name": card_phrase(s["wait"], "acc") if s["wait"] else "",  # "Checki auf die Zwei Münzen"
            "groups": groups,
        })
    return {
        "winner": winner,
        "draw": outcome["draw"],
        "label": win_label(outcome["multiplier"]) if winner is not None else _("Drawn deal"),
        "headline": headline(outcome, labels, me),
        "card": outcome["card"],
        "card_name": card_name(outcome["card"]) if outcome["card"] else "",
        "rows": rows,
    }


def headline(outcome: dict, labels: dict[int, str], me: int | None) -> str:
    """One sentence: who won, on which card and how, with the multiplier; or the drawn deal."""
    if outcome["winner"] is None:
        return _("The stock is used up and nobody won: the deal is drawn.")
    winner, by = outcome["winner"], outcome["by"]
    card = card_phrase(outcome["card"], "acc")  # {card}: the object of "drew", "discarded" (accusative in German)
    label = win_label(outcome["multiplier"])
    if outcome["reason"] == "self_draw":
        if winner == me:
            return _("You drew your winning card {card} yourself: {win}!").format(card=card, win=label)
        return _("{who} drew their winning card {card} from the stock: {win}.").format(
            who=labels[winner], card=card, win=label)
    if outcome["reason"] == "opponent_draw":
        if winner == me:
            return _("{by} drew {card}, your winning card: {win}!").format(by=labels[by], card=card, win=label)
        if by == me:
            return _("You drew {card}, the winning card of {who}: {win} for {who}.").format(
                card=card, who=labels[winner], win=label)
        return _("{by} drew {card}, the winning card of {who}: {win} for {who}.").format(
            by=labels[by], card=card, who=labels[winner], win=label)
    if winner == me:
        return _("{by} discarded {card}, your winning card: {win}!").format(by=labels[by], card=card, win=label)
    if by == me:
        return _("You discarded {card}, the winning card of {who}: {win} for {who}.").format(
            card=card, who=labels[winner], win=label)
    return _("{by} discarded {card}, the winning card of {who}: {win} for {who}.").format(
        by=labels[by], card=card, who=labels[winner], win=label)


def announcement(view: dict, labels: dict[int, str]) -> str:
    """One sentence for the live region: the latest discard and whose turn it is, or how the deal ended."""
    if view["outcome"] is not None:
        return headline(view["outcome"], labels, view["seat"])
    parts = []
    if view["pile"]:
        top = view["pile"][-1]
        parts.append(_("Top of the discard pile: {card}, your discard.").format(card=card_name(top["card"]))
                     if top["seat"] == view["seat"] else
                     _("Top of the discard pile: {card} from {who}.").format(
                         card=card_name(top["card"]), who=labels[top["seat"]]))
    if view["turn"] == view["seat"]:
        parts.append(turn_prompt(view, labels))
    else:
        parts.append(waiting_text(view, labels))
    return " ".join(parts)


def event_text(event: dict, labels: dict[int, str], me: int | None) -> str | None:
    """A log line; the viewer's own deeds get their own sentences (German verbs agree with "du")."""
    code, data = event.get("code"), event.get("data") or {}
    seat = event.get("seat")
    mine = seat is not None and seat == me
    who = _who(labels, seat)
    # {card}: the object of "draw", "take", "discard" (accusative in German: "wirft den Alten Tausender ab")
    card = card_phrase(data["card"], "acc") if data.get("card") else ""
    if code == "dealt":
        start = _("You play first.") if mine else _("{who} plays first.").format(who=who)
        return _("Everyone gets {cards} cards; {stock} cards form the stock.").format(
            cards=data["cards"], stock=data["stock"]) + " " + start
    if code == "drew":
        if mine and not data["public"]:
            return None  # the drawer's own "drew_card" line names the card
        if data["public"]:
            return (_("You draw {card} from the stock, face up.") if mine
                    else _("{who} draws {card} from the stock, face up.")).format(who=who, card=card)
        return _("{who} draws from the stock.").format(who=who)
    if code == "drew_card":
        return _("You draw {card} from the stock.").format(card=card)
    if code == "took":
        return (_("You take {card} from the discard pile.") if mine
                else _("{who} takes {card} from the discard pile.")).format(who=who, card=card)
    if code == "discarded":
        if data["forced"]:
            card = card_phrase(data["card"], "nom")  # {card}: the subject (nominative in German)
            return (_("Your hand is locked: {card} goes straight onto the discard pile.") if mine
                    else _("{who}'s hand is locked: {card} goes straight onto the discard pile.")).format(
                who=who, card=card)
        return (_("You discard {card}.") if mine else _("{who} discards {card}.")).format(who=who, card=card)
    if code == "checki":
        pair, third = card_name(data["pair"]), card_phrase(data["pair"], "acc", True)  # {third}: accusative
        return (_("You declare Checki: your pair {pair} lies face up, you wait on {third}.") if mine
                else _("{who} declares Checki: the pair {pair} lies face up, {who} waits on {third}.")
                ).format(who=who, pair=pair, third=third)
    if code == "won":
        label = win_label(data["multiplier"])
        card = card_phrase(data["card"], "dat")  # {card}: dative in German ("mit der Roten Blume")
        return (_("You win with {card}: {win}.") if mine else _("{who} wins with {card}: {win}.")).format(
            who=who, card=card, win=label)
    if code == "deal_over" and data.get("draw"):
        return _("The stock is used up and nobody won: the deal is drawn.")
    return None

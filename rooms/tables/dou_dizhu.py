"""Dou Dizhu's table: the auction, then the hand as cards to tick and "Spielen" or "Passen".

Bidding buttons carry their engine action as JSON (field `action`). In the card play every card of
the hand is a checkbox `card-<code>` (a pack has each code once); ticking one posts the form to
`rooms:draft`, which keeps the selection on the seat and re-renders. `context` then asks the engine
(`rules.selection_refusal`, from the view alone) whether the ticked cards may be played, so
"Spielen" is enabled only for a play that beats the table and the reason is shown otherwise. The
selection may be made while the others play; it keeps only cards still in the hand.

The "Tipp" (rooms/_tip.html, shared by every game) ticks the master computer's play (`hint_fields`) or
marks the button of its bid or pass, and says why.
"""

from __future__ import annotations

from functools import lru_cache

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from games.dou_dizhu.cards import counts_of, mask_of, sort_for_display
from games.dou_dizhu.combos import CATALOGUE, KIND_LABELS, Kind, Reason
from games.dou_dizhu.rules import selection_refusal
from rooms.tables import Why, decode_json_action
from rules_content.cardart.french import INDEX

DECK = "french"
CHECK_VERSION = True  # turn-based: a move made on an outdated table is refused, not re-applied
MAX_BID = 3
FEW_CARDS = 2  # a seat this close to going out is announced, as players call it out at a real table

JOKERS = {"BJ": gettext_lazy("small joker"), "RJ": gettext_lazy("big joker")}
# The engine's own messages (games/dou_dizhu), shown before a move is tried: the same msgids.
LEADER_CANNOT_PASS = gettext_lazy("You lead this trick: play any combination; passing is not allowed.")


# --- words for cards and plays ---------------------------------------------------------------------


def spell(codes: list[str]) -> str:
    """Cards by rank for a sentence, low to high, suits left out: "3 3 3 10 B", "kleiner Joker"."""
    index = INDEX.get((get_language() or "de")[:2], INDEX["en"])
    return " ".join(
        str(JOKERS[code]) if code in JOKERS else index.get(code[0], code[0]) for code in sort_for_display(codes)
    )


def kind_label(kind: str) -> str:
    return _(KIND_LABELS[Kind(kind)])


def play_text(combo: dict) -> str:
    """A play in words: "Paar (9 9)"."""
    return _("{kind} ({cards})").format(kind=kind_label(combo["kind"]), cards=spell(combo["cards"]))


def _who(labels: dict[int, str], seat: int | None) -> str:
    return labels.get(seat, "") if seat is not None else ""


def role(view: dict, seat: int) -> str:
    """ "landlord" or "farmer" once the auction is over, else ""."""
    if view["landlord"] is None:
        return ""
    return "landlord" if seat == view["landlord"] else "farmer"


ROLE_NAMES = {"landlord": gettext_lazy("Landlord"), "farmer": gettext_lazy("Farmer")}


# --- posted fields -> engine action ----------------------------------------------------------------


def decode(fields: dict, view: dict) -> dict:
    """ "Spielen" plays the ticked cards, "Passen" passes; bidding buttons carry their JSON `action`."""
    intent = fields.get("intent")
    if intent == "pass":
        return {"type": "pass"}
    if intent == "play":
        return {"type": "play", "cards": selection(fields, view.get("hand") or [])}
    return decode_json_action(fields)


def hint_fields(action: dict, view: dict) -> dict | None:
    """A hinted play ticks its cards; a bid or a pass is a button of its own (the page marks it)."""
    return {f"card-{code}": "1" for code in action["cards"]} if action["type"] == "play" else None


def hint_words(params: dict, action: dict) -> dict:
    """A Tipp's cards are its play's, named as the page names plays ("Paar (8 8)")."""
    if "cards" in params and action.get("cards"):
        params["cards"] = play_text(_combo_of(action["cards"]))
    return params


def selection(fields: dict, hand: list[str]) -> list[str]:
    """The ticked cards that are still in the hand, in the hand's order."""
    return [code for code in hand if fields.get(f"card-{code}")]


# --- what the template needs -----------------------------------------------------------------------


def context(view: dict, fields: dict, labels: dict[int, str]) -> dict:
    hand = sort_for_display(view.get("hand") or [])
    me = view["seat"]
    playing = view["phase"] == "play" and me is not None
    my_turn = me is not None and view["turn"] == me
    picked = selection(fields, hand) if playing else []
    return {
        "deck": DECK,
        "standings_title": _("Points standings"),
        "total_label": _("Points"),
        "hand_cards": [{"code": c, "id": f"pick-{c}", "box": f"card-{c}", "checked": c in picked} for c in hand],
        "hand_text": " ".join(hand),
        "picked": picked,
        "picked_text": play_text(_combo_of(picked)) if picked and _combo_of(picked) else "",
        "play_reason": play_reason(view, picked, labels) if playing and my_turn else None,
        "pass_reason": Why(str(LEADER_CANNOT_PASS), "leader_cannot_pass")
        if playing and my_turn and view["table"] is None else None,
        "pass_only": bool(playing and my_turn and view["legal"] and not view["legal"]["can_beat"]),
        "bids": bid_buttons(view) if view["phase"] == "bidding" and my_turn else [],
        "my_role": role(view, me) if me is not None else "",
        "role_names": ROLE_NAMES,
        "landlord_name": _who(labels, view["landlord"]),
        "high_bidder_name": _who(labels, view["high_bidder"]),
        "auction": [{"who": _who(labels, a["seat"]), "seat": a["seat"], "bid": a["bid"]} for a in view["auction"]],
        "recent": recent_plays(view),
        "table_text": play_text(view["table"]) if view["table"] else "",
        "table_name": _who(labels, view["table"]["seat"]) if view["table"] else "",
        "turn_name": _who(labels, view["turn"]),
        "turn_prompt": turn_prompt(view, labels) if my_turn else "",
        "result": result_context(view, labels),
        "announcement": announcement(view, labels),
        "seat_notes": seat_notes(view),
        "backs": dict(enumerate(view["hand_counts"])),
    }


def _combo_of(cards: list[str]) -> dict | None:
    combo = CATALOGUE.get(counts_of(mask_of(cards))) if cards else None
    return {"cards": cards, "kind": combo.kind.value, "n": combo.n} if combo else None


def reason_text(reason: Reason, view: dict, cards: list[str]) -> str:
    """The engine's reason in the page's language, with the cards spelled the way the page names them."""
    params = dict(reason.params)
    if "cards" in params:
        params["cards"] = spell(cards)
    if "table" in params and view["table"]:
        params["table"] = spell(view["table"]["cards"])
    return _(reason.template).format(**params)


def play_reason(view: dict, picked: list[str], labels: dict[int, str]) -> Why | None:
    """Why "Spielen" is disabled, or None when the ticked cards may be played now."""
    table = view["table"]
    if not picked and table and not view["legal"]["can_beat"]:
        return Why(_("Nothing in your hand beats {play} of {who}: pass.").format(
            play=play_text(table), who=_who(labels, table["seat"])
        ), "not_higher")
    refused = selection_refusal(view, picked)
    return None if refused is None else Why(reason_text(refused, view, picked), refused.code)


def bid_buttons(view: dict) -> list[dict]:
    allowed = set(view["legal"]["bids"]) if view["legal"] else set()
    return [
        {
            "value": v,
            "allowed": v in allowed,
            "action": f'{{"type": "bid", "value": {v}}}',
            "reason": "" if v in allowed else _("The bid is already {bid}: bid higher.").format(bid=view["bid"]),
        }
        for v in range(1, MAX_BID + 1)
    ]


def recent_plays(view: dict) -> dict[int, dict]:
    """Each seat's latest action for its place on the felt; `current` marks this trick's actions."""
    table = view["table"]
    current: set[int] = set()
    if table is not None:
        current = {(table["seat"] + i) % 3 for i in range(view["passes"] + 1)}
    shown = {}
    for seat, entry in enumerate(view["recent"]):
        if entry is None:
            shown[seat] = {"none": True, "current": False}
            continue
        passed = entry["type"] == "pass"
        shown[seat] = {
            "passed": passed,
            "cards": [] if passed else sort_for_display(entry["cards"]),
            "kind": "" if passed else kind_label(entry["kind"]),
            "on_top": table is not None and table["seat"] == seat,
            "current": seat in current,
            "bomb": not passed and entry["kind"] in (Kind.BOMB, Kind.ROCKET),
        }
    return shown


def turn_prompt(view: dict, labels: dict[int, str]) -> str:
    if view["phase"] == "bidding":
        if view["bid"]:
            return _("Your bid: the bid stands at {bid} by {who}. Bid higher to become the landlord, or pass.").format(
                bid=view["bid"], who=_who(labels, view["high_bidder"])
            )
        return _("Your bid: bid 1, 2 or 3 to play as the landlord against the other two, or pass.")
    table = view["table"]
    if table is None:
        return _("Your lead: play any combination. Tick the cards, then press “Play”.")
    play, who = play_text(table), _who(labels, table["seat"])
    if view["landlord"] != view["seat"] and table["seat"] != view["landlord"]:
        partner = _("{who} is your partner.").format(who=who)
    else:
        partner = ""
    if not view["legal"]["can_beat"]:
        return " ".join(
            filter(
                None,
                [_("Your turn: {who} played {play}. You cannot beat it: pass.").format(who=who, play=play), partner],
            )
        )
    return " ".join(
        filter(
            None,
            [
                _(
                    "Your turn: {who} played {play}. Beat it with the same kind and as many cards but higher, "
                    "a bomb or the rocket, or pass."
                ).format(who=who, play=play),
                partner,
            ],
        )
    )


def result_context(view: dict, labels: dict[int, str]) -> dict | None:
    outcome = view["outcome"]
    if outcome is None:
        return None
    me, landlord = view["seat"], outcome["landlord"]
    unit = outcome["bid"] * outcome["multiplier"]
    factors = []
    if outcome["bombs"]:
        factors.append(
            ngettext(
                "{count} bomb or rocket played: ×2", "{count} bombs or rockets played: ×2 each", outcome["bombs"]
            ).format(count=outcome["bombs"])
        )
    if outcome["spring"]:
        factors.append(_("spring (the farmers never played a card): ×2"))
    if outcome["reverse_spring"]:
        factors.append(_("reverse spring (the landlord played only his first lead): ×2"))
    rows = [
        {
            "seat": s,
            "who": _who(labels, s),
            "role": ROLE_NAMES["landlord" if s == landlord else "farmer"],
            "score": score,
            "won": s in outcome["winners"],
            "out": s == outcome["winner"],
            "left": view["hand_counts"][s],
        }
        for s, score in enumerate(outcome["scores"])
    ]
    return {
        "headline": result_text(outcome, labels, me),
        "unit": unit,
        "double": 2 * unit,
        "factors": factors,
        "rows": rows,
        "formula": _(
            "Bid {bid} × multiplier {multiplier} = {unit} points per farmer; "
            "the landlord wins or pays double: {double}."
        ).format(bid=outcome["bid"], multiplier=outcome["multiplier"], unit=unit, double=2 * unit),
    }


def result_text(outcome: dict, labels: dict[int, str], me: int | None) -> str:
    winner, landlord = outcome["winner"], outcome["landlord"]
    if outcome["landlord_won"]:
        if landlord == me:
            return _("You went out first: you win as the landlord.")
        return _("The landlord {who} went out first and wins.").format(who=_who(labels, landlord))
    if winner == me:
        return _("You went out first: the farmers win.")
    if me is not None and me != landlord:
        return _("{who} went out first: the farmers win, you with them.").format(who=_who(labels, winner))
    return _("{who} went out first: the farmers win.").format(who=_who(labels, winner))


def announcement(view: dict, labels: dict[int, str]) -> str:
    """One sentence for the live region: whose turn it is, or how the deal ended."""
    if view["outcome"]:
        return _("The deal is over. {result}").format(result=result_text(view["outcome"], labels, view["seat"]))
    if view["turn"] == view["seat"]:
        return turn_prompt(view, labels)
    return _("Waiting for {who}.").format(who=_who(labels, view["turn"]))


def seat_notes(view: dict) -> dict[int, SafeString]:
    """Role (a badge) and the auction's word for every seat (its cards are counted beside its face-down cards)."""
    bids = {a["seat"]: a["bid"] for a in view["auction"]} if view["phase"] == "bidding" else {}
    lang = get_language()
    return {s: _seat_note(lang, role(view, s), bids.get(s), view["phase"] == "play" and 0 < held <= FEW_CARDS)
            for s, held in enumerate(view["hand_counts"])}


@lru_cache(maxsize=256)
def _seat_note(lang: str | None, badge: str, bid: int | None, almost_out: bool) -> SafeString:
    """One seat's note, built once per language and what it says (every move shows all three)."""
    parts = []
    if bid is not None:
        parts.append(_("bids {bid}").format(bid=bid) if bid else _("passes"))
    if almost_out:
        parts.append(_("almost out!"))
    return format_html(
        '{}<span class="count">{}</span>',
        format_html('<span class="badge role-{}">{}</span> ', badge, ROLE_NAMES[badge]) if badge else "",
        " · ".join(parts),
    )


# --- the log -----------------------------------------------------------------------------------------


def event_text(event: dict, labels: dict[int, str], me: int | None) -> str | None:
    """A log line; the viewer's own deeds in the second person (German verbs agree with "du")."""
    seat, data, code = event.get("seat"), event.get("data") or {}, event.get("code")
    mine = seat is not None and seat == me
    who = _who(labels, seat)
    if code == "dealt":  # private: only its seat sees it
        count = len(data.get("cards", []))
        return ngettext("You are dealt {count} card.", "You are dealt {count} cards.", count).format(count=count)
    if code == "bids_first":
        return _("You bid first.") if mine else _("{who} bids first.").format(who=who)
    if code == "bid":
        value = data.get("value")
        return (
            _("You bid {value}.").format(value=value) if mine else _("{who} bids {value}.").format(who=who, value=value)
        )
    if code == "bid_passed":
        return _("You do not bid.") if mine else _("{who} does not bid.").format(who=who)
    if code == "redeal":
        first = data.get("first_bidder")
        if first == me:
            return _("Nobody bid: the cards are dealt again, and you bid first.")
        return _("Nobody bid: the cards are dealt again, and {who} bids first.").format(who=_who(labels, first))
    if code == "landlord":
        bottom = spell(data.get("bottom", []))
        if mine:
            return _("You are the landlord at a bid of {bid} and take the bottom cards: {bottom}.").format(
                bid=data.get("bid"), bottom=bottom
            )
        return _("{who} is the landlord at a bid of {bid} and takes the bottom cards: {bottom}.").format(
            who=who, bid=data.get("bid"), bottom=bottom
        )
    if code == "played":
        play = play_text(data)
        text = _("You play {play}.").format(play=play) if mine else _("{who} plays {play}.").format(who=who, play=play)
        if data.get("kind") in (Kind.BOMB, Kind.ROCKET):
            text += " " + _("The multiplier doubles to {multiplier}.").format(multiplier=data.get("multiplier"))
        return text
    if code == "passed":
        return _("You pass.") if mine else _("{who} passes.").format(who=who)
    if code == "trick_won":
        return (
            _("The others pass: you lead again.") if mine else _("The others pass: {who} leads again.").format(who=who)
        )
    if code == "deal_over":
        return _("The deal is over. {result}").format(result=result_text(data, labels, me))
    return None

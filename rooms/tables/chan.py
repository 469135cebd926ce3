"""Chắn's table: the card on offer, four doors, the pairs laid out before each seat, and your answer.

Claims and melds are buttons that carry their engine action as JSON (field `action`); the table
offers "Ù" and "Chíu" only when the engine lists them, and a meld the engine blocks is shown
disabled with its reason (`view["blocked"]`). To discard, the player picks a hand card (radio
`card-pick` = `<code>.<copy>`, saved as a draft by `rooms:draft` together with `card-at`, the
moment of the deal it was picked at, so a pick never outlives its turn) and presses "Abwerfen",
which is enabled only when the engine allows that card; otherwise its reason is shown. The
engine's reasons name cards by code; the table names them in words ("Sieben Vạn").
"""

from __future__ import annotations

import json
from collections import Counter

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from games.chan.bots import own_holding
from games.chan.cards import IDENTITIES, rank_of
from games.chan.hands import MIN_CHAN, PAIRS, canonical, total_pairing
from rooms.services import Refused
from rooms.tables import AT, NO_PICK, PICK, Why, current_pick, decode_discard, decode_json_action, pick_hint_fields
from rules_content import cardart

DECK = "to_tom"
CHECK_VERSION = True  # turn-based: a move made on an outdated table is refused, not re-applied

KIND_NAMES = {"chan": "Chắn", "ca": "Cạ", "chiu": "Chíu"}  # the game's own words, in every language
BONUS_TEXTS = {
    "u_chi": gettext_lazy("won with the stock card the winner turned up at their own door"),
    "thien_u": gettext_lazy("the dealer won with the first twenty cards"),
    "tom": gettext_lazy("Three Vạn, Three Sách and Seven Văn among the twenty cards"),
    "bach_thu": gettext_lazy("exactly six Chắn and four Cạ, none of the Cạ in the winning card's rank"),
    "leo": gettext_lazy("Nine Vạn, Eight Sách and Chi Chi among the twenty cards"),
    "thien_khai": gettext_lazy("four identical cards already in the deal"),
    "chiu_u": gettext_lazy("won by Chíu: the winning card made three identical cards four"),
    "bon": gettext_lazy("a dealt pair grew into four identical cards"),
    "bach_dinh": gettext_lazy("all twenty cards black"),
    "tam_do": gettext_lazy("exactly eight red cards"),
    "kinh_tu_chi": gettext_lazy("all four Chi Chi, every other card black"),
    "thap_thanh": gettext_lazy("all ten pairs are Chắn"),
}
BLOCK_LABELS = {  # engine reason codes of a blocked discard, in a word
    "broken_pair": gettext_lazy("pairs stay together"),
    "frozen": gettext_lazy("blocked after a Chắn you left"),
    "ca_discard": gettext_lazy("would discard both cards of a Cạ"),
}
ROLE_TEXTS = {
    "chan": gettext_lazy("part of a Chắn pair"),
    "ca": gettext_lazy("part of a Cạ"),
    "single": gettext_lazy("no partner yet"),
}
CARD_PARAMS = ("card", "offered", "partner")
ACTING_NOTES = ({"phase": "", "text": gettext_lazy("their turn")},)


# --- names ---------------------------------------------------------------------------------------


def card_name(code: str) -> str:
    """A card in words for a sentence, the suit glossed because Vạn and Văn look and sound alike:
    "Sieben Vạn (Myriaden)", "Seven Văn (coins)", "Chi Chi"."""
    lang = "de" if (get_language() or "de").startswith("de") else "en"
    return cardart.name(DECK, code, lang=lang).removesuffix(", rot").removesuffix(", red")


def reason_text(reason: dict) -> str:
    """An engine reason ({"template", "params"}) in the page's language, its cards named in words."""
    return _(reason["template"]).format(**_named(reason["params"]))


def _named(params: dict) -> dict:
    return {k: card_name(v) if k in CARD_PARAMS and v in IDENTITIES else v for k, v in params.items()}


def hint_words(params: dict, action: dict) -> dict:
    """A Tipp's cards (`card`, `partner`: codes) in words, as the refusals name them."""
    return _named(params)


def refusal_words(params: dict) -> dict:
    """A refusal's cards in words when the page is drawn (rooms/rendering.refusal), in the page's language:
    a move is read where no language is active (the table socket), so its refusal carries codes."""
    return _named(params)


def _who(labels: dict[int, str], seat: int | None) -> str:
    return labels.get(seat, "") if seat is not None else ""


# --- posted fields -> engine action ----------------------------------------------------------------


def decode(fields: dict, view: dict) -> dict:
    """"Abwerfen" discards the picked card; every other button carries its action as JSON."""
    action = decode_discard(fields, view) if fields.get("intent") == "discard" else decode_json_action(fields)
    _refuse_blocked(action, view)
    return action


def _refuse_blocked(action: dict, view: dict) -> None:
    """A blocked discard or meld is refused with the engine's own reason (its cards named when shown)."""
    kind, card = action.get("type"), action.get("card")
    reason = ((view.get("blocked") or {}).get(kind) or {}).get(card) if kind in ("discard", "meld") else None
    if reason:
        raise Refused(reason["template"], reason["code"], reason["params"])



def hint_fields(action: dict, view: dict) -> dict | None:
    return pick_hint_fields(action, moment(view))


def moment(view: dict) -> str:
    """Changes with every move of the deal: a pick made at another moment is not this turn's pick.

    Short ("d0.12.14.25"): a saved draft keeps at most 16 characters of a field."""
    laid = sum(len(row) for row in view["melds"])
    door = sum(len(row) for row in view["doors"])
    return f"{view['phase'][0]}{view['turn']}.{view['stock']}.{laid}.{door}"


# --- what the template needs ------------------------------------------------------------------------


def context(view: dict, fields: dict, labels: dict[int, str]) -> dict:
    me, hand = view["seat"], view.get("hand") or []
    legal = view.get("legal") or []
    blocked = view.get("blocked") or {"discard": {}, "meld": {}}
    discarding = bool(view.get("to_act")) and view["phase"] in ("opening", "discard")
    picked, picked_code = current_pick(fields, hand, moment(view) if discarding else None)
    offer = view["offer"]
    meld_options = _meld_options(view, legal, blocked)
    return {
        "deck": DECK,
        "pick_field": PICK,
        "at_field": AT,
        "moment": moment(view),
        "hand_cards": _hand_cards(view, picked, discarding, blocked, meld_options),
        "discarding": discarding,
        "picked": picked,
        "picked_name": card_name(picked_code) if picked_code else "",
        "discard_reason": _discard_reason(picked_code, blocked) if discarding else None,
        "nothing_picked": discarding and picked_code is None,
        "blocked_summary": _blocked_summary(blocked["discard"]) if discarding else [],
        "claims": _claims(view, legal),
        "meld_options": meld_options,
        "declines": _declines(view, legal, labels),
        "freeze_warning": _freeze_warning(view, legal),
        "prompt": turn_prompt(view, labels) if view.get("to_act") else "",
        "waiting": waiting_text(view, labels),
        "offer_card": _offer(view, labels) if offer and offer["card"] and view["phase"] != "over" else None,
        "fronts": {s: _front(view, s, labels) for s in range(view["seats"])},
        "progress": _progress(view) if hand else "",
        "my_notes": _my_notes(view) if me is not None else [],
        "result": result_context(view, labels),
        "announcement": announcement(view, labels),
        "seat_notes": seat_notes(view, turn=False),
        "acting_notes": ACTING_NOTES,  # whose turn it is, marked by static/css
        "backs": {s: n for s, n in enumerate(view["hand_counts"]) if s != me},
    }


def _roles(hand: list[str]) -> list[str]:
    """Per hand card, as the canonical decomposition pairs them: "chan", "ca" or "single"."""
    counts = Counter(hand)
    pairing = canonical(hand)
    cas = {rank: [c for c in IDENTITIES if rank_of(c) == rank and counts[c] % 2][:2] for rank in pairing.ca}
    in_ca = {c for pair in cas.values() for c in pair}
    seen: Counter[str] = Counter()
    roles = []
    for code in hand:
        seen[code] += 1
        if seen[code] <= 2 * (counts[code] // 2):
            roles.append("chan")
        else:
            roles.append("ca" if code in in_ca else "single")
    return roles


def _hand_cards(view: dict, picked: str, discarding: bool, blocked: dict, meld_options: list[dict]) -> list[dict]:
    hand = view.get("hand") or []
    candidates = {m["card"] for group in meld_options for m in group["takes"]}
    if {"type": "chiu"} in (view.get("legal") or []):
        candidates.add(view["offer"]["card"])  # the three that would take the fourth
    frozen = set(view.get("frozen") or [])
    seen: Counter[str] = Counter()
    cards, previous = [], None
    for code, role in zip(hand, _roles(hand), strict=True):
        seen[code] += 1
        value = f"{code}.{seen[code]}"
        rank = rank_of(code) or code
        reason = blocked["discard"].get(code) if discarding else None
        cards.append({
            "code": code,
            "value": value,
            "id": f"pick-{code}-{seen[code]}",
            "key": f"hand-{code}-{seen[code]}",  # the card's element: a frame swaps the cards that changed
            "name": card_name(code),
            "role": role,
            "role_text": ROLE_TEXTS[role],
            "new_rank": previous is not None and rank != previous,
            "picked": value == picked,
            "blocked": reason is not None,
            "frozen": code in frozen,
            "candidate": code in candidates,
        })
        previous = rank
    return cards


def _discard_reason(code: str | None, blocked: dict) -> str | Why | None:
    if code is None:
        return str(NO_PICK)
    reason = blocked["discard"].get(code)
    return Why(reason_text(reason), reason["code"]) if reason else None


def _blocked_summary(reasons: dict) -> list[dict]:
    """The blocked discards grouped by why, in a word each: the full reason shows when one is picked."""
    groups: dict[str, list[str]] = {}
    for code, reason in reasons.items():
        groups.setdefault(reason["code"], []).append(card_name(code))
    return [{"label": BLOCK_LABELS.get(key, _("blocked")), "cards": ", ".join(names)} for key, names in groups.items()]


def _claims(view: dict, legal: list[dict]) -> list[dict]:
    """The "Ù" and "Chíu" buttons: only when the engine lists them."""
    offer = view["offer"]
    card = card_name(offer["card"]) if offer and offer["card"] else ""
    claims = []
    if {"type": "win"} in legal:
        opening = view["phase"] == "opening"
        hint = _("win at once with Thiên ù") if opening else _("win with {card}").format(card=card)
        claims.append({"kind": "win", "label": "Ù", "hint": hint, "json": json.dumps({"type": "win"})})
    if {"type": "chiu"} in legal:
        hint = _("take the fourth {card} and lay out all four").format(card=card)
        claims.append({"kind": "chiu", "label": "Chíu", "hint": hint, "json": json.dumps({"type": "chiu"})})
    return claims


def _meld_options(view: dict, legal: list[dict], blocked: dict) -> list[dict]:
    """Every hand card that could pair with the card on offer: legal ones as buttons, blocked ones explained
    (grouped for the page by `_by_reason`)."""
    offer = view["offer"]
    if not view.get("to_act") or view["phase"] != "offer" or not offer or not offer["card"]:
        return []
    offered = offer["card"]
    legal_cards = {a["card"] for a in legal if a["type"] == "meld"}
    options = []
    for code in sorted(legal_cards | set(blocked["meld"]), key=IDENTITIES.index):
        kind = "chan" if code == offered else "ca"
        reason = blocked["meld"].get(code)
        options.append({
            "card": code,
            "kind": kind,
            "label": (_("Take it as Chắn with your {card}") if kind == "chan"
                      else _("Take it as Cạ with your {card}")).format(card=card_name(code)),
            "json": json.dumps({"type": "meld", "card": code}),
            "reason": Why(reason_text(reason), reason["code"]) if reason else None,
            "id": f"meld-{code}",
        })
    return _by_reason(options)


def _by_reason(options: list[dict]) -> list[dict]:
    """The meld buttons as the page groups them: each legal one alone; blocked ones that are refused for the same
    reason together, the reason said once (one laptop screen has room for one such sentence, not two)."""
    groups: list[dict] = []
    shared: dict[str, dict] = {}
    for option in options:
        reason = option["reason"]
        if reason is not None and str(reason) in shared:
            shared[str(reason)]["takes"].append(option)
            continue
        group = {"takes": [option], "reason": reason, "why_id": f"why-{option['id']}"}
        groups.append(group)
        if reason is not None:
            shared[str(reason)] = group
    return groups


def _declines(view: dict, legal: list[dict], labels: dict[int, str]) -> list[dict]:
    """Leaving the card (reveal or pass): what the button does depends on the moment."""
    offer, phase = view["offer"], view["phase"]
    declines = []
    if {"type": "reveal"} in legal:
        label = (_("Turn up the top stock card") if not offer or not offer["card"]
                 else _("Leave it and turn up the top stock card"))
        declines.append({"label": label, "json": json.dumps({"type": "reveal"}), "kind": "reveal"})
    if {"type": "pass"} in legal:
        if phase == "opening":
            label = _("Decline Thiên ù (your hand becomes dead)")
        elif offer["last"] or view["seat"] != view["turn"]:
            label = _("Let it go")
        else:
            label = _("Leave it for {who}").format(who=_who(labels, (view["seat"] + 1) % view["seats"]))
        declines.append({"label": label, "json": json.dumps({"type": "pass"}), "kind": "pass",
                         "only": legal == [{"type": "pass"}]})
    return declines


def _freeze_warning(view: dict, legal: list[dict]) -> str:
    """Leaving an available Chắn (or own Chíu) blocks that card for the rest of the deal (R4c)."""
    offer = view["offer"]
    if not view.get("to_act") or view["phase"] != "offer" or not offer or not offer["card"] or offer["last"]:
        return ""
    card = offer["card"]
    if view["seat"] != view["turn"] or card in (view.get("frozen") or []):
        return ""
    held = (view.get("hand") or []).count(card)
    if {"type": "meld", "card": card} in legal or {"type": "chiu"} in legal or (held == 3 and {"type": "win"} in legal):
        return _("If you leave this Chắn, your {card} is blocked for the rest of the deal: you may then neither "
                 "discard it nor use it in a Cạ.").format(card=card_name(card))
    return ""


def turn_prompt(view: dict, labels: dict[int, str]) -> str:
    """What the viewer may do now, in one or two sentences."""
    legal, offer, phase = view.get("legal") or [], view["offer"], view["phase"]
    win = {"type": "win"} in legal
    if phase == "opening":
        if not any(a["type"] == "discard" for a in legal):
            return _("You are the dealer, but none of your twenty cards may be discarded. Declare Thiên ù (Ù) and "
                     "win at once: if you decline, your hand is dead and you can neither take cards nor win.")
        text = _("You are the dealer and begin: pick a card of your hand and discard it.")
        if win:
            text += " " + _("Your twenty cards already form ten pairs: you can win at once with Thiên ù (Ù).")
        return text
    if phase == "discard":
        text = _("Now discard a card: pick it in your hand and press “Discard”.")
        if view["discard_to"] is not None and view["discard_to"] != view["seat"]:
            text += " " + _("It goes to the door of {who}, who then carries on.").format(
                who=_who(labels, view["discard_to"]))
        return text
    if not offer or not offer["card"]:
        return _("No card is on offer for you: turn up the top stock card at your door.")
    card = card_name(offer["card"])
    if view["seat"] != view["turn"]:
        where = _("{card} lies at the door of {who}.").format(card=card, who=_who(labels, offer["door"]))
        if win:
            return where + " " + _("It completes your ten pairs: you can win with it (Ù), out of turn.")
        return where + " " + _("You hold three {card}: you can take the fourth out of turn (Chíu).").format(card=card)
    if offer["last"]:
        return _("{card} is the last stock card, and only a win counts now: you can win with it (Ù).").format(
            card=card)
    text = _origin_sentence(view, labels)
    if win:
        text += " " + _("It completes your ten pairs: you can win (Ù).")
    nxt = _who(labels, (view["seat"] + 1) % view["seats"])
    if not any(a["type"] in ("meld", "chiu") for a in legal):
        if offer["source"] == "stock":
            return text + " " + _("You cannot take it now: leave it, and {who} may take it.").format(who=nxt)
        return text + " " + _("You cannot take it now: leave it and turn up the top stock card.")
    if offer["source"] == "stock":
        return text + " " + _("Take it into a pair with a card of your hand and then discard, or leave it: then "
                              "{who} may take it.").format(who=nxt)
    return text + " " + _("Take it into a pair with a card of your hand and then discard, or leave it and turn up "
                          "the top stock card.")


def _origin_sentence(view: dict, labels: dict[int, str]) -> str:
    """Where the card on offer comes from, seen by the seat it is offered to."""
    offer, me = view["offer"], view["seat"]
    card, door = card_name(offer["card"]), offer["door"]
    last = view["doors"][door][-1]
    if offer["source"] == "stock":
        if door == me:
            return _("You turned up {card} at your door.").format(card=card)
        return _("{who} turned up {card}.").format(who=_who(labels, door), card=card)
    if offer["source"] == "passed":
        return _("{who} turned up {card} and left it.").format(who=_who(labels, door), card=card)
    if last["by"] != door and door == me:
        return _("{who} took a card by Chíu and put {card} at your door instead.").format(
            who=_who(labels, last["by"]), card=card)
    if last["by"] != door:
        return _("{who} took a card by Chíu and put {card} at the door of {door} instead.").format(
            who=_who(labels, last["by"]), card=card, door=_who(labels, door))
    return _("{who} discarded {card}.").format(who=_who(labels, door), card=card)


def waiting_text(view: dict, labels: dict[int, str]) -> str:
    """What the table waits for, when the viewer has nothing to do."""
    if view["phase"] == "over" or view.get("to_act"):
        return ""
    if view.get("answered"):
        return _("Your answer is given; the others are still deciding.")
    who = _who(labels, view["turn"])
    if view["phase"] == "opening":
        return _("{who} deals and discards first.").format(who=who)
    if view["phase"] == "discard":
        return _("{who} discards a card.").format(who=who)
    offer = view["offer"]
    if offer and offer["card"]:
        return _("{who} decides about {card}.").format(who=who, card=card_name(offer["card"]))
    return _("{who} turns up a stock card.").format(who=who)


def _offer(view: dict, labels: dict[int, str]) -> dict:
    offer, me, turn = view["offer"], view["seat"], view["turn"]
    door, last = offer["door"], view["doors"][offer["door"]][-1]
    return {
        "code": offer["card"],
        "name": card_name(offer["card"]),
        "origin": _origin(offer["source"], door, last["by"], me, labels),
        "for_whom": _("for you") if turn == me else _("for {who}").format(who=_who(labels, turn)),
        "last": offer["last"],
        "winnable": offer["source"] == "stock",
    }


def _origin(source: str, door: int, by: int, me: int | None, labels: dict[int, str]) -> str:
    """Where the card on offer comes from, in a phrase: "discarded by Computer 2", "turned up by you"."""
    who = _who(labels, door)
    if source == "discard" and by != door:
        return _("put here by you after a Chíu") if by == me else _("put here by {who} after a Chíu").format(
            who=_who(labels, by))
    if source == "discard":
        return _("discarded by you") if door == me else _("discarded by {who}").format(who=who)
    if source == "stock":
        return _("turned up from the stock by you") if door == me else _(
            "turned up from the stock by {who}").format(who=who)
    return _("turned up by you and left") if door == me else _("turned up by {who} and left").format(who=who)


def _front(view: dict, seat: int, labels: dict[int, str]) -> dict:
    """What lies before a seat: its laid-out pairs and its door (oldest card first)."""
    offer = view["offer"]
    door = view["doors"][seat]
    lies_here = offer is not None and offer["card"] is not None and offer["door"] == seat
    over = view["phase"] == "over"
    won_here = lies_here and over and (view["result"] or {}).get("card") == offer["card"]
    cards = []
    for i, d in enumerate(door):
        if d["source"] == "stock":
            note = _("turned up from the stock")
        elif d["by"] == seat:
            note = _("discarded")
        elif d["by"] == view["seat"]:
            note = _("discarded by you after a Chíu")
        else:
            note = _("discarded by {who} after a Chíu").format(who=_who(labels, d["by"]))
        last = i == len(door) - 1
        cards.append({"code": d["card"], "stock": d["source"] == "stock", "note": note,
                      "offer": lies_here and last and not over, "winning": won_here and last})
    melds = [{"kind": m["kind"], "name": KIND_NAMES[m["kind"]], "cards": m["cards"], "taken": m["taken"]}
             for m in view["melds"][seat]]
    return {"seat": seat, "door": cards, "melds": melds, "is_me": seat == view["seat"]}


def _progress(view: dict) -> str:
    """How far the viewer's cards are from ten pairs with six Chắn (melds as laid out, hand paired canonically)."""
    holding = own_holding(view)
    pairing = total_pairing(holding.melds, holding.hand)
    single = len(pairing.unpaired)
    return ngettext(
        "Your pairs so far: {chan} Chắn, {ca} Cạ, {single} card without a partner. To win you need {pairs} pairs, "
        "at least {min_chan} of them Chắn.",
        "Your pairs so far: {chan} Chắn, {ca} Cạ, {single} cards without a partner. To win you need {pairs} pairs, "
        "at least {min_chan} of them Chắn.",
        single,
    ).format(chan=pairing.chan, ca=len(pairing.ca), single=single, pairs=PAIRS, min_chan=MIN_CHAN)


def _my_notes(view: dict) -> list[str]:
    """The viewer's own standing restrictions (C24), so that a blocked move never surprises."""
    me = view["seat"]
    rules = view["restrictions"][me]
    notes = []
    if view.get("frozen"):
        notes.append(_("Blocked for the rest of the deal (you left a Chắn): {cards}.").format(
            cards=", ".join(card_name(c) for c in view["frozen"])))
    if rules["melded_ca"]:
        notes.append(_("You have taken a Cạ: you may not discard both cards of a Cạ."))
    if rules["discarded_ca"]:
        notes.append(_("You have discarded both cards of a Cạ: you may no longer take a Cạ."))
    if rules["no_take"]:
        notes.append(_("You may no longer take (already discarded, or used in a Cạ): {cards}.").format(
            cards=", ".join(card_name(c) for c in rules["no_take"])))
    if view["dead_hand"] and view["dealer"] == me:
        notes.append(_("Your hand is dead: your stock cards are turned up for you; you can neither take cards nor "
                       "win."))
    return notes


# --- the end of the deal ---------------------------------------------------------------------------------


def result_context(view: dict, labels: dict[int, str]) -> dict | None:
    result = view["result"]
    if result is None:
        return None
    bonuses = [
        {**b, "text": BONUS_TEXTS.get(b["key"], ""), "main_points": b["main"] * b["count"]}
        for b in result["bonuses"]
    ]
    concealed = [*(result["hand"] or []), *([result["card"]] if result["card"] else [])]
    return {
        "headline": result_text(result, labels, view["seat"]),
        "winner": result["winner"],
        "winner_name": _who(labels, result["winner"]),
        "card": result["card"],
        "card_name": card_name(result["card"]) if result["card"] else "",
        "pairs": concealed_pairs(concealed, result["card"]),
        "bonuses": bonuses,
        "formula": score_formula(result["bonuses"], result["score"]) if result["winner"] is not None else "",
        "scores": [{"seat": s, "who": _who(labels, s), "score": score, "winner": s == result["winner"]}
                   for s, score in enumerate(result["scores"])],
    }


def concealed_pairs(cards: list[str], winning: str | None) -> list[dict]:
    """The winner's concealed cards as pairs (identical ones first, then Cạ by rank), the winning card marked."""
    counts = Counter(cards)
    pairs = [[code, code] for code in IDENTITIES for _n in range(counts[code] // 2)]
    singles = [code for code in IDENTITIES if counts[code] % 2]
    by_rank: dict[str, list[str]] = {}
    for code in singles:
        by_rank.setdefault(rank_of(code) or code, []).append(code)
    rest = []
    for group in by_rank.values():
        while len(group) >= 2:
            pairs.append([group.pop(0), group.pop(0)])
        rest += group
    shown, marked = [], winning is None
    for pair in [*pairs, *([c] for c in rest)]:
        kind = "single" if len(pair) == 1 else "chan" if pair[0] == pair[1] else "ca"
        cards_ = []
        for code in pair:
            win = not marked and code == winning
            marked = marked or win
            cards_.append({"code": code, "winning": win})
        shown.append({"kind": kind, "name": KIND_NAMES.get(kind, ""), "cards": cards_})
    return shown


def result_text(result: dict, labels: dict[int, str], me: int | None) -> str:
    winner, score = result["winner"], result["score"]
    if winner is None:
        return _("Draw: the last stock card brought nobody a win. Nobody pays.")
    if result["reason"] == "thien_u":
        if winner == me:
            return ngettext("You win at once with Thiên ù: each of the others pays you {score} point.",
                            "You win at once with Thiên ù: each of the others pays you {score} points.",
                            score).format(score=score)
        return ngettext("{who} wins at once with Thiên ù: everyone else pays {score} point.",
                        "{who} wins at once with Thiên ù: everyone else pays {score} points.",
                        score).format(who=_who(labels, winner), score=score)
    card = card_name(result["card"])
    if winner == me:
        return ngettext("You win (Ù) with {card}: each of the others pays you {score} point.",
                        "You win (Ù) with {card}: each of the others pays you {score} points.",
                        score).format(card=card, score=score)
    return ngettext("{who} wins (Ù) with {card}: everyone else pays {score} point.",
                    "{who} wins (Ù) with {card}: everyone else pays {score} points.",
                    score).format(who=_who(labels, winner), card=card, score=score)


def score_formula(bonuses: list[dict], score: int) -> str:
    """How the score came about, in the words of the rules (§1.2.6)."""
    instances = [b for b in bonuses for _n in range(b["count"])]
    if not instances:
        return _("Ù xuông: a win without any bonus scores {score} points.").format(score=score)
    if any(b["key"] == "thap_thanh" for b in instances):
        parts = " + ".join(str(b["main"]) for b in instances)
        return _("Thập thành: the main values of all bonuses are added: {parts} = {score} points.").format(
            parts=parts, score=score)
    main = max(instances, key=lambda b: (b["main"], b["dich"]))
    others = list(instances)
    others.remove(main)
    if not others:
        return _("One bonus: its main value is the score, {score} points.").format(score=score)
    return _("The highest main value, {main} ({name}), plus the dịch of every other bonus ({dich}) = {score} "
             "points.").format(main=main["main"], name=main["name"],
                               dich=" + ".join(str(b["dich"]) for b in others), score=score)


# --- live region, seats, log -----------------------------------------------------------------------------


def announcement(view: dict, labels: dict[int, str]) -> str:
    """One sentence for the live region: the result, what the viewer may do, or what the table waits for."""
    if view["result"] is not None:
        return _("The deal is over. {result}").format(result=result_text(view["result"], labels, view["seat"]))
    if view.get("to_act"):
        return turn_prompt(view, labels)
    return waiting_text(view, labels) or _("Waiting for {who}.").format(who=_who(labels, view["turn"]))


def seat_notes(view: dict, turn: bool = True) -> dict[int, str]:
    """A dead hand, and (`turn`: the replays, where no #freshness marks it) whose turn it is; the cards in
    hand are counted beside the face-down cards."""
    notes = {}
    for s in range(len(view["hand_counts"])):
        parts = []
        if view["dead_hand"] and s == view["dealer"]:
            parts.append(_("dead hand"))
        if turn and view["phase"] != "over" and s == view["turn"]:
            parts.append(_("their turn"))
        if parts:
            notes[s] = " · ".join(parts)
    return notes


def event_text(event: dict, labels: dict[int, str], me: int | None) -> str | None:
    """A log line; the viewer's own deeds in the second person (German verbs agree with "du")."""
    seat, data, code = event.get("seat"), event.get("data") or {}, event.get("code")
    mine = seat is not None and seat == me
    who = _who(labels, seat)
    card = card_name(data["card"]) if data.get("card") in IDENTITIES else ""
    if code == "dealt":
        if mine:
            return _("You deal: {cards} cards for you, {others} for everyone else, {stock} stay in the stock.").format(
                **data)
        return _("{who} deals: {cards} cards for the dealer, {others} for everyone else, {stock} stay in the "
                 "stock.").format(who=who, **data)
    if code == "discarded":
        return _discarded_text(seat, data.get("door"), labels, me, card)
    if code == "revealed":
        if mine:
            return _("You turn up {card} from the stock ({stock} left).").format(card=card, stock=data["stock"])
        return _("{who} turns up {card} from the stock ({stock} left).").format(who=who, card=card,
                                                                              stock=data["stock"])
    if code == "melded":
        return _melded_text(data, mine, who)
    if code == "passed":
        return _("You leave {card}.").format(card=card) if mine else _("{who} leaves {card}.").format(
            who=who, card=card)
    if code == "frozen":
        return _("You left the Chắn on {card}: your {card} is now blocked for the rest of the deal.").format(card=card)
    if code == "dead_hand":
        return _("You decline Thiên ù: your hand is dead.") if mine else _(
            "{who} declines Thiên ù: their hand is dead.").format(who=who)
    if code == "won":
        return _won_text(data, mine, who, card)
    if code == "drawn":
        return _("The last stock card brought nobody a win: the deal is drawn.")
    return None  # "answered": private and followed by what it led to


def _discarded_text(seat: int | None, door: int | None, labels: dict[int, str], me: int | None, card: str) -> str:
    """A discard lies at the own door, or (a Chíu's replacement) at the interrupted door."""
    who, mine = _who(labels, seat), seat == me
    if door == seat:
        return _("You discard {card}.").format(card=card) if mine else _("{who} discards {card}.").format(
            who=who, card=card)
    if door == me:
        return _("{who} discards {card} at your door.").format(who=who, card=card)
    if mine:
        return _("You discard {card} at the door of {door}.").format(card=card, door=_who(labels, door))
    return _("{who} discards {card} at the door of {door}.").format(who=who, card=card, door=_who(labels, door))


def _melded_text(data: dict, mine: bool, who: str) -> str:
    kind, taken = data.get("kind"), card_name(data["taken"]) if data.get("taken") in IDENTITIES else ""
    own = card_name(data["cards"][1]) if len(data.get("cards", [])) > 1 else ""
    if kind == "chiu":
        if data.get("out_of_turn"):
            return _("You take {card} by Chíu, out of turn, and lay out all four.").format(card=taken) if mine else _(
                "{who} takes {card} by Chíu, out of turn, and lays out all four.").format(who=who, card=taken)
        return _("You take {card} by Chíu and lay out all four.").format(card=taken) if mine else _(
            "{who} takes {card} by Chíu and lays out all four.").format(who=who, card=taken)
    if kind == "chan":
        return _("You take {card} and lay out a Chắn.").format(card=taken) if mine else _(
            "{who} takes {card} and lays out a Chắn.").format(who=who, card=taken)
    return _("You take {card} with your {own} and lay out a Cạ.").format(card=taken, own=own) if mine else _(
        "{who} takes {card} with {own} and lays out a Cạ.").format(who=who, card=taken, own=own)


def _won_text(data: dict, mine: bool, who: str, card: str) -> str:
    score = data.get("score", 0)
    if not card:
        return ngettext("You win with Thiên ù: {score} point from each of the others.",
                        "You win with Thiên ù: {score} points from each of the others.", score).format(score=score) \
            if mine else ngettext("{who} wins with Thiên ù: {score} point from each of the others.",
                                  "{who} wins with Thiên ù: {score} points from each of the others.",
                                  score).format(who=who, score=score)
    if mine:
        return ngettext("You win (Ù) with {card}: {score} point from each of the others.",
                        "You win (Ù) with {card}: {score} points from each of the others.", score).format(
            card=card, score=score)
    return ngettext("{who} wins (Ù) with {card}: {score} point from each of the others.",
                    "{who} wins (Ù) with {card}: {score} points from each of the others.", score).format(
        who=who, card=card, score=score)

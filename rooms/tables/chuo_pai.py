"""Chuo Pai's table: the hand grouped by family, cards chosen like checkboxes, then play or pass.

Every card of the hand is a checkbox `card-<code>-<copy>` (copies of one identity are numbered
1..4, so two copies are two boxes). Ticking one posts the form to `rooms:draft`, which keeps the
choice on the seat and re-renders; `context` then asks the engine (`rules.explain`, from the view
alone) whether the selection may be played and whether the seat may pass, so "Spielen" and
"Passen" are enabled only when legal and the reason is shown otherwise. The draft also carries
`card-at`, the moment of the deal it was made at (rounds played, plays in the running round), so a
selection never outlives the turn it was made for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from games.chuo_pai.cards import FAMILIES, IDENTITIES, SPECIAL, SPECIAL_KINDS
from games.chuo_pai.combos import beating_plays, classify
from games.chuo_pai.rules import explain
from rooms.tables import AT, Why, decode_json_action
from rules_content.cardart.domino import NAMES

DECK = "domino"
CHECK_VERSION = True  # turn-based: a move made on an outdated table is refused, not re-applied

FAMILY_NAMES = {
    "long": gettext_lazy("Long family"),
    "yao": gettext_lazy("Yao family"),
    "black": gettext_lazy("Black family"),
    "red": gettext_lazy("Red family"),
    SPECIAL: gettext_lazy("Special combinations"),
}
SPECIAL_NAMES = {kind.key: kind.name for kind in SPECIAL_KINDS}
TOP_RANK = {
    **{f: max(i.rank for i in IDENTITIES if i.family == f) for f in FAMILIES},
    SPECIAL: max(kind.rank for kind in SPECIAL_KINDS),
}


def decode(fields: dict, view: dict) -> dict:
    """The "Spielen" button plays the ticked cards, "Passen" passes; a button may also carry a JSON `action`."""
    intent = fields.get("intent")
    if intent == "pass":
        return {"type": "pass"}
    if intent == "play":
        return {"type": "play", "cards": selection(fields, view.get("hand") or [])}
    return decode_json_action(fields)


def hint_fields(action: dict, view: dict) -> dict | None:
    """A hinted play ticks its cards (at this moment); a pass is a button of its own (the page marks it)."""
    if action["type"] != "play":
        return None
    return {AT: moment(view), **{box: "1" for _code, box in _boxes(action["cards"])}}


def selection(fields: dict, hand: Sequence[str]) -> list[str]:
    """The ticked cards of `hand`; boxes naming cards the hand does not hold are ignored."""
    return [code for code, box in _boxes(hand) if fields.get(box)]


def _boxes(cards: Iterable[str]) -> list[tuple[str, str]]:
    """(code, field name) per card: copies of an identity are `card-<code>-1`, `card-<code>-2`, …"""
    seen: Counter[str] = Counter()
    boxes = []
    for code in cards:
        seen[code] += 1
        boxes.append((code, f"card-{code}-{seen[code]}"))
    return boxes


def moment(view: dict) -> str:
    """Changes with every play or pass: a draft made at another moment is not this turn's choice."""
    plays = len(view["round"]["plays"]) if view["round"] else 0
    return f"{view['rounds_played']}.{plays}"


def context(view: dict, fields: dict, labels: dict[int, str]) -> dict:
    hand = view.get("hand") or []
    mine = view["seat"] is not None and view["turn"] == view["seat"]
    picked = selection(fields, hand) if mine and fields.get(AT) == moment(view) else []
    legal_plays = [a["cards"] for a in view["legal"] if a["type"] == "play"]
    play_reason = reason(view, picked or _any_card(view)) if mine else None
    return {
        "deck": DECK,
        "at_field": AT,
        "moment": moment(view),
        "families": _families(view, fields if picked else {}),
        "picked": picked,
        "picked_text": play_text(picked) if picked and not play_reason else "",
        # The plays the seat may make, `+` between the cards of one: the page dims the cards in none
        # (static/js/table.js), so the hand's markup is the same whether the seat is to act or not.
        "plays_text": " ".join("+".join(play) for play in legal_plays) if mine else "",
        "play_reason": play_reason,
        "pass_reason": reason(view, None) if mine else None,
        "pass_only": mine and view["legal"] == [{"type": "pass"}],
        "turn_prompt": turn_prompt(view, labels) if mine else "",
        # this round's highest play is its last that is not a pass, marked by static/css; the last round's is its winner
        "round_plays": _plays(view["round"], labels) if view["round"] else [],
        "waiting_names": ", ".join(labels[s] for s in view["round"]["waiting"]) if view["round"] else "",
        "last_round": _last_round(view, labels),
        "scoreboard": _scoreboard(view),
        "result": result_text(view["outcome"], labels, view["seat"]) if view["outcome"] else "",
        "unscored": _unscored(view["outcome"], labels, view["seat"]),
        "announcement": announcement(view, labels),
        # Points, not chips (rules, Decisions): the room's tally adds up each deal's scoring piles.
        "standings_title": _("Points over all deals"),
        "total_label": _("Points"),
        "seat_notes": seat_notes(view),
        "backs": dict(enumerate(view["hand_counts"])),
    }


def reason(view: dict, cards: Sequence[str] | None) -> Why | None:
    """Why the viewer may not play `cards` (None: pass) now, in the page's language; None if he may.

    The engine's refusal, with its lists of options and special recipes spelled in this language."""
    refused = explain(view, cards)
    if refused is None:
        return None
    # The engine spells cards as codes; the page names them in words ("2 × Himmel (6-6)").
    params = dict(refused.params)
    if "target" in params and view["round"] and view["round"]["highest"]:
        params["target"] = play_text(view["round"]["highest"]["cards"])
    if "cards" in params and cards:
        params["cards"] = play_text(cards)
    if "options" in params:
        params["options"] = _options(view)
    if "specials" in params:
        params["specials"] = "; ".join(
            _("{name}: {key} + {matching}").format(
                name=k.name, key=card_words(k.key_card), matching=_or([card_words(c) for c in k.matching], most=4))
            for k in SPECIAL_KINDS
        )
    return Why(_(refused.template).format(**params), refused.code)


def _any_card(view: dict) -> list[str]:
    """With nothing ticked: a follower who cannot beat is told so at once; anyone else to choose cards."""
    to_beat = view["to_beat"]
    return view["hand"][:1] if to_beat and not to_beat["can_beat"] else []


def _or(items: Sequence[str], most: int = 3) -> str:
    shown = (" " + _("or") + " ").join(items[:most])
    return shown + (" …" if len(items) > most else "")


def _options(view: dict) -> str:
    target = classify(view["round"]["highest"]["cards"])
    plays = beating_plays(Counter(view["hand"]), target) if target else []
    return _or([play_text(p) for p in plays])


def short_name(code: str) -> str:
    de, en, _zh = NAMES[code]
    return de if (get_language() or "de").startswith("de") else en


def card_words(code: str) -> str:
    """One card by name and pips: "Himmel (6-6)"."""
    return f"{short_name(code)} ({code})"


def play_text(cards: Sequence[str]) -> str:
    """A play in words: "2 × Schwarze Neun (3-6)" or "Tian Jiu: Himmel (6-6), Rote Neun (4-5)"."""
    combo = classify(list(cards))
    if combo is None:
        return ", ".join(card_words(c) for c in cards)
    if combo.family == SPECIAL:
        return f"{SPECIAL_NAMES[combo.name]}: {', '.join(card_words(c) for c in cards)}"
    return f"{combo.size} × {card_words(combo.name)}"


def hint_words(params: dict, action: dict) -> dict:
    """A Tipp's plays (`cards`, `target`: codes, space-separated) in words, as the table names plays."""
    return {key: play_text(value.split()) if key in ("cards", "target") else value for key, value in params.items()}


def combo_text(combo: dict) -> str:
    """What a play is and how strong: the family and the rank within it, said as a strength (1 the weakest):
    "rank 2 of 7" read as the second strongest to players, where it is the second weakest."""
    family, rank, top = combo["family"], combo["rank"], TOP_RANK[combo["family"]]
    if family == SPECIAL:
        return _("special combination of {count} cards, strength {rank} of {top}").format(
            count=combo["size"], rank=rank, top=top
        )
    return _("{family}, strength {rank} of {top}").format(family=FAMILY_NAMES[family], rank=rank, top=top)


def _families(view: dict, fields: dict) -> list[dict]:
    return [
        {
            "family": group["family"],
            "name": FAMILY_NAMES[group["family"]],
            "cards": [
                {
                    "code": code,
                    "box": box,
                    "id": "pick-" + box.removeprefix("card-"),
                    "key": "hand-" + box.removeprefix("card-"),  # its element: a frame swaps the cards that changed
                    "checked": bool(fields.get(box)),
                    "name": short_name(code),
                }
                for code, box in _boxes(group["cards"])
            ],
        }
        for group in view.get("hand_by_family") or []
    ]


def _plays(round_: dict, labels: dict[int, str], winner: int | None = None) -> list[dict]:
    return [
        {
            "key": f"play-{round_['number']}-{index}",  # its element in the middle: a frame adds the new plays
            "seat": p["seat"],
            "who": labels.get(p["seat"], ""),
            "cards": p["cards"],
            "passed": p["passed"],
            "text": "" if p["passed"] else play_text(p["cards"]),
            "kind": "" if p["passed"] else combo_text(p["combo"]),
            "highest": not p["passed"] and p["seat"] == winner,
        }
        for index, p in enumerate(round_["plays"])
    ]


def _last_round(view: dict, labels: dict[int, str]) -> dict | None:
    last = view["last_round"]
    if last is None:
        return None
    won = len(last["won"])
    summary = ngettext("{count} card onto the scoring pile.", "{count} cards onto the scoring pile.", won)
    return {
        "number": last["number"],
        "winner": last["winner"],
        "summary": summary.format(count=won),
        "plays": _plays(last, labels, winner=last["winner"]),
        "dead": len(last["dead"]),
    }


def _scoreboard(view: dict) -> list[dict]:
    winners = view["outcome"]["winners"] if view["outcome"] else []
    return [
        {
            "seat": s,
            "hand": view["hand_counts"][s],
            "pile": view["pile_counts"][s],
            "bonus": len(view["bonus"][s]),
            "winner": s in winners,
        }
        for s in view["order"]
    ]


def _unscored(outcome: dict | None, labels: dict[int, str], me: int | None) -> str:
    left = outcome and outcome["unscored"]
    if not left:
        return ""
    if left["seat"] == me:
        return ngettext(
            "You keep {count} card in hand: it does not score.",
            "You keep {count} cards in hand: they do not score.",
            left["cards"],
        ).format(count=left["cards"])
    return ngettext(
        "{who} keeps {count} card in hand: it does not score.",
        "{who} keeps {count} cards in hand: they do not score.",
        left["cards"],
    ).format(who=labels.get(left["seat"], ""), count=left["cards"])


def aside_context() -> dict:
    """The cheat sheet beside the table (the same for every deal)."""
    return {"ranking": ranking()}


def ranking() -> list[dict]:
    """The families strongest first, equal ranks side by side, and the special combinations."""
    rows = []
    for family in FAMILIES:
        ranks = sorted({i.rank for i in IDENTITIES if i.family == family}, reverse=True)
        steps = [[i.code for i in IDENTITIES if i.family == family and i.rank == r] for r in ranks]
        rows.append({"name": FAMILY_NAMES[family], "steps": steps})
    specials = [{"name": k.name, "key": k.key_card, "matching": list(k.matching)} for k in SPECIAL_KINDS]
    return [*rows, {"name": FAMILY_NAMES[SPECIAL], "specials": specials}]


def turn_prompt(view: dict, labels: dict[int, str]) -> str:
    to_beat = view["to_beat"]
    if to_beat is None:
        return _("Your turn: you lead round {number}. Play 1 to 4 identical cards or a special combination.").format(
            number=view["round"]["number"]
        )
    who, play = labels.get(to_beat["seat"], ""), play_text(to_beat["cards"])
    if to_beat["can_beat"]:
        return _(
            "Your turn: the highest play is {play} by {who}. You can beat it, so you must: the same family, "
            "as many cards, a higher rank."
        ).format(who=who, play=play)
    return _("Your turn: the highest play is {play} by {who}. You cannot beat it, so you pass.").format(
        who=who, play=play
    )


def result_text(outcome: dict, labels: dict[int, str], me: int | None) -> str:
    top = max(outcome["scores"])
    if outcome["draw"]:
        names = ", ".join(labels.get(s, "") for s in outcome["winners"])
        return ngettext(
            "Draw: {names} with {points} point each.", "Draw: {names} with {points} points each.", top
        ).format(names=names, points=top)
    (winner,) = outcome["winners"]
    if winner == me:
        return ngettext("You win with {points} point.", "You win with {points} points.", top).format(points=top)
    return ngettext("{who} wins with {points} point.", "{who} wins with {points} points.", top).format(
        who=labels.get(winner, ""), points=top
    )


def announcement(view: dict, labels: dict[int, str]) -> str:
    """One sentence for the live region: whose turn it is, or how the deal ended."""
    if view["outcome"]:
        return _("The deal is over. {result}").format(result=result_text(view["outcome"], labels, view["seat"]))
    if view["turn"] == view["seat"]:
        return turn_prompt(view, labels)
    return _("Waiting for {who}.").format(who=labels.get(view["turn"], ""))


def seat_notes(view: dict) -> dict[int, str]:
    """Each seat's scoring pile (its cards in hand are counted beside its face-down cards)."""
    return {s: _("scoring pile: {count}").format(count=pile) for s, pile in enumerate(view["pile_counts"])}


def event_text(event: dict, labels: dict[int, str], me: int | None = None) -> str | None:
    """A log line; the viewer's own deeds in the second person (German verbs agree with "du")."""
    seat, data = event.get("seat"), event.get("data") or {}
    mine = seat is not None and seat == me
    who = labels.get(seat, "")
    code = event.get("code")
    if code == "played":
        play = play_text(data.get("cards", []))
        return _("You play {play}.").format(play=play) if mine else _("{who} plays {play}.").format(who=who, play=play)
    if code == "passed":
        play = play_text(data.get("to_beat", []))
        if mine:
            return _("You pass: you cannot beat {play}.").format(play=play)
        return _("{who} passes: cannot beat {play}.").format(who=who, play=play)
    if code == "round_won":
        count = data.get("points", 0)
        if mine:
            return ngettext(
                "You win the round: {count} card onto your scoring pile.",
                "You win the round: {count} cards onto your scoring pile.",
                count,
            ).format(count=count)
        return ngettext(
            "{who} wins the round: {count} card onto their scoring pile.",
            "{who} wins the round: {count} cards onto their scoring pile.",
            count,
        ).format(who=who, count=count)
    if code == "bonus":
        count = len(data.get("cards", []))
        if mine:
            return ngettext(
                "You hold Nail and Two Red: {count} card goes onto your scoring pile.",
                "You hold Nail and Two Red: {count} cards go onto your scoring pile.",
                count,
            ).format(count=count)
        return ngettext(
            "{who} holds Nail and Two Red: {count} card goes onto their scoring pile.",
            "{who} holds Nail and Two Red: {count} cards go onto their scoring pile.",
            count,
        ).format(who=who, count=count)
    if code == "first_lead":
        return _("You lead the first round.") if mine else _("{who} leads the first round.").format(who=who)
    if code == "deal_over":
        return _("The deal is over. {result}").format(result=result_text(data, labels, me))
    return None  # "leads": the next play shows who leads

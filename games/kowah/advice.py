"""Why a Kowah move is good, in one sentence: the "Tipp" text for `bots.hint`.

`reason(view, legal, action)` names what matters most about the chosen move, from the seat's view
only: a forced draw, a discard worth taking (or not), a declaration on the most live winning cards, a
declared opponent's winning card kept back, a discard that feeds nobody or belongs to nothing, how
near the cards kept are to Checki. Templates are English msgids; params carry cards as codes under
the keys the engine's refusals use (`card`, `pair`), so the table names them in words in the
reader's language as it does there; counts are plain numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.errors import gettext_noop
from games.core.protocol import JSON
from games.kowah.bots import (
    GreedyBot,
    best_keep,
    enemy_waits,
    feeding,
    prospect,
    prospect_and_outs,
    unseen_counts,
)
from games.kowah.cards import without

LOCKED = gettext_noop("You have declared Checki: draw from the stock and hope for {pair}.")
FIRST_DRAW = gettext_noop("Draw from the stock: there is no discard to take.")
TAKE_NEARER = gettext_noop("Take {card}: it brings your hand a card nearer to Checki.")
TAKE_PROMISE = gettext_noop(
    "Take {card}: it leaves more cards that would improve your hand than a blind draw is worth."
)
DRAW = gettext_noop("Draw from the stock: {card} does not bring your hand nearer to Checki.")
DECLARE = gettext_noop("Discard {card} and declare Checki on {pair}: it has the most winning cards still unseen.")
KEEP_WAIT = gettext_noop("Discard {card} and keep {wait}: a declared opponent wins on it.")
FEEDS_NOBODY = gettext_noop("Discard {card}: it feeds nobody, every card that would match it is out.")
ONE_AWAY = gettext_noop(
    "Discard {card}: the cards you keep are one card from Checki; {outs} of the unseen cards would get them there."
)
LONE = gettext_noop(
    "Discard {card}: it is in no pair or triple of yours, and of such cards the least use to the next seat."
)
NEAREST = gettext_noop(
    "Discard {card}: the cards you keep are nearest to Checki; {outs} of the unseen cards would bring them nearer."
)

TEMPLATES = (
    LOCKED,
    FIRST_DRAW,
    TAKE_NEARER,
    TAKE_PROMISE,
    DRAW,
    DECLARE,
    KEEP_WAIT,
    FEEDS_NOBODY,
    ONE_AWAY,
    LONE,
    NEAREST,
)


def reason(view: JSON, legal: Sequence[JSON], action: JSON) -> tuple[str, dict[str, object]]:
    """The template and params saying why `action` (one of `legal`) is the move here."""
    unseen, stuck = unseen_counts(view), enemy_waits(view)
    hand = view["hand"]
    if view["phase"] == "draw":
        return _why_draw(view, legal, action, unseen, stuck)
    card = action["card"]
    if action["type"] == "checki":
        return DECLARE, {"card": card, "pair": action["pair"]}
    kept = sorted(set(hand) & stuck - {card})
    if kept:
        return KEEP_WAIT, {"card": card, "wait": kept[0]}
    if feeding(card, unseen) == 0:
        return FEEDS_NOBODY, {"card": card}
    keep = without(hand, card)
    now, outs = prospect_and_outs(keep, unseen, stuck)
    params = {"card": card, "outs": sum(unseen[c] for c in outs)}
    if now.closeness == -1:
        return ONE_AWAY, params
    lone = [a["card"] for a in legal if a["type"] == "discard" and GreedyBot._ties(hand, a["card"]) == 0]
    if card in lone and feeding(card, unseen) == min(feeding(c, unseen) for c in lone):
        return LONE, {"card": card}
    return NEAREST, params


def _why_draw(
    view: JSON, legal: Sequence[JSON], action: JSON, unseen: dict[str, int], stuck: frozenset[str]
) -> tuple[str, dict[str, object]]:
    mine = next(s for s in view["seats"] if s["seat"] == view["seat"])
    if mine["declared"]:
        return LOCKED, {"pair": mine["wait"]}
    offer = view["offer"]
    if offer is None or len(legal) == 1:
        return FIRST_DRAW, {}
    if action["type"] == "draw":
        return DRAW, {"card": offer}
    hand = view["hand"]
    options = sorted(set(hand) - {offer} - stuck) or sorted(set(hand) - {offer})
    after, _ = best_keep([*hand, offer], options, unseen, stuck)
    nearer = after.closeness > prospect(hand, unseen, stuck).closeness
    return (TAKE_NEARER if nearer else TAKE_PROMISE), {"card": offer}

"""Why a Chuo Pai play is good, in one sentence: the "Tipp" text for `bots.hint`.

`reason(view, legal, action)` names the feature of the chosen play that matters most, read from the
seat's view only: a forced play or pass, a play no unseen card can top (counted from every card
seen so far), the cheapest play that still wins the round, a set that sheds several cards at once.
Templates are English msgids; params carry cards as codes under the keys the engine's refusals use
(`cards`, `target`), so the table spells them in words in the reader's language as it does there;
`points` is the number of cards played (always at least two where a sentence shows it).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.chuo_pai.combos import spell
from games.chuo_pai.playout import SLOT, SPECIAL_FAMILY, Play, play_of, tops
from games.core.errors import gettext_noop
from games.core.protocol import JSON

PASS = gettext_noop("You cannot beat {target}: pass.")
ONLY_BEAT = gettext_noop("{cards} is your only way to beat {target}, and beating is compulsory.")
LAST_TO_ACT = gettext_noop("Nobody acts after you: {cards} wins the round, and these cards score for you.")
FOLLOW_SAFE = gettext_noop("Beat with {cards}: no card still unseen can top it, so these cards score for you.")
FOLLOW_CHEAP = gettext_noop(
    "Beat with {cards}, the cheapest play that does it: your stronger cards stay for later rounds."
)
FOLLOW_HIGH = gettext_noop("Beat with {cards}: a cheaper play is likely to be topped by a later seat.")
LEAD_SAFE = gettext_noop("Lead {cards}: no card still unseen can beat it, so these cards score for you.")
LEAD_SPECIAL = gettext_noop(
    "Lead the combination {cards}: it sheds {points} cards at once, and only a stronger "
    "combination of the same size beats it."
)
LEAD_LONGEST = gettext_noop("Lead your longest set, {cards}: it sheds {points} cards at once.")
LEAD_CHEAP = gettext_noop(
    "Lead {cards}, a cheap card: losing this round costs you little, and your strong cards stay in hand."
)
LEAD_SEARCHED = gettext_noop("Lead {cards}: played out over many possible deals of the unseen cards, it scores best.")

TEMPLATES = (
    PASS, ONLY_BEAT, LAST_TO_ACT, FOLLOW_SAFE, FOLLOW_CHEAP, FOLLOW_HIGH,
    LEAD_SAFE, LEAD_SPECIAL, LEAD_LONGEST, LEAD_CHEAP, LEAD_SEARCHED,
)  # fmt: skip


def reason(view: JSON, legal: Sequence[JSON], action: JSON, unseen: list[int]) -> tuple[str, dict[str, object]]:
    """The template and params saying why `action` (one of `legal`) is the play here; `unseen` are the
    counts of the cards this seat has not seen (they are in the other hands)."""
    highest = view["round"]["highest"] if view["round"] else None
    if action["type"] == "pass":
        return PASS, {"target": spell(highest["cards"])}
    play = play_of(action["cards"])
    params: dict[str, object] = {"cards": spell(action["cards"]), "points": play[2]}
    if highest:
        params["target"] = spell(highest["cards"])
        if len(legal) == 1:
            return ONLY_BEAT, params
        if not view["round"]["waiting"][1:]:
            return LAST_TO_ACT, params
        if _unbeatable(play, unseen):
            return FOLLOW_SAFE, params
        cheapest = min(play_of(a["cards"])[1] for a in legal if play_of(a["cards"])[0] == play[0])
        return (FOLLOW_CHEAP if play[1] == cheapest else FOLLOW_HIGH), params
    if _unbeatable(play, unseen):
        return LEAD_SAFE, params
    if play[0] == SPECIAL_FAMILY:
        return LEAD_SPECIAL, params
    if play[2] > 1 and play[2] == max(len(a["cards"]) for a in legal if len(set(a["cards"])) == 1):
        return LEAD_LONGEST, params
    if play[2] == 1 and all(play_of([c])[1] >= play[1] for c in view["hand"] if play_of([c])[0] == play[0]):
        return LEAD_CHEAP, params  # the weakest card of its family
    return LEAD_SEARCHED, params


def _unbeatable(play: Play, unseen: list[int]) -> bool:
    """No play the other hands could hold between them beats `play`."""
    return tops(unseen)[play[0] * SLOT + play[2]] <= play[1]

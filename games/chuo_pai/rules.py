"""The Chuo Pai engine (rules: /work/shared/rules/chuo_pai.md, §2.2 and P1–P13).

Three seats, 0 → 1 → 2 → 0 is clockwise. After the deal (28 cards each) every hand holding both a
Nail (1-2) and a Two Red (2-4) lays all its Nails and Two Reds onto its scoring pile (the opening
bonus). A random seat leads the first round. In a round the leader plays; then each other seat
still holding cards acts once, clockwise: it must beat the current highest play if it can (same
family, same size, strictly higher rank), otherwise it passes. The owner of the highest play wins
the round and scores only his own play; the other cards of the round are dead. The winner leads
next, or, with an empty hand, the next seat clockwise holding cards. The deal ends when at most one
seat holds cards; the highest scoring pile wins, equal top scores draw.

Actions (every legal action is listed by `legal_actions`, cards in display order):
    {"type": "play", "cards": ["3-6", "3-6"]}   lead or beat; any order of the codes is accepted
    {"type": "pass"}                            only for a follower who holds no beating play

`new_game(seed, 3, deal={"hands": [[...], [...], [...]], "leader": 0})` fixes the cards (any hand
sizes, at most 4 copies of an identity; the opening bonus still applies) and the first leader.

Where the rules file is silent: a follower who cannot beat still sends the pass himself (the table
may send it for him; the engine never acts for a seat); a leader who empties his hand with the lead
still wins the round if nobody beats him, and the lead then passes clockwise (P8, P10); the end is
checked when a round is complete, so a lead that leaves one seat holding cards is still answered
by the seats that have not acted (P9 "as soon as" is read at round boundaries); if a deal
ever left at most one seat holding cards right after the bonus, it would be over at once.

View (`view(state, seat)`; `seat=None` is the public view, without "hand", "hand_by_family" and
with empty "legal"). Card codes are pips low-high; names, families and ranks of the codes are in
`games.chuo_pai.cards.IDENTITIES`, the special kinds in `cards.SPECIAL_KINDS`. A "combo" is
`{"family": "long"|"yao"|"black"|"red"|"special", "rank": int, "size": int, "name": code or kind key}`.
    game            "chuo_pai"
    seat            the viewer's seat, or None
    phase           "play" while the deal runs, "over" when it has ended
    turn            the seat to act now, or None when over
    order           [0, 1, 2]: clockwise seat order
    hand            the viewer's hand, sorted for display (family Long, Yao, Black, Red; strongest first)
    hand_by_family  [{"family": "long", "cards": [...]}, ...] all four families in order, maybe empty
    hand_counts     cards held per seat
    pile_counts     scoring-pile size per seat: the points so far
    piles           per seat, the cards of its scoring pile (face up), sorted for display
    bonus           per seat, the Nail/Two Red cards laid out by the opening bonus (also in the pile)
    dead            every dead card so far (played, not won), sorted for display
    round           the running round, or None when over:
                    {"number": n (1-based), "leader": seat,
                     "plays": [{"seat", "cards" ([] for a pass), "passed": bool, "combo" or None}],
                     "highest": {"seat", "cards", "combo"} or None before the lead,
                     "waiting": seats still to act this round, in order}
    last_round      the latest finished round, or None: {"number", "leader", "plays" (as above),
                     "winner", "won": the winner's cards, now on his pile, "dead": the round's other cards}
    rounds_played   finished rounds
    history         every finished round, oldest first: {"leader", "plays": [[seat, cards]], "winner"}
                    (cards [] for a pass); what a careful player remembers, e.g. who could not beat what
    legal           the viewer's legal actions when it is his turn, else []
    to_beat         when the viewer follows: {"seat", "cards", "combo", "can_beat": bool}; else None.
                    can_beat true means passing is refused ("you must beat ...")
    outcome         None while running; then as `outcome(state)`

`outcome(state)`: {"scores": [points per seat], "winners": [seats with the top score], "draw": bool,
"unscored": {"seat", "cards"} for the last seat holding cards, or None}. Points, not money.

Events (all public, "to": None: every card is played face up):
    played      seat: the player, data {"cards", "combo"}
    passed      seat: the player, data {"to_beat": the cards he could not beat}
    round_won   seat: the winner, data {"cards": his winning play, "points", "dead": the round's other cards}
    leads       seat: the next round's leader, data {}
    deal_over   seat None, data: the outcome
`opening_events(state)` gives what `new_game` did without returning events:
    bonus       seat: who laid out Nail/Two Red, data {"cards": the cards now on his pile}, one per such seat
    first_lead  seat: the random first leader, data {}
    deal_over   (only if the deal were over at once) as above

`next_options(outcome)` is {}: every deal draws its own random first leader (rules §2.2, Deal).

Refusals are `IllegalAction`s whose message says what was wrong and what is allowed; codes:
deal_over, not_your_turn, malformed_action, unknown_card, no_cards, too_many_cards, equal_rank_mix,
not_a_play, card_not_held, leader_cannot_pass, must_beat ("You must beat 3-6 3-6: you can, with ...,
so you may not pass."), cannot_beat, equal_rank, does_not_beat. `explain(view, cards)` returns the
same refusal (or None) from a view alone, so the table can say why "play" or "pass" is not allowed
for the current selection before anything is sent.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from itertools import chain
from typing import Any

from games.chuo_pai import scoring
from games.chuo_pai.cards import BONUS_CARDS, COPIES, DECK, by_family, is_code, sort_for_display
from games.chuo_pai.combos import Combo, beating_plays, classify, ordered_plays, refusal, spell
from games.chuo_pai.state import SEATS, ChuoPaiState, Hands, Play, Round, dump, dump_round, load
from games.core.cards import remove_cards
from games.core.errors import IllegalAction, gettext_noop
from games.core.protocol import JSON, Event
from games.core.rng import Rng, rng_for

HAND_SIZE = 28


def clockwise(seat: int) -> int:
    return (seat + 1) % SEATS


def opening_bonus(hands: Hands) -> tuple[Hands, Hands]:
    """(hands, bonus): a hand with both a Nail and a Two Red lays out every copy of both (rules P7)."""
    kept, laid = [], []
    for hand in hands:
        qualifies = all(card in hand for card in BONUS_CARDS)
        laid.append(tuple(c for c in hand if c in BONUS_CARDS) if qualifies else ())
        kept.append(tuple(c for c in hand if c not in BONUS_CARDS) if qualifies else tuple(hand))
    return tuple(kept), tuple(laid)


def next_leader(hands: Sequence[Sequence[str]], winner: int) -> int:
    """The winner, or with an empty hand the first seat clockwise after him holding cards (rules P8)."""
    seat = winner
    while not hands[seat]:
        seat = clockwise(seat)
    return seat


def holders(hands: Sequence[Sequence[str]]) -> list[int]:
    return [seat for seat in range(SEATS) if hands[seat]]


def waiting(current: Round, hands: Sequence[Sequence[str]]) -> list[int]:
    """Who still acts in the round, in order: the leader, then each other seat holding cards, clockwise.

    A follower's hand cannot change before his turn, so "holds cards" may be read now (rules P10).
    """
    acted = {p.seat for p in current.plays}
    seats = (current.leader, clockwise(current.leader), clockwise(clockwise(current.leader)))
    return [s for s in seats if s not in acted and hands[s]]


_CLOCKWISE_FROM = [tuple((leader + step) % SEATS for step in range(SEATS)) for leader in range(SEATS)]


def to_act(current: Round, hands: Sequence[Sequence[str]]) -> int | None:
    """The first seat `waiting`, without listing them: a random move asks four times."""
    acted = [p.seat for p in current.plays]
    for seat in _CLOCKWISE_FROM[current.leader]:
        if hands[seat] and seat not in acted:
            return seat
    return None


def _choices(state: ChuoPaiState, seat: int) -> list[tuple[str, ...] | None]:
    """`legal_actions` before they become dicts: any play when leading, else the beating plays (both in
    `play_order`), or [None], a pass, for a follower who cannot beat; [] when it is not `seat`'s turn."""
    current = state.current
    if current is None or to_act(current, state.hands) != seat:
        return []
    hand = state.hands[seat]
    if not current.plays:
        return ordered_plays(hand, None)
    return ordered_plays(hand, _combo(current.highest().cards)) or [None]


class ChuoPaiEngine:
    key = "chuo_pai"
    seats = SEATS
    clockwise = True  # seat + 1 acts next and sits on the viewer's left (rules P1)

    def new_game(self, seed: int, seats: int, deal: JSON | None = None, **options: Any) -> ChuoPaiState:
        if seats != SEATS or options:
            raise ValueError(f"chuo_pai is for {SEATS} seats without options, not {seats} and {options}")
        hands, leader = _fixed_deal(deal) if deal is not None else _shuffled_deal(seed)
        hands, bonus = opening_bonus(hands)
        dealt = sum(map(len, hands)) + sum(map(len, bonus))
        state = ChuoPaiState(seed, hands, bonus, (), None, dealt)
        if len(holders(hands)) > 1:
            state = replace(state, current=Round(next_leader(hands, leader), ()))
        return state

    def actors(self, state: ChuoPaiState) -> frozenset[int]:
        turn = None if state.current is None else to_act(state.current, state.hands)
        return frozenset() if turn is None else frozenset({turn})

    def legal_actions(self, state: ChuoPaiState, seat: int) -> list[JSON]:
        return [_action(choice) for choice in _choices(state, seat)]

    def apply(self, state: ChuoPaiState, seat: int, action: JSON) -> tuple[ChuoPaiState, list[Event]]:
        current = _running_round(state)
        _check_turn(to_act(current, state.hands), seat)
        cards = _parse(action)
        hand = _check_action(current.highest().cards if current.plays else None, state.hands[seat], cards)
        return _act(state, current, seat, cards, hand)

    def view(self, state: ChuoPaiState, seat: int | None) -> JSON:
        current = state.current
        turn = None if current is None else to_act(current, state.hands)
        mine = seat is not None and seat == turn
        piles = [sort_for_display(state.pile(s)) for s in range(SEATS)]
        view: JSON = {
            "game": self.key,
            "seat": seat,
            "phase": "over" if current is None else "play",
            "turn": turn,
            "order": list(range(SEATS)),
            "hand_counts": [len(h) for h in state.hands],
            "pile_counts": [len(p) for p in piles],
            "piles": piles,
            "bonus": [sort_for_display(b) for b in state.bonus],
            "dead": sort_for_display(state.dead()),
            "round": None if current is None else _round_view(current, len(state.rounds) + 1, state.hands),
            "last_round": _last_round_view(state),
            "rounds_played": len(state.rounds),
            "history": [dump_round(r) for r in state.rounds],
            "legal": self.legal_actions(state, seat) if mine else [],
            "to_beat": _to_beat_view(state, current) if mine and current and current.plays else None,
            "outcome": self.outcome(state),
        }
        if seat is not None:
            view["hand"] = sort_for_display(state.hands[seat])
            view["hand_by_family"] = by_family(state.hands[seat])
        return view

    def opening_events(self, state: ChuoPaiState) -> list[Event]:
        """What `new_game` did: the opening bonus laid out, and who leads the first round."""
        events = [_event("bonus", s, {"cards": list(b)}) for s, b in enumerate(state.bonus) if b]
        first = state.rounds[0] if state.rounds else state.current
        if first is None:  # over right after the bonus: at most one seat holds cards
            return [*events, _event("deal_over", None, self.outcome(state))]
        return [*events, _event("first_lead", first.leader, {})]

    def next_options(self, outcome: JSON) -> JSON:
        # Every deal draws its own random first leader (rules §2.2), so nothing carries over.
        return {}

    def outcome(self, state: ChuoPaiState) -> JSON | None:
        if state.current is not None:
            return None
        return scoring.settle([state.pile(s) for s in range(SEATS)], state.hands)

    def dump(self, state: ChuoPaiState) -> JSON:
        return dump(state)

    def load(self, data: JSON) -> ChuoPaiState:
        return load(data)

    def random_action(self, state: ChuoPaiState, seat: int, rng: Rng) -> JSON:
        # The same draw as choosing among `legal_actions`, without building a dict per play.
        legal = _choices(state, seat)
        return _action(rng.choice(legal) if legal else None)

    def check_invariants(self, state: ChuoPaiState) -> None:
        table = [] if state.current is None else [c for p in state.current.plays for c in p.cards]
        played = [c for r in state.rounds for p in r.plays for c in p.cards]
        counts = Counter([*chain(*state.hands, *state.bonus), *played, *table])
        assert sum(counts.values()) == state.dealt, f"{sum(counts.values())} cards, {state.dealt} dealt"
        assert all(is_code(c) and n <= COPIES for c, n in counts.items()), f"bad cards {counts}"
        assert all(set(b) <= set(BONUS_CARDS) for b in state.bonus), "bonus holds other cards"
        assert all(r.winner == r.highest().seat for r in state.rounds), "a round went to the wrong seat"

    def shuffle_hidden(self, state: ChuoPaiState, seat: int | None, rng: Rng) -> ChuoPaiState:
        hidden = [s for s in range(SEATS) if s != seat]
        pool = [c for s in hidden for c in state.hands[s]]
        rng.shuffle(pool)
        hands = list(state.hands)
        for s in hidden:
            size = len(hands[s])
            hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
        return replace(state, hands=tuple(hands))


def _shuffled_deal(seed: int) -> tuple[Hands, int]:
    deck = list(DECK)
    rng_for(seed, "deal").shuffle(deck)
    hands = tuple(tuple(sorted(deck[s * HAND_SIZE : (s + 1) * HAND_SIZE])) for s in range(SEATS))
    return hands, rng_for(seed, "first leader").randrange(SEATS)


def _fixed_deal(deal: JSON) -> tuple[Hands, int]:
    hands = tuple(tuple(sorted(h)) for h in deal["hands"])
    counts = Counter(c for h in hands for c in h)
    leader = deal.get("leader", 0)
    if len(hands) != SEATS or not all(map(is_code, counts)) or max(counts.values(), default=0) > COPIES:
        raise ValueError(f"a fixed deal needs {SEATS} hands of known codes, at most {COPIES} copies each")
    if leader not in range(SEATS):
        raise ValueError(f"the first leader must be a seat 0..{SEATS - 1}, not {leader!r}")
    return hands, leader


def _running_round(state: ChuoPaiState) -> Round:
    if state.current is None:
        raise IllegalAction(gettext_noop("The deal is over: no more plays."), "deal_over")
    return state.current


def explain(view: JSON, cards: Sequence[str] | None) -> IllegalAction | None:
    """Why the viewer may not play `cards` (None: pass) now, or None when he may; from his view alone.

    For the table page: it can keep "play" disabled and show the reason for the current selection
    ("You must beat 3-6 3-6: ...") without sending anything. `apply` gives the same refusals.
    """
    try:
        if view["phase"] == "over":
            raise IllegalAction(gettext_noop("The deal is over: no more plays."), "deal_over")
        _check_turn(view["turn"], view["seat"])
        played = _parse({"type": "pass"} if cards is None else {"type": "play", "cards": list(cards)})
        highest = view["round"]["highest"]
        _check_action(tuple(highest["cards"]) if highest else None, tuple(view["hand"]), played)
    except IllegalAction as refused:
        return refused
    return None


def _check_turn(turn: int | None, seat: object) -> None:
    if seat != turn or isinstance(seat, bool):
        template = gettext_noop("It is seat {turn}'s turn, not seat {seat}'s.")
        raise IllegalAction(template, "not_your_turn", turn=turn, seat=str(seat))


def _parse(action: object) -> tuple[str, ...] | None:
    """The cards of a play, or None for a pass; IllegalAction for anything malformed."""
    kind = action.get("type") if isinstance(action, dict) else None
    if kind == "pass":
        return None
    cards = action.get("cards") if isinstance(action, dict) else None
    if kind != "play" or not isinstance(cards, list):
        raise IllegalAction(
            gettext_noop('An action is a play ({{"type": "play", "cards": [...]}}) or a pass ({{"type": "pass"}}).'),
            "malformed_action",
        )
    for card in cards:
        if not is_code(card):
            raise IllegalAction(
                gettext_noop("{card} is not a card: codes are pips low-high, such as 6-6 or 1-2."),
                "unknown_card",
                card=str(card),
            )
    return tuple(sort_for_display(cards))


def _combo(cards: Sequence[str]) -> Combo:
    combo = classify(cards)
    if combo is None:
        raise refusal(cards)
    return combo


def _check_action(
    highest: tuple[str, ...] | None, hand: tuple[str, ...], cards: tuple[str, ...] | None
) -> tuple[str, ...]:
    """A lead (no `highest` yet) or a follow by a seat holding `hand`; IllegalAction when not allowed.

    Returns the hand after the action."""
    if highest is not None:
        _check_follow(highest, hand, cards)
    elif cards is None:
        raise IllegalAction(
            gettext_noop("You lead this round and cannot pass: play 1 to 4 identical cards or a special combination."),
            "leader_cannot_pass",
        )
    else:
        _combo(cards)
    return hand if cards is None else _remove(hand, cards)


def _remove(hand: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    """`remove_cards` without its count and sort: a state's hands are sorted, and removing keeps them so."""
    left = list(hand)
    try:
        for card in cards:
            left.remove(card)
    except ValueError:
        return remove_cards(hand, cards)  # which refuses: card_not_held, naming the first card missing
    return tuple(left)


def _check_follow(highest: tuple[str, ...], hand: tuple[str, ...], cards: tuple[str, ...] | None) -> None:
    """The must-beat obligation against the current highest play (rules P2)."""
    target = _combo(highest)
    if cards is None:
        if ordered_plays(hand, target):
            raise IllegalAction(
                gettext_noop("You must beat {target}: you can, with {options}, so you may not pass."),
                "must_beat",
                target=spell(highest),
                options=_some(beating_plays(Counter(hand), target)),
            )
        return
    combo = _combo(cards)
    if combo.beats(target):
        return
    options = beating_plays(Counter(hand), target)
    params = {"target": spell(highest), "options": _some(options)}
    if not options:
        raise IllegalAction(
            gettext_noop("You cannot beat {target}: you hold no higher play of the same family and size, so you pass."),
            "cannot_beat",
            target=params["target"],
        )
    if (combo.family, combo.size, combo.rank) == (target.family, target.size, target.rank):
        raise IllegalAction(
            gettext_noop("{cards} only equals {target}: equal rank does not beat. You must beat it with {options}."),
            "equal_rank",
            cards=spell(cards),
            **params,
        )
    raise IllegalAction(
        gettext_noop(
            "{cards} does not beat {target}: it takes {size} cards of the same family ranked "
            "higher. You must beat it with {options}."
        ),
        "does_not_beat",
        cards=spell(cards),
        size=target.size,
        **params,
    )


def _some(plays: list[tuple[str, ...]], most: int = 3) -> str:
    shown = " or ".join(spell(p) for p in plays[:most])
    return shown + (" …" if len(plays) > most else "")


def _act(
    state: ChuoPaiState, current: Round, seat: int, cards: tuple[str, ...] | None, hand: tuple[str, ...]
) -> tuple[ChuoPaiState, list[Event]]:
    """`hand`: the seat's hand after the action. The state is replaced once per move (most of its cost)."""
    hands = state.hands if cards is None else (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    played = Round(current.leader, (*current.plays, Play(seat, cards or ())))
    if cards is None:
        events = [_event("passed", seat, {"to_beat": list(current.highest().cards)})]
    else:
        events = [_event("played", seat, {"cards": list(cards), "combo": _combo(cards).to_json()})]
    if to_act(played, hands) is None:
        return _finish_round(state, hands, played, events)
    # Built whole: `replace` took twice as long, and this is most moves' new state.
    return ChuoPaiState(seed=state.seed, hands=hands, bonus=state.bonus, rounds=state.rounds, current=played,
                        dealt=state.dealt), events


def _finish_round(
    state: ChuoPaiState, hands: Hands, played: Round, events: list[Event]
) -> tuple[ChuoPaiState, list[Event]]:
    """The highest play's owner wins only his own cards; the rest of the round is dead (rules §2.2)."""
    winning = played.highest()
    done = Round(played.leader, played.plays, winning.seat)
    dead = [c for p in done.plays if p is not winning for c in p.cards]
    events.append(
        _event(
            "round_won",
            winning.seat,
            {"cards": list(winning.cards), "points": len(winning.cards), "dead": sort_for_display(dead)},
        )
    )
    rounds = (*state.rounds, done)
    if len(holders(hands)) <= 1:
        state = replace(state, hands=hands, rounds=rounds, current=None)
        outcome = scoring.settle([state.pile(s) for s in range(SEATS)], state.hands)
        return state, [*events, _event("deal_over", None, outcome)]
    leader = next_leader(hands, winning.seat)
    return replace(state, hands=hands, rounds=rounds, current=Round(leader, ())), [*events, _event("leads", leader, {})]


def _action(choice: tuple[str, ...] | None) -> JSON:
    return {"type": "pass"} if choice is None else {"type": "play", "cards": list(choice)}


def _event(code: str, seat: int | None, data: JSON) -> Event:
    # Every card in Chuo Pai is played face up, so every event is public.
    return {"code": code, "seat": seat, "data": data, "to": None}


def _round_view(current: Round, number: int, hands: Sequence[Sequence[str]]) -> JSON:
    return {
        "number": number,
        "leader": current.leader,
        "plays": [_play_view(p) for p in current.plays],
        "highest": _highest_view(current.highest()) if current.plays else None,
        "waiting": waiting(current, hands),
    }


def _last_round_view(state: ChuoPaiState) -> JSON | None:
    if not state.rounds:
        return None
    last = state.rounds[-1]
    winning = last.highest()
    return {
        "number": len(state.rounds),
        "leader": last.leader,
        "plays": [_play_view(p) for p in last.plays],
        "winner": last.winner,
        "won": list(winning.cards),
        "dead": sort_for_display(c for p in last.plays if p is not winning for c in p.cards),
    }


def _play_view(play: Play) -> JSON:
    return {
        "seat": play.seat,
        "cards": list(play.cards),
        "passed": not play.cards,
        "combo": _combo(play.cards).to_json() if play.cards else None,
    }


def _highest_view(play: Play) -> JSON:
    return {"seat": play.seat, "cards": list(play.cards), "combo": _combo(play.cards).to_json()}


def _to_beat_view(state: ChuoPaiState, current: Round) -> JSON:
    highest = current.highest()
    seat = to_act(current, state.hands)
    assert seat is not None
    can_beat = bool(beating_plays(Counter(state.hands[seat]), _combo(highest.cards)))
    return {**_highest_view(highest), "can_beat": can_beat}


ENGINE = ChuoPaiEngine()

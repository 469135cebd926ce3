"""Every "Tipp" of a whole deal is something the page can show: in each game, at every decision, the action
the Meister would take is made by a button static/js/table.js marks, with the cards the Tipp ticks (the game's
`hint_fields`, kept in the seat's draft) already ticked."""

from __future__ import annotations

import html as markup
import json
import re

import pytest

from games.core import registry
from rooms import rendering
from rooms.tables import adapter


def _marked(page: str, hinted: str) -> bool:
    """Whether static/js/table.js `markHint` marks a button of this page for the Tipp's action (canonical JSON):
    a button named "action" whose JSON value is the action, or one named "intent" whose value is its type, or
    one whose `data-hint-type` is its type."""
    kind = json.loads(hinted)["type"]
    for tag in re.findall(r"<button\b[^>]*>", page):
        typed = re.search(r'\sdata-hint-type="([^"]*)"', tag)
        if typed:
            if typed.group(1) == kind:
                return True
            continue
        name, value = re.search(r'name="([^"]*)"', tag), re.search(r'value=(?:"([^"]*)"|\'([^\']*)\')', tag)
        if not name or not value:
            continue
        value = markup.unescape(value.group(1) if value.group(1) is not None else value.group(2))
        if name.group(1) == "intent" and value == kind:
            return True
        if name.group(1) == "action" and json.dumps(json.loads(value), sort_keys=True, separators=(",", ":"),
                                                    ensure_ascii=False) == hinted:
            return True
    return False


# Chor Voli's Tipp is its arrangement, laid into the draft's groups; its confirmation is the button marked.
@pytest.mark.parametrize("game", ["chan", "chor_voli", "kowah", "dou_dizhu", "chuo_pai"])
def test_every_tipp_of_a_deal_marks_one_of_the_pages_buttons(game):
    """Random deals played in memory: at every decision, the Tipp the seat would be given (kept while its
    decision goes on, as rooms.services.hint_open keeps it) names an action that a button of the page makes,
    once the cards it ticks are ticked (a Kowah Checki's buttons show only with their card picked)."""
    from bench.render import _Deal, room
    from games.core.rng import rng_for
    from rooms import clock, snapshots

    engine, seed = registry.get(game), 0
    info = room(game, engine.seats)
    rng = rng_for(seed, "tipp-marks")
    state, events, version = engine.new_game(seed=seed, seats=engine.seats), [], 0
    decisions, given, unmarked, kinds = clock.decisions({}, frozenset(), engine.actors(state), None, 0), {}, [], set()
    checked = 0
    while engine.outcome(state) is None:
        snapshot = {**snapshots.build(_Deal(game, seed, version, False), state, events), "decisions": decisions}
        for seat in sorted(engine.actors(state)):
            if seat not in given:
                view = engine.view(state, seat)
                legal = engine.legal_actions(state, seat)
                hint = registry.hint(game, view, legal, rng_for(seed, version, seat, "hint"))
                given[seat] = {"deal": snapshot["deal"], "fields": adapter(game).hint_fields(hint.action, view) or {},
                               "hint": {"deal": snapshot["deal"], "version": version, "template": hint.template,
                                        "params": hint.params, "action": hint.action}}
                kinds.add(hint.action["type"])
            shown = rendering.regions(snapshot, info, seat, given[seat], "de")
            page = shown["hand"] + shown["actions"] + shown["tip"]
            checked += 1
            hinted = re.search(r'data-hint-action="([^"]*)"', page)
            if hinted is None or not _marked(page, markup.unescape(hinted.group(1))):
                unmarked.append((version, seat, given[seat]["hint"]["action"]))
        actor = rng.choice(sorted(engine.actors(state)))
        before = engine.actors(state)
        state, events = engine.apply(state, actor, engine.random_action(state, actor, rng))
        version += 1
        decisions = clock.decisions(decisions, before, engine.actors(state), actor, version)
        given = {s: g for s, g in given.items() if decisions.get(str(s), version) <= g["hint"]["version"]}
    assert checked >= 10 and unmarked == [], (checked, kinds, unmarked[:5])  # a Chor Voli round: 4 + 3 + 2 + 1

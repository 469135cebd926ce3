"""The rules passport: a refused move links to the paragraph of the game's rule page that decides it.

Each refusal carries a stable code (`games.core.errors.IllegalAction.code`, passed on by
`rooms.services.Refused.code`). `ANCHORS` maps (game, code) to an anchor: an id on the game's rule
page, the same in German and English (`templates/rules_content/games/{de,en}/<game>.html`, ids
starting with "r-"). Codes that no rule decides have no link: a malformed or forged request
(`NOT_RULES`, from the engines) and the site's own refusals (`SITE_CODES`: a stale table, a full room,
a closed room…). tests/rules_content/test_passport.py walks every code the engines and the site can
raise and checks that it is named here and that its anchor exists on both rendered pages.

This app never imports `rooms`: a caller passes the game key and the code, e.g.
`rule_url(room.game, refused.code)`, and gets the rule page's URL in the active language, or None.
"""

from __future__ import annotations

from django.urls import reverse

from rules_content.games import BY_KEY

ANCHORS: dict[str, dict[str, str]] = {
    "chor_voli": {
        "unknown_card": "r-deck",
        "not_in_hand": "r-arrange",
        "card_twice": "r-arrange",
        "cards_missing": "r-arrange",
        "too_many_groups": "r-arrange",
        "already_confirmed": "r-confirm",
        "invalid_group": "r-groups",
        "round_over": "r-next-round",
    },
    "chan": {
        "not_a_pair": "r-pairs",
        "not_winning": "r-goal",
        "chi_chi_rule": "r-chi-chi-win",
        "unknown_card": "r-deck",
        "not_your_turn": "r-order",
        "must_discard": "r-order",
        "card_not_held": "r-offer",
        "not_allowed_now": "r-offer",
        "must_chiu": "r-chiu",
        "no_triple": "r-chiu",
        "win_not_stock": "r-win",
        "already_answered": "r-precedence",
        "dead_hand": "r-dead-hand",
        "must_chan": "r-chan-before-ca",
        "broken_pair": "r-no-broken-pair",
        "frozen": "r-frozen",
        "taken_discarded": "r-no-taking-back",
        "taken_ca_card": "r-no-taking-back",
        "ca_in_rank": "r-ca-limits",
        "one_unpaired": "r-ca-limits",
        "ca_discard": "r-ca-discard",
        "ca_discarded": "r-ca-discard",
        "no_discard_after": "r-keep-a-discard",
        "deal_over": "r-end",
    },
    "dou_dizhu": {
        "unknown_card": "r-deck",
        "card_not_held": "r-deck",
        "bad_bid": "r-bidding",
        "leader_cannot_pass": "r-lead",
        "not_your_turn": "r-follow",
        "not_higher": "r-follow",
        "wrong_kind": "r-follow",
        "bomb_on_table": "r-bomb-rocket",
        "rocket_on_table": "r-bomb-rocket",
        "rocket_alone": "r-bomb-rocket",
        "no_cards": "r-combinations",
        "no_combination": "r-combinations",
        "too_many_cards": "r-combinations",
        "trio_kickers": "r-trio-kickers",
        "straight_too_short": "r-straight",
        "pair_run_too_short": "r-pair-run",
        "trios_apart": "r-airplane",
        "four_kickers": "r-four-with-two",
        "chain_with_two": "r-chains",
        "not_consecutive": "r-chains",
        "airplane_wings": "r-wings",
        "deal_over": "r-end",
    },
    "chuo_pai": {
        "unknown_card": "r-deck",
        "card_not_held": "r-deal",
        "leader_cannot_pass": "r-lead",
        "no_cards": "r-lead",
        "not_a_play": "r-lead",
        "too_many_cards": "r-lead",
        "not_your_turn": "r-each-once",
        "does_not_beat": "r-beat",
        "equal_rank": "r-beat",
        "must_beat": "r-must-beat",
        "cannot_beat": "r-must-beat",
        "equal_rank_mix": "r-equal-rank",
        "deal_over": "r-end",
    },
    "kowah": {
        "unknown_card": "r-deck",
        "not_your_turn": "r-deal",
        "draw_first": "r-draw",
        "nothing_to_take": "r-draw",
        "discard_now": "r-discard",
        "taken_card": "r-discard",
        "card_not_held": "r-discard",
        "no_checki": "r-checki",
        "declarer_draws": "r-declarer-draws",
        "deal_over": "r-end",
        "stock_empty": "r-last-card",
    },
}

# Engine codes no rule decides: only a broken or forged client sends such a request.
NOT_RULES = frozenset({"malformed", "malformed_action", "bad_action", "unknown_action", "bad_cards",
                       "repeated_card", "bad_seat", "no_such_seat"})

# The site's own refusals (rooms.services, rooms.tables): about the room, the request or the page, not the game.
SITE_CODES = frozenset({"malformed", "stale", "no_seat", "no_pick", "suspended", "closed", "not_creator",
                        "bad_seats", "bad_seat", "name_missing", "name_too_long", "name_control", "room_full",
                        "barred", "chat_spectator", "chat_empty", "chat_too_long", "chat_too_fast", "no_hint",
                        "level_mid_deal"})


def anchor(game: str, code: str) -> str | None:
    """The id of the paragraph that decides refusal `code` in `game`, or None where no rule does."""
    return ANCHORS.get(game, {}).get(code)


def rule_url(game: str, code: str) -> str | None:
    """The game's rule page in the active language, at the paragraph that decides `code`; None if none does."""
    target = anchor(game, code)
    if target is None:
        return None
    return reverse("rules_content:game", args=[BY_KEY[game].slug]) + "#" + target

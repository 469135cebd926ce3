"""The rules passport: every refusal code any engine (or the site) can raise is named, and each rule's
link resolves to an existing anchor on the game's rendered rule page, in German and in English."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.utils import translation

from games.core import registry
from rules_content import passport
from tests.rules_content.htmlcheck import parse

ROOT = Path(settings.BASE_DIR)
LANGS = ("de", "en")


def _calls(path: Path):
    """(function name, enclosing function, call node) of every call in a module."""
    tree = ast.parse(path.read_text())
    for top in ast.walk(tree):
        if isinstance(top, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
            owner = getattr(top, "name", "")
            for node in ast.walk(top):
                if isinstance(node, ast.Call):
                    yield getattr(node.func, "id", None) or getattr(node.func, "attr", None), owner, node


def _code(name: str, node: ast.Call) -> ast.expr | None:
    """The code argument: IllegalAction(template, code, …), Refused(template, code, …), Reason(code, template, …)."""
    keyword = next((k.value for k in node.keywords if k.arg == "code"), None)
    if keyword is not None:
        return keyword
    position = 0 if name == "Reason" else 1
    return node.args[position] if len(node.args) > position else None


def raised_codes(paths: list[Path], kinds: tuple[str, ...]) -> tuple[set[str], dict[str, set[str]], list[str]]:
    """Literal codes raised in `paths`; per function, the codes it raises; calls whose code is no literal."""
    codes: set[str] = set()
    by_function: dict[str, set[str]] = defaultdict(set)
    unknown = []
    for path in paths:
        for name, owner, node in _calls(path):
            if name not in kinds:
                continue
            code = _code(name, node)
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                codes.add(code.value)
                by_function[owner].add(code.value)
            elif not (isinstance(code, ast.Attribute | ast.Subscript) and "code" in ast.unparse(code)):
                # Passing on another refusal's code (reason.code, reason["code"]) is fine: that one is scanned.
                unknown.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:80]}")
    return codes, by_function, unknown


ENGINE_KINDS = ("IllegalAction", "Reason")


def engine_codes() -> dict[str, set[str]]:
    """Every refusal code each game's engine can raise: its own modules, and the helpers of games/core it imports."""
    core_paths = sorted((ROOT / "games" / "core").glob("*.py"))
    _codes, core_functions, unknown = raised_codes(core_paths, ENGINE_KINDS)
    assert not unknown, unknown
    found = {}
    for game in registry.KEYS:
        paths = sorted((ROOT / "games" / game).glob("*.py"))
        codes, _by_function, unknown = raised_codes(paths, ENGINE_KINDS)
        assert not unknown, f"give these refusals a literal code: {unknown}"
        for path in paths:
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("games.core"):
                    for alias in node.names:
                        codes |= core_functions.get(alias.name, set())
        found[game] = codes
    return found


def site_codes() -> set[str]:
    codes, _by_function, unknown = raised_codes(sorted((ROOT / "rooms").rglob("*.py")), ("Refused",))
    assert not unknown, f"give these refusals a literal code: {unknown}"
    return codes


ENGINE_CODES = engine_codes()


def test_the_scan_finds_the_engines_refusals():
    """The walk below is only as good as the scan: it sees Dou Dizhu's combination reasons and the
    helper of games/core that Chuo Pai uses."""
    assert {"no_combination", "not_higher", "bad_bid"} <= ENGINE_CODES["dou_dizhu"]
    assert "card_not_held" in ENGINE_CODES["chuo_pai"]  # raised by games.core.cards.remove_cards
    assert "card_not_held" not in ENGINE_CODES["chor_voli"]


@pytest.mark.parametrize("game", registry.KEYS)
def test_every_refusal_of_an_engine_names_its_rule_or_is_no_rule(game):
    named = set(passport.ANCHORS[game])
    assert ENGINE_CODES[game] - named - passport.NOT_RULES == set(), "codes without a rule paragraph"
    assert named - ENGINE_CODES[game] == set(), "anchors for codes the engine no longer raises"
    assert named & passport.NOT_RULES == set()


def test_every_refusal_of_the_site_is_named():
    """The site's own refusals (rooms.services, the tables) are decided by no game rule, and each is
    named in the passport so that a new one gets a decision."""
    raised = site_codes()
    assert raised - passport.SITE_CODES - set().union(*ENGINE_CODES.values()) == set()
    assert passport.SITE_CODES - raised == set(), "site codes nothing raises any more"
    for game in registry.KEYS:
        for code in passport.SITE_CODES:
            if code not in ENGINE_CODES[game]:
                assert passport.rule_url(game, code) is None


@pytest.fixture(scope="module")
def rule_page_ids(django_db_blocker) -> dict[tuple[str, str], tuple[str, set[str]]]:
    """Per (game, language): the URL a passport link leads to, and the ids on that rendered page."""
    pages = {}
    cache.clear()
    with django_db_blocker.unblock():
        client = Client()
        for game in registry.KEYS:
            for lang in LANGS:
                with translation.override(lang):
                    url = passport.rule_url(game, next(iter(passport.ANCHORS[game])))
                path = url.partition("#")[0]
                response = client.get(path)
                assert response.status_code == 200, path
                page = parse(response.content.decode())
                assert not page.errors, page.errors
                pages[game, lang] = (path, set(page.ids))
    return pages


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", registry.KEYS)
def test_every_rule_link_resolves_to_an_anchor_on_the_rendered_page(game, lang, rule_page_ids):
    path, ids = rule_page_ids[game, lang]
    assert path.startswith(f"/{lang}/")
    for code in sorted(ENGINE_CODES[game] - passport.NOT_RULES):
        with translation.override(lang):
            url = passport.rule_url(game, code)
        page, _hash, target = url.partition("#")
        assert page == path, code
        assert target in ids, f"{game} {lang}: {code} links to #{target}, which the page lacks"


def test_the_same_anchors_stand_in_both_languages(rule_page_ids):
    for game in registry.KEYS:
        de = {i for i in rule_page_ids[game, "de"][1] if i.startswith("r-")}
        en = {i for i in rule_page_ids[game, "en"][1] if i.startswith("r-")}
        assert de == en == set(passport.ANCHORS[game].values())

"""The reading side: home page, traditions, game pages, card pictures, sitemap.

Each page is a frame rendered per request (header with the language form and its CSRF token, the
table buttons) around a body rendered once per page and language and then served from the cache
(`cached_body`). Caching whole responses would also cache CSRF tokens and break the forms.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.contrib.sitemaps.views import sitemap as sitemap_view
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import get_template, select_template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.views.decorators.cache import cache_control, cache_page
from django.views.decorators.http import require_GET

from rules_content import cardart
from rules_content.games import GAMES, TABLES, Game, game_or_404
from rules_content.sitemaps import SITEMAPS
from rules_content.traditions import BY_DECK, TRADITIONS, tradition_or_404

LANGS = ("de", "en")  # the languages with long-form templates; others read English
DAY = 24 * 3600


def _stamp() -> str:
    """Changes whenever a template or a compiled catalogue of this app changes: part of every cache
    key, so a deploy never serves bodies rendered from the previous texts."""
    root = Path(__file__).resolve().parent
    files = [*root.glob("templates/**/*.html"), *root.glob("locale/*/LC_MESSAGES/*.mo")]
    return str(max((int(f.stat().st_mtime) for f in files), default=0))


STAMP = _stamp()


def lang() -> str:
    code = (get_language() or settings.LANGUAGE_CODE)[:2]
    return code if code in LANGS else "en"


def cached_body(key: str, template: str | list[str], context: dict) -> SafeString:
    """A page body rendered without the request (so it cannot depend on the visitor) and cached per
    page, language and STAMP. In DEBUG nothing is kept, so edited templates show at once."""
    cache_key = f"rules_content:{STAMP}:{key}:{lang()}"
    html = cache.get(cache_key)
    if html is None:
        chosen = select_template(template) if isinstance(template, list) else get_template(template)
        html = chosen.render(context)
        if not settings.DEBUG:
            cache.set(cache_key, html, DAY)
    return mark_safe(html)


def long_form(kind: str, key: str) -> list[str]:
    """One template per language for long texts (package docstring); English when one is missing."""
    return [f"rules_content/{kind}/{lang()}/{key}.html", f"rules_content/{kind}/en/{key}.html"]


def playable(game: Game) -> bool:
    """True when the game has a table: the tables register themselves (rooms' AppConfig.ready), so the
    reading side never imports the playing side."""
    return game.key in TABLES


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    body = cached_body("home", "rules_content/_home_body.html", {"games": GAMES, "traditions": TRADITIONS,
                                                               "by_deck": BY_DECK})
    return render(request, "rules_content/home.html", {"body": body})


@require_GET
def traditions(request: HttpRequest) -> HttpResponse:
    body = cached_body("traditions", "rules_content/traditions/_index_body.html", {"traditions": TRADITIONS})
    return render(request, "rules_content/traditions/index.html", {"body": body})


@require_GET
def tradition(request: HttpRequest, slug: str) -> HttpResponse:
    pack = tradition_or_404(slug)
    wikipedia_url, wikipedia_lang = pack.wikipedia_url(lang())
    context = {"tradition": pack, "history": long_form("traditions", pack.deck), "gallery": pack.gallery(),
               "wikipedia_url": wikipedia_url, "wikipedia_lang": wikipedia_lang}
    body = cached_body(f"tradition:{pack.deck}", "rules_content/traditions/_detail_body.html", context)
    return render(request, "rules_content/traditions/detail.html", {"tradition": pack, "body": body})


@require_GET
def game_page(request: HttpRequest, slug: str) -> HttpResponse:
    game = game_or_404(slug)
    pack = BY_DECK[game.deck]
    body = cached_body(f"game:{game.key}", long_form("games", game.key), {"game": game, "tradition": pack})
    return render(request, "rules_content/games/detail.html",
                  {"game": game, "tradition": pack, "playable": playable(game), "body": body})


@require_GET
@cache_page(DAY)
def sitemap(request: HttpRequest) -> HttpResponse:
    return sitemap_view(request, sitemaps=SITEMAPS)


@require_GET
@cache_control(max_age=86400 * 30, public=True, immutable=True)
def card_svg(request: HttpRequest, deck: str, code: str) -> HttpResponse:
    """One card as SVG; `?lang=en` draws the French courts with J Q K instead of B D K, `?face=compact` the
    small face for hands on narrow screens."""
    if deck not in cardart.DECKS:
        raise Http404
    face_lang = request.GET.get("lang", "de")
    face = request.GET.get("face", "full")
    if face not in ("full", "compact"):
        raise Http404
    try:
        svg = cardart.svg(deck, code, lang=face_lang, compact=face == "compact")
    except ValueError as exc:
        raise Http404 from exc
    return HttpResponse(svg, content_type="image/svg+xml")

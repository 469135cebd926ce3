"""The reading side: home page, game pages, card pictures."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from games.core import registry
from rules_content import cardart
from rules_content.games import GAMES, game_or_404


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "rules_content/home.html", {"games": GAMES, "playable": registry.available()})


@require_GET
def game_page(request: HttpRequest, slug: str) -> HttpResponse:
    game = game_or_404(slug)
    return render(request, f"rules_content/games/{game.key}.html",
                  {"game": game, "playable": game.key in registry.available()})


@require_GET
@cache_control(max_age=86400 * 30, public=True, immutable=True)
def card_svg(request: HttpRequest, deck: str, code: str) -> HttpResponse:
    if deck not in cardart.DECKS:
        raise Http404
    try:
        svg = cardart.svg(deck, code)
    except ValueError as exc:
        raise Http404 from exc
    return HttpResponse(svg, content_type="image/svg+xml")

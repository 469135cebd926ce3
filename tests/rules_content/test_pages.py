"""Every reading page in German and English: it answers, says its language, has one <h1>, its own meta
description, landmarks and sound structure, and the German pages show no untranslated English."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import translation

from rooms.tables import TABLES
from rules_content import cardart, views
from rules_content.games import GAMES
from rules_content.traditions import TRADITIONS
from tests.rules_content.htmlcheck import parse

LANGS = ("de", "en")
ROOT = Path(settings.BASE_DIR)


def page_urls(lang: str) -> list[str]:
    with translation.override(lang):
        return [
            reverse("rules_content:home"),
            reverse("rules_content:traditions"),
            *(reverse("rules_content:tradition", args=[t.slug]) for t in TRADITIONS),
            *(reverse("rules_content:game", args=[g.slug]) for g in GAMES),
        ]


ALL_PAGES = [(lang, url) for lang in LANGS for url in page_urls(lang)]


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    yield
    cache.clear()


def get(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def visible_text(html: str) -> str:
    return " ".join(" ".join(parse(html).text).split())


@pytest.mark.parametrize(("lang", "url"), ALL_PAGES)
def test_every_page_answers_in_its_language_with_sound_structure(client: Client, lang: str, url: str) -> None:
    page = parse(get(client, url))
    assert url.startswith(f"/{lang}/")
    assert page.lang == lang
    assert page.errors == []
    assert {"header", "nav", "main", "footer"} <= page.landmarks
    assert len(page.description) >= 60, "every page has a meta description of its own"
    assert page.title.strip() and "Cardavia" in page.title


@pytest.mark.parametrize("lang", LANGS)
def test_meta_descriptions_and_titles_differ_from_page_to_page(client: Client, lang: str) -> None:
    pages = [parse(get(client, url)) for url in page_urls(lang)]
    descriptions = [p.description for p in pages]
    titles = [p.title for p in pages]
    assert len(set(descriptions)) == len(descriptions)
    assert len(set(titles)) == len(titles)


def _english_msgids() -> list[str]:
    """English interface strings that have a different German translation (checkable on /de/ pages)."""
    found = set()
    for po_path in [ROOT / "locale/de/LC_MESSAGES/django.po", ROOT / "rules_content/locale/de/LC_MESSAGES/django.po"]:
        if not po_path.exists():
            continue
        for entry in polib.pofile(str(po_path)):
            if entry.obsolete or "%" in entry.msgid or "{" in entry.msgid:
                continue
            if len(entry.msgid) >= 12 and entry.msgstr and entry.msgstr != entry.msgid:
                found.add(entry.msgid)
    return sorted(found)


ENGLISH_WORDS = re.compile(r"\b(the|and|with|you|your|which|cards?|players?|against)\b", re.IGNORECASE)
GERMAN_WORDS = re.compile(r"\b(und|der|nicht|ist|mit|Karten|Spieler|gegen)\b")


@pytest.mark.parametrize("url", page_urls("de"))
def test_german_pages_show_no_untranslated_english(client: Client, url: str) -> None:
    text = visible_text(get(client, url))
    leaked = [msgid for msgid in _english_msgids() if msgid in text]
    assert leaked == []
    # Long-form text: common English words outside elements marked with another language.
    assert ENGLISH_WORDS.findall(text) == []


@pytest.mark.parametrize("url", page_urls("en"))
def test_english_pages_show_no_german_prose(client: Client, url: str) -> None:
    assert GERMAN_WORDS.findall(visible_text(get(client, url))) == []


def test_german_catalogue_of_the_app_is_complete() -> None:
    po = polib.pofile(str(ROOT / "rules_content/locale/de/LC_MESSAGES/django.po"))
    assert po.untranslated_entries() == []
    assert po.fuzzy_entries() == []


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_game_page_has_the_seed_structure(client: Client, game) -> None:
    with translation.override("de"):
        url = reverse("rules_content:game", args=[game.slug])
    page = parse(get(client, url))
    headings = [text for _, text in page.headings]
    numbered = [h for h in headings if re.match(r"^\d\. ", h)]
    assert numbered[0] == "1. Ziel"
    assert numbered[1].startswith("2. Aufbau")
    assert "3. Eine Runde spielen" in numbered
    assert numbered[-1].endswith("Wertung und Ende")
    assert [int(h[0]) for h in numbered] == list(range(1, len(numbered) + 1))
    text = visible_text(get(client, url))
    players = f"{game.seats} Spieler · Du gegen {game.computers} Computer · "
    assert players in text


def test_chor_voli_page_has_every_part_the_issue_asks_for(client: Client) -> None:
    headings = [t for _, t in parse(get(client, "/de/spiele/chor-voli/")).headings]
    for wanted in ["So funktioniert Chor Voli", "Ein kurzes Beispiel", "Häufige Sonderfälle", "Typische Fehler",
                   "Strategiehinweise", "Welche Variante wird hier gespielt?", "Häufige Fragen zu Chor Voli"]:
        assert wanted in headings
    text = visible_text(get(client, "/de/spiele/chor-voli/"))
    assert "Welche KI kann als Mitspieler teilnehmen?" in text
    assert "eigenen Chat" in text and "Browser" in text


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_table_buttons_follow_the_games_with_a_table(client: Client, game) -> None:
    html = get(client, f"/de/spiele/{game.slug}/")
    solo = reverse("rooms:play_solo", args=[game.key])
    if game.key in TABLES:
        assert f'action="{solo}"' in html and ">Spieltisch</button>" in html
        assert ">Raum eröffnen</a>" in html
    else:
        assert solo not in html
        assert "Der Spieltisch für dieses Spiel entsteht gerade." in html


@pytest.mark.django_db
def test_cached_pages_keep_working_forms(client: Client) -> None:
    """The body is cached, the frame is not: the Spieltisch form posts with the visitor's CSRF token."""
    strict = Client(enforce_csrf_checks=True)
    strict.get("/de/spiele/chor-voli/")  # warms the cache for another visitor
    html = get(strict, "/de/spiele/chor-voli/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    response = strict.post(reverse("rooms:play_solo", args=["chor_voli"]), {"csrfmiddlewaretoken": token})
    assert response.status_code == 302


def test_the_page_body_is_served_from_the_cache(client: Client) -> None:
    get(client, "/en/spiele/kowah/")
    key = f"rules_content:{views.STAMP}:game:kowah:en"
    assert cache.get(key), "the rendered body is cached per page and language"
    cache.set(key, "<p>served from the cache</p>")
    assert "served from the cache" in get(client, "/en/spiele/kowah/")
    assert "served from the cache" not in get(client, "/de/spiele/kowah/")


@pytest.mark.parametrize("tradition", TRADITIONS, ids=lambda t: t.deck)
def test_gallery_shows_every_card_and_marks_the_ones_a_game_leaves_out(client: Client, tradition) -> None:
    html = get(client, f"/de/traditionen/{tradition.slug}/")
    for code in cardart.cards(tradition.deck):
        assert f'src="/karten/{tradition.deck}/{code}.svg"' in html
    assert "Die Bibliothek behält alle Karten." in html
    for game in tradition.games:
        assert html.count(f"nicht in {game.name}<") == len(game.unused)
    assert "Wikipedia" in html and f"{tradition.cards} Karten" in html


def test_sitemap_lists_every_page_in_both_languages(client: Client) -> None:
    response = client.get("/de/sitemap.xml")
    assert response.status_code == 200
    xml = response.content.decode()
    for lang, url in ALL_PAGES:
        assert f"<loc>http://testserver{url}</loc>" in xml
        assert f'hreflang="{lang}" href="http://testserver{url}"' in xml


def test_head_links_the_other_language(client: Client) -> None:
    html = get(client, "/de/spiele/chan/")
    assert '<link rel="alternate" hreflang="en" href="http://testserver/en/spiele/chan/">' in html
    assert '<link rel="alternate" hreflang="x-default" href="http://testserver/de/spiele/chan/">' in html


def test_sliders_are_labelled_at_50_percent_and_keyboard_operable(client: Client) -> None:
    html = get(client, "/de/")
    for name, label in [("contrast", "Kontrast"), ("grain", "Körnung"), ("warmth", "Farbtemperatur")]:
        assert f'<label for="display-{name}">{label}</label>' in html
        tag = re.search(rf'<input id="display-{name}"[^>]*>', html).group(0)
        assert 'type="range"' in tag and 'value="50"' in tag and 'aria-valuetext="50 %"' in tag


def test_french_courts_follow_the_page_language(client: Client) -> None:
    german = client.get("/karten/french/QH.svg")
    english = client.get("/karten/french/QH.svg?lang=en")
    assert german.status_code == english.status_code == 200
    assert german.content != english.content
    assert '/karten/french/QH.svg?lang=en"' in get(client, "/en/traditionen/franzoesisches-blatt/")
    assert client.get("/karten/french/QH.svg?lang=xx").status_code == 404

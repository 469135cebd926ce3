"""Regions rendered again only when what they read changed (rooms/reads.py, issue 13): what a template
reads, when two contexts count as the same, and over whole deals of every game that a region taken from
the cache is the very string a fresh render gives."""

from __future__ import annotations

import itertools
import random

import pytest
from django.template import Template
from django.utils.safestring import mark_safe

from games.core import registry
from rooms import fairplay, reads, rendering, services
from rooms.patches import Tree
from rooms.tables import TABLES
from tests.helpers import random_deal


def fingerprint(source: str, context: dict) -> bytes:
    return reads.fingerprint(reads.reads_in(Template("{% load table %}" + source).nodelist), context)


def test_a_template_reads_its_variables_conditions_loops_and_filter_arguments():
    found = reads.reads_in(Template(
        "{% load i18n table %}{{ a.b }}{% if c and not d.e %}{% for x in items %}{{ x.name|default:fallback }}"
        "{% endfor %}{% endif %}{% with y=z.w %}{{ y }}{% endwith %}"
        "{% blocktranslate with n=count %}{{ n }} of {{ total }}{% endblocktranslate %}").nodelist)
    assert {read.path for read in found} >= {
        ("a", "b"), ("c",), ("d", "e"), ("items",), ("fallback",), ("z", "w"), ("count",), ("total",)}


def test_only_what_is_read_counts():
    source = "{{ view.hand }}{% if mine %}!{% endif %}"
    base = fingerprint(source, {"view": {"hand": ["3S"], "turn": 1}, "mine": True, "other": 1})
    assert fingerprint(source, {"view": {"hand": ["3S"], "turn": 2}, "mine": True, "other": 2}) == base
    assert fingerprint(source, {"view": {"hand": ["4S"], "turn": 1}, "mine": True, "other": 1}) != base
    assert fingerprint(source, {"view": {"hand": ["3S"], "turn": 1}, "mine": False, "other": 1}) != base


def test_values_that_print_differently_never_count_as_the_same():
    assert fingerprint("{{ x }}", {"x": True}) != fingerprint("{{ x }}", {"x": 1})
    assert fingerprint("{{ x }}", {"x": "<b>"}) != fingerprint("{{ x }}", {"x": mark_safe("<b>")})
    assert fingerprint("{{ x }}", {"x": None}) != fingerprint("{{ x }}", {})


def test_a_method_of_a_dictionary_is_called_as_the_template_calls_it():
    """`d.items` is no key of `d`: the template calls the method, and so does the fingerprint (whose
    dictionary view pickle refuses: such a region is rendered every time)."""
    with pytest.raises(reads.Opaque):
        fingerprint("{% for k, v in d.items %}{{ k }}={{ v }}{% endfor %}", {"d": {"a": 1}})


def test_a_get_filter_reads_one_entry():
    source = "{{ fronts|get:seat }}"
    base = fingerprint(source, {"fronts": {0: "x", 1: "y"}, "seat": 0})
    assert fingerprint(source, {"fronts": {0: "x", 1: "changed"}, "seat": 0}) == base
    assert fingerprint(source, {"fronts": {0: "changed", 1: "y"}, "seat": 0}) != base
    assert fingerprint(source, {"fronts": {0: "x", 1: "y"}, "seat": 1}) != base


def test_a_tag_that_takes_the_whole_context_is_not_cached():
    assert reads.reads_in(Template("{% load site %}{% language_alternates %}").nodelist) is None


def test_a_value_that_cannot_be_serialised_is_not_cached():
    with pytest.raises(reads.Opaque):
        fingerprint("{{ f }}", {"f": lambda: 1})


@pytest.mark.parametrize("game", TABLES)
def test_every_region_cached_by_what_it_reads_is_understood(game):
    templates = [f"games/{game}/table.html#{name}"
                 for name in ("head", "hand", *rendering.felt_regions(game), *rendering.inner_regions(game))]
    for template in (*templates, "rooms/_tip.html", "rooms/_status.html"):
        assert reads.lookups(template) is not None, template


@pytest.mark.django_db
@pytest.mark.parametrize("game", TABLES)
def test_regions_from_the_cache_are_what_a_fresh_render_gives_over_whole_deals(game, monkeypatch):
    """Every seat's and a spectator's regions, version after version of two deals, in German and
    English: rendered with the cache kept across versions, and each afresh without it."""
    seeds = itertools.count(1)
    monkeypatch.setattr(fairplay, "new_seed", lambda: f"{next(seeds):064x}")
    engine = registry.get(game)
    people = [f"player-{seat}" for seat in range(engine.seats)]
    room = services.open_room(game, people[0], "P0", computers=set())
    for seat, player in enumerate(people[1:], start=1):
        services.join(room, player, f"P{seat}")
    rng = random.Random(7)
    snapshots = []
    for number in range(2):
        versions = list(random_deal(room, rng, str(number)))
        snapshots += versions[:40] + versions[40:][-20:]  # a long deal's start and end, version after version
        services.start_deal(room)
    info = rendering.room_info(room)
    viewers = [*range(engine.seats), None]
    shown = [(s, seat, lang) for s in snapshots for seat in viewers for lang in ("de", "en")]
    rendering._rendered.clear()
    cached = [rendering.regions(s, info, seat, {}, lang) for s, seat, lang in shown]
    monkeypatch.setattr(reads, "lookups", lambda template: None)
    for regions in cached[::10]:  # what rooms.consumers sends a region as (whole by its id, or added to) holds
        assert all(one_element(name, html) for name, html in regions.items() if name != "announce"), regions
    for (s, seat, lang), regions in zip(shown, cached, strict=True):
        rendering._rendered.clear()
        fresh = rendering.regions(s, info, seat, {}, lang)
        wrong = [name for name in fresh if regions[name] != fresh[name]]
        assert not wrong, (s["number"], s["version"], seat, lang, wrong)



def one_element(name: str, html: str) -> bool:
    """The region is one element whose id is its name, with nothing around it: a frame replaces it by that id,
    or swaps what changed inside it (rooms/patches.py), which is right only if its last closing tag is its own."""
    tree = Tree(html)
    return (tree.sound and [node.id for node in tree.root.children] == [name]
            and not html[:tree.root.children[0].start].strip() and not html[tree.root.children[0].end:].strip())

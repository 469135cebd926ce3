"""bench/live.py keeps working: a short run of every game in each mode (two rooms; a closed loop, and in the
embedded mode a paced step too), no timing asserted — only that moves were measured, against the echo too,
and that nothing failed."""

from __future__ import annotations

import pytest
from django.utils import translation

from bench import live
from rooms import services
from tests.live.conftest import require_services


def run(mode: str, rates: str, seconds: str) -> list[dict]:
    return live.main(["--mode", mode, "--game", "all", "--rooms", "2", "--rates", rates, "--seconds", seconds])


def failures(result: dict) -> dict:
    """The errors of a step, but Chắn's answers to an offer refused as stale: when two seats answer the same
    offer, the second answer is refused although it still stands (the door compares the deal's version, not
    the seat's decision): the site's fault, reported with the bench (issue 13); a person answers again."""
    with translation.override("de"):
        stale = live.refusal(translation.gettext(services.STALE))
    return {kind: n for kind, n in result["errors"].items() if not (result["game"] == "chan" and kind == stale)}


def test_the_live_bench_plays_every_game_against_the_embedded_site(capsys):
    results = run("embedded", "0,20", "2.5")
    assert [(r["game"], r["rate"]) for r in results] == [(g, rate) for g in live.GAMES for rate in (0, 20)]
    assert all(r["moves"] > 0 and failures(r) == {} for r in results), results
    assert all(r["echo_p50"] > 0 for r in results)
    assert "p50 ratio" in capsys.readouterr().out


@pytest.mark.services
def test_the_live_bench_plays_every_game_against_the_services_site():
    require_services()
    results = run("services", "0", "3")
    assert [r["game"] for r in results] == list(live.GAMES)
    assert all(r["moves"] > 0 and failures(r) == {} for r in results), results

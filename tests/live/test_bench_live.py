"""bench/live.py keeps working: a short run of every game in each mode (two rooms; a closed loop, and in the
embedded mode a paced step too, after a warm-up in which the rooms begin one after another), no timing
asserted — only that moves were measured, against the echo too, and that nothing failed."""

from __future__ import annotations

import pytest

from bench import live
from tests.live.conftest import require_services


def run(mode: str, rates: str, seconds: str, *extra: str) -> list[dict]:
    return live.main(["--mode", mode, "--game", "all", "--rooms", "2", "--rates", rates, "--seconds", seconds, *extra])


def test_the_live_bench_plays_every_game_against_the_embedded_site(capsys):
    results = run("embedded", "0,20", "2.5", "--stagger", "1")
    assert [(r["game"], r["rate"]) for r in results] == [(g, rate) for g in live.GAMES for rate in (0, 20)]
    assert all(r["moves"] > 0 and r["errors"] == {} for r in results), results
    assert all(r["echo_p50"] > 0 for r in results)
    out = capsys.readouterr().out
    assert "p50 ratio" in out and out.count("warm-up |") == len(live.GAMES)


@pytest.mark.services
def test_the_live_bench_plays_every_game_against_the_services_site():
    require_services()
    results = run("services", "0", "3")
    assert [r["game"] for r in results] == list(live.GAMES)
    assert all(r["moves"] > 0 and r["errors"] == {} for r in results), results

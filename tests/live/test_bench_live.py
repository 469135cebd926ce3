"""bench/live.py keeps working: a short run in each mode (two rooms, a closed loop and a paced step),
no timing asserted — only that moves were measured, against the echo too, and that nothing failed."""

from __future__ import annotations

import pytest

from bench import live
from tests.live.conftest import require_services


def run(mode: str) -> list[dict]:
    return live.main(["--mode", mode, "--rooms", "2", "--rates", "0,20", "--seconds", "3"])


def test_the_live_bench_runs_against_the_embedded_site(capsys):
    results = run("embedded")
    assert [r["rate"] for r in results] == [0, 20]
    assert all(r["moves"] > 0 and r["errors"] == {} for r in results)
    assert all(r["echo_p50"] > 0 for r in results)
    assert "p50 ratio" in capsys.readouterr().out


@pytest.mark.services
def test_the_live_bench_runs_against_the_services_site():
    require_services()
    results = run("services")
    assert all(r["moves"] > 0 and r["errors"] == {} for r in results)

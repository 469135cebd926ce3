"""bench/render.py keeps working: one deal of two games, no timing or size asserted."""

from __future__ import annotations

from bench import render


def test_the_render_bench_measures_views_and_renders(capsys):
    results = dict(render.main(["--deals", "1", "--games", "chor_voli,dou_dizhu", "--templates"]))
    assert sorted(results) == ["chor_voli", "dou_dizhu"]
    assert all(f.versions > 0 and f.views > 0 and f.renders > 0 for f in results.values())
    assert all(len(f.frames) == f.versions * seats for f, seats in zip(results.values(), (4, 3), strict=True))
    out = capsys.readouterr().out
    assert "renders ÷ views" in out and "table.html#hand" in out and "frame p50 B" in out

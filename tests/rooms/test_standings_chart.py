"""The standings chart: every seat's running total as a line, and no line hidden under another."""

from __future__ import annotations

from rooms.rendering import CHART_H, CHART_LINE, CHART_W, standings_chart


def points(chart: dict, seat: int) -> list[tuple[float, float]]:
    line = next(line for line in chart["lines"] if line["seat"] == seat)
    return [tuple(map(float, p.split(","))) for p in line["points"].split()]


def test_totals_are_scaled_into_the_chart():
    chart = standings_chart(((0, 4, -2), (0, -4, 2)))
    assert chart["rounds"] == 2 and chart["zero"] == f"{CHART_H / 2:.1f}"
    assert points(chart, 0)[1] == (CHART_W / 2, 0.0)  # the highest total at the top
    assert points(chart, 1)[1] == (CHART_W / 2, float(CHART_H))  # the lowest at the bottom


def test_seats_level_after_a_deal_are_drawn_side_by_side_one_line_apart():
    """Dou Dizhu's two farmers win or lose the same: their lines would lie on each other."""
    chart = standings_chart(((0, -2, -6, 2), (0, -2, -6, -10), (0, 4, 12, 8)))
    for deal in range(3):  # the farmers level: a line's width apart around their total
        (_, y0), (_, y1) = points(chart, 0)[deal], points(chart, 1)[deal]
        assert y1 - y0 == CHART_LINE
    start = [points(chart, seat)[0][1] for seat in range(3)]  # all three at 0 before the first deal
    assert start == sorted(start) and start[2] - start[0] == 2 * CHART_LINE
    assert sum(start) / 3 == float(chart["zero"])
    # Apart again after the last deal: each line exactly at its total (from -10 at the bottom to 12 at the top).
    assert points(chart, 0)[3][1] == round(CHART_H - CHART_H * (2 + 10) / 22, 1)
    assert points(chart, 1)[3][1] == CHART_H


def test_while_every_total_is_level_the_lines_run_across_the_middle():
    """A drawn first deal (Chắn, Kowah): nobody has won or lost yet."""
    chart = standings_chart(((0, 0), (0, 0), (0, 0), (0, 0)))
    assert chart["zero"] == f"{CHART_H / 2:.1f}"
    ys = [y for seat in range(4) for _, y in points(chart, seat)]
    assert min(ys) > 0 and max(ys) < CHART_H and sum(ys) / len(ys) == CHART_H / 2

"""95 % confidence intervals for the bench scripts' win shares and averages."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

Z95 = 1.96


def wilson(successes: int, n: int) -> tuple[float, float, float]:
    """A share and its Wilson score interval: (share, low, high); NaN for no trials."""
    if n == 0:
        return math.nan, math.nan, math.nan
    p = successes / n
    denominator = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denominator
    return p, centre - half, centre + half


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """A mean and its normal-approximation interval: (mean, low, high); unbounded for fewer than 2 values."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half

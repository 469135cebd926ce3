"""Python's cyclic garbage collector, set for a process that serves for hours (daphne, a Celery worker).

With Python's defaults (thresholds 700, 10, 10) a daphne under load spent about 7 % of its CPU in the
collector, and every few seconds a full collection walked every object the process holds, Django's own
modules, models and templates included, holding the event loop, and so every table socket of the process,
for up to 350 ms (docs/decisions.md, 7 December, seventh session). The objects alive once the site is
loaded live as long as the process: they are moved out of the collector's sight (`gc.freeze`), and the
youngest generation is collected after more allocations. The older generations keep their ratios to it,
so cycles of garbage are still found, only later."""

import gc

THRESHOLDS = (5_000, 10, 10)


def settle() -> None:
    """Once the site is loaded: collect what loading left, keep the rest out of later collections, and
    collect the youngest generation less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)

"""The reliability suite's scale, its shared site and its tally (written after every test, printed at the end).

CI scale by default; the long run with `pytest tests/reliability --reliability-long` (or the
environment variable CARDAVIA_RELIABILITY_LONG=1). Every test adds what it did to the session's
tally, which is written to test-artifacts/reliability.json after every test and printed at the end.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench.site import ROOT, Site, services
from tests.live.conftest import require_services
from tests.reliability.live import SITE_ENV

TALLY: Counter = Counter()
FINDINGS: list[str] = []


@dataclass(frozen=True)
class Scale:
    deals_per_game: int  # the leak scanner's deals of each game
    spectators: int
    fuzz_inputs: int  # per transport
    races: int
    kills: int  # per kind (daphne, worker)


CI_SCALE = Scale(deals_per_game=2, spectators=1, fuzz_inputs=100, races=12, kills=5)
LONG_SCALE = Scale(deals_per_game=24, spectators=20, fuzz_inputs=5000, races=200, kills=25)


@pytest.fixture(scope="session")
def scale(request: pytest.FixtureRequest) -> Scale:
    long = request.config.getoption("--reliability-long") or os.environ.get("CARDAVIA_RELIABILITY_LONG") == "1"
    return LONG_SCALE if long else CI_SCALE


@pytest.fixture(scope="session")
def tally() -> Counter:
    return TALLY


@pytest.fixture(scope="session")
def findings() -> list[str]:
    return FINDINGS


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """One services-mode site (PostgreSQL, Redis, daphne, a Celery worker) for the tests that do not kill it."""
    require_services()
    with services(tmp_path_factory.mktemp("reliability-site"), **SITE_ENV) as running:
        yield running


# When the suite's module was imported: pytest calls a `pytest_sessionstart` only in the root conftest, so
# under `make test` (all of tests/) such a hook never ran here and the summary's seconds counted from 1970.
STARTED = int(time.time())


def counts() -> dict:
    figures = dict(TALLY)
    figures["seconds"] = int(time.time()) - STARTED
    figures["findings"] = len(FINDINGS)
    return figures


@pytest.fixture(autouse=True)
def record_after_each_test() -> Iterator[None]:
    """The tally so far in test-artifacts/reliability.json (or CARDAVIA_RELIABILITY_JSON), after every test:
    a long run stopped early still leaves its figures."""
    yield
    path = Path(os.environ.get("CARDAVIA_RELIABILITY_JSON") or Path(ROOT) / "test-artifacts" / "reliability.json")
    path.parent.mkdir(exist_ok=True, parents=True)
    path.write_text(json.dumps({"counts": counts(), "findings": FINDINGS}, indent=2, ensure_ascii=False))


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    if not TALLY:
        return
    terminalreporter.section("reliability")
    for key, value in sorted(counts().items()):
        terminalreporter.write_line(f"{key:>58}  {value}")
    for finding in FINDINGS[:50]:
        terminalreporter.write_line(f"finding: {finding}")

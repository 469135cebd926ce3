"""Shared fixtures: personas are browsers (player ids); rooms are opened through the services."""

from __future__ import annotations

import os

import pytest

ON_CI = bool(os.environ.get("CI"))


def require(available: bool, reason: str) -> None:
    """Skip with a clear reason on a person's machine; fail under CI, where everything must run."""
    if available:
        return
    if ON_CI:
        pytest.fail(f"CI is set but {reason}")
    pytest.skip(reason)


@pytest.fixture
def alice() -> str:
    return "alice-browser-id"


@pytest.fixture
def bob() -> str:
    return "bob-browser-id"


@pytest.fixture(autouse=True)
def computers_at_once(settings):
    """The computers move at once in-process tests (the site paces them; see COMPUTER_PACE)."""
    settings.COMPUTER_PACE = 0


@pytest.fixture(autouse=True)
def fresh_live_caches():
    """Each test starts with empty in-process live caches (ids of rows repeat between tests)."""
    from rooms import consumers, livecache, rendering, snapshots

    livecache.cache.cache_clear()
    snapshots._NEWEST.clear()
    rendering._rendered.clear()
    consumers.ROOMS.infos.clear()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--reliability-long", action="store_true", default=False,
                     help="the reliability suite at its long scale (tests/reliability; or CARDAVIA_RELIABILITY_LONG=1)")

"""Real processes: daphne (and, in services mode, a Celery worker) started as a person would.

`embedded_site` runs the embedded default (SQLite file, in-memory layer, eager Celery) for the
browser tests; `services_site` runs PostgreSQL + Redis + a Celery worker process + daphne. The
processes themselves are started by bench/site.py, which the load bench shares.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.site import ROOT, Site, answers, base_env, embedded, services
from tests.conftest import require

__all__ = ["ROOT", "Site", "answers", "base_env"]
CHROMIUM = "/usr/bin/chromium"


SITE = pytest.StashKey[Site]()
LOG_LINES = 80  # of each process's log, in the report of a failed test
ACCESS = re.compile(r"\S+:\d+ - - \[")  # daphne's line for each request


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """A failed test of a live site reports the end of its processes' logs (daphne, the worker): CI keeps
    nothing else of them, and a fault that shows only on a loaded machine is then read from the report."""
    report = yield
    site = item.stash.get(SITE, None)
    if site is not None and report.failed:
        for log in sorted(site.workdir.glob("*.log")):
            lines = [line for line in log.read_text(errors="replace").splitlines() if not ACCESS.match(line)]
            report.sections.append((f"end of {log.name}, without daphne's access lines", "\n".join(lines[-LOG_LINES:])))
    return report


@pytest.fixture
def embedded_site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Site]:
    with embedded(tmp_path) as site:
        request.node.stash[SITE] = site
        yield site


def require_services() -> None:
    require(answers("127.0.0.1", 5432), "PostgreSQL does not answer on 127.0.0.1:5432")
    require(answers("127.0.0.1", 6379), "Redis does not answer on 127.0.0.1:6379")


@pytest.fixture
def services_site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Site]:
    require_services()
    with services(tmp_path) as site:
        request.node.stash[SITE] = site
        yield site


class PolicyWatchedBrowser:
    """Chromium whose every page reports what the Content-Security-Policy blocked (Chromium says so on the
    console): the `browser` fixture fails the test on any, so every browser test also checks the policy."""

    def __init__(self, chromium) -> None:
        self.chromium = chromium
        self.violations: list[str] = []

    def __getattr__(self, name: str):
        return getattr(self.chromium, name)

    def watch(self, target):
        target.on("console", lambda message: "Content Security Policy" in message.text
                  and self.violations.append(message.text))
        return target

    def new_context(self, **options):
        return self.watch(self.chromium.new_context(**options))

    def new_page(self, **options):
        return self.watch(self.chromium.new_page(**options))


@pytest.fixture
def browser():
    require(shutil.which(CHROMIUM) is not None or os.path.exists(CHROMIUM), f"{CHROMIUM} is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = PolicyWatchedBrowser(playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync"],
        ))
        yield chromium
        chromium.close()
        assert chromium.violations == [], "the Content-Security-Policy blocked something"


@pytest.fixture
def artifacts() -> Path:
    path = ROOT / "test-artifacts"
    path.mkdir(exist_ok=True)
    return path

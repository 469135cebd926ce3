"""Real processes: daphne (and, in services mode, a Celery worker) started as a person would.

`embedded_site` runs the embedded default (SQLite file, in-memory layer, eager Celery) for the
browser tests; `services_site` runs PostgreSQL + Redis + a Celery worker process + daphne.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.conftest import require

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
REDIS = "redis://127.0.0.1:6379"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


@dataclass
class Site:
    env: dict[str, str]
    workdir: Path
    port: int = field(default_factory=free_port)
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def manage(self, *args: str) -> None:
        subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, check=True,
                       capture_output=True)

    def start_web(self) -> None:
        self._spawn("web", [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
                            "cardavia.asgi:application"])
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/healthz", timeout=2)
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"daphne did not answer; see {self.workdir / 'web.log'}")

    def start_worker(self) -> None:
        self._spawn("worker", [sys.executable, "-m", "celery", "-A", "cardavia", "worker", "--pool=solo",
                               "--loglevel=info", "--without-gossip", "--without-mingle",
                               f"--hostname=test-{uuid.uuid4().hex[:8]}@%h"])

    def kill(self, name: str) -> None:
        process = self.processes.pop(name)
        process.send_signal(signal.SIGKILL)
        process.wait(10)

    def stop(self) -> None:
        for name in list(self.processes):
            process = self.processes.pop(name)
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()

    def _spawn(self, name: str, argv: list[str]) -> None:
        log = open(self.workdir / f"{name}.log", "ab")  # noqa: SIM115  (lives as long as the process)
        self.processes[name] = subprocess.Popen(argv, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)


def base_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDAVIA_")}
    env.update(DJANGO_SETTINGS_MODULE="cardavia.settings", CARDAVIA_SECRET_KEY="test-" + uuid.uuid4().hex, **extra)
    return env


@pytest.fixture
def embedded_site(tmp_path: Path) -> Iterator[Site]:
    site = Site(base_env(CARDAVIA_SQLITE_PATH=str(tmp_path / "site.sqlite3")), tmp_path)
    site.manage("migrate", "--noinput")
    site.start_web()
    yield site
    site.stop()


@contextmanager
def redis_database() -> Iterator[str]:
    """A Redis database number (1–15) that no other test run on this machine holds meanwhile: each run
    takes a lock file for its number, so parallel runs never flush or consume each other's queues."""
    for number in range(1, 16):
        lock = open(Path(tempfile.gettempdir()) / f"cardavia-redis-db-{number}.lock", "w")  # noqa: SIM115
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.close()
            continue
        try:
            yield f"{REDIS}/{number}"
        finally:
            lock.close()
        return
    raise RuntimeError("every Redis database 1–15 is held by another test run")


@pytest.fixture
def services_site(tmp_path: Path) -> Iterator[Site]:
    require(answers("127.0.0.1", 5432), "PostgreSQL does not answer on 127.0.0.1:5432")
    require(answers("127.0.0.1", 6379), "Redis does not answer on 127.0.0.1:6379")
    import psycopg
    import redis

    name = f"cardavia_live_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    with redis_database() as redis_url:
        redis.Redis.from_url(redis_url).flushdb()
        site = Site(base_env(CARDAVIA_DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{name}",
                             CARDAVIA_REDIS_URL=redis_url), tmp_path)
        try:
            site.manage("migrate", "--noinput")
            site.start_worker()
            site.start_web()
            yield site
        finally:
            site.stop()
            with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def browser():
    require(shutil.which(CHROMIUM) is not None or os.path.exists(CHROMIUM), f"{CHROMIUM} is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync"],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def artifacts() -> Path:
    path = ROOT / "test-artifacts"
    path.mkdir(exist_ok=True)
    return path

"""The site as an operator runs it: daphne processes and Celery workers, started as real processes.

Shared by the live tests (tests/live/conftest.py) and the load bench (bench/live.py):

    with embedded(tmp) as site: ...                  # SQLite file, in-memory layer, eager Celery
    with services(tmp, webs=2, workers=2) as site:   # PostgreSQL + Redis + N daphne + N workers

Each services run gets its own PostgreSQL database and a Redis database number that no other run on
the machine holds meanwhile (a lock file per number), so parallel runs never see each other.
"""

from __future__ import annotations

import fcntl
import os
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

ROOT = Path(__file__).resolve().parents[1]
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


def base_env(**extra: str) -> dict[str, str]:
    """The environment of a fresh process: none of the caller's CARDAVIA_ settings, a random key."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDAVIA_")}
    env.update(DJANGO_SETTINGS_MODULE="cardavia.settings", CARDAVIA_SECRET_KEY="test-" + uuid.uuid4().hex, **extra)
    return env


@dataclass
class Site:
    env: dict[str, str]
    workdir: Path
    port: int = field(default_factory=free_port)
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)
    ports: dict[str, int] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url_of(self, name: str) -> str:
        return f"http://127.0.0.1:{self.ports[name]}"

    def manage(self, *args: str) -> None:
        subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, check=True,
                       capture_output=True)

    def start_web(self, name: str = "web", port: int | None = None) -> None:
        """A daphne process; the first one ("web") serves `url`, others get their own port."""
        port = port or self.ports.get(name) or (self.port if name == "web" else free_port())
        self.ports[name] = port
        self._spawn(name, [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                           "--websocket_connect_timeout", "30", "cardavia.asgi:application"])
        deadline = time.monotonic() + 90  # a loaded machine may take half a minute to import Django
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"daphne did not answer; see {self.workdir / f'{name}.log'}")

    def start_worker(self, name: str = "worker") -> None:
        self._spawn(name, [sys.executable, "-m", "celery", "-A", "cardavia", "worker", "--pool=solo",
                           "--loglevel=info", "--without-gossip", "--without-mingle",
                           f"--hostname={name}-{uuid.uuid4().hex[:8]}@%h"])

    def pid(self, name: str) -> int:
        return self.processes[name].pid

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


@contextmanager
def embedded(workdir: Path, **extra: str) -> Iterator[Site]:
    """The embedded default: one daphne on a SQLite file, in-memory layer, computers in-process."""
    site = Site(base_env(CARDAVIA_SQLITE_PATH=str(workdir / "site.sqlite3"), **extra), workdir)
    site.manage("migrate", "--noinput")
    try:
        site.start_web()
        yield site
    finally:
        site.stop()


@contextmanager
def redis_database() -> Iterator[str]:
    """A Redis database number (1–15) that no other run on this machine holds meanwhile."""
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
    raise RuntimeError("every Redis database 1–15 is held by another run")


@contextmanager
def services(workdir: Path, webs: int = 1, workers: int = 1, **extra: str) -> Iterator[Site]:
    """Services mode: a fresh PostgreSQL database, a Redis database, `webs` daphnes and `workers` workers."""
    import psycopg
    import redis

    name = f"cardavia_live_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    with redis_database() as redis_url:
        redis.Redis.from_url(redis_url).flushdb()
        site = Site(base_env(CARDAVIA_DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{name}",
                             CARDAVIA_REDIS_URL=redis_url, **extra), workdir)
        try:
            site.manage("migrate", "--noinput")
            for number in range(workers):
                site.start_worker("worker" if number == 0 else f"worker{number + 1}")
            for number in range(webs):
                site.start_web("web" if number == 0 else f"web{number + 1}")
            yield site
        finally:
            site.stop()
            with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

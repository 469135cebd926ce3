"""The fair-play tests again, on PostgreSQL: the seed migration (bigint to hex text) and 256-bit seeds
inside jsonb states are PostgreSQL's own business."""

from __future__ import annotations

import subprocess
import sys
import uuid

import pytest

from tests.conftest import require
from tests.live.conftest import ROOT, answers, base_env

pytestmark = pytest.mark.services


def test_the_fairplay_suite_passes_on_postgresql():
    require(answers("127.0.0.1", 5432), "PostgreSQL does not answer on 127.0.0.1:5432")
    env = base_env(CARDAVIA_DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/cardavia_{uuid.uuid4().hex[:10]}")
    run = subprocess.run([sys.executable, "-m", "pytest", "tests/fairplay", "-q", "-p", "no:cacheprovider"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]

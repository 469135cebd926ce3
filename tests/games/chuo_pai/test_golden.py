"""The golden playthrough: rule changes show as a diff of golden/seed_7.txt.

Regenerate on purpose only: `UPDATE_GOLDEN=1 .venv/bin/pytest tests/games/chuo_pai/test_golden.py`.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.games.chuo_pai.transcript import transcript

GOLDEN = Path(__file__).parent / "golden" / "seed_7.txt"


def test_golden_playthrough_of_seed_7():
    text = transcript(7)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")

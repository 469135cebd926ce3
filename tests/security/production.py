"""The production variables exactly as README.md's "In production" lists them, for the tests to set."""

from __future__ import annotations

import re
import secrets

from bench.site import ROOT

BLOCK = re.compile(r"## In production\n.*?```sh\n(.*?)```", re.S)
LINE = re.compile(r"^export (CARDAVIA_\w+)=(\S+)", re.M)


def readme_production_env() -> dict[str, str]:
    """{name: value} from the README's block; the secret key's `$(python3 …)` becomes a fresh random key."""
    block = BLOCK.search((ROOT / "README.md").read_text()).group(1)
    variables = dict(LINE.findall(block))
    assert variables, "README.md's 'In production' section lists no variables"
    return {name: secrets.token_urlsafe(50) if value.startswith("$(") else value for name, value in variables.items()}


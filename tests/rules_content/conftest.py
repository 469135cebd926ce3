"""The live site and Chromium come from tests/live: imported, not moved."""

from tests.live.conftest import artifacts, browser, embedded_site  # noqa: F401

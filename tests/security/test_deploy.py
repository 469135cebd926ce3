"""`manage.py check --deploy` with README.md's production variables set: not a single warning."""

from __future__ import annotations

import subprocess
import sys

from bench.site import ROOT, base_env
from tests.security.production import readme_production_env


def check_deploy(variables: dict[str, str]) -> subprocess.CompletedProcess:
    env = base_env()
    env.update(variables)
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_check_deploy_with_the_readme_production_variables_reports_no_issue():
    result = check_deploy(readme_production_env())
    assert result.returncode == 0, result.stderr + result.stdout
    assert "System check identified no issues" in result.stdout


def test_without_the_tls_variables_check_deploy_names_what_is_missing():
    """The same check notices each variable: the test above passes because of them, not in spite of it."""
    variables = readme_production_env()
    for name in ("CARDAVIA_HSTS_SECONDS", "CARDAVIA_SSL_REDIRECT", "CARDAVIA_SECURE_COOKIES",
                 "CARDAVIA_HSTS_INCLUDE_SUBDOMAINS", "CARDAVIA_HSTS_PRELOAD"):
        del variables[name]
    result = check_deploy(variables)
    assert result.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in result.stderr

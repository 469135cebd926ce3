"""The session, CSRF and player cookies: HttpOnly, SameSite=Lax, and Secure when the production variables
say so (the settings module is run with README.md's variables, not patched by hand)."""

from __future__ import annotations

import runpy

import pytest
from django.contrib.auth.models import User

from bench.site import ROOT
from rooms import identity
from tests.security.production import readme_production_env

pytestmark = pytest.mark.django_db
COOKIE_SETTINGS = ("SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SESSION_COOKIE_HTTPONLY", "CSRF_COOKIE_HTTPONLY",
                   "SESSION_COOKIE_SAMESITE", "CSRF_COOKIE_SAMESITE")


def production_settings(monkeypatch) -> dict:
    for name, value in readme_production_env().items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(ROOT / "cardavia" / "settings.py"))


def cookies_of_a_visit(client) -> dict:
    """A guest opens a table (player cookie), reads a page with a form (CSRF), logs in (session)."""
    cookies = {}
    cookies.update(client.post("/de/tisch/dou_dizhu/solo/").cookies)
    cookies.update(client.get("/de/konto/anmelden/").cookies)
    User.objects.create_user("ada", password="ein langes Passwort 7")
    response = client.post("/de/konto/anmelden/", {"username": "ada", "password": "ein langes Passwort 7"})
    assert response.status_code == 302
    cookies.update(response.cookies)
    return cookies


NAMES = ("sessionid", "csrftoken", identity.COOKIE)


def test_every_cookie_is_httponly_and_samesite_lax(client):
    cookies = cookies_of_a_visit(client)
    for name in NAMES:
        # not Secure: the embedded default also serves plain http://127.0.0.1
        assert (cookies[name]["secure"], cookies[name]["httponly"], cookies[name]["samesite"]) == ("", True, "Lax")


def test_with_the_production_variables_every_cookie_is_secure(client, settings, monkeypatch):
    production = production_settings(monkeypatch)
    for setting in COOKIE_SETTINGS:
        setattr(settings, setting, production[setting])
    cookies = cookies_of_a_visit(client)
    for name in NAMES:
        assert (cookies[name]["secure"], cookies[name]["httponly"], cookies[name]["samesite"]) == (True, True, "Lax")


def test_with_the_production_variables_plain_http_is_redirected_and_https_gets_hsts(client, settings, monkeypatch):
    production = production_settings(monkeypatch)
    for setting in ("SECURE_SSL_REDIRECT", "SECURE_PROXY_SSL_HEADER", "SECURE_HSTS_SECONDS",
                    "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD", "SECURE_REDIRECT_EXEMPT"):
        setattr(settings, setting, production[setting])
    plain = client.get("/de/")
    assert plain.status_code == 301 and plain["Location"] == "https://testserver/de/"
    assert client.get("/healthz").status_code == 200  # health checks from inside the container
    secure = client.get("/de/", headers={"X-Forwarded-Proto": "https"})  # as the TLS proxy passes it on
    assert secure.status_code == 200
    assert secure["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"

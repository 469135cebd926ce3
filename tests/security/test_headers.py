"""Security headers on every response: pages, htmx partials, static files, card pictures, error pages."""

from __future__ import annotations

import re

import pytest

from bench.site import ROOT

pytestmark = pytest.mark.django_db

EXPECTED = {
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}


def directives(policy: str) -> dict[str, list[str]]:
    return {name: values for name, *values in (part.split() for part in policy.split(";") if part.strip())}


def assert_secured(response) -> None:
    for header, value in EXPECTED.items():
        assert response.headers.get(header) == value, (header, response.status_code)
    assert "camera=()" in response.headers["Permissions-Policy"]
    csp = directives(response.headers["Content-Security-Policy"])
    assert csp["script-src"] == ["'self'"]  # no 'unsafe-inline', no 'unsafe-eval', no host but ours
    assert csp["default-src"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["object-src"] == ["'none'"]
    assert "'unsafe-inline'" not in csp["style-src"]  # only style attributes may be inline (style-src-attr)


@pytest.mark.parametrize("url", ["/de/", "/en/", "/de/spiele/dou-dizhu/", "/de/konto/anmelden/", "/healthz",
                                 "/karten/french/AS.svg", "/static/js/table.js", "/static/css/cardavia.css",
                                 "/static/fonts/cardavia-cjk.woff2"])
def test_pages_static_files_and_card_pictures_carry_the_security_headers(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    assert_secured(response)


def test_an_htmx_partial_carries_them_too(client):
    response = client.get("/de/spiele/dou-dizhu/", headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert_secured(response)


@pytest.mark.parametrize(("url", "host", "status"), [("/de/gibt-es-nicht/", "testserver", 404),
                                                     ("/de/", "evil.example", 400)])  # a host not allowed
def test_error_pages_carry_them(client, url, host, status):
    response = client.get(url, headers={"Host": host})
    assert response.status_code == status
    assert_secured(response)


@pytest.mark.urls("tests.security.urls")
def test_the_server_error_page_carries_them(client):
    client.raise_request_exception = False
    response = client.get("/fehler/")
    assert response.status_code == 500
    assert_secured(response)


def test_no_template_has_an_inline_script_or_event_handler():
    """What the policy would block: <script> without src, on…= attributes, javascript: links, hx-on (eval)."""
    templates = [path for folder in ("templates", "accounts/templates", "rooms", "rules_content/templates")
                 for path in (ROOT / folder).rglob("*.html")]
    assert len(templates) > 50
    for path in templates:
        html = path.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), path
        assert not re.search(r"\son[a-z]+\s*=", html), path
        assert not re.search(r"javascript:|hx-on|hx-vars|hx-vals=[\"']js:", html), path

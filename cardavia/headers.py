"""The Permissions-Policy header (Django sets the other security headers, django-csp the CSP)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin


class PermissionsPolicyMiddleware(MiddlewareMixin):
    """Sends settings.PERMISSIONS_POLICY with every response: browser features no page of the site uses.
    (MiddlewareMixin: it runs in the ASGI chain without a hop to a thread.)"""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response

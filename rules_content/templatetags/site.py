"""Site-wide tags for base.html: the same page in the other languages."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.urls import translate_url
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag(takes_context=True)
def language_alternates(context: template.Context) -> SafeString:
    """<link rel="alternate" hreflang> for every language, and x-default (German, the default)."""
    request = context.get("request")
    if request is None:
        return SafeString("")
    urls = [(code, request.build_absolute_uri(translate_url(request.path, code))) for code, _ in settings.LANGUAGES]
    links = format_html_join("\n  ", '<link rel="alternate" hreflang="{}" href="{}">', urls)
    default = dict(urls)[settings.LANGUAGE_CODE]
    return format_html('{}\n  <link rel="alternate" hreflang="x-default" href="{}">', links, default)

"""Cardavia's project package: settings, URLs, the ASGI application and the Celery app."""

from cardavia.celery import app as celery_app

__all__ = ["celery_app"]

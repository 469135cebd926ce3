"""The Celery app: computer turns run as tasks (eager in the embedded default, workers on Redis)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")

app = Celery("cardavia")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

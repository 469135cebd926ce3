"""The Celery app: computer turns run as tasks (eager in the embedded default, workers on Redis)."""

import os

from celery import Celery
from celery.signals import worker_init

from cardavia import collector

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")

app = Celery("cardavia")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def settle(**kwargs) -> None:
    collector.settle()  # the worker is loaded (its tasks imported): what exists now lives as long as it does

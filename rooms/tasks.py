"""Celery tasks: thin adapters to `rooms.services`; idempotent by deal version, so acks_late is safe."""

from celery import shared_task
from celery.signals import worker_ready

from rooms import services


@shared_task(acks_late=True, autoretry_for=(ConnectionError,), max_retries=3)
def play_computer_turn(deal_id: int, version: int) -> None:
    services.play_computer_turn(deal_id, version)


@worker_ready.connect
def resume_after_restart(**kwargs: object) -> None:
    """A worker that (re)starts picks up computer turns whose tasks died with an earlier process."""
    services.resume_computer_turns()

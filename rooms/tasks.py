"""Celery tasks: thin adapters to `rooms.services`; idempotent by deal version, so acks_late is safe."""

from celery import shared_task

from rooms import services


@shared_task(acks_late=True, autoretry_for=(ConnectionError,), max_retries=3)
def play_computer_turn(deal_id: int, version: int) -> None:
    services.play_computer_turn(deal_id, version)

"""Celery tasks: thin adapters to `rooms.services`, `rooms.presence` and the tables' hints. Each is idempotent (by deal
version, deadline or the time a page closed), so acks_late, retries and re-queues are safe."""

from celery import shared_task
from celery.signals import worker_ready

from rooms import presence, services, tables


@shared_task(acks_late=True, autoretry_for=(ConnectionError,), max_retries=3)
def play_computer_turn(deal_id: int, version: int) -> None:
    services.play_computer_turn(deal_id, version)


@shared_task(acks_late=True, autoretry_for=(ConnectionError,), max_retries=3)
def clock_expired(deal_id: int, seat: int, due: float) -> None:
    services.clock_expired(deal_id, seat, due)


@shared_task(acks_late=True, autoretry_for=(ConnectionError,), max_retries=3)
def give_hint(deal_id: int, seat: int, version: int) -> None:
    tables.give_hint(deal_id, seat, version)


@shared_task(acks_late=True, autoretry_for=(ConnectionError,), max_retries=3)
def check_gone(room_id: int, seat: int, left_at: float) -> None:
    presence.check_gone(room_id, seat, left_at)


@worker_ready.connect
def resume_after_restart(**kwargs: object) -> None:
    """A worker that (re)starts picks up the computer turns and clocks whose tasks died with an earlier
    process (a task with a countdown waits in the worker that fetched it)."""
    services.resume_computer_turns()
    presence.resume_checks()

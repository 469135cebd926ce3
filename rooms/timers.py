"""Run a task later: the computers' paced turns, the turn clock, the check that an absent person is gone.

In services mode a Celery worker runs it (`countdown`), so it survives a restart of the web process;
tasks are idempotent, and what a dead worker held is queued again when a worker starts or a page
reconnects (rooms.services.resume_*). In the embedded default (Celery eager, one process) the task
runs on this process's event loop after the delay, in a worker thread of its own — not inside the
request or the websocket message that scheduled it. Without a running loop (tests, a management
command) a task due now runs at once and a later one is left to `resume_room` of the next page.
"""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import sync_to_async
from django.conf import settings
from django.utils.module_loading import import_string

log = logging.getLogger(__name__)
_loop: asyncio.AbstractEventLoop | None = None
_running: set[asyncio.Future] = set()  # the loop keeps only weak references to its tasks


def bind(loop: asyncio.AbstractEventLoop) -> None:
    """The web process's event loop, which runs the embedded default's timers (set by the consumer)."""
    global _loop
    _loop = loop


def loop() -> asyncio.AbstractEventLoop | None:
    """The web process's running event loop, if this process is one."""
    return _loop if _loop is not None and _loop.is_running() else None


def later(delay: float, task_path: str, *args: object) -> None:
    task = import_string(task_path)
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        task.apply_async(args=args, countdown=max(delay, 0))
        return
    running = loop()
    if delay > 0 and running is not None:
        running.call_soon_threadsafe(running.call_later, delay, _start, task, args)
    elif delay <= 0:
        task.apply(args=args)
    else:
        log.debug("no event loop for %s%r in %.1f s: left to the next page's resume", task_path, args, delay)


def _start(task: object, args: tuple) -> None:
    future = asyncio.ensure_future(sync_to_async(_run, thread_sensitive=False)(task, args))
    _running.add(future)
    future.add_done_callback(_running.discard)


def _run(task: object, args: tuple) -> None:
    from django.db import close_old_connections

    try:
        task.apply(args=args)
    except Exception:
        log.exception("timer task %s%r failed", task, args)
    finally:
        close_old_connections()

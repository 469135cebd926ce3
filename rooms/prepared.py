"""Reads the door runs on every move, compiled to SQL once per database connection (issue 13).

Django builds and compiles a queryset anew on every call. For the door's two reads (the deal with its room
and whether the action was already applied; the room's seats with their accounts) that was about 2.5 ms of
CPU a move on the 2-core machine, a third of the door's, while only the ids in them change. A `Prepared`
read builds its queryset once with placeholder arguments and keeps the compiler Django made for it, which
also knows how to turn the rows into model instances (the columns, the related objects, the JSON fields'
converters); each call runs that SQL with the call's arguments, through the queryset's own iteration.

The compiler belongs to one connection (a thread's), so one is kept per connection. A placeholder must reach
the SQL's parameters unchanged (an int or a str compared for equality, as `filter(pk=…)` and
`filter(action_id=…)` pass them); one that does not is an error at the first call, not a wrong query. The
int placeholders fit a 32-bit column: PostgreSQL's backend turns a value out of a column's range into an
empty query.
"""

from __future__ import annotations

import copy
import threading
import weakref
from collections.abc import Callable
from functools import cached_property
from typing import Any

from django.db import connections
from django.db.models import Model, QuerySet

_PLACEHOLDERS = {int: lambda i: 2_147_483_000 + i, str: lambda i: f"\x1fprepared-{i}\x1f"}


class Prepared:
    """`Prepared(build, int, str)(5, "x")` returns `list(build(5, "x"))`, compiled once per connection."""

    def __init__(self, build: Callable[..., QuerySet], *kinds: type) -> None:
        self._build = build
        self._placeholders = tuple(_PLACEHOLDERS[kind](i) for i, kind in enumerate(kinds))
        self._compiled: weakref.WeakKeyDictionary[Any, tuple[Any, str, tuple]] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    @cached_property
    def _queryset(self) -> QuerySet:  # built at the first call: models are not ready when a module is imported
        return self._build(*self._placeholders)

    def __call__(self, *args: object) -> list[Model]:
        connection = connections[self._queryset.db]
        compiled = self._compiled.get(connection)
        if compiled is None:
            compiled = self._compile(connection)
        compiler, sql, slots = compiled
        params = tuple(args[slot] if isinstance(slot, _Slot) else slot for slot in slots)
        run = copy.copy(compiler)
        run.as_sql = lambda *_args, **_kwargs: (sql, params)
        queryset = self._queryset._chain()
        queryset.query.get_compiler = lambda *_args, **_kwargs: run
        return list(queryset)

    def _compile(self, connection: Any) -> tuple[Any, str, tuple]:
        compiler = self._queryset.query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        slots = tuple(_Slot(self._placeholders.index(p)) if p in self._placeholders else p for p in params)
        missing = set(range(len(self._placeholders))) - {s for s in slots if isinstance(s, _Slot)}
        if missing:
            raise ValueError(f"arguments {sorted(missing)} do not reach the SQL's parameters unchanged: {sql}")
        with self._lock:
            self._compiled[connection] = (compiler, sql, slots)
        return compiler, sql, slots


class _Slot(int):
    """The position of a call's argument among the SQL's parameters."""

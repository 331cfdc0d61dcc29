"""Pacing work under bursts: diagnostics republished once per quiet spell, stale hovers skipped."""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Executor
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")

# Diagnostics follow an edit within this many seconds; a storm of edits costs one publish per
# window instead of one per keystroke.
REPUBLISH_DELAY = 0.15


class Batched(Generic[K]):
    """Calls ``action(keys)`` at most once per ``delay`` seconds, with every key asked for
    since the last call. The first ask of a quiet spell starts the window."""

    def __init__(self, action: Callable[[set[K]], None], delay: float = REPUBLISH_DELAY) -> None:
        self.action = action
        self.delay = delay
        self.pending: set[K] = set()
        self._timer: asyncio.TimerHandle | None = None

    def ask(self, key: K) -> None:
        self.pending.add(key)
        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self.delay, self._fire)

    def _fire(self) -> None:
        keys, self.pending, self._timer = self.pending, set(), None
        if keys:
            self.action(keys)


class LatestOnly(Generic[K]):
    """Runs jobs on an executor; a job not yet started when a newer one for the same key
    arrives, or whose request was cancelled, is skipped and gives None. A client shows only
    its latest hover, so a burst of them costs one run, not one per request."""

    def __init__(self, executor: Executor) -> None:
        self.executor = executor
        self._latest: dict[K, int] = {}
        self._tickets = itertools.count()

    async def run(self, key: K, job: Callable[[], T]) -> T | None:
        ticket = next(self._tickets)
        self._latest[key] = ticket
        cancelled = threading.Event()

        def guarded() -> T | None:
            if cancelled.is_set() or self._latest.get(key) != ticket:
                return None
            return job()

        try:
            return await asyncio.get_running_loop().run_in_executor(self.executor, guarded)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        finally:
            if self._latest.get(key) == ticket:
                del self._latest[key]

"""The CPU-bound work of the studio (decks, previews, the other games' material) in worker
processes, so that the server keeps answering while they draw.

One process per core by default (``pnp serve --workers``; 0 runs the jobs in the server's own
process, one at a time: for tests), started and warmed at the server's
start (:func:`generator.web.service.warm`: fonts, data, drawing modules), so a build costs its
drawing and nothing else. Identical jobs asked at once run once: the second caller awaits the
first one's answer. A worker that dies (killed, out of memory) takes its pool with it: the pool
is started again and the job fails with an error the app reports as 503, never a hang.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Awaitable, Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar, cast

T = TypeVar("T")


class WorkerLost(RuntimeError):
    """A worker process died during the job (its pool is started again)."""


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


class Jobs:
    """A pool of warmed worker processes, and the jobs in flight by key."""

    def __init__(self, workers: int, warm: Callable[[], None] | None = None) -> None:
        self.workers = workers
        self._warm = warm
        self._pool: ProcessPoolExecutor | None = None
        self._running: dict[Hashable, asyncio.Future[Any]] = {}

    def start(self) -> None:
        if self._pool is None and self.workers > 0:
            # forkserver: workers that do not inherit the server's threads or sockets
            context = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=self._warm
            )

    def stop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    async def run(self, key: Hashable, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in a worker; callers with the same ``key`` share one run."""
        return await self.once(key, lambda: self._submit(function, *args))

    async def once(self, key: Hashable, make: Callable[[], Awaitable[T]]) -> T:
        """``make()``, awaited once for the callers that ask with the same ``key`` while it
        runs: the others await its answer (or its error)."""
        running = self._running.get(key)
        if running is not None:
            return cast(T, await asyncio.shield(running))
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        try:
            result = await make()
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when nobody shares it
            raise
        else:
            future.set_result(result)
            return result
        finally:
            del self._running[key]

    async def _submit(self, function: Callable[..., Any], *args: Any) -> Any:
        if self.workers == 0:  # in the server's own process, one job at a time (tests)
            return function(*args)
        self.start()
        assert self._pool is not None
        try:
            return await asyncio.wrap_future(self._pool.submit(function, *args))
        except BrokenProcessPool:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            raise WorkerLost() from None

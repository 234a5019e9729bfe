"""Debounced work per document: a newer request for a document cancels the older one."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


class DocumentScheduler:
    """Runs ``work(uri)`` after a delay, at most one pending or running task per document;
    ``on_idle()`` after the last task of a busy spell ends."""

    def __init__(self, work: Callable[[str], Awaitable[None]], on_idle: Callable[[], None] | None = None) -> None:
        self._work = work
        self._on_idle = on_idle
        self._tasks: dict[str, asyncio.Task[None]] = {}

    @property
    def idle(self) -> bool:
        """No work pending or running."""
        return not self._tasks

    def schedule(self, uri: str, delay_s: float) -> None:
        """(Re)start the work for ``uri`` after ``delay_s`` seconds, cancelling older work."""
        self.cancel(uri)
        self._tasks[uri] = asyncio.ensure_future(self._delayed(uri, delay_s))

    async def _delayed(self, uri: str, delay_s: float) -> None:
        try:
            if delay_s > 0:
                await asyncio.sleep(delay_s)
            await self._work(uri)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug must not kill the server: log it
            log.exception("work on %s failed", uri)
        finally:
            if self._tasks.get(uri) is asyncio.current_task():
                del self._tasks[uri]
                if not self._tasks and self._on_idle is not None:
                    self._on_idle()

    def cancel(self, uri: str) -> None:
        """Cancel pending or running work for ``uri``."""
        task = self._tasks.pop(uri, None)
        if task is not None:
            task.cancel()

    def cancel_all(self) -> None:
        for uri in list(self._tasks):
            self.cancel(uri)

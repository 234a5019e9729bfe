"""Server-initiated work-done progress (``window/workDoneProgress/create`` and
``$/progress``): for loading the model, and for any check that runs longer than a second."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable

from lsprotocol import types
from pygls.lsp.server import LanguageServer

log = logging.getLogger(__name__)

TITLE = "edgegram"
CHECK_PROGRESS_AFTER_S = 1.0  # a check running longer than this shows progress


class ClientProgress:
    """One progress bar in the client, or nothing when the client cannot show it."""

    def __init__(self, server: LanguageServer) -> None:
        self._server = server
        self._token: str | None = None

    async def begin(self, message: str, percentage: int = 0) -> bool:
        """Create and begin the bar; False when the client cannot or will not show it."""
        capabilities = self._server.client_capabilities
        if not (capabilities.window and capabilities.window.work_done_progress):
            return False
        token = f"edgegram-{uuid.uuid4().hex}"
        try:
            await self._server.work_done_progress.create_async(token)
        except Exception as error:  # the client refused: carry on without progress
            log.debug("no progress: %s", error)
            return False
        self._token = token
        self._server.work_done_progress.begin(
            token, types.WorkDoneProgressBegin(title=TITLE, message=message, percentage=percentage, cancellable=False)
        )
        return True

    def report(self, message: str, percentage: int) -> None:
        if self._token:
            self._server.work_done_progress.report(
                self._token, types.WorkDoneProgressReport(message=message, percentage=percentage)
            )

    def end(self, message: str) -> None:
        if self._token:
            self._server.work_done_progress.end(self._token, types.WorkDoneProgressEnd(message=message))
            self._token = None


class CheckProgress:
    """Progress of one check, shown only once it has run (not waited in the queue) for
    ``CHECK_PROGRESS_AFTER_S``, and not while ``hidden()`` (several documents are being
    checked interleaved: :class:`QueueProgress` shows them).

    :meth:`started` and :meth:`update` may be called from the checker's thread; everything
    else runs on the event loop.
    """

    def __init__(self, server: LanguageServer, name: str, hidden: Callable[[], bool] = lambda: False) -> None:
        self._bar = ClientProgress(server)
        self._hidden = hidden
        self._message = f"Checking {name}"
        self._percentage = 0
        self._shown = False
        self._finished = False
        self._loop = asyncio.get_running_loop()
        self._timer: asyncio.TimerHandle | None = None

    def started(self) -> None:
        """The check begins to run (thread-safe)."""
        self._loop.call_soon_threadsafe(self._arm)

    def _arm(self) -> None:
        if not self._finished and self._timer is None:
            self._timer = self._loop.call_later(CHECK_PROGRESS_AFTER_S, lambda: asyncio.ensure_future(self._show()))

    async def _show(self) -> None:
        if self._hidden():
            return
        shown = await self._bar.begin(self._message, self._percentage)
        if shown and self._finished:
            self._bar.end("Done")
        self._shown = shown and not self._finished

    def update(self, done: int, total: int) -> None:
        """Sentences done of those to run (thread-safe)."""
        percentage = int(100 * done / total) if total else 100
        self._loop.call_soon_threadsafe(self._set, percentage)

    def _set(self, percentage: int) -> None:
        if percentage <= self._percentage:
            return
        self._percentage = percentage
        if self._shown and not self._finished:
            self._bar.report(self._message, percentage)

    def finish(self) -> None:
        self._finished = True
        if self._timer is not None:
            self._timer.cancel()
        if self._shown:
            self._bar.end("Done")
            self._shown = False


ProgressFactory = Callable[[str], CheckProgress]


class QueueProgress:
    """ "Checking documents: 3 of 50" while several checks wait for the checker, once such a
    busy spell has lasted ``CHECK_PROGRESS_AFTER_S`` (50 documents opened at once)."""

    def __init__(self, server: LanguageServer) -> None:
        self._server = server
        self._bar: ClientProgress | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._total = 0
        self._done = 0

    @property
    def busy(self) -> bool:
        """Whether several checks are outstanding."""
        return self._total - self._done >= 2

    def added(self) -> None:
        self._total += 1
        if self._timer is None and self._bar is None:
            self._timer = asyncio.get_running_loop().call_later(
                CHECK_PROGRESS_AFTER_S, lambda: asyncio.ensure_future(self._show())
            )

    async def _show(self) -> None:
        self._timer = None
        if not self.busy or self._bar is not None:
            return
        bar = self._bar = ClientProgress(self._server)
        if not await bar.begin(self._message(), self._percentage()) and self._bar is bar:
            self._bar = None

    def _message(self) -> str:
        return f"Checking documents: {self._done} of {self._total}"

    def _percentage(self) -> int:
        return int(100 * self._done / self._total) if self._total else 100

    def finished(self) -> None:
        self._done += 1
        if self._done < self._total:
            if self._bar is not None:
                self._bar.report(self._message(), self._percentage())
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._bar is not None:
            self._bar.end(f"Checked {self._total} documents")
            self._bar = None
        self._total = self._done = 0

"""Running a checker on a document: markup masking around it, and a per-document cache so
that re-publishing (settings, dictionary, ignore) never re-runs it.

Checks run in a single worker thread, off the event loop; work for a text that is no
longer the latest one requested for its document is skipped before it starts, and a
running one stops at the next sentence.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass

from engine.errors import CheckStopped
from engine.types import Edit

from .checkers import Progress, TextChecker
from .loader import CheckerLoader
from .markup import drop_skipped, mask
from .progress import ProgressFactory

log = logging.getLogger(__name__)


def check_document(
    checker: TextChecker,
    text: str,
    language: str | None,
    should_stop: Callable[[], bool] | None = None,
    progress: Progress | None = None,
) -> tuple[Edit, ...]:
    """The checker's edits for a document, with markup hidden and edits in it dropped."""
    masked = mask(text, language)
    return tuple(drop_skipped(checker.check(masked.text, progress=progress, should_stop=should_stop), masked))


class Obsolete(Exception):
    """The text was replaced by a newer one before or while it was checked."""


@dataclass(frozen=True)
class _Entry:
    text: str
    language: str | None
    result: asyncio.Future[tuple[Edit, ...] | None]


class Analyses:
    """Edits per document URI, computed once per (text, language) and checker."""

    def __init__(self, loader: CheckerLoader, executor: Executor, progress: ProgressFactory | None = None) -> None:
        self._loader = loader
        self._executor = executor
        self._progress = progress  # makes the progress bar of a check, given the document's URI
        self._entries: dict[str, _Entry] = {}
        self.stopped = False  # set on shutdown: running checks stop at the next sentence

    def _obsolete(self, uri: str, text: str) -> bool:
        latest = self._entries.get(uri)
        return self.stopped or latest is None or latest.text != text

    def _run(
        self, uri: str, entry_text: str, checker: TextChecker, language: str | None, progress: Progress | None
    ) -> tuple[Edit, ...]:
        if self._obsolete(uri, entry_text):
            raise Obsolete(uri)
        try:
            return check_document(checker, entry_text, language, lambda: self._obsolete(uri, entry_text), progress)
        except CheckStopped as stopped:
            raise Obsolete(uri) from stopped

    async def _compute(self, uri: str, text: str, language: str | None) -> tuple[Edit, ...] | None:
        checker = await self._loader.get()
        if checker is None:
            return None
        loop = asyncio.get_running_loop()
        progress = self._progress(uri) if self._progress else None
        try:
            return await loop.run_in_executor(
                self._executor, self._run, uri, text, checker, language, progress.update if progress else None
            )
        except (Obsolete, asyncio.CancelledError):
            raise
        except Exception:  # a checker bug must not take the server down: no diagnostics
            log.exception("checking %s failed", uri)
            return None
        finally:
            if progress:
                progress.finish()

    async def edits(self, uri: str, text: str, language: str | None) -> tuple[Edit, ...] | None:
        """The edits for ``text`` (None when no checker could be loaded).

        Raises :class:`Obsolete` when a newer text of the same document was asked for
        before this one's check started.
        """
        entry = self._entries.get(uri)
        if entry is None or entry.text != text or entry.language != language:
            entry = _Entry(text, language, asyncio.ensure_future(self._compute(uri, text, language)))
            self._entries[uri] = entry
            entry.result.add_done_callback(lambda f: self._forget_failed(uri, entry, f))
        return await asyncio.shield(entry.result)

    def _forget_failed(self, uri: str, entry: _Entry, future: asyncio.Future) -> None:
        """Drop an entry whose check was cancelled or made obsolete, so it is not reused."""
        failed = future.cancelled() or future.exception() is not None
        if failed and self._entries.get(uri) is entry:
            del self._entries[uri]

    def forget(self, uri: str) -> None:
        """Drop what is known about a (closed) document."""
        self._entries.pop(uri, None)

    def clear(self) -> None:
        """Drop every result (the checker changed)."""
        self._entries.clear()

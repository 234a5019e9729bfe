"""Running a checker on a document: prose extraction around it, and a per-document cache so
that re-publishing (settings, dictionary, ignore) never re-runs it.

Checks run in the checker's one worker thread (:class:`edgegram.lsp_server.check_queue.CheckQueue`),
off the event loop, one piece per job, so that documents checked at the same time are
checked interleaved, the active one first; work for a text that is no longer the latest one
requested for its document is skipped before it starts, and a running one stops at the
next sentence; a piece of another document's check gives way to work waiting for the active
one, and runs again (its finished sentences cached) on its next turn.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from edgegram.engine.core.errors import CheckStopped
from edgegram.engine.core.types import Edit, Threshold
from edgegram.engine.document import document_edits
from edgegram.engine.prose import ProseCache, ProseOptions, mask

from .check_queue import CheckQueue
from .checkers import Progress, TextChecker
from .loader import CheckerLoader
from .progress import CheckProgress, ProgressFactory, QueueProgress
from .progressive import PIECE_CHARS, Piece, carried_over, changed_region, merged, pieces

log = logging.getLogger(__name__)


class DocumentCheck:
    """The check of one document's text, run a step at a time: each step checks one piece
    (see :mod:`edgegram.lsp_server.progressive`), the piece holding ``focus`` first, and a
    last step checks the whole text again (every sentence is cached by then), since the
    engine calibrates confidences over the whole document; the result is that of one check
    of the whole text. ``piecewise=False`` checks the whole text in one step (a small edit
    of a checked document). ``prose``: the document's :class:`ProseCache`, so that only
    what changed is masked again."""

    def __init__(
        self,
        checker: TextChecker,
        text: str,
        language: str | None,
        options: ProseOptions = ProseOptions(),
        focus: int = 0,
        piecewise: bool = True,
        prose: ProseCache | None = None,
        min_confidence: Threshold | None = None,
    ) -> None:
        self._checker = checker
        self._min_confidence = min_confidence
        self.masked = mask(text, language, options, prose)
        self.order = pieces(self.masked.text, focus) if piecewise else [(0, len(self.masked.text))]
        self.checked: dict[Piece, tuple[Edit, ...]] = {}  # the pieces checked so far
        self.result: tuple[Edit, ...] | None = None  # set by the last step

    @property
    def steps(self) -> int:
        return len(self.order) + (len(self.order) > 1)

    def step(self, should_stop: Callable[[], bool] | None = None, progress: Progress | None = None) -> bool:
        """Check the next piece (or the whole text, last); whether the check is done."""
        masked, number = self.masked, len(self.checked)
        if number == len(self.order):
            found = self._checker.check(masked.text, should_stop=should_stop, min_confidence=self._min_confidence)
            self.result = tuple(document_edits(found, masked, self._min_confidence))
            return True
        start, end = self.order[number]
        piece_progress = None
        if progress is not None:

            def piece_progress(done: int, total: int) -> None:
                progress(1000 * number + (1000 * done) // max(total, 1), 1000 * self.steps)

        # every piece but the first (kept alone, for its early results) is checked with the
        # whole text's terms, so the last step finds its paragraphs remembered (Checker.check)
        context = masked.text if number else None
        found = self._checker.check(
            masked.text[start:end],
            progress=piece_progress,
            should_stop=should_stop,
            context=context,
            min_confidence=self._min_confidence,
        )
        if start:
            found = [e.moved(start) for e in found]
        self.checked[(start, end)] = tuple(document_edits(found, masked, self._min_confidence, start, end))
        if progress is not None:
            progress(1000 * (number + 1), 1000 * self.steps)
        if len(self.order) > 1:
            return False
        self.result = self.checked[(start, end)]
        return True


def check_document(
    checker: TextChecker,
    text: str,
    language: str | None,
    options: ProseOptions = ProseOptions(),
    should_stop: Callable[[], bool] | None = None,
    progress: Progress | None = None,
    focus: int = 0,
    on_piece: Callable[[dict[Piece, tuple[Edit, ...]]], None] | None = None,
    piecewise: bool = True,
    prose: ProseCache | None = None,
    min_confidence: Threshold | None = None,
) -> tuple[Edit, ...]:
    """The checker's edits for a document's prose, with the rest hidden and edits in it
    dropped: a :class:`DocumentCheck` run to its end at once; ``on_piece`` gets the results
    so far after each piece but the last."""
    check = DocumentCheck(checker, text, language, options, focus, piecewise, prose, min_confidence)
    while not check.step(should_stop, progress):
        if on_piece is not None and len(check.checked) < len(check.order):
            on_piece(dict(check.checked))
    assert check.result is not None
    return check.result


class Obsolete(Exception):
    """The text was replaced by a newer one before or while it was checked."""


@dataclass(frozen=True)
class _Entry:
    text: str
    language: str | None
    options: ProseOptions
    min_confidence: Threshold | None
    result: asyncio.Future[tuple[Edit, ...] | None]


PARTIAL_AFTER_S = 0.5  # a check shows its results so far after its first piece, then at most this often
PartialResults = Callable[[str, str, list[Edit]], None]  # (uri, text, edits so far)


class Analyses:
    """Edits per document URI, computed once per (text, language, prose options, threshold) and
    checker.

    A check of several pieces hands its results so far to ``on_partial`` (on the event loop)
    after its first piece, then at most every ``PARTIAL_AFTER_S``: the pieces checked, and
    outside them the previous text's results where the text did not change.
    """

    def __init__(
        self,
        loader: CheckerLoader,
        executor: CheckQueue,
        progress: ProgressFactory | None = None,
        on_partial: PartialResults | None = None,
        queue: QueueProgress | None = None,
    ) -> None:
        self._loader = loader
        self._executor = executor
        self._progress = progress  # makes the progress bar of a check, given the document's URI
        self._on_partial = on_partial
        self._queue = queue  # the progress of a burst of checks waiting for the checker
        self._entries: dict[str, _Entry] = {}
        self._last: dict[str, tuple[str, tuple[Edit, ...]]] = {}  # the last completed check per document
        self._prose: dict[str, ProseCache] = {}  # per document: what masking its last version left
        # per document: the (prose-masked) text last given to the checker, whose memos to keep
        self._checked: dict[str, str] = {}
        self._retain_pending = False
        self.stopped = False  # set on shutdown: running checks stop at the next sentence

    def _obsolete(self, uri: str, text: str) -> bool:
        latest = self._entries.get(uri)
        return self.stopped or latest is None or latest.text != text

    async def _run(
        self,
        uri: str,
        text: str,
        checker: TextChecker,
        language: str | None,
        options: ProseOptions,
        focus: int,
        progress: CheckProgress | None,
        min_confidence: Threshold | None = None,
    ) -> tuple[Edit, ...]:
        """Check ``text`` a piece per turn in the checker's queue (the prose extracted in the
        first), so that other documents' work can come between; the results so far are
        shown after the first piece, then at most every ``PARTIAL_AFTER_S``."""
        loop = asyncio.get_running_loop()
        check: DocumentCheck | None = None
        last_shown: float | None = None

        def stop() -> bool:
            return self._obsolete(uri, text) or self._executor.preempting(uri)

        def turn() -> bool:
            """One turn: the next piece (the prose extracted first); whether the check is done."""
            nonlocal check, last_shown
            if self._obsolete(uri, text):
                raise Obsolete(uri)
            if check is None:
                prose = self._prose.setdefault(uri, ProseCache())
                piecewise = self._piecewise(uri, text)
                check = DocumentCheck(checker, text, language, options, focus, piecewise, prose, min_confidence)
                self._checked[uri] = check.masked.text
            if progress is not None and not check.checked:
                progress.started()
            try:
                done = check.step(stop, progress.update if progress is not None else None)
            except CheckStopped as stopped:
                if self._obsolete(uri, text):
                    raise Obsolete(uri) from stopped
                return False  # the active document's work goes first; this piece runs again after it
            now = time.monotonic()
            if not done and len(check.checked) < len(check.order) and (last_shown is None or now - last_shown >= PARTIAL_AFTER_S):
                last_shown = now
                loop.call_soon_threadsafe(self._show_partial, uri, text, dict(check.checked))
            return done

        await asyncio.wrap_future(self._executor.submit_steps(uri, turn))
        assert check is not None and check.result is not None
        if len(check.order) > 1:
            self.retain_memos()  # its pieces were checked with their own document terms first
        return check.result

    def _piecewise(self, uri: str, text: str) -> bool:
        """Whether to check piece by piece: not after a small edit of a checked text, whose
        other sentences are cached (one whole check is quicker then)."""
        last = self._last.get(uri)
        if last is None:
            return True
        start, _, new_end = changed_region(last[0], text)
        return new_end - start >= PIECE_CHARS

    def _show_partial(self, uri: str, text: str, checked: dict[Piece, tuple[Edit, ...]]) -> None:
        if self._on_partial is None or self._obsolete(uri, text):
            return
        last = self._last.get(uri)
        carried = carried_over(last[0], last[1], text) if last is not None else []
        self._on_partial(uri, text, merged(checked, carried))

    async def _compute(
        self, uri: str, text: str, language: str | None, options: ProseOptions, focus: int, min_confidence: Threshold | None
    ) -> tuple[Edit, ...] | None:
        checker = await self._loader.get()
        if checker is None:
            return None
        progress = self._progress(uri) if self._progress else None
        if self._queue is not None:
            self._queue.added()
        try:
            result = await self._run(uri, text, checker, language, options, focus, progress, min_confidence)
            self._last[uri] = (text, result)
            return result
        except (Obsolete, asyncio.CancelledError):
            raise
        except Exception:  # a checker bug must not take the server down: no diagnostics
            log.exception("checking %s failed", uri)
            return None
        finally:
            if progress:
                progress.finish()
            if self._queue is not None:
                self._queue.finished()

    async def edits(
        self,
        uri: str,
        text: str,
        language: str | None,
        options: ProseOptions = ProseOptions(),
        focus: int = 0,
        min_confidence: Threshold | None = None,
    ) -> tuple[Edit, ...] | None:
        """The edits for ``text`` with at least ``min_confidence`` (None: the checker's own
        threshold; None when no checker could be loaded); a new check starts at the piece
        holding offset ``focus``.

        Raises :class:`Obsolete` when a newer text of the same document was asked for
        before this one's check ended.
        """
        entry = self._entries.get(uri)
        key = (text, language, options, min_confidence)
        if entry is None or (entry.text, entry.language, entry.options, entry.min_confidence) != key:
            computed = asyncio.ensure_future(self._compute(uri, text, language, options, focus, min_confidence))
            entry = _Entry(text, language, options, min_confidence, computed)
            self._entries[uri] = entry
            entry.result.add_done_callback(lambda f: self._forget_failed(uri, entry, f))
        return await asyncio.shield(entry.result)

    def _forget_failed(self, uri: str, entry: _Entry, future: asyncio.Future) -> None:
        """Drop an entry whose check was cancelled or made obsolete, so it is not reused."""
        failed = future.cancelled() or future.exception() is not None
        if failed and self._entries.get(uri) is entry:
            del self._entries[uri]

    def forget(self, uri: str) -> None:
        """Drop what is known about a (closed) document (the checker's memos of it go at the
        next :meth:`retain_memos`)."""
        self._entries.pop(uri, None)
        self._last.pop(uri, None)
        self._prose.pop(uri, None)
        self._checked.pop(uri, None)

    def clear(self) -> None:
        """Drop every result (the checker changed)."""
        self._entries.clear()
        self._last.clear()
        self._prose.clear()
        self._checked.clear()

    def retain_memos(self) -> None:
        """Have the checker keep only the memos of the texts of the documents still known
        (``Checker.retain``), on its thread after the work queued before; one such job at a
        time. Closed documents' paragraphs and sentences, older versions of edited ones and
        the variants of a first, piecewise check are dropped: with the 14 techdocs chapters
        checked and closed they held some 13 MB."""
        if self._retain_pending:
            return
        try:
            self._executor.submit(self._retain)
        except RuntimeError:  # shut down: the server is exiting
            return
        self._retain_pending = True

    def _retain(self) -> None:
        self._retain_pending = False
        checker = self._loader.current()
        retain = getattr(checker, "retain", None)
        if retain is not None:
            retain(list(self._checked.values()))

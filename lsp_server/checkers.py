"""What the server needs of a checker (``edgegram.engine.Checker`` or a test double), and how one is
made from the settings. Both the loader and the analyses depend on this; neither on the other's
internals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from edgegram.engine.core.types import Edit, Threshold

from .settings import ServerSettings

Progress = Callable[[int, int], None]  # (sentences done, sentences to run), from the checker's thread


class TextChecker(Protocol):
    """Anything that finds edits in a text, like ``edgegram.engine.Checker``: ``should_stop()`` is
    asked between sentences, and True makes ``check`` raise ``edgegram.engine.core.errors.CheckStopped``;
    ``progress(done, total)`` is told how far it is; ``context`` is the whole document when the
    text is a piece of it; ``min_confidence`` the user's threshold, applied where the engine
    applies it for the CLI (before model and rule edits are merged)."""

    def check(
        self,
        text: str,
        *,
        progress: Progress | None = None,
        should_stop: Callable[[], bool] | None = None,
        context: str | None = None,
        min_confidence: Threshold | None = None,
    ) -> list[Edit]: ...


CheckerFactory = Callable[[ServerSettings], TextChecker]

"""Loading the checker in the background, with work-done progress, so that ``initialize``
answers at once; a failed load is shown to the user and leaves the server answering with
empty results."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor

from .checkers import CheckerFactory, TextChecker
from .progress import ClientProgress
from .settings import ServerSettings

log = logging.getLogger(__name__)


class LoadProgress(ClientProgress):
    """The progress bar of a model load."""


def describe_model(settings: ServerSettings) -> str:
    """Where the checker's model comes from, for messages."""
    return str(settings.model_path) if settings.model_path else "the default model"


class CheckerLoader:
    """Holds the current checker, or the load in progress, or the reason loading failed."""

    def __init__(
        self,
        factory: CheckerFactory,
        executor: Executor,
        on_failure: Callable[[str], None],
    ) -> None:
        self._factory = factory
        self._executor = executor
        self._on_failure = on_failure
        self._task: asyncio.Task[TextChecker | None] | None = None
        self._started: asyncio.Event | None = None
        self.failure: str | None = None

    def _started_event(self) -> asyncio.Event:
        if self._started is None:
            self._started = asyncio.Event()
        return self._started

    def start(self, settings: ServerSettings, progress: LoadProgress) -> None:
        """Begin loading a checker for ``settings`` (replacing any earlier one)."""
        self._task = asyncio.ensure_future(self._load(settings, progress))
        self._started_event().set()

    async def _load(self, settings: ServerSettings, progress: LoadProgress) -> TextChecker | None:
        model = describe_model(settings)
        await progress.begin(f"Loading {model}")
        progress.report(f"Loading {model}", 10)
        loop = asyncio.get_running_loop()
        started = time.monotonic()
        try:
            checker = await loop.run_in_executor(self._executor, self._factory, settings)
        except Exception as error:  # any failure: report it and serve empty results
            self.failure = str(error) or type(error).__name__
            log.error("could not load the checker from %s: %s", model, self.failure)
            progress.end("Failed")
            self._on_failure(f"edgegram could not load its model: {self.failure}")
            return None
        self.failure = None
        log.info("checker ready (%s, loaded in %.1f s)", model, time.monotonic() - started)
        progress.report("Model loaded", 100)
        progress.end("Ready")
        return checker

    def current(self) -> TextChecker | None:
        """The checker if one is loaded now (None while loading, or if loading failed)."""
        task = self._task
        if task is None or not task.done() or task.cancelled() or task.exception() is not None:
            return None
        return task.result()

    async def get(self) -> TextChecker | None:
        """The checker, waiting for a load in progress; None if loading failed."""
        await self._started_event().wait()
        while True:
            task = self._task
            assert task is not None
            result = await asyncio.shield(task)
            if task is self._task:
                return result

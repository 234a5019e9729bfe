"""The server has the checker drop its memos of closed documents and of older texts
(``Checker.retain``, through ``Analyses.retain_memos``), on the checker's thread."""

from __future__ import annotations

import asyncio

from lsp_support.rule_checker import RuleChecker

from edgegram.lsp_server.analysis import Analyses
from edgegram.lsp_server.check_queue import CheckQueue
from edgegram.lsp_server.progressive import PIECE_CHARS


class RetainingChecker(RuleChecker):
    def __init__(self) -> None:
        super().__init__()
        self.retained: list[list[str]] = []

    def retain(self, texts: list[str]) -> None:
        self.retained.append(sorted(texts))


class Loaded:
    def __init__(self, checker) -> None:
        self.checker = checker

    async def get(self):
        return self.checker

    def current(self):
        return self.checker


async def settled(executor: CheckQueue) -> None:
    """Until the checker's thread has run everything queued so far."""
    await asyncio.wrap_future(executor.submit(lambda: None))


async def test_closing_a_document_keeps_only_the_open_documents_texts():
    checker, executor = RetainingChecker(), CheckQueue()
    analyses = Analyses(Loaded(checker), executor)  # type: ignore[arg-type]
    await analyses.edits("file:///a.txt", "I recieve it.\n", "en")
    await analyses.edits("file:///b.txt", "teh end.\n", "en")
    await analyses.edits("file:///b.txt", "teh end. More.\n", "en")  # an edit: only the newer text is kept
    analyses.forget("file:///a.txt")
    analyses.retain_memos()
    analyses.retain_memos()  # one job at a time
    await settled(executor)
    assert checker.retained == [["teh end. More.\n"]]
    analyses.forget("file:///b.txt")
    analyses.retain_memos()
    await settled(executor)
    assert checker.retained[-1] == []
    executor.shutdown()


async def test_a_check_piece_by_piece_is_followed_by_a_retain():
    checker, executor = RetainingChecker(), CheckQueue()
    analyses = Analyses(Loaded(checker), executor)  # type: ignore[arg-type]
    long = ("The cat sat on the mat. " * 40 + "\n\n") * (2 * PIECE_CHARS // 960 + 2)
    await analyses.edits("file:///long.txt", long, "en")
    await settled(executor)
    assert checker.retained == [[long]]  # the variants its pieces were checked with can go
    await analyses.edits("file:///long.txt", long + "x", "en")  # a small edit: checked whole, no retain
    await settled(executor)
    assert len(checker.retained) == 1
    executor.shutdown()


async def test_a_checker_without_retain_is_left_alone():
    executor = CheckQueue()
    analyses = Analyses(Loaded(RuleChecker()), executor)  # type: ignore[arg-type]
    await analyses.edits("file:///a.txt", "teh\n", "en")
    analyses.forget("file:///a.txt")
    analyses.retain_memos()
    await settled(executor)  # no AttributeError on the checker's thread
    executor.shutdown()

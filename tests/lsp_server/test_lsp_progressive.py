"""Checking piece by piece (edgegram.lsp_server.progressive): the pieces, the carried-over results,
and the equality of piecewise and whole checks."""

from __future__ import annotations

import time

from lsp_support.rule_checker import RuleChecker

from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.document import document_edits
from edgegram.engine.prose import mask
from edgegram.lsp_server.analysis import check_document
from edgegram.lsp_server.progressive import carried_over, merged, pieces

FILLER = "The cat sat on the mat. " * 30  # 720 characters


def document(paragraphs: int) -> str:
    return "\r\n\r\n".join(f"Paragraph {n} has teh word. {FILLER}" for n in range(paragraphs)) + "\n"


def test_pieces_cover_the_text_cut_after_blank_lines_nearest_the_focus_first():
    text = document(12)
    for focus in (0, len(text) // 2, len(text)):
        found = pieces(text, focus, size=2000)
        assert sorted(found)[0][0] == 0 and sorted(found)[-1][1] == len(text)
        assert all(a[1] == b[0] for a, b in zip(sorted(found), sorted(found)[1:]))
        assert all(text[:a].endswith("\r\n\r\n") for a, _ in found if a)
        assert found[0][0] <= focus <= found[0][1]
    assert pieces("", 0) == [(0, 0)] and pieces("one paragraph", 5) == [(0, 13)]


def test_pieces_double_in_size_away_from_the_focus():
    text = document(60)  # 60 paragraphs of ~750 characters
    for focus in (0, len(text) // 2, len(text)):
        found = pieces(text, focus, size=1000, first=300)
        held = found[0]
        for side in ([p for p in found if p[0] >= held[1]], [p for p in found if p[1] <= held[0]][::-1]):
            side.sort(key=lambda p: abs(p[0] - focus))
            sizes = [b - a for a, b in side]
            assert all(size >= 1000 * 2**k for k, size in enumerate(sizes[:-1])), sizes
            assert all(size < 2 * 1000 * 2**k for k, size in enumerate(sizes[:-1])), sizes  # cut at the first break after
    assert len(pieces(text, 0, size=1000)) == 7  # 300 + 1,000 + 2,000 + ... + the rest of ~45,000


def test_checking_piece_by_piece_gives_the_whole_check():
    text = "# Title\n\n```\nteh code\n```\n\n" + document(9) + "They is here with a apple in an `queue`.\n"
    checker = RuleChecker()
    masked = mask(text, "markdown")
    whole = tuple(document_edits(checker.check(masked.text), masked))  # the document in one check
    assert len(whole) == 12
    assert text[whole[-1].start : whole[-1].end + 8] == "an `queue`" and whole[-1].replacement == "a"  # read in the source
    seen = []
    for focus in (0, len(text) // 3, len(text) - 1):
        assert check_document(checker, text, "markdown", focus=focus, on_piece=seen.append) == whole
    assert seen  # partial results were offered


def edit(start: int, end: int) -> Edit:
    return Edit(start, end, "x", "y" * (end - start), EditKind.OTHER, "", 1.0)


def test_results_outside_the_changed_region_are_carried_over():
    old = "aaaa bbbb cccc dddd"
    new = "aaaa bbXXXbb cccc dddd"  # 3 characters inserted inside "bbbb"
    carried = carried_over(old, [edit(0, 4), edit(5, 9), edit(10, 14), edit(15, 19)], new)
    assert [(e.start, e.end) for e in carried] == [(0, 4), (13, 17), (18, 22)]
    assert [new[e.start : e.end] for e in carried] == ["aaaa", "cccc", "dddd"]
    checked = {(0, 9): (edit(0, 4),), (18, 22): ()}
    assert [(e.start, e.end) for e in merged(checked, carried)] == [(0, 4), (13, 17)]


def test_the_server_shows_the_piece_near_the_last_edit_first(tmp_path):
    from lsp_support.raw_client import RawClient

    uri = "file:///progressive/doc.txt"
    filler = "The cat sat on the mat. " * 200  # 4,800 characters: each paragraph is a piece
    first, second = f"teh <slow> {filler}", f"Fine words here. {filler}"
    client = RawClient(tmp_path, ["--slow-delay", "1.5"])
    try:
        client.initialize(options={"debounceMs": 0})
        client.open(uri, f"{first}\n\n{second}\n")

        def publishes(version: int) -> list[list[str]]:
            return [
                [d["code"] for d in m["params"]["diagnostics"]]
                for m in client.notifications("textDocument/publishDiagnostics")
                if m["params"]["version"] == version
            ]

        client.wait_for(lambda m: len(publishes(1)) >= 2, "partial and complete diagnostics of version 1")
        assert publishes(1)[0] == ["spelling"]  # the top piece first
        # Paste into the second paragraph, making it slow to check too: it is checked first,
        # and the partial result keeps the first paragraph's diagnostic. (A small edit of a
        # checked document is checked whole: its other sentences are cached.)
        line, character = 2, len("Fine ")
        client.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri, "version": 2},
                "contentChanges": [
                    {
                        "range": {"start": {"line": line, "character": character}, "end": {"line": line, "character": character}},
                        "text": "recieve <slow> " + "The dog ran. " * 400,
                    }
                ],
            },
        )  # a paste: checked piece by piece
        client.wait_for(lambda m: len(publishes(2)) >= 2, "a partial and a full publish of version 2", timeout_s=15)
        assert publishes(2)[0] == ["spelling", "spelling"]  # teh (carried over) and recieve (checked first)
        assert publishes(2)[-1] == ["spelling", "spelling"]
        messages = [d["message"] for d in client.published(uri, 2)]
        assert any("recieve" in m for m in messages) and any("teh" in m for m in messages)
    finally:
        client.close()


def test_documents_opened_together_are_checked_interleaved_the_active_one_first(tmp_path):
    """Three documents of two slow pieces each, opened at once: the last opened (the active
    one) is checked first, then the others a piece at a time, so each shows its first piece
    before any of them is complete (they were checked strictly one after another)."""
    from lsp_support.raw_client import RawClient

    filler = "The cat sat on the mat. " * 50  # 1,200 characters: each paragraph is a piece
    uris = [f"file:///progressive/together{n}.txt" for n in range(3)]
    client = RawClient(tmp_path, ["--slow-delay", "0.6"])
    try:
        client.initialize(options={"debounceMs": 0})
        client.wait_for(lambda m: "ready" in m.get("params", {}).get("message", ""), "the checker")
        # A document of two slow pieces: once its first piece is published, its second is being
        # checked (its turn went back in line at once), so the three arrive while the checker is busy.
        busy = "file:///progressive/busy.txt"
        client.open(busy, f"<slow> keeps the checker busy. {filler}\n\n<slow> while the others arrive. {filler}\n")
        client.published(busy, 1)
        for uri in uris:
            client.open(uri, f"teh <slow> {filler}\n\nrecieve <slow> {filler}\n")

        def publishes() -> list[str]:
            return [
                m["params"]["uri"]
                for m in client.notifications("textDocument/publishDiagnostics")
                if m["params"]["version"] == 1 and m["params"]["uri"] in uris
            ]

        client.wait_for(lambda m: all(publishes().count(uri) >= 2 for uri in uris), "partial and complete diagnostics", 30)
        order = publishes()
        first = {uri: order.index(uri) for uri in uris}
        complete = {uri: len(order) - 1 - order[::-1].index(uri) for uri in uris}
        active, others = uris[-1], uris[:-1]
        assert all(complete[active] < first[uri] for uri in others), order
        assert all(first[uri] < complete[other] for uri in others for other in others), order
    finally:
        client.close()


def test_a_long_piece_of_another_document_gives_way_to_the_active_one(tmp_path):
    """A document whose one piece takes 4 s is being checked when another is opened: the new
    one, now the active document, gets its diagnostics at once; the long check then runs its
    piece again to the end."""
    from lsp_support.raw_client import RawClient

    long_uri, new_uri = "file:///progressive/long.txt", "file:///progressive/new.txt"
    client = RawClient(tmp_path, ["--slow-delay", "4"])
    try:
        client.initialize(options={"debounceMs": 0})
        client.wait_for(lambda m: "ready" in m.get("params", {}).get("message", ""), "the checker")
        client.open(long_uri, f"teh <slow> {FILLER}\n")
        time.sleep(0.5)  # its check is under way
        opened = time.monotonic()
        client.open(new_uri, "recieve it.\n")
        assert [d["code"] for d in client.published(new_uri, 1)] == ["spelling"]
        assert time.monotonic() - opened < 2.5  # not after the long piece's 3.5 s left
        assert [d["code"] for d in client.published(long_uri, 1, timeout_s=20)] == ["spelling"]
    finally:
        client.close()


class _Recording(RuleChecker):
    """A rule checker that records the ``context`` each check is given."""

    def __init__(self) -> None:
        super().__init__()
        self.contexts: list[str | None] = []

    def check(self, text, *, progress=None, should_stop=None, context=None, min_confidence=None):
        self.contexts.append(context)
        return super().check(text, progress=progress, should_stop=should_stop, context=context, min_confidence=min_confidence)


def test_pieces_after_the_first_are_checked_with_the_whole_text_as_their_context():
    text = document(12)
    checker = _Recording()
    check_document(checker, text, "markdown")
    masked = mask(text, "markdown").text
    assert len(checker.contexts) > 3
    assert checker.contexts[0] is None  # the focus piece alone: its results come first
    assert all(context == masked for context in checker.contexts[1:-1])
    assert checker.contexts[-1] is None  # the last check is of the whole text

"""A document's edits as its writer is shown them: the checker's edits for the masked text, less
those the document's structure does not allow (:func:`edgegram.engine.prose.drop_skipped`), with
the edits that only the document's source shows (an article before inline code:
:mod:`edgegram.engine.finders.code_articles`). The CLI and the language server both call it."""

from __future__ import annotations

from collections.abc import Iterable

from edgegram.engine.core.types import Edit, Threshold, Thresholds
from edgegram.engine.finders import code_articles
from edgegram.engine.prose import MaskedText, drop_skipped


def document_edits(
    edits: Iterable[Edit], masked: MaskedText, min_confidence: Threshold | None = None, start: int = 0, end: int | None = None
) -> list[Edit]:
    """The edits to show for ``masked[start:end]``: ``edits`` (the checker's for it, offsets into
    the document) that its structure allows, and the source's own where no shown edit overlaps
    them and they reach ``min_confidence`` (None: any)."""
    shown = drop_skipped(edits, masked)
    thresholds = None if min_confidence is None else Thresholds.of_value(min_confidence)
    own = [
        edit
        for edit in code_articles.find(masked, start, end)
        if (thresholds is None or edit.confidence >= thresholds.of(edit.kind))
        and not any(other.start < edit.end and edit.start < other.end for other in shown)
    ]
    return sorted(shown + own, key=lambda edit: (edit.start, edit.end)) if own else shown


__all__ = ["document_edits"]

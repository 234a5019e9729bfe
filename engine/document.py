"""A document's edits as its writer is shown them: the checker's edits for the masked text, less
those the document's structure does not allow (:func:`edgegram.engine.prose.drop_skipped`), with
the edits that only the document's source shows (an article before inline code:
:mod:`edgegram.engine.finders.code_articles`). A list item that opens with a verb's bare form is
an instruction or a changelog's entry ("Add `request` argument to `Config`", "consider adding `x`
label"), a label whose articles are the writer's style as a commit subject's are
(:data:`edgegram.engine.prose.spans.EXPECTED`): no article is put in it. The CLI and the language
server both call it."""

from __future__ import annotations

import re
from collections.abc import Iterable

from edgegram.engine.analysis.word_classes import is_bare_verb
from edgegram.engine.core.edits import WORD_RE
from edgegram.engine.core.types import Edit, Threshold, Thresholds
from edgegram.engine.finders import code_articles
from edgegram.engine.prose import MaskedText, drop_skipped
from edgegram.engine.prose.spans import SpanKind, containing, puts_in_article


def document_edits(
    edits: Iterable[Edit], masked: MaskedText, min_confidence: Threshold | None = None, start: int = 0, end: int | None = None
) -> list[Edit]:
    """The edits to show for ``masked[start:end]``: ``edits`` (the checker's for it, offsets into
    the document) that its structure allows, and the source's own where no shown edit overlaps
    them and they reach ``min_confidence`` (None: any)."""
    shown = [edit for edit in drop_skipped(edits, masked) if not (puts_in_article(edit) and _in_an_instruction(edit, masked))]
    thresholds = None if min_confidence is None else Thresholds.of_value(min_confidence)
    own = [
        edit
        for edit in code_articles.find(masked, start, end)
        if (thresholds is None or edit.confidence >= thresholds.of(edit.kind))
        and not any(other.start < edit.end and edit.start < other.end for other in shown)
    ]
    return sorted(shown + own, key=lambda edit: (edit.start, edit.end)) if own else shown


_NEGATED = re.compile(r"n['’]t$", re.IGNORECASE)  # "Don't omit `x` header": the verb is "do"


def _in_an_instruction(edit: Edit, masked: MaskedText) -> bool:
    """Whether ``edit`` is inside a list item whose first word is a verb's bare form."""
    for start, end, kind in containing(masked.spans, edit.start, edit.end):
        first = WORD_RE.search(masked.text, start, end) if kind is SpanKind.LIST_ITEM else None
        if first is not None and is_bare_verb(_NEGATED.sub("", first.group())):
            return True
    return False


__all__ = ["document_edits"]

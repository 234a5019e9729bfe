"""A document's edits as its writer is shown them: the checker's edits for the masked text, less
those the document's structure does not allow (:func:`edgegram.engine.prose.drop_skipped`), with
the edits that only the document's source shows (an article before inline code:
:mod:`edgegram.engine.finders.code_articles`). A list item written as a note is a changelog's or
an instruction's entry, whose articles are the writer's style as a commit subject's are
(:data:`edgegram.engine.prose.spans.EXPECTED`): no article is put in it. It is a note where it
opens with a verb in any form ("Add `request` argument to `Config`", "Fixed regression for
`timeout` argument", "Renaming `x` argument", "consider adding `x` label") or with labels (an
issue's number, a bracketed tag, a few words and a colon: "#5124: graphviz: `foo` option is
renamed", "[MongoDB backend] No longer uses `tz_aware` parameter"). The CLI and the language
server both call it."""

from __future__ import annotations

import re
from collections.abc import Iterable

from edgegram.engine.analysis.closed_class import CLOSED_CLASS
from edgegram.engine.analysis.word_classes import VERB, classes, is_bare_verb
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
# What opens a list item before its words: the list's mark, then any labels of an entry: an issue's
# or a pull request's number ("#5124:", "GH-12"), a bracketed tag ("[MongoDB backend]"), a few
# words and a colon ("autodoc:", "Redis result backend:", "Windows: worker:").
_MARK_RE = re.compile(r"\s*(?:[-*+•]|\d{1,3}[.)])?\s*")
_LABELS_RE = re.compile(r"(?:(?:(?:#|GH-|gh-)\d+:?|\[[^\]\n]{1,60}\]|[A-Za-z][\w./+-]*(?: [\w./+-]+){0,3}:)\s+)+")


def _in_an_instruction(edit: Edit, masked: MaskedText) -> bool:
    """Whether ``edit`` is inside a list item written as a note (see the module docstring)."""
    for start, end, kind in containing(masked.spans, edit.start, edit.end):
        if kind is SpanKind.LIST_ITEM and _a_note(masked.text, start, end):
            return True
    return False


def _a_note(text: str, start: int, end: int) -> bool:
    """Whether the list item ``text[start:end]`` opens with labels or with a verb in any form."""
    words = _MARK_RE.match(text, start, end)
    at = words.end() if words else start
    if _LABELS_RE.match(text, at, end):
        return True
    first = WORD_RE.search(text, at, end)
    if first is None:
        return False
    word = _NEGATED.sub("", first.group())
    return is_bare_verb(word) or VERB in classes(word.lower()) and word.lower() not in CLOSED_CLASS


__all__ = ["document_edits"]

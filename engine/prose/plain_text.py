"""Plain text and the one markup technical writers use in it anywhere: code in backticks on one
line ("the `--merged` and `--no-merged` options", "call `frobnicate()`") is a placeholder word, as
Markdown's inline code is, so that the code is never judged as words and the sentence around it is
read with a noun in its place. Not a quote in the old GNU style (`like this'), whose backtick no
other closes: the code may not begin or end with a space.

A paragraph that goes on with the sentence before an indented block (a command, a listing) or
is the rest of a sentence broken off is a continuation span
(:func:`~edgegram.engine.prose.spans.goes_on_after_code`, :func:`~edgegram.engine.prose.spans.breaks_off`):
its first word owes no capital and its end no full stop ("where Y is the revert of W"). A line
that opens with a bullet or a number is a list item (:mod:`.list_items`), which owes neither
("* progress displays from many commands are nicer", " 1. fetch the tags")."""

from __future__ import annotations

import re

from .list_items import mark_list_items
from .masking import MaskedText, Masker
from .spans import SpanKind, breaks_off, goes_on_after_code

# A paragraph: lines between blank lines.
PARAGRAPH = re.compile(r"[^\n]*\S[^\n]*(?:\n[^\n]*\S[^\n]*)*")
# ... whose first line is indented: a block of code or a listing, not prose.
_INDENTED = re.compile(r"(?: {4}|\t)")
# One backtick, code that neither starts nor ends with a space, one backtick; not inside a word.
BACKTICKED_CODE = re.compile(r"(?<![`\w])`(?=[^\s`])[^`\r\n]*(?<=[^\s`])`(?![`\w])")


def mask_plain_text(text: str) -> MaskedText:
    """``text`` with its backticked code behind placeholder words."""
    masker = Masker(text)
    hide_backticked_code(masker)
    mark_continuations(masker, text)
    mark_list_items(masker)
    return masker.result()


def mark_continuations(masker: Masker, text: str) -> None:
    """Mark as continuations the paragraphs of ``text`` that go on with a sentence broken off."""
    after_block = False
    for paragraph in PARAGRAPH.finditer(text):
        indented = _INDENTED.match(paragraph.group()) is not None
        words = paragraph.group().strip()
        if not indented and ((after_block and goes_on_after_code(words)) or breaks_off(words)):
            masker.span(paragraph.start(), paragraph.end(), SpanKind.CONTINUATION)
        after_block = indented


def hide_backticked_code(masker: Masker) -> None:
    """Put placeholder words in place of the backticked code of ``masker``'s text."""
    masker.apply(BACKTICKED_CODE, "word")

"""What a span of prose is, and what is expected of it.

A format's parser marks the spans of a document that are not sentences of a plain paragraph
(:class:`SpanKind`): a heading, a list item, a table cell, a caption, a code comment, a
definition term, a commit's subject line, a link's text, a paragraph that goes on with the
sentence before a code block. What the checker may demand of a span follows its kind
(:data:`EXPECTED`): a heading's words may be in title case; a list item, table cell, caption,
comment, term or commit subject owes no final full stop and no first capital; a heading, table
cell, caption, term, commit subject or link text is a label that may leave out its articles (so is
a list item that opens with a verb, which :mod:`edgegram.engine.document` tells, knowing verbs).

A plain paragraph owes its first capital, and a final stop only where another of its sentences
ends with one and its last is not in italics or bold (:func:`unowed_final_stop`): a one-line note
("Deploy is done, all green", "Grab bag of useful things for chart authors") or a note set apart
("The name of the package. **Always required**") is not missing a period, a paragraph of full
sentences is.
After a link's text the next word owes no capital: the link may have ended a sentence of its own
("[Why is it slow?](faq.md) for the answers").
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from enum import Enum

from edgegram.engine.core.edits import WORD_RE
from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.sentences.model_text import INVISIBLE
from edgegram.engine.sentences.segment import segment


class SpanKind(str, Enum):
    """The kinds of span a format's parser tells apart from a paragraph's sentences."""

    HEADING = "heading"
    LIST_ITEM = "list_item"
    TABLE_CELL = "table_cell"
    CAPTION = "caption"
    COMMENT = "comment"  # a source file's comment or docstring
    TERM = "term"  # a definition list's term
    COMMIT_SUBJECT = "commit_subject"
    LINK_TEXT = "link_text"
    EMPHASIS = "emphasis"  # words in italics or bold ("_example:_", "**Always required**")
    CONTINUATION = "continuation"  # a paragraph that goes on with the sentence before a code block


@dataclass(frozen=True)
class Expected:
    """What the checker may demand of a span."""

    final_stop: bool  # a missing final full stop (or other closing mark) is an error
    first_capital: bool  # a lower-case first word is an error
    capitals: bool  # False: every word's capitals are the writer's style (a title)
    notes: bool = False  # each of its sentences is a note that owes no first capital ("close? push it")
    articles: bool = True  # False: it may leave out its articles, a label's style ("Use `--force` flag")


_FRAGMENT = Expected(final_stop=False, first_capital=False, capitals=True, notes=True)
# ... and a label, whose articles are the writer's style too ("Fix race in scheduler", "Env var")
_LABEL = Expected(final_stop=False, first_capital=False, capitals=True, notes=True, articles=False)
EXPECTED: dict[SpanKind, Expected] = {
    SpanKind.HEADING: Expected(final_stop=False, first_capital=False, capitals=False, articles=False),
    SpanKind.LIST_ITEM: _FRAGMENT,  # often whole sentences: their articles are owed
    SpanKind.TABLE_CELL: _LABEL,
    SpanKind.CAPTION: _LABEL,
    SpanKind.COMMENT: _FRAGMENT,
    SpanKind.TERM: _LABEL,
    SpanKind.COMMIT_SUBJECT: _LABEL,
    SpanKind.LINK_TEXT: _LABEL,
    # a label or a note set apart ("_example:_", "The name. **Always required**"), or words stressed
    SpanKind.EMPHASIS: Expected(final_stop=False, first_capital=False, capitals=True, articles=False),
    # the rest of a sentence a code block broke: its first word owes no capital, its other sentences do
    SpanKind.CONTINUATION: Expected(final_stop=False, first_capital=False, capitals=True),
}

ProseSpan = tuple[int, int, SpanKind]  # start, end (exclusive), kind

# First words that open a new sentence even in lower case: a paragraph after a code block that
# starts with one is not the rest of the sentence before the block ("the output is:" / "this
# prints"), so its capital is owed.
OPENS_SENTENCE = frozenset(
    "you'll we'll here's there's let's it's that's you're we're i'm i'll the this these those "
    "when if note for it once after because now since".split()
)

# Words that go on with a clause but open no statement: a finite verb with no subject before it, a
# relative pronoun, a conjunction that joins what follows to what came before, a modal. In lower
# case at the start of a line or a paragraph that is no question, they mark the rest of a sentence
# broken off (by a code block or a list the format does not mark, or by the page it was copied
# from: "were planted on a strip-mine spoil.", "and git will prompt you", "where Y is the revert of
# W", "can fill in."), not a slip. Not "but", "whereas" or "hence": writers open sentences with
# them, and one in lower case is a slip of the capital ("but there was a fee").
CONTINUERS = frozenset(
    "is are was were am has had does did says who whom whose which and or nor where "
    "can could will would should must may might shall".split()
)


def goes_on_after_code(text: str) -> bool:
    """Whether a paragraph whose text is ``text``, after a code block, goes on with the sentence
    before the block: it opens in lower case with no word of :data:`OPENS_SENTENCE` ("to diff
    your state again.", "where r1, r2 are"; not "the output is:", "The block")."""
    words = text.split(maxsplit=1)
    if not words or not words[0][:1].islower():
        return False
    return words[0].rstrip(",.:;").replace("’", "'") not in OPENS_SENTENCE


_QUESTION_END = re.compile(r"\?[\"'”’)\]*_]*\s*\Z")


def breaks_off(text: str) -> bool:
    """Whether a paragraph whose text is ``text`` is the rest of a sentence broken off, wherever it
    stands (by a code block or a list its format does not mark, or by the page it was copied from):
    it opens in lower case with a word that goes on with a clause but opens no statement
    (:data:`CONTINUERS`: "and git will prompt you", "where Y
    is the revert of W", "can fill in."), and is no question."""
    words = text.split(maxsplit=1)
    if not words or words[0].rstrip(",.:;") not in CONTINUERS:
        return False
    first = next(iter(segment(text)), None)
    return first is None or not _QUESTION_END.search(text, first.start, first.end)


_PUNCTUATION_ONLY = re.compile(r"[\s.,;:!?…]*")
# What stands between a span's start or a sentence's end and the first word of a sentence.
_OPENS = re.compile(rf"(?:\A|[.!?…][\"'”’)\]{INVISIBLE}]*\s)[\W_]*\Z")
_CLOSERS = " \t\r\n\"'”’)]}*_~" + INVISIBLE  # what may stand between a sentence's last word and its end
_BLANK_LINE = re.compile(r"\n[^\S\n]*\n")


# The longest span looked back for: a heading, list item or cell is far shorter (a paragraph after
# code or an emphasis longer than this is rare, and then only its end's edits go unexempted).
_REACH = 20_000


def containing(spans: tuple[ProseSpan, ...], start: int, end: int) -> list[ProseSpan]:
    """The spans that hold ``start..end`` whole (``spans`` sorted by start), looking back at most
    :data:`_REACH` characters (a document's many list items cost one edit nothing)."""
    index = bisect.bisect_right(spans, (start, float("inf"), "")) if spans else 0
    found = []
    while index > 0 and spans[index - 1][0] >= start - _REACH:
        index -= 1
        if end <= spans[index][1]:
            found.append(spans[index])
    return found[::-1]


def is_final_mark(edit: Edit, text: str, end: int) -> bool:
    """Whether ``edit`` only changes the punctuation after the last word before ``end``."""
    if not _PUNCTUATION_ONLY.fullmatch(edit.original + edit.replacement):
        return False
    return not any(match.start() >= edit.start for match in WORD_RE.finditer(text, edit.start, end))


# The rules whose capitals are a name's own, wherever the name stands (its id: docs/rules.md).
NAME_RULES = frozenset({"rules.own_case"})


def is_first_capital(edit: Edit, text: str, start: int, end: int, every_sentence: bool = False) -> bool:
    """Whether ``edit`` changes the capitals of the first word in ``start..end``, or with
    ``every_sentence`` of any sentence's first word there (a list item's "is this close? push
    commits" is one note). A name put in its own case is not a first capital demanded: one that
    keeps its first letter ("Github" -> "GitHub"), or any the names rule writes ("linux" ->
    "Linux" opening a list item: :data:`NAME_RULES`)."""
    if not _changes_case(edit) or edit.original[:1] == edit.replacement[:1] or edit.rule in NAME_RULES:
        return False
    if not every_sentence:
        first_word = WORD_RE.search(text, start, end)
        return first_word is not None and first_word.start() <= edit.start < first_word.end()
    word = next((m for m in WORD_RE.finditer(text, start, end) if m.start() <= edit.start < m.end()), None)
    return word is not None and _OPENS.search(text[start : word.start()]) is not None


def _changes_case(edit: Edit) -> bool:
    if edit.kind is EditKind.CAPITALISATION:
        return True
    original, replacement = edit.original, edit.replacement
    return bool(original and replacement) and original[0].islower() and replacement[0] == original[0].upper()


def is_style_edit(edit: Edit, text: str, span: ProseSpan) -> bool:
    """Whether ``edit`` demands of ``span`` what its kind does not owe (:data:`EXPECTED`)."""
    start, end, kind = span
    expected = EXPECTED[kind]
    if not expected.final_stop and is_final_mark(edit, text, end) and not _undoubles_stop(edit, text):
        return True
    if not expected.capitals and edit.kind is EditKind.CAPITALISATION:
        return True
    if not expected.articles and puts_in_article(edit):
        return True
    return not expected.first_capital and is_first_capital(edit, text, start, end, expected.notes)


def puts_in_article(edit: Edit) -> bool:
    """Whether ``edit`` only puts an article in ("with [→the ]`--force` flag")."""
    return not edit.original.strip() and edit.replacement.strip().lower() in ("a", "an", "the")


def _undoubles_stop(edit: Edit, text: str) -> bool:
    """Whether ``edit`` takes out one full stop of two ("without thinking.."): a slip of the mark
    that a span owing no final stop still must not have (not a stop of an ellipsis, "...")."""
    if edit.original != "." or edit.replacement:
        return False
    before, after = text[: edit.start], text[edit.start :]
    return (len(before) - len(before.rstrip("."))) + (len(after) - len(after.lstrip("."))) == 2


def unowed_final_stop(edit: Edit, text: str, spans: tuple[ProseSpan, ...] = ()) -> bool:
    """Whether ``edit`` only puts a mark after the last word of a plain paragraph that has none
    and owes none: no other sentence of it ends with one, or its last sentence is in italics or
    bold (one of ``spans``)."""
    if not _PUNCTUATION_ONLY.fullmatch(edit.original + edit.replacement):
        return False
    before = [match.end() for match in _BLANK_LINE.finditer(text, 0, edit.start)]
    start = before[-1] if before else 0
    after = _BLANK_LINE.search(text, edit.end)
    end = after.start() if after else len(text)
    if not is_final_mark(edit, text, end) or any(mark in text[edit.start : end] for mark in ".!?…"):
        return False  # not its end, or it has a final mark already
    sentences = [s for s in segment(text[start:end]) if start + s.start < edit.start]
    if len(sentences) <= 1:
        return True
    last = sentences[-1]
    words = list(WORD_RE.finditer(text, start + last.start, start + last.end))
    return bool(words) and any(
        kind is SpanKind.EMPHASIS and s <= words[0].start() and words[-1].end() <= e for s, e, kind in spans
    )


def after_link_text(edit: Edit, text: str, links: list[tuple[int, int]]) -> bool:
    """Whether ``edit`` capitalises the first word after a link's text."""
    if not _changes_case(edit):
        return False
    ends = [end for _, end in links]
    index = bisect.bisect_right(ends, edit.start) - 1
    return index >= 0 and not text[ends[index] : edit.start].strip(_CLOSERS + ".!?…")


__all__ = [
    "CONTINUERS",
    "EXPECTED",
    "OPENS_SENTENCE",
    "Expected",
    "ProseSpan",
    "SpanKind",
    "after_link_text",
    "breaks_off",
    "containing",
    "goes_on_after_code",
    "is_final_mark",
    "is_style_edit",
    "unowed_final_stop",
]

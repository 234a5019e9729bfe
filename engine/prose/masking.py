"""Same-length masking: the text the checker sees, with non-prose hidden, and the ranges
whose edits are dropped. Offsets into the masked text are offsets into the original."""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from edgegram.engine.core.edits import AUXILIARY_VERBS, WORD_RE
from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.sentences.lexicon import shipped_lexicon, shipped_misspellings
from edgegram.engine.sentences.model_text import INVISIBLE
from edgegram.engine.sentences.segment import BREAK

from .spans import ProseSpan, SpanKind, after_link_text, containing, is_style_edit, unowed_final_stop

_LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")
_HIDDEN_WORD_RE = re.compile(r"[A-Za-z]{3,}")
# A lower-case word opening inline code that reads as a command line, followed by arguments or
# nothing ("pip" of `pip install x`, "curl" of `curl -O https://example.com`); not a path, a call or
# an identifier ("setup.py", "main()", "my_var"), nor a program's statement, which has its punctuation
# (`if ready:`, `for i in range(3):`; a URL's "://" is none).
_COMMAND_RE = re.compile(r"`+[ \t]*(?:[$%][ \t]+)?([a-z][a-z0-9]*)(?=[ \t`]|$)(?:[^:;=(){}`]|:(?=//))*`*$")
# ... and in a code block, only after a shell prompt ("$ curl -O URL"): a block's other lines are
# a program's, whose keywords ("if", "return", "import") are no names of the prose.
_PROMPTED_COMMAND_RE = re.compile(r"^[ \t]*[$%][ \t]+([a-z][a-z0-9]*)(?=[ \t]|$)", re.MULTILINE)
_NOT_LINE_BREAK = re.compile(r"[^\r\n]")
# An HTML comment, or one left open to the text's end (Markdown's and a pull request template's
# "<!-- ... -->", which no reader sees).
HTML_COMMENT = re.compile(r"<!--[\s\S]*?(?:-->|\Z)")


Ranges = tuple[tuple[int, int], ...]  # sorted, non-overlapping, end exclusive


@dataclass(frozen=True)
class MaskedText:
    """A text of the original's length with non-prose hidden, the skipped ranges (hidden or
    protected: edits touching them are dropped) and what the format's parser knows of the
    prose's structure, for :func:`drop_skipped`."""

    text: str
    skipped: Ranges
    placeholders: Ranges = ()  # placeholder words standing for code, URLs, math
    spans: tuple[ProseSpan, ...] = ()  # headings, list items, link texts...: edgegram.engine.prose.spans
    source: str = field(default="", compare=False, repr=False)  # the document masked ("" if not given)

    @functools.cached_property
    def hidden_words(self) -> frozenset[str]:
        """The lower-case words of the document's hidden parts (code, URLs, link targets) that are
        three letters or more: names its prose may use too ("gitk", "histogram" in a code block),
        which no edit renames (:func:`drop_skipped`)."""
        if not self.source:
            return frozenset()
        return frozenset(word.lower() for start, end in self.skipped for word in _HIDDEN_WORD_RE.findall(self.source, start, end))

    @functools.cached_property
    def hidden_commands(self) -> frozenset[str]:
        """The commands the document's code runs, in lower case as it writes them: the word that
        opens inline code followed by an argument or nothing ("pip" of `pip install x`), and in a
        code block the word after a shell prompt ("curl" of "$ curl -O URL"); not a program's
        statement (`if ready:`). Its prose writes them so too, a sentence's first word included
        (:func:`drop_skipped`)."""
        if not self.source:
            return frozenset()
        found: set[str] = set()
        for start, end in self.skipped:
            code = self.source[start:end]
            if code.startswith("`") and not code.startswith("```"):  # inline code, not a fence
                found.update(m.group(1) for m in [_COMMAND_RE.match(code)] if m)
            else:
                found.update(_PROMPTED_COMMAND_RE.findall(code))
        return frozenset(found)

    def ranges_of(self, kind: SpanKind) -> list[tuple[int, int]]:
        """The spans of one kind, in order."""
        return [(start, end) for start, end, of in self.spans if of is kind]


def placeholder_word(length: int) -> str:
    """A neutral capitalised word of exactly ``length`` characters (``Xxxx``)."""
    return ("X" + "x" * (length - 1)) if length > 0 else ""


def lsp_lines(text: str) -> list[tuple[int, int, str]]:
    """(start, end without line break, content) of every line; only ``\\r\\n``, ``\\r`` and
    ``\\n`` end a line, as in LSP (not U+2028, U+0085 or form feeds, as ``str.splitlines``)."""
    result, start = [], 0
    for match in _LINE_BREAK_RE.finditer(text):
        result.append((start, match.start(), text[start : match.start()]))
        start = match.end()
    result.append((start, len(text), text[start:]))
    return result


def blanked(text: str) -> str:
    """``text`` with every character but line breaks replaced by a space."""
    return _NOT_LINE_BREAK.sub(" ", text)


def merge(ranges: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Sorted, non-overlapping union of half-open ranges (empty ones dropped)."""
    merged: list[list[int]] = []
    for start, end in sorted(r for r in ranges if r[0] < r[1]):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return tuple((start, end) for start, end in merged)


def complement(ranges: Iterable[tuple[int, int]], length: int, merged: bool = False) -> list[tuple[int, int]]:
    """The parts of ``0..length`` outside ``ranges`` (``merged``: already sorted and disjoint)."""
    gaps, position = [], 0
    for start, end in ranges if merged else merge(ranges):
        if start > position:
            gaps.append((position, start))
        position = max(position, end)
    if position < length:
        gaps.append((position, length))
    return gaps


class Masker:
    """Accumulates hidden ranges over a mutable copy of the text; later passes see the
    text as earlier passes left it."""

    def __init__(self, text: str, skipped: Iterable[tuple[int, int]] = ()) -> None:
        self.chars = list(text)
        self.ranges: list[tuple[int, int]] = list(skipped)
        self.placeholders: list[tuple[int, int]] = []
        self.spans: list[ProseSpan] = []
        self._text: str | None = text

    @classmethod
    def of(cls, masked: MaskedText) -> Masker:
        """A masker that goes on from an already masked text."""
        masker = cls(masked.text, masked.skipped)
        masker.placeholders = list(masked.placeholders)
        masker.spans = list(masked.spans)
        return masker

    @classmethod
    def revealing(cls, text: str, visible: Iterable[tuple[int, int]]) -> Masker:
        """A masker over ``text`` with everything but the ``visible`` ranges hidden."""
        visible = merge(visible)
        hidden = complement(visible, len(text), merged=True)
        pieces, position = [], 0
        for start, end in visible:
            pieces.append(blanked(text[position:start]))
            pieces.append(text[start:end])
            position = end
        pieces.append(blanked(text[position:]))
        masker = cls("".join(pieces), hidden)
        return masker

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = "".join(self.chars)
        return self._text

    def slice(self, start: int, end: int) -> str:
        """The current text of ``start..end`` (cheaper than ``text`` while masking)."""
        if self._text is not None:
            return self._text[start:end]
        return "".join(self.chars[start:end])

    def _fill(self, start: int, end: int, make: Callable[[int], str]) -> None:
        if start >= end:
            return
        self._text = None
        self.ranges.append((start, end))
        run_start = start
        for index in range(start, end + 1):
            if index == end or self.chars[index] in "\r\n":
                self.chars[run_start:index] = make(index - run_start)
                run_start = index + 1

    def blank(self, start: int, end: int) -> None:
        """Hide ``start..end`` behind spaces, keeping line breaks."""
        self._fill(start, end, lambda n: " " * n)

    def word(self, start: int, end: int) -> None:
        """Hide ``start..end`` behind a placeholder word, keeping line breaks."""
        self._fill(start, end, placeholder_word)
        if start < end:
            self.placeholders.append((start, end))

    def invisible(self, start: int, end: int) -> None:
        """Hide inline markup in ``start..end`` behind :data:`~edgegram.engine.sentences.model_text.INVISIBLE`
        characters, which belong to no word: ``**g**lobally`` reads "globally"."""
        self._fill(start, end, lambda n: INVISIBLE * n)

    def separate(self, start: int, end: int) -> None:
        """Put boundaries no sentence crosses in place of ``start..end`` (a table's cell
        separators: :data:`edgegram.engine.sentences.segment.BREAK`)."""
        self._fill(start, end, lambda n: BREAK * n)

    def span(self, start: int, end: int, kind: SpanKind) -> None:
        """Mark ``start..end`` as a span of ``kind`` (a heading, a list item...): see
        :mod:`edgegram.engine.prose.spans`."""
        if start < end:
            self.spans.append((start, end, kind))

    def protect(self, start: int, end: int) -> None:
        """Keep ``start..end`` visible but drop the edits that touch it."""
        if start < end:
            self.ranges.append((start, end))

    def apply(self, pattern: re.Pattern[str], action: str, start: int = 0, end: int | None = None) -> None:
        """Hide every match of ``pattern`` in the current text ('blank' or 'word')."""
        text = self.text
        end = len(text) if end is None else end
        for match in list(pattern.finditer(text, start, end)):
            getattr(self, action)(match.start(), match.end())

    def result(self) -> MaskedText:
        return MaskedText(self.text, merge(self.ranges), merge(self.placeholders), tuple(sorted(set(self.spans))))


def found_by_parser(
    text: str,
    visible: Iterable[tuple[int, int]],
    blanks: Iterable[tuple[int, int]] = (),
    words: Iterable[tuple[int, int]] = (),
    spans: Iterable[ProseSpan] = (),
    separators: Iterable[tuple[int, int]] = (),
) -> Masker:
    """A masker over ``text`` with what a format's parser found: only ``visible`` shown, inside it
    ``blanks`` behind spaces, ``words`` behind placeholders, ``separators`` as boundaries no
    sentence crosses, and ``spans`` marked."""
    masker = Masker.revealing(text, visible)
    for start, end in blanks:
        masker.blank(start, end)
    for start, end in words:
        masker.word(start, end)
    for start, end in separators:
        masker.separate(start, end)
    for start, end, kind in spans:
        masker.span(start, end, kind)
    return masker


def touches_skipped(start: int, end: int, skipped: tuple[tuple[int, int], ...]) -> bool:
    """Whether ``start..end`` overlaps a skipped range (an insertion: lies strictly inside one)."""
    index = bisect.bisect_right(skipped, (start, float("inf"))) - 1
    for skip_start, skip_end in skipped[max(index, 0) : index + 2]:
        if start == end:
            if skip_start < start < skip_end:
                return True
        elif start < skip_end and skip_start < end:
            return True
    return False


# Kinds whose judgement rests on the grammatical number or form of the neighbouring words,
# which the model cannot see behind a placeholder ("the `items` are" reads "the Xxxxx are").
_NUMBER_KINDS = frozenset({EditKind.AGREEMENT, EditKind.NOUN_NUMBER, EditKind.ARTICLE})
PLACEHOLDER_REACH = 2  # words between an edit and a placeholder that still make it a neighbour
_SENTENCE_END = re.compile(r"[.!?…][\"'”’)\]]*\s")  # a mark that ends a sentence, before a space


def _beside_placeholder(edit: Edit, text: str, placeholders: Ranges) -> bool:
    """Whether at most ``PLACEHOLDER_REACH`` words (in the same paragraph and sentence)
    separate the edit from a placeholder: "the Xxxxx are" is the model's guess, "the
    variable Xxxxx. This make" is not.

    A verb agrees with its subject, which comes before it: for an agreement edit, a placeholder
    right after the word edited (an article at most between) is its object ("the grammar
    indicate `PKT-LINE`", "it return the `Vec`"), unless that word is an auxiliary that may come
    before its subject ("is `x` set", "there are `items`"). With more words between, the edited
    word may be the subject ("This template extends the `layout`")."""
    agreement = edit.kind is EditKind.AGREEMENT
    index = bisect.bisect_right(placeholders, (edit.start, float("inf")))
    for start, end in placeholders[max(0, index - 1) : index + 1]:
        if end <= edit.start:
            gap = text[end : edit.start]
        elif edit.end <= start:
            gap = text[edit.end : start]
            if agreement and edit.original.strip().casefold() not in AUXILIARY_VERBS and _only_articles(gap):
                continue
        else:
            continue
        if "\n\n" not in gap and not _SENTENCE_END.search(gap) and len(WORD_RE.findall(gap)) <= PLACEHOLDER_REACH:
            return True
    return False


def _guesses_number(edit: Edit) -> bool:
    """Whether an edit's judgement of number may be a guess at a placeholder's: the model's, which
    reads "Xxxxx" as a word of unknown number; not a rule's ("rules.verb_number"), which reads the
    placeholder as a token of its own and judges with it ("Props with `Boolean` type has" -> "have",
    "the command configure the container `grafana`" -> "configures")."""
    return not edit.rule.startswith("rules.")


def _only_articles(gap: str) -> bool:
    return all(word.lower() in ("a", "an", "the") for word in WORD_RE.findall(gap))


def drop_skipped(edits: Iterable[Edit], masked: MaskedText) -> list[Edit]:
    """The edits the document's structure allows: none touching a skipped range; none that
    demands of a span what its kind does not owe (a heading's capitals, a list item's final
    stop: :mod:`edgegram.engine.prose.spans`), no final stop for a paragraph whose only sentence
    lacks one, no capital after a link's text, none for a command the document's code runs
    (:attr:`MaskedText.hidden_commands`); no agreement, number or article edit of the model's
    beside a placeholder word."""
    links = masked.ranges_of(SpanKind.LINK_TEXT)
    kept = []
    for edit in edits:
        if touches_skipped(edit.start, edit.end, masked.skipped):
            continue
        spans = containing(masked.spans, edit.start, edit.end)
        if any(is_style_edit(edit, masked.text, span) for span in spans):
            continue
        if not [s for s in spans if s[2] is not SpanKind.EMPHASIS] and unowed_final_stop(edit, masked.text, masked.spans):
            continue
        if links and after_link_text(edit, masked.text, links):
            continue
        if (
            edit.kind in _NUMBER_KINDS
            and masked.placeholders
            and _guesses_number(edit)
            and _beside_placeholder(edit, masked.text, masked.placeholders)
        ):
            continue
        if masked.source and _renames_hidden_word(edit, masked.hidden_words):
            continue
        if masked.source and edit.original in masked.hidden_commands and edit.replacement == edit.original.capitalize():
            continue  # "pip installs packages." where the document runs `pip install`: the command's own case
        kept.append(edit)
    return kept


def _renames_hidden_word(edit: Edit, hidden: frozenset[str]) -> bool:
    """Whether ``edit`` changes a name the document's code (or a URL) uses, a word no English
    list has ("gitk", "promisor", "npm": its letters or its case; a common word the code uses too,
    "file", "the", is checked as any other). A misspelling codespell records ("teh") is a slip
    wherever it stands."""
    kept = set(WORD_RE.findall(edit.replacement))
    for word in WORD_RE.findall(edit.original):
        lower = word.lower()
        if lower not in hidden or word in kept or shipped_misspellings().corrections(lower):
            continue
        if not shipped_lexicon().is_english(lower):
            return True
    return False

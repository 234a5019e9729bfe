"""Sentence segmentation with exact offsets into the original text.

``segment(text)`` returns trimmed :class:`Span` objects: ``text[span.start:span.end]`` is a
sentence without surrounding whitespace. Paragraphs (blank lines), list items and headings
always end a sentence, and so does a :data:`BREAK` (a table's cell separator); a single line
break inside a paragraph does not. Inline markup a parser hid (``INVISIBLE``) after a
sentence's final stop or before its first word is read like a closing or opening quote. Abbreviations,
initials, decimals, ellipses followed by lower case, and closing quotes after the final
punctuation are handled. ``split_long`` splits an over-long sentence at clause boundaries
(semicolons, colons, dashes, commas before conjunctions...) without ever dropping text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from edgegram.engine.sentences.model_text import INVISIBLE

# A boundary no sentence crosses inside a line: what a format's parser puts in place of a table's
# cell separators (a white-space character, so it is trimmed off every sentence).
BREAK = "\u2029"


@dataclass(frozen=True)
class Span:
    """A half-open range ``[start, end)`` of code-point offsets into a text."""

    start: int
    end: int

    def __len__(self) -> int:
        return self.end - self.start


# Abbreviations after which a period never ends a sentence (lower-cased, without the final dot).
_NEVER_FINAL = frozenset(
    "mr mrs ms dr prof st sr jr vs cf e.g i.e eg ie approx no nos fig figs vol eq ca mt gen col lt sgt "
    "capt rev hon dept est jan feb mar apr jun jul aug sep sept oct nov dec".split()
)
# Abbreviations that end a sentence only when a capitalised word follows ("... etc. The").
_MAYBE_FINAL = frozenset("etc inc ltd co corp".split())


def is_abbreviation(word: str) -> bool:
    """Whether ``word`` (without its final dot) is an abbreviation a period may follow
    without ending the sentence ("e.g", "Dr", "etc")."""
    return word.lower() in _NEVER_FINAL or word.lower() in _MAYBE_FINAL


# Words that, after a dotted initialism ("U.S.", "p.m."), show that a new sentence starts.
SENTENCE_STARTERS = frozenset(
    "the a an i he she it we they you this that these those there but and so then in on at "
    "if when what why how my our their his her its".split()
)

_LINE_RE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")
_LIST_OR_HEADING_RE = re.compile(r"[ \t]*(?:[-*+•][ \t]|\d{1,3}[.)][ \t]|#{1,6}[ \t])")
_HEADING_RE = re.compile(r"[ \t]*#{1,6}[ \t]")
# What may follow a sentence's final mark and still belong to it: closing quotes and brackets,
# and inline markup a parser hid ("*perfect.*").
_CLOSERS = "\"'”’»)]" + INVISIBLE
_TERMINATOR_RE = re.compile(rf"[.!?…]+[{re.escape(_CLOSERS)}]*|[。！？]+[」』”’）]*")
_OPENERS = "\"'“‘«([¿¡" + INVISIBLE
_WORD_BEFORE_RE = re.compile(r"([\w.]+)$")
_WORD_WINDOW = 40  # longer than any abbreviation or initialism we look for
_NEXT_WORD_RE = re.compile(r"\s*[\"'“‘«(\[]*(\w+)")


def opens_sentence(sentence: str, start: int) -> bool:
    """Whether only spaces, opening quotes and brackets stand before ``sentence[start:]``."""
    return not sentence[:start].strip(_OPENERS + " \t\r\n")


def segment(text: str) -> list[Span]:
    """Split ``text`` into sentence spans (trimmed, in order, covering every non-space char)."""
    spans: list[Span] = []
    for block in _cells(text, _blocks(text)):
        for sentence in _sentences(text, block):
            trimmed = _trim(text, sentence)
            if trimmed is not None:
                spans.append(trimmed)
    return spans


# A blank line (white space only) and the line break before it: no sentence crosses one.
_BLANK_LINE_RE = re.compile(r"(?:\r\n|\r(?!\n)|\n)[^\S\r\n]*(?:\r\n|\r(?!\n)|\n)")


def paragraph_ends(text: str) -> list[int]:
    """Offsets after blank lines at which ``text`` may be cut without changing its sentences:
    ``segment`` of each part, moved to the part's offset, is ``segment(text)``. The last is
    ``len(text)``."""
    return [match.end() for match in _BLANK_LINE_RE.finditer(text)] + [len(text)]


def split_long(span: Span, text: str, max_chars: int) -> list[Span]:
    """Split ``span`` into pieces of at most ``max_chars`` characters at the strongest clause
    boundary available (see :data:`_CLAUSE_BREAKS`), then at a space; a hard break is used
    only inside a very long word. All text is kept: the pieces cover the span except for
    whitespace at the breaks."""
    if max_chars < 1:
        raise ValueError(f"max_chars must be positive, got {max_chars}")
    pieces: list[Span] = []
    rest: Span | None = _trim(text, span)
    while rest is not None and len(rest) > max_chars:
        cut = _break_point(text, rest.start, rest.start + max_chars)
        head = _trim(text, Span(rest.start, cut))
        if head is not None:
            pieces.append(head)
        rest = _trim(text, Span(cut, rest.end))
    if rest is not None:
        pieces.append(rest)
    return pieces


# Where a long sentence may be cut, strongest first: after a semicolon or colon, before a dash,
# after a comma that precedes a conjunction or relative word, after any comma. A cut is only
# taken if it leaves the first piece at least a third of the allowed length.
_CLAUSE_BREAKS = [
    re.compile(r"[;:](?=\s)"),
    re.compile(r"(?<=\s)(?=[—–-]{1,2}\s)"),
    re.compile(
        r",(?=\s+(?:and|but|or|so|yet|nor|which|who|whom|whose|where|when|while|whereas|"
        r"because|although|though|since|unless|if|as|that|until|before|after)\b)",
        re.IGNORECASE,
    ),
    re.compile(r",(?=\s)"),
]


def _break_point(text: str, start: int, limit: int) -> int:
    """Offset in ``(start, limit]`` at which to break a long sentence."""
    window = text[start : limit + 1]
    shortest = max(1, (limit - start) // 3)
    for pattern in _CLAUSE_BREAKS:
        cuts = [m.end() for m in pattern.finditer(window) if m.end() >= shortest]
        if cuts:
            return start + max(cuts)
    space = max(window.rfind(" "), window.rfind("\t"), window.rfind("\n"))
    if space > 0:
        return start + space
    return limit


def _trim(text: str, span: Span) -> Span | None:
    start, end = span.start, span.end
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return Span(start, end) if start < end else None


def _blocks(text: str) -> list[Span]:
    """Paragraph pieces: blank lines separate; list items and headings start a new piece,
    and a heading also ends its piece at its line end."""
    blocks: list[Span] = []
    current_start: int | None = None
    current_end = 0

    def close() -> None:
        nonlocal current_start
        if current_start is not None:
            blocks.append(Span(current_start, current_end))
        current_start = None

    for match in _LINE_RE.finditer(text):
        if match.start() == match.end():
            break
        line = match.group()
        if not line.strip():
            close()
            continue
        if _LIST_OR_HEADING_RE.match(line):
            close()
        if current_start is None:
            current_start = match.start()
        current_end = match.end()
        if _HEADING_RE.match(line):
            close()
    close()
    return blocks


def _cells(text: str, blocks: list[Span]) -> list[Span]:
    """``blocks`` cut again at every :data:`BREAK`."""
    if BREAK not in text:
        return blocks
    cut: list[Span] = []
    for block in blocks:
        start = block.start
        while (at := text.find(BREAK, start, block.end)) >= 0:
            cut.append(Span(start, at))
            start = at + 1
        cut.append(Span(start, block.end))
    return cut


def _sentences(text: str, block: Span) -> list[Span]:
    spans: list[Span] = []
    start = block.start
    chunk = text[block.start : block.end]
    for match in _TERMINATOR_RE.finditer(chunk):
        end = block.start + match.end()
        if _ends_sentence(text, block.start + match.start(), end, block.end):
            spans.append(Span(start, end))
            start = end
    spans.append(Span(start, block.end))
    return spans


def _ends_sentence(text: str, mark_start: int, mark_end: int, limit: int) -> bool:
    """Whether the terminator ``text[mark_start:mark_end]`` ends a sentence."""
    marks = text[mark_start:mark_end]
    if marks[0] in "。！？":
        return True
    if mark_end < limit and not text[mark_end].isspace():
        return False  # 3.14, e.g.x, "end."word
    following = _next_visible(text, mark_end, limit)
    if following is None:
        return True
    if following.islower():
        return False
    if marks.rstrip(_CLOSERS) != ".":
        return True  # ?!, ellipsis, "..." followed by a capital or digit
    # Only the last few characters: searching from 0 made segmenting a long document quadratic.
    word = _WORD_BEFORE_RE.search(text, max(0, mark_start - _WORD_WINDOW), mark_start)
    if word is None:
        return True
    token = word.group(1).lower()
    if token in _NEVER_FINAL:
        return False
    if len(token) == 1 and token.isalpha():
        return False  # an initial: "J. Smith"
    if re.fullmatch(r"(?:[a-z]\.)+[a-z]", token):
        return _next_word(text, mark_end, limit).lower() in SENTENCE_STARTERS
    if token in _MAYBE_FINAL:
        return _starts_new_sentence(following)
    return True


def _next_visible(text: str, position: int, limit: int) -> str | None:
    while position < limit and text[position].isspace():
        position += 1
    while position < limit and text[position] in _OPENERS:
        position += 1
    return text[position] if position < limit else None


def _next_word(text: str, position: int, limit: int) -> str:
    match = _NEXT_WORD_RE.match(text, position, limit)
    return match.group(1) if match else ""


def _starts_new_sentence(char: str) -> bool:
    return char.isupper()

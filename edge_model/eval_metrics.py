"""Checks on a corrector's suggestions that need no gold edits: protected tokens altered,
long rewrites, added repetitions, garbled sentences, source-length buckets, and the markup of
a Markdown file.

These are the evaluation's oracle for the engine's own safety rules and masking, so they are
written independently of them (plain regular expressions over the text). A *suggestion* is
anything with ``start``/``end`` offsets into the source and a ``replacement`` (the word-level
edits of ``edgegram.engine.core.edits.diff_edits``, or the engine's ``Edit``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

WORD_RE = re.compile(r"\w+(?:['’]\w+)*")
LONG_EDIT_WORDS = 3  # an edit whose original holds more words than this deletes or rewrites too much
GARBLED_LENGTH_CHANGE = 0.15  # output length differing by more than this share of the source's
LENGTH_BUCKETS = ((0, 64, "<64"), (64, 96, "64-95"), (96, 128, "96-127"), (128, None, "128+"))
PROTECTED_KINDS = ("digit", "url", "email", "acronym", "identifier")
# characters a masker or normaliser may stand in for hidden text; none belongs in a suggestion
PLACEHOLDER_CHARS = re.compile("[\ufffc\ufffd\ue000-\uf8ff]")
PLACEHOLDER_WORD = re.compile(r"\bXx+\b")  # lsp_server.markup's placeholder word for hidden inline code


class Suggestion(Protocol):
    start: int
    end: int
    replacement: str


@dataclass(frozen=True)
class ProtectedSpan:
    """``text[start:end]`` is a token a grammar checker must leave exactly as it is."""

    start: int
    end: int
    kind: str  # one of PROTECTED_KINDS
    text: str


# -- protected tokens ---------------------------------------------------------------------

_CHUNK = re.compile(r"\S+")
_LEADING = "([{\"'“‘«<*_"
_TRAILING = ".,;:!?)]}\"'”’»>*_"
_URL = re.compile(r"(?:(?:https?|ftp)://|www\.)\S+", re.IGNORECASE)
_EMAIL = re.compile(r"[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
_HANDLE_OR_TAG = re.compile(r"[@#][A-Za-z_]\w*")
_ACRONYM = re.compile(r"\b[A-Z0-9]*[A-Z][A-Z0-9]*[A-Z][A-Z0-9]*s?\b")
_CAMEL = re.compile(r"\b[a-z]+[A-Z]\w*|\b[A-Z][a-z0-9]+[A-Z]\w*")  # camelCase, inner capitals (JavaScript)
_SNAKE = re.compile(r"\b[A-Za-z0-9]+_\w+")
_DOTTED = re.compile(r"\b[A-Za-z_]\w+(?:\.(?:[a-z_]\w*|[A-Z0-9]{2,}))+\b")
_DRIVE_PATH = re.compile(r"[A-Za-z]:\\\S*")
# "word.word" in lowercase letters is more often a missing space after a full stop ("much.in")
# than a name; it counts as a dotted name only with one of these endings (domains, file types)
_NAME_ENDINGS = frozenset(
    "com org net edu gov io ai dev app co uk de fr info biz me tv us "
    "py rs js ts jsx tsx md txt html htm css json yaml yml toml ini cfg xml csv tsv pdf png jpg jpeg gif svg "
    "c h cc cpp hpp java kt go rb php sh bat exe dll so zip gz tar lock log".split()
)


def _is_path(core: str) -> bool:
    if not any(c.isalpha() for c in core):
        return False  # a date or a fraction (its digits protect it)
    if core.startswith(("/", "~/", "./", "../")) and len(core) > 1 or _DRIVE_PATH.fullmatch(core):
        return True
    if "/" not in core or "://" in core:
        return False
    last = core.rstrip("/").rsplit("/", 1)[-1]
    return core.count("/") >= 2 or bool(re.search(r"\.[A-Za-z]\w*$", last))


def _looks_like_missing_space(dotted: str) -> bool:
    first, _, last = dotted.partition(".")
    return (
        "." not in last
        and first.isalpha()
        and first.islower()
        and last.isalpha()
        and last.islower()
        and last not in _NAME_ENDINGS
    )


def protected_spans(text: str) -> list[ProtectedSpan]:
    """Every protected token of ``text`` (a token may appear once per kind), in text order.

    Whitespace-separated chunks are stripped of surrounding punctuation; a chunk is protected
    whole if it holds a digit, is a URL, an e-mail address, a file path, an @handle or a #tag;
    all-caps acronyms (2+ capitals) and code identifiers (camelCase, snake_case, dotted.names)
    are found inside chunks."""
    spans: list[ProtectedSpan] = []
    for chunk in _CHUNK.finditer(text):
        start, end = chunk.start(), chunk.end()
        while start < end and text[start] in _LEADING:
            start += 1
        while end > start and text[end - 1] in _TRAILING:
            end -= 1
        core = text[start:end]
        if not core:
            continue
        if any(c.isdigit() for c in core):
            spans.append(ProtectedSpan(start, end, "digit", core))
        if _URL.match(core):
            spans.append(ProtectedSpan(start, end, "url", core))
            continue
        if _EMAIL.fullmatch(core):
            spans.append(ProtectedSpan(start, end, "email", core))
            continue
        if _is_path(core) or _HANDLE_OR_TAG.fullmatch(core):
            spans.append(ProtectedSpan(start, end, "identifier", core))
        for pattern, kind in ((_ACRONYM, "acronym"), (_CAMEL, "identifier"), (_SNAKE, "identifier"), (_DOTTED, "identifier")):
            for m in pattern.finditer(core):
                if pattern is _DOTTED and _looks_like_missing_space(m.group()):
                    continue
                spans.append(ProtectedSpan(start + m.start(), start + m.end(), kind, m.group()))
    spans.sort(key=lambda s: (s.start, s.end, s.kind))
    return spans


def touches(start: int, end: int, span_start: int, span_end: int) -> bool:
    """Whether an edit of ``[start, end)`` changes characters of ``[span_start, span_end)``:
    it overlaps it, or (an insertion) falls strictly inside it."""
    if start == end:
        return span_start < start < span_end
    return start < span_end and end > span_start


def altered_protected_kinds(suggestion: Suggestion, spans: Iterable[ProtectedSpan]) -> set[str]:
    """The kinds of protected tokens whose characters ``suggestion`` changes (a token that the
    replacement still holds whole, e.g. a wider rewrite around it, is not changed)."""
    kinds = set()
    for span in spans:
        if span.kind in kinds or not touches(suggestion.start, suggestion.end, span.start, span.end):
            continue
        if not re.search(r"(?<!\w)" + re.escape(span.text) + r"(?!\w)", suggestion.replacement):
            kinds.add(span.kind)
    return kinds


# -- long rewrites, repetitions, garbling ---------------------------------------------------


def word_count(text: str) -> int:
    return len(WORD_RE.findall(text))


def is_long_edit(original: str) -> bool:
    """Whether an edit of ``original`` deletes or rewrites more than LONG_EDIT_WORDS words."""
    return word_count(original) > LONG_EDIT_WORDS


def repetitions(text: str, max_words: int = 4) -> list[tuple[int, int, str]]:
    """Adjacent repeats of a word or phrase of up to ``max_words`` words (case-insensitive,
    only whitespace between the two copies): ``(start, end, phrase)`` of both copies."""
    words = [(m.start(), m.end(), m.group().lower()) for m in WORD_RE.finditer(text)]
    found = []
    for n in range(1, max_words + 1):
        for i in range(len(words) - 2 * n + 1):
            first, second = words[i : i + n], words[i + n : i + 2 * n]
            if [w[2] for w in first] == [w[2] for w in second] and not text[first[-1][1] : second[0][0]].strip():
                found.append((first[0][0], second[-1][1], " ".join(w[2] for w in first)))
    return found


def adds_repetition(source: str, output: str, out_start: int, out_end: int) -> bool:
    """Whether the change that produced ``output[out_start:out_end]`` leaves an adjacent
    repetition there that ``source`` does not have as often."""
    if out_start == out_end:  # a deletion: repeats that now meet at its place
        near = [r for r in repetitions(output) if r[0] <= out_start <= r[1]]
    else:
        near = [r for r in repetitions(output) if r[0] < out_end and r[1] > out_start]
    if not near:
        return False
    in_source = Counter(r[2] for r in repetitions(source))
    in_output = Counter(r[2] for r in repetitions(output))
    return any(in_output[r[2]] > in_source[r[2]] for r in near)


@dataclass(frozen=True)
class SentenceFlags:
    """What the detectors found in one sentence's suggestions."""

    suggestions: int
    protected: dict[str, int]  # per kind: suggestions altering such a token
    protected_any: int  # suggestions altering any protected token
    long_edits: int
    repetitions: int
    garbled: bool


def sentence_flags(source: str, output: str, suggestions: Iterable) -> SentenceFlags:
    """Detectors over the word-level ``suggestions`` (with ``original``, ``out_start`` and
    ``out_end``, as from ``edgegram.engine.core.edits.diff_edits``) that turn ``source`` into ``output``."""
    spans = protected_spans(source)
    protected: Counter = Counter()
    count = protected_any = long_edits = repeated = 0
    for s in suggestions:
        count += 1
        kinds = altered_protected_kinds(s, spans)
        protected.update(kinds)
        protected_any += bool(kinds)
        long_edits += is_long_edit(s.original)
        repeated += adds_repetition(source, output, s.out_start, s.out_end)
    garbled = abs(len(output) - len(source)) > GARBLED_LENGTH_CHANGE * len(source) or long_edits > 0
    return SentenceFlags(count, {k: protected[k] for k in PROTECTED_KINDS}, protected_any, long_edits, repeated, garbled)


def length_bucket(n_tokens: int) -> str:
    for low, high, name in LENGTH_BUCKETS:
        if n_tokens >= low and (high is None or n_tokens < high):
            return name
    raise ValueError(n_tokens)


# -- Markdown markup -----------------------------------------------------------------------

_FENCE = re.compile(r"^[ \t]{0,3}(?:>[ \t]?)*(`{3,}|~{3,})")
_MARKUP_PATTERNS = [
    re.compile(r"<!--[\s\S]*?(?:-->|\Z)"),  # HTML comments
    re.compile(r"<(code|pre|kbd|samp)\b[^>]*>[\s\S]*?</\1>", re.IGNORECASE),  # HTML code elements
    re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>"),  # HTML tags
    re.compile(r"(`+)[^`][\s\S]*?\1"),  # inline code
    re.compile(r"\{\{#[^}]*\}\}"),  # mdBook directives
    re.compile(r"^[ \t]*(?:>[ \t]?)*\|.*$", re.MULTILINE),  # table rows
    re.compile(r"^[ \t]*(?:>[ \t]?)*[ \t]*:?-{3,}:?[ \t]*(?:\|.*)?$", re.MULTILINE),  # table rules, thematic breaks
    re.compile(r"^[ \t]*(?:>[ \t]?)+", re.MULTILINE),  # block-quote markers
    re.compile(r"^[ \t]{0,3}(?:>[ \t]?)*#{1,6}(?=[ \t]|$)", re.MULTILINE),  # heading markers
    re.compile(r"^[ \t]*(?:[-*+]|\d{1,9}[.)])(?=[ \t])", re.MULTILINE),  # list markers
    re.compile(r"^[ \t]{0,3}\[[^\]\n]+\]:.*$", re.MULTILINE),  # reference definitions
    re.compile(r"\]\([^)\n]*\)|\]\[[^\]\n]*\]|!?\[|\]"),  # link syntax (the link text stays prose)
    re.compile(r"(?:https?|ftp)://\S+"),  # URLs
    re.compile(r"(?<![\w*])[*_]{1,3}(?=\S)|(?<=\S)[*_]{1,3}(?![\w*])"),  # emphasis markers
]
MARKUP_CHARS = set("`*_|<>#[]{}")


def fenced_code_ranges(text: str) -> list[tuple[int, int]]:
    """``[start, end)`` of every fenced code block, fences included (an unclosed one runs to the end)."""
    ranges, position, opened = [], 0, None
    for line in text.splitlines(keepends=True):
        m = _FENCE.match(line)
        if opened is None and m:
            opened = (position, m.group(1)[0], len(m.group(1)))
        elif opened is not None and m and m.group(1)[0] == opened[1] and len(m.group(1)) >= opened[2]:
            ranges.append((opened[0], position + len(line)))
            opened = None
        position += len(line)
    if opened is not None:
        ranges.append((opened[0], len(text)))
    return ranges


def markdown_markup_ranges(text: str) -> list[tuple[int, int]]:
    """``[start, end)`` of everything in a Markdown text that is not prose: fenced code, inline
    code, HTML, tables, block-quote/heading/list markers, link syntax, URLs, emphasis markers."""
    ranges = fenced_code_ranges(text)
    for pattern in _MARKUP_PATTERNS:
        ranges.extend((m.start(), m.end()) for m in pattern.finditer(text) if m.end() > m.start())
    return sorted(ranges)


def prose_word_count(markdown: str) -> int:
    """Words outside fenced code blocks."""
    pieces, position = [], 0
    for start, end in fenced_code_ranges(markdown):
        pieces.append(markdown[position:start])
        position = end
    pieces.append(markdown[position:])
    return sum(word_count(p) for p in pieces)


def in_markup(start: int, end: int, original: str, replacement: str, ranges: Iterable[tuple[int, int]]) -> bool:
    """Whether a suggestion on a Markdown text touches markup or code, or adds or removes a
    markup character (```*_|<>#[]{}``)."""
    if any(touches(start, end, a, b) for a, b in ranges):
        return True
    return Counter(c for c in original if c in MARKUP_CHARS) != Counter(c for c in replacement if c in MARKUP_CHARS)


def has_placeholder(text: str) -> bool:
    """Whether ``text`` holds a stand-in for hidden text (a placeholder word or character)."""
    return bool(PLACEHOLDER_CHARS.search(text) or PLACEHOLDER_WORD.search(text))

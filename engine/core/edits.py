"""Minimal character-level edits between a sentence and its correction, on word boundaries.

Both texts are cut into words, single punctuation marks and whitespace runs; the token
sequences are aligned with ``difflib``, and every changed region is trimmed of common
leading/trailing tokens. Applying all returned edits to the source (from the end
backwards, or with :func:`apply_edits`) gives the output exactly.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

# A word: letters/digits with inner apostrophes ("don't", "it’s"); shared by the differ,
# the kinds, the safety rules and the server's dictionary check.
WORD_RE = re.compile(r"\w+(?:['’]\w+)*")
# The most words one edit (or a run of edits with only spaces between) may remove or put in:
# longer rewrites are not shown (edgegram.engine.judge.safety), so rules keep within it too.
MAX_EDIT_WORDS = 3
_TOKEN_RE = re.compile(rf"{WORD_RE.pattern}|\s+|[^\w\s]")
# A word or a single mark, without the spaces: the edit judge reads the tokens around an edit so.
WORD_OR_MARK_RE = re.compile(rf"{WORD_RE.pattern}|[^\w\s]")
# An apostrophe inside a word ("don't", "it’s"): straight or curly.
_INNER_APOSTROPHE_RE = re.compile(r"(?<=[^\W\d_])['’](?=[^\W\d_])")
CURLY_APOSTROPHE = "’"


@dataclass(frozen=True)
class RawEdit:
    """Replace ``source[start:end]`` (``original``) by ``replacement``, which is
    ``output[out_start:out_end]`` in the corrected text."""

    start: int
    end: int
    original: str
    replacement: str
    out_start: int
    out_end: int


class Replacement(Protocol):
    """Anything that replaces ``text[start:end]`` by ``replacement`` (an Edit, a RawEdit)."""

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...

    @property
    def replacement(self) -> str: ...


def tokenize(text: str) -> list[str]:
    """Words (with inner apostrophes), single punctuation marks and whitespace runs;
    their concatenation is ``text``."""
    return _TOKEN_RE.findall(text)


def touched_words(text: str, start: int, end: int) -> list[str]:
    """The words of ``text`` that overlap ``[start, end)`` or touch its edges (an insertion
    between two letters touches the word on each side)."""
    return [m.group() for m in WORD_RE.finditer(text) if m.start() <= end and m.end() >= start]


def words_before_and_after(text: str, start: int, end: int, replacement: str) -> tuple[list[str], list[str]]:
    """The words the edit replacing ``text[start:end]`` by ``replacement`` touches, before it
    and in its result (:func:`touched_words` on each side)."""
    result = text[:start] + replacement + text[end:]
    return touched_words(text, start, end), touched_words(result, start, start + len(replacement))


def diff_edits(source: str, output: str) -> list[RawEdit]:
    """The word-level changes that turn ``source`` into ``output``, in source order."""
    if source == output:
        return []
    src_tokens, out_tokens = tokenize(source), tokenize(output)
    src_offsets, out_offsets = _offsets(src_tokens), _offsets(out_tokens)
    matcher = difflib.SequenceMatcher(None, src_tokens, out_tokens, autojunk=False)
    edits: list[RawEdit] = []
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        a1, a2, b1, b2 = _trim_common(src_tokens, out_tokens, a1, a2, b1, b2)
        for i1, i2, j1, j2 in _split_off_deletion(src_tokens, out_tokens, a1, a2, b1, b2):
            start, end = src_offsets[i1], src_offsets[i2]
            out_start, out_end = out_offsets[j1], out_offsets[j2]
            edits.append(RawEdit(start, end, source[start:end], output[out_start:out_end], out_start, out_end))
    return _shifts_joined(_moves_joined(edits, source, output), source, output)


# A word moved over at most this many words is one change ("where is the station" -> "where the
# station is"); further apart, a word deleted and the same word inserted are two fixes ("to the
# school and saw teacher" -> "to school and saw the teacher").
_MOVE_MAX_WORDS = 2


def _moves_joined(edits: list[RawEdit], source: str, output: str) -> list[RawEdit]:
    """``edits`` with each word moved (deleted in one place, the same words inserted in another,
    at most :data:`_MOVE_MAX_WORDS` words away) made one edit from the first place to the
    second, with whatever lies between ("where is the station" -> "where the station is"):
    apart, the insertion could be shown without the deletion ("where is the station is")."""
    joined: list[RawEdit] = []
    i = 0
    while i < len(edits):
        first = edits[i]
        moved = _moved_words(first)
        partner = next(
            (
                j
                for j in range(i + 1, len(edits))
                if moved
                and _moved_words(edits[j]) == moved
                and _opposite(first, edits[j])
                and len(WORD_RE.findall(source, first.end, edits[j].start)) <= _MOVE_MAX_WORDS
            ),
            None,
        )
        if partner is None:
            joined.append(first)
            i += 1
            continue
        joined.append(_spanning(first, edits[partner], source, output))
        i = partner + 1
    return joined


def _spanning(first: RawEdit, last: RawEdit, source: str, output: str) -> RawEdit:
    """One edit from the start of ``first`` to the end of ``last``, what lies between included."""
    start, end, out_start, out_end = first.start, last.end, first.out_start, last.out_end
    return RawEdit(start, end, source[start:end], output[out_start:out_end], out_start, out_end)


def _shifts_joined(edits: list[RawEdit], source: str, output: str) -> list[RawEdit]:
    """``edits`` with each pair of neighbouring word changes where the first puts in the word the
    second takes out made one edit ("want that you come" -> "want you to come" is "that" ->
    "you" and "you" -> "to" to the word diff, which ties it with a deletion and an insertion):
    apart, the second could be shown without the first ("I want that to come")."""
    joined: list[RawEdit] = []
    for edit in edits:
        if joined and _shifted(joined[-1], edit, source):
            edit = _spanning(joined.pop(), edit, source, output)
        joined.append(edit)
    return joined


def _shifted(first: RawEdit, second: RawEdit, source: str) -> bool:
    """Whether ``first`` and ``second`` change neighbouring words (only spaces between) and the
    word ``first`` writes is the word ``second`` replaces: the word moved, not changed."""
    if not (first.original.strip() and first.replacement.strip() and second.original.strip()):
        return False
    return not source[first.end : second.start].strip() and first.replacement.casefold() == second.original.casefold()


def _moved_words(edit: RawEdit) -> str:
    """The words a pure deletion or insertion takes out or puts in, case-folded ("" otherwise)."""
    if bool(edit.original.strip()) == bool(edit.replacement.strip()):
        return ""
    return " ".join((edit.original or edit.replacement).split()).casefold()


def _opposite(first: RawEdit, second: RawEdit) -> bool:
    """Whether one of the two edits deletes and the other inserts."""
    return bool(first.original.strip()) != bool(second.original.strip())


def apostrophe_of(text: str) -> str:
    """The apostrophe ``text`` writes inside its words: the curly one where it does so more
    often than with the straight one (typeset prose: "it’s", "don’t"), else the straight one."""
    curly = straight = 0
    for m in _INNER_APOSTROPHE_RE.finditer(text):
        if m.group() == CURLY_APOSTROPHE:
            curly += 1
        else:
            straight += 1
    return CURLY_APOSTROPHE if curly > straight else "'"


def with_apostrophe(text: str, apostrophe: str) -> str:
    """``text`` with ``apostrophe`` for each apostrophe inside a word."""
    return _INNER_APOSTROPHE_RE.sub(apostrophe, text)


def apply_edits(text: str, edits: Sequence[Replacement]) -> str:
    """``text`` with non-overlapping ``edits`` (any order) applied."""
    pieces: list[str] = []
    position = 0
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        if edit.start < position:
            raise ValueError(f"overlapping edits at offset {edit.start}")
        pieces.append(text[position : edit.start])
        pieces.append(edit.replacement)
        position = edit.end
    pieces.append(text[position:])
    return "".join(pieces)


def without_overlaps(edits: Sequence[Replacement]) -> list:
    """``edits`` by position, leaving out each one that starts before the one kept before it
    ends (so :func:`apply_edits` takes the result)."""
    kept: list = []
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        if not kept or edit.start >= kept[-1].end:
            kept.append(edit)
    return kept


def _offsets(tokens: list[str]) -> list[int]:
    offsets = [0]
    for token in tokens:
        offsets.append(offsets[-1] + len(token))
    return offsets


# How alike (difflib's ratio) a word and its replacement are for a change of one word:
# "their" / "there" 0.8, "go" / "goes" 0.67; "again" / "there" 0.2.
_SAME_WORD_RATIO = 0.6
# Auxiliaries whose deletion a verb's new form depends on ("is depend" -> "depends", "does
# knows" -> "knows" is the other way round: the form kept, only the auxiliary deleted).
AUXILIARY_VERBS = frozenset("am is are was were be been do does did has have had".split())


def _split_off_deletion(src: list[str], out: list[str], i1: int, i2: int, j1: int, j2: int) -> list[tuple[int, int, int, int]]:
    """A changed region (``src[i1:i2]`` -> ``out[j1:j2]``) as one or more edits: where several
    source words become one word that is a form of the first or last of them, and not their
    concatenation ("their again" -> "there", but "can not" -> "cannot" stays whole), the
    change of that word and the deletion of the others are separate edits, so that each is
    judged, and shown, on its own; not where an auxiliary goes and the verb changes ("It is
    depend" -> "It depends": the new form alone would make "It is depends")."""
    whole = [(i1, i2, j1, j2)]
    if i1 == i2 or j1 == j2 or any(not (t.isspace() or WORD_RE.fullmatch(t)) for t in src[i1:i2] + out[j1:j2]):
        return whole
    words = [i for i in range(i1, i2) if not src[i].isspace()]
    if j2 - j1 != 1 or out[j1].isspace() or len(words) < 2:
        return whole
    target = out[j1].casefold()
    joined = [src[i].casefold() for i in words]
    if target in ("".join(joined), "-".join(joined)):
        return whole
    first, last = words[0], words[-1]
    if any(src[i].casefold() in AUXILIARY_VERBS for i in words) and target not in joined:
        return whole  # "is depend" -> "depends": the new form needs the deletion (not "It is depends")
    if _alike(src[first], target):
        return [(i1, first + 1, j1, j2), (first + 1, i2, j2, j2)]
    if _alike(src[last], target):
        return [(i1, last, j1, j1), (last, i2, j1, j2)]
    return whole


def _alike(word: str, other: str) -> bool:
    return difflib.SequenceMatcher(None, word.casefold(), other).ratio() >= _SAME_WORD_RATIO


def _trim_common(src: list[str], out: list[str], i1: int, i2: int, j1: int, j2: int) -> tuple[int, int, int, int]:
    while i1 < i2 and j1 < j2 and src[i1] == out[j1]:
        i1, j1 = i1 + 1, j1 + 1
    while i1 < i2 and j1 < j2 and src[i2 - 1] == out[j2 - 1]:
        i2, j2 = i2 - 1, j2 - 1
    return i1, i2, j1, j2

"""Masking a document that is being edited: only the parts an edit touched are parsed again.

A :class:`ProseCache` belongs to one document. :func:`edgegram.engine.prose.mask` given one
remembers, from one call to the next,

- for Markdown, the masked text of each part of the document between two blank lines that
  no construct crosses (see :func:`markdown_parts`): a part whose text and context did not
  change is not parsed again;
- for every format, which paragraphs are in another language than English
  (:mod:`edgegram.engine.prose.language_id`): a paragraph that did not change is not
  identified again.

Only what the latest call used is kept, so a cache holds about one version of its
document. The result is always that of masking the whole text from scratch. Other
formats are still parsed whole: 12-33 ms per keystroke for a 60 KB LaTeX, reST, HTML or
Python file on the 2-core development machine, against 2 ms for Markdown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from .language_id import LanguageFilter, english_filter
from .markdown import MarkdownBlock, mask_markdown_block
from .masking import MaskedText, Ranges

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# Where a Markdown document may be cut: after a blank line (LF only: inline code never spans
# one) before a line that starts with neither white space (code, list continuation), nor a
# list marker or digit (a list item), so no list, quote, paragraph or indented code goes on
# over the cut. Fences, HTML blocks, comments and tags that do are found by
# MarkdownBlock.open_end, and the part is then joined to the next.
_MARKDOWN_CUT = re.compile(r"\n[ \t]*\n(?=[^\s*+\-0-9])")


class Generations(Generic[K, V]):
    """A memo that keeps what the latest round used: ``get_or_make`` during a round,
    ``next_round()`` after it forgets the entries the round did not use."""

    def __init__(self) -> None:
        self._previous: dict[K, V] = {}
        self._current: dict[K, V] = {}

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        value = self._current.get(key)
        if value is None:
            value = self._previous.get(key)
            if value is None:
                value = make()
            self._current[key] = value
        return value

    def next_round(self) -> None:
        self._previous, self._current = self._current, {}

    def __len__(self) -> int:
        return len(self._previous) + len(self._current)


class _RememberedFilter:
    """The process's :class:`~edgegram.engine.prose.language_id.EnglishFilter`, its answers
    remembered per paragraph."""

    def __init__(self, memo: Generations[str, bool]) -> None:
        self._memo = memo

    def is_other_language(self, paragraph: str) -> bool:
        return self._memo.get_or_make(paragraph, lambda: english_filter().is_other_language(paragraph))


class ProseCache:
    """What masking one document remembers between its versions (see the module docstring)."""

    def __init__(self) -> None:
        self._markdown: Generations[tuple[str, bool, bool], MarkdownBlock] = Generations()
        self._languages: Generations[str, bool] = Generations()
        self.language_filter: LanguageFilter = _RememberedFilter(self._languages)

    def markdown(self, text: str) -> MaskedText:
        """``mask_markdown(text)``, parsing only the parts not seen in the previous call."""
        parts = markdown_parts(text, lambda part, first, after_code: self._block(part, first, after_code))
        return joined(parts)

    def _block(self, part: str, first: bool, after_code: bool) -> MarkdownBlock:
        return self._markdown.get_or_make((part, first, after_code), lambda: mask_markdown_block(part, first, after_code))

    def next_round(self) -> None:
        """Forget what the latest call did not use (called after each call)."""
        self._markdown.next_round()
        self._languages.next_round()

    def __len__(self) -> int:
        """Entries held (parts and paragraphs)."""
        return len(self._markdown) + len(self._languages)


def markdown_parts(text: str, block: Callable[[str, bool, bool], MarkdownBlock]) -> list[tuple[int, MaskedText]]:
    """(offset, masked part) of each part of a Markdown document, cut at
    :data:`_MARKDOWN_CUT`; ``block(part, first, after_code)`` masks one. A part with an open
    end takes in the next 1, 2, 4... cuts' worth of text until it closes."""
    cuts = [match.end() for match in _MARKDOWN_CUT.finditer(text)] + [len(text)]
    parts: list[tuple[int, MaskedText]] = []
    start, index, after_code = 0, 0, False
    while index < len(cuts):
        step = 1
        while True:
            end_index = min(index + step, len(cuts)) - 1
            masked = block(text[start : cuts[end_index]], not parts, after_code)
            if not masked.open_end or end_index == len(cuts) - 1:
                break
            step *= 2
        parts.append((start, masked.masked))
        start, index, after_code = cuts[end_index], end_index + 1, masked.ends_with_code
    return parts


def joined(parts: list[tuple[int, MaskedText]]) -> MaskedText:
    """One masked text of consecutive masked parts (offset, part), ranges merged as
    :func:`edgegram.engine.prose.masking.merge` would."""
    if len(parts) == 1 and parts[0][0] == 0:
        return parts[0][1]

    def ranges(name: str) -> Ranges:
        out: list[tuple[int, int]] = []
        for offset, part in parts:
            for start, end in getattr(part, name):
                start, end = start + offset, end + offset
                if out and start <= out[-1][1]:
                    out[-1] = (out[-1][0], max(end, out[-1][1]))
                else:
                    out.append((start, end))
        return tuple(out)

    return MaskedText(
        "".join(part.text for _, part in parts),
        ranges("skipped"),
        ranges("placeholders"),
        tuple((start + offset, end + offset, kind) for offset, part in parts for start, end, kind in part.spans),
    )

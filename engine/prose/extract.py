"""The entry point: a document and its language in, the masked prose out."""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass, replace

from edgegram.engine.core.types import (
    MARKUP_ARTICLE_MIN_CONFIDENCE,
    MARKUP_PUNCTUATION_MIN_CONFIDENCE,
    EditKind,
    Thresholds,
)

from .asciidoc import mask_asciidoc
from .directives import apply_directives, find_directives
from .git_commit import mask_git_commit
from .html_text import mask_html
from .incremental import ProseCache
from .language_id import hide_other_languages
from .languages import (
    ASCIIDOC,
    CODE_LANGUAGES,
    GIT_COMMIT,
    HTML,
    LATEX,
    MARKDOWN,
    MARKUP_LANGUAGES,
    PLAINTEXT,
    RESTRUCTUREDTEXT,
)
from .latex import mask_latex
from .markdown import code_lines, mask_markdown
from .masking import MaskedText, Masker, lsp_lines
from .plain_text import BACKTICKED_CODE, mask_plain_text
from .rst import mask_rst
from .source_code import CODE, comment_spans, mask_code


@dataclass(frozen=True)
class ProseOptions:
    """What to check besides markup prose."""

    check_code: bool = True  # comments and docstrings of source files
    skip_other_languages: bool = True  # hide paragraphs that are not English


_MARKUP: dict[str, Callable[[str], MaskedText]] = {
    PLAINTEXT: mask_plain_text,
    MARKDOWN: mask_markdown,
    LATEX: mask_latex,
    GIT_COMMIT: mask_git_commit,
    RESTRUCTUREDTEXT: mask_rst,
    HTML: mask_html,
    ASCIIDOC: mask_asciidoc,
}


def _format_mask(text: str, language: str, options: ProseOptions, cache: ProseCache | None) -> MaskedText:
    if language == MARKDOWN and cache is not None:
        return cache.markdown(text)
    if language in CODE:
        return mask_code(text, language) if options.check_code else Masker.revealing(text, ()).result()
    masker = _MARKUP.get(language)
    return masker(text) if masker else MaskedText(text, ())


def _in_a_comment(text: str, language: str) -> Callable[[int], bool] | None:
    """Whether an offset may start a directive: in source code, only inside a comment (not
    a string); in Markdown, not in a code block or after a backtick on its line."""
    if language in CODE:
        spans = comment_spans(text, language)
        starts = [start for start, _ in spans]

        def in_comment(offset: int) -> bool:
            index = bisect.bisect_right(starts, offset) - 1
            return index >= 0 and spans[index][0] <= offset < spans[index][1]

        return in_comment
    if language == MARKDOWN:
        lines = lsp_lines(text)
        line_starts = [start for start, _, _ in lines]
        in_code = code_lines(text)

        def outside_code(offset: int) -> bool:
            line = bisect.bisect_right(line_starts, offset) - 1
            return line not in in_code and "`" not in text[line_starts[line] : offset]

        return outside_code
    return None


def min_confidence_for(
    language: str | None, min_confidence: float, markup_min_confidence: float, text: str | None = None
) -> Thresholds:
    """The thresholds of an edit in a document in ``language`` (``text``: the document's, where
    the caller has it): ``min_confidence`` in plain text (or a language edgegram does not know);
    in technical prose (markup, a commit message, a source file's comments, a plain text that
    holds code in backticks: :func:`is_technical`) the higher of it and ``markup_min_confidence``, a spelling fix
    ``min_confidence``, punctuation at least :data:`MARKUP_PUNCTUATION_MIN_CONFIDENCE`, an
    article at least :data:`MARKUP_ARTICLE_MIN_CONFIDENCE`
    (:data:`edgegram.engine.core.types.DEFAULT_MARKUP_MIN_CONFIDENCE` says why)."""
    if not is_technical(language, text):
        return Thresholds(min_confidence)
    grammar = max(min_confidence, markup_min_confidence)
    by_kind = (
        (EditKind.SPELLING, min_confidence),
        (EditKind.PUNCTUATION, max(grammar, MARKUP_PUNCTUATION_MIN_CONFIDENCE)),
        (EditKind.ARTICLE, max(grammar, MARKUP_ARTICLE_MIN_CONFIDENCE)),
    )
    return Thresholds(grammar, by_kind)


def is_technical(language: str | None, text: str | None = None) -> bool:
    """Whether a document in ``language`` is technical prose: markup other than plain text, a
    commit message, a source file; or a plain ``text`` with code in backticks (a README or a
    manual page saved as ``.txt``, git's AsciiDoc pages in part: "the `--merged` option"), whose
    writer names commands and options as docs in markup do."""
    if language in MARKUP_LANGUAGES + CODE_LANGUAGES and language != PLAINTEXT:
        return True
    return (language or PLAINTEXT) == PLAINTEXT and text is not None and BACKTICKED_CODE.search(text) is not None


def mask(text: str, language: str | None, options: ProseOptions = ProseOptions(), cache: ProseCache | None = None) -> MaskedText:
    """The text to give the checker for a document in ``language`` (plain text: its backticked
    code hidden, :mod:`.plain_text`), and its inline directives applied in formats that have
    comments. ``cache``: what masking the document's previous version left
    (:mod:`edgegram.engine.prose.incremental`); the result is the same with or without it."""
    language = language or PLAINTEXT
    masked = _format_mask(text, language, options, cache)
    if "edgegram:" in text.lower():
        directives = find_directives(text, language, _in_a_comment(text, language))
        masked = apply_directives(text, masked, directives)
    if options.skip_other_languages:
        masked = hide_other_languages(masked, cache.language_filter if cache is not None else None)
    if cache is not None:
        cache.next_round()
    return replace(masked, source=text)

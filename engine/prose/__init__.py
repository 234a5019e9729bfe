"""Prose extraction: which parts of a document are prose, for every format edgegram checks.

``mask(text, language, options)`` returns a :class:`MaskedText` of the same length as
``text`` in which everything that is not prose (code, markup, math, URLs, directives,
paragraphs in other languages) is hidden behind spaces or placeholder words, line breaks
kept, so offsets into it are offsets into the document; ``drop_skipped`` removes the
edits that touch a hidden or protected range. One module per format; the CLI and the
language server both use this package.
"""

from .extract import ProseOptions, mask, min_confidence_for
from .incremental import ProseCache
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
    language_of,
)
from .masking import MaskedText, drop_skipped, lsp_lines, placeholder_word, touches_skipped

__all__ = [
    "ASCIIDOC",
    "CODE_LANGUAGES",
    "GIT_COMMIT",
    "HTML",
    "LATEX",
    "MARKDOWN",
    "MARKUP_LANGUAGES",
    "PLAINTEXT",
    "RESTRUCTUREDTEXT",
    "MaskedText",
    "ProseCache",
    "ProseOptions",
    "drop_skipped",
    "language_of",
    "lsp_lines",
    "mask",
    "min_confidence_for",
    "placeholder_word",
    "touches_skipped",
]

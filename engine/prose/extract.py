"""The entry point: a document and its language in, the masked prose out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .code import CODE, mask_code
from .git_commit import mask_git_commit
from .html import mask_html
from .languages import GIT_COMMIT, HTML, LATEX, MARKDOWN, PLAINTEXT, RESTRUCTUREDTEXT
from .latex import mask_latex
from .markdown import mask_markdown
from .masking import MaskedText, Masker
from .rst import mask_rst


@dataclass(frozen=True)
class ProseOptions:
    """What to check besides markup prose."""

    check_code: bool = True  # comments and docstrings of source files


_MARKUP: dict[str, Callable[[str], MaskedText]] = {
    MARKDOWN: mask_markdown,
    LATEX: mask_latex,
    GIT_COMMIT: mask_git_commit,
    RESTRUCTUREDTEXT: mask_rst,
    HTML: mask_html,
}


def _format_mask(text: str, language: str, options: ProseOptions) -> MaskedText:
    if language in CODE:
        return mask_code(text, language) if options.check_code else Masker.revealing(text, ()).result()
    masker = _MARKUP.get(language)
    return masker(text) if masker else MaskedText(text, ())


def mask(text: str, language: str | None, options: ProseOptions = ProseOptions()) -> MaskedText:
    """The text to give the checker for a document in ``language`` (plain text: unchanged)."""
    return _format_mask(text, language or PLAINTEXT, options)

"""The entry point: a document and its language in, the masked prose out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .git_commit import mask_git_commit
from .languages import GIT_COMMIT, LATEX, MARKDOWN, PLAINTEXT
from .latex import mask_latex
from .markdown import mask_markdown
from .masking import MaskedText


@dataclass(frozen=True)
class ProseOptions:
    """What to check besides markup prose."""

    check_code: bool = True  # comments and docstrings of source files
    skip_other_languages: bool = True  # hide paragraphs that are not English


_MASKERS: dict[str, Callable[[str], MaskedText]] = {
    MARKDOWN: mask_markdown,
    LATEX: mask_latex,
    GIT_COMMIT: mask_git_commit,
}


def mask(text: str, language: str | None, options: ProseOptions = ProseOptions()) -> MaskedText:
    """The text to give the checker for a document in ``language`` (plain text: unchanged)."""
    masker = _MASKERS.get(language or PLAINTEXT)
    return masker(text) if masker else MaskedText(text, ())

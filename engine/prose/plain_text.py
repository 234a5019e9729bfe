"""Plain text and the one markup technical writers use in it anywhere: code in backticks on one
line ("the `--merged` and `--no-merged` options", "call `frobnicate()`") is a placeholder word, as
Markdown's inline code is, so that the code is never judged as words and the sentence around it is
read with a noun in its place. Not a quote in the old GNU style (`like this'), whose backtick no
other closes: the code may not begin or end with a space."""

from __future__ import annotations

import re

from .masking import MaskedText, Masker

# One backtick, code that neither starts nor ends with a space, one backtick; not inside a word.
BACKTICKED_CODE = re.compile(r"(?<![`\w])`(?=[^\s`])[^`\r\n]*(?<=[^\s`])`(?![`\w])")


def mask_plain_text(text: str) -> MaskedText:
    """``text`` with its backticked code behind placeholder words."""
    masker = Masker(text)
    hide_backticked_code(masker)
    return masker.result()


def hide_backticked_code(masker: Masker) -> None:
    """Put placeholder words in place of the backticked code of ``masker``'s text."""
    masker.apply(BACKTICKED_CODE, "word")

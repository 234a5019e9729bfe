"""Git commit messages: ``#`` comment lines and everything after the scissors line hidden."""

from __future__ import annotations

import re

from .masking import MaskedText, Masker

_SCISSORS = re.compile(r"^# -+ >8 -+[ \t]*$[\s\S]*", re.MULTILINE)
_GIT_COMMENT = re.compile(r"^#[^\r\n]*", re.MULTILINE)


def mask_git_commit(text: str) -> MaskedText:
    """Hide ``#`` comment lines and everything after the scissors line."""
    masker = Masker(text)
    masker.apply(_SCISSORS, "blank")
    masker.apply(_GIT_COMMENT, "blank")
    return masker.result()

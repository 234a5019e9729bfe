"""Git commit messages: ``#`` comment lines, everything after the scissors line, the trailers
(``Signed-off-by: …``) and HTML comments (a pull request template's ``<!-- … -->``, which the
forge never shows) hidden; the subject line is a span of its own (no final stop or first capital
owed: "fix: handle an empty config", "Add retries to the uploader"), its conventional type
prefix ("feat(parser)!: ") hidden; the body is paragraphs, and its bulleted lines list items
("- keep a rolling buffer of CPU samples", :mod:`.list_items`); code in backticks is a placeholder
word, as in plain text (:mod:`.plain_text`)."""

from __future__ import annotations

import re

from .list_items import mark_list_items
from .masking import HTML_COMMENT, MaskedText, Masker
from .plain_text import hide_backticked_code
from .spans import SpanKind

_SCISSORS = re.compile(r"^# -+ >8 -+[ \t]*$[\s\S]*", re.MULTILINE)
_GIT_COMMENT = re.compile(r"^#[^\r\n]*", re.MULTILINE)
_SUBJECT = re.compile(r"\A(?:[ \t]*(?:\r\n|\r|\n))*([ \t]*)(\S[^\r\n]*)")
# A conventional-commits type and scope before the subject proper.
_TYPE_PREFIX = re.compile(r"[a-z]+(?:\([^)\r\n]*\))?!?:[ \t]+")
# Trailers at the end of the message: "Token: value" lines, the token without spaces.
_TRAILER = re.compile(r"^[A-Za-z][A-Za-z0-9-]*:[ \t]+\S[^\r\n]*$", re.MULTILINE)
_BLANK_LINE = re.compile(r"(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)")


def mask_git_commit(text: str) -> MaskedText:
    """Hide ``#`` comment lines, everything after the scissors line and the trailers; mark the
    subject line."""
    masker = Masker(text)
    masker.apply(_SCISSORS, "blank")
    masker.apply(_GIT_COMMENT, "blank")
    masker.apply(HTML_COMMENT, "blank")
    hide_backticked_code(masker)
    visible = masker.text
    subject = _SUBJECT.match(visible)
    if subject is not None:
        start, end = subject.span(2)
        prefix = _TYPE_PREFIX.match(visible, start, end)
        if prefix is not None:
            masker.blank(start, prefix.end())
            start = prefix.end()
        masker.span(start, end, SpanKind.COMMIT_SUBJECT)
        _hide_trailers(masker, end)
        mark_list_items(masker, end, lazy=True)  # the body's bullets
    return masker.result()


def _hide_trailers(masker: Masker, after: int) -> None:
    """Hide the last paragraph after ``after`` when every line of it is a trailer."""
    text = masker.text
    end = len(text.rstrip())
    blanks = [match.end() for match in _BLANK_LINE.finditer(text, after, end)]
    if not blanks:
        return
    start = blanks[-1]
    lines = [line for line in text[start:end].splitlines() if line.strip()]
    if lines and all(_TRAILER.fullmatch(line.strip()) for line in lines):
        masker.blank(start, end)

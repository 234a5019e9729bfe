"""Inline directives, written in the format's own comment syntax, on their own line or
trailing a line:

- ``edgegram: ignore-next-line``: the next line is not checked;
- ``edgegram: disable`` ... ``edgegram: enable``: the lines between are not checked
  (to the end of the file when no ``enable`` follows);
- ``edgegram: ignore-file``: nothing in the file is checked;
- ``edgegram: words Kubernetes, Grafana``: edits that touch these words are dropped.

The directive's own comment is always hidden.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from . import languages as lang
from .masking import MaskedText, Masker, lsp_lines

_HASH = (r"#+", "")
_C_LIKE = (r"//+!?|/\*+!?", r"\*+/")
# (opener, closer) patterns of each format's comments.
COMMENT_SYNTAX: dict[str, tuple[str, str]] = {
    lang.MARKDOWN: (r"<!--", r"-->"),
    lang.HTML: (r"<!--", r"-->"),
    lang.LATEX: (r"(?<!\\)%+", ""),
    lang.GIT_COMMIT: _HASH,
    lang.RESTRUCTUREDTEXT: (r"\.\.", ""),
    lang.ASCIIDOC: (r"(?m:^)//", ""),
    lang.PYTHON: _HASH,
    lang.SHELL: _HASH,
    lang.LUA: (r"--+(?:\[=*\[)?", r"\]=*\]"),
    **{
        language: _C_LIKE
        for language in (lang.JAVASCRIPT, lang.TYPESCRIPT, lang.TSX, lang.RUST, lang.GO, lang.C, lang.CPP, lang.JAVA)
    },
}
_MARKER = "edgegram:"


@dataclass(frozen=True)
class Directive:
    start: int  # of the comment holding it
    end: int
    command: str  # ignore-next-line, disable, enable, ignore-file or words
    words: tuple[str, ...] = ()


@cache
def _pattern(language: str) -> re.Pattern[str]:
    opener, closer = COMMENT_SYNTAX[language]
    closing = f"(?:[ \\t]*(?:{closer}))?" if closer else ""
    return re.compile(
        rf"(?:{opener})[ \t]*edgegram:[ \t]*(ignore-next-line|disable|enable|ignore-file|words)\b"
        rf"((?:(?!{closer or '$^'})[^\r\n])*?){closing}[ \t]*(?=\r|\n|\Z)",
        re.IGNORECASE,
    )


def find_directives(text: str, language: str | None, allowed: Callable[[int], bool] | None = None) -> list[Directive]:
    """The directives in ``text`` written in ``language``'s comment syntax (``allowed``:
    whether a comment starting at an offset is a real comment, not code or a string)."""
    if language not in COMMENT_SYNTAX or _MARKER not in text.lower():
        return []
    found = []
    for match in _pattern(language).finditer(text):
        if allowed is not None and not allowed(match.start()):
            continue
        command = match.group(1).lower()
        words = tuple(w for w in re.split(r"[\s,]+", match.group(2)) if w) if command == "words" else ()
        found.append(Directive(match.start(), match.end(), command, words))
    return found


def apply_directives(text: str, masked: MaskedText, directives: Sequence[Directive]) -> MaskedText:
    """``masked`` with the directives' comments and what they silence hidden or protected."""
    if not directives:
        return masked
    if any(d.command == "ignore-file" for d in directives):
        return Masker.revealing(text, ()).result()
    masker = Masker.of(masked)
    lines = lsp_lines(text)
    starts = [start for start, _, _ in lines]

    def line_of(offset: int) -> int:
        return bisect.bisect_right(starts, offset) - 1

    def hide_lines(first: int, last: int) -> None:
        if first <= last and first < len(lines):
            masker.blank(lines[first][0], lines[min(last, len(lines) - 1)][1])

    disabled_from: int | None = None
    for directive in directives:
        masker.blank(directive.start, directive.end)
        line = line_of(directive.start)
        if directive.command == "ignore-next-line":
            hide_lines(line + 1, line + 1)
        elif directive.command == "disable" and disabled_from is None:
            disabled_from = line + 1
        elif directive.command == "enable" and disabled_from is not None:
            hide_lines(disabled_from, line - 1)
            disabled_from = None
        elif directive.command == "words":
            for word in directive.words:
                for match in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", text):
                    masker.protect(match.start(), match.end())
    if disabled_from is not None:
        hide_lines(disabled_from, len(lines) - 1)
    return masker.result()

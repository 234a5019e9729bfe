"""The prose inside one comment or docstring: comment markers (``#``, ``//``, ``/*``,
leading ``*``, ``--``) hidden so that a sentence wrapped over several comment lines reads
as one; commented-out code, pragmas, doctests and fenced code hidden; identifiers,
``backticked`` code, URLs, paths and tags inside sentences replaced by placeholder words."""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .masking import Masker, lsp_lines


@dataclass(frozen=True)
class CommentSyntax:
    """The markers of one family of comment syntaxes (patterns match at a line's start/end)."""

    first: re.Pattern[str] | None  # opening marker on a comment's first line
    continuation: re.Pattern[str] | None  # leading marker on its other lines
    end: re.Pattern[str] | None  # closing marker at the end of its last line


HASH = CommentSyntax(re.compile(r"[ \t]*#+"), re.compile(r"[ \t]*#+"), None)
C_LIKE = CommentSyntax(
    re.compile(r"[ \t]*(?:/\*+!?|//[/!]?)"),
    re.compile(r"[ \t]*(?:\*+(?!/)|//[/!]?)"),
    re.compile(r"[ \t]*\*+/[ \t]*$"),
)
LUA = CommentSyntax(re.compile(r"[ \t]*--+(?:\[=*\[)?"), re.compile(r"[ \t]*--+"), re.compile(r"\]=*\][ \t]*$"))
DOCSTRING = CommentSyntax(None, None, None)

_FENCE = re.compile(r"[ \t]*(?:```|~~~)")
_DOCTEST = re.compile(r"[ \t]*(?:>>>|\.\.\.)(?:[ \t]|$)")
_PRAGMA = re.compile(
    r"[ \t]*(?:!|-\*-"
    r"|(?:type|pylint|mypy|pyright|isort|fmt|ruff|flake8|nosec|edgegram|shellcheck|global|go|"
    r"nolint|clang-format|cppcheck|@ts-\w+)[ \t]*:"
    r"|(?:noqa|NOLINT\w*|eslint(?:-[\w-]+)?|jshint|prettier-ignore|#region|#endregion|@ts-[\w-]+|"
    r"shellcheck|istanbul|c8)\b)"
)
_CODE_LINE = re.compile(  # anchored at the line's start: cheap
    r"""[ \t]*(?:
        (?:def|fn|func|function|class|struct|enum|impl|interface)[ \t]+\w+[ \t]*[(<:{]
      | (?:import|use|using|package|require|include)[ \t]+[\w.:/"'<>@-]+[ \t]*;?[ \t]*$
      | from[ \t]+[\w.]+[ \t]+import[ \t]
      | \#[ \t]*(?:include|define|ifn?def|if|endif|pragma)\b
      | (?:let|const|var|local|auto|int|char|float|double|bool)[ \t]+\w+[ \t]*(?:=|;|:)
      | (?:return|yield|await|throw|raise)[ \t]+[^ \t\w][^ ]*$
      | (?:if|for|while|switch|catch)[ \t]*\(.*\)
      | [\w.\[\]'"]+[ \t]*(?:[-+*/%|&^:]|\*\*|//)?=(?!=)[ \t]*\S   # assignment
      | [\w.]+\([^()]*\)[ \t]*;?[ \t]*$                         # a call on its own
      | [\w.]+(?:\[[^\]]*\])+[ \t]*$
      | [\w./-]+(?:[ \t]+\S+)*?[ \t]+--?[A-Za-z][\w-]*.*$       # a command with options
    )""",
    re.VERBOSE,
)
_CODE_ENDINGS = (";", "{", "}", "):", "=>", ") {", ")}")  # statement ends, blocks, def f(x):
_RETURN_TYPE = re.compile(r"\)[ \t]*->")
_MARKUP_IN_PROSE = re.compile(r"(`+)[^`]+?\1|\{@[^}]*\}|</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>")
_SYMBOLS = re.compile(r"[(){}\[\];=<>&|$\\]")
_WORD_LIKE = (  # one pattern each: Python's re is slow on long alternations
    re.compile(r"(`+)[^`\r\n]+?\1", re.MULTILINE),  # `code`, ``code``
    re.compile(r"(?::[\w-]+)+:`[^`\r\n]*`", re.MULTILINE),  # reST roles :class:`Foo`
    re.compile(r"\{@\w+[^}\r\n]*\}", re.MULTILINE),  # {@link Foo#bar}, {@code x}
    re.compile(r"\b(?:[a-z][a-z0-9+.-]{0,15}://|www\.|mailto:)[^\s<>`'\"]*[^\s<>`'\".,;:!?)\]]", re.MULTILINE),  # URLs
    re.compile(r"/[\w.-]+/[\w.-]*|(?<![\w/])(?:~|\.{1,2})/[\w.-]+"),  # paths (widened to the token below)
    re.compile(r"\b[A-Za-z_$][\w$]*(?:(?:\.|::|->|#)[A-Za-z_$][\w$]*)+(?:\(\))?", re.MULTILINE),  # a.b, A::b, a->b
    re.compile(r"\b[\w$]+\([^()\s]*\)", re.MULTILINE),  # calls: f(), f(x)
    re.compile(r"\b\w*_\w*\b|\b[a-z]+[A-Z]\w*|\b[A-Z][a-z0-9]+[A-Z]\w*", re.MULTILINE),  # snake_case, camelCase, PascalCase
    re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*=?\S*(?=\s|$)", re.MULTILINE),  # --options
    re.compile(r"\$\{?\w+\}?|%[sdifr]\b|\{\w*\}", re.MULTILINE),  # $VAR, ${VAR}, format fields
)
_TAGS = (  # each starts with a literal, which Python's re searches for quickly
    re.compile(  # @param {Type} name, @returns {Type}, @deprecated
        r"@(?<!\S@)(?:(?:param|arg|argument|property|prop|tparam|throws?|exception|raises?)\b[ \t]*"
        r"(?:\{[^}\r\n]*\}[ \t]*)?\[?[\w.$]*\]?|\w+\b[ \t]*(?:\{[^}\r\n]*\})?)"
    ),
    re.compile(r"^[ \t]*:[\w .,|\[\]()*-]+:(?=\s|$)", re.MULTILINE),  # reST fields :param int x:
    re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>\r\n]*)?/?>"),  # HTML tags in Javadoc
)
_PATHS = _WORD_LIKE[4]
_INITIALISM = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]\.?")


def is_code_line(line: str) -> bool:
    """Whether a comment line is code (commented out, an example) rather than prose."""
    stripped = line.strip()
    if not stripped:
        return False
    if stripped.endswith(_CODE_ENDINGS) or '"$' in stripped or _CODE_LINE.match(line):
        return True
    if ")" in stripped and _RETURN_TYPE.search(stripped):
        return True
    prose_markup = _MARKUP_IN_PROSE.sub("", stripped)
    return len(_SYMBOLS.findall(prose_markup)) >= max(2, 0.12 * len(stripped))


def mask_comment(masker: Masker, text: str, start: int, end: int, syntax: CommentSyntax) -> None:
    """Hide what is not prose in ``text[start:end]``, one comment or docstring body."""
    lines = lsp_lines(text[start:end])
    in_fence = in_doctest = False
    last = len(lines) - 1
    for number, (line_start, line_end, content) in enumerate(lines):
        body_start, body_end = start + line_start, start + line_end
        marker = syntax.first if number == 0 else syntax.continuation
        match = marker.match(content) if marker else None
        if match:
            masker.blank(body_start, body_start + match.end())
            body_start += match.end()
        if number == last and syntax.end:
            closing = syntax.end.search(text, body_start, body_end)
            if closing:
                masker.blank(closing.start(), body_end)
                body_end = closing.start()
        body = text[body_start:body_end]
        if _FENCE.match(body):
            in_fence = not in_fence
            masker.blank(body_start, body_end)
            continue
        if not body.strip():
            in_doctest = False
            continue
        if in_fence or in_doctest or _DOCTEST.match(body):
            in_doctest = in_doctest or bool(_DOCTEST.match(body))
            masker.blank(body_start, body_end)
            continue
        if _PRAGMA.match(body) and number == 0 or is_code_line(body):
            masker.blank(body_start, body_end)


def mask_inline_code(masker: Masker, regions: Sequence[tuple[int, int]]) -> None:
    """Hide tags and word-like code (identifiers, `code`, URLs, paths) in the comment
    ``regions`` (sorted, not overlapping), once their lines are done. The patterns run over
    the regions joined by line breaks, not over the whole file."""
    if not regions:
        return
    for patterns, action in ((_TAGS, "blank"), (_WORD_LIKE, "word")):
        for pattern in patterns:
            text = masker.text
            pieces, starts, position = [], [], 0
            for start, end in regions:
                starts.append(position)
                pieces.append(text[start:end])
                position += end - start + 1
            joined = "\n".join(pieces)
            for match in pattern.finditer(joined):
                region = bisect.bisect_right(starts, match.start()) - 1
                shift = regions[region][0] - starts[region]
                start, end = match.start() + shift, match.end() + shift
                if pattern is _PATHS:
                    start, end = _token_around(text, start, end)
                if not _INITIALISM.fullmatch(text[start:end]):
                    getattr(masker, action)(start, end)


def _token_around(text: str, start: int, end: int) -> tuple[int, int]:
    """``start..end`` widened to the whitespace-free token holding it (a path's parts)."""
    while start > 0 and not text[start - 1].isspace() and text[start - 1] not in "([{<'\"`":
        start -= 1
    while end < len(text) and not text[end].isspace() and text[end] not in ")]}>'\",;`":
        end += 1
    while end > start and text[end - 1] in ".:!?":
        end -= 1
    return start, end

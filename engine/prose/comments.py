"""The prose inside one comment or docstring: comment markers (``#``, ``//``, ``/*``,
leading ``*``, ``--``) hidden so that a sentence wrapped over several comment lines reads
as one; commented-out code, pragmas, doctests and fenced code hidden; identifiers,
``backticked`` code, URLs, paths and tags inside sentences replaced by placeholder words."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .list_items import ListItems
from .masking import Masker, lsp_lines, placeholder_word
from .spans import SpanKind


@dataclass(frozen=True)
class CommentSyntax:
    """The markers of one family of comment syntaxes (patterns match at a line's start/end)."""

    first: re.Pattern[str] | None  # opening marker on a comment's first line
    continuation: re.Pattern[str] | None  # leading marker on its other lines
    end: re.Pattern[str] | None  # closing marker at the end of its last line
    line: str = ""  # what opens a comment that ends with its line ("//", "#"): runs of them are one comment


HASH = CommentSyntax(re.compile(r"[ \t]*#+"), re.compile(r"[ \t]*#+"), None, "#")
C_LIKE = CommentSyntax(
    re.compile(r"[ \t]*(?:/\*+!?|//[/!]?)"),
    re.compile(r"[ \t]*(?:\*+(?!/)|//[/!]?)"),
    re.compile(r"[ \t]*\*+/[ \t]*$"),
    "//",
)
LUA = CommentSyntax(re.compile(r"[ \t]*--+(?:\[=*\[)?"), re.compile(r"[ \t]*--+"), re.compile(r"\]=*\][ \t]*$"))
DOCSTRING = CommentSyntax(None, None, None)

_FENCE = re.compile(r"[ \t]*(?:```|~~~)")
# Markdown's indented code after a comment's marker and its space: a doc comment's example, a
# diagram; it opens a comment or follows an empty line, and goes on while lines are indented.
_INDENTED_CODE = re.compile(r"(?: {5,}|[ ]?\t)\S")
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
_CODE_ENDINGS = ("{", "}", "):", "=>", ") {", ")}")  # blocks, def f(x):
_RETURN_TYPE = re.compile(r"\)[ \t]*->")
_MARKUP_IN_PROSE = re.compile(r"(`+)[^`]+?\1|\{@[^}]*\}|</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>")
_SYMBOLS = re.compile(r"[(){}\[\];=<>&|$\\]")
_STATEMENT = re.compile(r"[{}\[\]=<>&|$\\]|\w\(")  # what a statement has before its ";" and a clause has not
_SPANNING = (  # word-like code that may hold spaces, found over the comments' text
    re.compile(r":[\w-]+(?::[\w-]+)*:`[^`\r\n]*`"),  # reST roles :class:`Foo` (before `code`, which is in them)
    re.compile(r"(`+)[^`\r\n]+?\1"),  # `code`, ``code``
    re.compile(r"\{@\w+[^}\r\n]*\}"),  # {@link Foo#bar}, {@code x}
)
_IN_TOKENS = (  # word-like code inside one whitespace-free token, in this order
    re.compile(r"(?:[a-z][a-z0-9+.-]{0,15}://|www\.|mailto:)[^\s<>`'\"]*[^\s<>`'\".,;:!?)\]]"),  # URLs
    re.compile(r"/[\w.-]+/[\w.-]*|(?<![\w/])(?:~|\.{1,2})/[\w.-]+"),  # paths (widened to the token)
    re.compile(r"\b[A-Za-z_$][\w$]*(?:(?:\.|::|->|#)[A-Za-z_$][\w$]*)+(?:\(\))?"),  # a.b, A::b, a->b
    re.compile(r"\b[\w$]+\([^()\s]*\)"),  # calls: f(), f(x)
    re.compile(r"\b\w*_\w*\b|\b[a-z]+[A-Z]\w*|\b[A-Z][a-z0-9]+[A-Z]\w*"),  # snake_case, camelCase, PascalCase
    re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*=?\S*"),  # --options
    re.compile(r"\$\{?\w+\}?|%[sdifr]\b|\{\w*\}"),  # $VAR, ${VAR}, format fields
)
_PATHS = _IN_TOKENS[1]
_TOKEN = re.compile(r"\S+")
# A run of plain words (no inner capitals, digits or symbols) and prose punctuation (not a dot
# between two words: "schema.Column"). One character or one whole word per repetition: no nested
# quantifier to backtrack into.
_PLAIN_WORDS = re.compile(r"(?:[\s,;:!?()'\"]|\.(?![A-Za-z])|[A-Z]?[a-z]+\b|[A-Z]+\b)*")
_PUNCTUATION = ".,;:!?()[]\"'“”‘’«»"
_TAGS = (  # each starts with a literal, which Python's re searches for quickly
    re.compile(  # @param {Type} name, @returns {Type}, @deprecated
        r"@(?<!\S@)(?:(?:param|arg|argument|property|prop|tparam|throws?|exception|raises?)\b[ \t]*"
        r"(?:\{[^}\r\n]*\}[ \t]*)?\[?[\w.$]*\]?|\w+\b[ \t]*(?:\{[^}\r\n]*\})?)"
    ),
    re.compile(r"^[ \t]*:[\w .,|\[\]()*-]+:(?=\s|$)", re.MULTILINE),  # reST fields :param int x:
    re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>\r\n]*)?/?>"),  # HTML tags in Javadoc
    # a note's marker and its owner: "TODO(milas):", "FIXME:", "XXX"
    re.compile(r"\b(?:TODO|FIXME|XXX|HACK|BUG)\b(?:\([^)\r\n]*\))?:?"),
)
_HTML_TAG = _TAGS[2]
_INITIALISM = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]\.?")


# A licence or copyright notice: boilerplate the writer did not write, never checked.
_LICENCE = re.compile(
    r"SPDX-License-Identifier|\bCopyright\b[^\n]*(?:\d{4}|\(c\)|©)|Licensed under the|Permission is hereby granted"
)


def is_licence(comment: str) -> bool:
    """Whether a comment is a licence or copyright notice."""
    return _LICENCE.search(comment) is not None


def is_code_line(line: str) -> bool:
    """Whether a comment line is code (commented out, an example) rather than prose."""
    stripped = line.strip()
    if not stripped:
        return False
    if stripped.endswith(_CODE_ENDINGS) or '"$' in stripped or _CODE_LINE.match(line):
        return True
    if stripped.endswith(";") and (len(stripped.split()) <= 3 or _STATEMENT.search(stripped, 0, len(stripped) - 1)):
        return True  # a statement ("free(buf);", "break;"), not a clause ('... for the SELECT;', '(the "License");')
    if ")" in stripped and _RETURN_TYPE.search(stripped):
        return True
    needed = max(2, 0.12 * len(stripped))
    if len(_SYMBOLS.findall(stripped)) < needed:
        return False
    return len(_SYMBOLS.findall(_MARKUP_IN_PROSE.sub("", stripped))) >= needed


def mask_comment(masker: Masker, text: str, start: int, end: int, syntax: CommentSyntax) -> None:
    """Hide what is not prose in ``text[start:end]``, one comment or docstring body."""
    piece = text[start:end]
    lines = lsp_lines(piece) if "\n" in piece or "\r" in piece else [(0, end - start, piece)]
    in_fence = in_doctest = in_indented = False
    after_blank = True  # the first line, or one after an empty one: where indented code may open
    items = ListItems(masker)
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
        if ("`" in body or "~" in body) and _FENCE.match(body):
            in_fence = not in_fence
            masker.blank(body_start, body_end)
            items.close()
            continue
        if not body.strip():
            in_doctest, after_blank = False, True
            items.close()
            continue
        if not any(char.isalnum() for char in body):  # a rule of dashes or stars between sections
            masker.blank(body_start, body_end)
            items.close()
            continue
        opens = after_blank and _INDENTED_CODE.match(body) or in_indented and body.startswith(("  ", "\t", " \t"))
        in_indented = bool(match and opens) and not in_fence
        after_blank = False
        if in_indented:
            masker.blank(body_start, body_end)
            items.close()
            continue
        if in_fence or in_doctest or ("." in body or ">" in body) and _DOCTEST.match(body):
            in_doctest = in_doctest or bool(_DOCTEST.match(body))
            masker.blank(body_start, body_end)
            items.close()
            continue
        opens_comment = number == 0 or bool(syntax.line) and content.lstrip().startswith(syntax.line)
        if _PRAGMA.match(body) and opens_comment or is_code_line(body):
            masker.blank(body_start, body_end)
            items.close()
            continue
        items.line(body, body_start, body_end)
    items.close()


def mask_inline_code(masker: Masker, regions: Sequence[tuple[int, int]]) -> None:
    """Hide tags and word-like code (identifiers, `code`, URLs, paths) in the comment
    ``regions`` (sorted, not overlapping), once their lines are done. Patterns run over the
    regions joined by line breaks, not the whole file; those for single tokens only over the
    few tokens that are not plain words (Python's re is slow on long alternations and on
    every position of a long text)."""
    if not regions:
        return
    tags: list[tuple[int, int]] = []  # where each @param or :param x: stands
    for patterns, action in ((_TAGS, "blank"), (_SPANNING, "word")):
        for pattern in patterns:
            joined, to_text = _joined(masker.text, regions)
            for match in pattern.finditer(joined):
                start = to_text(match.start())
                getattr(masker, action)(start, start + len(match.group()))
                if patterns is _TAGS and pattern is not _HTML_TAG:
                    tags.append((start, start + len(match.group())))
    _tag_descriptions(masker, regions, sorted(tags))
    text = masker.text
    for region_start, region_end in regions:
        if _PLAIN_WORDS.fullmatch(text, region_start, region_end):
            continue  # only plain words and punctuation: nothing to look for
        for match in _TOKEN.finditer(text, region_start, region_end):
            token = match.group()
            core = token.strip(_PUNCTUATION)
            if core.isalpha() and (core[1:].islower() or core.isupper()):
                continue  # a plain word
            for start, end in _code_in_token(token):
                masker.word(match.start() + start, match.start() + end)


def _tag_descriptions(masker: Masker, regions: Sequence[tuple[int, int]], tags: list[tuple[int, int]]) -> None:
    """Mark what follows a tag, up to the next tag or the comment's end, as a list item: "@param
    fix whether fixes should be applied" owes no first capital or final stop."""
    starts = [start for start, _ in regions]
    for number, (_, tag_end) in enumerate(tags):
        region = bisect.bisect_right(starts, tag_end) - 1
        if region < 0 or tag_end > regions[region][1]:
            continue
        end = regions[region][1]
        if number + 1 < len(tags) and tags[number + 1][0] < end:
            end = tags[number + 1][0]
        if any(char.isalnum() for char in masker.slice(tag_end, end)):
            masker.span(tag_end, end, SpanKind.LIST_ITEM)


def _joined(text: str, regions: Sequence[tuple[int, int]]) -> tuple[str, Callable[[int], int]]:
    """The regions' text joined by line breaks, and a map from its offsets to ``text``'s."""
    starts, position = [], 0
    for start, end in regions:
        starts.append(position)
        position += end - start + 1

    def to_text(offset: int) -> int:
        region = bisect.bisect_right(starts, offset) - 1
        return regions[region][0] + offset - starts[region]

    return "\n".join(text[start:end] for start, end in regions), to_text


def _code_in_token(token: str) -> list[tuple[int, int]]:
    """The spans of code inside a whitespace-free token (each pattern sees the token with
    the earlier patterns' finds replaced by placeholders)."""
    spans = []
    for pattern in _IN_TOKENS:
        for match in list(pattern.finditer(token)):
            start, end = match.span()
            if pattern is _PATHS:
                start, end = _token_around(token, start, end)
            if start >= end or _INITIALISM.fullmatch(token[start:end]):
                continue
            spans.append((start, end))
            token = token[:start] + placeholder_word(end - start) + token[end:]
    return spans


def _token_around(text: str, start: int, end: int) -> tuple[int, int]:
    """``start..end`` widened to the whitespace-free token holding it (a path's parts)."""
    while start > 0 and not text[start - 1].isspace() and text[start - 1] not in "([{<'\"`":
        start -= 1
    while end < len(text) and not text[end].isspace() and text[end] not in ")]}>'\",;`":
        end += 1
    while end > start and text[end - 1] in ".:!?":
        end -= 1
    return start, end

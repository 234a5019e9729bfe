"""Markup awareness: hide the parts of a document that are not prose before checking.

``mask(text, language)`` returns a text of the SAME LENGTH in which code, math, URLs,
markup syntax and comments are replaced by neutral placeholders (a word such as ``Xxxx``
for inline material that sits inside a sentence, spaces for block material and syntax;
line breaks are always kept), plus the skipped ranges. Offsets into the masked text are
offsets into the original, so edits map back unchanged; ``drop_skipped`` removes edits
that touch a skipped range. All functions are pure.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import PurePosixPath
from urllib.parse import unquote, urlparse

from engine.types import Edit

PLAINTEXT = "plaintext"
MARKDOWN = "markdown"
LATEX = "latex"
GIT_COMMIT = "git-commit"

_LANGUAGE_ALIASES = {
    "plaintext": PLAINTEXT, "text": PLAINTEXT, "txt": PLAINTEXT,
    "markdown": MARKDOWN, "md": MARKDOWN,
    "latex": LATEX, "tex": LATEX, "bibtex-free-latex": LATEX,
    "git-commit": GIT_COMMIT, "gitcommit": GIT_COMMIT,
}
_EXTENSIONS = {
    ".txt": PLAINTEXT, ".text": PLAINTEXT,
    ".md": MARKDOWN, ".markdown": MARKDOWN, ".mdown": MARKDOWN, ".mkd": MARKDOWN,
    ".tex": LATEX, ".latex": LATEX, ".ltx": LATEX,
}
_FILE_NAMES = {"COMMIT_EDITMSG": GIT_COMMIT, "MERGE_MSG": GIT_COMMIT, "TAG_EDITMSG": GIT_COMMIT}


def language_of(language_id: str | None, uri: str | None = None) -> str | None:
    """Canonical language of a document: its languageId, else from its file name.

    Returns one of plaintext/markdown/latex/git-commit, the languageId itself when it is
    not one of those, or None when nothing is known.
    """
    if language_id:
        canonical = _LANGUAGE_ALIASES.get(language_id.lower())
        if canonical:
            return canonical
    if uri:
        name = PurePosixPath(unquote(urlparse(uri).path)).name
        if name in _FILE_NAMES:
            return _FILE_NAMES[name]
        by_extension = _EXTENSIONS.get(PurePosixPath(name).suffix.lower())
        if by_extension:
            return by_extension
    return language_id or None


@dataclass(frozen=True)
class MaskedText:
    """A text of the original's length with non-prose hidden, and the hidden ranges."""

    text: str
    skipped: tuple[tuple[int, int], ...]  # sorted, non-overlapping, end exclusive


def placeholder_word(length: int) -> str:
    """A neutral capitalised word of exactly ``length`` characters (``Xxxx``)."""
    return ("X" + "x" * (length - 1)) if length > 0 else ""


class _Masker:
    """Accumulates masked ranges over a mutable copy of the text."""

    def __init__(self, text: str) -> None:
        self.chars = list(text)
        self.ranges: list[tuple[int, int]] = []

    @property
    def text(self) -> str:
        return "".join(self.chars)

    def _fill(self, start: int, end: int, make: Callable[[int], str]) -> None:
        if start >= end:
            return
        self.ranges.append((start, end))
        run_start = start
        for index in range(start, end + 1):
            if index == end or self.chars[index] in "\r\n":
                self.chars[run_start:index] = make(index - run_start)
                run_start = index + 1

    def blank(self, start: int, end: int) -> None:
        """Hide ``start..end`` behind spaces, keeping line breaks."""
        self._fill(start, end, lambda n: " " * n)

    def word(self, start: int, end: int) -> None:
        """Hide ``start..end`` behind a placeholder word, keeping line breaks."""
        self._fill(start, end, placeholder_word)

    def result(self) -> MaskedText:
        return MaskedText(self.text, _merge(self.ranges))


def _merge(ranges: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    merged: list[list[int]] = []
    for start, end in sorted(ranges):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return tuple((start, end) for start, end in merged)


def _apply(masker: _Masker, pattern: re.Pattern[str], action: str) -> None:
    """Hide every match of ``pattern`` in the current text ('blank' or 'word')."""
    for match in list(pattern.finditer(masker.text)):
        getattr(masker, action)(match.start(), match.end())


def _lines(text: str) -> list[tuple[int, int, str]]:
    """(start, end without line break, content) of every line."""
    result, position = [], 0
    for line in text.splitlines(keepends=True):
        content = line.rstrip("\r\n")
        result.append((position, position + len(content), content))
        position += len(line)
    return result


# ---------------------------------------------------------------- Markdown

_FRONT_MATTER = re.compile(r"\A(---|\+\+\+)[ \t]*\r?\n[\s\S]*?(?:\r?\n)\1[ \t]*(?=\r?\n|\Z)")
_FENCE_OPEN = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HTML_COMMENT = re.compile(r"<!--[\s\S]*?(?:-->|\Z)")
_REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[[^\]\n]+\]:[ \t]*\S+.*$", re.MULTILINE)
_INLINE_CODE = re.compile(r"(?<!`)(`+)(?!`)(?:(?!\n[ \t]*\n)[\s\S])+?(?<!`)\1(?!`)")
_IMAGE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)")
_INLINE_LINK = re.compile(r"(\[)[^\]\n]*(\]\([^)\n]*\))")
_REFERENCE_LINK = re.compile(r"(\[)[^\]\n]+(\]\[[^\]\n]*\])")
_AUTOLINK = re.compile(r"<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]+|[^<>@\s]+@[^<>@\s]+)>")
_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
_BARE_URL = re.compile(r"\b(?:https?|ftp)://[^\s<>()\[\]]*[^\s<>()\[\].,;:!?'\"]")
_HEADING_MARK = re.compile(r"^ {0,3}#{1,6}(?=[ \t]|$)", re.MULTILINE)
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")


def _mask_fences(masker: _Masker) -> None:
    open_fence: str | None = None
    block_start = 0
    lines = _lines(masker.text)
    for start, end, content in lines:
        if open_fence is None:
            match = _FENCE_OPEN.match(content)
            if match:
                open_fence, block_start = match.group(1), start
        elif re.match(rf"^ {{0,3}}{re.escape(open_fence[0])}{{{len(open_fence)},}}[ \t]*$", content):
            masker.blank(block_start, end)
            open_fence = None
    if open_fence is not None and lines:
        masker.blank(block_start, lines[-1][1])


def _is_indented_code(content: str) -> bool:
    return content.startswith("    ") or content.startswith("\t")


def _mask_indented_code(masker: _Masker) -> None:
    previous_blank, in_list, in_code = True, False, False
    for start, end, content in _lines(masker.text):
        blank = not content.strip()
        if blank:
            previous_blank = True
            continue
        if _LIST_ITEM.match(content):
            in_list = True
        elif not content[0].isspace():
            in_list = False
        if _is_indented_code(content) and not in_list and (previous_blank or in_code):
            masker.blank(start, end)
            in_code = True
        else:
            in_code = False
        previous_blank = False


def _blank_groups(masker: _Masker, pattern: re.Pattern[str]) -> None:
    for match in list(pattern.finditer(masker.text)):
        for group in range(1, (pattern.groups or 0) + 1):
            masker.blank(match.start(group), match.end(group))


def mask_markdown(text: str) -> MaskedText:
    """Hide front matter, code, HTML, URLs and link syntax; keep link text."""
    masker = _Masker(text)
    _apply(masker, _FRONT_MATTER, "blank")
    _mask_fences(masker)
    _apply(masker, _HTML_COMMENT, "blank")
    _mask_indented_code(masker)
    _apply(masker, _REFERENCE_DEFINITION, "blank")
    _apply(masker, _INLINE_CODE, "word")
    _apply(masker, _IMAGE, "word")
    _blank_groups(masker, _INLINE_LINK)
    _blank_groups(masker, _REFERENCE_LINK)
    _apply(masker, _AUTOLINK, "word")
    _apply(masker, _HTML_TAG, "blank")
    _apply(masker, _BARE_URL, "word")
    _apply(masker, _HEADING_MARK, "blank")
    return masker.result()


# ---------------------------------------------------------------- LaTeX

_VERBATIM_ENVS = r"verbatim\*?|Verbatim|lstlisting|minted|comment|filecontents\*?"
_MATH_ENVS = (
    r"equation\*?|align\*?|alignat\*?|flalign\*?|gather\*?|multline\*?|eqnarray\*?|"
    r"displaymath|math|split|dmath\*?"
)
_LATEX_COMMENT = re.compile(r"(?<!\\)%.*$", re.MULTILINE)
_PREAMBLE = re.compile(r"\A[\s\S]*?\\begin\{document\}")
_ENVIRONMENT = re.compile(
    rf"\\begin\{{({_VERBATIM_ENVS}|{_MATH_ENVS})\}}[\s\S]*?(?:\\end\{{\1\}}|\Z)"
)
_VERB = re.compile(r"\\(?:verb|lstinline)\*?([^A-Za-z\s{])[^\n]*?\1|\\(?:lstinline|mintinline)(?:\[[^\]]*\])?(?:\{[^}]*\})+")
_DISPLAY_MATH = re.compile(r"(?<!\\)\$\$[\s\S]+?(?<!\\)\$\$|\\\[[\s\S]*?\\\]")
_INLINE_MATH = re.compile(r"(?<![\\$])\$(?!\$)(?:\\.|[^$\\])+?(?<!\\)\$|\\\([\s\S]*?\\\)")
_COMMAND = re.compile(r"\\([A-Za-z@]+\*?|.)")
# Commands whose arguments are not prose: hidden whole, as a word inside a sentence.
_REFERENCE_COMMANDS = frozenset(
    "cite citep citet citeauthor citeyear parencite textcite autocite footcite ref eqref "
    "pageref autoref cref Cref nameref url path".split()
)
# Commands whose arguments are not prose and are not part of a sentence.
_STRUCTURAL_COMMANDS = frozenset(
    "begin end label usepackage documentclass input include includeonly includegraphics "
    "bibliography bibliographystyle addbibresource newcommand renewcommand providecommand "
    "newenvironment renewenvironment setlength addtolength setcounter vspace hspace "
    "newtheorem graphicspath hypersetup pagestyle thispagestyle numberwithin DeclareMathOperator "
    "color definecolor geometry".split()
)


def _group_end(text: str, position: int) -> int:
    """End of the balanced ``[..]`` or ``{..}`` group that opens at ``position``."""
    opening = text[position]
    closing = "]" if opening == "[" else "}"
    depth, index = 0, position
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if char == opening:
            depth += 1
        elif char == closing:
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    return len(text)


def _argument_end(text: str, position: int) -> int:
    """End of the run of ``[..]`` and ``{..}`` groups starting at ``position``."""
    while position < len(text) and text[position] in "[{":
        position = _group_end(text, position)
    return position


def _optional_end(text: str, position: int) -> int:
    """End of the run of ``[..]`` groups starting at ``position``."""
    while position < len(text) and text[position] == "[":
        closing = text.find("]", position)
        if closing == -1:
            return position
        position = closing + 1
    return position


def _mask_commands(masker: _Masker) -> None:
    text = masker.text
    position = 0
    while True:
        match = _COMMAND.search(text, position)
        if not match:
            break
        name = match.group(1)
        if name in _REFERENCE_COMMANDS:
            end = _argument_end(text, match.end())
            masker.word(match.start(), end)
        elif name in _STRUCTURAL_COMMANDS:
            end = _argument_end(text, match.end())
            masker.blank(match.start(), end)
        elif name == "href" and text[match.end():match.end() + 1] == "{":
            # \href{url}{text}: hide the url and the opening brace of the text.
            end = _group_end(text, match.end())
            end += text[end:end + 1] == "{"
            masker.blank(match.start(), end)
        else:
            end = _optional_end(text, match.end())
            masker.blank(match.start(), end)
        position = max(end, match.end())


_BRACES_AND_TIES = re.compile(r"(?<!\\)[{}~]")


def mask_latex(text: str) -> MaskedText:
    """Hide the preamble, comments, math, verbatim, command names and non-prose arguments."""
    masker = _Masker(text)
    _apply(masker, _LATEX_COMMENT, "blank")
    _apply(masker, _PREAMBLE, "blank")
    _apply(masker, _ENVIRONMENT, "blank")
    _apply(masker, _VERB, "word")
    _apply(masker, _DISPLAY_MATH, "blank")
    _apply(masker, _INLINE_MATH, "word")
    _mask_commands(masker)
    _apply(masker, _BRACES_AND_TIES, "blank")
    return masker.result()


# ---------------------------------------------------------------- git commit messages

_SCISSORS = re.compile(r"^# -+ >8 -+[ \t]*$[\s\S]*", re.MULTILINE)
_GIT_COMMENT = re.compile(r"^#.*$", re.MULTILINE)


def mask_git_commit(text: str) -> MaskedText:
    """Hide ``#`` comment lines and everything after the scissors line."""
    masker = _Masker(text)
    _apply(masker, _SCISSORS, "blank")
    _apply(masker, _GIT_COMMENT, "blank")
    return masker.result()


# ---------------------------------------------------------------- entry points

_MASKERS: dict[str, Callable[[str], MaskedText]] = {
    MARKDOWN: mask_markdown,
    LATEX: mask_latex,
    GIT_COMMIT: mask_git_commit,
}


def mask(text: str, language: str | None) -> MaskedText:
    """The text to give the checker for a document in ``language`` (plain text: unchanged)."""
    masker = _MASKERS.get(language or PLAINTEXT)
    return masker(text) if masker else MaskedText(text, ())


def touches_skipped(start: int, end: int, skipped: tuple[tuple[int, int], ...]) -> bool:
    """Whether ``start..end`` overlaps a skipped range (an insertion: lies strictly inside one)."""
    index = bisect.bisect_right(skipped, (start, float("inf"))) - 1
    for skip_start, skip_end in skipped[max(index, 0):index + 2]:
        if start == end:
            if skip_start < start < skip_end:
                return True
        elif start < skip_end and skip_start < end:
            return True
    return False


def drop_skipped(edits: Iterable[Edit], masked: MaskedText) -> list[Edit]:
    """The edits that do not touch any skipped range."""
    return [e for e in edits if not touches_skipped(e.start, e.end, masked.skipped)]

"""LaTeX: the preamble, comments, math, verbatim environments, command names and non-prose
arguments hidden by pattern (measured good enough; no parser needed). Sectioning titles are
marked as headings, captions and list items as theirs (see :mod:`edgegram.engine.prose.spans`)."""

from __future__ import annotations

import re

from .masking import MaskedText, Masker
from .spans import SpanKind

_VERBATIM_ENVS = r"verbatim\*?|Verbatim|lstlisting|minted|comment|filecontents\*?"
_MATH_ENVS = (
    r"equation\*?|align\*?|alignat\*?|flalign\*?|gather\*?|multline\*?|eqnarray\*?|"
    r"displaymath|math|split|dmath\*?"
)
_LATEX_COMMENT = re.compile(r"(?<!\\)%[^\r\n]*")
_PREAMBLE = re.compile(r"\A[\s\S]*?\\begin\{document\}")
_ENVIRONMENT = re.compile(rf"\\begin\{{({_VERBATIM_ENVS}|{_MATH_ENVS})\}}[\s\S]*?(?:\\end\{{\1\}}|\Z)")
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

# Commands whose braced argument is a heading, or a caption rather than a sentence.
_TITLE_COMMANDS = frozenset("title part chapter section subsection subsubsection paragraph subparagraph".split())
_CAPTION_COMMANDS = frozenset("caption subcaption".split())
# Where a list item ends: the next item, an environment boundary, or a blank line.
_ITEM_END = re.compile(r"\\item\b|\\(?:begin|end)\{|\n[ \t]*\n")


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


def _mask_commands(masker: Masker) -> None:
    text = masker.text
    position = 0
    while True:
        match = _COMMAND.search(text, position)
        if not match:
            break
        name = match.group(1)
        _mark_structure(masker, text, name.rstrip("*"), match.end())
        if name in _REFERENCE_COMMANDS:
            end = _argument_end(text, match.end())
            masker.word(match.start(), end)
        elif name in _STRUCTURAL_COMMANDS:
            end = _argument_end(text, match.end())
            masker.blank(match.start(), end)
        elif name == "href" and text[match.end() : match.end() + 1] == "{":
            # \href{url}{text}: hide the url and the opening brace of the text.
            end = _group_end(text, match.end())
            end += text[end : end + 1] == "{"
            masker.blank(match.start(), end)
        else:
            end = _optional_end(text, match.end())
            masker.blank(match.start(), end)
        position = max(end, match.end())


def _mark_structure(masker: Masker, text: str, name: str, after: int) -> None:
    """Mark the argument of a sectioning command as a heading, that of a caption as a caption
    and the text of an ``\\item`` as a list item; ``after`` is where the command's name ends in
    ``text``."""
    if name in _TITLE_COMMANDS or name in _CAPTION_COMMANDS:
        start = _optional_end(text, after)
        if text[start : start + 1] == "{":
            kind = SpanKind.HEADING if name in _TITLE_COMMANDS else SpanKind.CAPTION
            masker.span(start + 1, _group_end(text, start) - 1, kind)
    elif name == "item":
        start = _optional_end(text, after)
        end = _ITEM_END.search(text, start)
        masker.span(start, end.start() if end else len(text), SpanKind.LIST_ITEM)


_BRACES_AND_TIES = re.compile(r"(?<!\\)[{}~]")


def mask_latex(text: str) -> MaskedText:
    """Hide the preamble, comments, math, verbatim, command names and non-prose arguments."""
    masker = Masker(text)
    masker.apply(_LATEX_COMMENT, "blank")
    masker.apply(_PREAMBLE, "blank")
    masker.apply(_ENVIRONMENT, "blank")
    masker.apply(_VERB, "word")
    masker.apply(_DISPLAY_MATH, "blank")
    masker.apply(_INLINE_MATH, "word")
    _mask_commands(masker)
    masker.apply(_BRACES_AND_TIES, "blank")
    return masker.result()

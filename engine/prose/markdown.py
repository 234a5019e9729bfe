"""Markdown: the block structure comes from markdown-it-py's CommonMark parser (code blocks,
HTML blocks, link reference definitions, rules, setext underlines hidden); inline code,
links, images, autolinks, inline HTML and URLs inside prose lines are hidden by pattern."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

from .masking import MaskedText, Masker, lsp_lines

_FRONT_MATTER = re.compile(r"\A(---|\+\+\+)[ \t]*(?:\r\n|\r|\n)[\s\S]*?(?:\r\n|\r|\n)\1[ \t]*(?=\r\n|\r|\n|\Z)")
_FRONT_MATTER_START = re.compile(r"(---|\+\+\+)[ \t]*(?:\r\n|\r|\n)")
_HTML_COMMENT = re.compile(r"<!--[\s\S]*?(?:-->|\Z)")
_INLINE_CODE = re.compile(r"(?<!`)(`+)(?!`)(?:(?!\n[ \t]*\n)[\s\S])+?(?<!`)\1(?!`)")
_IMAGE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)")
_INLINE_LINK = re.compile(r"(\[)[^\]\n]*(\]\([^)\n]*\))")
_REFERENCE_LINK = re.compile(r"(\[)[^\]\n]+(\]\[[^\]\n]*\])")
_AUTOLINK = re.compile(r"<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]+|[^<>@\s]+@[^<>@\s]+)>")
_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
BARE_URL = re.compile(r"\b(?:https?|ftp)://[^\s<>()\[\]]*[^\s<>()\[\].,;:!?'\"]")
_HEADING_MARK = re.compile(r"^ {0,3}#{1,6}(?=[ \t]|$)|[ \t]#+[ \t]*$")
_QUOTE_MARKS = re.compile(r"^[ \t]*(?:>[ \t]?)+")
_HIDDEN_BLOCKS = frozenset({"fence", "code_block", "html_block", "hr"})
_CODE_BLOCKS = ("fence", "code_block")
_OPEN_ENDED_BLOCKS = frozenset({"fence", "html_block"})  # may run on over blank lines
# A paragraph after a code block may go on with the sentence before it ("instead of this:",
# code, "we can use a where clause"), so its first word owes no capital, unless that word is a
# subject with its verb, which opens a sentence of its own ("you’ll get an error like this"),
# a determiner, which does not go on with one (of 1,589 paragraphs after a code block in the
# Markdown files of this machine's packages and docs, 71 went on in lower case, with "or",
# "and", "where", "to", "then", "will", "which", ...; none with "the", "this", "these", "those"),
# or a word that opens such paragraphs often and never goes on in lower case (a second count, of
# 2,323 paragraphs with node_modules' files: "When" 64 times and "when" never, "If" 164 and "if"
# once, in a README written all in lower case; "Note" 78, "For" 42, "It" 35, "Once" 15, "After"
# 14, "Because" 13, "Now" 11, "Since" 10, each never in lower case; "You" 102 against "you" 4).
_OPENS_SENTENCE = frozenset(
    "you'll we'll here's there's let's it's that's you're we're i'm i'll the this these those "
    "when if note for it once after because now since".split()
)
# An HTML tag that a later ``>`` (past the end of the text) would close.
_DANGLING_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*\s[^<>]*\Z")


@dataclass(frozen=True)
class MarkdownBlock:
    """The masked text of a run of Markdown blocks (a whole document, or the part of one
    between two blank lines), with what :mod:`edgegram.engine.prose.incremental` needs to
    know to mask a document part by part."""

    masked: MaskedText
    ends_with_code: bool  # its last block is a code block (a paragraph after it is a fragment)
    open_end: bool  # a construct (fence, HTML block or comment, tag) runs to its end


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark")


def code_lines(text: str) -> set[int]:
    """The numbers of the lines that are in fenced or indented code blocks."""
    lines: set[int] = set()
    for token in _parser().parse(text):
        if token.map is not None and token.type in ("fence", "code_block"):
            lines.update(range(*token.map))
    return lines


def _mask_blocks(masker: Masker, after_code: bool) -> tuple[bool, bool]:
    """Hide the lines of non-prose blocks and of lines no block claims (reference
    definitions); strip block-quote markers and setext underlines from prose lines.
    ``after_code``: the text follows a code block. Returns whether the last block is a code
    block, and whether a fence or HTML block runs past the last non-blank line."""
    lines = lsp_lines(masker.text)
    claimed = [False] * len(lines)
    hidden: set[int] = set()
    quoted: set[int] = set()
    heading_lines: set[int] = set()
    fragments: list[tuple[int, int, bool]] = []  # first line, last line + 1, heading
    tokens = _parser().parse(masker.text)
    items = 0  # list items open around the token
    for index, token in enumerate(tokens):
        items += {"list_item_open": 1, "list_item_close": -1}.get(token.type, 0)
        if token.map is None:
            continue
        first, last = token.map
        if token.type == "paragraph_open" and index + 1 < len(tokens):
            after = tokens[index - 1].type in _CODE_BLOCKS if index > 0 else after_code
            follows_code = after and _first_word(tokens[index + 1]) not in _OPENS_SENTENCE
            if items or follows_code or _is_caption(tokens[index + 1]):
                lines_of = tokens[index + 1].map or token.map
                fragments.append((lines_of[0], lines_of[1], False))
        for line in range(first, min(last, len(lines))):
            claimed[line] = True
        if token.type in _HIDDEN_BLOCKS:
            hidden.update(range(first, last))
        elif token.type == "blockquote_open":
            quoted.update(range(first, last))
        elif token.type == "heading_open" and index + 1 < len(tokens):
            inline = tokens[index + 1].map or token.map
            hidden.update(set(range(first, last)) - set(range(*inline)))
            heading_lines.update(range(*inline))
            fragments.append((inline[0], inline[1], True))
    for number, (start, end, content) in enumerate(lines):
        if number in hidden or (not claimed[number] and content.strip()):
            masker.blank(start, end)
            continue
        if number in quoted:
            match = _QUOTE_MARKS.match(content)
            if match:
                masker.blank(start, start + match.end())
        if number in heading_lines:
            for match in _HEADING_MARK.finditer(masker.text[start:end]):
                masker.blank(start + match.start(), start + match.end())
    for first, last, heading in fragments:
        if first < last <= len(lines):
            masker.fragment(lines[first][0], lines[last - 1][1], title=heading)
    last_content = max((n for n, (_, _, content) in enumerate(lines) if content.strip()), default=-1)
    open_end = any(t.type in _OPEN_ENDED_BLOCKS and t.map is not None and t.map[1] > last_content + 1 for t in tokens)
    ends_with_code = bool(tokens) and tokens[-1].type in _CODE_BLOCKS
    return ends_with_code, open_end


def _first_word(inline: Token) -> str:
    """The first word of a paragraph's text, in lower case with straight apostrophes."""
    words = inline.content.split(maxsplit=1)
    return words[0].lower().replace("’", "'") if words else ""


def _is_caption(inline: Token) -> bool:
    """A paragraph that is one inline HTML element (``<span class="caption">…</span>``)."""
    children = inline.children or []
    return len(children) >= 3 and children[0].type == "html_inline" and children[-1].type == "html_inline"


def _blank_groups(masker: Masker, pattern: re.Pattern[str]) -> None:
    for match in list(pattern.finditer(masker.text)):
        for group in range(1, (pattern.groups or 0) + 1):
            masker.blank(match.start(group), match.end(group))


def mask_markdown(text: str) -> MaskedText:
    """Hide front matter, code, HTML, URLs and link syntax; keep link text."""
    return mask_markdown_block(text).masked


def mask_markdown_block(text: str, first: bool = True, after_code: bool = False) -> MarkdownBlock:
    """:func:`mask_markdown` of ``text``, which starts the document (``first``: front matter
    is looked for) or follows a blank line (``after_code``: and a code block)."""
    masker = Masker(text)
    open_end = False
    if first:
        masker.apply(_FRONT_MATTER, "blank")
        open_end = _FRONT_MATTER_START.match(text) is not None and _FRONT_MATTER.match(text) is None
    ends_with_code, open_block = _mask_blocks(masker, after_code)
    comments = list(_HTML_COMMENT.finditer(masker.text))
    for comment in comments:
        masker.blank(comment.start(), comment.end())
    open_comment = bool(comments) and comments[-1].end() == len(text) and not comments[-1].group().endswith("-->")
    masker.apply(_INLINE_CODE, "word")
    masker.apply(_IMAGE, "word")
    _blank_groups(masker, _INLINE_LINK)
    _blank_groups(masker, _REFERENCE_LINK)
    masker.apply(_AUTOLINK, "word")
    dangling = "<" in text and _DANGLING_TAG.search(masker.text) is not None
    masker.apply(_HTML_TAG, "blank")
    masker.apply(BARE_URL, "word")
    return MarkdownBlock(masker.result(), ends_with_code, open_end or open_block or open_comment or dangling)

"""Markdown: the block structure comes from markdown-it-py's CommonMark parser with GitHub's
tables and strikethrough (code blocks, HTML blocks, link reference definitions, rules, setext
underlines, a table's delimiter row hidden; headings, list items, table cells, captions and
paragraphs that go on after code marked as such: :mod:`edgegram.engine.prose.spans`). Inside
paragraphs the parser's inline tokens say where emphasis marks, escapes and inline links' syntax
stand (:mod:`edgegram.engine.prose.markdown_inline`): they are hidden as markup that belongs to
no word, and a link's text is marked. Inline code, images, autolinks, reference links, inline
HTML, site generators' templates (Jinja, Liquid, Hugo's shortcodes) and URLs are hidden by pattern."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

from .markdown_inline import inline_markup
from .masking import HTML_COMMENT, MaskedText, Masker, lsp_lines
from .spans import SpanKind, breaks_off, goes_on_after_code

_FRONT_MATTER = re.compile(r"\A(---|\+\+\+)[ \t]*(?:\r\n|\r|\n)[\s\S]*?(?:\r\n|\r|\n)\1[ \t]*(?=\r\n|\r|\n|\Z)")
_FRONT_MATTER_START = re.compile(r"(---|\+\+\+)[ \t]*(?:\r\n|\r|\n)")
# Inline code, with a MyST role before it ("{func}`len`")
_INLINE_CODE = re.compile(r"(?:\{[\w:.-]+\})?(?<!`)(`+)(?!`)(?:(?!\n[ \t]*\n)[\s\S])+?(?<!`)\1(?!`)")
_IMAGE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)")
# A link's text may wrap onto the next line, not past a blank one.
_LINK_TEXT = r"(?:[^\]\n]|\n(?![ \t]*\n))"
_INLINE_LINK = re.compile(rf"(\[){_LINK_TEXT}*(\]\([^)\n]*\))")
_REFERENCE_LINK = re.compile(rf"(\[){_LINK_TEXT}+(\]\[[^\]\n]*\])")
_AUTOLINK = re.compile(r"<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]+|[^<>@\s]+@[^<>@\s]+)>")
_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
# A site generator's template on one line: a tag or a comment that makes no text of its own
# (Jinja's and Liquid's "{% raw %}", Hugo's paired shortcodes "{{% note %}}", "{# ... #}"), and an
# expression or a shortcode that puts a value or an element in its place ("{{ page.title }}",
# Hugo's "{{< ref "docs/x.md" >}}", "{{< youtube id="..." >}}").
_TEMPLATE_TAG = re.compile(r"\{\{%[^\n]*?%\}\}|\{%[^\n]*?%\}|\{#[^\n]*?#\}")
_TEMPLATE_VALUE = re.compile(r"\{\{[^\n]*?\}\}")
BARE_URL = re.compile(r"\b(?:https?|ftp)://[^\s<>()\[\]]*[^\s<>()\[\].,;:!?'\"]")
_HEADING_MARK = re.compile(r"^ {0,3}#{1,6}(?=[ \t]|$)|[ \t]#+[ \t]*$")
# A line of a documentation tool's block syntax: a fenced admonition or directive (":::tip",
# "::: module.Name", Docusaurus, VitePress, MkDocs' mkdocstrings) or an MkDocs admonition
# ("!!! note", "??? warning").
_BLOCK_SYNTAX_LINE = re.compile(r"^[ \t>]*(?::{3,}|!{3}|\?{3}\+?)(?:[ \t].*|\w.*)?$", re.MULTILINE)
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
    # text_join off: an escape or entity stays a token of its own, whose markup is its source
    return MarkdownIt("commonmark").enable(["table", "strikethrough"]).disable("text_join")


_CELL_SEPARATOR = re.compile(r"(?<!\\)\|")


def code_lines(text: str) -> set[int]:
    """The numbers of the lines that are in fenced or indented code blocks."""
    lines: set[int] = set()
    for token in _parser().parse(text):
        if token.map is not None and token.type in ("fence", "code_block"):
            lines.update(range(*token.map))
    return lines


def _mask_blocks(masker: Masker, after_code: bool) -> tuple[bool, bool]:
    """Hide the lines of non-prose blocks and of lines no block claims (reference
    definitions); strip block-quote markers and setext underlines from prose lines; mark the
    spans of headings, list items, table cells and captions; hide inline markup.
    ``after_code``: the text follows a code block. Returns whether the last block is a code
    block, and whether a fence or HTML block runs past the last non-blank line."""
    lines = lsp_lines(masker.text)
    claimed = [False] * len(lines)
    hidden: set[int] = set()
    quoted: set[int] = set()
    heading_lines: set[int] = set()
    table_rows: dict[int, list[Token]] = {}  # a table's row lines, with their cells' inline tokens
    spans: list[tuple[int, int, SpanKind]] = []  # first line, last line + 1, kind
    inlines: list[Token] = []  # paragraphs' and headings' inline tokens
    tokens = _parser().parse(masker.text)
    items = 0  # list items open around the token
    for index, token in enumerate(tokens):
        items += {"list_item_open": 1, "list_item_close": -1}.get(token.type, 0)
        if token.map is None:
            continue
        first, last = token.map
        if token.type == "paragraph_open" and index + 1 < len(tokens):
            inline = tokens[index + 1]
            inlines.append(inline)
            after = tokens[index - 1].type in _CODE_BLOCKS if index > 0 else after_code
            goes_on = (after and goes_on_after_code(inline.content)) or breaks_off(inline.content)
            kind = SpanKind.LIST_ITEM if items else SpanKind.CAPTION if _is_caption(inline) else SpanKind.CONTINUATION
            if items or goes_on or kind is SpanKind.CAPTION:
                lines_of = inline.map or token.map
                spans.append((lines_of[0], lines_of[1], kind))
        for line in range(first, min(last, len(lines))):
            claimed[line] = True
        if token.type in _HIDDEN_BLOCKS:
            hidden.update(range(first, last))
        elif token.type == "blockquote_open":
            quoted.update(range(first, last))
        elif token.type == "heading_open" and index + 1 < len(tokens):
            inline_lines = tokens[index + 1].map or token.map
            inlines.append(tokens[index + 1])
            hidden.update(set(range(first, last)) - set(range(*inline_lines)))
            heading_lines.update(range(*inline_lines))
            spans.append((inline_lines[0], inline_lines[1], SpanKind.HEADING))
        elif token.type == "table_open":
            hidden.add(first + 1)  # the delimiter row
        elif token.type == "inline" and tokens[index - 1].type in ("th_open", "td_open"):
            table_rows.setdefault(first, []).append(token)
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
        if number in table_rows:
            _mask_table_row(masker, start, end, table_rows[number])
    for first, last, kind in spans:
        if first < last <= len(lines):
            masker.span(lines[first][0], lines[last - 1][1], kind)
    for inline in inlines:
        place = _placer(inline.content, lines, inline.map[0]) if inline.map is not None else None
        if place is not None:
            _hide_markup(masker, inline, place)
    last_content = max((n for n, (_, _, content) in enumerate(lines) if content.strip()), default=-1)
    open_end = any(t.type in _OPEN_ENDED_BLOCKS and t.map is not None and t.map[1] > last_content + 1 for t in tokens)
    ends_with_code = bool(tokens) and tokens[-1].type in _CODE_BLOCKS
    return ends_with_code, open_end


def _mask_table_row(masker: Masker, start: int, end: int, cells: list[Token]) -> None:
    """A table row's cells become spans of their own, with their inline markup hidden, and its
    separators boundaries no sentence crosses (``segment.BREAK``)."""
    row = masker.slice(start, end)
    separators = [match.start() for match in _CELL_SEPARATOR.finditer(row)]
    for at in separators:
        masker.separate(start + at, start + at + 1)
    edges = [-1, *separators, len(row)]
    texts = [(left + 1, row[left + 1 : right]) for left, right in zip(edges, edges[1:])]
    texts = [(at + len(cell) - len(cell.lstrip()), cell.strip()) for at, cell in texts if cell.strip()]
    for at, cell in texts:
        masker.span(start + at, start + at + len(cell), SpanKind.TABLE_CELL)
    by_content = [token for token in cells if token.content]
    if len(by_content) == len(texts) and all(token.content == cell for token, (_, cell) in zip(by_content, texts)):
        for token, (at, _) in zip(by_content, texts):
            _hide_markup(masker, token, _shifted(start + at))


def _shifted(offset: int) -> Callable[[int], int]:
    """A map from offsets into a cell's content to the document, the cell starting at ``offset``."""
    return lambda at: offset + at


def _hide_markup(masker: Masker, inline: Token, place: Callable[[int], int]) -> None:
    """Hide the emphasis marks, escapes' backslashes and inline links' syntax of an inline token
    and mark its links' texts (:func:`edgegram.engine.prose.markdown_inline.inline_markup`);
    ``place`` maps offsets into its content to the document."""
    if not any(child.type != "text" for child in inline.children or []):
        return
    found = inline_markup(inline)
    if found is None:
        return
    for start, end in found.markup:
        masker.invisible(place(start), place(end - 1) + 1)
    for start, end in found.links:
        if start < end:
            masker.span(place(start), place(end - 1) + 1, SpanKind.LINK_TEXT)
    for start, end in found.emphasis:
        if start < end:
            masker.span(place(start), place(end - 1) + 1, SpanKind.EMPHASIS)


def _placer(content: str, lines: list[tuple[int, int, str]], first: int) -> Callable[[int], int] | None:
    """A map from offsets into an inline token's content to offsets into the document, whose
    lines from ``first`` on hold the content's lines at their ends (block-quote markers,
    bullets and indentation before them); None where a line does not."""
    starts: list[int] = []  # where each content line starts, in the document
    offset = 0
    breaks: list[int] = []  # where each content line starts, in the content
    for number, part in enumerate(content.split("\n")):
        if first + number >= len(lines):
            return None
        line_start, _, line = lines[first + number]
        kept = part.rstrip()
        if not line.rstrip().endswith(kept):
            return None
        starts.append(line_start + len(line.rstrip()) - len(kept))
        breaks.append(offset)
        offset += len(part) + 1

    def place(at: int) -> int:
        index = bisect.bisect_right(breaks, at) - 1
        return starts[index] + at - breaks[index]

    return place


_WRAPPERS = {"html_inline": "html_inline", "em_open": "em_close", "strong_open": "strong_close"}


def _is_caption(inline: Token) -> bool:
    """A paragraph that is one inline HTML element (``<span class="caption">…</span>``) or one
    emphasised phrase (``_example:_``, ``**Note**``): a caption or a label, not a sentence."""
    children = [child for child in inline.children or [] if child.type != "text" or child.content.strip()]
    if len(children) < 3 or _WRAPPERS.get(children[0].type) != children[-1].type:
        return False
    if children[0].type == "html_inline":
        return True
    depth = 0  # the first mark must close only at the end: not "*a* and *b*"
    for child in children[:-1]:
        depth += {children[0].type: 1, children[-1].type: -1}.get(child.type, 0)
        if depth == 0:
            return False
    return True


def _hide_link_syntax(masker: Masker, pattern: re.Pattern[str]) -> None:
    """Blank the syntax of the links ``pattern`` finds (its two groups: the text's opening
    bracket, and what follows the text) and mark the text between as a link's."""
    for match in list(pattern.finditer(masker.text)):
        masker.blank(match.start(1), match.end(1))
        masker.blank(match.start(2), match.end(2))
        masker.span(match.end(1), match.start(2), SpanKind.LINK_TEXT)


def mask_markdown(text: str) -> MaskedText:
    """Hide front matter, code, HTML, templates, URLs and link syntax; keep link text."""
    return mask_markdown_block(text).masked


def mask_markdown_block(text: str, first: bool = True, after_code: bool = False) -> MarkdownBlock:
    """:func:`mask_markdown` of ``text``, which starts the document (``first``: front matter
    is looked for) or follows a blank line (``after_code``: and a code block)."""
    masker = Masker(text)
    open_end = False
    if first:
        masker.apply(_FRONT_MATTER, "blank")
        open_end = _FRONT_MATTER_START.match(text) is not None and _FRONT_MATTER.match(text) is None
    masker.apply(_BLOCK_SYNTAX_LINE, "blank")
    ends_with_code, open_block = _mask_blocks(masker, after_code)
    comments = list(HTML_COMMENT.finditer(masker.text))
    for comment in comments:
        masker.blank(comment.start(), comment.end())
    open_comment = bool(comments) and comments[-1].end() == len(text) and not comments[-1].group().endswith("-->")
    masker.apply(_INLINE_CODE, "word")
    masker.apply(_TEMPLATE_TAG, "blank")
    masker.apply(_TEMPLATE_VALUE, "word")
    masker.apply(_IMAGE, "word")
    _hide_link_syntax(masker, _INLINE_LINK)
    _hide_link_syntax(masker, _REFERENCE_LINK)
    masker.apply(_AUTOLINK, "word")
    dangling = "<" in text and _DANGLING_TAG.search(masker.text) is not None
    masker.apply(_HTML_TAG, "blank")
    masker.apply(BARE_URL, "word")
    return MarkdownBlock(masker.result(), ends_with_code, open_end or open_block or open_comment or dangling)

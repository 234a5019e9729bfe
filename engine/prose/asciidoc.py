"""AsciiDoc (Asciidoctor's syntax, and the older AsciiDoc.py dialect of git's manual pages).

Prose: section and block titles, paragraphs, list items, descriptions, admonitions, table cells
and what example, sidebar, quote and open blocks hold. Hidden: listing, literal, passthrough and
comment blocks, literal (indented) paragraphs, attribute entries, block attributes, block
macros, conditionals, comment lines and the document header's author and revision lines. Inside
a sentence, monospace and passthrough text, attribute references, ``linkgit:`` and the other
macros, bare URLs and cross references without text stand for a word; a link's, a cross
reference's and a footnote's text is kept; bold, italic and highlight marks belong to no word.

AsciiDoc's blocks are told by their lines, and the lines are read here one by one as
Asciidoctor's grammar reads them (https://docs.asciidoctor.org/asciidoc/latest/blocks/): a
delimiter line opens a block that the same line closes, a line of ``[...]`` or ``:name:`` is
metadata, a paragraph opening indented is literal. A document being edited is often
unfinished: an unclosed block runs to the end of the file, and nothing fails. (asciidoctrine,
the one Python parser that keeps source positions, is an alpha that raises on an unclosed
listing block and on the two-line titles of git's manual pages.)

:func:`looks_like_asciidoc` tells an AsciiDoc document saved as ``.txt`` (git's
``Documentation/*.txt``) from plain text by constructs that only AsciiDoc has.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .masking import MaskedText, Masker, found_by_parser, lsp_lines
from .spans import SpanKind, breaks_off, goes_on_after_code

# ------------------------------------------------------------------ blocks

# Delimiter lines: listing, literal, passthrough, comment, example, sidebar, quote, open, tables,
# fenced code (https://docs.asciidoctor.org/asciidoc/latest/blocks/delimited/).
_DELIMITER = re.compile(r"(-{4,}|\.{4,}|\+{4,}|/{4,}|={4,}|\*{4,}|_{4,}|--|[|!,:]={3,})[ \t]*|(`{3,})[\w+-]*[ \t]*")
_VERBATIM = frozenset("-.+/`")  # blocks that are never prose
_TABLE = frozenset("|!,:")
# Block styles that make the next block or paragraph verbatim ("[source,python]", "[literal]").
# "[verse]" and "[synopsis]" too: git's manual pages set their synopsis in them ("'git add' [--verbose | -v]").
_VERBATIM_STYLES = frozenset(
    "source listing literal verse synopsis pass stem latexmath asciimath comment plantuml ditaa graphviz".split()
)
_BLOCK_ATTRIBUTES = re.compile(r"\[\[?[^\]\n]*\]\]?[ \t]*")  # [source,python], [[anchor]], [NOTE], [cols="1,2"]
_ATTRIBUTE_ENTRY = re.compile(r":!?[A-Za-z0-9_][\w-]*!?:(?:[ \t].*)?")
_BLOCK_MACRO = re.compile(r"(?:[a-z][\w-]*::\S*\[.*\]|(?:ifn?def|ifeval|endif)::.*)[ \t]*")
_PREPROCESSOR = re.compile(r"(?:include|ifn?def|ifeval|endif)::\S*\[.*\][ \t]*")  # a line of its own, even in a paragraph
_BREAK = re.compile(r"(?:'{3,}|<{3,}|\*{3}|-{3})[ \t]*")  # thematic and page breaks
_COMMENT_LINE = re.compile(r"//(?!//)")
_CONTINUATION = re.compile(r"\+[ \t]*")  # joins the next block to a list item
_TITLE = re.compile(r"(={1,6}|#{1,6})[ \t]+(\S.*?)(?:[ \t]+\1)?[ \t]*")  # "== Section", "== Section =="
_UNDERLINE = re.compile(r"(?:={2,}|-{2,}|~{2,}|\^{2,}|\+{2,})[ \t]*")  # "NAME" over "----"
_BLOCK_TITLE = re.compile(r"\.(?=[^\s.])")  # ".An example"
_LIST_ITEM = re.compile(r"[ \t]*(?:\*{1,5}|-|\.{1,5}|\d{1,3}\.|[a-zA-Z]\.|[ivxIVX]{1,5}\)|<\d+>)[ \t]+(?:\[[ x*]\][ \t]+)?(?=\S)")
_TERM = re.compile(r"(?=[^\s.])(.+?)(?<!:)(:{2,4}|;;)(?:[ \t]+|$)")  # "core.editor::", "Commit message::"
# A cell's specifier before its mark: span, alignment, style ("2+|", "3*|", ".^a|").
_CELL_SPECIFIER = r"(?:\d+[*+])?(?:\d*\.?\d+)?[<^>]?(?:\.[<^>])?[adehlmsv]?"
_ADMONITION = re.compile(r"(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION):[ \t]+")


@dataclass
class _Structure:
    """What the line scan found, as offsets into the document."""

    visible: list[tuple[int, int]] = field(default_factory=list)
    blanks: list[tuple[int, int]] = field(default_factory=list)
    words: list[tuple[int, int]] = field(default_factory=list)
    separators: list[tuple[int, int]] = field(default_factory=list)  # table cells' marks
    spans: list[tuple[int, int, SpanKind]] = field(default_factory=list)


class _LineScan:
    """AsciiDoc's blocks, line by line."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = lsp_lines(text)
        self.found = _Structure()
        self.open_blocks: list[str] = []  # the delimiters of the open example, sidebar, quote blocks
        self.joined = False  # a list continuation ("+") joins the next block to the list item before
        self.after_block = False  # the last block was code, a table or a list: a sentence may go on after it

    def run(self) -> _Structure:
        index = self._header()
        verbatim_next = after_term = False
        while index < len(self.lines):
            line = self.lines[index][2]
            if not line.strip() or _COMMENT_LINE.match(line):
                index += 1
                continue
            if _CONTINUATION.fullmatch(line):
                self.joined, index = True, index + 1
                continue
            if _BLOCK_ATTRIBUTES.fullmatch(line):
                verbatim_next = line.strip()[1:-1].split(",")[0].strip().lower() in _VERBATIM_STYLES
                index += 1
                continue
            delimiter = _DELIMITER.fullmatch(line)
            opens_description = after_term and line[0] in " \t"
            after_term = False
            if delimiter:
                index = self._delimited(index, delimiter.group(1) or delimiter.group(2), verbatim_next)
            elif _BLOCK_MACRO.fullmatch(line):
                index += 1
            elif _ATTRIBUTE_ENTRY.fullmatch(line) or _BREAK.fullmatch(line):
                index = self._past_entry(index)
            elif verbatim_next or (line[0] in " \t" and not opens_description and not _LIST_ITEM.match(line)):
                index = self._paragraph_end(index)  # after "[source]", or a literal paragraph
                self.after_block = True
            else:
                index, after_term = self._prose_block(index)
            verbatim_next = self.joined = False
        return self.found

    def _header(self) -> int:
        """Past a document title's author and revision lines ("= Title" over "A. Writer <a@b.org>")."""
        first = next((i for i, (_, _, line) in enumerate(self.lines) if line.strip()), len(self.lines))
        if first == len(self.lines) or not re.match(r"=[ \t]+\S", self.lines[first][2]):
            return 0
        start, end, line = self.lines[first]
        title = _TITLE.fullmatch(line)
        if title:
            self._prose(start + title.start(2), start + title.end(2), SpanKind.HEADING)
        index = first + 1
        for _ in range(2):  # the author line, then the revision line
            if index < len(self.lines) and self.lines[index][2].strip() and not self.lines[index][2].startswith(":"):
                index += 1
        return index

    def _delimited(self, index: int, delimiter: str, verbatim: bool) -> int:
        """Past a delimiter line, and past the whole block when it is verbatim or a table."""
        if self.open_blocks and self.open_blocks[-1] == delimiter:
            self.open_blocks.pop()
            return index + 1
        self.after_block = True
        if delimiter[0] in _VERBATIM or verbatim:
            closing = self._closing(index, delimiter)
            return len(self.lines) if closing is None else closing + 1
        if delimiter[0] in _TABLE and delimiter[1:2] == "=":
            return self._table(index, delimiter)
        self.open_blocks.append(delimiter)
        self.after_block = False
        return index + 1

    def _closing(self, index: int, delimiter: str) -> int | None:
        """The line that closes the block ``delimiter`` opens at ``index`` (a fence's language
        is not repeated when it closes)."""
        for after in range(index + 1, len(self.lines)):
            if self.lines[after][2].rstrip() == delimiter:
                return after
        return None

    def _table(self, index: int, delimiter: str) -> int:
        """A table's cells are prose, each a span: a cell's mark with its specifier ("|",
        "2+|", "a|") is a boundary no sentence crosses. Comma- and colon-separated tables are
        data."""
        closing = self._closing(index, delimiter)
        end = len(self.lines) if closing is None else closing
        if delimiter[0] in ",:":
            return end + 1
        mark = re.compile(rf"(?:(?<![^ \t]){_CELL_SPECIFIER})?(?<!\\){re.escape(delimiter[0])}")
        for row in range(index + 1, end):
            start, line_end, line = self.lines[row]
            marks = list(mark.finditer(line))
            if not marks:
                self._prose(start, line_end, SpanKind.TABLE_CELL)  # a cell's text goes on
                continue
            self._prose(start, start + marks[0].start(), SpanKind.TABLE_CELL)
            for position, found in enumerate(marks):
                self.found.separators.append((start + found.start(), start + found.end()))
                cell_end = marks[position + 1].start() if position + 1 < len(marks) else len(line)
                self._prose(start + found.end(), start + cell_end, SpanKind.TABLE_CELL)
        return end + 1

    def _past_entry(self, index: int) -> int:
        """Past an attribute entry, whose value goes on over lines that end in " \\"."""
        while index < len(self.lines):
            line = self.lines[index][2].rstrip()
            index += 1
            if not line.endswith((" \\", " +")):
                break
        return index

    def _paragraph_end(self, index: int) -> int:
        while index < len(self.lines) and self.lines[index][2].strip():
            index += 1
        return index

    def _prose_block(self, index: int) -> tuple[int, bool]:
        """One title, paragraph, list item or description, up to the next blank line or the
        next line that opens a block of its own; and whether it was a term with no description
        on its line (an indented paragraph after it is its description, not a literal)."""
        start, end, line = self.lines[index]
        after_block, self.after_block = self.after_block, False
        if index + 1 < len(self.lines) and self._is_underlined(index):
            self._prose(start, end, SpanKind.HEADING)
            return index + 2, False
        title = _TITLE.fullmatch(line)
        if title:
            self._prose(start + title.start(2), start + title.end(2), SpanKind.HEADING)
            return index + 1, False
        if _BLOCK_TITLE.match(line):
            self._prose(start + 1, end, SpanKind.CAPTION)
            return index + 1, False
        kind: SpanKind | None = None
        text_start, bare_term = start, False
        item = _LIST_ITEM.match(line)
        term = None if item else _TERM.match(line)
        admonition = _ADMONITION.match(line)
        if item:
            kind, text_start = SpanKind.LIST_ITEM, start + item.end()
        elif term:
            self._term(start, start + term.end(1))
            kind, text_start = SpanKind.LIST_ITEM, start + term.end()
            bare_term = text_start >= end
        elif admonition:  # "NOTE: this is ...": the label's text owes its first word no capital
            kind, text_start = SpanKind.CONTINUATION, start + admonition.end()
        elif self.joined:
            kind = SpanKind.LIST_ITEM  # a paragraph of the list item before
        elif (after_block and goes_on_after_code(line)) or breaks_off(line):
            kind = SpanKind.CONTINUATION  # "where r1, r2 are ..." after the command it explains
        self.after_block = kind is SpanKind.LIST_ITEM
        block_end, index = end, index + 1
        while index < len(self.lines) and self.lines[index][2].strip() and not self._opens_block(self.lines[index][2]):
            block_end = self.lines[index][1]
            index += 1
        if text_start < block_end:
            self._prose(text_start, block_end, kind)
        return index, bare_term and block_end == end

    def _opens_block(self, line: str) -> bool:
        return bool(
            _LIST_ITEM.match(line)
            or _TERM.match(line)
            or _DELIMITER.fullmatch(line)
            or _COMMENT_LINE.match(line)
            or _CONTINUATION.fullmatch(line)
            or _BLOCK_ATTRIBUTES.fullmatch(line)
            or _PREPROCESSOR.fullmatch(line)
        )

    def _is_underlined(self, index: int) -> bool:
        """Whether the next line underlines this one as a title ("NAME" over "----"): as long as
        it, give or take two, and this line the first of its block."""
        line, under = self.lines[index][2].rstrip(), self.lines[index + 1][2].rstrip()
        if not _UNDERLINE.fullmatch(under) or not line[:1].isalnum() or abs(len(line) - len(under)) > 2:
            return False
        before = self.lines[index - 1][2] if index else ""
        return not before.strip() or bool(_BLOCK_ATTRIBUTES.fullmatch(before))

    def _term(self, start: int, end: int) -> None:
        """A description list's term: prose when it has words ("Commit message::"), a word when
        it is one token ("--quiet::", "core.editor::", "`<path>`::")."""
        if any(char.isspace() for char in _AS_WORD.sub("X", self.text[start:end]).strip()):
            self._prose(start, end, SpanKind.TERM)
        else:
            self.found.visible.append((start, end))
            self.found.words.append((start, end))

    def _prose(self, start: int, end: int, kind: SpanKind | None) -> None:
        if start >= end:
            return
        self.found.visible.append((start, end))
        if kind is not None:
            self.found.spans.append((start, end, kind))


# ------------------------------------------------------------------ inline markup

# Monospace and passthrough text, macros whose target is a name, attribute references and cross
# references without text: a word each (https://docs.asciidoctor.org/asciidoc/latest/text/).
_AS_WORD = re.compile(
    r"\+\+\+.+?\+\+\+|\+\+.+?\+\+|pass:[a-z,]*\[[^\]\n]*\]"
    r"|``.+?``|`[^`\n]+`"
    r"|(?<![\w+])\+(?=\S)[^+\n]*?\S\+(?![\w+])"
    r"|\b(?:linkgit|kbd|btn|menu|icon|image|stem|latexmath|asciimath|anchor|video|audio):[^\s\[\]]*\[[^\]\n]*\]"
    r"|\{[A-Za-z0-9_][\w-]*(?::[^}\n]*)?\}"
    r"|<<[^,>\n]+>>"
)
_LINK = re.compile(r"\b(?:link:|xref:|mailto:|(?:https?|ftp|irc|file)://)[^\s\[\]]*\[([^\]\n]*)\]")
_URL = re.compile(r"\b(?:https?|ftp|irc|file)://[^\s\[\]<>]*[^\s\[\]<>.,;:!?)]")
_CROSS_REFERENCE = re.compile(r"<<[^,>\n]+,[ \t]*([^>\n]+)>>")
_FOOTNOTE = re.compile(r"\bfootnote:[\w-]*\[([^\]\n]*)\]")
_HIDDEN = re.compile(r"\[\[\[?[^\]\n]*\]\]\]?|\[[.#%][^\]\n]*\](?=[#*_`])|\(\(\([^)\n]*\)\)\)|\bindexterm:\[[^\]\n]*\]")
# AsciiDoc.py's quotes, ``like this'', which git's pages use: the marks belong to no word.
_OLD_QUOTES = re.compile(r"``([^`'\s](?:[^`\n]*?[^`\s])?)''")
# A name or command in single quotes, git's literal markup ('git add', 'refs/original'): a word.
_QUOTED_NAME = re.compile(r"(?<![\w'])'(git [^'\n]+?|[^'\s]*?[/\\.<>=_@:$%-][^'\s]*?)'(?![\w'])")
_INDEX_TERM = re.compile(r"\(\(([^()\n]+)\)\)")
_HARD_BREAK = re.compile(r"(?<=[ \t])\+(?=[ \t]*$)", re.MULTILINE)
_ESCAPE = re.compile(r"\\(?=[*_`#+{<\[^~])")
# Marks around words, doubled (anywhere) before single (at a word's edges); group 1 is what they
# mark. git's older pages write 'emphasis' between single quotes.
_EMPHASIS_MARKS = tuple(
    re.compile(pattern)
    for pattern in (
        r"\*\*(?=\S)(.+?)(?<=\S)\*\*",
        r"__(?=\S)(.+?)(?<=\S)__",
        r"##(?=\S)(.+?)(?<=\S)##",
        r"(?<![\w*])\*(?=\S)([^*\n]*?)(?<=\S)\*(?![\w*])",
        r"(?<![\w_])_(?=\S)([^_\n]*?)(?<=\S)_(?![\w_])",
        r"(?<![\w#])#(?=\S)([^#\n]*?)(?<=\S)#(?![\w#])",
        r"(?<![\w'])'(?=[^\s'])([^'\n]*?)(?<=[^\s'])'(?![\w'])",
    )
)
_SCRIPT_MARKS = (re.compile(r"\^([^\s^]+)\^"), re.compile(r"(?<![~\w])~([^\s~]+)~(?![~\w])"))


def _mask_inline(masker: Masker) -> None:
    masker.apply(_ESCAPE, "invisible")
    masker.apply(_HIDDEN, "blank")
    for match in list(_OLD_QUOTES.finditer(masker.text)):
        masker.invisible(match.start(), match.start(1))
        masker.invisible(match.end(1), match.end())
    masker.apply(_AS_WORD, "word")
    masker.apply(_QUOTED_NAME, "word")
    for pattern, kind in ((_LINK, SpanKind.LINK_TEXT), (_CROSS_REFERENCE, SpanKind.LINK_TEXT), (_FOOTNOTE, None)):
        for match in list(pattern.finditer(masker.text)):
            if not match.group(1).strip():
                masker.word(match.start(), match.end())
                continue
            masker.blank(match.start(), match.start(1))
            masker.blank(match.end(1), match.end())
            if kind is not None:
                masker.span(match.start(1), match.end(1), kind)
    masker.apply(_URL, "word")
    for match in list(_INDEX_TERM.finditer(masker.text)):
        masker.invisible(match.start(), match.start(1))
        masker.invisible(match.end(1), match.end())
    for pattern in _EMPHASIS_MARKS + _SCRIPT_MARKS:
        for match in list(pattern.finditer(masker.text)):
            masker.invisible(match.start(), match.start(1))
            masker.invisible(match.end(1), match.end())
            if pattern in _EMPHASIS_MARKS:
                masker.span(match.start(1), match.end(1), SpanKind.EMPHASIS)
    masker.apply(_HARD_BREAK, "blank")


def mask_asciidoc(text: str) -> MaskedText:
    """Only the prose of an AsciiDoc document."""
    found = _LineScan(text).run()
    masker = found_by_parser(text, found.visible, found.blanks, found.words, found.spans, found.separators)
    _mask_inline(masker)
    return masker.result()


# ------------------------------------------------------------------ telling AsciiDoc from plain text

# Each of these is AsciiDoc's alone: a macro, an include or conditional, a block's style, a cross
# reference, a described term over its indented description (git's "core.editor::" lists).
_ASCIIDOC_ONLY = re.compile(
    r"\blinkgit:[\w.-]+\[\d*\]"
    r"|\b(?:link|xref|kbd|btn|footnote|pass):[^\s\[\]]*\[[^\]\n]*\]"
    r"|^(?:include|ifn?def|ifeval|endif|image|toc)::\S*\[.*\][ \t]*$"
    r"|^\[(?:source|listing|literal|verse|quote|NOTE|TIP|WARNING|IMPORTANT|CAUTION|cols=|options=|%|[.#])[^\]\n]*\][ \t]*$"
    r"|<<[\w-]+(?:,[^>\n]+)?>>"
    r"|^[^\s.][^\n]{0,80}?::[ \t]*\r?\n[ \t]+\S",
    re.MULTILINE,
)
# Each of these is shared with other plain-text conventions (reStructuredText's fields and
# underlined titles, a Markdown fence): two kinds together make the document AsciiDoc.
_ASCIIDOC_LIKE = (
    re.compile(r"^:[A-Za-z][\w-]*:(?:[ \t]|$)", re.MULTILINE),  # an attribute entry
    re.compile(r"^(?:-{4,}|\.{4,}|={4,}|\*{4,})[ \t]*\r?\n(?:.*\r?\n)+?(?:-{4,}|\.{4,}|={4,}|\*{4,})[ \t]*$", re.MULTILINE),
    re.compile(r"^={1,5}[ \t]+\S", re.MULTILINE),  # a section title
    re.compile(r"^[^\s.][^\n]{0,80}?::[ \t]*$", re.MULTILINE),  # a term
    re.compile(r"(?<![\w`])`[^`\s][^`\n]*`(?![\w`])"),  # monospace
)


def looks_like_asciidoc(text: str) -> bool:
    """Whether a plain-text document is AsciiDoc: it has a construct only AsciiDoc has, or two
    kinds of the constructs AsciiDoc shares with other conventions."""
    if _ASCIIDOC_ONLY.search(text):
        return True
    return sum(1 for pattern in _ASCIIDOC_LIKE if pattern.search(text)) >= 2

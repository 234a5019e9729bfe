"""reStructuredText, parsed by tree-sitter-rst: titles, paragraphs, list items, definitions
and admonition bodies are prose; other directives, comments, literal and doctest blocks,
field lists and substitution definitions are hidden; inline literals, roles, references'
targets, substitutions and footnote markers are hidden inside sentences. A paragraph after a
literal block or a code directive that opens in lower case goes on with the sentence before the
block, as in Markdown (:data:`edgegram.engine.prose.spans.OPENS_SENTENCE`). In a docstring a
field's body is prose (":param x: The value to add."), its name hidden."""

from __future__ import annotations

import re

from .masking import MaskedText, found_by_parser
from .spans import SpanKind, breaks_off, goes_on_after_code
from .treesitter import Grammar, ParsedText

GRAMMAR = Grammar("tree_sitter_rst")
_ADMONITIONS = frozenset(
    "admonition attention caution danger error hint important note tip warning seealso "
    "deprecated versionadded versionchanged topic sidebar rubric epigraph highlights pull-quote".split()
)
_PROSE = frozenset({"title", "paragraph", "term", "line"})
_SKIPPED = frozenset(
    {"comment", "literal_block", "doctest_block", "substitution_definition", "target", "field_list", "transition"}
)
_CODE_BLOCKS = frozenset({"literal_block", "doctest_block"})
_CODE_DIRECTIVES = frozenset("code code-block sourcecode literalinclude highlight".split())
_AS_WORD = frozenset({"literal", "interpreted_text", "substitution_reference", "standalone_hyperlink"})
_AS_BLANK = frozenset({"footnote_reference", "citation_reference", "literal_block", "doctest_block", "inline_target"})
_REFERENCE_TEXT = re.compile(r"`(.*?)\s*(?:<[^>]*>)?`_{1,2}$|(.*?)_{1,2}$", re.DOTALL)


def _directive_name(node) -> str | None:
    """The lower-case name of the directive ``node`` (``.. note::`` -> "note"); None for another node."""
    name = next((c for c in node.children if c.type == "type"), None) if node.type == "directive" else None
    return name.text.decode("utf-8", "replace").lower() if name is not None else None


def _is_code_directive(node) -> bool:
    """Whether ``node`` is a directive that shows code (``.. code-block:: python``)."""
    return _directive_name(node) in _CODE_DIRECTIVES


class _RstMasker:
    def __init__(self, text: str, field_bodies: bool = False) -> None:
        self.text = text
        self.field_bodies = field_bodies
        self.parsed = ParsedText(text, GRAMMAR)
        self.visible: list[tuple[int, int]] = []
        self.words: list[tuple[int, int]] = []
        self.blanks: list[tuple[int, int]] = []
        self.spans: list[tuple[int, int, SpanKind]] = []  # section titles, list items, definition terms

    def visit(self, node) -> None:
        kind = node.type
        if kind == "field_list" and self.field_bodies:
            for body in (child for field in node.children for child in field.children if child.type == "field_body"):
                self.spans.append((*self.parsed.span(body), SpanKind.LIST_ITEM))
                self.visit(body)
            return
        if kind in _SKIPPED:
            return
        if kind == "directive":
            self._directive(node)
        elif kind == "list_item":
            for child in node.children:
                if child.type != "body":  # the bullet or number: it starts a sentence
                    self.visible.append(self.parsed.span(child))
                else:
                    self.spans.append((*self.parsed.span(child), SpanKind.LIST_ITEM))
                self.visit(child)
        elif kind in _PROSE:
            self.visible.append(self.parsed.span(node))
            if kind == "paragraph":
                self._literal_marker(node)
                if self._goes_on(node):
                    self.spans.append((*self.parsed.span(node), SpanKind.CONTINUATION))
            if kind in ("title", "term"):
                self.spans.append((*self.parsed.span(node), SpanKind.HEADING if kind == "title" else SpanKind.TERM))
            self._inline(node)
        else:
            for child in node.children:
                self.visit(child)

    def _goes_on(self, paragraph) -> bool:
        """Whether ``paragraph`` follows a literal or doctest block or a code directive and goes on
        with the sentence before the block (:func:`~.spans.goes_on_after_code`: "You can run::", the
        block, "to diff your state again."), or is the rest of a sentence broken off wherever it
        stands (:func:`~.spans.breaks_off`: "and then serving the app")."""
        text = self.text[slice(*self.parsed.span(paragraph))]
        if breaks_off(text):
            return True
        before = paragraph.prev_named_sibling
        if before is not None and before.type == "paragraph" and before.named_child_count:
            before = before.named_children[-1]  # "run::" holds the literal block it introduces
        if before is None or not (before.type in _CODE_BLOCKS or _is_code_directive(before)):
            return False
        return goes_on_after_code(text)

    def _directive(self, node) -> None:
        if _directive_name(node) not in _ADMONITIONS:
            return
        body = next((c for c in node.children if c.type == "body"), None)
        parts = [part for part in (body.children if body else ()) if part.type in ("arguments", "content")]
        for part in parts:
            self.visible.append(self.parsed.span(part))
            self._inline(part)
        if parts:  # a label's text: ".. note:: as seen above, ..." owes its first word no capital
            self.spans.append((*self.parsed.span(parts[0]), SpanKind.CONTINUATION))

    def _inline(self, node) -> None:
        for child in node.children:
            start, end = self.parsed.span(child)
            kind = child.type
            if kind in _AS_WORD:
                self.words.append((start, end))
            elif kind in _AS_BLANK:
                self.blanks.append((start, end))
            elif kind == "::":
                self.blanks.append((start + 1, end))  # "as follows::" reads "as follows:"
            elif kind == "reference":
                self._reference(start, end)
            elif kind in ("emphasis", "strong"):
                marks = 1 if kind == "emphasis" else 2
                self.blanks += [(start, start + marks), (end - marks, end)]
            elif kind in ("paragraph", "title", "term", "line"):
                self._inline(child)
            elif kind in _SKIPPED or kind == "directive":
                self.blanks.append((start, end))
            elif child.child_count:
                self._inline(child)

    def _literal_marker(self, node) -> None:
        """A paragraph that ends in "::" announces a literal block, whether or not the parser
        found one after it: "as follows::" reads "as follows:", "as follows ::" "as follows"."""
        start, end = self.parsed.span(node)
        paragraph = self.text[start:end].rstrip()
        if not paragraph.endswith("::") or any(child.type == "::" for child in node.children):
            return
        marker = start + len(paragraph) - 2
        self.blanks.append((marker if self.text[marker - 1 : marker].isspace() else marker + 1, marker + 2))

    def _reference(self, start: int, end: int) -> None:
        """Keep a reference's text, hide its backticks, target and underscores."""
        match = _REFERENCE_TEXT.match(self.text, start, end)
        group = 1 if match and match.group(1) is not None else 2
        if not match or not match.group(group):
            self.words.append((start, end))
            return
        self.blanks += [(start, match.start(group)), (match.end(group), end)]


def mask_rst(text: str, field_bodies: bool = False) -> MaskedText:
    """Only the prose of a reStructuredText document (``field_bodies``: a docstring's, whose
    fields' bodies are prose)."""
    rst = _RstMasker(text, field_bodies)
    rst.visit(rst.parsed.root)
    return found_by_parser(text, rst.visible, rst.blanks, rst.words, rst.spans).result()

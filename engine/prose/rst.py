"""reStructuredText, parsed by tree-sitter-rst: titles, paragraphs, list items, definitions
and admonition bodies are prose; other directives, comments, literal and doctest blocks,
field lists and substitution definitions are hidden; inline literals, roles, references'
targets, substitutions and footnote markers are hidden inside sentences."""

from __future__ import annotations

import re

from .masking import MaskedText, Masker
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
_AS_WORD = frozenset({"literal", "interpreted_text", "substitution_reference", "standalone_hyperlink"})
_AS_BLANK = frozenset({"footnote_reference", "citation_reference", "literal_block", "doctest_block", "inline_target"})
_REFERENCE_TEXT = re.compile(r"`(.*?)\s*(?:<[^>]*>)?`_{1,2}$|(.*?)_{1,2}$", re.DOTALL)


class _RstMasker:
    def __init__(self, text: str) -> None:
        self.text = text
        self.parsed = ParsedText(text, GRAMMAR)
        self.visible: list[tuple[int, int]] = []
        self.words: list[tuple[int, int]] = []
        self.blanks: list[tuple[int, int]] = []
        self.titles: list[tuple[int, int]] = []  # section titles
        self.fragments: list[tuple[int, int]] = []  # list items, definition terms

    def visit(self, node) -> None:
        kind = node.type
        if kind in _SKIPPED:
            return
        if kind == "directive":
            self._directive(node)
        elif kind == "list_item":
            for child in node.children:
                if child.type != "body":  # the bullet or number: it starts a sentence
                    self.visible.append(self.parsed.span(child))
                else:
                    self.fragments.append(self.parsed.span(child))
                self.visit(child)
        elif kind in _PROSE:
            self.visible.append(self.parsed.span(node))
            if kind in ("title", "term"):
                (self.titles if kind == "title" else self.fragments).append(self.parsed.span(node))
            self._inline(node)
        else:
            for child in node.children:
                self.visit(child)

    def _directive(self, node) -> None:
        name = next((c for c in node.children if c.type == "type"), None)
        if name is None or name.text.decode("utf-8", "replace").lower() not in _ADMONITIONS:
            return
        body = next((c for c in node.children if c.type == "body"), None)
        for part in body.children if body else ():
            if part.type in ("arguments", "content"):
                self.visible.append(self.parsed.span(part))
                self._inline(part)

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

    def _reference(self, start: int, end: int) -> None:
        """Keep a reference's text, hide its backticks, target and underscores."""
        match = _REFERENCE_TEXT.match(self.text, start, end)
        group = 1 if match and match.group(1) is not None else 2
        if not match or not match.group(group):
            self.words.append((start, end))
            return
        self.blanks += [(start, match.start(group)), (match.end(group), end)]


def mask_rst(text: str) -> MaskedText:
    """Only the prose of a reStructuredText document."""
    rst = _RstMasker(text)
    rst.visit(rst.parsed.root)
    masker = Masker.revealing(text, rst.visible)
    for start, end in rst.blanks:
        masker.blank(start, end)
    for start, end in rst.words:
        masker.word(start, end)
    for start, end in rst.fragments:
        masker.fragment(start, end)
    for start, end in rst.titles:
        masker.fragment(start, end, title=True)
    return masker.result()

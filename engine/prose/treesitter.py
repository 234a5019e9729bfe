"""Tree-sitter parsing with code-point offsets: grammars come from the per-language wheels
(compiled in, nothing is downloaded), parsers and queries are built once per language."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache

import numpy as np
import tree_sitter


@dataclass(frozen=True)
class Grammar:
    """Where a language's compiled grammar lives: ``module.function()``."""

    module: str
    function: str = "language"


@cache
def language(grammar: Grammar) -> tree_sitter.Language:
    module = importlib.import_module(grammar.module)
    return tree_sitter.Language(getattr(module, grammar.function)())


@cache
def query(grammar: Grammar, source: str) -> tree_sitter.Query:
    return tree_sitter.Query(language(grammar), source)


class ParsedText:
    """A text parsed with one grammar; ``span(node)`` gives a node's code-point range."""

    def __init__(self, text: str, grammar: Grammar) -> None:
        data = text.encode("utf-8", "surrogatepass")
        self.tree = tree_sitter.Parser(language(grammar)).parse(data)
        self.root = self.tree.root_node
        self._grammar = grammar
        if len(data) == len(text):
            self._chars = None  # ASCII: byte offsets are code-point offsets
        else:
            starts = (np.frombuffer(data, dtype=np.uint8) & 0xC0) != 0x80
            self._chars = np.concatenate(([0], np.cumsum(starts)))

    def offset(self, byte: int) -> int:
        return byte if self._chars is None else int(self._chars[byte])

    def span(self, node: tree_sitter.Node) -> tuple[int, int]:
        return self.offset(node.start_byte), self.offset(node.end_byte)

    def byte(self, offset: int) -> int:
        """The byte offset of a code-point offset."""
        return offset if self._chars is None else int(np.searchsorted(self._chars, offset))

    def names_in(self, start: int, end: int) -> set[str]:
        """The identifiers (nodes whose type ends in "identifier") in the code-point range ``start..end``."""
        first, last = self.byte(start), self.byte(end)
        names: set[str] = set()
        stack = [self.root.descendant_for_byte_range(first, last) or self.root]
        while stack:
            node = stack.pop()
            if node.end_byte <= first or node.start_byte >= last:
                continue
            if node.type.endswith("identifier") and node.text is not None:
                names.add(node.text.decode("utf-8", "replace"))
            stack.extend(node.children)
        return names

    def captures(self, source: str) -> dict[str, list[tree_sitter.Node]]:
        """The nodes captured by a query, by capture name."""
        return tree_sitter.QueryCursor(query(self._grammar, source)).captures(self.root)

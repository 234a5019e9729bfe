"""Where a Markdown paragraph's inline markup lies, from markdown-it-py's own inline parse.

markdown-it-py gives inline tokens (emphasis, links, code, escapes) but no offsets for them.
:func:`inline_markup` walks an inline token's children along its source (``token.content``)
and finds each one where the parser must have read it: an emphasis run (``**``, ``_``, ``~~``)
where its ``markup`` stands, a text where its content stands, a link's ``]`` and the
destination after it. What it returns are offsets into ``token.content``:

- the *markup* that belongs to no word: emphasis runs, an escape's backslash, and an inline
  link's ``[``, ``](destination)`` (``**g**lobally`` reads "globally", ``[the guide](url)``
  "the guide");
- the *link texts* of inline links;
- the *emphasis*: what stands between an emphasis run and its closing one (italics, bold).

Reference links (``[text][ref]``) are left to the caller's patterns: whether they are links
depends on a definition that may be in another part of the document
(:mod:`edgegram.engine.prose.incremental` masks a document part by part). Where the walk loses
its place (a construct it does not know), it returns None and the caller keeps to its
patterns: nothing is ever hidden on a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown_it.token import Token

_EMPHASIS = frozenset({"em_open", "em_close", "strong_open", "strong_close", "s_open", "s_close"})
_BACKTICKS = re.compile(r"`+")


class _Lost(Exception):
    """The walk could not find a token where it must be."""


@dataclass
class InlineMarkup:
    """Offsets into an inline token's content (see the module docstring)."""

    markup: list[tuple[int, int]] = field(default_factory=list)
    links: list[tuple[int, int]] = field(default_factory=list)
    emphasis: list[tuple[int, int]] = field(default_factory=list)


def inline_markup(token: Token) -> InlineMarkup | None:
    """The markup and link texts of one ``inline`` token, or None where the walk lost its place."""
    walk = _Walk(token.content)
    try:
        walk.tokens(token.children or [])
    except _Lost:
        return None
    return walk.found


class _Walk:
    def __init__(self, source: str) -> None:
        self.source = source
        self.position = 0
        self.found = InlineMarkup()
        self.link_starts: list[int] = []  # per open link: where its text starts
        self.emphasis_starts: list[int] = []  # per open emphasis: where its words start

    def tokens(self, children: list[Token]) -> None:
        skip_to_close = False  # inside an autolink, whose text is the destination itself
        for child in children:
            kind = child.type
            if skip_to_close:
                skip_to_close = kind != "link_close"
                continue
            if kind == "text":
                self.text(child.content)
            elif kind == "text_special":
                start = self.expect(child.markup)
                if child.info == "escape":
                    self.found.markup.append((start, start + 1))  # the backslash of "\*"
            elif kind in ("softbreak", "hardbreak"):
                self.line_break()
            elif kind == "code_inline":
                self.code(child.markup)
            elif kind in _EMPHASIS:
                start = self.expect(child.markup)
                self.found.markup.append((start, self.position))
                if kind.endswith("_open"):
                    self.emphasis_starts.append(self.position)
                elif self.emphasis_starts:
                    self.found.emphasis.append((self.emphasis_starts.pop(), start))
            elif kind == "link_open":
                if child.markup == "autolink":
                    self.skip_past(">", self.expect("<"))
                    skip_to_close = True
                else:
                    start = self.expect("[")
                    self.link_starts.append(start + 1)
            elif kind == "link_close":
                self.link_close()
            elif kind == "image":
                self.image()
            elif kind == "html_inline":
                self.expect(child.content)
            else:
                raise _Lost(kind)

    def text(self, content: str) -> None:
        if not content:
            return
        at = self.source.find(content, self.position)
        if at < 0 or self.source[self.position : at].strip():
            raise _Lost(content)
        self.position = at + len(content)

    def expect(self, markup: str) -> int:
        """Step over ``markup``, which must come next (after white space at most); its start."""
        at = self.position
        while at < len(self.source) and self.source[at] in " \t\n" and not markup[:1].isspace():
            at += 1
        if not self.source.startswith(markup, at):
            raise _Lost(markup)
        self.position = at + len(markup)
        return at

    def skip_past(self, char: str, start: int) -> None:
        at = self.source.find(char, start)
        if at < 0:
            raise _Lost(char)
        self.position = at + 1

    def line_break(self) -> None:
        at = self.source.find("\n", self.position)
        if at < 0 or self.source[self.position : at].strip(" \t\\"):
            raise _Lost("line break")
        self.position = at + 1

    def code(self, markup: str) -> None:
        self.expect(markup)
        for run in _BACKTICKS.finditer(self.source, self.position):
            if run.group() == markup:
                self.position = run.end()
                return
        raise _Lost(markup)

    def link_close(self) -> None:
        if not self.link_starts:
            raise _Lost("]")
        text_start = self.link_starts.pop()
        close = self.expect("]")
        if self.source.startswith("(", self.position):
            self.position = _balanced_end(self.source, self.position)
            self.found.links.append((text_start, close))
            self.found.markup += [(text_start - 1, text_start), (close, self.position)]
        elif self.source.startswith("[", self.position):
            self.skip_past("]", self.position)  # a reference link: the caller's patterns hide it

    def image(self) -> None:
        start = self.expect("![")
        depth, at = 1, start + 2
        while at < len(self.source) and depth:
            depth += {"[": 1, "]": -1}.get(self.source[at], 0)
            at += 1
        if depth:
            raise _Lost("image")
        self.position = at
        if self.source.startswith("(", at):
            self.position = _balanced_end(self.source, at)
        elif self.source.startswith("[", at):
            self.skip_past("]", at)


def _balanced_end(source: str, start: int) -> int:
    """The end of the parenthesised link destination (and title) opening at ``start``."""
    depth, at, quote = 0, start, ""
    while at < len(source):
        char = source[at]
        if char == "\\":
            at += 2
            continue
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'" and depth == 1 and source[at - 1] in " \t\n":
            quote = char
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return at + 1
        at += 1
    raise _Lost("link destination")


__all__ = ["InlineMarkup", "inline_markup"]

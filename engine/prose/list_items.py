"""List items in text no markup parser reads (plain text, a code comment, a commit message's
body): a line that opens with a bullet or a number ("- Validating the input", "* fix", "1. Parse
it") and the more indented lines after it are one item, a span that owes no final stop or first
capital."""

from __future__ import annotations

import re

from .masking import Masker
from .spans import SpanKind

BULLET = re.compile(r"([ \t]*)(?:[-*+•]|\d{1,3}[.)])[ \t]+(?=\S)")  # "- item", "* item", "1. item"


class ListItems:
    """The list items of one run of lines, fed line by line: each a span up to the next item, a
    blank or hidden line (:meth:`close`), or a line no more indented than its bullet; with
    ``lazy``, any line that is no bullet goes on with the item (Markdown's lazy continuation: a
    commit body wraps its bullets so, "- verified all 13 releases were moved" / "without loss")."""

    def __init__(self, masker: Masker, lazy: bool = False) -> None:
        self.masker = masker
        self.lazy = lazy
        self.open: tuple[int, int, int] | None = None  # start of its text, end so far, bullet's indentation

    def line(self, body: str, start: int, end: int) -> None:
        """The line ``body`` at ``start..end`` of the masker's text."""
        bullet = BULLET.match(body)
        if bullet:
            self.close()
            self.open = (start + bullet.end(), end, len(bullet.group(1)))
        elif self.open is not None and (self.lazy or len(body) - len(body.lstrip(" \t")) > self.open[2]):
            self.open = (self.open[0], end, self.open[2])
        else:
            self.close()

    def close(self) -> None:
        """End the open item, if any, where it has got to."""
        if self.open is not None:
            self.masker.span(self.open[0], self.open[1], SpanKind.LIST_ITEM)
            self.open = None


def mark_list_items(masker: Masker, after: int = 0, lazy: bool = False) -> None:
    """Mark the bulleted lines of ``masker``'s text from ``after`` on as list items (``lazy``: as
    :class:`ListItems` reads it)."""
    items = ListItems(masker, lazy=lazy)
    offset = after
    for raw in masker.text[after:].splitlines(keepends=True):
        body = raw.rstrip("\r\n")
        if body.strip():
            items.line(body, offset, offset + len(body))
        else:
            items.close()
        offset += len(raw)
    items.close()

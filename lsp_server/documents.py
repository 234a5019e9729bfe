"""Documents with the protocol's line breaks.

pygls splits a document into lines with ``str.splitlines``, which also breaks at U+2028,
U+2029, U+0085, form feed, vertical tab and a few more; LSP clients break lines only at
``\\n``, ``\\r\\n`` and ``\\r``. With such a character in a document, every incremental change
below it landed in the wrong place and the server's copy of the text drifted from the
editor's (found by tests/test_robust_fuzz.py). Documents here split lines as LSP does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Optional

from pygls.workspace import TextDocument, Workspace

_LSP_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def lsp_lines(text: str) -> tuple[str, ...]:
    """``text`` split after each ``\\n``, ``\\r\\n`` or lone ``\\r``, line breaks kept."""
    return tuple(_LSP_LINE.findall(text))


class LspTextDocument(TextDocument):
    """A pygls text document whose lines (and so positions and changes) follow LSP."""

    @property
    def lines(self) -> Sequence[str]:
        return lsp_lines(self.source)


def use_lsp_line_breaks(workspace: Workspace) -> None:
    """Make ``workspace`` create :class:`LspTextDocument` for every document opened from now on."""

    def create(doc_uri: str, source: Optional[str] = None, version: Optional[int] = None,
               language_id: Optional[str] = None) -> TextDocument:
        return LspTextDocument(
            doc_uri,
            source=source,
            version=version,
            language_id=language_id,
            sync_kind=workspace._sync_kind,
            position_codec=workspace._position_codec,
        )

    workspace._create_text_document = create  # the factory pygls calls on didOpen

"""Documents with the protocol's line breaks.

pygls splits a document into lines with ``str.splitlines``, which also breaks at U+2028,
U+2029, U+0085, form feed, vertical tab and a few more; LSP clients break lines only at
``\\n``, ``\\r\\n`` and ``\\r``. With such a character in a document, every incremental change
below it landed in the wrong place and the server's copy of the text drifted from the
editor's (found by tests/engine/test_robust_fuzz.py). Documents here split lines as LSP does.

They also apply incremental changes through :class:`edgegram.engine.core.geometry.TextGeometry` (built
once per version): pygls converted a change's columns character by character, so typing
on one long line cost O(line length) in Python per change.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from urllib.parse import unquote

from lsprotocol import types
from pygls.workspace import TextDocument, Workspace

from edgegram.engine.core.geometry import UTF16, TextGeometry, lsp_lines

__all__ = ["LspTextDocument", "LspWorkspace", "lsp_lines", "use_lsp_line_breaks"]

log = logging.getLogger(__name__)


class LspTextDocument(TextDocument):
    """A pygls text document whose lines (and so positions and changes) follow LSP."""

    _geometry: TextGeometry | None = None

    @property
    def lines(self) -> Sequence[str]:
        return lsp_lines(self.source)

    @property
    def encoding(self) -> str:
        encoding = self.position_codec.encoding
        return str(getattr(encoding, "value", encoding) or UTF16)

    @property
    def geometry(self) -> TextGeometry:
        """The line starts and code-unit counts of the current text (built once per text)."""
        text = self.source
        if self._geometry is None or self._geometry.text is not text or self._geometry.encoding != self.encoding:
            self._geometry = TextGeometry(text, self.encoding)
        return self._geometry

    def _apply_incremental_change(self, change: types.TextDocumentContentChangePartial) -> None:
        """Replace the change's range (columns past a line's end clamp to it, lines past the
        last to the end of the text, as LSP says)."""
        geometry = self.geometry
        start = geometry.offset(change.range.start.line, change.range.start.character)
        end = max(start, geometry.offset(change.range.end.line, change.range.end.character))
        self._source = geometry.text[:start] + change.text + geometry.text[end:]


class LspWorkspace(Workspace):
    """A pygls workspace whose documents are :class:`LspTextDocument` (the factory method
    pygls calls on didOpen and for unknown URIs is overridden), where a change to a document
    that is not open is dropped with a warning (pygls raised ``KeyError``), and so is a
    change older than the document's version (pygls applied it and went back to its
    version, so its diagnostics were published after the newer version's)."""

    def is_open(self, uri: str) -> bool:
        """Whether the client has opened ``uri`` (and not closed it)."""
        return unquote(uri) in self._text_documents

    def is_current(self, text_doc: types.VersionedTextDocumentIdentifier) -> bool:
        """Whether ``text_doc`` names an open document at its current version (false after
        its change was dropped)."""
        document = self._text_documents.get(unquote(text_doc.uri))
        return document is not None and document.version == text_doc.version

    def update_text_document(
        self, text_doc: types.VersionedTextDocumentIdentifier, change: types.TextDocumentContentChangeEvent
    ) -> None:
        document = self._text_documents.get(unquote(text_doc.uri))
        if document is None:
            log.warning("didChange for %s, which is not open: ignored", text_doc.uri)
            return
        if document.version is not None and text_doc.version < document.version:
            # LSP: a document's version increases after each change (every change of one
            # didChange carries the same version, so an equal one is not stale).
            log.warning(
                "didChange for %s version %d after version %d: ignored (stale)", text_doc.uri, text_doc.version, document.version
            )
            return
        super().update_text_document(text_doc, change)

    def _create_text_document(
        self,
        doc_uri: str,
        source: str | None = None,
        version: int | None = None,
        language_id: str | None = None,
    ) -> TextDocument:
        return LspTextDocument(
            doc_uri,
            source=source,
            version=version,
            language_id=language_id,
            sync_kind=self._sync_kind,
            position_codec=self.position_codec,
        )


def use_lsp_line_breaks(workspace: Workspace) -> None:
    """Make ``workspace`` an :class:`LspWorkspace`, so every document opened from now on splits
    lines as LSP does. pygls builds its ``Workspace`` itself during initialize and takes no class
    to build, so the instance is re-typed in place (same state, one overridden method) instead of
    having a method assigned over."""
    workspace.__class__ = LspWorkspace

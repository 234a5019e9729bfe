"""Suggestions the user chose to ignore, per document: remembered for the session and, for
documents in a workspace folder, in ``<folder>/.edgegram/ignored.json``.

A suggestion is identified by (kind, original, replacement), so ignoring one hides every
identical suggestion in that document.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from .files import STATE_DIR, StampedFiles, read_text_or_set_aside, set_aside, write_atomically

log = logging.getLogger(__name__)

FILE_NAME = "ignored.json"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class IgnoredSuggestion:
    """What identifies an ignored suggestion within a document."""

    kind: str
    original: str
    replacement: str


def ignored_file(folder: Path) -> Path:
    """Where a workspace folder's ignored suggestions are kept."""
    return folder / STATE_DIR / FILE_NAME


def _parse(text: str) -> dict[str, set[IgnoredSuggestion]]:
    """The documents' ignored suggestions in an ``ignored.json`` text; ValueError if malformed."""
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("documents"), dict):
        raise ValueError('expected {"version": 1, "documents": {...}}')
    result: dict[str, set[IgnoredSuggestion]] = {}
    for document, entries in data["documents"].items():
        if not isinstance(entries, list):
            raise ValueError(f"entries of {document!r} are not a list")
        result[document] = {IgnoredSuggestion(str(e["kind"]), str(e["original"]), str(e["replacement"])) for e in entries}
    return result


def _render(documents: dict[str, set[IgnoredSuggestion]]) -> str:
    data = {
        "version": FORMAT_VERSION,
        "documents": {
            name: [vars(s) for s in sorted(entries, key=lambda s: (s.kind, s.original, s.replacement))]
            for name, entries in sorted(documents.items())
        },
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _read(path: Path) -> dict[str, set[IgnoredSuggestion]]:
    text = read_text_or_set_aside(path)
    if text is None:
        return {}
    try:
        return _parse(text)
    except (ValueError, KeyError, TypeError) as error:
        set_aside(path, f"malformed: {error}")
        return {}


@dataclass
class IgnoreStore:
    """Ignored suggestions keyed by document URI, persisted per workspace folder (each file
    read again only when its modification time or size changed)."""

    _session: dict[str, set[IgnoredSuggestion]] = field(default_factory=dict)
    _files: StampedFiles[dict[str, set[IgnoredSuggestion]]] = field(default_factory=lambda: StampedFiles(_read))

    def _load(self, folder: Path) -> dict[str, set[IgnoredSuggestion]]:
        """The folder's ignored suggestions per document (shared with the cache: read only)."""
        return self._files.get(ignored_file(folder))

    def ignored(self, uri: str, document: Path | None, folder: Path | None) -> set[IgnoredSuggestion]:
        """The suggestions ignored in a document (session and workspace file together)."""
        result = set(self._session.get(uri, ()))
        if folder is not None and document is not None:
            result |= self._load(folder).get(document.relative_to(folder).as_posix(), set())
        return result

    def ignore(self, uri: str, suggestion: IgnoredSuggestion, document: Path | None, folder: Path | None) -> None:
        """Remember ``suggestion`` as ignored in a document."""
        self._session.setdefault(uri, set()).add(suggestion)
        if folder is None or document is None:
            return
        documents = {name: set(entries) for name, entries in self._load(folder).items()}
        documents.setdefault(document.relative_to(folder).as_posix(), set()).add(suggestion)
        path = ignored_file(folder)
        write_atomically(path, _render(documents))
        self._files.remember(path, documents)
        log.info("ignoring %r -> %r in %s", suggestion.original, suggestion.replacement, document)

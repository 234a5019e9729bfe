"""From checker edits to LSP diagnostics: user filters (disabled kinds, confidence,
dictionaries, ignored suggestions) and the mapping of one edit to one diagnostic."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

from lsprotocol import types

from edgegram.engine.edits import WORD_RE
from edgegram.engine.kinds import describe
from edgegram.engine.types import Edit

from .hygiene import printable
from .ignores import IgnoredSuggestion
from .positions import LineIndex
from .settings import ServerSettings

SOURCE = "edgegram"


@dataclass(frozen=True)
class FixData:
    """What a diagnostic's ``data`` carries (as a JSON object) so a code action can apply or
    ignore the edit without re-running the checker."""

    replacement: str
    original: str
    kind: str
    uri: str
    version: int | None
    # Further replacements to offer after ``replacement``, best first (a list in the JSON).
    alternatives: tuple[str, ...] = ()

    @classmethod
    def of(cls, diagnostic: types.Diagnostic) -> FixData | None:
        """The data of one of our diagnostics, None for anybody else's or a malformed one."""
        data: Any = diagnostic.data
        if diagnostic.source != SOURCE or not isinstance(data, dict):
            return None
        if not all(isinstance(data.get(key), str) for key in ("replacement", "original", "kind")):
            return None
        version = data.get("version")
        uri = data.get("uri")
        alternatives = data.get("alternatives")
        return cls(
            data["replacement"],
            data["original"],
            data["kind"],
            uri if isinstance(uri, str) else "",
            version if isinstance(version, int) and not isinstance(version, bool) else None,
            tuple(a for a in alternatives if isinstance(a, str)) if isinstance(alternatives, list) else (),
        )

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``data`` (``alternatives`` as a list)."""
        return {**asdict(self), "alternatives": list(self.alternatives)}


def suggestion_of(edit: Edit) -> IgnoredSuggestion:
    """What identifies ``edit`` in the ignore list."""
    return IgnoredSuggestion(edit.kind.value, edit.original, edit.replacement)


def filter_edits(
    edits: Iterable[Edit],
    settings: ServerSettings,
    knows_word: Callable[[str], bool],
    ignored: set[IgnoredSuggestion],
    hidden_kinds: frozenset[str] = frozenset(),
) -> list[Edit]:
    """The edits the user wants to see (``hidden_kinds``: kinds hidden by a code action)."""
    return [
        edit
        for edit in edits
        if edit.kind.value not in settings.disabled_kinds
        and edit.kind.value not in hidden_kinds
        and edit.confidence >= settings.min_confidence
        and not any(knows_word(word) for word in WORD_RE.findall(edit.original))
        and suggestion_of(edit) not in ignored
    ]


def to_diagnostic(edit: Edit, index: LineIndex, settings: ServerSettings, uri: str, version: int | None) -> types.Diagnostic:
    """The diagnostic of one edit; ``data`` carries what a code action needs to apply it."""
    data = FixData(edit.replacement, edit.original, edit.kind.value, uri, version, tuple(edit.alternatives))
    return types.Diagnostic(
        range=index.range(edit.start, edit.end),
        message=printable(edit.message or describe(edit.original, edit.replacement)),
        severity=settings.severity_of(edit.kind.value),
        code=edit.kind.value,
        source=SOURCE,
        data=data.to_json(),
    )


def to_diagnostics(
    edits: Iterable[Edit], index: LineIndex, settings: ServerSettings, uri: str, version: int | None
) -> list[types.Diagnostic]:
    """The diagnostics of ``edits`` in the text of ``index`` (O(log n) each)."""
    return [to_diagnostic(edit, index, settings, uri, version) for edit in edits]


def result_id(diagnostics: list[types.Diagnostic]) -> str:
    """An identifier of a list of diagnostics (pull diagnostics' ``resultId``): equal lists
    get equal identifiers, so the client can be told its result is unchanged."""
    digest = hashlib.blake2b(digest_size=12)
    for diagnostic in diagnostics:
        r = diagnostic.range
        digest.update(
            repr(
                (
                    r.start.line,
                    r.start.character,
                    r.end.line,
                    r.end.character,
                    diagnostic.message,
                    int(diagnostic.severity or 0),
                    diagnostic.code,
                    sorted((diagnostic.data or {}).items()),
                )
            ).encode()
        )
    return digest.hexdigest()

"""From checker edits to LSP diagnostics: user filters (disabled kinds and rules, confidence,
dictionaries, ignored suggestions) and the mapping of one edit to one diagnostic."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from lsprotocol import types

from edgegram.engine.analysis.kinds import describe
from edgegram.engine.core.edits import WORD_RE
from edgegram.engine.core.types import Edit, rule_is_off

from .hygiene import printable
from .ignores import IgnoredSuggestion
from .positions import LineIndex
from .settings import ServerSettings

RuleLink = Callable[[str], "str | None"] | None  # rule id -> its entry in the rules reference

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
        """The JSON object of ``data`` (``alternatives`` as a list; field by field, not with
        ``dataclasses.asdict``, which costs more than the rest of a diagnostic)."""
        return {
            "replacement": self.replacement,
            "original": self.original,
            "kind": self.kind,
            "uri": self.uri,
            "version": self.version,
            "alternatives": list(self.alternatives),
        }


def suggestion_of(edit: Edit) -> IgnoredSuggestion:
    """What identifies ``edit`` in the ignore list."""
    return IgnoredSuggestion(edit.kind.value, edit.original, edit.replacement)


def filter_edits(
    edits: Iterable[Edit],
    settings: ServerSettings,
    knows_word: Callable[[str], bool],
    ignored: set[IgnoredSuggestion],
    hidden_kinds: frozenset[str] = frozenset(),
    switched_off: frozenset[str] = frozenset(),
) -> list[Edit]:
    """The edits the user wants to see (``hidden_kinds``: kinds hidden by a code action;
    ``switched_off``: rule ids switched off by one, beside the ``disabledRules`` setting; the
    ``enabledRules`` setting wins over both)."""
    return [
        edit
        for edit in edits
        if edit.kind.value not in settings.disabled_kinds
        and edit.kind.value not in hidden_kinds
        and not rule_is_off(edit.rule, settings.disabled_rules | switched_off, settings.enabled_rules)
        and not any(knows_word(word) for word in WORD_RE.findall(edit.original))
        and suggestion_of(edit) not in ignored
    ]


def to_diagnostic(
    edit: Edit, index: LineIndex, settings: ServerSettings, uri: str, version: int | None, link: RuleLink = None
) -> types.Diagnostic:
    """The diagnostic of one edit; ``data`` carries what a code action needs to apply it,
    ``codeDescription`` where ``link`` gives its rule's entry in the rules reference."""
    data = FixData(edit.replacement, edit.original, edit.kind.value, uri, version, tuple(edit.alternatives))
    href = link(edit.rule) if link is not None else None
    return types.Diagnostic(
        range=index.range(edit.start, edit.end),
        message=printable(edit.message or describe(edit.original, edit.replacement)),
        severity=settings.severity_of(edit.kind.value),
        code=edit.rule or edit.kind.value,  # the id disabledRules takes ("rules.own_case", "model.article")
        code_description=None if href is None else types.CodeDescription(href=href),
        source=SOURCE,
        data=data.to_json(),
    )


def to_diagnostics(
    edits: Iterable[Edit], index: LineIndex, settings: ServerSettings, uri: str, version: int | None, link: RuleLink = None
) -> list[types.Diagnostic]:
    """The diagnostics of ``edits`` in the text of ``index`` (O(log n) each)."""
    return [to_diagnostic(edit, index, settings, uri, version, link) for edit in edits]


def register_quick_unstructuring(converter: Any) -> None:
    """Make ``converter`` (pygls's cattrs converter) write our diagnostics field by field:
    its generated code took longer than checking the edit of a keystroke for a document of a
    few hundred diagnostics. Any other diagnostic is left to the generated code; both write
    the same JSON object."""
    generated = converter.get_unstructure_hook(types.Diagnostic)

    def unstructure(diagnostic: types.Diagnostic) -> Any:
        if not _plain(diagnostic):
            return generated(diagnostic)
        start, end = diagnostic.range.start, diagnostic.range.end
        out: dict[str, Any] = {
            "range": {
                "start": {"line": start.line, "character": start.character},
                "end": {"line": end.line, "character": end.character},
            },
            "message": diagnostic.message,
        }
        if diagnostic.severity is not None:
            out["severity"] = diagnostic.severity.value
        if diagnostic.code is not None:
            out["code"] = diagnostic.code
        if diagnostic.code_description is not None:
            out["codeDescription"] = {"href": diagnostic.code_description.href}
        for name in ("source", "data"):
            value = getattr(diagnostic, name)
            if value is not None:
                out[name] = value
        return out

    converter.register_unstructure_hook(types.Diagnostic, unstructure)


def _plain(diagnostic: types.Diagnostic) -> bool:
    """A diagnostic as :func:`to_diagnostic` makes them: JSON-ready data, no optional parts."""
    return (
        diagnostic.tags is None
        and diagnostic.related_information is None
        and isinstance(diagnostic.code, (str, type(None)))
        and (diagnostic.data is None or isinstance(diagnostic.data, dict) and _json_ready(diagnostic.data))
    )


def _json_ready(value: Any) -> bool:
    if isinstance(value, dict):
        return all(isinstance(key, str) and _json_ready(item) for key, item in value.items())
    if isinstance(value, list):
        return all(_json_ready(item) for item in value)
    return value is None or isinstance(value, (str, int, float, bool))


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

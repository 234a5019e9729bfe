"""Typed server settings, parsed leniently from ``initializationOptions`` and the
``edgegram`` configuration section: unknown or wrongly typed values are reported and ignored."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lsprotocol import types

from engine.types import DEFAULT_MIN_CONFIDENCE, EditKind

SECTION = "edgegram"

SEVERITIES: dict[str, types.DiagnosticSeverity] = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}

DEFAULT_LANGUAGES = ("plaintext", "markdown", "latex", "git-commit")


def _default_severity() -> dict[str, str]:
    severity = {kind.value: "information" for kind in EditKind}
    severity[EditKind.SPELLING.value] = "warning"
    return severity


@dataclass(frozen=True)
class ServerSettings:
    """Everything a user can configure; field names are the snake_case form of the keys."""

    enabled: bool = True
    languages: tuple[str, ...] = DEFAULT_LANGUAGES
    severity: Mapping[str, str] = field(default_factory=_default_severity)
    disabled_kinds: frozenset[str] = frozenset()
    min_confidence: float = DEFAULT_MIN_CONFIDENCE
    debounce_ms: int = 300
    max_file_size: int = 200_000  # bytes of UTF-8
    model_path: Path | None = None
    threads: int | None = None

    def severity_of(self, kind: str) -> types.DiagnosticSeverity:
        """The diagnostic severity configured for an edit kind."""
        return SEVERITIES[self.severity.get(kind, "information")]

    def checker_key(self) -> tuple[Any, ...]:
        """The settings the checker is built from; a change means reloading it."""
        return (self.model_path, self.threads, self.min_confidence)


def _normalise_key(key: str) -> str:
    return key.replace("_", "").replace("-", "").lower()


_FIELDS = {_normalise_key(f.name): f.name for f in dataclasses.fields(ServerSettings)}
_KINDS = {kind.value for kind in EditKind}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _convert(name: str, value: Any, current: Any) -> tuple[Any, str | None]:
    """The typed value of setting ``name``, or ``current`` and a reason for ignoring ``value``."""
    if name == "enabled":
        if isinstance(value, bool):
            return value, None
        return current, "expected true or false"
    if name == "languages":
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return tuple(value), None
        return current, "expected a list of language ids"
    if name == "severity":
        if not isinstance(value, Mapping):
            return current, "expected an object mapping kinds to error/warning/information/hint"
        merged, problems = dict(current), []
        for kind, level in value.items():
            if kind not in _KINDS:
                problems.append(f"unknown kind {kind!r}")
            elif not isinstance(level, str) or level.lower() not in SEVERITIES:
                problems.append(f"{kind}: unknown severity {level!r}")
            else:
                merged[kind] = level.lower()
        return merged, "; ".join(problems) or None
    if name == "disabled_kinds":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return current, "expected a list of kinds"
        unknown = [v for v in value if v not in _KINDS]
        return frozenset(v for v in value if v in _KINDS), (f"unknown kinds {unknown}" if unknown else None)
    if name == "min_confidence":
        if isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= value <= 1.0:
            return float(value), None
        return current, "expected a number between 0 and 1"
    if name in ("debounce_ms", "max_file_size"):
        if _is_int(value) and value >= 0:
            return value, None
        return current, "expected a non-negative integer"
    if name == "model_path":
        if value is None or value == "":
            return None, None
        if isinstance(value, str):
            return Path(value).expanduser(), None
        return current, "expected a path"
    if name == "threads":
        if value is None or (_is_int(value) and value > 0):
            return value, None
        return current, "expected a positive integer or null"
    raise AssertionError(name)  # every field is handled above


def parse_settings(raw: Any, base: ServerSettings | None = None) -> tuple[ServerSettings, list[str]]:
    """Apply the values in ``raw`` over ``base``.

    Keys may be camelCase (``debounceMs``) or snake_case (``debounce_ms``); a mapping that
    holds an ``edgegram`` section is unwrapped. Returns the settings and one line per value
    that was ignored.
    """
    base = base or ServerSettings()
    if raw is None:
        return base, []
    if not isinstance(raw, Mapping):
        return base, [f"settings: expected an object, got {type(raw).__name__}; ignored"]
    if isinstance(raw.get(SECTION), Mapping):
        raw = raw[SECTION]
    changes: dict[str, Any] = {}
    problems: list[str] = []
    for key, value in raw.items():
        name = _FIELDS.get(_normalise_key(str(key)))
        if name is None:
            problems.append(f"settings: unknown key {key!r}; ignored")
            continue
        converted, problem = _convert(name, value, getattr(base, name))
        if problem:
            problems.append(f"settings: {key}={value!r}: {problem}; ignored")
        changes[name] = converted
    return dataclasses.replace(base, **changes), problems

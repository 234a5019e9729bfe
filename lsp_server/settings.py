"""Typed server settings, parsed leniently from ``initializationOptions`` and the
``edgegram`` configuration section: unknown or wrongly typed values are reported and ignored."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lsprotocol import types

from edgegram.engine.core.types import DEFAULT_MARKUP_MIN_CONFIDENCE, DEFAULT_MIN_CONFIDENCE, EditKind
from edgegram.engine.prose import CODE_LANGUAGES, MARKUP_LANGUAGES, ProseOptions

SECTION = "edgegram"

SEVERITIES: dict[str, types.DiagnosticSeverity] = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}

# Editor language ids checked by default: every format edgegram.engine.prose knows, and the
# other ids editors use for them (VS Code's React and shell ids, Neovim's filetypes).
DEFAULT_LANGUAGES = (
    *MARKUP_LANGUAGES,
    *CODE_LANGUAGES,
    "javascriptreact",
    "sh",
    "bash",
    "rst",
    "asciidoctor",
)


def _default_severity() -> dict[str, str]:
    severity = {kind.value: "information" for kind in EditKind}
    severity[EditKind.SPELLING.value] = "warning"
    return severity


_KINDS = {kind.value for kind in EditKind}

# A validator turns a raw JSON value into the setting's typed value, or keeps ``current``
# and says why the raw value was ignored.
Validator = Callable[[Any, Any], "tuple[Any, str | None]"]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _boolean(value: Any, current: Any) -> tuple[Any, str | None]:
    return (value, None) if isinstance(value, bool) else (current, "expected true or false")


def _language_ids(value: Any, current: Any) -> tuple[Any, str | None]:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value), None
    return current, "expected a list of language ids"


def _severities(value: Any, current: Any) -> tuple[Any, str | None]:
    """Merged over ``current``: the valid entries are kept, each bad one is reported."""
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


def _kinds(value: Any, current: Any) -> tuple[Any, str | None]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return current, "expected a list of kinds"
    unknown = [v for v in value if v not in _KINDS]
    return frozenset(v for v in value if v in _KINDS), (f"unknown kinds {unknown}" if unknown else None)


def _rule_ids(value: Any, current: Any) -> tuple[Any, str | None]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        return current, "expected a list of rule ids (rules.own_case, model.article, or a family: rules, model, spelling)"
    return frozenset(value), None


def _unit_interval(value: Any, current: Any) -> tuple[Any, str | None]:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= value <= 1.0:
        return float(value), None
    return current, "expected a number between 0 and 1"


def _non_negative_int(value: Any, current: Any) -> tuple[Any, str | None]:
    return (value, None) if _is_int(value) and value >= 0 else (current, "expected a non-negative integer")


def _optional_path(value: Any, current: Any) -> tuple[Any, str | None]:
    if value is None or value == "":
        return None, None
    if isinstance(value, str):
        return Path(value).expanduser(), None
    return current, "expected a path"


def _optional_positive_int(value: Any, current: Any) -> tuple[Any, str | None]:
    if value is None or (_is_int(value) and value > 0):
        return value, None
    return current, "expected a positive integer or null"


def _setting(validate: Validator, default: Any = dataclasses.MISSING, **kwargs: Any) -> Any:
    """A ServerSettings field with its validator; its key is the field name in camelCase."""
    return field(default=default, metadata={"validate": validate}, **kwargs)


@dataclass(frozen=True)
class ServerSettings:
    """Everything a user can configure in the ``edgegram`` section; each field's key is its
    name in camelCase (``debounce_ms``: ``debounceMs``), snake_case is accepted too."""

    enabled: bool = _setting(_boolean, True)
    languages: tuple[str, ...] = _setting(_language_ids, DEFAULT_LANGUAGES)
    severity: Mapping[str, str] = _setting(_severities, default_factory=_default_severity)
    disabled_kinds: frozenset[str] = _setting(_kinds, frozenset())
    disabled_rules: frozenset[str] = _setting(_rule_ids, frozenset())  # rule ids or families ("rules.own_case", "model")
    enabled_rules: frozenset[str] = _setting(_rule_ids, frozenset())  # on even where disabledRules names their family
    min_confidence: float = _setting(_unit_interval, DEFAULT_MIN_CONFIDENCE)
    # the model's threshold in technical prose (markup, commit messages, code comments); the higher applies
    markup_min_confidence: float = _setting(_unit_interval, DEFAULT_MARKUP_MIN_CONFIDENCE)
    debounce_ms: int = _setting(_non_negative_int, 300)
    max_file_size: int = _setting(_non_negative_int, 200_000)  # bytes of UTF-8
    model_path: Path | None = _setting(_optional_path, None)
    threads: int | None = _setting(_optional_positive_int, None)
    check_code: bool = _setting(_boolean, True)  # comments and docstrings of source files
    skip_other_languages: bool = _setting(_boolean, True)  # leave paragraphs that are not English alone

    def severity_of(self, kind: str) -> types.DiagnosticSeverity:
        """The diagnostic severity configured for an edit kind."""
        return SEVERITIES[self.severity.get(kind, "information")]

    def prose_options(self) -> ProseOptions:
        """What the prose extraction should check."""
        return ProseOptions(check_code=self.check_code, skip_other_languages=self.skip_other_languages)

    def checker_key(self) -> tuple[Any, ...]:
        """The settings the checker is built from; a change means reloading it. (The others
        re-filter cached results, or, like ``min_confidence`` and ``markup_min_confidence``, re-check from the checker's
        cached sentences.)"""
        return (self.model_path, self.threads)

    @staticmethod
    def keys() -> dict[str, str]:
        """camelCase key -> field name, for every setting."""
        return {camel_case(f.name): f.name for f in dataclasses.fields(ServerSettings)}


def camel_case(name: str) -> str:
    """``debounce_ms`` -> ``debounceMs``."""
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def _normalise_key(key: str) -> str:
    return key.replace("_", "").replace("-", "").lower()


_FIELDS = {_normalise_key(f.name): f for f in dataclasses.fields(ServerSettings)}


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
        setting = _FIELDS.get(_normalise_key(str(key)))
        if setting is None:
            problems.append(f"settings: unknown key {key!r}; ignored")
            continue
        converted, problem = setting.metadata["validate"](value, getattr(base, setting.name))
        if problem:
            problems.append(f"settings: {key}={value!r}: {problem}; ignored")
        changes[setting.name] = converted
    return dataclasses.replace(base, **changes), problems

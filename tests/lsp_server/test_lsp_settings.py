"""Settings parsing: defaults, camelCase and snake_case keys, lenient handling of bad values."""

from pathlib import Path

from lsprotocol.types import DiagnosticSeverity

from edgegram.lsp_server.settings import ServerSettings, parse_settings


def test_none_keeps_the_base():
    base = ServerSettings(debounce_ms=10)
    assert parse_settings(None, base) == (base, [])


def test_camel_and_snake_case_keys_and_section_unwrapping():
    settings, problems = parse_settings(
        {"edgegram": {"debounceMs": 50, "max_file_size": 10, "disabledKinds": ["article"], "modelPath": "~/m"}}
    )
    assert problems == []
    assert settings.debounce_ms == 50
    assert settings.max_file_size == 10
    assert settings.disabled_kinds == frozenset({"article"})
    assert settings.model_path == Path("~/m").expanduser()


def test_severity_merges_over_defaults():
    settings, problems = parse_settings({"severity": {"article": "error"}})
    assert problems == []
    assert settings.severity_of("article") == DiagnosticSeverity.Error
    assert settings.severity_of("spelling") == ServerSettings().severity_of("spelling")


def test_wrong_values_are_ignored_with_a_reason_each():
    raw = {
        "enabled": "yes",
        "debounceMs": -1,
        "minConfidence": 2,
        "threads": 0,
        "languages": "markdown",
        "severity": {"article": "loud", "nonsense": "error", "spelling": "hint"},
        "disabledKinds": ["article", "bogus"],
        "colour": "red",
    }
    settings, problems = parse_settings(raw)
    defaults = ServerSettings()
    assert settings.enabled is defaults.enabled
    assert settings.debounce_ms == defaults.debounce_ms
    assert settings.min_confidence == defaults.min_confidence
    assert settings.threads == defaults.threads
    assert settings.languages == defaults.languages
    assert settings.severity_of("spelling") == DiagnosticSeverity.Hint  # the valid part is kept
    assert settings.severity_of("article") == defaults.severity_of("article")
    assert settings.disabled_kinds == frozenset({"article"})
    assert len(problems) == 8
    assert any("colour" in p for p in problems)
    assert any("loud" in p for p in problems) and any("nonsense" in p for p in problems)


def test_not_an_object_is_ignored():
    settings, problems = parse_settings(["x"])
    assert settings == ServerSettings()
    assert problems and "expected an object" in problems[0]


def test_booleans_are_not_integers():
    settings, problems = parse_settings({"debounceMs": True})
    assert settings.debounce_ms == ServerSettings().debounce_ms
    assert problems


def test_checker_key_follows_model_settings_only():
    base = ServerSettings()
    assert parse_settings({"debounceMs": 1}, base)[0].checker_key() == base.checker_key()
    assert parse_settings({"threads": 2}, base)[0].checker_key() != base.checker_key()

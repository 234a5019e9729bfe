"""The VS Code extension's settings mirror the server's: same keys, same defaults."""

import json
from pathlib import Path

from engine import DEFAULT_MIN_CONFIDENCE, CheckerConfig
from lsp_server.settings import ServerSettings, parse_settings

PACKAGE = Path(__file__).resolve().parent.parent / "vscode-client" / "package.json"
CLIENT_ONLY = {"server.command", "server.pythonPath", "trace.server"}


def _client_properties() -> dict[str, dict]:
    config = json.loads(PACKAGE.read_text())["contributes"]["configuration"]
    config = config if isinstance(config, dict) else config[0]
    return {k.removeprefix("edgegram."): v for k, v in config["properties"].items()}


def test_every_client_setting_is_a_server_setting_with_the_same_default() -> None:
    props = _client_properties()
    server_keys = set(props) - CLIENT_ONLY
    assert {"minConfidence", "debounceMs", "maxFileSize", "enabled"} <= server_keys
    for key in sorted(server_keys):
        settings, ignored = parse_settings({key: props[key].get("default")})
        assert ignored == [] or props[key].get("default") is None, (key, ignored)
        assert settings == ServerSettings(), f"edgegram.{key}: client default differs from the server's"


def test_the_tuned_confidence_threshold_is_the_default_everywhere() -> None:
    assert CheckerConfig().min_confidence == DEFAULT_MIN_CONFIDENCE
    assert ServerSettings().min_confidence == DEFAULT_MIN_CONFIDENCE
    assert _client_properties()["minConfidence"]["default"] == DEFAULT_MIN_CONFIDENCE
    assert 0.0 < DEFAULT_MIN_CONFIDENCE < 1.0

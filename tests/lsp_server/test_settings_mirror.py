"""The VS Code extension's settings mirror the server's: same keys, same defaults; and the
tuned confidence threshold is what the server and the CLI check at when nobody sets one,
applied in one place (the engine's check), so both show the same edits."""

import argparse
import json
from pathlib import Path

from edgegram.engine import DEFAULT_MIN_CONFIDENCE, Edit, EditKind
from edgegram.lsp_server.analysis import check_document
from edgegram.lsp_server.settings import ServerSettings, parse_settings

PACKAGE = Path(__file__).resolve().parents[2] / "vscode-client" / "package.json"
CLIENT_ONLY = {"server.command", "server.pythonPath", "trace.server"}


def _client_properties() -> dict[str, dict]:
    config = json.loads(PACKAGE.read_text())["contributes"]["configuration"]
    config = config if isinstance(config, dict) else config[0]
    return {k.removeprefix("edgegram."): v for k, v in config["properties"].items()}


def test_every_client_setting_is_a_server_setting_with_the_same_default() -> None:
    props = _client_properties()
    server_keys = set(props) - CLIENT_ONLY
    assert server_keys == set(ServerSettings.keys()), "package.json and ServerSettings declare different settings"
    for key in sorted(server_keys):
        settings, ignored = parse_settings({key: props[key].get("default")})
        assert ignored == [] or props[key].get("default") is None, (key, ignored)
        assert settings == ServerSettings(), f"edgegram.{key}: client default differs from the server's"


class _Recording:
    """A checker that records the threshold each check is given."""

    def __init__(self) -> None:
        self.thresholds: list[float | None] = []

    def check(self, text, *, progress=None, should_stop=None, context=None, min_confidence=None) -> list[Edit]:
        self.thresholds.append(min_confidence)
        return [Edit(0, 3, "the", "teh", EditKind.ARTICLE, "m", 0.5)]


def test_a_document_check_hands_the_users_threshold_to_the_checker() -> None:
    checker = _Recording()
    check_document(checker, "teh text", "markdown", min_confidence=ServerSettings().min_confidence)
    assert checker.thresholds == [DEFAULT_MIN_CONFIDENCE]
    assert _client_properties()["minConfidence"]["default"] == DEFAULT_MIN_CONFIDENCE
    assert 0.0 < DEFAULT_MIN_CONFIDENCE < 1.0


def test_the_cli_checker_gets_the_tuned_threshold_and_the_server_filters_at_it(tmp_path, monkeypatch) -> None:
    from edgegram.cli import load_checker
    from edgegram.lsp_server.main import engine_checker

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # the server checker's result cache
    # The server's checker has no threshold of its own, so a change of minConfidence re-checks
    # from cached sentences instead of reloading the model; each check passes the user's.
    server_checker = engine_checker(ServerSettings())
    cli_args = argparse.Namespace(model=None, threads=1, decoder="iad", min_confidence=None)
    assert server_checker.config.min_confidence == 0.0
    assert ServerSettings().min_confidence == DEFAULT_MIN_CONFIDENCE
    cli_checker = load_checker(cli_args)
    assert cli_checker.config.min_confidence == DEFAULT_MIN_CONFIDENCE
    # the server gives ONNX Runtime's memory back after every run; a one-shot check keeps it
    assert server_checker.config.shrink_arena and not cli_checker.config.shrink_arena
    text = "She go home. They is here, and i think it are fine."
    assert cli_checker.check(text) == server_checker.check(text, min_confidence=ServerSettings().min_confidence) != []


def test_the_extension_forwards_every_server_setting() -> None:
    """vscode-client/src/settings.ts SERVER_KEYS must name every server setting in package.json."""
    import re

    source = (PACKAGE.parent / "src" / "settings.ts").read_text()
    block = re.search(r"SERVER_KEYS = \[(.*?)\]", source, flags=re.S).group(1)
    forwarded = set(re.findall(r'"([^"]+)"', block))
    assert forwarded == set(_client_properties()) - CLIENT_ONLY


def test_the_extension_readme_lists_every_setting_with_its_default() -> None:
    readme = (PACKAGE.parent / "README.md").read_text(encoding="utf-8")
    rows = {}
    for line in readme.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`edgegram."):
            rows[cells[0].strip("`").removeprefix("edgegram.")] = cells[1]
    props = _client_properties()
    assert set(rows) == set(props)
    for key, prop in props.items():
        default = prop.get("default")
        if isinstance(default, (bool, int, float)) or default is None:  # scalars are written as JSON
            assert rows[key] == f"`{json.dumps(default)}`", key
        elif isinstance(default, list) and default:  # a list of names, written out
            assert rows[key] == ", ".join(default), key


def test_technical_prose_has_its_own_threshold_for_the_model() -> None:
    from edgegram.engine.core.types import DEFAULT_MARKUP_MIN_CONFIDENCE
    from edgegram.engine.prose import min_confidence_for

    assert _client_properties()["markupMinConfidence"]["default"] == DEFAULT_MARKUP_MIN_CONFIDENCE
    assert ServerSettings().markup_min_confidence == DEFAULT_MARKUP_MIN_CONFIDENCE > DEFAULT_MIN_CONFIDENCE
    from edgegram.engine.core.types import MARKUP_ARTICLE_MIN_CONFIDENCE, MARKUP_PUNCTUATION_MIN_CONFIDENCE, EditKind

    for language in ("markdown", "restructuredtext", "git-commit", "python", "html", "latex"):
        thresholds = min_confidence_for(language, 0.35, 0.5)
        assert thresholds.of(EditKind.PREPOSITION) == thresholds.of(EditKind.AGREEMENT) == 0.5, language
        assert thresholds.of(EditKind.SPELLING) == 0.35  # a spelling fix keeps plain text's threshold
        assert thresholds.of(EditKind.PUNCTUATION) == MARKUP_PUNCTUATION_MIN_CONFIDENCE > 0.5
        assert thresholds.of(EditKind.ARTICLE) == MARKUP_ARTICLE_MIN_CONFIDENCE > 0.5
    plain = min_confidence_for("plaintext", 0.35, 0.5)
    assert plain == min_confidence_for(None, 0.35, 0.5) and all(plain.of(kind) == 0.35 for kind in EditKind)
    high = min_confidence_for("markdown", 0.8, 0.5)  # the higher of the two
    assert high.of(EditKind.ARTICLE) == high.of(EditKind.SPELLING) == 0.8 and high.of(EditKind.PUNCTUATION) == 0.8

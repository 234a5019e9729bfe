"""One version: pyproject.toml's, reported by the server and mirrored by the VS Code extension."""

import json
import re
from pathlib import Path

from edgegram.engine import version

REPO = Path(__file__).resolve().parents[1]


def _pyproject_version() -> str:
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    return re.search(r'^version = "([^"]+)"', text, re.MULTILINE).group(1)


def test_the_extension_has_the_python_package_version():
    package = json.loads((REPO / "vscode-client" / "package.json").read_text(encoding="utf-8"))
    assert package["version"] == _pyproject_version()


def test_package_version_is_pyprojects(monkeypatch):
    assert version.package_version() == _pyproject_version()

    # not installed: pyproject.toml is read instead of the metadata
    def not_installed(name):
        raise version.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(version.metadata, "version", not_installed)
    version.package_version.cache_clear()
    try:
        assert version.package_version() == _pyproject_version()
    finally:
        version.package_version.cache_clear()


def test_the_server_reports_it():
    from edgegram.lsp_server.server import create_server

    server = create_server(lambda settings: None)
    assert server.version == _pyproject_version()

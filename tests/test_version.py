"""One version: pyproject.toml's, reported by the server and mirrored by the VS Code extension."""

import json
import re
from pathlib import Path

from edgegram.engine.core import version

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
    monkeypatch.setattr(version, "installed_version", lambda: None)
    version.package_version.cache_clear()
    try:
        assert version.package_version() == _pyproject_version()
    finally:
        version.package_version.cache_clear()


def test_the_installed_version_is_what_importlib_metadata_reads():
    from importlib import metadata

    assert version.installed_version() == metadata.version("edgegram")


def test_the_installed_version_is_the_first_distribution_on_the_path(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    for folder, number in ((first, "1.2.3"), (second, "4.5.6")):
        (folder / f"edgegram-{number}.dist-info").mkdir(parents=True)
        (folder / f"edgegram-{number}.dist-info" / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: edgegram\nVersion: {number}\n\nVersion: not this\n", encoding="utf-8"
        )
    (tmp_path / "empty").mkdir()
    assert version.installed_version([str(tmp_path / "missing"), str(tmp_path / "empty"), str(first), str(second)]) == "1.2.3"
    assert version.installed_version([str(tmp_path / "empty")]) is None


def test_the_server_reports_it():
    from edgegram.lsp_server.server import create_server

    server = create_server(lambda settings: None)
    assert server.version == _pyproject_version()

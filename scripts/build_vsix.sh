#!/usr/bin/env bash
# Builds the platform-specific VS Code extensions that bring their own language server:
#
#   scripts/build_vsix.sh [TARGET]        TARGET: linux-x64 (default, tested in CI), linux-arm64,
#                                         darwin-arm64, darwin-x64, win32-x64 (built, untested)
#
# writes vscode-client/edgegram-TARGET.vsix.
#
# linux-x64: the frozen server. scripts/freeze_server.py freezes `edgegram` with PyInstaller into
# a folder that needs no Python (build/frozen/edgegram/, the model inside); scripts/stage_frozen.cjs
# puts most of its files into the .vsix as they are (server/edgegram/: VS Code unpacks them when it
# installs the extension) and the few largest libraries, which brotli compresses much better than
# the .vsix's zip, into server/edgegram-linux-x64.tar.br, so that the .vsix stays under 70 MB;
# server/frozen.json lists both. On first start the extension puts the folder together in its
# global storage (hard links and the small archive) and starts it directly
# (vscode-client/src/frozenServer.ts). Needs PyInstaller in $PYTHON's environment (pip install
# pyinstaller; scripts/test.sh installs it).
#
# Other targets, and linux-x64 with EDGEGRAM_VSIX_KIND=wheels (for a glibc older than the frozen
# server's): server/wheels/, the project's wheel (the model included) and, for each Python version
# in $EDGEGRAM_VSIX_PYTHONS (default "3.10 3.11 3.12 3.13"), the wheels of its dependencies for
# TARGET, plus pip's own wheel. On first start, when no edgegram is configured or on PATH, the
# extension creates a private venv from these wheels, without network (vscode-client/src/bundledServer.ts).
# Downloading the dependency wheels needs PyPI (or pip's configured index) once, at build time.
set -euo pipefail
cd "$(dirname "$0")/.."
die() { echo "build_vsix.sh: $*" >&2; exit 1; }

TARGET="${1:-linux-x64}"
KIND="${EDGEGRAM_VSIX_KIND:-$([[ "$TARGET" == linux-x64 ]] && echo frozen || echo wheels)}"
PYTHONS="${EDGEGRAM_VSIX_PYTHONS:-3.10 3.11 3.12 3.13}"
case "$TARGET" in
  linux-x64) PLATFORMS=(manylinux_2_28_x86_64 manylinux_2_27_x86_64 manylinux_2_17_x86_64 manylinux2014_x86_64) ;;
  linux-arm64) PLATFORMS=(manylinux_2_28_aarch64 manylinux_2_27_aarch64 manylinux_2_17_aarch64 manylinux2014_aarch64) ;;
  darwin-arm64) PLATFORMS=(macosx_14_0_arm64 macosx_13_0_arm64 macosx_12_0_arm64 macosx_11_0_arm64) ;;
  darwin-x64) PLATFORMS=(macosx_13_0_x86_64 macosx_12_0_x86_64 macosx_11_0_x86_64 macosx_10_15_x86_64 macosx_10_9_x86_64) ;;
  win32-x64) PLATFORMS=(win_amd64) ;;
  *) die "unknown target $TARGET (linux-x64, linux-arm64, darwin-arm64, darwin-x64, win32-x64)" ;;
esac
PYTHON="$(command -v "${PYTHON:-python3}")" || die "${PYTHON:-python3} not found"
export PIP_DISABLE_PIP_VERSION_CHECK=1

CLIENT="$PWD/vscode-client"
STAGE="$CLIENT/server"
WHEELS="$STAGE/wheels"
cleanup() { rm -rf "$STAGE"; }  # the universal .vsix (npm run package) must not pick the server up
trap cleanup EXIT

stage_frozen() {
  [[ "$TARGET" == linux-x64 && "$(uname -s)-$(uname -m)" == Linux-x86_64 ]] \
    || die "the frozen server is built for linux-x64 on a Linux x86-64 machine only"
  echo "build_vsix.sh: [$SECONDS s] freezing the server (scripts/freeze_server.py)"
  "$PYTHON" scripts/freeze_server.py --out "$PWD/build/frozen" 2>&1 | grep -v "required via ctypes not found"
  [[ -x build/frozen/edgegram/edgegram ]] || die "scripts/freeze_server.py failed"
  echo "build_vsix.sh: [$SECONDS s] staging it (brotli for the largest libraries, the rest as they are)"
  node scripts/stage_frozen.cjs build/frozen/edgegram "$STAGE" "$TARGET" \
    "$("$PYTHON" -c 'from edgegram.engine.core.version import package_version; print(package_version())')"
}

stage_wheels() {
  mkdir -p "$WHEELS"
  echo "build_vsix.sh: [$SECONDS s] the project's wheel"
  "$PYTHON" -m pip wheel -q --no-deps -w "$WHEELS" . >/dev/null
  PROJECT_WHEEL="$(ls "$WHEELS"/edgegram-*.whl)"
  platform_args=(); for p in "${PLATFORMS[@]}"; do platform_args+=(--platform "$p"); done
  LOG="$(mktemp)"
  pip_quietly() {  # pip ARGS...: its output only when it fails
    "$PYTHON" -m pip "$@" > "$LOG" 2>&1 || { grep -v "^WARNING: Location" "$LOG" >&2; return 1; }
  }
  for version in $PYTHONS; do
    echo "build_vsix.sh: [$SECONDS s] dependency wheels for Python $version on $TARGET"
    pip_quietly download --only-binary=:all: --implementation cp --python-version "$version" \
      "${platform_args[@]}" -d "$WHEELS" "$PROJECT_WHEEL" || die "pip could not download the wheels for Python $version on $TARGET"
  done
  pip_quietly download --only-binary=:all: --no-deps -d "$WHEELS" pip || die "pip's own wheel could not be downloaded"
  rm -f "$LOG"
  "$PYTHON" - "$STAGE" "$TARGET" $PYTHONS <<'PY'
import json, pathlib, sys
stage, target, *pythons = sys.argv[1:]
wheels = sorted(p.name for p in (pathlib.Path(stage) / "wheels").glob("*.whl"))
project = next(w for w in wheels if w.startswith("edgegram-"))
manifest = {"target": target, "pythons": pythons, "project_wheel": project,
            "pip_wheel": next(w for w in wheels if w.startswith("pip-")), "wheels": wheels}
(pathlib.Path(stage) / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
PY
}

rm -rf "$STAGE"; mkdir -p "$STAGE"
if [[ "$KIND" == frozen ]]; then stage_frozen; else stage_wheels; fi

echo "build_vsix.sh: [$SECONDS s] packaging"
(
  cd "$CLIENT"
  [[ -d node_modules ]] || npm ci --no-audit --no-fund
  npm run --silent compile
  npx --no-install vsce package --target "$TARGET" --out "edgegram-$TARGET.vsix" >/dev/null
)
if [[ "$KIND" == frozen ]]; then  # every file frozen.json lists is in the .vsix (none ignored by .vscodeignore)
  "$PYTHON" - "$CLIENT/edgegram-$TARGET.vsix" "$STAGE/frozen.json" <<'PY' || die "the .vsix lacks files of the frozen server"
import json, sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
manifest = json.load(open(sys.argv[2]))
missing = [n for n in [*manifest["files"], manifest["archive"], "frozen.json"] if f"extension/server/{n}" not in names]
sys.exit(f"missing: {missing[:5]}" if missing else 0)
PY
fi
carries="the frozen server"
[[ "$KIND" == frozen ]] || carries="$(ls "$WHEELS" | wc -l) wheels for Python $PYTHONS"
size="$(stat -c %s "$CLIENT/edgegram-$TARGET.vsix")"
echo "build_vsix.sh: [$SECONDS s] wrote vscode-client/edgegram-$TARGET.vsix:" \
  "$(awk -v b="$size" 'BEGIN { printf "%.1f", b / 1e6 }') MB, $carries"
if [[ "$KIND" == frozen ]] && (( size > 70000000 )); then
  echo "build_vsix.sh: warning: the .vsix is over the 70 MB target (set EDGEGRAM_VSIX_BUDGET_MB lower)" >&2
fi

#!/usr/bin/env bash
# Builds the platform-specific VS Code extensions that bring their own language server:
#
#   scripts/build_vsix.sh [TARGET]        TARGET: linux-x64 (default, tested in CI), linux-arm64,
#                                         darwin-arm64, darwin-x64, win32-x64 (built, untested)
#
# writes vscode-client/edgegram-TARGET.vsix.
#
# linux-x64: the frozen server. scripts/freeze_server.py freezes `edgegram` with PyInstaller into
# a folder that needs no Python (build/frozen/edgegram/, the model inside); the .vsix carries it as
# server/edgegram-linux-x64.tar.br (a brotli-compressed tar, about a tenth smaller than the .vsix's
# zip would make the folder) and server/frozen.json. On first start the extension unpacks it into
# its global storage and starts it directly (vscode-client/src/frozenServer.ts). Needs PyInstaller
# in $PYTHON's environment (pip install pyinstaller; scripts/test.sh installs it).
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
  local archive="edgegram-$TARGET.tar.br" tar="$STAGE/edgegram.tar"
  echo "build_vsix.sh: [$SECONDS s] freezing the server (scripts/freeze_server.py)"
  "$PYTHON" scripts/freeze_server.py --out "$PWD/build/frozen" --tar "$tar" 2>&1 | grep -v "required via ctypes not found"
  [[ -f "$tar" ]] || die "scripts/freeze_server.py failed"
  echo "build_vsix.sh: [$SECONDS s] compressing it (brotli)"
  node - "$tar" "$STAGE" "$archive" "$TARGET" "$("$PYTHON" -c 'from edgegram.engine.version import package_version; print(package_version())')" <<'JS'
const [tar, stage, archive, target, version] = process.argv.slice(2);
const fs = require("fs"), path = require("path"), zlib = require("zlib"), crypto = require("crypto");
const data = fs.readFileSync(tar);
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
const packed = zlib.brotliCompressSync(data, { params: { [BROTLI_PARAM_QUALITY]: 5, [BROTLI_PARAM_LGWIN]: 22, [BROTLI_PARAM_SIZE_HINT]: data.length } });
fs.writeFileSync(path.join(stage, archive), packed);
fs.unlinkSync(tar);
const sha256 = crypto.createHash("sha256").update(packed).digest("hex");
const manifest = { target, version, archive, sha256, executable: "edgegram/edgegram" };
fs.writeFileSync(path.join(stage, "frozen.json"), JSON.stringify(manifest, null, 1) + "\n");
console.log(`build_vsix.sh: ${archive}: ${(data.length / 1e6).toFixed(1)} MB -> ${(packed.length / 1e6).toFixed(1)} MB`);
JS
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
carries="the frozen server"
[[ "$KIND" == frozen ]] || carries="$(ls "$WHEELS" | wc -l) wheels for Python $PYTHONS"
echo "build_vsix.sh: [$SECONDS s] wrote vscode-client/edgegram-$TARGET.vsix:" \
  "$(( $(stat -c %s "$CLIENT/edgegram-$TARGET.vsix") / 1000000 )) MB, $carries"

#!/usr/bin/env bash
# End-to-end test of the VS Code extension in a real VS Code (code-server in headless Chromium).
#
#   tests/e2e/vscode/run.sh [SCREENSHOT.png]
#
# Builds vscode-client/edgegram.vsix, installs it into code-server with a small probe
# extension, and runs these scenarios, each in a fresh code-server:
#   fix      a Markdown file with known errors: squiggles appear, the "Github" one with its rule's
#            id (rules.own_case) as its code and a link to the rules reference, the probe applies
#            a quick fix through vscode.executeCodeActionProvider, the diagnostic disappears;
#   ruleoff  the same with "edgegram.disabledRules": ["rules.own_case"]: no "GitHub" diagnostic;
#   missing  edgegram.server.command names no program: a readable error notification whose
#            "Install Steps" button opens the extension's README;
#   failload the server cannot load its model: its error is shown as a notification;
#   bundled  the linux-x64 .vsix (scripts/build_vsix.sh: the frozen server, no wheels) installed
#            into a profile of its own, no edgegram setting, code-server started with a PATH on
#            which there is neither python3 nor edgegram: the extension unpacks and starts its
#            frozen server, and the fix scenario passes on the shipped model's diagnostics
#            (screenshot). Prints the .vsix size, the time from --install-extension and from the
#            extension's activation to the first squiggle (tests/e2e/vscode/bundled_report.py);
#            then the same profile again (bundled-again): the server is not unpacked a second
#            time, and the activation to first squiggle of a later start is printed. Linux x86-64 only.
# EDGEGRAM_E2E_SCENARIOS picks which run (default "fix ruleoff missing failload bundled");
# EDGEGRAM_E2E_BUNDLED_VSIX, a linux-x64 .vsix built before, is the one bundled installs (to compare
# two builds in one session) instead of building it here. EDGEGRAM_E2E_KEEP=1 keeps the scenarios'
# folders (profiles, logs, results) instead of deleting them.
# The server is the deterministic rule server (tests/lsp_support/run_rule_server.py) unless
# EDGEGRAM_E2E_SERVER_CMD is a JSON list (e.g. '["edgegram", "serve"]').
#
# Needs: node 20 + npm, Python >= 3.10 with the project installed ($PYTHON, else python3),
# Debian chromium, ripgrep and libkrb5-dev (to install code-server once into
# $EDGEGRAM_E2E_CACHE, default ~/.cache/edgegram-e2e).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
HERE="$ROOT/tests/e2e/vscode"
SCREENSHOT="${1:-}"
CODE_SERVER_VERSION=4.100.3   # the last code-server release that runs on node 20
PLAYWRIGHT_VERSION=1.56.1
CACHE="${EDGEGRAM_E2E_CACHE:-$HOME/.cache/edgegram-e2e}"
TOOLS="$CACHE/code-server-$CODE_SERVER_VERSION"
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
# The interpreter that runs the rule server: $PYTHON (scripts/test.sh sets it) or the python3 on
# PATH, resolved here once to an absolute path, because code-server's extension host looks a
# bare name up on the login shell's PATH, not on the venv's.
PYTHON="$(command -v "${PYTHON:-python3}")" || { echo "run.sh: ${PYTHON:-python3} not found" >&2; exit 1; }
PYTHON="$("$PYTHON" -c 'import sys; print(sys.executable)')"

die() { echo "run.sh: $*" >&2; exit 1; }
step() { echo "run.sh: [$(( SECONDS ))s] $*"; }

command -v node >/dev/null || die "node is not installed (needs node 20)"
[[ "$(node --version)" == v20.* ]] || die "code-server $CODE_SERVER_VERSION needs node 20, found $(node --version)"
[[ -x "$CHROMIUM" ]] || die "$CHROMIUM not found (apt-get install chromium)"
"$PYTHON" -c 'import lsprotocol, pygls' 2>/dev/null \
  || die "$PYTHON cannot import pygls/lsprotocol: install the project into it (pip install -e .) or set PYTHON"
step "Python: $PYTHON"

# -- tools: code-server and playwright-core, installed once -----------------------------------
if [[ ! -x "$TOOLS/node_modules/.bin/code-server" || ! -d "$TOOLS/node_modules/playwright-core" ]]; then
  step "installing code-server $CODE_SERVER_VERSION into $TOOLS"
  command -v rg >/dev/null || die "ripgrep not found (apt-get install ripgrep): @vscode/ripgrep cannot download its own"
  # @vscode/ripgrep's postinstall looks in this cache before downloading; give it Debian's rg.
  RG_CACHE="${TMPDIR:-/tmp}/vscode-ripgrep-cache-1.15.11"
  mkdir -p "$RG_CACHE"
  RG_PACK="$(mktemp -d)"; cp "$(command -v rg)" "$RG_PACK/rg"
  tar czf "$RG_CACHE/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C "$RG_PACK" rg
  rm -rf "$RG_PACK" "$TOOLS"; mkdir -p "$TOOLS"
  # As root, code-server's postinstall needs unsafe-perm; npm >= 11.? blocks dependency
  # install scripts unless allowed (older npm ignores the setting).
  ( cd "$TOOLS" && npm_config_unsafe_perm=true npm_config_yes=true npm_config_dangerously_allow_all_scripts=true \
      npm install --no-audit --no-fund --prefix . \
      "code-server@$CODE_SERVER_VERSION" "playwright-core@$PLAYWRIGHT_VERSION" > "$TOOLS.install.log" 2>&1 ) \
    || { tail -40 "$TOOLS.install.log"; die "installing code-server failed (log: $TOOLS.install.log)"; }
  rm -rf "$RG_CACHE"
fi
CODE_SERVER="$TOOLS/node_modules/.bin/code-server"

# -- the extension and the probe ----------------------------------------------------------------
step "building the extension"
(
  cd "$ROOT/vscode-client"
  [[ -d node_modules ]] || npm ci --no-audit --no-fund
  npm run --silent compile
  npx --no-install vsce package --out edgegram.vsix >/dev/null
)
WORK="$(mktemp -d "${TMPDIR:-/tmp}/edgegram-vscode-e2e.XXXXXX")"
SERVER_PID=""
cleanup() {
  if [[ -n "$SERVER_PID" ]]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
}
trap cleanup EXIT
( cd "$HERE/probe" && "$ROOT/vscode-client/node_modules/.bin/vsce" package --allow-missing-repository \
    --out "$WORK/probe.vsix" >/dev/null )
EXTENSIONS="$WORK/extensions"
for vsix in "$ROOT/vscode-client/edgegram.vsix" "$WORK/probe.vsix"; do
  "$CODE_SERVER" --extensions-dir "$EXTENSIONS" --install-extension "$vsix" >/dev/null \
    || die "code-server could not install $vsix"
done
step "installed edgegram.vsix and the probe into code-server"

# -- scenarios ----------------------------------------------------------------------------------
json_list() { "$PYTHON" -c 'import json, sys; print(json.dumps(sys.argv[1:]))' "$@"; }
RULE_SERVER=("$PYTHON" "$ROOT/tests/lsp_support/run_rule_server.py" --data-dir "$WORK/user-dictionary")
FIX_SERVER="${EDGEGRAM_E2E_SERVER_CMD:-$(json_list "${RULE_SERVER[@]}")}"

# run_scenario NAME SERVER_COMMAND_JSON DRIVER_SCENARIO [EXPECTED_MESSAGE [BUTTON_TO_CLICK]]
# Optional: SCENARIO_EXTENSIONS (extensions folder), SCENARIO_ENV (env ... arguments for
# code-server), SCENARIO_SHOT (screenshot of the fix scenario), SCENARIO_SETTINGS (more
# settings.json members, each followed by a comma).
run_scenario() {
  local name="$1" server="$2" scenario="$3" expect="${4:-}" click="${5:-}"
  local dir="$WORK/$name" port extensions="${SCENARIO_EXTENSIONS:-$EXTENSIONS}"
  local -a code_server_env=("${SCENARIO_ENV[@]}")
  mkdir -p "$dir/user/User" "$dir/workspace" "$dir/results"
  printf '# Notes\n\nThey is going to teh park.\n\nI ate a apple yesterday.\n\nWe host it on Github.\n' > "$dir/workspace/sample.md"
  local results=""; [[ "$scenario" == fix ]] && results="$dir/results"
  cat > "$dir/user/User/settings.json" <<JSON
{
  "edgegram.server.command": $server,${SCENARIO_SETTINGS:-}
  "edgegramE2E.resultsDir": "$results",
  "edgegramE2E.document": "$dir/workspace/sample.md",
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.colorTheme": "Default Light Modern",
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "chat.commandCenter.enabled": false,
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "editor.fontSize": 16,
  "editor.minimap.enabled": false,
  "window.zoomLevel": 0
}
JSON
  port="$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  env "${code_server_env[@]}" "$CODE_SERVER" --auth none --bind-addr "127.0.0.1:$port" --disable-telemetry \
    --disable-update-check --disable-workspace-trust --user-data-dir "$dir/user" --extensions-dir "$extensions" \
    "$dir/workspace" > "$dir/code-server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 120); do
    curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$dir/code-server.log"; die "code-server exited"; }
    sleep 0.5
  done
  step "scenario $name: code-server on 127.0.0.1:$port"
  local shot="${SCENARIO_SHOT:-}"
  if ! PLAYWRIGHT_CORE="$TOOLS/node_modules/playwright-core" CHROMIUM="$CHROMIUM" \
      E2E_URL="http://127.0.0.1:$port/?folder=$dir/workspace" E2E_RESULTS="$dir/results" \
      E2E_SCENARIO="$scenario" E2E_EXPECT_MESSAGE="$expect" E2E_CLICK="$click" E2E_SCREENSHOT="$shot" \
      node "$HERE/drive.cjs"; then
    echo "--- code-server log ($dir/code-server.log):"; tail -30 "$dir/code-server.log"
    find "$dir/user/logs" -name '*edgegram*' -exec tail -30 {} \; 2>/dev/null || true
    die "scenario $name failed (files in $dir)"
  fi
  kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
  step "scenario $name passed"
}

SCENARIOS=" ${EDGEGRAM_E2E_SCENARIOS:-fix ruleoff missing failload bundled} "
wanted() { [[ "$SCENARIOS" == *" $1 "* ]] || { step "scenario $1 skipped (EDGEGRAM_E2E_SCENARIOS)"; return 1; }; }
SCENARIO_ENV=()
if wanted fix; then run_scenario fix "$FIX_SERVER" fix; fi
if wanted ruleoff; then
  SCENARIO_SETTINGS=' "edgegram.disabledRules": ["rules.own_case"], "edgegramE2E.ruleOff": true,' \
    run_scenario ruleoff "$FIX_SERVER" fix
fi
if wanted missing; then run_scenario missing '["/nonexistent/edgegram"]' message "was not found" "Install Steps"; fi
if wanted failload; then run_scenario failload "$(json_list "${RULE_SERVER[@]}" --fail-load)" message "encoder.onnx"; fi

# -- bundled: the linux-x64 .vsix on a machine with no Python ------------------------------------
# A PATH whose folder holds every program of /usr/bin but python*, pip* and edgegram (node among
# them), also in the login shell (the extension host takes its environment from the login shell,
# where /etc/profile puts /usr/bin back; the user's ~/.profile, read after it, sets PATH again):
# neither python3 nor edgegram can be found. The probe records the extension host's PATH and what
# it finds there, and the scenario fails if it finds either.
SANDBOX="$WORK/sandbox"; mkdir -p "$SANDBOX/bin" "$SANDBOX/home"
for program in /usr/bin/*; do
  case "${program##*/}" in python*|pip*|edgegram*) ;; *) ln -s "$program" "$SANDBOX/bin/" ;; esac
done
ln -sf "$(command -v node)" "$SANDBOX/bin/node"
printf 'PATH="%s"\nexport PATH\n' "$SANDBOX/bin" > "$SANDBOX/home/.profile"
# TMPDIR kept: code-server makes its sockets there (scripts/test.sh points it at a folder it removes).
SANDBOX_ENV=("HOME=$SANDBOX/home" "PATH=$SANDBOX/bin" "SHELL=/bin/sh" "LANG=C.UTF-8" "TMPDIR=${TMPDIR:-/tmp}")
if [[ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]]; then
  step "scenario bundled skipped (not Linux x86-64)"
elif wanted bundled; then
  BUNDLED_VSIX="${EDGEGRAM_E2E_BUNDLED_VSIX:-}"
  if [[ -z "$BUNDLED_VSIX" ]]; then
    step "building the linux-x64 .vsix with the frozen server"
    bash "$ROOT/scripts/build_vsix.sh" linux-x64 | grep -E "freeze_server.py:|tar.br|wrote" || die "scripts/build_vsix.sh failed"
    BUNDLED_VSIX="$ROOT/vscode-client/edgegram-linux-x64.vsix"
  fi
  step "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  SCENARIO_ENV=(-i "${SANDBOX_ENV[@]}")
  SCENARIO_EXTENSIONS="$WORK/bundled-extensions"
  installed_at="$("$PYTHON" -c 'import time; print(time.time())')"
  for vsix in "$BUNDLED_VSIX" "$WORK/probe.vsix"; do
    env -i "${SANDBOX_ENV[@]}" "$CODE_SERVER" --extensions-dir "$SCENARIO_EXTENSIONS" --install-extension "$vsix" >/dev/null \
      || die "code-server could not install $vsix"
  done
  step "installed edgegram-linux-x64.vsix into a profile of its own"
  SCENARIO_SHOT="$SCREENSHOT" run_scenario bundled '[]' fix
  "$PYTHON" "$HERE/bundled_report.py" "$WORK/bundled" "$BUNDLED_VSIX" "$installed_at" | sed 's/^/run.sh: /' \
    || die "scenario bundled: see above"
  # A second start of the same profile (its global storage kept): the server is already unpacked.
  mkdir -p "$WORK/bundled-again/user/User"
  cp -r "$WORK/bundled/user/User/globalStorage" "$WORK/bundled-again/user/User/"
  run_scenario bundled-again '[]' fix
  "$PYTHON" "$HERE/bundled_report.py" "$WORK/bundled-again" "$BUNDLED_VSIX" - | sed 's/^/run.sh: /' \
    || die "scenario bundled-again: see above"
fi
[[ -n "${EDGEGRAM_E2E_KEEP:-}" ]] && step "kept $WORK (EDGEGRAM_E2E_KEEP)" || rm -rf "$WORK"
step "all scenarios passed"

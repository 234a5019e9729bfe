"""The bundled scenario's verdict and figures, for tests/e2e/vscode/run.sh:

    bundled_report.py SCENARIO_DIR VSIX INSTALLED_AT|-

Fails (exit 1) unless the extension host saw neither python3 nor edgegram on its PATH and the
extension started its frozen server; prints the .vsix size and the seconds from
``--install-extension`` (INSTALLED_AT, a Unix time) and from the extension's activation (code-server's
extension-host log) to the first squiggle (when the probe saw the first diagnostic). With ``-`` (a
later start of the same profile) it fails if the server was unpacked again.
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

ACTIVATED = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) .*_doActivateExtension edgegram\.edgegram\b", re.MULTILINE)


def activated_at(logs: Path) -> float:
    """When code-server began activating edgegram (its log's local time, to the millisecond)."""
    for log in sorted(logs.rglob("*exthost*.log")):
        match = ACTIVATED.search(log.read_text(encoding="utf-8", errors="replace"))
        if match:
            stamp, millis = match.group(1).split(".")
            return time.mktime(time.strptime(stamp, "%Y-%m-%d %H:%M:%S")) + int(millis) / 1000
    raise SystemExit(f"no activation of edgegram.edgegram in the extension-host logs under {logs}")


def output_lines(logs: Path) -> list[str]:
    """The edgegram output channel's lines."""
    return [line for log in sorted(logs.rglob("*edgegram*.log")) for line in log.read_text(encoding="utf-8").splitlines()]


def main(scenario: Path, vsix: Path, installed_at: float | None) -> int:
    results, logs = scenario / "results", scenario / "user" / "logs"
    environment = json.loads((results / "environment.json").read_text(encoding="utf-8"))
    found = {name: environment[name] for name in ("python3", "python", "edgegram") if environment[name]}
    if found:
        print(f"FAIL: the extension host's PATH ({environment['PATH']}) has {found}")
        return 1
    lines = output_lines(logs)
    started = [line for line in lines if line.startswith("Starting ")]
    if not any("(bundled server, linux-x64)" in line for line in started):
        print(f"FAIL: the extension did not start its frozen server: {started}")
        return 1
    unpacked = [line for line in lines if line.startswith("Bundled server: unpacked")]
    if installed_at is None and unpacked:
        print(f"FAIL: a later start unpacked the server again: {unpacked}")
        return 1
    for line in unpacked + started:
        print(line)
    squiggle = (results / "diagnostics.json").stat().st_mtime
    since_activation = f"{squiggle - activated_at(logs):.1f} s after the extension's activation"
    if installed_at is None:
        print(f"bundled server, a later start: first squiggle {since_activation} (nothing unpacked)")
    else:
        print(
            f"bundled server: {vsix.stat().st_size / 1e6:.1f} MB .vsix; first squiggle "
            f"{squiggle - installed_at:.1f} s after --install-extension (install, code-server start, unpack, "
            f"model load, check), {since_activation}; no python3 or edgegram on the extension host's PATH"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2]), None if sys.argv[3] == "-" else float(sys.argv[3])))

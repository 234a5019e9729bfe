"""Launch the language server over stdio with the rule-based checker (for end-to-end tests).

Options: --fail-load (the factory raises, like a missing model), --load-delay S,
--check-delay S, --slow-delay S (for texts holding <slow>), --data-dir DIR (the user dictionary's folder), --echo-controls (a rule
flags runs of control characters, with a message that quotes them), --handlers-command (the
command ``test.runningHandlers`` answers how many handlers pygls's table holds).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).absolute().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from edgegram.lsp_server.client_log import log_to_stderr  # noqa: E402
from edgegram.lsp_server.server import create_server  # noqa: E402
from lsp_support.rule_checker import CONTROL_RULE, RuleChecker  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fail-load", action="store_true")
    parser.add_argument("--load-delay", type=float, default=0.0)
    parser.add_argument("--check-delay", type=float, default=0.0)
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--echo-controls", action="store_true")
    parser.add_argument("--handlers-command", action="store_true")
    parser.add_argument("--slow-delay", type=float, default=30.0, help="check time of a text holding <slow>")
    args = parser.parse_args()

    def factory(settings):
        time.sleep(args.load_delay)
        if args.fail_load:
            raise FileNotFoundError(f"model file {settings.model_path or 'engine/model'}/encoder.onnx is missing")
        return RuleChecker(args.check_delay, extra_rules=(CONTROL_RULE,) if args.echo_controls else (), slow_s=args.slow_delay)

    log_to_stderr()
    server = create_server(factory, user_data_dir=args.data_dir)
    if args.handlers_command:

        @server.command("test.runningHandlers")
        def running_handlers(ls, *args) -> int:
            return len(ls.protocol._request_futures)

    server.start_io()


if __name__ == "__main__":
    main()

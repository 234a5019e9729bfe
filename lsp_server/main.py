"""Command line entry of the language server: ``main(["--stdio"])`` or
``main(["--tcp", "127.0.0.1:2087"])`` serves ``edgegram.engine.Checker`` over LSP."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

import platformdirs

from edgegram.engine.core.memory import tune_heap

from .checkers import TextChecker
from .client_log import log_to_stderr
from .server import create_server
from .settings import ServerSettings

log = logging.getLogger(__name__)


def engine_checker(settings: ServerSettings) -> TextChecker:
    """The real checker for ``settings`` (imported here: loading it is the slow part).

    Its own threshold is 0: each check passes the user's ``minConfidence`` (applied inside the
    engine as for the CLI), so a change of that setting re-checks from the cached sentences
    instead of reloading the model. Its
    sentence results persist in the user cache folder (one file per model), so a document
    checked once is shown at once, also after a restart.
    """
    from edgegram.engine import Checker, CheckerConfig
    from edgegram.engine.finders.result_store import ResultStore, model_key

    # ``threads``: how many batches the model runs side by side, one ONNX Runtime thread each
    # (edgegram.engine.finders.model_workers), so a changed value takes effect with the checker it reloads
    checker = Checker(CheckerConfig(model_dir=settings.model_path, threads=settings.threads, min_confidence=0.0))
    assert checker.config.model_dir is not None  # the Checker resolves the default folder
    key = model_key(Path(checker.config.model_dir), checker.config.copy_penalty)
    checker.store = ResultStore(Path(platformdirs.user_cache_dir("edgegram")), key)
    return checker


def _address(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"expected HOST:PORT, got {value!r}")
    return host, int(port)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="edgegram serve", description="Run the edgegram language server.")
    transport = parser.add_mutually_exclusive_group()
    transport.add_argument("--stdio", action="store_true", help="talk LSP over stdin/stdout (the default)")
    transport.add_argument("--tcp", type=_address, metavar="HOST:PORT", help="listen on a TCP address instead")
    parser.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Serve until the client exits; returns the exit status."""
    args = parse_args(argv)
    tune_heap()  # before any thread starts (edgegram.engine.core.memory)
    log_to_stderr(getattr(logging, args.log_level))
    server = create_server(engine_checker)
    if args.tcp:
        host, port = args.tcp
        log.info("listening on %s:%d", host, port)
        server.start_tcp(host, port)
    else:
        server.start_io()
    return 0


if __name__ == "__main__":
    sys.exit(main())

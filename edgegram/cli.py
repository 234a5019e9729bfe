"""The ``edgegram`` command: ``check`` files like a linter, ``correct`` stdin line by line,
``serve`` the language server, ``bench`` the decoders.

Exit codes: 0 no problems, 1 problems found (``check``), 2 errors (one line on stderr).
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from edgegram.engine.core.geometry import line_starts

if TYPE_CHECKING:
    from edgegram.engine import Checker, Edit
    from edgegram.engine.prose import MaskedText

EXIT_OK, EXIT_PROBLEMS, EXIT_ERROR = 0, 1, 2
STDIN_PATH = "-"  # `edgegram check -` reads standard input
_CORRECT_BATCH_LINES = 32  # lines checked together by `correct` when stdin is not a terminal


class CliError(Exception):
    """A problem to report as one line on stderr (exit 2)."""


@dataclass(frozen=True)
class Problem:
    """One edit placed in a file (1-based line and column, code points)."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    start: int
    end: int
    kind: str
    message: str
    original: str
    replacement: str
    confidence: float
    alternatives: list[str]  # further replacements, best first (a misspelling's other candidates)
    rule: str  # what found it: "model.<kind>", "spelling.<why>" or a rule's id


def main(argv: Sequence[str] | None = None) -> int:
    import multiprocessing

    multiprocessing.freeze_support()  # a frozen edgegram started as a worker of `check` runs the worker and exits
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except CliError as error:
        print(f"edgegram: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130


def _parser() -> argparse.ArgumentParser:
    from edgegram.engine.core.types import DEFAULT_MARKUP_MIN_CONFIDENCE, DEFAULT_MIN_CONFIDENCE
    from edgegram.engine.core.version import package_version

    parser = argparse.ArgumentParser(prog="edgegram", description="Offline neural grammar checker.")
    parser.add_argument("--version", action="version", version=f"edgegram {package_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = commands.add_parser("check", help="check text files and print problems like a linter")
    check.add_argument("paths", nargs="+", metavar="PATH", help="a text file, or - for standard input")
    check.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: %(default)s)")
    check.add_argument("--no-code", action="store_true", help="skip the comments and docstrings of source files")
    check.add_argument("--all-languages", action="store_true", help="check paragraphs that are not English too")
    check.add_argument(
        "--disable",
        action="append",
        default=[],
        metavar="RULE",
        help="leave out a rule's suggestions: its id (rules.own_case, model.article) or a family (rules, model, spelling)",
    )
    check.add_argument(
        "--enable",
        action="append",
        default=[],
        metavar="RULE",
        help="keep a rule's suggestions where --disable names its family (--disable rules --enable rules.articles)",
    )
    _add_model_options(check, DEFAULT_MIN_CONFIDENCE)
    check.add_argument(
        "--markup-min-confidence",
        type=float,
        default=DEFAULT_MARKUP_MIN_CONFIDENCE,
        metavar="X",
        help="the model's threshold in technical prose (markup, commit messages, code comments); "
        "the higher of it and --min-confidence applies, but spelling fixes of words no list knows keep "
        "--min-confidence and "
        "punctuation needs at least 0.65, an article added or taken away 0.75 (default: %(default)s)",
    )
    check.set_defaults(run=_run_check)

    correct = commands.add_parser("correct", help="correct stdin line by line to stdout")
    _add_model_options(correct, DEFAULT_MIN_CONFIDENCE)
    correct.add_argument("--stats", action="store_true", help="print one JSON line of statistics to stderr")
    correct.set_defaults(run=_run_correct)

    serve = commands.add_parser("serve", help="run the language server (stdio unless --tcp)")
    serve.add_argument("--stdio", action="store_true", help="talk LSP over stdin/stdout (the default)")
    serve.add_argument("--tcp", metavar="HOST:PORT", help="listen on a TCP address instead")
    serve.add_argument("--log-level", choices=("DEBUG", "INFO", "WARNING", "ERROR"))
    serve.add_argument("--model", metavar="DIR", help="model folder when the editor sets none (sets $EDGEGRAM_MODEL)")
    serve.set_defaults(run=_run_serve)

    bench = commands.add_parser("bench", help="compare greedy and IAD decoding, one sentence and batched, on BEA-19 dev")
    _add_model_options(bench, DEFAULT_MIN_CONFIDENCE)
    bench.add_argument("--limit", type=int, metavar="N", help="sentences of each set (default: all)")
    bench.add_argument(
        "--batch", type=int, default=32, metavar="N", help="sentences per batch on the batched path (default 32; 0: skip it)"
    )
    bench.add_argument("--json", type=Path, metavar="OUT", help="write the results as JSON")
    bench.add_argument(
        "--plot",
        type=Path,
        metavar="PNG",
        help="speedup vs edit ratio scatter; needs matplotlib (the eval extra: pip install -e '.[eval]')",
    )
    bench.add_argument("--shared", type=Path, metavar="DIR", help="the shared data folder (default ../shared)")
    bench.set_defaults(run=_run_bench)
    return parser


def _add_model_options(parser: argparse.ArgumentParser, default_min_confidence: float) -> None:
    parser.add_argument("--model", metavar="DIR", help="model folder (default $EDGEGRAM_MODEL, else the shipped model)")
    parser.add_argument("--threads", type=int, metavar="N", help="cores to use (default: the physical cores)")
    parser.add_argument("--decoder", choices=("iad", "greedy"), default="iad", help="decoding (default: %(default)s)")
    parser.add_argument(
        "--min-confidence",
        type=float,
        default=default_min_confidence,
        metavar="X",
        help="report only edits at least this confident, 0 to 1 (default: %(default)s)",
    )


def load_checker(args: argparse.Namespace, **overrides: Any):
    """A Checker from the command's options (and CheckerConfig fields in ``overrides``, such as
    ``rules=False``); a model that cannot be loaded is a CliError."""
    import dataclasses

    from edgegram.engine import Checker, EdgegramError

    config = dataclasses.replace(checker_config(args), **overrides)
    try:
        return Checker(config)
    except EdgegramError as error:
        raise CliError(str(error)) from None


def checker_config(args: argparse.Namespace):
    """The CheckerConfig of the command's options; a bad value is a CliError."""
    from edgegram.engine import DEFAULT_MIN_CONFIDENCE, CheckerConfig

    min_confidence = DEFAULT_MIN_CONFIDENCE if args.min_confidence is None else args.min_confidence
    if args.threads is not None and args.threads < 1:
        raise CliError(f"--threads must be at least 1, got {args.threads}")
    if not 0.0 <= min_confidence <= 1.0:
        raise CliError(f"--min-confidence must be between 0 and 1, got {min_confidence}")
    return CheckerConfig(
        model_dir=Path(args.model) if args.model else None,
        threads=args.threads,
        decoder=args.decoder,
        min_confidence=min_confidence,
        shrink_arena=False,  # the process ends after this one check
    )


# -- check -------------------------------------------------------------------------------


def _run_check(args: argparse.Namespace) -> int:
    from edgegram.engine import EdgegramError
    from edgegram.engine.parallel import check_in_processes
    from edgegram.engine.prose import ProseOptions, min_confidence_for

    options = ProseOptions(check_code=not args.no_code, skip_other_languages=not args.all_languages)
    if args.paths.count(STDIN_PATH) > 1:
        raise CliError("standard input (-) can be checked only once")
    if not 0.0 <= args.markup_min_confidence <= 1.0:
        raise CliError(f"--markup-min-confidence must be between 0 and 1, got {args.markup_min_confidence}")
    texts = [(path, read_input(path)) for path in args.paths]
    config = checker_config(args)
    languages = [language_of_path(path, text) for path, text in texts]  # a plain text's is read from its text
    prose = [prose_of(path, text, options, language) for (path, text), language in zip(texts, languages)]
    thresholds = [
        min_confidence_for(language, config.min_confidence, args.markup_min_confidence, text)
        for (_, text), language in zip(texts, languages)
    ]
    label = args.paths[0] if len(texts) == 1 else f"{len(texts)} files"
    progress = progress_line(label, sys.stderr)
    try:
        # files shared out over one process per core; one file: the model's threads on every core
        found = check_in_processes(config, [masked.text for masked in prose], progress, thresholds)
    except EdgegramError as error:
        raise CliError(str(error)) from None
    finally:
        if progress is not None:
            progress.finish()
    from edgegram.engine.core.types import rule_is_off
    from edgegram.engine.document import document_edits

    problems: list[Problem] = []
    for (path, text), masked, edits, threshold in zip(texts, prose, found, thresholds):
        shown = document_edits(edits, masked, threshold)
        shown = [edit for edit in shown if not rule_is_off(edit.rule, args.disable, args.enable)]
        problems.extend(problems_in(path, text, shown))
    _print_problems(problems, args.format, sys.stdout)
    return EXIT_PROBLEMS if problems else EXIT_OK


def language_of_path(path: str, text: str | None = None) -> str | None:
    """The language of a file named on the command line, by its name, and for plain text by its
    ``text`` (AsciiDoc saved as ``.txt``); standard input: plain text, or AsciiDoc by its text."""
    from edgegram.engine.prose import language_of

    if path == STDIN_PATH:
        return language_of("plaintext", None, text)
    return language_of(None, Path(path).resolve().as_uri(), text)


def prose_of(path: str, text: str, options=None, language: str | None = None) -> MaskedText:
    """A file's text with its code, math and markup (by file extension) masked, as in the editor
    (``language``: the file's, where the caller has it already from :func:`language_of_path`)."""
    from edgegram.engine.prose import ProseOptions, mask

    return mask(text, language or language_of_path(path, text), options or ProseOptions())


def check_prose(checker: Checker, path: str, text: str, progress=None, options=None, markup_min_confidence=None) -> list[Edit]:
    """Edits for the prose of a file: code, math and markup (by file extension) are masked, as in
    the editor, and in technical prose the model's threshold is ``markup_min_confidence``'s
    (default: the shipped one) where it is the higher."""
    from edgegram.engine.core.types import DEFAULT_MARKUP_MIN_CONFIDENCE
    from edgegram.engine.document import document_edits
    from edgegram.engine.prose import min_confidence_for

    markup = DEFAULT_MARKUP_MIN_CONFIDENCE if markup_min_confidence is None else markup_min_confidence
    language = language_of_path(path, text)
    threshold = min_confidence_for(language, checker.config.min_confidence, markup, text)
    masked = prose_of(path, text, options, language)
    return document_edits(checker.check(masked.text, progress=progress, min_confidence=threshold), masked, threshold)


def read_input(path: str) -> str:
    """The text of a file named on the command line, or of standard input for ``-``."""
    if path == STDIN_PATH:
        return decode_text(sys.stdin.buffer.read(), "standard input")
    return read_text_file(Path(path))


def read_text_file(path: Path) -> str:
    """The UTF-8 text of ``path`` (a BOM is dropped); CliError for missing, unreadable or binary files."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise CliError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"{path}: is a directory, not a text file") from None
    except OSError as error:
        raise CliError(f"{path}: cannot read: {error.strerror or error}") from None
    return decode_text(data, str(path))


def decode_text(data: bytes, name: str) -> str:
    """``data`` as UTF-8 text (a BOM is dropped); CliError naming ``name`` for binary or non-UTF-8 data."""
    if b"\x00" in data:
        raise CliError(f"{name}: looks like a binary file (contains NUL bytes), not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise CliError(f"{name}: not UTF-8 text (undecodable byte at offset {error.start})") from None


def problems_in(path: str, text: str, edits: Iterable) -> list[Problem]:
    """Edits of ``text`` as problems with 1-based lines and columns (\\r\\n, \\r and \\n end lines)."""
    starts = line_starts(text)

    def position(offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(starts, offset) - 1
        return line + 1, offset - starts[line] + 1

    problems = []
    for edit in edits:
        line, column = position(edit.start)
        end_line, end_column = position(edit.end)
        problems.append(
            Problem(
                path,
                line,
                column,
                end_line,
                end_column,
                edit.start,
                edit.end,
                edit.kind.value,
                edit.message,
                edit.original,
                edit.replacement,
                round(float(edit.confidence), 4),
                list(edit.alternatives),
                edit.rule,
            )
        )
    return problems


def _print_problems(problems: list[Problem], output_format: str, out: TextIO) -> None:
    if output_format == "json":
        json.dump([problem.__dict__ for problem in problems], out, ensure_ascii=False, indent=1)
        out.write("\n")
        return
    arrow = _arrow_for(out)
    for p in problems:
        out.write(f"{p.path}:{p.line}:{p.column}: {p.kind}: {_quote(p.original)} {arrow} {_quote(p.replacement)}\n")


def _arrow_for(out: TextIO) -> str:
    """→ where the output encoding has it, else ->."""
    try:
        "→".encode(getattr(out, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return "->"
    return "→"


def _quote(text: str) -> str:
    return "'" + text.replace("\n", "\\n").replace("\r", "\\r") + "'"


def progress_line(label: str, stream: TextIO) -> _ProgressLine | None:
    """A progress line on ``stream`` when it is a terminal; None (no progress) for a file or pipe."""
    isatty = getattr(stream, "isatty", None)
    return _ProgressLine(label, stream) if isatty is not None and isatty() else None


class _ProgressLine:
    """``done/total sentences`` rewritten in place on a terminal."""

    def __init__(self, label: str, stream: TextIO):
        self.label, self.stream, self.printed = label, stream, False

    def __call__(self, done: int, total: int) -> None:
        print(f"\redgegram: {self.label}: {done}/{total} sentences", end="", file=self.stream, flush=True)
        self.printed = True

    def finish(self) -> None:
        if self.printed:
            print(file=self.stream)


# -- correct -----------------------------------------------------------------------------


def _run_correct(args: argparse.Namespace) -> int:
    from edgegram.engine.core.edits import apply_edits

    checker = load_checker(args)
    started = time.perf_counter()
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    batch_size = 1 if stdin.isatty() else _CORRECT_BATCH_LINES
    for lines in _line_batches(stdin, batch_size):
        for line in correct_lines(checker, lines, apply_edits):
            stdout.write(line.encode("utf-8", "surrogateescape") + b"\n")
        stdout.flush()
    if args.stats:
        stats = checker.stats
        record = {
            "sentences": stats.sentences,
            "seconds": round(time.perf_counter() - started, 3),
            "decoder_passes": stats.decoder_passes,
            "tokens": stats.tokens,
            "cache_hits": stats.cache_hits,
        }
        print(json.dumps(record), file=sys.stderr)
    return EXIT_OK


def _line_batches(stream, size: int):
    batch: list[str] = []
    for raw in stream:
        batch.append(raw.rstrip(b"\r\n").decode("utf-8", "surrogateescape"))
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def correct_lines(checker, lines: list[str], apply_edits) -> list[str]:
    """Each line corrected; lines are checked together as paragraphs of one text (a blank line
    always ends a sentence), one checker call per batch of lines (each sentence is still
    encoded and decoded on its own). Lines that are not valid UTF-8 are passed through unchanged."""
    checkable = [i for i, line in enumerate(lines) if line.strip() and _is_valid_text(line)]
    text = "\n\n".join(lines[i] for i in checkable)
    edits = checker.check(text) if checkable else []
    result = list(lines)
    start = 0
    for i in checkable:
        end = start + len(lines[i])
        mine = [e for e in edits if start <= e.start and e.end <= end]
        shifted = [_Shifted(e.start - start, e.end - start, e.replacement) for e in mine]
        result[i] = apply_edits(lines[i], shifted)
        start = end + 2
    return result


@dataclass(frozen=True)
class _Shifted:
    start: int
    end: int
    replacement: str


def _is_valid_text(line: str) -> bool:
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# -- serve / bench -----------------------------------------------------------------------


def _run_serve(args: argparse.Namespace) -> int:
    from edgegram.lsp_server import generated_code
    from edgegram.lsp_server.no_tls import leave_out_ssl

    leave_out_ssl()  # before asyncio is imported
    # Before lsprotocol is imported: the frozen server carries the code attrs and cattrs generate.
    recording = os.environ.get(generated_code.RECORD_ENV)
    if recording:
        generated_code.record(Path(recording))
    else:
        generated_code.install(Path(generated_code.__file__).with_name("generated_code.bin"))
    from edgegram.engine.core.contract import MODEL_ENV
    from edgegram.lsp_server.main import main as serve_main

    if args.model:
        os.environ[MODEL_ENV] = str(Path(args.model).resolve())
    argv: list[str] = ["--tcp", args.tcp] if args.tcp else ["--stdio"]
    if args.log_level:
        argv += ["--log-level", args.log_level]
    return serve_main(argv)


def _run_bench(args: argparse.Namespace) -> int:
    from edgegram.bench import BenchError, run_bench

    if args.plot is not None:
        _require_matplotlib()
    try:
        return run_bench(args, load_checker)
    except BenchError as error:
        raise CliError(str(error)) from None


def _require_matplotlib() -> None:
    """--plot needs matplotlib, which only the eval extra installs: say so before a long run."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise CliError(
            "--plot needs matplotlib, which is in the eval extra: pip install -e '.[eval]' (or run without --plot)"
        ) from None

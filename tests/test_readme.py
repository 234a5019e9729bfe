"""The README stays true to the code: its usage block lists exactly the options `--help` has,
its status box quotes the figures of its own quality table, and the defaults it names are the
engine's. Consistency only: the figures themselves are whatever the last measurement wrote."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from edgegram.cli import _parser
from edgegram.engine import DEFAULT_MIN_CONFIDENCE

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
NUMBER = r"(\d+(?:\.\d+)?)"


def _section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start : end if end != -1 else None]


def _usage_lines() -> dict[str, str]:
    """Each `edgegram ...` line of the usage block in "Using it", keyed by its command ('' for none)."""
    block = re.search(r"```sh\n(.*?)```", _section("Using it"), re.S).group(1)
    lines = {}
    for line in block.splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("edgegram "):
            words = line.split()
            lines["" if words[1].startswith("-") else words[1]] = line
    return lines


def _options(parser: argparse.ArgumentParser) -> dict[str, tuple[str, ...] | None]:
    """Long option -> its choices (None when it has none), without --help."""
    return {
        option: tuple(action.choices) if action.choices else None
        for action in parser._actions
        for option in action.option_strings
        if option.startswith("--") and option != "--help"
    }


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = _parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {"": parser, **commands.choices}


def test_the_usage_block_has_a_line_for_every_command():
    assert set(_usage_lines()) == set(_subparsers())


@pytest.mark.parametrize("command", sorted(_subparsers()))
def test_usage_lines_list_exactly_the_options_of_help(command):
    line = _usage_lines()[command]
    listed = dict(re.findall(r"(--[a-z][a-z-]*)(?:[ =]([A-Za-z]+(?:\|[A-Za-z]+)+))?", line))
    options = _options(_subparsers()[command])
    assert set(listed) == set(options), f"README: {line}"
    for option, choices in options.items():
        if listed[option]:  # a README line that spells the choices out must spell them all
            assert tuple(listed[option].split("|")) == choices, f"README lists {option} {listed[option]}"


def test_the_defaults_named_under_the_usage_block_are_the_engines():
    section = _section("Using it")
    assert f"`--min-confidence {DEFAULT_MIN_CONFIDENCE}`" in section
    help_text = " ".join(_subparsers()["check"].format_help().split())
    assert f"(default: {DEFAULT_MIN_CONFIDENCE})" in help_text


def _table_row(section: str, row_start: str) -> list[str]:
    rows = [line for line in section.splitlines() if line.startswith(row_start)]
    assert len(rows) == 1, f"expected one row starting {row_start!r} in the quality table"
    return [cell.strip() for cell in rows[0].strip("|").split("|")]


def _precision_recall_f(cell: str) -> tuple[str, str, str]:
    match = re.fullmatch(rf"{NUMBER} / {NUMBER} / {NUMBER}", cell.replace("*", ""))
    assert match, f"not 'P / R / F0.5': {cell!r}"
    return match.groups()


def _rounded_like(table_value: str, shown: str) -> bool:
    """``shown`` is ``table_value`` rounded to as many decimals as ``shown`` has."""
    decimals = len(shown.split(".")[1]) if "." in shown else 0
    return f"{float(table_value):.{decimals}f}" == shown


def test_status_box_quotes_the_quality_table():
    status = " ".join(re.search(r"> \*\*Status\.\*\*(.*?)\n\n", README, re.S).group(1).replace(">", " ").split())
    quality = _section("Model quality")
    header = _table_row(quality, "| system")
    bea = next(i for i, cell in enumerate(header) if cell.startswith("BEA-19 dev"))
    ours = _precision_recall_f(_table_row(quality, "| **edgegram** (default")[bea])
    harper = _precision_recall_f(_table_row(quality, "| Harper")[bea])

    f05 = re.search(rf"F0\.5 {NUMBER} vs {NUMBER}", status)
    precision = re.search(rf"precision {NUMBER}%", status)
    recall = re.search(rf"recall {NUMBER}%", status)
    assert f05 and precision and recall, f"status box lacks F0.5 / precision / recall: {status}"
    assert _rounded_like(ours[2], f05.group(1)), f"status F0.5 {f05.group(1)}, table {ours[2]}"
    assert _rounded_like(harper[2], f05.group(2)), f"status Harper F0.5 {f05.group(2)}, table {harper[2]}"
    assert _rounded_like(ours[0], precision.group(1)), f"status precision {precision.group(1)}, table {ours[0]}"
    assert _rounded_like(ours[1], recall.group(1)), f"status recall {recall.group(1)}, table {ours[1]}"


def test_the_quality_tables_default_row_is_the_engines_default():
    quality = _section("Model quality")
    row = _table_row(quality, "| **edgegram** (default")[0]
    threshold = re.search(rf"confidence ≥ {NUMBER}", row)
    assert threshold and float(threshold.group(1)) == DEFAULT_MIN_CONFIDENCE, row


def test_no_install_from_a_package_index_that_does_not_serve_edgegram():
    docs = Path(__file__).resolve().parents[1]
    for path in [
        docs / "README.md",
        *docs.glob("docs/**/*.md"),
        *docs.glob("docs/**/*.lua"),
        docs / "vscode-client" / "README.md",
    ]:
        text = " ".join(path.read_text(encoding="utf-8").split())
        assert not re.search(r"pip install edgegram(?![-\w.])", text), f"{path} installs edgegram from an index"

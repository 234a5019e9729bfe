"""Write docs/quality.md, the current quality figures, from the measurements' own JSON files:
``python scripts/quality_report.py --realslips R.json --techdocs NAME=T.json ... [--eval E.json]
[--extra E2.json] [--slips S1.json ...] [--out docs/quality.md]``.

The measurements (each prints how it was run; none is rerun here):

    python3 ../shared/tools/realslips/measure.py --pairs ../shared/data/dev/realslips/dev.jsonl \\
        --edgegram "python -m edgegram" --context paragraph --harper-cli HARPER --json R.json
    python scripts/techdocs_rate.py --dir DIR --json T.json        # the techdocs chapters, other projects' docs
    python -m edge_model.evaluate --sets bea19,conll2013,cweb-g,cweb-s --judge-folds FOLDS --json E.json
    python -m edge_model.evaluate --sets fce,jfleg --json E2.json
    python3 ../shared/tools/slips/slips.py --docs ../shared/data/dev/techdocs/rust-book --seed N \\
        --rate 1/6 --edgegram "python -m edgegram" --json S.json

The page names the date and the commit it was made from, and each table the command behind it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import false_alarm_audit  # noqa: E402  (a script beside this one)

TYPES = ("spelling", "grammar", "punctuation", "capitalisation")


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _commit() -> str:
    found = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return found.stdout.strip() or "unknown"


def realslips_table(data: dict) -> list[str]:
    checkers = [c for c in ("edgegram", "harper") if c in data["results"]]
    header = "| | " + " | ".join(f"{c} detected / fixed" for c in checkers) + " |"
    lines = [header, "| --- |" + " --- |" * len(checkers)]
    for name in (*TYPES, "overall"):
        row = []
        for c in checkers:
            found = data["results"][c]["by_type"][name] if name != "overall" else data["results"][c]["overall"]
            cell = f"{found['detected_pct']:.1f}% / {found['fixed_pct']:.1f}%"
            row.append(cell if name != "overall" else f"**{cell}**")
        n = data["by_type_counts"][name] if name != "overall" else data["n"]
        lines.append(f"| {name} ({n:,} pairs) | " + " | ".join(row) + " |")
    alarms = [data["results"][c]["false_alarms"] for c in checkers]
    lines.append(
        "| false alarms per 10,000 words of the corrected paragraphs | "
        + " | ".join(f"{a['after_per10k']:.1f}" for a in alarms)
        + " |"
    )
    return lines


def techdocs_table(rates: list[tuple[str, dict]]) -> list[str]:
    lines = [
        "| docs | prose words | suggestions | per 10,000 words | inside markup or code |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name, data in rates:
        lines.append(
            f"| {name} | {data['prose_words']:,} | {data['suggestions']} | {data['per_10k_words']:.1f} | {data['in_markup']} |"
        )
    return lines


def evaluate_table(data: list[dict]) -> list[str]:
    lines = ["| set | P / R / F0.5 (or GLEU) | false alarms |", "| --- | --- | ---: |"]
    for each in data:
        for name, result in each["results"]["edgegram"].items():
            errant = result.get("errant")
            score = (
                f"{errant['precision']:.2f} / {errant['recall']:.2f} / **{errant['f05']:.2f}**"
                if errant
                else f"GLEU **{result['gleu']:.2f}**"
                if "gleu" in result
                else "–"
            )
            rate = result.get("safety", {}).get("false_alarm_rate")
            lines.append(f"| {name} | {score} | {'' if rate is None else f'{rate:.2f}%'} |")
    return lines


def slips_table(runs: list[tuple[str, dict]]) -> list[str]:
    lines = [
        "| seed | slips | detected | fixed | false alarms per 10,000 words (modified / original) |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    for _, data in runs:
        checker = data["conditions"][0]["results"]["edgegram"]
        overall, alarms = checker["overall"], checker["false_alarms"]
        lines.append(
            f"| {data['seed']} | {overall['n']} | {overall['detected_pct']:.1f}% | {overall['fixed_pct']:.1f}% | "
            f"{alarms['modified_per10k']:.1f} / {alarms['original_per10k']:.1f} |"
        )
    return lines


def audit_table(audits: list[tuple[str, list[dict[str, str]], float]]) -> list[str]:
    """For each (commit, labelled sample, measured rate): the share of each label and what it
    makes of the rate."""
    rows = [
        "| commit | labelled | measured per 10k | errors the writers left | style | wrong | wrong per 10k (95%) |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, labelled, rate in audits:
        found = false_alarm_audit.shares(labelled)
        n = len(labelled)
        real, style, (wrong, low, high) = found["real"][0], found["style"][0], found["wrong"]
        rows.append(
            f"| {name} | {n} | {rate:.1f} | {100 * real / n:.0f}% | {100 * style / n:.0f}% | {100 * wrong / n:.0f}% "
            f"| {rate * wrong / n:.1f} ({rate * low:.1f}-{rate * high:.1f}) |"
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--realslips", type=Path, required=True)
    parser.add_argument("--techdocs", action="append", default=[], metavar="NAME=JSON")
    parser.add_argument("--eval", type=Path, action="append", default=[])
    parser.add_argument("--slips", type=Path, action="append", default=[])
    parser.add_argument(
        "--audit", action="append", default=[], metavar="NAME=LABELS.tsv@R.json", help="a labelled false-alarm sample and its run"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "quality.md")
    parser.add_argument("--commit", default=None, help="the commit measured (default: this checkout's HEAD)")
    a = parser.parse_args(argv)
    date = datetime.date.today().isoformat()
    out = [
        "# Current quality figures",
        "",
        f"Measured {date} on commit {a.commit or _commit()} (the 2-core development machine); written by",
        "`python scripts/quality_report.py` from the measurements' JSON files. History is in git.",
        "",
        "## Real errors in technical docs",
        "",
        "Errors that writers committed to 15 projects' docs and later fixed (`../shared/data/dev/realslips`),",
        "each checked inside its paragraph: detected (a suggestion on what the writer changed), fixed (the",
        "suggestion gives the writer's text), and suggestions on the corrected paragraphs (many of them",
        "slips the writers left), beside Harper (harper-cli) in the same run:",
        "",
        "```sh",
        "python3 ../shared/tools/realslips/measure.py --pairs ../shared/data/dev/realslips/dev.jsonl \\",
        '    --edgegram "python -m edgegram" --context paragraph --harper-cli HARPER_CLI --json R.json',
        "```",
        "",
        *realslips_table(_load(a.realslips)),
    ]
    if a.audit:
        audits = []
        for item in a.audit:
            name, _, paths = item.partition("=")
            labels, _, summary = paths.partition("@")
            audits.append((name, false_alarm_audit.read_labels(Path(labels)), false_alarm_audit.measured_rate(Path(summary))))
        out += [
            "",
            "Which of the suggestions on the corrected paragraphs are wrong: a random sample of each",
            "run's, read by hand and labelled (an error the writer left, a style choice such as a",
            "project writing its own name in lower case, or wrong); the samples are in `docs/audit/`:",
            "",
            "```sh",
            "python scripts/false_alarm_audit.py --records R.jsonl --n 80 --seed 7 > SAMPLE.tsv   # then label it",
            "python scripts/false_alarm_audit.py --labels SAMPLE.tsv --summary R.json",
            "```",
            "",
            *audit_table(audits),
        ]
    if a.techdocs:
        rates = []
        for item in a.techdocs:
            name, _, path = item.partition("=")
            rates.append((name, _load(Path(path))))
        out += [
            "",
            "## Suggestions on well-edited docs",
            "",
            "Nearly every suggestion on these is a false alarm: the 14 techdocs chapters of",
            "`../shared/data/dev/techdocs` and other projects' docs kept for measuring only",
            "(`python scripts/dev_docs.py`, never read by the data builders):",
            "",
            "```sh",
            "python scripts/techdocs_rate.py --dir DIR --json T.json",
            "```",
            "",
            *techdocs_table(rates),
        ]
    if a.slips:
        out += [
            "",
            "## Slips put into the techdocs chapters",
            "",
            "```sh",
            "python3 ../shared/tools/slips/slips.py --docs ../shared/data/dev/techdocs/rust-book --seed N --rate 1/6 \\",
            '    --edgegram "python -m edgegram"',
            "```",
            "",
            *slips_table([(p.stem.rsplit("slips", 1)[-1] or p.stem, _load(p)) for p in a.slips]),
        ]
    if a.eval:
        out += [
            "",
            "## Learner and web text",
            "",
            "ERRANT on the dev sets; on BEA-19, CoNLL-2013 and CWEB the edit judge's out-of-fold figures",
            "(`python -m edge_model.edit_judge collect` then `train --folds-dir FOLDS`):",
            "",
            "```sh",
            "python -m edge_model.evaluate --sets bea19,conll2013,cweb-g,cweb-s --judge-folds FOLDS --json E.json",
            "python -m edge_model.evaluate --sets fce,jfleg --json E2.json",
            "```",
            "",
            *evaluate_table([_load(p) for p in a.eval]),
        ]
    a.out.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

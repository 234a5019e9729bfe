"""Read the real-error ruler's false alarms by hand: which are wrong, and which are errors the
writers left in their corrected text.

    python scripts/false_alarm_audit.py --records R.jsonl [--n 80] [--seed 7] > SAMPLE.tsv
    python scripts/false_alarm_audit.py --labels LABELLED.tsv --summary R.json (or --rate X)

``../shared/tools/realslips/measure.py --records R.jsonl`` counts every suggestion on a pair's
AFTER paragraph (the text as its writer fixed it) as a false alarm, but a writer fixes one slip
and often leaves others beside it ("wihtout", "the the", "allows to use"). The first form draws a
random sample of those suggestions (the same one for the same records and seed) as a table with
an empty ``label`` column, to fill in: ``real`` (an error the writer left: the suggestion is
right), ``style`` (a choice a style guide makes, as a project writing its own name in lower case),
``wrong``. The second form reads a filled table back and prints the shares and what they make of
the measured rate: wrong suggestions per 10,000 corrected words, with a 95% interval (Wilson's)
for the sample's share.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import random
import sys
from pathlib import Path

LABELS = ("real", "style", "wrong")
COLUMNS = ("id", "repo", "start", "original", "replacement", "context", "label")
_CONTEXT = 50  # characters of the paragraph shown on each side of the suggestion


def suggestions(records: Path) -> list[dict[str, str]]:
    """Every suggestion on an AFTER paragraph of ``records``, in the records' order, as a row of
    :data:`COLUMNS` with its label empty."""
    rows = []
    with records.open(encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            after = record["after"]
            for hit in record["edgegram"]["after"]:
                start, end = hit["start"], hit["end"]
                context = f"{after[max(0, start - _CONTEXT) : start]}[[{after[start:end]}]]{after[end : end + _CONTEXT]}"
                rows.append(
                    {
                        "id": record["id"],
                        "repo": record["repo"],
                        "start": str(start),
                        "original": hit["original"],
                        "replacement": hit["replacement"],
                        "context": " ".join(context.split()),
                        "label": "",
                    }
                )
    return rows


def sample(rows: list[dict[str, str]], n: int, seed: int) -> list[dict[str, str]]:
    """``n`` of ``rows`` drawn at random (all of them if there are fewer)."""
    return random.Random(seed).sample(rows, min(n, len(rows)))


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``hits / n``."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def shares(labelled: list[dict[str, str]]) -> dict[str, tuple[int, float, float]]:
    """For each of :data:`LABELS`: how many rows of ``labelled`` have it, and the 95% interval
    of its share."""
    unknown = sorted({row["label"] for row in labelled} - set(LABELS))
    if unknown:
        raise SystemExit(f"labels must be one of {', '.join(LABELS)}; found {', '.join(map(repr, unknown))}")
    counts = {label: sum(row["label"] == label for row in labelled) for label in LABELS}
    return {label: (count, *wilson(count, len(labelled))) for label, count in counts.items()}


def read_labels(path: Path) -> list[dict[str, str]]:
    """A filled sample table."""
    with path.open(encoding="utf-8", newline="") as table:
        return list(csv.DictReader(table, delimiter="\t"))


def tally(labelled: list[dict[str, str]], rate: float) -> str:
    """The shares of each label in ``labelled``, and the wrong ones' part of ``rate`` (the
    measured false alarms per 10,000 words)."""
    n = len(labelled)
    lines = [f"{n} suggestions labelled"]
    for label, (count, low, high) in shares(labelled).items():
        lines.append(
            f"  {label:5s} {count:3d} ({100 * count / n:.0f}%, 95% {100 * low:.0f}-{100 * high:.0f}%): "
            f"{rate * count / n:.1f} per 10k words ({rate * low:.1f}-{rate * high:.1f})"
        )
    return "\n".join(lines)


def measured_rate(summary: Path) -> float:
    """The false alarms per 10,000 corrected words that ``measure.py --json`` wrote."""
    data = json.loads(summary.read_text(encoding="utf-8"))
    return float(data["results"]["edgegram"]["false_alarms"]["after_per10k"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=Path, help="measure.py --records output, to draw a sample from")
    parser.add_argument("--n", type=int, default=80, help="suggestions to draw (default 80)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--labels", type=Path, help="a filled sample: print the shares")
    parser.add_argument("--rate", type=float, help="the measured false alarms per 10k words (default: from --summary)")
    parser.add_argument("--summary", type=Path, help="measure.py --json output, for the rate")
    args = parser.parse_args(argv)
    if args.labels is None:
        if args.records is None or not args.records.is_file():
            parser.error(f"no records at {args.records}" if args.records else "--records or --labels is needed")
        writer = csv.DictWriter(sys.stdout, COLUMNS, delimiter="\t", lineterminator="\n")
        writer.writeheader()
        writer.writerows(sample(suggestions(args.records), args.n, args.seed))
        return 0
    labelled = read_labels(args.labels)
    if args.rate is None and args.summary is None:
        parser.error("--labels needs --rate or --summary")
    rate = args.rate if args.rate is not None else measured_rate(args.summary)
    print(tally(labelled, rate))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

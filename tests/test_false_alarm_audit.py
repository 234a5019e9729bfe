"""scripts/false_alarm_audit.py: a seeded sample of the real-error ruler's false alarms to label
by hand, and the shares a labelled sample gives."""

from __future__ import annotations

import csv
import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("false_alarm_audit", ROOT / "scripts" / "false_alarm_audit.py")
assert _spec is not None and _spec.loader is not None
audit = importlib.util.module_from_spec(_spec)
sys.modules["false_alarm_audit"] = audit
_spec.loader.exec_module(audit)


def _records(path: Path) -> Path:
    """Two pairs as measure.py --records writes them: three suggestions on AFTER paragraphs."""
    rows = [
        {
            "id": "a",
            "repo": "x/y",
            "after": "It was teh best.",
            "edgegram": {"after": [{"start": 7, "end": 10, "original": "teh", "replacement": "the"}]},
        },
        {
            "id": "b",
            "repo": "x/z",
            "after": "Run  the tool on kubernetes.",
            "edgegram": {
                "after": [
                    {"start": 3, "end": 5, "original": "  ", "replacement": " "},
                    {"start": 17, "end": 27, "original": "kubernetes", "replacement": "Kubernetes"},
                ]
            },
        },
    ]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def test_every_after_suggestion_is_a_row_with_its_context(tmp_path):
    rows = audit.suggestions(_records(tmp_path / "r.jsonl"))
    assert [(r["id"], r["original"], r["replacement"], r["label"]) for r in rows] == [
        ("a", "teh", "the", ""),
        ("b", "  ", " ", ""),
        ("b", "kubernetes", "Kubernetes", ""),
    ]
    assert rows[0]["context"] == "It was [[teh]] best."


def test_a_sample_is_the_same_for_a_seed_and_never_more_than_there_is(tmp_path):
    rows = audit.suggestions(_records(tmp_path / "r.jsonl"))
    assert audit.sample(rows, 2, 7) == audit.sample(rows, 2, 7)
    assert len(audit.sample(rows, 2, 7)) == 2 and len(audit.sample(rows, 10, 7)) == 3


def test_a_labelled_sample_gives_each_share_of_the_rate(tmp_path, capsys):
    labelled = tmp_path / "l.tsv"
    rows = [
        dict(zip(audit.COLUMNS, (str(i), "x/y", "0", "a", "b", "c", label))) for i, label in enumerate(["real"] * 3 + ["wrong"])
    ]
    with labelled.open("w", encoding="utf-8", newline="") as table:
        writer = csv.DictWriter(table, audit.COLUMNS, delimiter="\t", lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    assert audit.main(["--labels", str(labelled), "--rate", "40"]) == 0
    out = capsys.readouterr().out
    assert "real    3 (75%" in out and "wrong   1 (25%" in out and ": 10.0 per 10k words" in out


def test_an_unknown_label_is_refused(tmp_path):
    with pytest.raises(SystemExit, match="labels must be one of"):
        audit.tally([{"label": "maybe"}], 10.0)


def test_wilson_interval_holds_the_share():
    low, high = audit.wilson(17, 80)
    assert low < 17 / 80 < high and 0.12 < low and high < 0.33

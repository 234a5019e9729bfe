"""The project describes itself as it is: no text in the README, docs/ or the code labels figures
or changes by the ordinal of the round of work that made them ("the ninth session"); dates and
commits say when, git history keeps the past."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_ORDINAL = (
    r"second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\w+teenth|twentieth|"
    r"twenty-\w+|thirtieth"
)
ROUND_LABEL = re.compile(rf"\b(?:{_ORDINAL})\s+(?:session|round)s?\b", re.IGNORECASE)


def _texts() -> list[Path]:
    found = [ROOT / "README.md", ROOT / "vscode-client" / "README.md"]
    found += sorted((ROOT / "docs").rglob("*.md")) + sorted((ROOT / "docs" / "training").glob("*.log"))
    for folder in ("engine", "lsp_server", "edgegram", "edge_model", "scripts", "tests", "vscode-client/src"):
        found += [p for p in sorted((ROOT / folder).rglob("*")) if p.suffix in (".py", ".md", ".ts", ".rules")]
    return [p for p in found if p.is_file() and p != Path(__file__).resolve()]


def test_nothing_is_labelled_by_the_round_of_work_that_made_it():
    labelled = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _texts()
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if ROUND_LABEL.search(line)
    ]
    assert labelled == []


def test_the_check_would_see_a_label():
    assert ROUND_LABEL.search("measured in the twenty-first session") and ROUND_LABEL.search("Ninth session (2026)")
    assert not ROUND_LABEL.search("the process's first session of ONNX Runtime, a second's wait")

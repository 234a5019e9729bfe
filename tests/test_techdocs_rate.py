"""``scripts/techdocs_rate.py`` counts the suggestions on a folder of Markdown files with the
thresholds the CLI uses, the same for every file of the folder (not only the first)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

from edgegram.engine.core.types import DEFAULT_MARKUP_MIN_CONFIDENCE

ROOT = Path(__file__).resolve().parents[1]


def _script():
    spec = importlib.util.spec_from_file_location("techdocs_rate", ROOT / "scripts" / "techdocs_rate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_every_file_of_the_folder_is_checked_with_the_markup_threshold(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("a.md", "b.md", "c.md"):
        (docs / name).write_text("# Title\n\nThe the cat sat on the mat, and it was happy.\n", encoding="utf-8")
    out = tmp_path / "rate.json"
    assert _script().main(["--dir", str(docs), "--tsv", str(tmp_path / "rate.tsv"), "--json", str(out)]) == 0
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert figures["suggestions"] == 3  # the doubled "the" in each file
    assert figures["markup_min_confidence"] == DEFAULT_MARKUP_MIN_CONFIDENCE
    assert len((tmp_path / "rate.tsv").read_text(encoding="utf-8").splitlines()) == 4

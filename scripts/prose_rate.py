"""Suggestions per 10,000 prose words on any files ``edgegram check`` reads, by what the file
name says (source files' comments and docstrings, AsciiDoc, reStructuredText, Markdown):
``python scripts/prose_rate.py DIR... [--tsv OUT] [--json OUT]``.

Runs exactly what ``edgegram check FILE`` runs (the CLI's ``load_checker`` and ``check_prose``)
over every file in each DIR (``scripts/dev_docs.py --files`` exports them from other projects),
and prints for each DIR its files, prose words (the words the masking leaves, placeholders for
code not counted), suggestions, suggestions per 10,000 words and the rules that made them. On
well-edited text nearly every suggestion is a false alarm; every one goes to the TSV for reading.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

from edgegram.cli import CliError, check_prose, load_checker, problems_in, prose_of, read_text_file
from edgegram.engine.prose.masking import placeholder_word

_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")


def prose_words(masked: str) -> int:
    """The words of a masked text, its placeholders (``Xxxx``) left out."""
    return sum(1 for word in _WORD.findall(masked) if word != placeholder_word(len(word)))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dirs", nargs="+", type=Path)
    p.add_argument("--tsv", type=Path, default=Path("runs/prose_rate.tsv"), help="every suggestion, for reading")
    p.add_argument("--json", type=Path, default=None, help="write the figures here")
    a = p.parse_args(argv)
    try:
        checker = load_checker(argparse.Namespace(model=None, threads=None, decoder="iad", min_confidence=None))
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    rows, figures = ["location\trule\tconfidence\toriginal\treplacement\tline"], {}
    for folder in a.dirs:
        paths = sorted(path for path in folder.iterdir() if path.is_file() and path.name != "SOURCE.txt")
        words, rules = 0, Counter()
        for path in paths:
            text = read_text_file(path)
            words += prose_words(prose_of(str(path), text).text)
            edits = check_prose(checker, str(path), text)
            lines = text.splitlines()
            for edit, problem in zip(edits, problems_in(path.name, text, edits)):
                rules[edit.rule or problem.kind] += 1
                line = lines[problem.line - 1] if problem.line <= len(lines) else ""
                cells = (f"{folder.name}/{path.name}:{problem.line}", edit.rule, f"{problem.confidence:.3f}")
                rows.append("\t".join((*cells, edit.original, edit.replacement, line.strip())).replace("\n", " "))
        count = sum(rules.values())
        rate = 1e4 * count / words if words else 0.0
        figures[folder.name] = {"files": len(paths), "prose_words": words, "suggestions": count, "per_10k": round(rate, 1)}
        print(f"{folder.name}: {len(paths)} files, {words} prose words, {count} suggestions, {rate:.1f} per 10k words")
        print("  " + ", ".join(f"{rule} {n}" for rule, n in rules.most_common(8)))
    a.tsv.parent.mkdir(parents=True, exist_ok=True)
    a.tsv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    if a.json:
        a.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

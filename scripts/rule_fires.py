"""How often each rule fires on text that is (nearly all) right: the figure a rule's change cites.

    python scripts/rule_fires.py [--clean N] [--tech N] [--rules ID,ID] [--samples 5] [--json OUT]
        [--shared DIR] [--techprose runs/techprose] [--compare OTHER_CHECKOUT]

Runs every rule of ``edgegram.engine.finders.rules`` and the speller's checks
(``spelling.unknown_word``, ``spelling.recorded_misspelling``, ``spelling.contraction``: each
suspect with its first candidate, before the model ranks them; every word judged, as if the
document used each only once), or those named, on the model's text of

- clean English: the first N well-formed sentences of ``../shared/data/text`` (Wikinews,
  Gutenberg, Brown, MASC, speeches; ``edge_model.data.readers.clean_sentences``);
- technical prose: the first N sentences of a corpus built by ``python -m
  edge_model.data.tech_prose`` (other projects' docs), when ``--techprose`` holds one;
- the corrected lines of the real-error dev pairs (``../shared/data/dev/realslips``), as they
  stand after their writers' fixes;

and prints each rule's fires per 10,000 sentences of each, with samples; a rule's fixes that the
safety net refuses (:func:`edgegram.engine.judge.safety.unsafe_edits`), which no user sees, are
counted apart, under the rule's id and "(refused)". Nearly every fire on
these texts is a false alarm (or a slip their writers left). With ``--compare`` the same is run
with another checkout's rules (a worktree of an earlier commit) and the fires that differ are
listed: what a rule's change does.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # edge_model is not installed

from edge_model.data.readers import clean_sentences  # noqa: E402
from edgegram.engine.core.shared_data import shared_root  # noqa: E402
from edgegram.engine.finders.rules import RULES  # noqa: E402
from edgegram.engine.finders.spelling import shipped_speller  # noqa: E402
from edgegram.engine.judge.safety import protected_spans, unsafe_edits  # noqa: E402
from edgegram.engine.sentences.lexicon import shipped_lexicon  # noqa: E402
from edgegram.engine.sentences.model_text import to_model_text  # noqa: E402

Fire = tuple[int, int, int, str]  # sentence index, start, end, replacement
SPELLING = ("spelling.contraction", "spelling.recorded_misspelling", "spelling.unknown_word")
REFUSED = " (refused)"  # after a rule's id: its fixes the safety net refuses (edgegram.engine.judge.safety)


def texts(shared: Path, clean: int, tech: int, techprose: Path | None) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {"clean": [to_model_text(s).text for s in itertools.islice(clean_sentences(shared), clean)]}
    corpus = techprose / "sentences.tsv.gz" if techprose is not None else None
    if corpus is not None and corpus.is_file() and tech:
        with gzip.open(corpus, "rt", encoding="utf-8") as lines:
            found["tech"] = [line.rstrip("\n").split("\t", 2)[2] for line in itertools.islice(lines, tech)]
    pairs = shared / "data" / "dev" / "realslips" / "dev.jsonl"
    if pairs.is_file():
        with pairs.open(encoding="utf-8") as lines:
            found["realslips-after"] = [to_model_text(json.loads(line)["after_text"]).text for line in lines]
    return found


@dataclass(frozen=True)
class _Fix:
    """A rule's fix, as the safety net reads it."""

    start: int
    end: int
    replacement: str


def fires(sentences: list[str], wanted: set[str] | None) -> dict[str, list[Fire]]:
    """Each rule's fires (and the speller's) by id; a rule's fixes that the safety net refuses, which
    no user sees, under the id with :data:`REFUSED` after it."""
    lexicon = shipped_lexicon()
    speller = shipped_speller() if wanted is None or wanted & set(SPELLING) else None
    found: dict[str, list[Fire]] = defaultdict(list)
    for index, sentence in enumerate(sentences):
        for rule in RULES:
            if wanted is None or rule.id in wanted:
                fixes = sorted(rule.find(sentence, lexicon))
                refused = unsafe_edits(sentence, [_Fix(*fix) for fix in fixes], (), lexicon, model=False) if fixes else {}
                for i, (start, end, replacement) in enumerate(fixes):
                    found[rule.id + (REFUSED if i in refused else "")].append((index, start, end, replacement))
        if speller is not None:
            protected = [(span.start, span.end) for span in protected_spans(sentence)]
            for suspect in speller.suspects(sentence, lexicon, protected, ()):
                if wanted is None or suspect.rule in wanted:
                    found[suspect.rule].append((index, suspect.start, suspect.end, suspect.candidates[0]))
    return found


def shown(sentence: str, fire: Fire) -> str:
    _, start, end, replacement = fire
    return f"{sentence[max(0, start - 60) : start]}[[{sentence[start:end]} -> {replacement}]]{sentence[end : end + 40]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", type=int, default=100_000, help="clean English sentences (default 100,000)")
    parser.add_argument("--tech", type=int, default=100_000, help="technical-prose sentences (default 100,000)")
    parser.add_argument("--techprose", type=Path, default=ROOT / "runs" / "techprose")
    parser.add_argument("--rules", default="", help="comma-separated rule ids (default: all)")
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--shared", type=Path, default=None)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--compare", type=Path, default=None, help="another checkout: list the fires that differ")
    parser.add_argument("--dump", type=Path, default=None, help=argparse.SUPPRESS)  # --compare's child writes here
    a = parser.parse_args(argv)
    wanted = {r.strip() for r in a.rules.split(",") if r.strip()} or None
    corpora = texts(shared_root(a.shared), a.clean, a.tech, a.techprose)
    results = {name: fires(sentences, wanted) for name, sentences in corpora.items()}
    if a.dump is not None:
        a.dump.write_text(json.dumps({c: {r: f for r, f in found.items()} for c, found in results.items()}))
        return 0
    other = None
    if a.compare is not None:
        dump = Path(f"/tmp/rule_fires_{abs(hash(str(a.compare)))}.json")
        command = [sys.executable, str(a.compare / "scripts" / "rule_fires.py"), "--clean", str(a.clean), "--tech", str(a.tech)]
        command += ["--techprose", str(a.techprose), "--dump", str(dump)] + (["--rules", a.rules] if a.rules else [])
        subprocess.run(command, check=True, env={"PYTHONPATH": str(a.compare), "PATH": "/usr/bin:/bin"})
        other = json.loads(dump.read_text())
    report: dict[str, dict[str, float]] = defaultdict(dict)
    print(f"{'rule':28s} " + " ".join(f"{c + ' /10k':>22s}" for c in corpora))
    every = {r.id for r in RULES} | set(SPELLING)
    names = sorted({r for found in results.values() for r in found} | (every if wanted is None else wanted))
    for name in names:
        cells = []
        for corpus, sentences in corpora.items():
            count = len(results[corpus].get(name, []))
            rate = 10_000 * count / max(len(sentences), 1)
            report[name][corpus] = rate
            cells.append(f"{rate:14.2f} ({count:5d})")
        print(f"{name:28s} " + " ".join(cells))
    for corpus, sentences in corpora.items():
        for name in names:
            found = results[corpus].get(name, [])
            if other is not None:
                before = {tuple(f) for f in other.get(corpus, {}).get(name, [])}
                new = [f for f in found if tuple(f) not in before]
                gone = [tuple(f) for f in other.get(corpus, {}).get(name, []) if tuple(f) not in set(map(tuple, found))]
                if new or gone:
                    print(f"\n{corpus} / {name}: {len(new)} new, {len(gone)} gone")
                    for fire in new[: a.samples]:
                        print("  + " + shown(sentences[fire[0]], fire))
                    for fire in gone[: a.samples]:
                        print("  - " + shown(sentences[fire[0]], fire))
            elif found and a.samples:
                print(f"\n{corpus} / {name}: {len(found)}")
                for fire in found[: a.samples]:
                    print("  " + shown(sentences[fire[0]], fire))
    if a.json is not None:
        a.json.write_text(json.dumps(report, indent=1))
    print("\nsentences: " + ", ".join(f"{c} {len(s):,}" for c, s in corpora.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

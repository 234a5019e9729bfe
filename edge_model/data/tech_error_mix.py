"""The mix of errors technical writers make, for the synthetic generator: counted from the
real-error pairs' types (``../shared/data/dev/realslips``, their fixes committed to other
projects' docs) and mapped onto the generator's error types. Only the counts are read, never the
sentences, which stay a measure.

    python -m edge_model.data.tech_error_mix [--pairs ../shared/data/dev/realslips/dev.jsonl]
        [--out edge_model/data/tech_error_mix.json]

A pair's subtype may join several ("inflection+missing_word"): each part counts. Subtypes the
generator has no error type for are reported and left out.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from edge_model.data.noise import ERROR_TYPES, TECH_MIX_FILE
from edgegram.engine.core.shared_data import shared_root

# real-error subtype -> the generator's error types it is made of, with their shares
SUBTYPE_TYPES: dict[str, dict[str, float]] = {
    "non_word": {"misspelling": 0.6, "typo": 0.4},
    "inflection": {"verb_form": 0.5, "noun_number": 0.5},
    "agreement": {"agreement": 1.0},
    "missing_word": {"missing_word": 0.5, "article": 0.3, "preposition": 0.2},
    "extra_word": {"extra_word": 1.0},
    "function_word": {"preposition": 0.5, "determiner": 0.5},
    "real_word_typo": {"confusable": 0.5, "typo": 0.5},
    "confusable": {"confusable": 1.0},
    "doubled": {"doubled_word": 1.0},
    "compound": {"compound": 1.0},
    "proper_noun": {"name_case": 1.0},
    "capitalisation": {"capitalisation": 1.0},
    "article": {"article": 1.0},
    "determiner": {"determiner": 1.0},
    "preposition": {"preposition": 1.0},
    "apostrophe": {"punctuation": 1.0},
    "period": {"punctuation": 1.0},
    "sentence_break": {"punctuation": 1.0},
    "comma": {"punctuation": 1.0},
    "hyphen": {"compound": 1.0},
    "word_order": {"word_order": 1.0},
    "paren": {"punctuation": 1.0},
    "line_start": {"capitalisation": 1.0},
    "sentence_start": {"capitalisation": 1.0},
    "pronoun_i": {"capitalisation": 1.0},
}


def subtype_counts(pairs: Iterable[dict]) -> Counter[str]:
    """How often each subtype occurs, a joined one ("a+b") counting for each of its parts."""
    counts: Counter[str] = Counter()
    for pair in pairs:
        for part in str(pair.get("subtype") or pair.get("type") or "").split("+"):
            if part:
                counts[part] += 1
    return counts


def weights_of(counts: Counter[str]) -> tuple[dict[str, float], list[str]]:
    """The generator's weights (shares summing to 1, rounded) and the subtypes left out."""
    weights: dict[str, float] = {}
    left_out = []
    for subtype, count in counts.items():
        types = SUBTYPE_TYPES.get(subtype)
        if types is None:
            left_out.append(subtype)
            continue
        for name, share in types.items():
            weights[name] = weights.get(name, 0.0) + count * share
    total = sum(weights.values())
    if not total:
        raise ValueError("no pair of a type the generator makes")
    return {name: round(weight / total, 4) for name, weight in sorted(weights.items())}, sorted(left_out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=Path, default=None, help="default: ../shared/data/dev/realslips/dev.jsonl")
    parser.add_argument("--out", type=Path, default=TECH_MIX_FILE)
    a = parser.parse_args(argv)
    path = a.pairs or shared_root() / "data" / "dev" / "realslips" / "dev.jsonl"
    if not path.is_file():
        print(f"error: {path} not found", file=sys.stderr)
        return 2
    with path.open(encoding="utf-8") as lines:
        counts = subtype_counts(json.loads(line) for line in lines if line.strip())
    weights, left_out = weights_of(counts)
    assert set(weights) <= set(ERROR_TYPES)
    a.out.write_text(
        json.dumps({"source": path.name, "pairs_by_subtype": dict(counts.most_common()), "weights": weights}, indent=1) + "\n",
        encoding="utf-8",
    )
    print(f"wrote {a.out}: {len(weights)} error types from {sum(counts.values())} subtype counts; left out: {left_out or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

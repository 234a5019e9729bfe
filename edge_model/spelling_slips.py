"""Fit the spelling ranker's slip weights (``edgegram.engine.finders.spelling.SLIP_WEIGHTS``) on the
learner training pairs.

    python -m edge_model.spelling_slips [--corpus runs/corpus] [--limit N]

Finds every misspelling of the pairs' source sides (``runs/corpus/real_train.tsv``) that the
annotators replaced by one of the speller's candidates, where that candidate shares its group
(the same number of letters changed) with others, so the ranking must choose; scores each
candidate's fit with the shipped model as the engine does; and fits one weight per
:func:`~edgegram.engine.finders.spelling.slip_kind` by coordinate ascent on how often the annotators'
candidate comes first. Prints the cases, the accuracy without and with weights on two halves
(each fitted on the other) and on all, and the weights fitted on all, which the engine ships.
Training-time tool: reads training data only, never a dev or test set.
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from edge_model.data.corpus import built_file
from edgegram.engine.core.edits import WORD_RE
from edgegram.engine.finders.spelling import Suspect, candidate_groups, candidate_score, listed_first, slip_kind

GRID = tuple(x / 2 for x in range(-12, 13))  # candidate weights, nats
ROUNDS = 4


@dataclass
class Case:
    """A misspelling ``suspect`` in ``sentence`` whose annotators' correction is ``group[right]``,
    one of a group of equally far candidates, with each candidate's model ``fits``, frequency
    ``counts`` and :func:`~edgegram.engine.finders.spelling.slip_kind` (``kinds``)."""

    sentence: str
    suspect: Suspect
    group: list[str]
    right: int
    fits: list[float]
    counts: list[int]
    contexts: list[float]  # each candidate's fit between its neighbours by the word pairs (WordPairs.fit)
    kinds: list[str] = field(init=False)
    listed: list[bool] = field(init=False)  # each candidate is the recorded correction listed first

    def __post_init__(self) -> None:
        self.kinds = [slip_kind(self.suspect.word, candidate) for candidate in self.group]
        self.listed = [listed_first(candidate, self.suspect.recorded) for candidate in self.group]


def replaced_words(source: str, target: str) -> dict[tuple[int, int], str]:
    """The source words (by span) that the target replaces one for one."""
    words = list(WORD_RE.finditer(source))
    targets = [m.group() for m in WORD_RE.finditer(target)]
    matcher = difflib.SequenceMatcher(a=[m.group().lower() for m in words], b=[w.lower() for w in targets], autojunk=False)
    return {
        words[a0].span(): targets[b0]
        for op, a0, a1, b0, b1 in matcher.get_opcodes()
        if op == "replace" and a1 - a0 == 1 and b1 - b0 == 1
    }


def collect(pairs: Iterable[tuple[str, str]], speller, lexicon) -> list[tuple[str, Suspect, list[str], int]]:
    """(sentence, suspect, group, index of the annotators' candidate) for every misspelling
    whose correction is one of a group of several candidates."""
    found = []
    for source, target in pairs:
        replaced = replaced_words(source, target)
        if not replaced:
            continue
        for suspect in speller.suspects(source, lexicon, [], []):
            meant = replaced.get((suspect.start, suspect.end), "").lower()
            if not meant or suspect.contraction:
                continue
            for group in candidate_groups(suspect.word, suspect.candidates, suspect.meant, suspect.recorded):
                lowered = [candidate.lower() for candidate in group]
                if meant in lowered and len(group) > 1:
                    found.append((source, suspect, group, lowered.index(meant)))
    return found


def score(found, model, speller, batch: int = 64) -> list[Case]:
    """The cases with each candidate's fit (the engine's: the model's likelihood of copying the
    words around it), frequency and fit between its neighbours by the word pairs."""
    from edgegram.engine.finders.word_pairs import fit_in_place
    from edgegram.engine.judge.mechanical_edits import in_context, likelihoods_of

    texts = [in_context(sentence, suspect, c) for sentence, suspect, group, _ in found for c in group]
    unique = list(dict.fromkeys(texts))
    fits: dict[str, float] = {}
    for i in range(0, len(unique), batch):
        chunk = unique[i : i + batch]
        fits.update(zip(chunk, likelihoods_of(model, [model.tokenize(t) for t in chunk])))
    cases = []
    for sentence, suspect, group, right in found:
        context = fit_in_place(sentence, suspect.start, suspect.end, speller.count)
        cases.append(
            Case(
                sentence,
                suspect,
                group,
                right,
                [fits[in_context(sentence, suspect, c)] for c in group],
                [speller.count(c) for c in group],
                [context(c) for c in group],
            )
        )
    return cases


def correct(cases: Sequence[Case], weights: dict[str, float]) -> int:
    """How many cases rank the annotators' candidate first with ``weights`` (the engine's score)."""
    right = 0
    for case in cases:
        scores = [
            candidate_score(fit, count, weights.get(kind, 0.0), listed_first=listed, context=context)
            for fit, count, kind, listed, context in zip(case.fits, case.counts, case.kinds, case.listed, case.contexts)
        ]
        right += max(range(len(scores)), key=scores.__getitem__) == case.right
    return right


def fit_weights(cases: Sequence[Case], grid: Sequence[float] = GRID, rounds: int = ROUNDS) -> dict[str, float]:
    """One weight per slip kind the cases' candidates have, by coordinate ascent over ``grid``
    (ties go to the smaller weight)."""
    kinds = sorted({kind for case in cases for kind in case.kinds})
    weights = {kind: 0.0 for kind in kinds}
    best = correct(cases, weights)
    for _ in range(rounds):
        for kind in kinds:
            for value in grid:
                trial = {**weights, kind: value}
                got = correct(cases, trial)
                if got > best or (got == best and abs(value) < abs(weights[kind])):
                    best, weights = got, trial
    return {kind: value for kind, value in weights.items() if value}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=Path("runs/corpus"), help="built by edge_model.data.corpus")
    parser.add_argument("--limit", type=int, default=None, help="first N pairs")
    a = parser.parse_args(argv)
    pairs_path = built_file(a.corpus, "real_train.tsv")
    if pairs_path is None:
        return 2
    from edgegram.engine.finders.runtime import Model
    from edgegram.engine.finders.spelling import shipped_speller
    from edgegram.engine.sentences.lexicon import shipped_lexicon

    with open(pairs_path, encoding="utf-8") as f:
        rows = (line.rstrip("\n").split("\t") for i, line in enumerate(f) if a.limit is None or i < a.limit)
        found = collect(((row[0], row[-1]) for row in rows if len(row) >= 2), shipped_speller(), shipped_lexicon())
    print(f"{len(found)} misspellings with several candidates to choose from; scoring them with the model", file=sys.stderr)
    cases = score(found, Model.load(None), shipped_speller())
    shuffled = list(cases)
    random.Random(0).shuffle(shuffled)
    halves = (shuffled[::2], shuffled[1::2])
    for i, (train, test) in enumerate((halves, halves[::-1])):
        fitted = correct(test, fit_weights(train))
        print(f"half {i}: {correct(test, {})} -> {fitted} of {len(test)} first (weights fitted on the other half)")
    weights = fit_weights(cases)
    print(f"all: {correct(cases, {})} -> {correct(cases, weights)} of {len(cases)} first")
    print("SLIP_WEIGHTS =", weights)
    return 0


if __name__ == "__main__":
    sys.exit(main())

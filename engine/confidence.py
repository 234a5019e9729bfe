"""How sure the model is of an edit, as one number a writer's threshold can be set against.

:class:`TokenConfidence` reads the decoder's per-token probabilities (or margins) for a range
of its output. :func:`calibrate` turns those raw scores into the ``confidence`` the engine
reports, with a prior from the document around the edit: learner writing has errors in most
sentences, well-edited text in few. An edit whose neighbourhood (``WINDOW`` sentences either
side) holds fewer than ``DENSE_NEIGHBOURS`` sentences with an edit of raw confidence
``CONFIDENT`` or more loses ``SPARSE_PENALTY``: on fluent text the model must be much surer
before it speaks. Measured on CWEB dev (web pages) and BEA-19 dev (learner essays), with
each edit labelled by ERRANT (docs/confidence.md): this prior cut false alarms on CWEB from
7.6% / 8.1% to 3.6% / 3.4% of the correct sentences while keeping nearly all of BEA-19's
F0.5, where a per-kind threshold or a sentence-level rule cost four points of it.
Every threshold (``minConfidence``, the evaluation's sweeps) then applies to this number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from edgegram.engine.types import Edit

if TYPE_CHECKING:
    from edgegram.engine.seam import CheckerModel

WINDOW = 5  # sentences either side
CONFIDENT = 0.5  # raw confidence of an edit that marks its sentence as having an error
DENSE_NEIGHBOURS = 2  # neighbours with such an edit that make a neighbourhood "learner-like"
SPARSE_PENALTY = 0.4  # so the default 0.25 asks 0.65 of an edit in fluent surroundings


def calibrate(sentences: Sequence[Sequence[Edit]]) -> list[list[Edit]]:
    """The edits of each sentence of a document (in order, after the safety rules) with
    their reported confidence: the raw token probability, less ``SPARSE_PENALTY`` where
    the surrounding sentences look well edited."""
    marked = [any(e.confidence >= CONFIDENT for e in edits) for edits in sentences]
    calibrated: list[list[Edit]] = []
    for i, edits in enumerate(sentences):
        if not edits:
            calibrated.append([])
            continue
        lo, hi = max(0, i - WINDOW), min(len(sentences), i + WINDOW + 1)
        neighbours = sum(marked[lo:hi]) - marked[i]
        if neighbours >= DENSE_NEIGHBOURS:
            calibrated.append(list(edits))
        else:
            calibrated.append([replace(e, confidence=round(max(0.0, e.confidence - SPARSE_PENALTY), 3)) for e in edits])
    return calibrated


class TokenConfidence:
    """Maps character ranges of the decoded output to the probabilities of the output tokens
    that produced them."""

    def __init__(self, model: CheckerModel, tokens: list[int], probs: list[float], length: int, bounds: list[int] | None = None):
        self.probs = [float(p) for p in probs[: len(tokens)]]
        self.end_prob = float(probs[len(tokens)]) if len(probs) > len(tokens) else None
        if bounds is None:
            bounds = [0]
            for k in range(1, len(tokens) + 1):
                prefix_length = len(model.detokenize(tokens[:k])) if k < len(tokens) else length
                bounds.append(min(length, max(bounds[-1], prefix_length)))
        self.bounds = bounds
        self.length = length

    def of_range(self, start: int, end: int) -> float:
        """Min probability of the tokens overlapping ``[start, end)``; for an empty range
        (a deletion) the token at ``start``, or the end-of-sentence token."""
        if end > start:
            picked = [p for k, p in enumerate(self.probs) if self.bounds[k] < end and self.bounds[k + 1] > start]
        else:
            picked = [p for k, p in enumerate(self.probs) if self.bounds[k] <= start < self.bounds[k + 1]][:1]
            if not picked and self.end_prob is not None:
                picked = [self.end_prob]
        if not picked:
            picked = self.probs[-1:] if self.probs else [1.0]
        return min(1.0, max(0.0, min(picked)))


__all__ = ["CONFIDENT", "DENSE_NEIGHBOURS", "SPARSE_PENALTY", "TokenConfidence", "WINDOW", "calibrate"]

"""How sure the model is of an edit, as one number a writer's threshold can be set against.

:class:`TokenConfidence` reads the decoder's per-token probabilities (or margins) for a range
of its output. :func:`calibrate` turns those raw scores into the ``confidence`` the engine
reports: an edit that is the only one the model wants in its sentence loses
``LONE_EDIT_PENALTY``. On fluent web text a lone edit in an otherwise unchanged sentence was
the typical false alarm, while learner sentences with real errors usually get several edits
(measured on CWEB dev and the first 1,500 BEA-19 dev sentences: docs/confidence.md). Every
threshold (``minConfidence``, the evaluation's sweeps) then applies to the same number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.types import Edit

if TYPE_CHECKING:
    from engine.seam import CheckerModel

# Edits of a sentence with at least this raw confidence count as "wanted" by the model.
WANTED = 0.3
LONE_EDIT_PENALTY = 0.3


def calibrate(edits: Sequence[Edit]) -> list[Edit]:
    """``edits`` (one sentence's, after the safety rules) with their reported confidence:
    the raw token probability, less ``LONE_EDIT_PENALTY`` when the model wants no other
    edit in the sentence."""
    wanted = sum(1 for e in edits if e.confidence >= WANTED)
    if wanted != 1:
        return list(edits)
    return [replace(e, confidence=round(max(0.0, e.confidence - LONE_EDIT_PENALTY), 3)) for e in edits]


class TokenConfidence:
    """Maps character ranges of the decoded output to the probabilities of the output tokens
    that produced them."""

    def __init__(
        self, model: CheckerModel, tokens: list[int], probs: list[float], length: int, bounds: list[int] | None = None
    ):
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



__all__ = ["LONE_EDIT_PENALTY", "TokenConfidence", "WANTED", "calibrate"]

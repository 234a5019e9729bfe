"""How sure the model is of an edit, as one number a writer's threshold can be set against.

:class:`TokenConfidence` reads the decoder's per-token probabilities (or margins) for a range
of its output. The shipped model's edits are then judged by :mod:`edgegram.engine.judge.edit_judge`;
for a model without a judge (or ``CheckerConfig(judge=False)``), :func:`calibrate` turns those
raw scores into the ``confidence`` the engine reports, with a prior from the document around
the edit (:class:`DocumentPrior`): learner
writing has errors in most sentences, well-edited text in few. Where less than a share
``dense`` of an edit's neighbours (``window`` sentences either side, plus ``fluent_prior``
imagined sentences without an edit, so that a short document needs more than chance) hold
an edit of raw confidence ``confident`` or more, the text looks well edited: a mechanical
fix (a typo, a doubled word, :mod:`edgegram.engine.analysis.mechanics`) loses ``penalty``, and a
grammar rewrite is not offered (confidence 0), since on such text the model's article,
preposition, agreement and comma edits are mostly wrong. Measured on CWEB dev (web pages), BEA-19 and CoNLL-2013 dev
(learner essays), each setting scored with ERRANT by ``scripts/prior_sweep.py`` (figures in
docs/confidence.md).
Every threshold (``minConfidence``, the evaluation's sweeps) then applies to this number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from edgegram.engine.core.types import DocumentPrior, Edit

if TYPE_CHECKING:
    from edgegram.engine.finders.seam import CheckerModel


def calibrate(sentences: Sequence[Sequence[Edit]], prior: DocumentPrior) -> list[list[Edit]]:
    """The edits of each sentence of a document (in order, after the safety rules) with
    their reported confidence: the raw token probability where the surrounding sentences
    look like learner text; otherwise less ``prior.penalty``, and 0 for an edit that is not
    a mechanical fix when ``prior.mechanics_only`` and the document is long enough to judge
    (in a shorter one, every edit less ``prior.short_penalty``)."""
    marked = [any(e.confidence >= prior.confident for e in edits) for edits in sentences]
    calibrated: list[list[Edit]] = []
    for i, edits in enumerate(sentences):
        if not edits:
            calibrated.append([])
            continue
        lo, hi = max(0, i - prior.window), min(len(sentences), i + prior.window + 1)
        others = hi - lo - 1
        neighbours = sum(marked[lo:hi]) - marked[i]
        learner_like = neighbours > 0 and neighbours >= prior.dense * (others + prior.fluent_prior) - 1e-9
        if learner_like or (not prior.penalty and not prior.short_penalty and not prior.mechanics_only):
            calibrated.append(list(edits))
            continue
        long_enough = others >= prior.min_neighbours
        judged = prior.mechanics_only and long_enough
        penalty = prior.penalty if long_enough else prior.short_penalty
        calibrated.append(
            [
                replace(e, confidence=0.0 if judged and not e.mechanical else round(max(0.0, e.confidence - penalty), 3))
                for e in edits
            ]
        )
    return calibrated


class TokenConfidence:
    """Maps character ranges of the decoded output to the output tokens that produced them:
    :meth:`picks` names the tokens whose probabilities (or margins) give a range's confidence,
    :meth:`of` takes the smallest of their values."""

    def __init__(self, model: CheckerModel, tokens: list[int], length: int, scored: int):
        """``scored``: how many positions have values: the tokens, and one more (</s>'s) when
        the output ended."""
        self.tokens, self.scored = len(tokens), scored
        bounds = [0]
        for k in range(1, len(tokens) + 1):
            prefix_length = len(model.detokenize(tokens[:k])) if k < len(tokens) else length
            bounds.append(min(length, max(bounds[-1], prefix_length)))
        self.bounds = bounds

    def picks(self, start: int, end: int) -> list[int]:
        """Positions of the tokens overlapping ``[start, end)``; for an empty range (a deletion)
        the token at ``start``, or the end-of-sentence token; failing both the last token
        (none: the range's confidence is 1)."""
        n = min(self.tokens, self.scored)
        if end > start:
            picked = [k for k in range(n) if self.bounds[k] < end and self.bounds[k + 1] > start]
        else:
            picked = [k for k in range(n) if self.bounds[k] <= start < self.bounds[k + 1]][:1]
            if not picked and self.scored > self.tokens:
                picked = [self.tokens]
        return picked or ([n - 1] if n else [])

    @staticmethod
    def of(values: dict[int, float], picked: list[int]) -> float:
        """The smallest of ``values`` at ``picked`` (1 for none), within [0, 1]."""
        return min(1.0, max(0.0, min((values[k] for k in picked), default=1.0)))


__all__ = ["DocumentPrior", "TokenConfidence", "calibrate"]

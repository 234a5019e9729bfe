"""Greedy decoding and lossless Input-guided Aggressive Decoding (IAD).

IAD is Algorithm 1 of Ge et al., "Lossless Acceleration for Seq2seq Generation with
Aggressive Decoding": in grammar correction the output mostly copies the input, so the
source (from the currently aligned position) is a draft of the output. One decoder call
over ``[last accepted token] + draft`` verifies the whole draft in parallel; the longest
prefix where draft token == argmax is accepted, plus the argmax at the first mismatch (the
bifurcation token). The cache of the accepted prefix is kept (sliced), the rest rolled
back, so no accepted token is ever recomputed. Then the next draft starts where the source
realigns with the output (:func:`realign`) and is capped at ``REDRAFT_MAX`` tokens (errors
cluster, and draft tokens after a rejection are wasted work).

Realigning departs from the paper, which decodes token by token until the last few output
tokens occur exactly once in the source: here the bifurcation token is looked up at its
occurrence nearest to the rejected source position, and a token the source lacks is taken
as a substitution. Every draft is verified, so this changes only how many passes are made
(fewer, for a few more tokens fed; the measurements are in docs/speed-notes.md).

Both decoders read the decoder graph's per-position summary of the logits (``Scores``: argmax,
runner-up, exp-sum; see docs/architecture.md) instead of copying [T,V] logits into numpy.

Losslessness: every output token IAD emits is the argmax of its logits, as greedy's is.
IAD's logits come from block calls, greedy's from single steps, and the two differ at
floating-point rounding level (~1e-5; measured in ``edge_model.quantize``). A token is only
trusted when its top-1 logit beats the runner-up by more than ``TIE_MARGIN`` (far above that
noise); on a closer call, which is rare, IAD returns plain greedy's result for the sentence
instead. Probabilities are rounded to ``PROB_DECIMALS``, so both decoders report the same
values except where a probability lies within rounding noise of a rounding boundary (then
they differ by one step, 0.001).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from edgegram.engine.contract import cut_at_eos

if TYPE_CHECKING:
    from edgegram.engine.runtime import EncoderState, Scores
    from edgegram.engine.seam import DecoderModel

TIE_MARGIN = 1e-3  # logit gap under which block and step results might disagree
PROB_DECIMALS = 3
# Drafts after the first are at most this long: errors cluster, and draft tokens after a
# rejection are mostly wasted work (the first draft, the whole source, is not capped); the
# cap was chosen by cost estimates recorded in docs/speed-notes.md.
REDRAFT_MAX = 10


@dataclass(frozen=True)
class Decoded:
    tokens: list[int]  # output ids without <s>/</s>
    probs: list[float]  # softmax probability of each chosen token; one more (</s>'s) when the output ended
    passes: int  # decoder calls made
    margins: list[float] = field(default_factory=list)  # probability minus the runner-up's, like probs


def output_limit(model: DecoderModel, max_len: int) -> int:
    """Most tokens (</s> included) a decoder may produce: ``max_len``, and the positions
    the model has."""
    return max(0, min(max_len, model.info.max_positions))


def _near_ties(scores: Scores, n: int) -> bool:
    """Whether any of the first ``n`` positions has a runner-up logit within ``TIE_MARGIN``
    of its argmax's."""
    return bool((scores.second[:n] >= scores.top[:n] - TIE_MARGIN).any())


def _probs(scores: Scores, n: int) -> list[float]:
    """Rounded softmax probability of the argmax at each of the first ``n`` positions.

    ``exp_sum`` (sum over the vocabulary of exp(logit - max), summed by the decoder graph in
    float32) is taken to float64 before the division and rounding; each position's value
    depends on its own row only, never on the other rows of its block."""
    return [float(p) for p in np.round(1.0 / scores.exp_sum[:n].astype(np.float64), PROB_DECIMALS)]


def _margins(scores: Scores, n: int) -> list[float]:
    """Rounded difference between the argmax's and the runner-up's softmax probabilities at
    each of the first ``n`` positions (from the same per-row summary as :func:`_probs`)."""
    exp_sum = scores.exp_sum[:n].astype(np.float64)
    runner_up = np.exp((scores.second[:n] - scores.top[:n]).astype(np.float64))
    return [float(m) for m in np.round((1.0 - runner_up) / exp_sum, PROB_DECIMALS)]


def _finish(tokens: list[int], probs: list[float], margins: list[float], eos: int, passes: int) -> Decoded:
    kept, kept_probs = cut_at_eos(tokens, probs, eos)
    return Decoded(kept, kept_probs, passes, cut_at_eos(tokens, margins, eos)[1])


def greedy(model: DecoderModel, state: EncoderState, src_ids: list[int], max_len: int) -> Decoded:
    """Argmax decoding, one decoder call per output token."""
    limit = output_limit(model, max_len)
    tokens: list[int] = []
    probs: list[float] = []
    margins: list[float] = []
    cache, last = None, model.bos_id
    while len(tokens) < limit:
        scores, cache = model.decode(state, [last], cache)
        last = int(scores.best[0])
        tokens.append(last)
        probs += _probs(scores, 1)
        margins += _margins(scores, 1)
        if last == model.eos_id:
            break
    return _finish(tokens, probs, margins, model.eos_id, len(tokens))


def realign(src_ids: list[int], token: int, near: int) -> int:
    """Where the next draft starts in the source, after the output token ``token`` replaced
    (or was inserted before) the rejected source token at position ``near``.

    If ``token`` occurs in the source, the draft continues after its occurrence nearest to
    ``near`` (a deleted, moved or repeated word; ties go to the later one). Otherwise
    ``token`` is new text, and the draft guesses a substitution: it goes on after ``near``.
    A wrong guess costs only rejected draft tokens, never output: every token IAD emits is
    still checked against the decoder's argmax."""
    best = None
    for pos, src_token in enumerate(src_ids):
        if src_token == token and (best is None or abs(pos - near) <= abs(best - near)):
            best = pos
    return best + 1 if best is not None else min(len(src_ids), near + 1)


def iad(
    model: DecoderModel,
    state: EncoderState,
    src_ids: list[int],
    max_len: int,
    redraft_max: int = REDRAFT_MAX,
) -> Decoded:
    """Input-guided Aggressive Decoding; the same tokens as :func:`greedy`, in fewer calls.

    The first draft is the whole source; later drafts hold at most ``redraft_max`` tokens."""
    limit = output_limit(model, max_len)
    eos = model.eos_id
    tokens: list[int] = []
    probs: list[float] = []
    margins: list[float] = []
    cache, last, passes = None, model.bos_id, 0
    draft_from = 0  # the whole source is the first draft
    while len(tokens) < limit:
        room = limit - len(tokens) - 1  # a block of k draft tokens yields up to k + 1 tokens
        if passes:
            room = min(room, redraft_max)
        draft = list(src_ids[draft_from : draft_from + room])
        scores, cache = model.decode(state, [last] + draft, cache)
        passes += 1
        best = scores.best.tolist()
        accepted = 0
        while accepted < len(draft) and best[accepted] == draft[accepted]:
            accepted += 1
        new = best[: accepted + 1]
        if eos in new:
            new = new[: new.index(eos) + 1]
        if _near_ties(scores, len(new)):
            fallback = greedy(model, state, src_ids, max_len)
            return Decoded(fallback.tokens, fallback.probs, passes + fallback.passes, fallback.margins)
        tokens += new
        probs += _probs(scores, len(new))
        margins += _margins(scores, len(new))
        cache = cache.truncate(cache.length - len(draft) + accepted)
        last = new[-1]
        if last == eos:
            break
        draft_from = realign(src_ids, last, draft_from + accepted)
    return _finish(tokens, probs, margins, eos, passes)


def log_likelihood(model, state: EncoderState, target_ids: list[int]) -> float:
    """How likely the decoder finds ``target_ids`` (ending with ``</s>``) as the correction of
    the encoded source: the sum of its tokens' log-probabilities, in one teacher-forced
    decoder call over the full logits (``model.logits``; used to rank spelling candidates)."""
    logits = np.asarray(model.logits(state, [model.bos_id] + list(target_ids[:-1])), dtype=np.float64)
    top = logits.max(axis=1, keepdims=True)
    log_probs = logits - top - np.log(np.exp(logits - top).sum(axis=1, keepdims=True))
    return float(log_probs[np.arange(len(target_ids)), target_ids].sum())


__all__ = ["Decoded", "greedy", "iad", "log_likelihood", "output_limit", "realign"]

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

Both decoders read the decoder graph's per-position summary of the logits (``Scores``: argmax
and runner-up, from its certified int8 shortlist, ``edge_model.shortlist``) instead of copying
[T,V] logits into numpy, and keep the decoder's state at each output token: the probabilities,
which need the whole vocabulary (the scores graph), are computed from those states only when a
caller asks a ``Decoded`` for them (the checker: for a sentence with an edit).

Batches: :func:`iad_batch` decodes many sentences together, each decoder call verifying every
unfinished sentence's draft (a padded [B,T] block; each row with its own cache length, see
``Model.decode_batch``); a sentence leaves the batch when it ends, and the batch shrinks. It is
the same algorithm row by row: :func:`iad` is a batch of one, and with ``drafts=False`` it is
batched greedy search (every block is just the last token). In a batch, a call's fixed cost is
shared, so what a draft token wasted after an error costs is what counts: while the batch has
``BATCH_ROWS`` rows, every draft (the first too) is cut to ``BATCH_DRAFT_MAX`` tokens; with two
or three, a call computes at most ``BLOCK_POSITIONS`` positions (its memory).

Losslessness: every output token IAD emits is the argmax of its logits, as greedy's is.
IAD's logits come from block calls, greedy's from single steps; the shipped decoder gives a
position the same logits either way, bit for bit (its attention never multiplies a single
query row, which ONNX Runtime would sum in another order: ``edge_model.model.Attention.attend_cached``;
``python -m edge_model.quantize DIR --measure``), and a batch's rows those of the same sentences
alone (padding adds exact zeros). As a guard for decoders without that property (an older
export's differed at rounding level, ~1e-5), a token is only trusted when its top-1 logit beats
the runner-up by more than ``TIE_MARGIN``; on a closer call, which is rare, IAD returns plain
greedy's result for the sentence instead.

The copy penalty (``copy_penalty``, :attr:`edgegram.engine.core.types.CheckerConfig.copy_penalty`;
off by default, docs/confidence.md "The copy penalty"): the model, trained to leave correct text
alone, keeps many right corrections as its runner-up behind the source's own token. Both
decoders may lower the logit of the *copy token*, the source token the output is aligned with
at each position (the next draft token: ``_Row.draft_from``, moved by :func:`realign` after
every token, in greedy search as in IAD), by ``copy_penalty`` before the argmax: where the copy
token leads the runner-up by no more than that, the runner-up is emitted (its id from the same
top-2 summary), and its probability is reported as what it is, below the copy token's
(:attr:`Decoded.flipped`). The rule is a function of the logits, the source and the output so
far, so IAD still emits greedy's tokens; 0 is plain greedy search. The edit judge
(:mod:`edgegram.engine.judge.edit_judge`) decides which of the edits this adds are shown.

Probabilities are rounded to ``PROB_DECIMALS``, so both decoders report the same
values except where a probability lies within rounding noise of a rounding boundary (then
they differ by one step, 0.001).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, cast

import numpy as np

from edgegram.engine.core.contract import cut_at_eos

if TYPE_CHECKING:
    from edgegram.engine.finders.runtime import BatchCache, EncoderState, Scores, VocabScores
    from edgegram.engine.finders.seam import DecoderModel

TIE_MARGIN = 1e-3  # logit gap under which block and step results might disagree
PROB_DECIMALS = 3
# Drafts after the first are at most this long: errors cluster, and draft tokens after a
# rejection are mostly wasted work (the first draft, the whole source, is not capped); the
# cap was chosen by cost estimates recorded in docs/speed-notes.md.
REDRAFT_MAX = 10
# In a batch of at least BATCH_ROWS sentences every draft, the first included, holds at most
# BATCH_DRAFT_MAX tokens: a batched call's fixed cost (streaming the weights, ONNX Runtime)
# is shared by its rows, so what counts is the positions computed, and a long draft after an
# error is wasted work. Measured on 300 BEA-19 dev sentences in batches of 32 (positions
# computed / CPU time): whole first draft and redrafts of 10, 18,560 / 10.3 s; every draft
# <= 3, 9,751 / 5.9 s; greedy, 7,098 / 6.2 s (docs/speed-notes.md).
BATCH_ROWS, BATCH_DRAFT_MAX = 4, 3
# Most positions (rows x block length) one decoder call of two or three rows computes (one row
# is never cut; four or more have BATCH_DRAFT_MAX): a call's logits and their softmax summary
# took about 0.1 MB of memory a position while it ran, which made the server's peak (exp_sum
# comes from one Softmax in the graph, edge_model.export.logit_scores, which took a third off).
# Format 5's decoder makes one [T,V] tensor, the shortlist's approximate logits.
BLOCK_POSITIONS = 64


@dataclass(frozen=True)
class Decoded:
    """A decoded sentence: its output ids (without <s>/</s>), the decoder calls made, and the
    decoder's final state at each output token (one more, </s>'s, when the output ended), from
    which ``scorer`` (the model's scores graph) gives the tokens' probabilities and margins when
    they are asked for (:meth:`scores_at`): a sentence the checker leaves unchanged never needs
    them, and one with an edit only those of the edit's tokens. (``given``: known values, for
    stand-in decoders in tests.)"""

    tokens: list[int]
    passes: int
    states: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.float32), repr=False, compare=False)
    scorer: Callable[[np.ndarray], VocabScores] | None = field(default=None, repr=False, compare=False)
    given: tuple[tuple[float, ...], tuple[float, ...]] | None = field(default=None, repr=False, compare=False)
    # positions whose token is the runner-up, emitted because the copy penalty put it first
    flipped: frozenset[int] = field(default=frozenset(), repr=False, compare=False)

    @classmethod
    def with_probs(cls, tokens: list[int], probs: list[float], passes: int, margins: list[float] | None = None) -> Decoded:
        """A Decoded whose probabilities (and margins; default: the probabilities) are known,
        cut like the tokens after their first </s>."""
        kept, kept_probs = cut_at_eos(tokens, probs)
        kept_margins = cut_at_eos(tokens, probs if margins is None else margins)[1]
        return cls(kept, passes, given=(tuple(kept_probs), tuple(kept_margins)))

    @property
    def scored(self) -> int:
        """Positions with a probability: the tokens', and </s>'s when the output ended."""
        return len(self.given[0]) if self.given is not None else len(self.states)

    def scores_at(self, positions: Sequence[int]) -> tuple[dict[int, float], dict[int, float]]:
        """Rounded probabilities and margins (probability minus the runner-up's) of the tokens at
        ``positions`` (``len(tokens)``: the </s>), from one scores-graph run for all of them."""
        wanted = sorted(set(positions))
        if self.given is not None:
            return {k: self.given[0][k] for k in wanted}, {k: self.given[1][k] for k in wanted}
        if not wanted or self.scorer is None:
            return {}, {}
        scores = self.scorer(self.states[wanted])
        flipped = np.array([k in self.flipped for k in wanted], dtype=bool) if self.flipped else None
        return dict(zip(wanted, _probs(scores, flipped))), dict(zip(wanted, _margins(scores, flipped)))

    @property
    def probs(self) -> list[float]:
        """Every position's rounded probability (see :meth:`scores_at`)."""
        return list(self.scores_at(range(self.scored))[0].values())

    @property
    def margins(self) -> list[float]:
        """Every position's rounded margin, like :attr:`probs`."""
        return list(self.scores_at(range(self.scored))[1].values())


def output_limit(model: DecoderModel, max_len: int) -> int:
    """Most tokens (</s> included) a decoder may produce: ``max_len``, and the positions
    the model has."""
    return max(0, min(max_len, model.info.max_positions))


def _near_ties(scores: Scores, n: int, penalised: np.ndarray | None = None, penalty: float = 0.0) -> bool:
    """Whether any of the first ``n`` positions has a runner-up logit within ``TIE_MARGIN``
    of its argmax's, or, where ``penalised`` (the argmax is the copy token), a lead over the
    runner-up within ``TIE_MARGIN`` of ``penalty``."""
    gap = scores.top[:n] - scores.second[:n]
    if bool((gap <= TIE_MARGIN).any()):
        return True
    if penalised is None:
        return False
    m = min(n, len(penalised))
    return bool((np.abs(gap[:m] - penalty)[penalised[:m]] <= TIE_MARGIN).any())


def _probs(scores: VocabScores, flipped: np.ndarray | None = None) -> list[float]:
    """Rounded softmax probability of the emitted token at each position: the argmax's, or the
    runner-up's where ``flipped``.

    ``exp_sum`` (sum over the vocabulary of exp(logit - max), summed by the scores graph in
    float32) is taken to float64 before the division and rounding; each position's value
    depends on its own state only, never on the other positions scored with it."""
    exp_sum = scores.exp_sum.astype(np.float64)
    if flipped is None:
        return [float(p) for p in np.round(1.0 / exp_sum, PROB_DECIMALS)]
    emitted = np.where(flipped, np.exp((scores.second - scores.top).astype(np.float64)), 1.0)
    return [float(p) for p in np.round(emitted / exp_sum, PROB_DECIMALS)]


def _margins(scores: VocabScores, flipped: np.ndarray | None = None) -> list[float]:
    """Rounded difference between the emitted token's and the best other token's softmax
    probabilities at each position (negative where ``flipped``: the runner-up was emitted; from
    the same summary as :func:`_probs`)."""
    exp_sum = scores.exp_sum.astype(np.float64)
    runner_up = np.exp((scores.second - scores.top).astype(np.float64))
    margins = (1.0 - runner_up) / exp_sum
    if flipped is not None:
        margins = np.where(flipped, -margins, margins)
    return [float(m) for m in np.round(margins, PROB_DECIMALS)]


def _finish(
    model: DecoderModel, tokens: list[int], states: list[np.ndarray], passes: int, flipped: Sequence[int] = ()
) -> Decoded:
    """The Decoded of an output (cut after its first </s>) and the states of its tokens."""
    kept = cut_at_eos(tokens, [], model.eos_id)[0]
    stacked = np.concatenate(states) if states else np.zeros((0, model.info.d_model), np.float32)
    scored = len(kept) + (model.eos_id in tokens)
    return Decoded(kept, passes, stacked[:scored], model.vocab_scores, flipped=frozenset(k for k in flipped if k < scored))


def greedy(model: DecoderModel, state: EncoderState, src_ids: list[int], max_len: int, copy_penalty: float = 0.0) -> Decoded:
    """Argmax decoding, one decoder call per output token (the copy token's logit lowered by
    ``copy_penalty``: see the module's docstring)."""
    limit = output_limit(model, max_len)
    tokens: list[int] = []
    states: list[np.ndarray] = []
    flipped: list[int] = []
    cache, last, aligned = None, model.bos_id, 0
    while len(tokens) < limit:
        scores, cache = model.decode(state, [last], cache)
        last = int(scores.best[0])
        if copy_penalty and aligned < len(src_ids) and _flips(scores, 0, src_ids[aligned], copy_penalty):
            last = int(cast(np.ndarray, scores.runner_up)[0])
            flipped.append(len(tokens))
        tokens.append(last)
        states.append(scores.hidden[:1])
        if last == model.eos_id:
            break
        if copy_penalty:
            aligned = realign(src_ids, last, aligned)
    return _finish(model, tokens, states, len(tokens), flipped)


def _flips(scores: Scores, position: int, copy: int, penalty: float) -> bool:
    """Whether the copy penalty puts the runner-up first at ``position``: the argmax is the copy
    token and leads the runner-up by no more than ``penalty``."""
    return int(scores.best[position]) == copy and float(scores.top[position] - scores.second[position]) <= penalty


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


@dataclass
class _Row:
    """A sentence being decoded in a batch: its source, output so far and next draft."""

    index: int  # in the caller's lists
    src: list[int]
    max_len: int
    limit: int
    last: int  # the last output token (<s> at first): the next block starts with it
    tokens: list[int] = field(default_factory=list)
    states: list[np.ndarray] = field(default_factory=list)  # the decoder's, at each output token
    draft_from: int = 0  # where the next draft starts in the source
    passes: int = 0
    flipped: list[int] = field(default_factory=list)  # output positions where the copy penalty chose the runner-up

    def block(self, draft_max: int | None, redraft_max: int) -> list[int]:
        """The last token and the next draft: the rest of the source on the first pass, at
        most ``redraft_max`` tokens later, and never more than ``draft_max`` (0: greedy)."""
        room = self.limit - len(self.tokens) - 1  # a block of k draft tokens yields up to k + 1 tokens
        if self.passes:
            room = min(room, redraft_max)
        if draft_max is not None:
            room = min(room, draft_max)
        return [self.last] + self.src[self.draft_from : self.draft_from + room]


def iad_batch(
    model: DecoderModel,
    states: Sequence[EncoderState],
    sources: Sequence[list[int]],
    max_lens: Sequence[int],
    should_stop: Callable[[], bool] | None = None,
    redraft_max: int = REDRAFT_MAX,
    *,
    drafts: bool = True,
    copy_penalty: float = 0.0,
) -> list[Decoded | None]:
    """IAD (greedy with ``drafts=False``) of many sentences, one decoder call per pass over all
    unfinished ones; each sentence's tokens are :func:`greedy`'s for it alone. A sentence
    with a near-tie is decoded again by :func:`greedy` alone. While at least ``BATCH_ROWS``
    sentences are unfinished, drafts hold at most ``BATCH_DRAFT_MAX`` tokens. ``copy_penalty``:
    see the module's docstring. ``should_stop()`` is asked after each pass: True ends the batch
    there, the sentences not finished yet left None (only then is any result None)."""
    from edgegram.engine.finders.runtime import EncoderState

    eos = model.eos_id
    results: list[Decoded | None] = [None] * len(sources)
    rows: list[_Row] = []
    for index, (src, max_len) in enumerate(zip(sources, max_lens)):
        limit = output_limit(model, max_len)
        if limit:
            rows.append(_Row(index, list(src), max_len, limit, model.bos_id))
        else:
            results[index] = _finish(model, [], [], 0)
    if not rows:
        return results
    state = EncoderState.stack([states[row.index] for row in rows])
    cache: BatchCache = model.empty_batch_cache(len(rows))
    tied: list[_Row] = []
    while True:
        draft_max = _draft_max(len(rows))
        blocks = [row.block(draft_max if drafts else 0, redraft_max) for row in rows]
        ids = np.full((len(rows), max(map(len, blocks))), model.pad_id, dtype=np.int64)
        for r, block in enumerate(blocks):
            ids[r, : len(block)] = block
        scores, present = model.decode_batch(state, ids, cache)
        going, accepted_counts = [], []
        for r, (row, block) in enumerate(zip(rows, blocks)):
            row.passes += 1
            accepted = _step(row, scores.row(r), block[1:], eos, copy_penalty)
            if accepted is None:
                tied.append(row)
            elif row.last == eos or len(row.tokens) >= row.limit:
                results[row.index] = _finish(model, row.tokens, row.states, row.passes, row.flipped)
            else:
                going.append(r)
                accepted_counts.append(1 + accepted)  # the fed last token and the accepted draft
        if not going:
            break
        if should_stop is not None and should_stop():
            return results
        cache = cache.kept(present, going, accepted_counts)
        if len(going) < len(rows):
            state = state.rows(going)
            rows = [rows[r] for r in going]
    for row in tied:
        if should_stop is not None and should_stop():
            break
        fallback = greedy(model, states[row.index], row.src, row.max_len, copy_penalty)
        results[row.index] = replace(fallback, passes=row.passes + fallback.passes)
    return results


def _draft_max(rows: int) -> int | None:
    """The longest draft each of ``rows`` sentences may have in one call (None: no limit)."""
    if rows >= BATCH_ROWS:
        return BATCH_DRAFT_MAX
    return None if rows == 1 else BLOCK_POSITIONS // rows - 1


def _step(row: _Row, scores: Scores, draft: list[int], eos: int, copy_penalty: float = 0.0) -> int | None:
    """Take one pass's result for ``row``: the longest draft prefix the decoder agrees with and
    its next token. Returns how many draft tokens were accepted, or None on a near-tie (the
    row is then left to greedy)."""
    best = scores.best[: len(draft) + 1].tolist()
    chosen, flipped = list(best), []
    # the copy token of each position: the draft's, then the source token after the draft
    copies = row.src[row.draft_from : row.draft_from + len(best)] if copy_penalty else []
    for k, copy in enumerate(copies):
        if _flips(scores, k, copy, copy_penalty):
            chosen[k] = int(cast(np.ndarray, scores.runner_up)[k])
            flipped.append(k)
    accepted = 0
    while accepted < len(draft) and chosen[accepted] == draft[accepted]:
        accepted += 1
    new = chosen[: accepted + 1]
    if eos in new:
        new = new[: new.index(eos) + 1]
    penalised = np.array([b == c for b, c in zip(best, copies)], dtype=bool) if copies else None
    if _near_ties(scores, len(new), penalised, copy_penalty):
        return None
    row.flipped += [len(row.tokens) + k for k in flipped if k < len(new)]
    row.tokens += new
    row.states.append(scores.hidden[: len(new)].copy())  # a copy: not the whole call's output kept alive
    row.last = new[-1]
    if row.last != eos:
        row.draft_from = realign(row.src, row.last, row.draft_from + accepted)
    return accepted


def iad(
    model: DecoderModel,
    state: EncoderState,
    src_ids: list[int],
    max_len: int,
    redraft_max: int = REDRAFT_MAX,
    copy_penalty: float = 0.0,
) -> Decoded:
    """Input-guided Aggressive Decoding of one sentence (a batch of one: :func:`iad_batch`);
    the same tokens as :func:`greedy`, in fewer calls. The first draft is the whole source;
    later drafts hold at most ``redraft_max`` tokens."""
    return cast(Decoded, iad_batch(model, [state], [src_ids], [max_len], None, redraft_max, copy_penalty=copy_penalty)[0])


def greedy_batch(
    model: DecoderModel,
    states: Sequence[EncoderState],
    sources: Sequence[list[int]],
    max_lens: Sequence[int],
    should_stop: Callable[[], bool] | None = None,
    *,
    copy_penalty: float = 0.0,
) -> list[Decoded | None]:
    """:func:`greedy` of many sentences, one decoder call per output position over all of them
    (``should_stop`` and ``copy_penalty`` as for :func:`iad_batch`)."""
    return iad_batch(model, states, sources, max_lens, drafts=False, should_stop=should_stop, copy_penalty=copy_penalty)


def log_likelihoods(model, states: Sequence[EncoderState], targets: Sequence[list[int]]) -> list[float]:
    """How likely the decoder finds each of ``targets`` (ending with ``</s>``) as the
    correction of its encoded source (``states``, one a target): the sum of its tokens'
    log-probabilities, teacher-forced, the rows in one decoder call over the full logits
    (``model.first_logits``; used to rank spelling candidates). Each is what it would be alone."""
    from edgegram.engine.finders.runtime import EncoderState

    feeds = [[model.bos_id, *target[:-1]] for target in targets]
    ids = np.full((len(feeds), max(map(len, feeds))), model.pad_id, dtype=np.int64)
    for row, feed in enumerate(feeds):
        ids[row, : len(feed)] = feed
    rows = model.first_logits(EncoderState.stack(list(states)), ids, [len(feed) for feed in feeds])
    return [_summed_log_probs(logits.astype(np.float64), target) for logits, target in zip(rows, targets)]


def log_likelihood(model, state: EncoderState, target_ids: list[int]) -> float:
    """:func:`log_likelihoods` of one target."""
    return log_likelihoods(model, [state], [target_ids])[0]


def _summed_log_probs(logits: np.ndarray, target_ids: list[int]) -> float:
    """The sum of the ``target_ids``' log-softmax in float64 ``logits`` [T,V] (overwritten),
    with one more [T,V] array (log-probabilities only where they are read)."""
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_sums = np.log(np.exp(shifted, out=logits).sum(axis=1))
    rows = np.arange(len(target_ids))
    return float((shifted[rows, target_ids] - log_sums).sum())


__all__ = [
    "Decoded",
    "greedy",
    "greedy_batch",
    "iad",
    "iad_batch",
    "log_likelihood",
    "log_likelihoods",
    "output_limit",
    "realign",
]

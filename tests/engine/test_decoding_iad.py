"""Greedy and Input-guided Aggressive Decoding on the tiny real model: IAD returns exactly
greedy's tokens and probabilities on every kind of input (fp32 and int8), needs fewer decoder
passes on copy-like input, never recomputes accepted tokens (cache rolled back on rejection),
falls back to greedy on near-ties, and respects the length caps."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from edgegram.engine.finders import decoding
from edgegram.engine.finders.decoding import greedy, iad, realign
from edgegram.engine.finders.runtime import Model

SENTENCES = [
    "I like reading books in the evening.",  # no edits (seen)
    "The weather is quite nice in the garden today.",  # no edits (unseen)
    "They is happy.",  # one edit
    "He don't know the answer and we was late, she have a cat.",  # many edits
    "the the the cat the the dog the the the",  # repeated words: ambiguous suffix matches
    "The cat sat. The cat sat. The cat sat on the mat.",
    " ".join(["It rained all day, so we stayed at home."] * 6),  # very long
    "",  # empty
    "?!...,;:",  # only punctuation
    "Der Hund läuft schnell über die Straße.",  # non-English
    "你好，世界。They is happy; I has a apple.",
    "😀 Ünïcode is here 🎉🎉 and the dog run fast.",  # emoji
]


@pytest.fixture(scope="module", params=["int8", "fp32"])
def model(request, tiny_model_dir, tiny_fp32_dir):
    return Model.load(tiny_model_dir if request.param == "int8" else tiny_fp32_dir, threads=1)


def assert_same_output(i, g):
    """IAD's tokens are greedy's; its probabilities come from block logits that differ from
    greedy's at rounding level, so a rounded probability may sit one step to the other side."""
    assert i.tokens == g.tokens
    assert len(i.probs) == len(g.probs)
    assert all(abs(a - b) <= 1.01 * 10**-decoding.PROB_DECIMALS for a, b in zip(i.probs, g.probs))
    assert len(i.margins) == len(g.margins) == len(g.probs)
    assert all(abs(a - b) <= 1.01 * 10**-decoding.PROB_DECIMALS for a, b in zip(i.margins, g.margins))
    assert all(0.0 <= m <= p for m, p in zip(g.margins, g.probs))


def run_both(model, sentence, max_len=None):
    src = model.tokenize(sentence)
    state = model.encode([src])[0]
    limit = max_len if max_len is not None else 2 * len(src) + 10
    return greedy(model, state, src, limit), iad(model, state, src, limit)


@pytest.mark.parametrize("sentence", SENTENCES)
def test_iad_output_equals_greedy(model, sentence):
    g, i = run_both(model, sentence)
    assert_same_output(i, g)
    assert model.eos_id not in g.tokens
    # Each IAD pass emits at least one token; on a near-tie IAD hands the sentence to greedy,
    # so at worst it spends greedy's passes after at most as many of its own.
    assert i.passes <= 2 * g.passes + 1


def test_iad_needs_fewer_passes_on_copy_like_input(model):
    copies = [
        "I like reading books in the evening.",
        "The children are playing in the garden.",
        "We went to the park and played football.",
        "Our teacher gives us a lot of homework.",
    ]
    greedy_passes = iad_passes = 0
    for sentence in copies:
        g, i = run_both(model, sentence)
        assert i.tokens == g.tokens
        greedy_passes += g.passes
        iad_passes += i.passes
    assert greedy_passes >= 4 * len(copies)
    assert iad_passes * 3 <= greedy_passes


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_iad_equals_greedy_on_random_sources(tiny_model_dir, data):
    model = _int8(tiny_model_dir)
    src = data.draw(st.lists(st.integers(4, model.info.vocab_size - 1), max_size=30)) + [model.eos_id]
    state = model.encode([src])[0]
    limit = data.draw(st.integers(0, 2 * len(src) + 10))
    redraft_max = data.draw(st.sampled_from([1, 2, 5, 16, 1000]))
    g, i = greedy(model, state, src, limit), iad(model, state, src, limit, redraft_max=redraft_max)
    assert_same_output(i, g)
    assert len(g.tokens) <= limit


@pytest.mark.parametrize("redraft_max", [1, 3])
@pytest.mark.parametrize("sentence", SENTENCES)
def test_short_redrafts_change_passes_not_output(model, sentence, redraft_max):
    src = model.tokenize(sentence)
    state = model.encode([src])[0]
    limit = 2 * len(src) + 10
    assert_same_output(iad(model, state, src, limit, redraft_max=redraft_max), greedy(model, state, src, limit))


_MODELS: dict = {}


def _int8(path):
    if path not in _MODELS:
        _MODELS[path] = Model.load(path, threads=1)
    return _MODELS[path]


class RecordingModel:
    """Wraps a Model; records (cache length, block length) of every one-row decoder call."""

    def __init__(self, model):
        self.model, self.calls = model, []

    def __getattr__(self, name):
        return getattr(self.model, name)

    def decode_batch(self, state, input_ids, past):
        assert input_ids.shape[0] == 1
        self.calls.append((int(past.lengths[0]), input_ids.shape[1]))
        scores, present = self.model.decode_batch(state, input_ids, past)
        assert present.length == self.calls[-1][0] + input_ids.shape[1]
        return scores, present


def test_rejected_draft_tokens_are_rolled_back_and_accepted_ones_never_recomputed(model):
    recorder = RecordingModel(model)
    src = model.tokenize("He don't know the answer and we was late.")
    state = model.encode([src])[0]
    out = iad(recorder, state, src, 2 * len(src) + 10)
    assert out.tokens == greedy(model, state, src, 2 * len(src) + 10).tokens
    assert len(recorder.calls) == out.passes
    pasts = [past for past, _ in recorder.calls]
    assert pasts[0] == 0
    # the cache of each call holds <s> + every token emitted so far but the last: it grows by
    # the tokens the previous call emitted (>= 1), so no accepted token is fed twice
    emitted = [b - a for a, b in zip(pasts, pasts[1:])] + [len(out.tokens) + 1 - pasts[-1]]
    assert all(n >= 1 for n in emitted)
    assert sum(emitted) == len(out.tokens) + 1  # + </s>
    rejected = [(past, block) for (past, block), n in zip(recorder.calls, emitted) if n < block]
    assert rejected, "the errors in this sentence should make IAD reject part of a draft"
    assert any(n > 1 for n in emitted), "IAD should accept a multi-token draft prefix"


def test_a_rolled_back_cache_equals_the_cache_of_the_prefix(model):
    """``BatchCache.kept`` keeps a row's entries and the accepted part of its block: the
    cache of 2 tokens plus 1 of a 3-token block is the cache of those 3 tokens fed at once."""
    src = model.tokenize("The cat sat on the mat.")
    state = model.encode([src])[0]
    _, first = model.decode(state, [model.bos_id] + src[:1], None)
    cache = model.empty_batch_cache(1).kept(first, [0], [2])
    _, present = model.decode_batch(state, np.asarray([src[1:4]], dtype=np.int64), cache)
    kept = cache.kept(present, [0], [1])
    _, prefix = model.decode(state, [model.bos_id] + src[:2], None)
    assert kept.lengths.tolist() == [3] and len(kept.key) == len(kept.value) == model.info.dec_layers
    for key, value, key_alone, value_alone in zip(kept.key, kept.value, prefix.key, prefix.value):
        assert key.shape[3] == value.shape[2] == 3 and key.flags.c_contiguous and value.flags.c_contiguous
        assert abs(key - key_alone).max() < 1e-4 and abs(value - value_alone).max() < 1e-4


def test_near_ties_fall_back_to_greedy(model, monkeypatch):
    sentence = "They is happy."
    g, _ = run_both(model, sentence)
    monkeypatch.setattr(decoding, "TIE_MARGIN", float("inf"))  # every token counts as a near-tie
    _, i = run_both(model, sentence)
    assert (i.tokens, i.probs) == (g.tokens, g.probs)
    assert i.passes == g.passes + 1


@pytest.mark.parametrize("max_len", [0, 1, 3, 7])
def test_length_cap(model, max_len):
    g, i = run_both(model, "The children are playing in the garden.", max_len)
    assert_same_output(i, g)
    assert len(g.tokens) <= max_len
    assert len(g.probs) <= max_len


def test_cap_by_model_positions(model):
    sentence = " ".join(["The cat sat on the mat."] * 40)
    src = model.tokenize(sentence)[: model.max_source_tokens]
    state = model.encode([src])[0]
    g, i = greedy(model, state, src, 10_000), iad(model, state, src, 10_000)
    assert_same_output(i, g)
    assert len(g.tokens) <= model.info.max_positions


def test_probabilities_are_of_the_chosen_tokens(model):
    g, _ = run_both(model, "The cat sat on the mat.")
    assert len(g.probs) == len(g.tokens) + 1  # the last one is </s>'s
    assert all(0.0 < p <= 1.0 for p in g.probs)


@pytest.mark.parametrize(
    "token, near, expected",
    [
        (6, 1, 3),  # deletion: the token after the rejected one -> draft after it
        (7, 4, 6),  # two occurrences (3 and 5) equally near 4: the later one
        (7, 1, 4),  # nearest to 1 is position 3
        (7, 6, 6),  # nearest to 6 is position 5
        (99, 2, 3),  # not in the source: a substitution, draft after the rejected token
        (99, 8, 8),  # ... never past the end of the source
        (4, 7, 1),  # far away but the only occurrence
    ],
)
def test_realign(token, near, expected):
    src = [4, 5, 6, 7, 8, 7, 8, 2]
    assert realign(src, token, near) == expected


def test_iad_equals_greedy_when_realignment_guesses_wrong(model):
    """Inserted words make the substitution guess wrong; the output is still greedy's."""
    for sentence in ("I want go to home.", "She said that that that was fine.", "Yesterday I go to the the shop."):
        g, i = run_both(model, sentence)
        assert_same_output(i, g)


def _batch_inputs(model, sentences):
    sources = [model.tokenize(s)[: model.max_source_tokens] for s in sentences]
    return model.encode(sources), sources


def test_batched_iad_and_greedy_give_each_sentence_its_greedy_output_alone(model):
    states, sources = _batch_inputs(model, SENTENCES)
    limits = [2 * len(src) + 10 for src in sources]
    limits[2], limits[3] = 0, 3  # a sentence that may not decode at all, one cut short
    alone = [greedy(model, state, src, limit) for state, src, limit in zip(states, sources, limits)]
    for batched in (decoding.iad_batch(model, states, sources, limits), decoding.greedy_batch(model, states, sources, limits)):
        assert len(batched) == len(alone)
        for b, g in zip(batched, alone):
            assert_same_output(b, g)
    iad_passes = sum(d.passes for d in decoding.iad_batch(model, states, sources, limits))
    assert iad_passes < sum(g.passes for g in alone)


def test_batched_iad_with_short_redrafts_and_a_sentence_at_every_length(model):
    sentences = [" ".join(["the cat sat"] * k) + "." for k in range(1, 9)] + ["He don't know it, we was late."]
    states, sources = _batch_inputs(model, sentences)
    limits = [2 * len(src) + 10 for src in sources]
    for redraft_max in (1, 3):
        batched = decoding.iad_batch(model, states, sources, limits, redraft_max=redraft_max)
        for b, state, src, limit in zip(batched, states, sources, limits):
            assert_same_output(b, greedy(model, state, src, limit))


def test_a_batch_row_with_a_near_tie_falls_back_to_greedy_alone(model, monkeypatch):
    states, sources = _batch_inputs(model, SENTENCES[:4])
    limits = [2 * len(src) + 10 for src in sources]
    alone = [greedy(model, state, src, limit) for state, src, limit in zip(states, sources, limits)]
    monkeypatch.setattr(decoding, "TIE_MARGIN", float("inf"))  # every token counts as a near-tie
    for b, g in zip(decoding.iad_batch(model, states, sources, limits), alone):
        assert (b.tokens, b.probs) == (g.tokens, g.probs)
        assert b.passes == g.passes + 1


def test_sentences_encoded_together_are_encoded_as_alone(model, monkeypatch):
    """Sources of different lengths share an encoder call, padded and masked; each state is bit
    for bit its state alone."""
    rng = np.random.default_rng(3)
    sources = [rng.integers(4, model.info.vocab_size, n).tolist() + [model.eos_id] for n in (9, 9, 4, 9, 4, 30, 17)]
    shapes = []
    encoder = model.encoder

    class Recording:
        def run(self, outputs, feed, options):
            shapes.append(feed["input_ids"].shape)
            return encoder.run(outputs, feed, options)

    monkeypatch.setattr(model, "encoder", Recording())
    together = model.encode(sources)
    monkeypatch.setattr(model, "encoder", encoder)
    assert shapes == [(7, 31)]  # one call, padded to the longest (7 x 31 <= ENCODE_TOKENS)
    for src, state in zip(sources, together):
        (alone,) = model.encode([src])
        assert np.array_equal(state.cross_key, alone.cross_key) and np.array_equal(state.cross_value, alone.cross_value)
        assert state.cross_key.shape[1] == 1 and state.src_mask.shape == (1, len(src))


def test_a_stop_within_a_batch_keeps_the_finished_sentences_and_leaves_the_rest_none(model):
    """``should_stop`` is asked after each decoder pass: the sentences finished by then keep
    their greedy output, the others come back None (the caller runs them again later)."""
    # Four rows or more: every draft is cut short (BATCH_DRAFT_MAX), so the long one needs many passes.
    sentences = ["They is happy.", "The cat sat.", "I like reading books in the evening.", " ".join(["It rained all day."] * 5)]
    assert len(sentences) >= decoding.BATCH_ROWS
    states, sources = _batch_inputs(model, sentences)
    limits = [1] + [2 * len(src) + 10 for src in sources[1:]]  # the first is done after one pass
    alone = [greedy(model, state, src, limit) for state, src, limit in zip(states, sources, limits)]
    asked = []
    for decode in (decoding.iad_batch, decoding.greedy_batch):
        stopped = decode(model, states, sources, limits, lambda: not asked.append(1))
        assert len(asked) == 1  # asked once, after the first pass, which stopped the batch
        assert stopped[0] is not None and stopped[-1] is None  # the long one needs many passes
        for d, g in zip(stopped, alone):
            if d is not None:
                assert_same_output(d, g)
        asked.clear()
        assert decode(model, states, sources, limits, lambda: False) == decode(model, states, sources, limits)


def test_two_or_three_rows_feed_at_most_block_positions_a_call_and_keep_greedys_output(model, monkeypatch):
    """A few long sentences left in a batch get drafts cut so that a call computes at most
    BLOCK_POSITIONS positions (its logits' memory); one row alone is never cut."""
    monkeypatch.setattr(decoding, "BLOCK_POSITIONS", 12)
    sentences = [" ".join(["the cat sat on the mat"] * 3) + ".", "He don't know it, we was late and they goes home."]
    states, sources = _batch_inputs(model, sentences)
    limits = [2 * len(src) + 10 for src in sources]
    shapes = []
    decode_batch = model.decode_batch

    def recording(state, ids, past):
        shapes.append(ids.shape)
        return decode_batch(state, ids, past)

    monkeypatch.setattr(model, "decode_batch", recording)
    batched = decoding.iad_batch(model, states, sources, limits)
    two_rows = [rows * width for rows, width in shapes if rows == 2]
    assert two_rows and max(two_rows) <= 12 < 2 * min(len(src) for src in sources)  # cut, or it would be wider
    for b, state, src, limit in zip(batched, states, sources, limits):
        assert_same_output(b, greedy(model, state, src, limit))
    shapes.clear()
    decoding.iad_batch(model, states[:1], sources[:1], limits[:1])
    assert shapes[0][1] == 1 + len(sources[0])  # one row: its last token and the whole source as its draft


def test_log_likelihoods_of_a_batch_are_each_what_it_gets_alone(model):
    """Spelling candidates of a whole check are scored in batches: each row (padded at the end,
    beside longer and shorter ones) gets exactly the log-likelihood it gets alone, and that is
    the sum of its tokens' log-probabilities under the full logits."""
    texts = [SENTENCES[2], SENTENCES[0], SENTENCES[3], SENTENCES[1]]
    ids = [model.tokenize(text) for text in texts]
    batched = decoding.log_likelihoods(model, model.encode(ids), ids)
    alone = [decoding.log_likelihood(model, model.encode([one])[0], one) for one in ids]
    assert batched == alone
    logits = model.logits(model.encode([ids[0]])[0], [model.bos_id, *ids[0][:-1]]).astype(np.float64)
    log_probs = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
    assert batched[0] == pytest.approx(log_probs[np.arange(len(ids[0])), ids[0]].sum(), rel=1e-9)
    assert len(set(batched)) == len(texts) and all(value < 0 for value in batched)

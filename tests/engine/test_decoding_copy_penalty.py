"""The copy penalty (``edgegram.engine.finders.decoding``) on the tiny real model: greedy and IAD, one
sentence and batched, still emit the same tokens; a position the penalty flips carries exactly
the runner-up the logits give there, behind the aligned source token, with that token's own
probability; no penalty is plain greedy search; the checker decodes with its setting."""

from dataclasses import replace

import numpy as np
import pytest

from edgegram.engine import Checker, CheckerConfig
from edgegram.engine.finders import decoding
from edgegram.engine.finders.decoding import greedy, iad, realign
from edgegram.engine.finders.runtime import Model

SENTENCES = [
    "I like reading books in the evening.",
    "They is happy.",
    "He don't know the answer and we was late, she have a cat.",
    "the the the cat the the dog the the the",
    " ".join(["It rained all day, so we stayed at home."] * 4),
    "",
    "你好，世界。They is happy; I has a apple.",
    "😀 Ünïcode is here 🎉🎉 and the dog run fast.",
]
PENALTIES = [0.5, 2.0, 8.0]


@pytest.fixture(scope="module", params=["int8", "fp32"])
def model(request, tiny_model_dir, tiny_fp32_dir):
    return Model.load(tiny_model_dir if request.param == "int8" else tiny_fp32_dir, threads=1)


def _inputs(model, sentence):
    src = model.tokenize(sentence)[: model.max_source_tokens]
    return src, model.encode([src])[0], 2 * len(src) + 10


def _same(a, b):
    assert a.tokens == b.tokens
    assert a.flipped == b.flipped
    assert len(a.probs) == len(b.probs)
    assert all(abs(x - y) <= 1.01 * 10**-decoding.PROB_DECIMALS for x, y in zip(a.probs, b.probs))
    assert all(abs(x - y) <= 1.01 * 10**-decoding.PROB_DECIMALS for x, y in zip(a.margins, b.margins))


@pytest.mark.parametrize("penalty", PENALTIES)
@pytest.mark.parametrize("sentence", SENTENCES)
def test_iad_with_a_copy_penalty_emits_greedys_tokens(model, sentence, penalty):
    src, state, limit = _inputs(model, sentence)
    _same(iad(model, state, src, limit, copy_penalty=penalty), greedy(model, state, src, limit, penalty))


@pytest.mark.parametrize("penalty", PENALTIES)
def test_batched_decoders_with_a_copy_penalty_give_each_sentence_its_greedy_output_alone(model, penalty):
    sources = [model.tokenize(s)[: model.max_source_tokens] for s in SENTENCES]
    states = model.encode(sources)
    limits = [2 * len(src) + 10 for src in sources]
    alone = [greedy(model, state, src, limit, penalty) for state, src, limit in zip(states, sources, limits)]
    for batched in (
        decoding.iad_batch(model, states, sources, limits, copy_penalty=penalty),
        decoding.greedy_batch(model, states, sources, limits, copy_penalty=penalty),
        decoding.iad_batch(model, states, sources, limits, redraft_max=1, copy_penalty=penalty),
    ):
        for b, g in zip(batched, alone):
            _same(b, g)


def test_a_flipped_token_is_the_runner_up_behind_the_aligned_source_token(model):
    """Replayed step by step from the full logits: where the argmax is the source token the
    output is aligned with and leads by no more than the penalty, the runner-up was emitted and
    the position is flipped, with the runner-up's probability and a negative margin; everywhere
    else the argmax was emitted."""
    penalty, flips = 2.0, 0
    for sentence in SENTENCES:
        src, state, limit = _inputs(model, sentence)
        out = greedy(model, state, src, limit, penalty)
        emitted = out.tokens + ([model.eos_id] if out.scored > len(out.tokens) else [])
        logits = model.logits(state, [model.bos_id] + emitted[:-1]) if emitted else np.zeros((0, 1))
        aligned = 0
        for k, token in enumerate(emitted):
            row = logits[k].astype(np.float64)
            first, second = np.argsort(-row)[:2]
            probs = np.exp(row - row.max()) / np.exp(row - row.max()).sum()
            if aligned < len(src) and first == src[aligned] and row[first] - row[second] <= penalty:
                assert token == second and k in out.flipped
                assert out.probs[k] == pytest.approx(probs[second], abs=2e-3)
                assert out.margins[k] == pytest.approx(probs[second] - probs[first], abs=2e-3) and out.margins[k] < 0
                flips += 1
            else:
                assert token == first and k not in out.flipped
            aligned = realign(src, token, aligned)
    assert flips, "a penalty of 2 logits should flip some of the tiny model's copies"


def test_no_copy_penalty_is_plain_greedy_search(model):
    for sentence in SENTENCES:
        src, state, limit = _inputs(model, sentence)
        plain, zero = greedy(model, state, src, limit), greedy(model, state, src, limit, 0.0)
        assert plain.tokens == zero.tokens and not zero.flipped
        if plain.tokens:  # every token the argmax of its logits
            fed = [model.bos_id] + plain.tokens[:-1]
            assert [int(np.argmax(row)) for row in model.logits(state, fed)] == plain.tokens


def test_near_ties_under_a_copy_penalty_fall_back_to_greedy(model, monkeypatch):
    src, state, limit = _inputs(model, "He don't know the answer and we was late.")
    g = greedy(model, state, src, limit, 2.0)
    monkeypatch.setattr(decoding, "TIE_MARGIN", float("inf"))  # every token counts as a near-tie
    i = iad(model, state, src, limit, copy_penalty=2.0)
    assert (i.tokens, i.flipped, i.probs) == (g.tokens, g.flipped, g.probs)
    assert i.passes == g.passes + 1


@pytest.mark.parametrize("decoder", ["iad", "greedy"])
def test_the_checker_decodes_with_its_copy_penalty(tiny_model_dir, decoder):
    text = "He don't know the answer and we was late, she have a cat."
    outputs = {}
    for penalty in (0.0, 1.0):
        config = CheckerConfig(tiny_model_dir, threads=1, decoder=decoder, min_confidence=0.0, safety=False, rules=False)
        checker = Checker(replace(config, copy_penalty=penalty))
        src, state, limit = _inputs(checker.model, text)
        expected = checker.model.detokenize(greedy(checker.model, state, src, limit, penalty).tokens).strip()
        assert checker.correct(text) == expected
        outputs[penalty] = expected
    assert outputs[0.0] != outputs[1.0]

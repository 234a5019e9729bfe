"""Checker on the tiny real ONNX model (``tiny_model_dir`` fixture): without the safety
rules, edits reproduce the model output with exact offsets around accents and CRLF; emoji and
CJK are never touched and ranges stay exact; cache; min_confidence; IAD and greedy give the
same edits; load errors are clear."""

from pathlib import Path

import pytest

from edgegram.engine import Checker, CheckerConfig, ModelLoadError
from edgegram.engine.checker import default_model_dir
from edgegram.engine.core.edits import apply_edits
from edgegram.engine.finders.decoding import greedy
from edgegram.engine.sentences.segment import segment

TEXT = (
    "😀 Ünïcode is here and the dog run fast.\r\n"
    "It continue on this line.\r\n\r\n"
    "你好 They is happy; I has a apple. 🎉🎉 Last one\n"
)
PLAIN = "Ünïcode is here and the dog run fast.\r\nIt continue on this line.\r\n\r\nThey is happy; I has a apple. Last one\n"


@pytest.fixture(scope="module")
def checker(tiny_model_dir) -> Checker:
    return Checker(CheckerConfig(model_dir=tiny_model_dir, threads=1, decoder="iad", min_confidence=0.0))


def model_output(model, sentence: str, copy_penalty: float = CheckerConfig.copy_penalty) -> str:
    """What the model makes of one sentence, by the documented rules (oracle for the tests):
    greedy search with the checker's copy penalty."""
    ids = model.tokenize(sentence)
    decoded = greedy(model, model.encode([ids])[0], ids, 2 * len(ids) + 10, copy_penalty)
    tokens = list(decoded.tokens)
    if 2 in tokens:
        tokens = tokens[: tokens.index(2)]
    output = model.detokenize(tokens).strip()
    return output if output and len(output) <= 2 * len(sentence) + 10 else sentence


def test_without_safety_rules_edits_reproduce_the_model_output_with_exact_offsets(tiny_model_dir):
    raw = Checker(CheckerConfig(model_dir=tiny_model_dir, threads=1, min_confidence=0.0, safety=False, rules=False))
    edits = raw.check(PLAIN)
    for edit in edits:
        assert PLAIN[edit.start : edit.end] == edit.original
        assert 0.0 <= edit.margin <= 1.0 and 0.0 <= edit.confidence <= 1.0
        assert edit.message
    expected = PLAIN
    for span in reversed(segment(PLAIN)):
        expected = expected[: span.start] + model_output(raw.model, PLAIN[span.start : span.end]) + expected[span.end :]
    assert apply_edits(PLAIN, edits) == expected
    assert raw.correct(PLAIN) == expected
    assert edits, "the tiny model should change at least one of these sentences"


@pytest.mark.parametrize("safety", [True, False])
def test_emoji_and_cjk_are_never_touched_and_ranges_stay_exact(tiny_model_dir, safety):
    checker = Checker(CheckerConfig(model_dir=tiny_model_dir, threads=1, min_confidence=0.0, safety=safety))
    edits = checker.check(TEXT)
    untouchable = [i for i, c in enumerate(TEXT) if ord(c) > 0x2FFF]
    for edit in edits:
        assert TEXT[edit.start : edit.end] == edit.original
        assert not any(edit.start <= i < edit.end for i in untouchable), edit
    corrected = apply_edits(TEXT, edits)
    assert [c for c in corrected if ord(c) > 0x2FFF] == [TEXT[i] for i in untouchable]


def test_recheck_is_answered_from_the_cache(tiny_model_dir):
    checker = Checker(CheckerConfig(model_dir=tiny_model_dir, threads=1))
    first = checker.check(TEXT)
    runs = checker.stats.sentences
    assert runs == len(segment(TEXT))
    assert checker.check(TEXT) == first
    assert checker.stats.sentences == runs
    assert checker.stats.cache_hits == runs
    assert checker.stats.decoder_passes > 0 and checker.stats.tokens > 0


def test_min_confidence_keeps_exactly_the_confident_edits(checker, tiny_model_dir):
    edits = checker.check(TEXT)
    threshold = sorted(e.confidence for e in edits)[len(edits) // 2]
    strict = Checker(CheckerConfig(model_dir=tiny_model_dir, threads=1, min_confidence=threshold))
    kept = strict.check(TEXT)
    assert kept == [e for e in edits if e.confidence >= threshold]
    assert len(kept) >= 1
    assert strict.correct(TEXT) == apply_edits(TEXT, kept)


def test_iad_and_greedy_checkers_agree(checker, tiny_model_dir):
    greedy_checker = Checker(CheckerConfig(model_dir=tiny_model_dir, threads=1, decoder="greedy", min_confidence=0.0))
    assert greedy_checker.check(TEXT) == checker.check(TEXT)
    assert checker.stats.decoder_passes <= greedy_checker.stats.decoder_passes or checker.stats.cache_hits


LONG = " ".join(
    f"{who} go to school. They is happy and the {animal} run fast. It continue on this line; {who} has a apple."
    for who in ("He", "She", "Tom", "Anna")
    for animal in ("dog", "cat", "cow")
)


@pytest.mark.parametrize("batch_size, threads", [(1, 1), (4, 2), (32, 2), (3, 2)])
def test_batched_checks_give_the_one_sentence_edits(tiny_model_dir, batch_size, threads):
    """Sentences decoded in batches give exactly the edits of one sentence at a time."""
    config = CheckerConfig(model_dir=tiny_model_dir, min_confidence=0.0, cache_size=0)
    alone = Checker(CheckerConfig(model_dir=tiny_model_dir, threads=1, batch_size=1, min_confidence=0.0, cache_size=0))
    batched = Checker(CheckerConfig(**{**config.__dict__, "batch_size": batch_size, "threads": threads}))
    assert batched.check(LONG) == alone.check(LONG)
    assert batched.stats.sentences == alone.stats.sentences > 10


def test_model_dir_from_environment(monkeypatch, tiny_model_dir):
    monkeypatch.setenv("EDGEGRAM_MODEL", str(tiny_model_dir))
    assert default_model_dir() == Path(tiny_model_dir)
    assert Checker(CheckerConfig(threads=1)).check("") == []


def test_missing_model_dir_raises_a_clear_model_load_error(tmp_path):
    missing = tmp_path / "no-model"
    with pytest.raises(ModelLoadError, match="no-model"):
        Checker(CheckerConfig(model_dir=missing, threads=1))


def test_probabilities_are_scored_only_for_the_tokens_of_edits(tiny_model_dir):
    """The full-vocabulary scores graph runs for a sentence only when it has an edit, and then
    for the tokens its edits cover, never for a sentence the model leaves as it is; the
    confidences are those of every token scored at once."""
    checker = Checker(CheckerConfig(model_dir=tiny_model_dir, threads=1, min_confidence=0.0, rules=False))
    model = checker.model
    scored: list[int] = []
    vocab_scores = model.vocab_scores
    model.vocab_scores = lambda hidden: scored.append(len(hidden)) or vocab_scores(hidden)
    unchanged = next(s for s in ("This is fine.", "The cat sat on the mat.", "I like it.") if model_output(model, s) == s)
    changed = "They is happy and the dog run fast."
    assert model_output(model, changed) != changed
    scored.clear()  # model_output's decoding never asks for probabilities either
    assert checker.check(unchanged) == []
    assert scored == []
    edits = checker.check(changed)
    assert edits and len(scored) == 1 and 0 < scored[0] < len(model.tokenize(changed))
    ids = model.tokenize(changed)
    decoded = greedy(model, model.encode([ids])[0], ids, 2 * len(ids) + 10, checker.config.copy_penalty)
    every = decoded.probs  # every position at once
    probs, _ = decoded.scores_at([0, len(every) - 1])
    assert probs == {0: every[0], len(every) - 1: every[-1]}


def test_a_misspellings_candidates_are_scored_in_the_words_around_it(tiny_model_dir):
    """The model reads each candidate with five words either side of the misspelt one (its
    punctuation kept), not the whole sentence: the far words only add noise, and time."""
    sentence = "First of all, as I told you before, the door would not closue (today) and then we left the house for good."
    checker = Checker(CheckerConfig(model_dir=tiny_model_dir, threads=1, min_confidence=0.0, rules=True))
    asked: list[list[str]] = []
    likelihoods = checker._likelihoods
    checker._likelihoods = lambda texts: asked.append(texts) or likelihoods(texts)
    checker.check(sentence)
    context = "before, the door would not {} (today) and then we left"
    assert asked == [[context.format("close"), context.format("closure")]]


def test_the_spelling_candidates_of_a_check_are_scored_together_as_each_would_be_alone(tiny_model_dir):
    """The checker scores every misspelling's candidates of a check at once, in batches on its
    model workers, before ranking them: one call for the whole text, and the edits the ranking
    gives one sentence at a time, each candidate scored alone."""
    from edgegram.engine.judge.mechanical_edits import MechanicalFinder
    from edgegram.engine.sentences.lexicon import shipped_lexicon

    text = "The door would not closue today. She wnet home and slept.\n\nWe fuond a cat.\n"
    checker = Checker(CheckerConfig(model_dir=tiny_model_dir, threads=1, min_confidence=0.0, rules=True))
    asked: list[list[str]] = []
    likelihoods = checker._likelihoods
    checker._likelihoods = lambda texts: asked.append(texts) or likelihoods(texts)
    edits = {e.original: (e.replacement, e.alternatives) for e in checker.check(text) if e.kind.value == "spelling"}
    assert len(asked) == 1 and len(asked[0]) == 8  # close/closure, went/wet/whet, found/fund/fond
    assert set(edits) == {"closue", "wnet", "fuond"}

    alone = MechanicalFinder(checker.model, 100, 10_000)
    scored: list[str] = []
    for sentence in ("The door would not closue today.", "She wnet home and slept.", "We fuond a cat."):
        found = alone.find([(sentence, ())], shipped_lexicon(), (), set())[0]
        for edit in found:
            if edit.original in edits:
                assert edits[edit.original] == (edit.replacement, edit.alternatives)
                scored.append(edit.original)
    assert sorted(scored) == sorted(edits)
    for candidate_text in asked[0]:  # scored in a batch, and alone: the same, bit for bit
        assert checker._mechanical._likelihoods.get(candidate_text) == alone._likelihoods.get(candidate_text) is not None

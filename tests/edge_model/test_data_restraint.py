"""Restraint data: copy pairs are identical, errors never touch protected tokens, long
pairs are consecutive sentences within the length limit, and the defaults change nothing."""

import random
from dataclasses import replace

import pytest
from tokenizers import Tokenizer, models, pre_tokenizers, trainers

from edge_model.batches import STAGES, BatchStream
from edge_model.data.noise import NoiseConfig, SyntheticErrors
from edge_model.data.readers import is_restraint_sentence
from edge_model.data.restraint import anchor_mask, is_rich, join_consecutive, protected_mask

MISSPELLINGS = {"because": ["becuase"], "receive": ["recieve"], "members": ["membres"]}
RICH = [
    "The members of IEEE will receive the report on 02/22/2019 because it was late.",
    "Call 888-669-1134 or see https://example.com/a?b=1 for the details of the plan.",
    "They paid $44 (55%) for version 3.2.1 of the tool and were happy with it.",
    "The HIPAA rules say that the data of patients must be kept for 6 years.",
    "Mail me at jo.smith@example.org when the children went to the park in San Miguel.",
    "The team met Maria Lopez in Boston to talk about the new deal with @acme today.",
]
PLAIN = [
    "I think the children went to the park because it was sunny.",
    "She was happy that they had come to see her at home.",
]


def _protected_words(sentence: str) -> list[str]:
    words = sentence.split(" ")
    return [w for w, m in zip(words, protected_mask(words)) if m]


def _anchor_words(sentence: str) -> list[str]:
    words = sentence.split(" ")
    return [w for w, m in zip(words, anchor_mask(words)) if m]


def test_protected_words_are_the_engines_protected_tokens():
    assert _protected_words(RICH[0]) == ["IEEE", "02/22/2019"]
    assert _protected_words(RICH[1]) == ["888-669-1134", "https://example.com/a?b=1"]
    assert _protected_words(RICH[2]) == ["$44", "(55%)", "3.2.1"]
    assert "@" in _protected_words("We loved it @ so much.")  # the model text's placeholder
    assert _protected_words(PLAIN[0]) == []
    assert _anchor_words(RICH[5]) == ["Maria", "Lopez", "Boston", "@acme"]


def test_rich_sentences_hold_numbers_urls_acronyms_or_names():
    assert all(is_rich(s) for s in RICH)
    assert not any(is_rich(s) for s in PLAIN)


@pytest.mark.parametrize("protect", [True, False])
def test_protected_corruption_never_alters_a_protected_token(protect):
    noise = SyntheticErrors(NoiseConfig(protect_tokens=protect, keep_prob=0.0), MISSPELLINGS)
    altered = 0
    for seed in range(400):
        for sentence in RICH:
            out = noise.corrupt(sentence, random.Random(seed))
            kept = all(out.split(" ").count(w) == sentence.split(" ").count(w) for w in _protected_words(sentence))
            altered += not kept
    if protect:
        assert altered == 0
    else:
        assert altered > 0  # without protection, the same errors do hit those tokens


def test_errors_beside_a_token_change_a_neighbour_and_keep_every_token():
    noise = SyntheticErrors(NoiseConfig(), MISSPELLINGS)
    changed = 0
    for seed in range(300):
        for sentence in RICH:
            out = noise.corrupt_beside(sentence, random.Random(seed))
            assert _anchor_words(sentence) == [w for w in out.split(" ") if w in _anchor_words(sentence)] or out == sentence
            for token in _protected_words(sentence):
                assert out.split(" ").count(token) == sentence.split(" ").count(token), (sentence, out)
            if out != sentence:
                changed += 1
                # the change is next to a token: some token has a changed word within reach
                before, after = sentence.split(" "), out.split(" ")
                first = (
                    next(i for i, (a, b) in enumerate(zip(before, after)) if a != b)
                    if before[: len(after)] != after
                    else len(after)
                )
                anchors = [i for i, m in enumerate(anchor_mask(before)) if m]
                assert any(abs(first - a) <= NoiseConfig().beside_reach + 1 for a in anchors), (sentence, out)
    assert changed > 0.8 * 300 * len(RICH)


def test_a_sentence_without_tokens_is_left_unchanged_by_corrupt_beside():
    noise = SyntheticErrors(NoiseConfig(), MISSPELLINGS)
    assert all(noise.corrupt_beside(PLAIN[0], random.Random(s)) == PLAIN[0] for s in range(20))


def test_join_consecutive_stays_within_the_limit_and_stops_at_a_break():
    items = ["a b c", "d e", "f g h i", "", "j k"]
    size = lambda s: len(s.split())  # noqa: E731
    assert join_consecutive(items, 0, size, 5) == ["a b c", "d e"]
    assert join_consecutive(items, 0, size, 100, is_break=lambda s: not s) == ["a b c", "d e", "f g h i"]
    assert join_consecutive(items, 2, size, 1) == ["f g h i"]  # the first is taken whatever its size


def test_restraint_sentences_welcome_numbers_but_not_fragments():
    assert all(is_restraint_sentence(s) for s in RICH)
    assert not is_restraint_sentence("12 34 56 78 90 11.")
    assert not is_restraint_sentence("and then the")
    assert is_restraint_sentence("Most of the 300 members voted in the morning.")  # "of the" is no hole
    assert not is_restraint_sentence("It was released by the , a company in 2004.")  # a hole left by markup
    assert not is_restraint_sentence("The price of the of it is $5.")


# ---- the batch stream ----------------------------------------------------------------------

DOCS = [RICH[:3], PLAIN, RICH[3:]]
RESTRAINT = [s for doc in DOCS for s in doc + [""]]


@pytest.fixture(scope="module")
def tokenizer() -> Tokenizer:
    tok = Tokenizer(models.WordLevel(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tok.train_from_iterator(RICH + PLAIN, trainers.WordLevelTrainer(special_tokens=["<pad>", "<s>", "</s>", "<unk>"]))
    return tok


def _stream(tokenizer, **shares) -> BatchStream:
    noise = SyntheticErrors(NoiseConfig(protect_tokens=True), MISSPELLINGS)
    real = [(s.replace("the", "teh"), s) for s in RICH + PLAIN]
    return BatchStream(
        clean=PLAIN,
        real=real,
        corrupt=noise.corrupt,
        tokenizer=tokenizer,
        seed=5,
        stage=replace(STAGES["finetune"], real_share=0.2, **shares),
        chunk_size=400,
        max_len=64,
        restraint=RESTRAINT,
        corrupt_beside=noise.corrupt_beside,
    )


def test_copy_pairs_are_identical_rich_sentences(tokenizer):
    pairs = _stream(tokenizer, copy_share=0.8).pairs(0)
    copies = [s for s, t in pairs if s == t and s in RICH]
    assert len(copies) > 0.6 * len(pairs)
    assert not [s for s, t in pairs if s == t and s in PLAIN and (s, t) not in copies and s not in PLAIN]


def test_long_pairs_are_consecutive_sentences_within_the_limit(tokenizer):
    stream = _stream(tokenizer, copy_share=0.4, beside_share=0.3, long_share=1.0)
    pairs = stream.pairs(1)
    joined = [t for _, t in pairs if len(t) > max(len(s) for s in RICH + PLAIN)]
    assert len(joined) > 0.3 * len(pairs)
    for source, target in pairs:
        assert len(tokenizer.encode(target).ids) <= stream.max_len - 8
        if (source, target) in stream.real:
            continue
        if any(target.startswith(d[0]) or target in d for d in DOCS):
            doc = next(d for d in DOCS if any(target.startswith(s) for s in d))
            text = " ".join(doc)
            assert target in text  # consecutive sentences of one document, in order
    batches = stream.batches(1)
    assert batches and all(b.src.shape[1] <= stream.max_len and b.tgt_out.shape[1] <= stream.max_len for b in batches)


def test_beside_pairs_keep_every_protected_token(tokenizer):
    pairs = _stream(tokenizer, beside_share=0.8).pairs(2)
    beside = [(s, t) for s, t in pairs if t in RICH and s != t]
    assert len(beside) > 0.5 * len(pairs)
    for source, target in beside:
        for token in _protected_words(target):
            assert source.split(" ").count(token) == target.split(" ").count(token), (source, target)


def test_the_default_mix_needs_no_restraint_sentences(tokenizer):
    plain = BatchStream(
        clean=PLAIN, real=[], corrupt=lambda s, r: s, tokenizer=tokenizer, seed=5, stage=STAGES["finetune"], chunk_size=10
    )
    assert plain.pairs(0) == [(t, t) for _, t in plain.pairs(0)]
    with pytest.raises(ValueError, match="restraint"):
        BatchStream(
            clean=PLAIN,
            real=[],
            corrupt=lambda s, r: s,
            tokenizer=tokenizer,
            seed=5,
            stage=replace(STAGES["finetune"], copy_share=0.5),
        )

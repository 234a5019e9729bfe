"""The batch stream is deterministic: the same data whatever the number of workers."""

import random

import pytest
from tokenizers import Tokenizer, models, pre_tokenizers, trainers

from edge_model.batches import STAGES, BatchStream


def _corrupt(sentence: str, rng: random.Random) -> str:
    words = sentence.split()
    if len(words) > 2 and rng.random() < 0.5:
        del words[rng.randrange(len(words))]
    return " ".join(words)


@pytest.fixture(scope="module")
def stream() -> BatchStream:
    clean = [f"Sentence number {i} is about {w} things ." for i, w in enumerate(["red", "big", "old", "new"] * 50)]
    real = [("He go home .", "He goes home ."), ("I has a cat .", "I have a cat .")]
    tok = Tokenizer(models.WordLevel(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.train_from_iterator(
        clean + [s for p in real for s in p], trainers.WordLevelTrainer(special_tokens=["<pad>", "<s>", "</s>", "<unk>"])
    )
    return BatchStream(
        clean=clean, real=real, corrupt=_corrupt, tokenizer=tok, seed=3, stage=STAGES["finetune"], batch_tokens=400, chunk_size=64
    )


def _take(it, n):
    """The first ``n`` items; the stream closed at once (a stream of worker processes left to the
    garbage collector could tear its pool down after the pool's result thread had ended)."""
    try:
        return [next(it) for _ in range(n)]
    finally:
        it.close()


def test_workers_give_the_same_batches_in_the_same_order(stream: BatchStream) -> None:
    serial = _take(stream.stream(0, 0, workers=0), 12)
    parallel = _take(stream.stream(0, 0, workers=2), 12)
    assert [pos for pos, _ in serial] == [pos for pos, _ in parallel]
    for (_, a), (_, b) in zip(serial, parallel):
        assert a.src.equal(b.src) and a.tgt_out.equal(b.tgt_out)
    assert len({pos[0] for pos, _ in serial}) > 1  # the comparison crossed a chunk boundary


def test_resuming_mid_chunk_continues_the_stream(stream: BatchStream) -> None:
    full = _take(stream.stream(0, 0), 8)
    pos, _ = full[2]
    resumed = _take(stream.stream(*pos), 5)
    assert [p for p, _ in resumed] == [p for p, _ in full[3:8]]
    assert all(a.src.equal(b.src) for (_, a), (_, b) in zip(resumed, full[3:8]))

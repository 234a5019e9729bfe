"""Deterministic, resumable stream of training batches.

Examples come in numbered chunks; chunk ``i`` is built from ``random.Random(seed, i)``
alone, so a run that stops after chunk ``i`` resumes at chunk ``i + 1`` and sees
exactly the data an uninterrupted run would have seen. Each chunk mixes synthetic
pairs (a clean sentence and a corrupted copy of it, often left unchanged) with real
learner pairs, in the proportion the training stage asks for.
"""

from __future__ import annotations

import collections
import multiprocessing
import random
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field

import torch
from tokenizers import Tokenizer

from edge_model.data.restraint import is_rich, join_consecutive, long_limit

Corrupt = Callable[[str, random.Random], str]


@dataclass(frozen=True)
class StageMix:
    """What a stage's examples are made of: shares of real learner pairs, of copy pairs
    (an unchanged sentence rich in numbers, URLs, acronyms, names: source == target) and of
    pairs with errors placed beside such tokens; the rest is synthetic errors on clean text.
    ``long_share`` of all examples are long: consecutive sentences (or learner pairs) joined
    up to the model's positions. Copy, beside and long examples need the corpus's restraint
    sentences. ``tech_copy_share`` of unchanged technical-prose sentences (the model learns to
    leave identifiers and terms alone) and ``tech_share`` of them with errors in the mix technical
    writers make need the corpus's tech.txt. The defaults (0) keep the original mix."""

    name: str
    real_share: float
    copy_share: float = 0.0
    beside_share: float = 0.0
    long_share: float = 0.0
    tech_copy_share: float = 0.0
    tech_share: float = 0.0


STAGES = {
    "pretrain": StageMix("pretrain", real_share=0.1),
    "finetune": StageMix("finetune", real_share=0.6),
}


@dataclass(frozen=True)
class Batch:
    src: torch.Tensor  # [B,S] ids, source + </s>
    src_mask: torch.Tensor  # [B,S] 1/0
    tgt_in: torch.Tensor  # [B,T] <s> + target
    tgt_out: torch.Tensor  # [B,T] target + </s>, pad elsewhere
    tokens: int  # real (non-pad) source + target tokens


@dataclass
class BatchStream:
    clean: list[str]
    real: list[tuple[str, str]]
    corrupt: Corrupt
    tokenizer: Tokenizer
    seed: int
    stage: StageMix
    batch_tokens: int = 6000
    chunk_size: int = 4096
    max_len: int = 128  # pairs of this many tokens or more (either side) are left out
    pad_id: int = 0
    bos_id: int = 1
    eos_id: int = 2
    # modern sentences in document order, "" between documents (copy, beside and long examples)
    restraint: list[str] = field(default_factory=list)
    corrupt_beside: Corrupt | None = None
    tech: list[str] = field(default_factory=list)  # technical-prose sentences (tech copy and tech error examples)
    corrupt_tech: Corrupt | None = None

    def __post_init__(self) -> None:
        mix = self.stage
        self._rich: list[int] = []
        self._modern: list[int] = []
        if mix.copy_share or mix.beside_share or mix.long_share:
            if not self.restraint:
                raise ValueError("copy, beside and long examples need restraint sentences (restraint.txt)")
            if mix.beside_share and self.corrupt_beside is None:
                raise ValueError("beside examples need a corrupt_beside function")
            self._modern = [i for i, s in enumerate(self.restraint) if s]
            self._rich = [i for i in self._modern if is_rich(self.restraint[i])] or self._modern
        if mix.tech_copy_share or mix.tech_share:
            if not self.tech:
                raise ValueError("technical examples need technical-prose sentences (tech.txt)")
            if mix.tech_share and self.corrupt_tech is None:
                raise ValueError("technical error examples need a corrupt_tech function")

    def pairs(self, chunk: int) -> list[tuple[str, str]]:
        rng = random.Random(self.seed * 1_000_003 + chunk)
        mix = self.stage
        real_share = mix.real_share if self.real else 0.0
        copy_to = real_share + mix.copy_share
        beside_to = copy_to + mix.beside_share
        tech_copy_to = beside_to + mix.tech_copy_share
        tech_to = tech_copy_to + mix.tech_share
        drawn = bool(self.real) or tech_to > real_share
        out = []
        for _ in range(self.chunk_size):
            u = rng.random() if drawn else 1.0
            long = bool(mix.long_share) and rng.random() < mix.long_share
            if u < real_share:
                out.append(self._long_real(rng) if long else self.real[rng.randrange(len(self.real))])
            elif u < copy_to:
                text = self._modern_text(rng, long, rich=True)
                out.append((text, text))
            elif u < beside_to:
                text = self._modern_text(rng, long, rich=True)
                out.append((self.corrupt_beside(text, rng), text))  # type: ignore[misc]
            elif u < tech_copy_to:
                text = self.tech[rng.randrange(len(self.tech))]
                out.append((text, text))
            elif u < tech_to:
                text = self.tech[rng.randrange(len(self.tech))]
                out.append((self.corrupt_tech(text, rng), text))  # type: ignore[misc]
            else:
                target = self._modern_text(rng, long, rich=False) if long else self.clean[rng.randrange(len(self.clean))]
                out.append((self.corrupt(target, rng), target))
        return out

    def _tokens(self, text: str) -> int:
        return len(self.tokenizer.encode(text).ids)

    def _long_real(self, rng: random.Random) -> tuple[str, str]:
        """Consecutive learner pairs (sentences of one essay, mostly) joined into one."""
        limit = long_limit(self.max_len, rng)
        pairs = join_consecutive(
            self.real, rng.randrange(len(self.real)), lambda p: max(self._tokens(p[0]), self._tokens(p[1])) + 1, limit
        )
        return " ".join(s for s, _ in pairs), " ".join(t for _, t in pairs)

    def _modern_text(self, rng: random.Random, long: bool, rich: bool) -> str:
        """A restraint sentence (a rich one when asked), or with ``long`` it and the sentences
        that follow it in its document, up to a random share of the model's positions."""
        pool = self._rich if rich else self._modern
        start = pool[rng.randrange(len(pool))]
        if not long:
            return self.restraint[start]
        limit = long_limit(self.max_len, rng)
        return " ".join(join_consecutive(self.restraint, start, lambda s: self._tokens(s) + 1, limit, is_break=lambda s: not s))

    def batches(self, chunk: int) -> list[Batch]:
        """All batches of one chunk, length-bucketed, in a seeded order."""
        groups = self.collate_pairs(self.pairs(chunk))
        random.Random(self.seed * 7919 + chunk).shuffle(groups)
        return groups

    def collate_pairs(self, pairs: list[tuple[str, str]]) -> list[Batch]:
        """(source, target) pairs -> length-bucketed batches of about batch_tokens each."""
        src = self.tokenizer.encode_batch([s for s, _ in pairs])
        tgt = self.tokenizer.encode_batch([t for _, t in pairs])
        items = [
            (s.ids + [self.eos_id], t.ids)
            for s, t in zip(src, tgt)
            if 0 < len(s.ids) < self.max_len and 0 < len(t.ids) < self.max_len
        ]
        items.sort(key=lambda it: (len(it[0]), len(it[1])))
        groups: list[list[tuple[list[int], list[int]]]] = []
        current: list[tuple[list[int], list[int]]] = []
        widest = 0
        for item in items:
            widest = max(widest, len(item[0]), len(item[1]) + 1)
            if current and widest * 2 * (len(current) + 1) > self.batch_tokens:
                groups.append(current)
                current, widest = [], max(len(item[0]), len(item[1]) + 1)
            current.append(item)
        if current:
            groups.append(current)
        return [self.collate(g) for g in groups]

    def collate(self, group: list[tuple[list[int], list[int]]]) -> Batch:
        s_len = max(len(s) for s, _ in group)
        t_len = max(len(t) for _, t in group) + 1
        src = torch.full((len(group), s_len), self.pad_id, dtype=torch.long)
        tgt_in = torch.full((len(group), t_len), self.pad_id, dtype=torch.long)
        tgt_out = torch.full((len(group), t_len), self.pad_id, dtype=torch.long)
        for i, (s, t) in enumerate(group):
            src[i, : len(s)] = torch.tensor(s)
            tgt_in[i, : len(t) + 1] = torch.tensor([self.bos_id] + t)
            tgt_out[i, : len(t) + 1] = torch.tensor(t + [self.eos_id])
        tokens = sum(len(s) + len(t) + 1 for s, t in group)
        return Batch(src, (src != self.pad_id).long(), tgt_in, tgt_out, tokens)

    def chunks(self, first: int, workers: int = 0) -> Iterator[list[Batch]]:
        """``batches(first)``, ``batches(first + 1)``, ... built by ``workers`` forked
        processes (in order, so the data is the same for any number of workers)."""
        if workers <= 0:
            chunk = first
            while True:
                yield self.batches(chunk)
                chunk += 1
        ctx = multiprocessing.get_context("fork")  # workers inherit the corpus, nothing is pickled
        with ctx.Pool(workers, initializer=_worker_init, initargs=(self,)) as pool:
            ahead = 2 * workers  # bounded read-ahead: at most this many chunks in memory
            pending = collections.deque(pool.apply_async(_worker_batches, (first + i,)) for i in range(ahead))
            nxt = first + ahead
            while True:
                batches = pending.popleft().get()
                pending.append(pool.apply_async(_worker_batches, (nxt,)))
                nxt += 1
                yield batches

    def stream(self, chunk: int, skip: int = 0, workers: int = 0) -> Generator[tuple[tuple[int, int], Batch], None, None]:
        """Batches from position (chunk, skip) on, each with the position after it."""
        for batches in self.chunks(chunk, workers):
            for i in range(skip, len(batches)):
                after = (chunk, i + 1) if i + 1 < len(batches) else (chunk + 1, 0)
                yield after, batches[i]
            chunk, skip = chunk + 1, 0


# Per-process state of a data worker: set once by the pool initializer (fork start).
_WORKER: dict[str, BatchStream] = {}


def _worker_init(stream: BatchStream) -> None:
    import signal

    import torch as _torch

    # A forked worker inherits the trainer's SIGTERM handler (which only sets a flag); with
    # it, Pool.terminate() could never stop the worker and the trainer hung on exit.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _torch.set_num_threads(1)
    _WORKER["stream"] = stream


def _worker_batches(chunk: int) -> list[Batch]:
    return _WORKER["stream"].batches(chunk)

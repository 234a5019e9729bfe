"""The Python seam between the engine's algorithms and a model: what decoding
(:class:`DecoderModel`) and the checker (:class:`CheckerModel`) call. ``edgegram.engine.finders.runtime.Model``
has both; tests use small stand-ins."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np

    from edgegram.engine.finders.runtime import BatchCache, EncoderState, KVCache, ModelInfo, Scores, VocabScores


class DecoderModel(Protocol):
    """What :mod:`edgegram.engine.finders.decoding` needs of a model (``edgegram.engine.finders.runtime.Model`` has it)."""

    info: ModelInfo
    bos_id: int
    eos_id: int
    pad_id: int

    def decode(self, state: EncoderState, input_ids: Sequence[int], past: KVCache | None = None) -> tuple[Scores, KVCache]: ...

    def decode_batch(self, state: EncoderState, input_ids: np.ndarray, past: BatchCache) -> tuple[Scores, KVCache]: ...

    def empty_batch_cache(self, rows: int) -> BatchCache: ...

    def vocab_scores(self, hidden: np.ndarray) -> VocabScores: ...


class CheckerModel(Protocol):
    """What :class:`edgegram.engine.Checker` needs of a model (``edgegram.engine.finders.runtime.Model`` has it; tests
    use character-level stand-ins)."""

    @property
    def max_source_tokens(self) -> int: ...

    def tokenize(self, text: str) -> list[int]: ...

    def detokenize(self, ids: Sequence[int]) -> str: ...

    def encode(self, batch: list[list[int]]) -> list: ...

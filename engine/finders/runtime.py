"""The exported model on ONNX Runtime: loading with clear errors, tokenising, encoding
sentences (those of one length together) and cached decoder calls, one sentence or a padded
batch of them per call (the contract is in ``edgegram.engine.core.contract``).

``Model.load`` checks every file before use; anything missing, truncated or inconsistent
raises ``ModelLoadError`` naming the file and the problem.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import numpy as np

from edgegram.engine.core.contract import (
    DECODER_FILE,
    ENCODER_FILE,
    ENCODER_INPUTS,
    ENCODER_OUTPUTS,
    FORMAT_VERSION,
    MODEL_FILES,
    MODEL_JSON,
    SCORES_FILE,
    SCORES_INPUTS,
    SCORES_OUTPUTS,
    SPECIAL_TOKENS,
    TOKENIZER_JSON,
    decoder_feed,
    decoder_inputs,
    decoder_outputs,
    default_model_dir,
    per_layer,
)
from edgegram.engine.core.errors import ModelLoadError
from edgegram.engine.finders.ort_sessions import session_options

ENCODER_IO = (ENCODER_INPUTS, ENCODER_OUTPUTS)
_CONFIG_FIELDS = ("vocab_size", "d_model", "n_heads", "dec_layers", "max_positions", "pad_id", "bos_id", "eos_id")


@dataclass(frozen=True)
class ModelInfo:
    """The ``model.json`` fields the engine uses."""

    vocab_size: int
    d_model: int
    n_heads: int
    dec_layers: int
    max_positions: int
    pad_id: int
    bos_id: int
    eos_id: int

    @property
    def head_dim(self) -> int:
        return self.d_model // self.n_heads


# Most source tokens (rows x the longest, padding included) the encoder is given per call: its
# activations take about 22 KB a token while it runs (512 tokens: +11 MB of resident size,
# measured without the arena).
# The price: a sentence costs about a tenth more in a group of 10 than in one of 20; the
# server's batches (checker.STOPPABLE_TOKENS) never reach 256 tokens anyway.
ENCODE_TOKENS = 256


@dataclass(frozen=True)
class EncoderState:
    """Cross-attention keys [L,B,H,Dh,S] (kept transposed, see the contract's format 4) and
    values [L,B,H,S,Dh], and the source mask [B,S] of B sentences (one, as
    :meth:`Model.encode` returns them, or a padded batch made by :meth:`stack`)."""

    cross_key: np.ndarray
    cross_value: np.ndarray
    src_mask: np.ndarray

    @classmethod
    def stack(cls, states: list[EncoderState]) -> EncoderState:
        """One batch of the rows of ``states``, sources padded to the longest (mask 0)."""
        if len(states) == 1:
            return states[0]
        layers, _, heads, _, head_dim = states[0].cross_value.shape
        length = max(s.src_mask.shape[1] for s in states)
        rows = sum(s.src_mask.shape[0] for s in states)
        key = np.zeros((layers, rows, heads, head_dim, length), np.float32)
        value = np.zeros((layers, rows, heads, length, head_dim), np.float32)
        mask = np.zeros((rows, length), np.int64)
        row = 0
        for s in states:
            n, width = s.src_mask.shape
            key[:, row : row + n, :, :, :width], value[:, row : row + n, :, :width] = s.cross_key, s.cross_value
            mask[row : row + n, :width] = s.src_mask
            row += n
        return cls(key, value, mask)

    def rows(self, indices: list[int]) -> EncoderState:
        """The batch of the rows ``indices`` (in that order), padding trimmed to the longest."""
        if indices == list(range(self.src_mask.shape[0])):
            return self
        mask = self.src_mask[indices]
        width = int(mask.sum(axis=1).max()) if len(indices) else 0
        return EncoderState(
            np.ascontiguousarray(self.cross_key[:, indices, :, :, :width]),
            np.ascontiguousarray(self.cross_value[:, indices, :, :width]),
            np.ascontiguousarray(mask[:, :width]),
        )


@dataclass(frozen=True)
class Scores:
    """What decoding uses of the logits of the fed tokens: per token the argmax ``best``
    (int64), its logit ``top`` and the runner-up's ``second`` and id ``runner_up`` (the decoder graph's certified
    shortlist, or the scores graph where the shortlist could not certify them; the [T,V] logits
    are never copied out), and ``hidden``, the decoder's final state there [...,D], from which
    :meth:`Model.vocab_scores` gives probabilities when they are needed. Arrays are [T] ([T,D])
    for one sentence, [B,T] ([B,T,D]) for a batch (:meth:`row` gives one row's)."""

    best: np.ndarray
    top: np.ndarray
    second: np.ndarray
    hidden: np.ndarray
    runner_up: np.ndarray | None = None  # the runner-up's id (int64), where ``second`` is its logit

    def row(self, b: int) -> Scores:
        runner_up = None if self.runner_up is None else self.runner_up[b]
        return Scores(self.best[b], self.top[b], self.second[b], self.hidden[b], runner_up)


@dataclass(frozen=True)
class VocabScores:
    """The scores graph's summary of the whole vocabulary's logits at N positions: the argmax
    ``best``, its logit ``top``, the runner-up's ``second`` and ``exp_sum`` = sum over the
    vocabulary of exp(logit - top), so the argmax's probability is 1 / exp_sum (arrays [N])."""

    best: np.ndarray
    top: np.ndarray
    second: np.ndarray
    exp_sum: np.ndarray
    runner_up: np.ndarray | None = None  # the runner-up's id


@dataclass
class ShortlistStats:
    """How many decoder positions the shortlist certified and how many the scores graph had to
    settle (``edgegram bench`` reports them)."""

    positions: int = 0
    uncertified: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, positions: int, uncertified: int) -> None:
        """Count a decoder call's positions (several threads may decode at once)."""
        with self._lock:
            self.positions += positions
            self.uncertified += uncertified


@dataclass(frozen=True)
class KVCache:
    """Decoder self-attention keys and values of the P tokens fed so far, a tensor per layer:
    keys [B,H,Dh,P] (transposed), values [B,H,P,Dh] (B = 1 for one sentence)."""

    key: tuple[np.ndarray, ...]
    value: tuple[np.ndarray, ...]

    @property
    def length(self) -> int:
        return int(self.value[0].shape[2])


@dataclass(frozen=True)
class BatchCache:
    """Decoder self-attention keys [B,H,Dh,P] and values [B,H,P,Dh] of a batch, a tensor per
    layer: row b's first ``lengths[b]`` entries are its tokens fed so far, the rest padding
    (never attended to, whatever it holds)."""

    key: tuple[np.ndarray, ...]
    value: tuple[np.ndarray, ...]
    lengths: np.ndarray  # int64 [B]

    def kept(self, present: KVCache, rows: list[int], counts: list[int]) -> BatchCache:
        """The cache after a decoder call on this one that returned ``present`` (P+T entries a
        row), for the rows ``rows`` only: each row's entries before the call and the first
        ``counts[i]`` of its block (the fed tokens it accepted; rejected draft tokens are
        rolled back), packed to the front and padded to the longest. A row whose cache was
        the longest keeps its entries where they are; only the others' accepted block entries
        move, to just after their own."""
        past = self.value[0].shape[2]
        old = self.lengths[rows]
        lengths = old + np.asarray(counts, dtype=np.int64)
        longest = int(lengths.max()) if len(rows) else 0
        every = rows == list(range(len(self.lengths)))
        keys, values = [], []
        for present_key, present_value in zip(present.key, present.value):
            if every:  # a slice: a copy only if it is not the whole tensor
                key = np.ascontiguousarray(present_key[..., :longest])
                value = np.ascontiguousarray(present_value[:, :, :longest])
            else:
                key, value = present_key[rows, :, :, :longest], present_value[rows, :, :longest]
            for i, (r, n, count) in enumerate(zip(rows, old.tolist(), counts)):
                if n < past and count:
                    key[i, :, :, n : n + count] = present_key[r, :, :, past : past + count]
                    value[i, :, n : n + count] = present_value[r, :, past : past + count]
            keys.append(key)
            values.append(value)
        return BatchCache(tuple(keys), tuple(values), lengths)


class Model:
    """Tokenizer + encoder, decoder and scores sessions; see the module docstring."""

    def __init__(
        self, model_dir: Path, info: ModelInfo, tokenizer, encoder, decoder, scores, *, shrink_arena: bool = True
    ) -> None:
        self.model_dir, self.info = model_dir, info
        self.tokenizer, self.encoder, self.decoder, self.scores = tokenizer, encoder, decoder, scores
        self.eos_id, self.bos_id, self.pad_id = info.eos_id, info.bos_id, info.pad_id
        self._run_options = _run_options() if shrink_arena else None
        self.shortlist = ShortlistStats()
        layers = info.dec_layers
        self._decoder_outputs = [
            "top_ids",
            "top_values",
            "certified",
            "hidden",
            *per_layer("present_key", layers),
            *per_layer("present_value", layers),
        ]

    # ---- loading ---------------------------------------------------------------------------

    @classmethod
    def load(cls, model_dir: Path | None = None, threads: int | None = None, *, shrink_arena: bool = True) -> Model:
        """Open the model in ``model_dir`` (None: ``$EDGEGRAM_MODEL``, else ``engine/model``).
        ``threads``: intra-op threads (None: physical cores), if this is the process's first
        ONNX Runtime session; later ones share its pool (``edgegram.engine.finders.ort_sessions``).
        ``shrink_arena``: give ONNX Runtime's arena back after every run (see
        ``_session_options``); a process that ends after one job can keep it."""
        model_dir = Path(model_dir) if model_dir is not None else default_model_dir()
        if not model_dir.is_dir():
            raise ModelLoadError(f"model directory {model_dir} does not exist")
        # model.json first: a folder of another format is named as that, not as a missing file
        _require_file(model_dir / MODEL_JSON)
        info = _read_model_json(model_dir / MODEL_JSON)
        for name in MODEL_FILES:
            if name != MODEL_JSON:
                _require_file(model_dir / name)
        tokenizer = _read_tokenizer(model_dir / TOKENIZER_JSON, info)
        options = _session_options(threads)
        encoder = _open_session(model_dir / ENCODER_FILE, options, ENCODER_IO)
        decoder = _open_session(
            model_dir / DECODER_FILE, options, (decoder_inputs(info.dec_layers), decoder_outputs(info.dec_layers))
        )
        scores = _open_session(model_dir / SCORES_FILE, options, (SCORES_INPUTS, SCORES_OUTPUTS))
        vocab = scores.get_outputs()[0].shape[-1]
        if isinstance(vocab, int) and vocab != info.vocab_size:
            raise ModelLoadError(
                f"{model_dir / SCORES_FILE}: logits have {vocab} entries but {model_dir / MODEL_JSON} "
                f"says vocab_size {info.vocab_size}"
            )
        return cls(model_dir, info, tokenizer, encoder, decoder, scores, shrink_arena=shrink_arena)

    # ---- text ------------------------------------------------------------------------------

    @property
    def max_source_tokens(self) -> int:
        """Longest source (``tokenize`` output, ``</s>`` included) the encoder accepts."""
        return self.info.max_positions

    def tokenize(self, text: str) -> list[int]:
        """Source ids of ``text``, ending with ``</s>``."""
        return self.tokenizer.encode(text, add_special_tokens=False).ids + [self.eos_id]

    def detokenize(self, ids) -> str:
        """Text of output ids; special tokens are dropped."""
        return self.tokenizer.decode([int(i) for i in ids], skip_special_tokens=True)

    # ---- graphs ----------------------------------------------------------------------------

    def encode(self, batch: list[list[int]]) -> list[EncoderState]:
        """Each source's encoder state. Sources are encoded together, shortest first, padded to
        the longest of their call (masked) and at most ``ENCODE_TOKENS`` padded tokens a call;
        each comes out bit for bit as it would alone: the encoder quantises activations per
        token (see ``edge_model.quantize``), and a masked key adds exact zeros to the attention
        (``scripts/batch_equivalence.py`` checks it on every dev sentence)."""
        for ids in batch:
            if not ids:
                raise ValueError("cannot encode an empty source; tokenize() always ends with </s>")
            if len(ids) > self.max_source_tokens:
                raise ValueError(f"source of {len(ids)} tokens is longer than the model's {self.max_source_tokens}")
        order = sorted(range(len(batch)), key=lambda index: len(batch[index]))
        states: list[EncoderState | None] = [None] * len(batch)
        while order:
            rows = 1  # the longest run of the next sources whose padded size fits
            while rows < len(order) and (rows + 1) * len(batch[order[rows]]) <= ENCODE_TOKENS:
                rows += 1
            group, order = order[:rows], order[rows:]
            width = len(batch[group[-1]])
            input_ids = np.full((rows, width), self.pad_id, dtype=np.int64)
            mask = np.zeros((rows, width), dtype=np.int64)
            for row, index in enumerate(group):
                input_ids[row, : len(batch[index])] = batch[index]
                mask[row, : len(batch[index])] = 1
            cross_key, cross_value = self.encoder.run(None, {"input_ids": input_ids, "attention_mask": mask}, self._run_options)
            for row, index in enumerate(group):
                length = len(batch[index])
                states[index] = EncoderState(
                    np.ascontiguousarray(cross_key[:, row : row + 1, :, :, :length]),
                    np.ascontiguousarray(cross_value[:, row : row + 1, :, :length]),
                    mask[row : row + 1, :length],
                )
        return cast(list[EncoderState], states)

    def empty_cache(self, rows: int = 1) -> KVCache:
        i = self.info
        key = np.zeros((rows, i.n_heads, i.head_dim, 0), dtype=np.float32)
        value = np.zeros((rows, i.n_heads, 0, i.head_dim), dtype=np.float32)
        return KVCache((key,) * i.dec_layers, (value,) * i.dec_layers)

    def empty_batch_cache(self, rows: int) -> BatchCache:
        empty = self.empty_cache(rows)
        return BatchCache(empty.key, empty.value, np.zeros(rows, dtype=np.int64))

    def decode(self, state: EncoderState, input_ids, past: KVCache | None = None) -> tuple[Scores, KVCache]:
        """Feed T new tokens (positions P..P+T-1) on top of ``past``; the scores of the T
        positions and the cache of all P+T tokens."""
        scores, present = self.decode_batch(state, *self._one(input_ids, past))
        return scores.row(0), present

    def decode_batch(self, state: EncoderState, input_ids: np.ndarray, past: BatchCache) -> tuple[Scores, KVCache]:
        """Feed a [B,T] block of new tokens, row b's at positions past.lengths[b]... on top of
        its real cache entries (rows with shorter blocks padded at the end: their padding's
        scores are meaningless, and the caller keeps each row's positions within the model's);
        the [B,T] scores and the cache (P+T entries a row) of the padded
        past followed by the block (see :meth:`BatchCache.kept`)."""
        feed = self._feed(state, input_ids, past)
        layers = self.info.dec_layers
        ids, top_values, certified, hidden, *cache = self.decoder.run(self._decoder_outputs, feed, self._run_options)
        best, runner_up, top, second = ids[..., 0], ids[..., 1], top_values[..., 0], top_values[..., 1]
        uncertified = 0
        if not certified.all():  # the scores graph settles what the shortlist could not (0.2% on BEA-19 dev)
            where = np.nonzero(~certified)
            full = self.vocab_scores(hidden[where])
            best[where], runner_up[where], top[where], second[where] = full.best, full.runner_up, full.top, full.second
            uncertified = len(full.best)
        self.shortlist.add(certified.size, uncertified)
        return Scores(best, top, second, hidden, runner_up), KVCache(tuple(cache[:layers]), tuple(cache[layers:]))

    def vocab_scores(self, hidden: np.ndarray) -> VocabScores:
        """The whole vocabulary's summary (the scores graph) at decoder states [N,D]."""
        rows = np.ascontiguousarray(hidden, dtype=np.float32).reshape(-1, self.info.d_model)
        top_values, top_ids, exp_sum = self.scores.run(["top_values", "top_ids", "exp_sum"], {"hidden": rows}, self._run_options)
        return VocabScores(top_ids[:, 0], top_values[:, 0], top_values[:, 1], exp_sum, top_ids[:, 1])

    def logits(self, state: EncoderState, input_ids, past: KVCache | None = None) -> np.ndarray:
        """The full logits [T,V] of T new tokens on top of ``past`` (for checks and tools;
        decoding uses :meth:`decode`)."""
        (hidden,) = self.decoder.run(["hidden"], self._feed(state, *self._one(input_ids, past)), self._run_options)
        return self.scores.run(["logits"], {"hidden": hidden[0]}, self._run_options)[0]

    def first_logits(self, state: EncoderState, input_ids: np.ndarray, lengths: Sequence[int]) -> list[np.ndarray]:
        """The full logits [T_b,V] of each row's first ``lengths[b]`` tokens of a [B,T] block
        fed from the start (rows padded at the end; ``state`` has B rows, :meth:`EncoderState.stack`),
        in one decoder call and one scores call over the real positions: each row's are what
        :meth:`logits` gives it alone (a row sees neither its padding nor the other rows)."""
        feed = self._feed(state, input_ids, self.empty_batch_cache(len(lengths)))
        (hidden,) = self.decoder.run(["hidden"], feed, self._run_options)
        real = np.concatenate([hidden[b, :length] for b, length in enumerate(lengths)])
        logits = self.scores.run(["logits"], {"hidden": real}, self._run_options)[0]
        return np.split(logits, np.cumsum(lengths)[:-1])

    def _one(self, input_ids, past: KVCache | None) -> tuple[np.ndarray, BatchCache]:
        """One sentence's block and cache as a batch of one row."""
        past = past if past is not None else self.empty_cache()
        ids = np.asarray(input_ids, dtype=np.int64).reshape(1, -1)
        if past.length + ids.shape[1] > self.info.max_positions:
            raise ValueError(f"decoder positions exceed the model's {self.info.max_positions}")
        return ids, BatchCache(past.key, past.value, np.array([past.length], dtype=np.int64))

    def _feed(self, state: EncoderState, ids: np.ndarray, past: BatchCache) -> dict[str, np.ndarray]:
        return decoder_feed(ids, past.key, past.value, past.lengths, state.cross_key, state.cross_value, state.src_mask)


def _require_file(path: Path) -> None:
    if not path.is_file():
        raise ModelLoadError(f"{path} is missing")
    if path.stat().st_size == 0:
        raise ModelLoadError(f"{path} is empty")


def _read_model_json(path: Path) -> ModelInfo:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ModelLoadError(f"{path} is not valid JSON: {err}") from None
    if not isinstance(data, dict):
        raise ModelLoadError(f"{path} must hold a JSON object")
    version = data.get("format_version")
    if version != FORMAT_VERSION:
        raise ModelLoadError(f"{path} has format_version {version!r}; this edgegram reads version {FORMAT_VERSION}")
    missing = [f for f in _CONFIG_FIELDS if not isinstance(data.get(f), int)]
    if missing:
        raise ModelLoadError(f"{path} lacks integer field(s) {', '.join(missing)}")
    return ModelInfo(**{f: data[f] for f in _CONFIG_FIELDS})


def _read_tokenizer(path: Path, info: ModelInfo):
    from tokenizers import Tokenizer

    try:
        tokenizer = Tokenizer.from_file(str(path))
    except Exception as err:  # tokenizers raises a bare Exception for unreadable files
        raise ModelLoadError(f"{path} is not a valid tokenizer: {err}") from None
    if tokenizer.get_vocab_size() != info.vocab_size:
        raise ModelLoadError(f"{path} has {tokenizer.get_vocab_size()} tokens but model.json says vocab_size {info.vocab_size}")
    for expected, name in enumerate(SPECIAL_TOKENS):
        if tokenizer.token_to_id(name) != expected:
            raise ModelLoadError(f"{path}: special token {name} has id {tokenizer.token_to_id(name)}, expected {expected}")
    return tokenizer


def _session_options(threads: int | None):
    options = session_options(threads)
    # ORT's CPU arena, shrunk after every run (``_run_options``): a run's tensors reuse the
    # arena's blocks, and what the run took is given back when it ends. Without an arena each
    # tensor came from malloc, and one encoder call of a few short sentences made the resident
    # size jump by tens of MB, and was slower. An arena that is never shrunk keeps its largest
    # allocation for the life of the session (a language server's RSS stayed well above baseline
    # after checking many documents). Shrinking costs a one-shot command about a tenth of its
    # time for no lower peak, so commands do not shrink (``Model.load(shrink_arena=False)``).
    options.enable_cpu_mem_arena = True
    # No memory patterns: ORT would remember one for every new set of input shapes, and a
    # check's calls seldom repeat one (batch rows, draft length, cache length, source length all
    # vary). With them a long check left the process larger, and was no faster.
    options.enable_mem_pattern = False
    # the scores graph's int8 weights are dequantised once at load and computed in fp32, so the
    # probabilities it gives are exact for the decoder's states (see edge_model.quantize)
    options.add_session_config_entry("session.disable_quant_qdq", "1")
    return options


def _run_options():
    """Options for every run: the CPU arena gives back its free blocks when the run ends."""
    import onnxruntime as ort

    run_options = ort.RunOptions()
    run_options.add_run_config_entry("memory.enable_memory_arena_shrinkage", "cpu:0")
    return run_options


def _open_session(path: Path, options, io: tuple[list[str], list[str]]):
    import onnxruntime as ort

    try:
        session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    except Exception as err:  # ORT raises several pybind exception types for bad files
        first_line = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise ModelLoadError(f"{path} could not be loaded by ONNX Runtime (truncated or corrupt?): {first_line}") from None
    inputs = [i.name for i in session.get_inputs()]
    outputs = [o.name for o in session.get_outputs()]
    if inputs != io[0] or outputs != io[1]:
        raise ModelLoadError(f"{path} has inputs {inputs} and outputs {outputs}; expected {io[0]} and {io[1]}")
    return session


__all__ = ["BatchCache", "EncoderState", "KVCache", "Model", "ModelInfo", "Scores"]

"""The document-level grammar checker: segment, decode each sentence, diff, classify.

``Checker.check(text)`` splits the text into sentences (over-long ones are split again so
they fit the model), encodes each new sentence on its own (see ``Model.encode``), decodes
it with Input-guided Aggressive Decoding or greedy search, turns the correction into
word-level edits with kinds, messages and confidences, and maps them back to document
offsets. Results are cached per sentence text, so re-checking an edited document only
runs the model on changed sentences.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.contract import EOS_ID, cut_at_eos, default_model_dir, max_output_length
from engine.edits import apply_edits, diff_edits
from engine.kinds import classify
from engine.segment import Span, segment, split_long
from engine.types import CheckerConfig, Edit

if TYPE_CHECKING:
    from engine.decoding import Decoded
    from engine.seam import CheckerModel

Progress = Callable[[int, int], None]  # (sentences done, sentences to run through the model)
Decode = Callable[[Any, Any, list[int], int], "Decoded"]  # (model, state, src_ids, max_len) -> Decoded

_DECODERS = ("iad", "greedy")
_PROGRESS_EVERY = 16  # sentences between progress reports


@dataclass
class CheckerStats:
    """Counters since the checker was made."""

    sentences: int = 0  # sentences run through the model
    decoder_passes: int = 0  # decoder calls (IAD verifies a whole draft block per call)
    tokens: int = 0  # output tokens produced
    cache_hits: int = 0  # sentences answered from the cache


class Checker:
    """Checks whole documents; see the module docstring. Thread-safe."""

    def __init__(self, config: CheckerConfig | None = None):
        from engine.runtime import Model  # imported here so light users need no onnxruntime

        config = config or CheckerConfig()
        model_dir = Path(config.model_dir) if config.model_dir else default_model_dir()
        self._setup(replace(config, model_dir=model_dir), Model.load(model_dir, config.threads))

    @classmethod
    def from_model(
        cls, model: CheckerModel, config: CheckerConfig | None = None, decode: Decode | None = None
    ) -> Checker:
        """A checker around an already loaded model (anything with the ``engine.runtime.Model``
        interface); ``decode`` replaces the decoder chosen by ``config.decoder``."""
        checker = cls.__new__(cls)
        checker._setup(config or CheckerConfig(), model, decode)
        return checker

    def _setup(self, config: CheckerConfig, model: CheckerModel, decode: Decode | None = None) -> None:
        if config.decoder not in _DECODERS:
            raise ValueError(f"decoder must be one of {_DECODERS}, got {config.decoder!r}")
        if not 0.0 <= config.min_confidence <= 1.0:
            raise ValueError(f"min_confidence must be in [0, 1], got {config.min_confidence}")
        self.config = config
        self.model = model
        self._decode = decode
        self.stats = CheckerStats()
        self._cache: OrderedDict[str, tuple[Edit, ...]] = OrderedDict()
        self._lock = threading.Lock()

    def check(self, text: str, progress: Progress | None = None) -> list[Edit]:
        """Edits for the whole ``text``, offsets into ``text``, sorted by position.
        ``progress(done, total)`` is called after each batch of sentences the model ran on."""
        with self._lock:
            spans = self._sentence_spans(text)
            results = self._sentence_edits([text[s.start:s.end] for s in spans], progress)
        edits: list[Edit] = []
        for span, sentence_edits in zip(spans, results):
            for edit in sentence_edits:
                if edit.confidence >= self.config.min_confidence:
                    edits.append(replace(edit, start=edit.start + span.start, end=edit.end + span.start))
        return edits

    def correct(self, text: str) -> str:
        """``text`` with every edit of :meth:`check` applied."""
        return apply_edits(text, self.check(text))

    def clear_cache(self) -> None:
        with self._lock:
            self._cache.clear()

    # -- sentences -----------------------------------------------------------------------

    def _sentence_spans(self, text: str) -> list[Span]:
        spans: list[Span] = []
        for span in segment(text):
            spans.extend(self._fit_to_model(span, text))
        return spans

    def _fit_to_model(self, span: Span, text: str) -> list[Span]:
        """``span`` split until every piece fits the model's source limit (each split makes
        the pieces strictly shorter, so this ends)."""
        limit = self.model.max_source_tokens
        n_tokens = len(self.model.tokenize(text[span.start:span.end]))
        if n_tokens <= limit or len(span) <= 1:
            return [span]
        max_chars = max(1, min(len(span) - 1, int(len(span) * (limit - 1) / n_tokens)))
        return [p for piece in split_long(span, text, max_chars) for p in self._fit_to_model(piece, text)]

    def _sentence_edits(
        self, sentences: Sequence[str], progress: Progress | None
    ) -> list[tuple[Edit, ...]]:
        """Edits (offsets into each sentence) for each sentence, from the cache or the model."""
        missing = [s for s in dict.fromkeys(sentences) if s not in self._cache]
        self.stats.cache_hits += sum(1 for s in sentences if s in self._cache)
        fresh = self._run_model(missing, progress)
        results = []
        for sentence in sentences:
            if sentence in fresh:
                result = fresh[sentence]
            else:
                result = self._cache[sentence]
                self._cache.move_to_end(sentence)
            results.append(result)
        for sentence, result in fresh.items():
            self._remember(sentence, result)
        return results

    def _remember(self, sentence: str, result: tuple[Edit, ...]) -> None:
        if self.config.cache_size <= 0:
            return
        self._cache[sentence] = result
        self._cache.move_to_end(sentence)
        while len(self._cache) > self.config.cache_size:
            self._cache.popitem(last=False)

    # -- model -----------------------------------------------------------------------------

    def _run_model(self, sentences: list[str], progress: Progress | None) -> dict[str, tuple[Edit, ...]]:
        decode = self._decode or self._default_decode()
        tokenized = {s: self.model.tokenize(s) for s in sentences}
        results: dict[str, tuple[Edit, ...]] = {}
        for done, sentence in enumerate(sentences, 1):
            src_ids = tokenized[sentence]
            state = self.model.encode([src_ids])[0]
            decoded = decode(self.model, state, src_ids, max_output_length(len(src_ids)))
            self.stats.sentences += 1
            self.stats.decoder_passes += decoded.passes
            self.stats.tokens += len(decoded.tokens)
            results[sentence] = self._edits_for(sentence, list(decoded.tokens), list(decoded.probs))
            if progress is not None and (done % _PROGRESS_EVERY == 0 or done == len(sentences)):
                progress(done, len(sentences))
        return results

    def _default_decode(self) -> Decode:
        from engine import decoding

        return decoding.iad if self.config.decoder == "iad" else decoding.greedy

    def _edits_for(self, sentence: str, tokens: list[int], probs: list[float]) -> tuple[Edit, ...]:
        tokens, probs = cut_at_eos(tokens, probs, getattr(self.model, "eos_id", EOS_ID))
        full = self.model.detokenize(tokens)
        output = full.strip()
        if not output or len(output) > max_output_length(len(sentence)):
            return ()  # never lose text: an empty or runaway output leaves the sentence as is
        lead = len(full) - len(full.lstrip())
        confidence = _TokenConfidence(self.model, tokens, probs, len(full))
        edits = []
        for raw in diff_edits(sentence, output):
            kind, message = classify(raw.original, raw.replacement, sentence[:raw.start], sentence[raw.end:])
            score = confidence.of_range(raw.out_start + lead, raw.out_end + lead)
            edits.append(Edit(raw.start, raw.end, raw.replacement, raw.original, kind, message, score))
        return tuple(edits)


class _TokenConfidence:
    """Maps character ranges of the decoded output to the probabilities of the output tokens
    that produced them."""

    def __init__(self, model: CheckerModel, tokens: list[int], probs: list[float], length: int):
        self.probs = [float(p) for p in probs[: len(tokens)]]
        self.end_prob = float(probs[len(tokens)]) if len(probs) > len(tokens) else None
        self.bounds = [0]
        for k in range(1, len(tokens) + 1):
            prefix_length = len(model.detokenize(tokens[:k])) if k < len(tokens) else length
            self.bounds.append(min(length, max(self.bounds[-1], prefix_length)))
        self.length = length

    def of_range(self, start: int, end: int) -> float:
        """Min probability of the tokens overlapping ``[start, end)``; for an empty range
        (a deletion) the token at ``start``, or the end-of-sentence token."""
        if end > start:
            picked = [p for k, p in enumerate(self.probs) if self.bounds[k] < end and self.bounds[k + 1] > start]
        else:
            picked = [p for k, p in enumerate(self.probs) if self.bounds[k] <= start < self.bounds[k + 1]][:1]
            if not picked and self.end_prob is not None:
                picked = [self.end_prob]
        if not picked:
            picked = self.probs[-1:] if self.probs else [1.0]
        return min(1.0, max(0.0, min(picked)))


__all__ = ["Checker", "CheckerStats", "default_model_dir"]

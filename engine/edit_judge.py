"""A second opinion on the model's edits: which of them to show.

The decoder's token probability alone cannot tell the model's right grammar rewrites from
its wrong ones on fluent text. :class:`EditJudge` scores each model edit (after the safety
rules) with a gradient-boosted tree classifier (``engine/model/edit_judge.onnx``, LightGBM
exported to ONNX and run with ONNX Runtime) over :data:`FEATURES`: the decoder's probability
and margin, the edit's kind and size, how common and how known the words before and after
are, the other edits of its sentence, and how many of the sentences around it the model
wanted to change (learner essays have errors in most sentences, well-edited pages in few).
Its output, the probability that the edit matches what a careful human corrector wrote, is
the confidence the engine reports. The classifier is trained by
``python -m edge_model.edit_judge`` on the candidate edits of the dev sets, labelled with
ERRANT against their gold corrections, with k-fold cross-fitting so that every figure
reported for it is out of fold (docs/confidence.md).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from edgegram.engine.edits import WORD_RE
from edgegram.engine.lexicon import Lexicon
from edgegram.engine.lru import Lru
from edgegram.engine.spelling import shipped_speller
from edgegram.engine.types import Edit, EditKind

JUDGE_FILE = "edit_judge.onnx"
# Sentences either side of an edit whose model edits tell how well edited the text around it is.
WINDOW = 40
# Raw confidence of an edit that marks its sentence as one the model wanted to change.
MARKED = 0.5
_KINDS = {kind: index for index, kind in enumerate(EditKind)}

FEATURES = (
    "confidence",  # the decoder's probability of the edit's tokens (min over them)
    "margin",  # how far that was above the runner-up
    "kind",  # EditKind, by its index
    "mechanical",  # edgegram.engine.mechanics: a typo, a doubled word, a capital, a final stop
    "deleted_chars",
    "inserted_chars",
    "deleted_words",
    "inserted_words",
    "case_only",  # only letter case changes
    "letters_only",  # no letter or digit is added or removed (punctuation and spaces)
    "original_log_count",  # log(1 + count) of the rarest word replaced (-1: none)
    "replacement_log_count",  # the same for the words put in
    "original_known",  # every word replaced is in the lexicon (1), not (0), none (-1)
    "replacement_known",
    "sentence_words",
    "sentence_edits",  # the model's edits in the same sentence, this one included
    "sentence_best_other",  # highest raw confidence of the sentence's other edits (0: none)
    "neighbours",  # sentences within WINDOW either side
    "neighbours_marked",  # share of them with an edit of raw confidence MARKED or more
    "neighbours_mean_best",  # mean over them of their best raw confidence (0 for no edit)
    "sentence_slips",  # rule and spelling edits in the same sentence (edgegram.engine.mechanical_edits)
    "neighbours_slips",  # rule and spelling edits per neighbouring sentence
)


SentenceRows = list[list[float]]  # the features of a sentence's edits that need no other sentence
LocalRows = Callable[[Sequence[Edit], str], SentenceRows]


def features(
    sentences: Sequence[Sequence[Edit]],
    texts: Sequence[str],
    lexicon: Lexicon,
    slips: Sequence[Sequence[Edit]],
    local: LocalRows | None = None,
) -> list[list[list[float]]]:
    """:data:`FEATURES` of every edit of every sentence of a document, in order: ``sentences``
    the model's edits of each sentence (offsets into ``texts``, raw confidences), ``slips``
    the rule and spelling edits of each; ``local``: :func:`sentence_rows` with ``lexicon``,
    remembered (:class:`EditJudge` keeps them per sentence)."""
    local = local or (lambda edits, text: sentence_rows(edits, text, lexicon))
    best = [max((e.confidence for e in edits), default=0.0) for edits in sentences]
    # Running sums as Python numbers: the same values, and the loop below reads them quicker.
    marked = np.cumsum([0] + [b >= MARKED for b in best]).tolist()
    summed = np.cumsum([0.0, *best]).tolist()
    slipped = np.cumsum([0, *(len(s) for s in slips)]).tolist()
    rows: list[list[list[float]]] = []
    for i, (edits, text) in enumerate(zip(sentences, texts)):
        if not edits:
            rows.append([])
            continue
        lo, hi = max(0, i - WINDOW), min(len(sentences), i + WINDOW + 1)
        around = [
            float(hi - lo - 1),
            _window_mean(marked, float(best[i] >= MARKED), lo, hi),
            _window_mean(summed, best[i], lo, hi),
            float(len(slips[i])),
            _window_mean(slipped, float(len(slips[i])), lo, hi),
        ]
        rows.append([row + around for row in local(edits, text)])
    return rows


def sentence_rows(edits: Sequence[Edit], text: str, lexicon: Lexicon) -> SentenceRows:
    """The features of each edit of one sentence up to ``sentence_best_other``: those that
    depend on that sentence only."""
    count = shipped_speller().count
    n_words = len(WORD_RE.findall(text))
    rows = []
    for edit in edits:
        gone, put = WORD_RE.findall(edit.original), WORD_RE.findall(edit.replacement)
        best_other = max((e.confidence for e in edits if e is not edit), default=0.0)
        rows.append(
            [
                edit.confidence,
                edit.margin,
                float(_KINDS[edit.kind]),
                float(edit.mechanical),
                float(len(edit.original)),
                float(len(edit.replacement)),
                float(len(gone)),
                float(len(put)),
                float(edit.original != edit.replacement and edit.original.lower() == edit.replacement.lower()),
                float(_alphanumerics(edit.original) == _alphanumerics(edit.replacement)),
                _log_count(gone, count),
                _log_count(put, count),
                _known(gone, lexicon),
                _known(put, lexicon),
                float(n_words),
                float(len(edits)),
                best_other,
            ]
        )
    return rows


def _window_mean(cumulative: Sequence[float], own: float, lo: int, hi: int) -> float:
    """Mean of a per-sentence value over sentences ``lo`` to ``hi`` (exclusive) but the one
    whose value is ``own``, from the value summed up to each sentence (0 with no other)."""
    others = hi - lo - 1
    return float((cumulative[hi] - cumulative[lo] - own) / others) if others else 0.0


def _alphanumerics(text: str) -> str:
    return "".join(c for c in text if c.isalnum())


def _log_count(words: list[str], count) -> float:
    return min(math.log1p(count(w)) for w in words) if words else -1.0


def _known(words: list[str], lexicon: Lexicon) -> float:
    return float(all(lexicon.knows(w) for w in words)) if words else -1.0


# Sentences' features and rows' probabilities remembered: those of a few long documents
# (a 10,000-word learner essay has about 600 model edits).
MEMO_SIZE = 4096


class EditJudge:
    """The shipped classifier (or any with its inputs and outputs); thread-safe. A sentence's
    own features and a row's probability are remembered, so re-judging an edited document
    costs what changed in it."""

    def __init__(self, path: Path):
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        self._session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        self._input = self._session.get_inputs()[0].name
        self._output = [o.name for o in self._session.get_outputs()][-1]
        self._lock = threading.Lock()
        self._rows: Lru[tuple[tuple[Edit, ...], str, int], SentenceRows] = Lru(MEMO_SIZE)
        self._probabilities: Lru[tuple[float, ...], float] = Lru(MEMO_SIZE)

    @classmethod
    def in_model_dir(cls, model_dir: Path) -> EditJudge | None:
        """The judge shipped beside a model, or None where the model has none."""
        path = Path(model_dir) / JUDGE_FILE
        return cls(path) if path.is_file() else None

    def probabilities(self, rows: Sequence[Sequence[float]]) -> np.ndarray:
        """P(right) for each row of :data:`FEATURES`."""
        x = np.asarray(rows, dtype=np.float32)
        if not len(x):
            return np.zeros(0, dtype=np.float32)
        with self._lock:
            out = self._session.run([self._output], {self._input: x})[0]
        return np.asarray(out)[:, 1] if np.ndim(out) == 2 else np.asarray(out)

    def _remembered_probabilities(self, rows: Sequence[Sequence[float]]) -> list[float]:
        """:meth:`probabilities`, the classifier run only on rows not seen lately (it scores
        each row on its own, so a row's probability does not depend on the others)."""
        keys = [tuple(row) for row in rows]
        with self._lock:
            known = [self._probabilities.get(key) for key in keys]
        missing = list(dict.fromkeys(key for key, p in zip(keys, known) if p is None))
        fresh = dict(zip(missing, (float(p) for p in self.probabilities(missing))))
        with self._lock:
            for key, p in fresh.items():
                self._probabilities.put(key, p)
        return [fresh[key] if p is None else p for key, p in zip(keys, known)]

    def _sentence_rows(self, edits: Sequence[Edit], text: str, lexicon: Lexicon) -> SentenceRows:
        key = (tuple(edits), text, id(lexicon))
        with self._lock:
            rows = self._rows.get(key)
        if rows is None:
            rows = sentence_rows(edits, text, lexicon)
            with self._lock:
                self._rows.put(key, rows)
        return rows

    def judge(
        self, sentences: Sequence[Sequence[Edit]], texts: Sequence[str], lexicon: Lexicon, slips: Sequence[Sequence[Edit]]
    ) -> list[list[Edit]]:
        """Each sentence's model edits with the judge's probability as their confidence
        (arguments as for :func:`features`)."""
        rows = features(sentences, texts, lexicon, slips, lambda edits, text: self._sentence_rows(edits, text, lexicon))
        flat = self._remembered_probabilities([row for sentence in rows for row in sentence])
        judged, k = [], 0
        for edits in sentences:
            judged.append([e.with_confidence(round(float(p), 3)) for e, p in zip(edits, flat[k : k + len(edits)])])
            k += len(edits)
        return judged


__all__ = ["FEATURES", "JUDGE_FILE", "EditJudge", "features", "sentence_rows"]

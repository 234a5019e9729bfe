"""A second opinion on the model's edits: which of them to show.

The decoder's token probability alone cannot tell the model's right grammar rewrites from
its wrong ones on fluent text. :class:`EditJudge` scores each model edit (after the safety
rules) with a gradient-boosted tree classifier (``engine/model/edit_judge.onnx``, LightGBM
exported to ONNX and run with ONNX Runtime) over :data:`FEATURES`: the decoder's probability
and margin, the edit's kind and size, how common and how known the words before and after
are, the other edits of its sentence, and how many of the sentences around it the model
wanted to change (learner essays have errors in most sentences, well-edited pages in few).
Its output, the probability that the edit matches what a careful human corrector wrote, is
the confidence the engine reports; in a well-edited neighbourhood a comma put in or taken out is
style and gets none (:data:`FLUENT_MARKED`). The classifier is trained by
``python -m edge_model.edit_judge`` on the candidate edits of the dev sets, labelled with
ERRANT against their gold corrections, with k-fold cross-fitting so that every figure
reported for it is out of fold (docs/confidence.md).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from edgegram.engine.analysis.word_classes import ADJ, ADV, NOUN, VERB, classes
from edgegram.engine.core.edits import WORD_OR_MARK_RE, WORD_RE
from edgegram.engine.core.lru import Lru
from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.finders.spelling import shipped_speller
from edgegram.engine.sentences.lexicon import Lexicon

JUDGE_FILE = "edit_judge.onnx"
# Sentences either side of an edit whose model edits tell how well edited the text around it is.
WINDOW = 40
# Raw confidence of an edit that marks its sentence as one the model wanted to change.
MARKED = 0.5
# Below this share of marked neighbours a text is well edited, and a comma the model puts in or
# takes out is the writer's style, not shown whatever the classifier thinks: of the judge's
# candidates at 0.35 (out of fold) in such neighbourhoods, 7 of 25 comma edits matched an
# annotator on CWEB dev (BEA-19 dev: 9 of 10; above it, 193 of 307), and on technical docs they
# were the commonest false alarm (python -m edge_model.edit_judge collect; docs/confidence.md).
FLUENT_MARKED = 0.1
_KINDS = {kind: index for index, kind in enumerate(EditKind)}
# The words and marks an edit's neighbours are told apart by (function words decide most
# article, preposition and comma edits: "the" after "of" is right more often than after "is").
# The shipped judge was trained with this list and records it (``CONTEXT_METADATA``): change
# it, and the judge must be trained again (EditJudge refuses a judge trained with another). It is
# written out here, not read from edgegram.engine.analysis.closed_class, so that a word a rule needs does
# not change the judge's input.
CONTEXT_WORDS = (
    *"""
    a about across after against all already also although always am among an and another any are around
    as at be because been before behind being between beyond both but by can could did do does during
    each even every few for from had has have he her here him his how i if in into is it its just like
    many may me might more most much must my near never no not now of often on once only onto or our
    over several shall she should since so some still such than that the their them then there these
    they this those though through to toward towards under unless until upon us via was we were what
    when whenever where whether which while why will with within without would you your
    """.split(),
    ",",
    ".",
    "!",
    "?",
    ";",
    ":",
    "(",
    ")",
    '"',
    "'",
    "-",
)
CONTEXT_METADATA = "context_words"
_CONTEXT_CODES = {word: index + 1 for index, word in enumerate(CONTEXT_WORDS)}
CLASS_BITS = {NOUN: 1, VERB: 2, ADJ: 4, ADV: 8}

FEATURES = (
    "confidence",  # the decoder's probability of the edit's tokens (min over them)
    "margin",  # how far that was above the runner-up
    "kind",  # EditKind, by its index
    "mechanical",  # edgegram.engine.analysis.mechanics: a typo, a doubled word, a capital, a final stop
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
    "word_before",  # the token just before the edit, as its place in CONTEXT_WORDS (0: another word; -1: none)
    "word_after",  # the same for the token just after it
    "after_classes",  # what the word after it can be, CLASS_BITS summed (0: nothing listed; -1: not a word)
    "neighbours",  # sentences within WINDOW either side
    "neighbours_marked",  # share of them with an edit of raw confidence MARKED or more
    "neighbours_mean_best",  # mean over them of their best raw confidence (0 for no edit)
    "sentence_slips",  # rule and spelling edits in the same sentence (edgegram.engine.judge.mechanical_edits)
    "neighbours_slips",  # rule and spelling edits per neighbouring sentence
)


SentenceRows = list[list[float]]  # the features of a sentence's edits that need no other sentence
Neighbourhood = tuple[float, float, float, float, float]  # neighbours .. neighbours_slips


def features(
    sentences: Sequence[Sequence[Edit]], texts: Sequence[str], lexicon: Lexicon, slips: Sequence[Sequence[Edit]]
) -> list[list[list[float]]]:
    """:data:`FEATURES` of every edit of every sentence of a document, in order: ``sentences``
    the model's edits of each sentence (offsets into ``texts``, raw confidences), ``slips``
    the rule and spelling edits of each."""
    return [
        [row + list(around) for row in sentence_rows(edits, text, lexicon)] if around is not None else []
        for edits, text, around in zip(sentences, texts, neighbourhoods(sentences, slips))
    ]


def neighbourhoods(sentences: Sequence[Sequence[Edit]], slips: Sequence[Sequence[Edit]]) -> list[Neighbourhood | None]:
    """The features from ``neighbours`` on (those that read the sentences around) of each
    sentence with model edits; None for the others."""
    best = [max(e.confidence for e in edits) if edits else 0.0 for edits in sentences]
    # Running sums as Python numbers: the same values, and the loop below reads them quicker.
    marked = np.cumsum([0] + [b >= MARKED for b in best]).tolist()
    summed = np.cumsum([0.0, *best]).tolist()
    slipped = np.cumsum([0, *(len(s) for s in slips)]).tolist()
    found: list[Neighbourhood | None] = []
    for i, edits in enumerate(sentences):
        if not edits:
            found.append(None)
            continue
        lo, hi = max(0, i - WINDOW), min(len(sentences), i + WINDOW + 1)
        found.append(
            (
                float(hi - lo - 1),
                _window_mean(marked, float(best[i] >= MARKED), lo, hi),
                _window_mean(summed, best[i], lo, hi),
                float(len(slips[i])),
                _window_mean(slipped, float(len(slips[i])), lo, hi),
            )
        )
    return found


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
                *_context(text, edit),
            ]
        )
    return rows


def _context(text: str, edit: Edit) -> tuple[float, float, float]:
    """``word_before``, ``word_after`` and ``after_classes`` of ``edit`` in its sentence."""
    before = WORD_OR_MARK_RE.findall(text, 0, edit.start)
    after = WORD_OR_MARK_RE.search(text, edit.end)
    word_after = after.group() if after else ""
    return _context_code(before[-1] if before else ""), _context_code(word_after), _class_bits(word_after)


def _context_code(token: str) -> float:
    return float(_CONTEXT_CODES.get(token.lower().replace("’", "'"), 0)) if token else -1.0


def _class_bits(token: str) -> float:
    if not token or not token[0].isalpha():
        return -1.0
    return float(sum(bit for name, bit in CLASS_BITS.items() if name in classes(token.lower())))


def _window_mean(cumulative: Sequence[float], own: float, lo: int, hi: int) -> float:
    """Mean of a per-sentence value over sentences ``lo`` to ``hi`` (exclusive) but the one
    whose value is ``own``, from the value summed up to each sentence (0 with no other)."""
    others = hi - lo - 1
    return float((cumulative[hi] - cumulative[lo] - own) / others) if others else 0.0


def _comma_only(edit: Edit) -> bool:
    """Whether ``edit`` only puts in or takes out a comma."""
    original, replacement = edit.original.strip(), edit.replacement.strip()
    return {original, replacement} == {"", ","}


def _alphanumerics(text: str) -> str:
    return "".join(c for c in text if c.isalnum())


def _log_count(words: list[str], count) -> float:
    return min(math.log1p(count(w)) for w in words) if words else -1.0


def _known(words: list[str], lexicon: Lexicon) -> float:
    return float(all(lexicon.knows(w) for w in words)) if words else -1.0


# Sentences' own features and judged edits remembered: those of a few long documents (a
# 10,000-word BEA document has 236 sentences with model edits, 363 edits).
MEMO_SIZE = 4096


class EditJudge:
    """The shipped classifier (or any with its inputs and outputs); thread-safe. A sentence's
    own features, and its judged edits with the neighbourhood they were judged in, are
    remembered, so re-judging an edited document costs what changed in it (an edit changes
    the neighbourhood of the sentences within ``WINDOW`` of it)."""

    def __init__(self, path: Path, threads: int | None = None):
        import onnxruntime as ort

        from edgegram.engine.finders.ort_sessions import session_options

        self._session = ort.InferenceSession(str(path), session_options(threads), providers=["CPUExecutionProvider"])
        trained_with = self._session.get_modelmeta().custom_metadata_map.get(CONTEXT_METADATA)
        if trained_with != "\n".join(CONTEXT_WORDS):
            raise ValueError(
                f"{path} was trained with other context words than edgegram.engine.judge.edit_judge.CONTEXT_WORDS: "
                "train it again (python -m edge_model.edit_judge)"
            )
        self._input = self._session.get_inputs()[0].name
        self._output = [o.name for o in self._session.get_outputs()][-1]
        self._lock = threading.Lock()
        self._rows: Lru[tuple[tuple[Edit, ...], str, int], SentenceRows] = Lru(MEMO_SIZE)
        self._judged: Lru[tuple[tuple[Edit, ...], str, int, Neighbourhood], tuple[Edit, ...]] = Lru(MEMO_SIZE)

    @classmethod
    def in_model_dir(cls, model_dir: Path, threads: int | None = None) -> EditJudge | None:
        """The judge shipped beside a model, or None where the model has none (``threads``:
        see :func:`edgegram.engine.finders.ort_sessions.session_options`)."""
        path = Path(model_dir) / JUDGE_FILE
        return cls(path, threads) if path.is_file() else None

    def probabilities(self, rows: Sequence[Sequence[float]]) -> np.ndarray:
        """P(right) for each row of :data:`FEATURES` (each row is scored on its own)."""
        x = np.asarray(rows, dtype=np.float32)
        if not len(x):
            return np.zeros(0, dtype=np.float32)
        with self._lock:
            out = self._session.run([self._output], {self._input: x})[0]
        return np.asarray(out)[:, 1] if np.ndim(out) == 2 else np.asarray(out)

    def _sentence_rows(self, edits: tuple[Edit, ...], text: str, lexicon: Lexicon) -> SentenceRows:
        key = (edits, text, id(lexicon))
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
        keys = [
            (tuple(edits), text, id(lexicon), around) if around is not None else None
            for edits, text, around in zip(sentences, texts, neighbourhoods(sentences, slips))
        ]
        with self._lock:
            judged = [self._judged.get(key) if key is not None else () for key in keys]
        missing = [(index, key) for index, (key, found) in enumerate(zip(keys, judged)) if found is None and key is not None]
        rows = [row + list(key[3]) for _, key in missing for row in self._sentence_rows(key[0], key[1], lexicon)]
        scores = self.probabilities(rows)
        k = 0
        for index, key in missing:
            edits, fluent = key[0], key[3][1] < FLUENT_MARKED
            made = tuple(
                e.with_confidence(0.0 if fluent and _comma_only(e) else round(float(p), 3))
                for e, p in zip(edits, scores[k : k + len(edits)])
            )
            k += len(edits)
            judged[index] = made
            with self._lock:
                self._judged.put(key, made)
        return [list(edits or ()) for edits in judged]


__all__ = [
    "CONTEXT_METADATA",
    "CONTEXT_WORDS",
    "FEATURES",
    "JUDGE_FILE",
    "EditJudge",
    "features",
    "neighbourhoods",
    "sentence_rows",
]

"""The document-level grammar checker: segment, decode each sentence, diff, classify.

``Checker.check(text)`` splits the text into sentences (over-long ones are split again so
they fit the model), encodes and decodes the new sentences in batches (each sentence's output
is what it would be alone: ``Model.encode``, ``decoding.iad_batch``) with Input-guided
Aggressive Decoding or greedy search, turns the correction into
word-level edits with kinds, messages and confidences, and maps them back to document
offsets. Results are cached per sentence text, so re-checking an edited document only
runs the model on changed sentences.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, cast

from edgegram.engine.analysis.kinds import classify
from edgegram.engine.analysis.mechanics import is_mechanical
from edgegram.engine.analysis.trade_words import lower_case_names_of
from edgegram.engine.core.contract import default_model_dir, max_output_length
from edgegram.engine.core.edits import apostrophe_of, apply_edits, diff_edits
from edgegram.engine.core.errors import CheckStopped
from edgegram.engine.core.lru import Lru, first_len
from edgegram.engine.core.memory import trim_heap
from edgegram.engine.core.types import CheckerConfig, Edit, EditKind, Threshold, Thresholds
from edgegram.engine.finders.model_workers import ModelWorkers, sticky
from edgegram.engine.finders.ort_sessions import physical_cores
from edgegram.engine.finders.result_store import ResultStore
from edgegram.engine.judge.confidence import TokenConfidence, calibrate
from edgegram.engine.judge.edit_judge import EditJudge
from edgegram.engine.judge.mechanical_edits import MechanicalFinder, likelihoods_of, merge
from edgegram.engine.judge.safety import unsafe_edits
from edgegram.engine.sentences.lexicon import shipped_lexicon, shipped_misspellings, shipped_web_words
from edgegram.engine.sentences.model_text import PLACEHOLDER, ModelText, to_model_text
from edgegram.engine.sentences.segment import Span, paragraph_ends, segment, split_long

if TYPE_CHECKING:
    from edgegram.engine.finders.decoding import Decoded
    from edgegram.engine.finders.seam import CheckerModel

Progress = Callable[[int, int], None]  # (sentences done, sentences to run through the model)
ShouldStop = Callable[[], bool]  # asked between model calls; True stops the check (CheckStopped)
Decode = Callable[[Any, Any, list[int], int], "Decoded"]  # (model, state, src_ids, max_len) -> Decoded
# (model, states, sources, max_lens, should_stop) -> one Decoded per sentence, None for those a stop
# left unfinished (edgegram.engine.finders.decoding.iad_batch)
DecodeBatch = Callable[[Any, list[Any], list[list[int]], list[int], "ShouldStop | None"], list["Decoded | None"]]

_DECODERS = ("iad", "greedy")
_PROGRESS_EVERY = 16  # sentences between progress reports
_APOSTROPHE = "'"  # the one the model and the rules write
# Longest piece (model tokens, </s> included) the model is given: longer sentences are split
# at clause boundaries. Measured with the shipped model on the dev sets: garbled outputs
# (dropped clauses, >15% length change) were 0.1% under 64 tokens, 7% at 64-95, 61% at 96-127.
MAX_SENTENCE_TOKENS = 64
# Characters of sentences each per-sentence memo (views, token counts, safe edits, rule and
# spelling edits) keeps at most: the 2,000-sentence paragraph of scripts/lsp_bench.py
# (175,000 characters) or 20 documents of 500 words fit; the result cache is capped by
# CheckerConfig.cache_size alone (its entries are small and cost a model run to remake).
# The per-paragraph memos are capped by the characters of their paragraphs the same way.
MEMO_CHARS = 300_000
PARAGRAPH_SENTENCES = 4  # paragraphs remembered: the sentence cache's size over this
# Largest batch of a check that may be stopped (the server's: a newer text stops it after any
# decoder pass). Smaller batches answer a keystroke sooner and hold less memory, larger ones
# check a whole document sooner; six rows and 160 tokens (below) keep the server's peak within
# 200 MB with the 14 techdocs chapters open at little cost in time (scripts/lsp_bench.py
# --scenarios edits,techdocs measures both through a real server).
STOPPABLE_BATCH = 6
# ... and at most this many padded source tokens (rows x the longest). A decoder call's working
# memory grows with rows x (source + output so far): cross-attention keys and values, the cache
# and its copies. The command line's unstoppable batches of 32 are not capped: a cap lowers its
# peak but costs it about a tenth of its time, and a command's peak matters less than a server's.
STOPPABLE_TOKENS = 160
# At most this many tokens (rows x the longest) in a batch of spelling candidates scored together
# (Checker._likelihoods): each position's full logits are computed, 32 KB a token in float32, and
# the cost is per token, not per call, so small batches lower the peak (scripts/lsp_bench.py) at
# no cost in time.
FIT_TOKENS = 64


def read_word_tables() -> None:
    """Read what the first check of nearly any text needs, each table once per process: the
    word lists (0.3 s), the speller's index (0.5 s, 9 MB), the word classes (3 MB), the
    recorded misspellings (2 MB), the article lists, the word pairs and the tagger."""
    from edgegram.engine.analysis.pos_tagger import shipped_tagger
    from edgegram.engine.analysis.word_classes import readings
    from edgegram.engine.finders.rules.articles import allowed
    from edgegram.engine.finders.spelling import shipped_speller
    from edgegram.engine.finders.word_pairs import shipped_pairs

    shipped_lexicon()
    shipped_web_words()
    shipped_misspellings()
    shipped_speller().count("the")
    readings("the")
    allowed("apple")
    shipped_pairs(trade=True)
    shipped_tagger()


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
        from edgegram.engine.finders.runtime import Model  # imported here so light users need no onnxruntime

        config = config or CheckerConfig()
        model_dir = Path(config.model_dir) if config.model_dir else default_model_dir()
        # The word tables are read (Python) while ONNX Runtime builds its sessions (C++, the GIL
        # released), so a server's first diagnostics come sooner (scripts/lsp_bench.py --scenarios page).
        # one ONNX Runtime thread per run: the cores go to batches run side by side (ModelWorkers)
        with ThreadPoolExecutor(1, thread_name_prefix="edgegram-words") as pool:
            tables = pool.submit(read_word_tables)
            judge = EditJudge.in_model_dir(model_dir, 1) if config.judge else None
            model = Model.load(model_dir, 1, shrink_arena=config.shrink_arena)
            tables.result()
        self._setup(replace(config, model_dir=model_dir), model, judge=judge, workers=config.threads or physical_cores())

    @property
    def workers(self) -> int:
        """How many of the model's batches run side by side (``CheckerConfig.threads``)."""
        return self._workers.workers

    @classmethod
    def from_model(cls, model: CheckerModel, config: CheckerConfig | None = None, decode: Decode | None = None) -> Checker:
        """A checker around an already loaded model (anything with the ``edgegram.engine.finders.runtime.Model``
        interface); ``decode`` replaces the decoder chosen by ``config.decoder``. Its batches run
        one at a time unless ``config.threads`` asks for more (the model's own threads are the
        caller's business)."""
        checker = cls.__new__(cls)
        config = config or CheckerConfig()
        checker._setup(config, model, decode, workers=config.threads or 1)
        return checker

    def _setup(
        self,
        config: CheckerConfig,
        model: CheckerModel,
        decode: Decode | None = None,
        judge: EditJudge | None = None,
        workers: int = 1,
    ) -> None:
        if config.decoder not in _DECODERS:
            raise ValueError(f"decoder must be one of {_DECODERS}, got {config.decoder!r}")
        Thresholds(config.min_confidence)  # a confidence between 0 and 1, else ValueError
        if config.batch_size < 1:
            raise ValueError(f"batch_size must be >= 1, got {config.batch_size}")
        self.config = config
        self.model = model
        self.lexicon = shipped_lexicon()
        # The second opinion on the model's edits (edgegram.engine.judge.edit_judge); without one,
        # the document prior (edgegram.engine.judge.confidence.calibrate).
        self.judge = judge
        self._decode = decode
        self._workers = ModelWorkers(workers)  # threads the model's batches run on
        self.stats = CheckerStats()
        self._cache: Lru[str, tuple[Edit, ...]] = Lru(config.cache_size)
        self._token_memo: dict[str, list[int]] = {}
        # Per sentence text: its model view, its token count and its safe edits, kept like the
        # result cache (re-checking an edited long document re-uses them for every unchanged
        # sentence); at least one entry each, even with the result cache off.
        # They are also capped by the characters of their sentences (MEMO_CHARS each): some
        # 9 KB a sentence in all, they would hold ~90 MB at 10,000 sentences.
        memo_size = max(config.cache_size, 1)
        self._views: Lru[str, ModelText] = Lru(memo_size, MEMO_CHARS, len)
        self._token_counts: Lru[str, int] = Lru(memo_size, MEMO_CHARS, len)
        self._safe_memo: Lru[tuple[str, tuple[Edit, ...], tuple[str, ...]], list[Edit]] = Lru(memo_size, MEMO_CHARS, first_len)
        self._mechanical = MechanicalFinder(self.model, memo_size, MEMO_CHARS)
        # Per paragraph text (see segment.paragraph_ends): its sentences fitted to the model,
        # and (with the writer's words and the document terms it uses) their edits. Fewer
        # entries: a paragraph holds several sentences, and each keystroke in it makes one.
        paragraph_memo_size = max(memo_size // PARAGRAPH_SENTENCES, 1)
        self._paragraphs: Lru[str, _Paragraph] = Lru(paragraph_memo_size, MEMO_CHARS, len)
        self._found_memo: Lru[tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...]], _Found] = Lru(
            paragraph_memo_size, MEMO_CHARS, first_len
        )
        self._lock = threading.Lock()
        # Optional persistent results behind the in-memory cache (edgegram.engine.finders.result_store).
        self.store: ResultStore | None = None

    def check(
        self,
        text: str,
        progress: Progress | None = None,
        *,
        words: Iterable[str] = (),
        should_stop: ShouldStop | None = None,
        context: str | None = None,
        min_confidence: Threshold | None = None,
    ) -> list[Edit]:
        """Safe edits with at least ``min_confidence`` (default ``config.min_confidence``; a
        :class:`~edgegram.engine.core.types.Thresholds` gives each kind of edit its own) for ``text`` (a model edit's
        confidence is the edit judge's, from the whole document: :mod:`edgegram.engine.judge.edit_judge`;
        a rule or spelling edit's is fixed), offsets into ``text``, sorted by position.
        ``words`` are the writer's dictionary words, which no edit may change.
        ``progress(done, total)`` is called after batches of sentences the model ran on;
        ``should_stop()`` before each batch (at most :data:`STOPPABLE_BATCH` sentences when
        given) and after each decoder pass: True raises :class:`CheckStopped` (the sentences
        done so far stay cached). ``context``: the whole document when ``text`` is a part of it
        made of whole paragraphs (the language server checks long documents piece by piece,
        then whole): the words the document uses more than once count as its terms, as they
        will when it is checked whole, so that check finds every paragraph remembered.
        The threshold applies before model and rule edits are merged, so a weak edit never
        displaces a confident one: the one place it applies, for the CLI and the server."""
        thresholds = Thresholds.of_value(self.config.min_confidence if min_confidence is None else min_confidence)
        words = tuple(words)
        with self._lock:
            parts = [(start, self._paragraph(text[start:end])) for start, end in _spans(paragraph_ends(text))]
            whole = [part for _, part in parts]
            if context is not None:
                whole = [self._paragraph(context[start:end]) for start, end in _spans(paragraph_ends(context))]
        terms = self._mechanical.document_terms(part.words for part in whole)
        # the names the document keeps in lower case are its writer's words: no edit changes them
        names = lower_case_names_of(view.text for part in whole for view in part.views)
        if names - set(words):
            words = tuple(sorted({*words, *names}))
        found = self._found(parts, words, terms, progress, should_stop)
        safe = [edits for edits_of_part in found for edits in edits_of_part.safe]
        mechanical = [edits for edits_of_part in found for edits in edits_of_part.mechanical]
        if self.judge is not None:
            texts = [view.text for _, part in parts for view in part.views]
            judged = self.judge.judge(safe, texts, self.lexicon, mechanical)
        else:
            judged = calibrate(safe, self.config.prior)
        edits: list[Edit] = []
        pieces = ((start + p.span.start, part.text[p.span.start : p.span.end]) for start, part in parts for p in part.pieces)
        for (offset, sentence), model_edits, slips in zip(pieces, judged, mechanical):
            if model_edits or slips:
                shown = merge(
                    [e for e in model_edits if e.confidence >= thresholds.of_edit(e, self._in_use)],
                    [e for e in slips if e.confidence >= thresholds.of_edit(e, self._in_use)],
                    sentence,
                    self.lexicon,
                )
                edits += [edit.moved(offset) for edit in shown]
        if any(_APOSTROPHE in e.replacement or any(_APOSTROPHE in a for a in e.alternatives) for e in edits):
            apostrophe = apostrophe_of(text if context is None else context)
            if apostrophe != _APOSTROPHE:
                edits = [edit.with_apostrophe(apostrophe) for edit in edits]  # "it’s" in a text that writes "don’t"
        return edits

    def check_all(
        self, texts: Sequence[str], progress: Progress | None = None, thresholds: Sequence[Threshold | None] | None = None
    ) -> list[list[Edit]]:
        """:meth:`check` of each of ``texts`` (with its ``min_confidence`` of ``thresholds``, if
        given), the model run on the sentences of many of them at once (batches across texts, at
        most half of ``config.cache_size`` sentences a run, so none is forgotten before its text
        is checked): a command checking many short files batches the model's work over all of
        them, which is quicker than file by file. ``progress(done, total)`` counts the sentences
        of all texts the model runs on."""
        limits = list(thresholds) if thresholds is not None else [None] * len(texts)
        with self._lock:
            sentences = [self._model_texts(text) for text in texts]
        groups = _groups([len(s) for s in sentences], max(1, self.config.cache_size // 2))
        total, done = sum(map(len, sentences)), 0
        results: list[list[Edit]] = []
        for first, last in groups:
            group = [sentence for of_text in sentences[first:last] for sentence in of_text]
            counted = None if progress is None else (lambda n, _, start=done: progress(start + n, total))
            with self._lock:
                self._sentence_edits(group, counted)
            done += len(group)
            results += [self.check(text, min_confidence=limit) for text, limit in zip(texts[first:last], limits[first:last])]
        return results

    def model_texts(self, text: str) -> list[str]:
        """What the model is given for ``text``: each sentence (or clause of an over-long one)
        as its model view (for tools that run the model on a checker's inputs)."""
        with self._lock:
            return self._model_texts(text)

    def _model_texts(self, text: str) -> list[str]:
        return [view.text for start, end in _spans(paragraph_ends(text)) for view in self._paragraph(text[start:end]).views]

    def _paragraph(self, text: str) -> _Paragraph:
        """A paragraph's sentences and their model views (remembered, so only the paragraphs
        an edit changed are segmented again)."""
        paragraph = self._paragraphs.get(text)
        if paragraph is None:
            pieces = tuple(self._pieces(text))
            views = tuple(self._view(text[p.span.start : p.span.end]) for p in pieces)
            words = tuple(chain.from_iterable(self._mechanical.words_of(view.text) for view in views))
            odd = tuple(sorted(set(chain.from_iterable(self._mechanical.odd_words_of(view.text) for view in views))))
            paragraph = _Paragraph(text, pieces, views, words, tuple(sorted(set(words))), odd)
            self._paragraphs.put(text, paragraph)
        return paragraph

    def _in_use(self, word: str) -> bool:
        """Whether ``word`` is one writers use: a technical or the writer's word, or an English
        word counted :data:`REAL_WORD_MIN_COUNT` times; the model's spelling edit of such words is
        a real-word slip (:meth:`~edgegram.engine.core.types.Thresholds.of_edit`)."""
        if not self.lexicon.knows(word):
            return False
        return not self.lexicon.is_english(word) or self._mechanical.speller.count(word) >= REAL_WORD_MIN_COUNT

    def _found(
        self,
        parts: list[tuple[int, _Paragraph]],
        words: tuple[str, ...],
        terms: set[str],
        progress: Progress | None,
        should_stop: ShouldStop | None,
    ) -> list[_Found]:
        """The safe model edits and the mechanical ones of each paragraph, remembered per
        (paragraph, writer's words, the document terms it uses, the terms its odd words may be
        slips of): the model runs on the sentences of the paragraphs not remembered that it
        has not seen."""
        near = self._mechanical.near_terms
        keys = [(part.text, words, tuple(w for w in part.vocabulary if w in terms), near(part.odd, terms)) for _, part in parts]
        with self._lock:
            found = [self._found_memo.get(key) for key in keys]
            missing = [part for (_, part), f in zip(parts, found) if f is None]
            self.stats.cache_hits += sum(len(part.views) for (_, part), f in zip(parts, found) if f is not None)
            results = iter(self._sentence_edits([v.text for part in missing for v in part.views], progress, should_stop))
        known = self.lexicon.with_words(words)
        todo = [(i, part, [next(results) for _ in part.views]) for i, (_, part) in enumerate(parts) if found[i] is None]
        items = [(view.text, candidates) for _, part, of_part in todo for view, candidates in zip(part.views, of_part)]
        no_slips: list[tuple[Edit, ...]] = [()] * len(items)
        slips = iter(self._mechanical.find(items, known, words, terms, self._likelihoods) if self.config.rules else no_slips)
        for index, part, of_part in todo:
            made = self._find(part, of_part, [next(slips) for _ in part.views], words)
            with self._lock:
                self._found_memo.put(keys[index], made)
            found[index] = made
        return cast(list[_Found], found)

    def _find(
        self, part: _Paragraph, results: list[tuple[Edit, ...]], slips: list[tuple[Edit, ...]], words: tuple[str, ...]
    ) -> _Found:
        """The safe edits of one paragraph's sentences, from the model's ``results`` for them
        and the rule and spelling edits ``slips``."""
        safe, mechanical = [], []
        for piece, view, candidates, found in zip(part.pieces, part.views, results, slips):
            safe.append(tuple(edit for edit in self._safe_memoised(view, candidates, words) if not piece.at_cut(edit)))
            mechanical.append(tuple(e for e in self._safe_memoised(view, found, words, model=False) if not piece.at_cut(e)))
        return _Found(tuple(safe), tuple(mechanical))

    def _likelihoods(self, texts: list[str]) -> list[float]:
        """How readily the model copies each of ``texts`` (:func:`likelihoods_of`), in batches
        (sorted by length, as the model's other work) on the model workers."""
        tokens = {text: self.model.tokenize(text) for text in texts}
        order = sorted(texts, key=lambda text: len(tokens[text]))
        batches = _batches(order, [len(tokens[text]) for text in order], self.config.batch_size, FIT_TOKENS)
        scores: dict[str, float] = {}
        for batch, found in self._workers.in_order(lambda batch: likelihoods_of(self.model, [tokens[t] for t in batch]), batches):
            scores.update(zip(batch, found))
        return [scores[text] for text in texts]

    def retain(self, texts: Iterable[str]) -> None:
        """Keep in the per-sentence and per-paragraph memos only what checking ``texts`` again
        would use (the texts of the documents still open), and of that only the newest
        variant of each paragraph's and sentence's edits: drop closed documents' paragraphs,
        older versions of edited ones, and the variants a document's pieces were first
        checked with (other document terms). The result cache of the model's runs is kept.
        Not to be called while a check runs (the language server calls it on the checker's
        thread)."""
        with self._lock:
            paragraphs = {text[start:end] for text in texts for start, end in _spans(paragraph_ends(text))}
            parts = [part for part in map(self._paragraphs.peek, paragraphs) if part is not None]
            sentences = {view.source for part in parts for view in part.views}
            model_texts = {view.text for part in parts for view in part.views}
            self._paragraphs.retain(paragraphs.__contains__)
            self._found_memo.retain(lambda key: key[0] in paragraphs, newest_by=lambda key: key[0])
            self._views.retain(sentences.__contains__)
            self._token_counts.retain(model_texts.__contains__)
            self._safe_memo.retain(lambda key: key[0] in sentences)
            self._token_memo.clear()
        self._mechanical.retain(model_texts)

    def correct(self, text: str) -> str:
        """``text`` with every edit of :meth:`check` applied."""
        return apply_edits(text, self.check(text))

    def _safe_memoised(
        self, view: ModelText, candidates: tuple[Edit, ...], words: tuple[str, ...], model: bool = True
    ) -> list[Edit]:
        """:meth:`_safe`, remembered per (sentence, candidates, words) like the result cache. ``model``
        needs no place in the key: the model's candidates and the rules' or speller's differ in their
        ``rule`` whenever there are any, and no candidates are safe alike."""
        key = (view.source, candidates, words)
        with self._lock:
            safe = self._safe_memo.get(key)
        if safe is None:
            safe = self._safe(view, candidates, words, model)
            with self._lock:
                self._safe_memo.put(key, safe)
        return safe

    def _safe(self, view: ModelText, candidates: tuple[Edit, ...], words: tuple[str, ...], model: bool = True) -> list[Edit]:
        """The candidates (found on the model text; ``model``: by the model, not the rules and the
        speller) that pass the safety rules, mapped back to the writer's sentence."""
        known = self.lexicon.with_words(words)
        unsafe = unsafe_edits(view.text, candidates, words, known, model) if self.config.safety else {}
        shown = []
        for i, edit in enumerate(candidates):
            if i in unsafe or view.touches_opaque(edit.start, edit.end) or PLACEHOLDER in edit.replacement:
                continue  # unsafe, or it could not be put back faithfully
            start, end = view.to_source(edit.start, edit.end)
            replacement = view.restore_whitespace(edit.start, edit.end, edit.replacement)
            original = view.source[start:end]
            if replacement != original:
                mechanical = edit.mechanical or is_mechanical(view.text, edit.start, edit.end, edit.replacement, known)
                shown.append(
                    replace(edit, start=start, end=end, original=original, replacement=replacement, mechanical=mechanical)
                )
        return shown

    # -- sentences -----------------------------------------------------------------------

    def _pieces(self, text: str) -> list[_Piece]:
        pieces: list[_Piece] = []
        for span in segment(text):
            parts = self._fit_to_model(span, text)
            pieces += [_Piece(part, k == 0, k == len(parts) - 1) for k, part in enumerate(parts)]
        return pieces

    def _fit_to_model(self, span: Span, text: str) -> list[Span]:
        """``span`` split at clause boundaries until every piece is at most
        ``MAX_SENTENCE_TOKENS`` model tokens long (each split makes the pieces strictly
        shorter, so this ends). Longer sentences were garbled far more often."""
        limit = min(MAX_SENTENCE_TOKENS, self.model.max_source_tokens)
        n_tokens = self._token_count(self._view(text[span.start : span.end]).text)
        if n_tokens <= limit or len(span) <= 1:
            return [span]
        max_chars = max(1, min(len(span) - 1, int(len(span) * (limit - 1) / n_tokens)))
        return [p for piece in split_long(span, text, max_chars) for p in self._fit_to_model(piece, text)]

    def _view(self, sentence: str) -> ModelText:
        """The model view of a sentence (remembered, least recently used dropped first)."""
        return self._views.get_or_make(sentence, lambda: to_model_text(sentence))

    def _token_count(self, model_text: str) -> int:
        """How many source tokens a model text has (remembered like :meth:`_view`)."""
        return self._token_counts.get_or_make(model_text, lambda: len(self._tokens(model_text)))

    def _tokens(self, model_text: str) -> list[int]:
        """Source ids of a model text, remembered until the next model run (sentences are
        measured for splitting, then encoded: one tokenisation serves both)."""
        ids = self._token_memo.get(model_text)
        if ids is None:
            ids = self._token_memo[model_text] = self.model.tokenize(model_text)
        return ids

    def _sentence_edits(
        self, sentences: Sequence[str], progress: Progress | None, should_stop: ShouldStop | None = None
    ) -> list[tuple[Edit, ...]]:
        """Candidate edits (offsets into each model text) for each model text, from the
        cache or the model."""
        missing = [s for s in dict.fromkeys(sentences) if s not in self._cache]
        self.stats.cache_hits += sum(1 for s in sentences if s in self._cache)
        stored = self.store.get_many(missing) if self.store is not None and missing else {}
        to_run = [s for s in missing if s not in stored]
        try:
            fresh = self._run_model(to_run, progress, should_stop)
        finally:
            self._token_memo.clear()
            if to_run:
                trim_heap()  # give back what the model's runs freed (edgegram.engine.core.memory)
        if self.store is not None and fresh:
            self.store.put_many(fresh)
        fresh.update(stored)
        results = []
        for sentence in sentences:
            result = fresh[sentence] if sentence in fresh else self._cache.get(sentence)
            if result is None:  # cannot happen: every missing sentence was run or found stored
                raise KeyError(sentence)
            results.append(result)
        for sentence, result in fresh.items():
            self._cache.put(sentence, result)
        return results

    # -- model -----------------------------------------------------------------------------

    def _run_model(
        self, sentences: list[str], progress: Progress | None, should_stop: ShouldStop | None = None
    ) -> dict[str, tuple[Edit, ...]]:
        """Run the model on ``sentences`` (no two alike) in batches of at most ``config.batch_size``
        sentences (a check that can be stopped: ``STOPPABLE_BATCH`` and ``STOPPABLE_TOKENS``
        tokens), shortest first, so a batch holds sentences of similar lengths and pads little;
        the batches run side by side on the checker's model workers
        (:mod:`edgegram.engine.finders.model_workers`)."""
        order = sorted(sentences, key=lambda s: len(self._tokens(s)))
        size, tokens = (self.config.batch_size, None)
        if should_stop is not None:
            size, tokens = min(size, STOPPABLE_BATCH), STOPPABLE_TOKENS
        decode_batch = self._decode_batch()
        should_stop = sticky(should_stop)  # a batch stopped within: no more handed out

        def run(batch: list[str]) -> list[tuple[Decoded, tuple[Edit, ...]] | None]:
            """On a model worker: each sentence's output and edits (None: a stop left it unfinished).
            The caller holds ``self._lock`` meanwhile (``_found``): nothing here may take it."""
            sources = [self._tokens(sentence) for sentence in batch]  # all made above: read only
            states = self.model.encode(sources)
            max_lens = [max_output_length(len(src)) for src in sources]
            outs = decode_batch(self.model, states, sources, max_lens, should_stop)
            return [None if out is None else (out, self._edits_for(sentence, out)) for sentence, out in zip(batch, outs)]

        results: dict[str, tuple[Edit, ...]] = {}
        reported = 0
        batches = _batches(order, [len(self._tokens(s)) for s in order], size, tokens)
        for batch, found in self._workers.in_order(run, batches, should_stop):
            for sentence, done in zip(batch, found):
                if done is not None:
                    out, edits = done
                    self.stats.sentences += 1
                    self.stats.decoder_passes += out.passes
                    self.stats.tokens += len(out.tokens)
                    results[sentence] = edits
            if progress is not None and (len(results) - reported >= _PROGRESS_EVERY or len(results) == len(order)):
                progress(len(results), len(order))
                reported = len(results)
        if len(results) < len(order):  # stopped: before a batch, or within one
            self._stopped(results, len(sentences))
        return results

    def _stopped(self, results: dict[str, tuple[Edit, ...]], total: int) -> NoReturn:
        """End a stopped check, keeping the sentences it finished (cached and stored)."""
        for sentence, result in results.items():
            self._cache.put(sentence, result)
        if self.store is not None:
            self.store.put_many(results)
        raise CheckStopped(f"stopped after {len(results)} of {total} sentences")

    def _decode_batch(self) -> DecodeBatch:
        """The batch decoder: ``config.decoder``'s, or the one-sentence ``decode`` given to
        :meth:`from_model` applied to each sentence (a stop asked between sentences)."""
        from edgegram.engine.finders import decoding

        one = self._decode
        if one is None:
            batch = decoding.iad_batch if self.config.decoder == "iad" else decoding.greedy_batch
            return functools.partial(batch, copy_penalty=self.config.copy_penalty)

        def each(model, states, sources, max_lens, should_stop):
            decoded: list[Decoded | None] = []
            for args in zip(states, sources, max_lens):
                if decoded and should_stop is not None and should_stop():
                    return decoded + [None] * (len(sources) - len(decoded))
                decoded.append(one(model, *args))
            return decoded

        return each

    def _edits_for(self, sentence: str, out: Decoded) -> tuple[Edit, ...]:
        """The model's edits of ``sentence`` from its decoded output; the output's probabilities
        are asked for only when there is an edit (computing them is a model run)."""
        tokens = list(out.tokens)  # without </s> (Decoded)
        full = self.model.detokenize(tokens)
        output = full.strip()
        if not output or len(output) > max_output_length(len(sentence)):
            return ()  # never lose text: an empty or runaway output leaves the sentence as is
        raws = diff_edits(sentence, output)
        if not raws:
            return ()
        lead = len(full) - len(full.lstrip())
        confidence = TokenConfidence(self.model, tokens, len(full), out.scored)
        picks = [confidence.picks(raw.out_start + lead, raw.out_end + lead) for raw in raws]
        probs, margins = out.scores_at(sorted({k for picked in picks for k in picked}))
        edits = []
        for raw, picked in zip(raws, picks):
            kind, message = classify(raw.original, raw.replacement, sentence[: raw.start], sentence[raw.end :])
            edits.append(
                Edit(
                    raw.start,
                    raw.end,
                    raw.replacement,
                    raw.original,
                    kind,
                    message,
                    TokenConfidence.of(probs, picked),
                    TokenConfidence.of(margins, picked),
                    rule=f"model.{kind.value}",
                )
            )
        return tuple(edits)


@dataclass(frozen=True)
class _Piece:
    """A sentence, or a clause of a long sentence that was cut: ``opens`` / ``closes`` say
    whether it starts / ends the sentence."""

    span: Span
    opens: bool
    closes: bool

    def at_cut(self, edit: Edit) -> bool:
        """Whether ``edit`` (offsets into the piece) only reacts to the cut: capitalising the
        first word of a clause that does not open its sentence, or adding to the end of one
        that does not close it."""
        if not self.opens and edit.start == 0 and (edit.kind == EditKind.CAPITALISATION or _capitalises(edit)):
            return True
        return not self.closes and edit.end >= len(self.span)


# Google Books count from which an English word is one writers use, so that the model's spelling
# edit of it is a real-word slip (:meth:`Thresholds.of_edit`): "form" ("path form" -> "from"),
# "histogram" (1.3M); not "wil" (0) or "oped" (0.3M), misspellings the model mends at the spelling
# threshold. With every known word a real word, the real-error dev pairs lost those two fixes and
# "wee" -> "we" (3.2M); with this count, that one.
REAL_WORD_MIN_COUNT = 1_000_000


def _capitalises(edit: Edit) -> bool:
    """Whether ``edit`` upper-cases the first letter of the text it replaces (alone or with
    more, e.g. "therefore" -> "Therefore,", a punctuation edit)."""
    original, replacement = edit.original, edit.replacement
    return bool(original and replacement) and original[0].islower() and replacement[0] == original[0].upper()


@dataclass(frozen=True)
class _Paragraph:
    """A paragraph of a document (see ``segment.paragraph_ends``): its sentences (offsets
    into it), their model views, their normalised words in order and sorted without repeats
    (a tuple: a frozenset took three times the memory)."""

    text: str
    pieces: tuple[_Piece, ...]
    views: tuple[ModelText, ...]
    words: tuple[str, ...]
    vocabulary: tuple[str, ...]
    odd: tuple[str, ...]  # its words the shipped lexicon does not know (MechanicalFinder.odd_words_of)


@dataclass(frozen=True)
class _Found:
    """Per sentence of a paragraph: its safe model edits (raw confidences) and its rule and
    spelling edits, offsets into the sentence."""

    safe: tuple[tuple[Edit, ...], ...]
    mechanical: tuple[tuple[Edit, ...], ...]


def _batches(order: list[str], lengths: list[int], size: int, tokens: int | None) -> list[list[str]]:
    """``order`` (sentences sorted by their token ``lengths``) cut into batches of at most
    ``size`` sentences and ``tokens`` padded source tokens, if given (a sentence longer than
    that goes alone)."""
    batches: list[list[str]] = []
    batch: list[str] = []
    for sentence, length in zip(order, lengths):
        if batch and (len(batch) >= size or (tokens is not None and (len(batch) + 1) * length > tokens)):
            batches.append(batch)
            batch = []
        batch.append(sentence)
    if batch:
        batches.append(batch)
    return batches


def _groups(sizes: Sequence[int], most: int) -> list[tuple[int, int]]:
    """Consecutive ranges [first, last) of items whose sizes add up to at most ``most`` (an item
    larger than that alone)."""
    groups: list[tuple[int, int]] = []
    first, total = 0, 0
    for index, size in enumerate(sizes):
        if index > first and total + size > most:
            groups.append((first, index))
            first, total = index, 0
        total += size
    if first < len(sizes):
        groups.append((first, len(sizes)))
    return groups


def _spans(ends: list[int]) -> list[tuple[int, int]]:
    return list(zip([0, *ends[:-1]], ends))


__all__ = ["Checker", "CheckerStats", "default_model_dir", "read_word_tables"]

"""The checker's second source of edits: rule-found slips and misspellings of a sentence,
with misspellings' candidates ranked by the model in context.

:class:`MechanicalFinder` runs :func:`edgegram.engine.finders.rules.rule_edits` and
:class:`edgegram.engine.finders.spelling.Speller` on a sentence's model text. A misspelling's
candidates are the speller's and the model's own replacement of that word, when it is a
spelling of it ("buyed" -> "bought"), ranked by :func:`edgegram.engine.finders.spelling.rank` with
how readily the model copies the words around it with each
(:func:`edgegram.engine.finders.decoding.log_likelihoods` of the text given itself), so that
"complie" becomes "compile" and not "complies". A function word that may be a slip of another
(:mod:`edgegram.engine.finders.word_slips`: "can by run") becomes it only where the model copies
the words around the other clearly more readily. The candidates of all the sentences of a
check are scored together, in batches the caller runs (:data:`Likelihoods`). These edits do
not depend on the document around them: :func:`merge` lets them replace any model edit they
overlap or touch.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from typing import Any, cast

from edgegram.engine.analysis.kinds import classify, irregular_verb_forms
from edgegram.engine.core.edits import apply_edits, without_overlaps
from edgegram.engine.core.lru import Lru, first_len
from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.finders import word_slips
from edgegram.engine.finders.rules import RULE_CONFIDENCE, rule_edits
from edgegram.engine.finders.spelling import (
    Suspect,
    TermIndex,
    letters_changed,
    normalised_words,
    odd_words,
    rank,
    repeated,
    shipped_speller,
    to_fit,
)
from edgegram.engine.finders.word_pairs import fit_in_place
from edgegram.engine.finders.word_slips import WordSlip
from edgegram.engine.judge.safety import protected_spans
from edgegram.engine.sentences.lexicon import Lexicon, normalise, shipped_lexicon

Likelihoods = Callable[[list[str]], list[float]]  # texts -> how readily the model copies each (likelihoods_of)

# A misspelling's candidates are scored in the words around it, this many either side, not in its
# whole sentence: of 880 misspellings in learner sentences (two samples of the training pairs; more
# than one candidate to order, one of them in the annotators' correction) the annotators' candidate
# came first 663 times against 592 with the whole sentence (3 / 8 words either side: 206 / 207 of
# the first sample's 290, where 5 gave 216 and the sentence 198; 4 / 6: 439 / 437 of the second's
# 590, 5: 447, the sentence 394), for ~60% of the model's time: the sentence's other words, often
# with slips of their own, only add noise to the difference between two candidates.
FIT_WORDS = 5
# Kinds of edit that make a subject and its verb agree in number.
_NUMBER_KINDS = frozenset({EditKind.AGREEMENT, EditKind.NOUN_NUMBER})
_WORD_RE = re.compile(r"\S+")


@dataclass(frozen=True)
class _Plan:
    """A sentence's rule edits, its misspellings to turn into edits (each with the candidates
    for it and whether they are to be ranked: a missing apostrophe's is not), and its words that
    may be slips of others, for the model to judge."""

    sentence: str
    rules: list[Edit]
    spelling: list[tuple[Suspect, list[str], bool]]
    slips: list[WordSlip]


class MechanicalFinder:
    """Rule and spelling edits per sentence, remembered like the checker's other results."""

    def __init__(self, model: Any, memo_size: int, memo_chars: int):
        """Each memo keeps at most ``memo_size`` sentences and ``memo_chars`` characters of them."""
        self.model = model
        self.speller = shipped_speller()
        self._found: Lru[tuple, tuple[Edit, ...]] = Lru(memo_size, memo_chars, first_len)
        self._likelihoods: Lru[str, float] = Lru(memo_size, memo_chars, len)
        self._words: Lru[str, tuple[str, ...]] = Lru(memo_size, memo_chars, len)  # per sentence, normalised
        self._odd: Lru[str, tuple[str, ...]] = Lru(memo_size, memo_chars, len)  # per sentence: odd_words
        self._index: tuple[set[str], TermIndex] | None = None  # the last terms indexed, and their index
        self._lock = threading.Lock()

    def document_terms(self, words: Iterable[Iterable[str]]) -> set[str]:
        """The words a document uses more than once (not judged as misspellings); ``words``:
        the :meth:`words_of` its sentences, or of runs of them."""
        return repeated(chain.from_iterable(words))

    def words_of(self, sentence: str) -> tuple[str, ...]:
        """The sentence's normalised words, remembered (each check of a document reads them
        for its terms and for every sentence's memo key)."""
        with self._lock:
            return self._words.get_or_make(sentence, lambda: normalised_words(sentence))

    def odd_words_of(self, sentence: str) -> tuple[str, ...]:
        """The sentence's normalised words that the shipped lexicon does not know, remembered
        (the writer's words only make fewer suspects, so these are enough for a memo key)."""
        words = self.words_of(sentence)
        with self._lock:
            return self._odd.get_or_make(sentence, lambda: odd_words(words, shipped_lexicon()))

    def near_terms(self, odd: Iterable[str], terms: set[str]) -> tuple[str, ...]:
        """The ``terms`` a letter from any of the ``odd`` words (:meth:`odd_words_of`): the
        spelling candidates those words may get from the document, which a memo of their
        edits must be keyed on ("aync" is a slip of "async" only where the document repeats it)."""
        index = self.term_index(terms)
        return tuple(sorted({term for word in odd for term in index.close(word)}))

    def term_index(self, terms: set[str]) -> TermIndex:
        """``terms`` indexed (:class:`~edgegram.engine.finders.spelling.TermIndex`), the last index
        kept for the rest of a check."""
        with self._lock:
            if self._index is None or self._index[0] is not terms:
                self._index = (terms, TermIndex(terms))
            return self._index[1]

    def retain(self, sentences: set[str]) -> None:
        """Keep only the memos of ``sentences`` (model texts), the newest variant of each
        sentence's edits; the likelihoods of candidates only while some sentence is kept."""
        with self._lock:
            self._found.retain(lambda key: key[0] in sentences, newest_by=lambda key: key[0])
            self._words.retain(sentences.__contains__)
            self._odd.retain(sentences.__contains__)
            if not sentences:
                self._likelihoods.clear()

    def find(
        self,
        items: Sequence[tuple[str, Sequence[Edit]]],
        known: Lexicon,
        words: tuple[str, ...],
        terms: set[str],
        likelihoods: Likelihoods | None = None,
    ) -> list[tuple[Edit, ...]]:
        """Rule and spelling edits of each ``(sentence, candidates)`` of ``items`` (offsets into
        the sentence; ``candidates``: the model's edits of it); ``known``: the lexicon with the
        writer's ``words``; ``terms``: :meth:`document_terms`. ``likelihoods`` scores the
        misspellings' candidates of all the sentences at once (the model's work in batches);
        without it each is scored alone when it is needed."""
        keys, found = [], []
        for sentence, candidates in items:
            # The terms a sentence's edits depend on: those it uses (not judged) and those its
            # odd words are a letter away from (candidates). A tuple: a third of a frozenset's memory.
            own_terms = tuple(sorted(set(self.words_of(sentence)) & terms))
            keys.append((sentence, tuple(candidates), words, own_terms, self.near_terms(self.odd_words_of(sentence), terms)))
        with self._lock:
            found = [self._found.get(key) for key in keys]
        indexed = self.term_index(terms)
        plans = {
            i: self._plan(sentence, candidates, known, words, indexed)
            for i, ((sentence, candidates), done) in enumerate(zip(items, found))
            if done is None
        }
        if likelihoods is not None and plans and self._scores_fits():
            self._score_ahead(list(plans.values()), likelihoods)
        for index, plan in plans.items():
            spelt = [edit for each in plan.spelling if (edit := self._spelling_edit(plan.sentence, *each)) is not None]
            found_first = plan.rules + spelt
            found_first += rules_past_misspellings(plan.sentence, spelt, found_first, known)
            slipped = [
                edit
                for slip in plan.slips
                if not any(e.start <= slip.end and slip.start <= e.end for e in found_first)  # "our our": a doubled word
                and (edit := self._slip_edit(plan.sentence, slip)) is not None
            ]
            made = tuple(without_overlaps(found_first + slipped))
            with self._lock:
                self._found.put(keys[index], made)
            found[index] = made
        return cast(list[tuple[Edit, ...]], found)

    def _scores_fits(self) -> bool:
        """Whether the model can score candidates (:func:`likelihoods_of` needs its
        ``first_logits``; the tests' character-level stand-ins have none)."""
        return hasattr(self.model, "first_logits")

    def _plan(self, sentence: str, candidates: Sequence[Edit], known: Lexicon, words: tuple[str, ...], terms: TermIndex) -> _Plan:
        """A sentence's rule edits and its misspellings with the candidates to rank."""
        protected = [(span.start, span.end) for span in protected_spans(sentence, words)]
        spelling = []
        for suspect in self.speller.suspects(sentence, known, protected, terms):
            if suspect.contraction:
                # "thats" is "that's", whatever the model wrote, made to agree with its subject
                # by the rules ("She dont" -> "don't" -> "doesn't").
                spelling.append((suspect, [_agreeing(sentence, suspect, known)], False))
                continue
            proposed = [
                e.replacement
                for e in candidates
                if (e.start, e.end) == (suspect.start, suspect.end) and _close(suspect.word, e.replacement, known)
            ]
            # The model's own correction of the word, when it is a spelling of it, competes with
            # the speller's ("buyed" -> "bought", which no one-letter edit reaches), ranked the
            # same way: the decoder's first choice is not always the word that fits best
            # ("physicaly" -> "physical" before "physically").
            spelling.append((suspect, [*proposed[:1], *suspect.candidates], True))
        # a real word that may be a slip of another is judged by the model, when there is one to
        # ask and its own edits offer no other word in its place
        slips = [
            slip
            for slip in word_slips.suspects(
                sentence,
                self.speller.count,
                lambda word: self.speller.words_a_letter_away(word, known),
                lambda word: normalise(word) in terms,
            )
            if self._scores_fits()
            and not any(start < slip.end and slip.start < end for start, end in protected)
            and not any(_rival(edit, slip) for edit in candidates)
        ]
        return _Plan(sentence, rule_edits(sentence, known), spelling, slips)

    def _score_ahead(self, plans: list[_Plan], likelihoods: Likelihoods) -> None:
        """Score with ``likelihoods`` every candidate text the plans' ranking will ask about
        that is not remembered, all at once."""
        texts = [
            in_context(plan.sentence, suspect, candidate)
            for plan in plans
            for suspect, choices, ranked in plan.spelling
            if ranked
            for candidate in to_fit(suspect.word, choices, suspect.meant, suspect.recorded)
        ] + [
            in_context(plan.sentence, slip, word)
            for plan in plans
            for slip in plan.slips
            for word in (slip.word, *slip.candidates)
        ]
        with self._lock:
            new = [text for text in dict.fromkeys(texts) if self._likelihoods.get(text) is None]
        if new:
            scores = likelihoods(new)
            with self._lock:
                for text, score in zip(new, scores):
                    self._likelihoods.put(text, score)

    def _spelling_edit(self, sentence: str, suspect: Suspect, choices: list[str], ranked: bool) -> Edit | None:
        """The spelling edit of ``suspect``: its best candidate (of ``choices``, ranked when
        ``ranked``), the others as alternatives; None when it has none."""
        if ranked:
            fit = self._fit(sentence, suspect) if self._scores_fits() else None
            context = fit_in_place(sentence, suspect.start, suspect.end, self.speller.count)
            choices = rank(
                suspect.word, choices, fit, self.speller.count, suspect.meant, suspect.in_document, suspect.recorded, context
            )
        return self._edit(sentence, suspect, choices) if choices else None

    def _slip_edit(self, sentence: str, slip: WordSlip) -> Edit | None:
        """The edit of a word that may be a slip of another: its likeliest candidate, where the
        model copies the words around it at least :data:`~edgegram.engine.finders.word_slips.FIT_MARGIN`
        nats more readily than around the word as typed; None otherwise."""
        fit = self._fit(sentence, slip)
        best = max(slip.candidates, key=fit)
        if fit(best) - fit(slip.word) < word_slips.FIT_MARGIN:
            return None
        message = word_slips.message(slip.word, best)
        return Edit(
            slip.start,
            slip.end,
            best,
            slip.word,
            EditKind.SPELLING,
            message,
            RULE_CONFIDENCE,
            RULE_CONFIDENCE,
            mechanical=True,
            rule=slip.rule,
        )

    @staticmethod
    def _edit(sentence: str, suspect: Suspect, ranked: list[str]) -> Edit:
        """The spelling edit of ``suspect``: its best candidate, the others as alternatives."""
        _, message = classify(suspect.word, ranked[0], sentence[: suspect.start], sentence[suspect.end :])
        return Edit(
            suspect.start,
            suspect.end,
            ranked[0],
            suspect.word,
            EditKind.SPELLING,
            message,
            RULE_CONFIDENCE,
            RULE_CONFIDENCE,
            mechanical=True,
            alternatives=tuple(ranked[1:]),
            rule=suspect.rule,
        )

    def _fit(self, sentence: str, suspect: Suspect | WordSlip):
        """``fit(candidate)``: how readily the model leaves the words around ``suspect``
        (:func:`in_context`) with ``candidate`` in its place as they are (the log-likelihood
        of copying them, in nats). The model copies a text it finds correct, so the word that
        fits the context copies best ("won't compile yet" over "won't complies yet"). Scoring
        the candidates as corrections of the misspelt text instead favours whichever shares the
        misspelling's tokens ("complie" -> "complies")."""

        def fit(candidate: str) -> float:
            text = in_context(sentence, suspect, candidate)
            with self._lock:
                known = self._likelihoods.get(text)
            if known is None:
                (known,) = likelihoods_of(self.model, [self.model.tokenize(text)])
                with self._lock:
                    self._likelihoods.put(text, known)
            return known

        return fit


def rules_past_misspellings(sentence: str, spelt: Sequence[Edit], found: Sequence[Edit], known: Lexicon) -> list[Edit]:
    """The rule edits that misspellings of ``sentence`` hid: the rules run again on the sentence
    with its spelling edits ``spelt`` made, where the tagger reads the corrected words ("the
    detectin have" -> "detection", then "have" -> "has"; "develpers fixes" -> "developers", then
    "fix"). Each edit that touches no corrected word and overlaps none of ``found`` (the edits
    already made), at its place in ``sentence``."""
    fixes = without_overlaps(spelt)
    if not fixes:
        return []
    corrected = apply_edits(sentence, fixes)
    moved: list[tuple[int, int, int]] = []  # each fix's span in ``corrected`` and the shift after it
    shift = 0
    for fix in fixes:
        start = fix.start + shift
        shift += len(fix.replacement) - (fix.end - fix.start)
        moved.append((start, start + len(fix.replacement), shift))
    again = []
    for edit in rule_edits(corrected, known):
        if any(edit.start <= end and start <= edit.end for start, end, _ in moved):
            continue  # about a corrected word, or beside one
        back = next((after for _, end, after in reversed(moved) if end <= edit.start), 0)
        start, end = edit.start - back, edit.end - back
        if sentence[start:end] != edit.original or any(start <= e.end and e.start <= end for e in found):
            continue
        again.append(replace(edit, start=start, end=end))
    return again


def likelihoods_of(model: Any, ids: Sequence[list[int]]) -> list[float]:
    """How readily ``model`` copies each of the texts tokenised as ``ids`` (the log-likelihood
    of each as its own correction: :func:`edgegram.engine.finders.decoding.log_likelihoods`), in one
    batch."""
    from edgegram.engine.finders.decoding import log_likelihoods

    return log_likelihoods(model, model.encode(list(ids)), ids)


def in_context(sentence: str, suspect: Suspect | WordSlip, candidate: str) -> str:
    """``candidate`` in the place of ``suspect``, with the :data:`FIT_WORDS` words (runs of
    non-space characters) of ``sentence`` either side of the one it is part of."""
    spans = [m.span() for m in _WORD_RE.finditer(sentence)]
    at = next(i for i, (_, end) in enumerate(spans) if end > suspect.start)
    start, end = spans[max(0, at - FIT_WORDS)][0], spans[min(len(spans) - 1, at + FIT_WORDS)][1]
    return sentence[start : suspect.start] + candidate + sentence[suspect.end : end]


def _rival(edit: Edit, slip: WordSlip) -> bool:
    """Whether the model's ``edit`` puts a word of its own, not one ``slip`` may be, in the place
    of the word it doubts ("prize on your" -> "in", not "of"): the model's edit stands, as the
    decoder read the whole sentence. One that leaves the word out agrees that it is wrong."""
    replacement = edit.replacement.strip()
    return edit.start < slip.end and slip.start < edit.end and bool(replacement) and replacement not in slip.candidates


def _close(word: str, proposal: str, known: Lexicon) -> bool:
    """Whether the model's ``proposal`` for a misspelt ``word`` is a spelling of it: a known
    word at most two edits away, or a form of the same irregular verb ("buyed" -> "bought"),
    not a different word the model guessed from the context ("funtion" -> "first")."""
    if not (proposal.isalpha() and known.knows(proposal)):
        return False
    return letters_changed(word, proposal, 2) <= 2 or proposal.lower() in irregular_verb_forms(word)


def _agreeing(sentence: str, suspect: Suspect, known: Lexicon) -> str:
    """The contraction ``suspect`` lacks, or the form the rules make it agree with its subject."""
    contraction = suspect.candidates[0]
    fixed = sentence[: suspect.start] + contraction + sentence[suspect.end :]
    span = (suspect.start, suspect.start + len(contraction))
    return next((e.replacement for e in rule_edits(fixed, known) if (e.start, e.end) == span), contraction)


def merge(model_edits: Sequence[Edit], mechanical: Sequence[Edit], sentence: str, known: Lexicon) -> list[Edit]:
    """The mechanical edits and the model edits that overlap none of them, make no other
    agreement with a word a mechanical edit changes the number of, and leave ``sentence`` with
    no slip the rules would mend next to one, by position. A model edit that touches one a
    mechanical edit displaces was part of the same correction and goes too: the model mends
    "should of known" as "should know" (" of" deleted, "known" -> "know"), and with the rule's
    "of" -> "have" its "know" would give "should have know"."""
    displaced = [
        e for e in model_edits if any(_overlap(e, m) or _rival_agreement(e, m) or _same_insertion(e, m) for m in mechanical)
    ]
    kept = [e for e in model_edits if e not in displaced]
    while joined := [e for e in kept if any(_overlap(e, d) for d in displaced)]:
        displaced += joined
        kept = [e for e in kept if e not in joined]
    kept = [e for e in kept if not _unmends(e, mechanical, sentence, known)]
    return sorted([*kept, *mechanical], key=lambda e: (e.start, e.end))


def _unmends(model_edit: Edit, mechanical: Sequence[Edit], sentence: str, known: Lexicon) -> bool:
    """Whether ``model_edit``, a word away from a mechanical edit, is the model's own mend of
    the slip that one mends, so the two together make a new one the rules find: the model
    mends "I have went" by deleting "have", the rule makes "went" "gone", and both give "I gone"."""
    near = [m for m in mechanical if _gap(model_edit, m) <= 1]
    if not near:
        return False
    without = rule_edits(apply_edits(sentence, near), known)
    found = rule_edits(apply_edits(sentence, [*near, model_edit]), known)
    return len(found) > len(without)


def _gap(a: Edit, b: Edit) -> int:
    """The characters between two edits (0 where they touch or overlap)."""
    return max(0, b.start - a.end if b.start >= a.end else a.start - b.end)


def _rival_agreement(model_edit: Edit, mechanical: Edit) -> bool:
    """Whether the two edits are rival fixes of one disagreement, a word apart: a rule makes
    the noun agree with its verb ("Each students has" -> "student") where the model made the
    verb agree with the noun ("has" -> "have"); both would give "Each student have"."""
    kinds = {model_edit.kind, mechanical.kind}
    return kinds <= _NUMBER_KINDS and not _overlap(model_edit, mechanical) and _gap(model_edit, mechanical) <= 1


def _same_insertion(a: Edit, b: Edit) -> bool:
    """Whether the two edits put the same words at one seam, a space apart: the model inserts
    " to" after "need" where a rule makes "change" "to change" ("need to to change" otherwise)."""
    added = _added(a)
    return _gap(a, b) <= 1 and bool(added) and added == _added(b)


def _added(edit: Edit) -> str:
    """The words ``edit`` puts before or after what it keeps of its original ("" if it changes it)."""
    if edit.replacement.endswith(edit.original):
        return edit.replacement[: len(edit.replacement) - len(edit.original)].strip()
    if edit.replacement.startswith(edit.original):
        return edit.replacement[len(edit.original) :].strip()
    return ""


def _overlap(a: Edit, b: Edit) -> bool:
    """Whether two edits share or touch a character: "To find a a place" gets one deletion of
    the doubled "a" from the rule, and the model's deletion of the other "a" right after it
    must not be applied too."""
    return a.start <= b.end and b.start <= a.end


__all__ = ["Likelihoods", "MechanicalFinder", "in_context", "likelihoods_of", "merge"]

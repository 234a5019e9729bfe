"""Typed results and settings shared by the engine, the CLI and the language server."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path

from edgegram.engine.core.edits import with_apostrophe


class EditKind(str, Enum):
    """What kind of problem an edit fixes; the value is the diagnostic code."""

    SPELLING = "spelling"
    AGREEMENT = "agreement"
    VERB_FORM = "verb_form"
    ARTICLE = "article"
    PREPOSITION = "preposition"
    NOUN_NUMBER = "noun_number"
    PUNCTUATION = "punctuation"
    CAPITALISATION = "capitalisation"
    WORD_ORDER = "word_order"
    MISSING_WORD = "missing_word"
    UNNECESSARY_WORD = "unnecessary_word"
    OTHER = "other"


@dataclass(frozen=True)
class Edit:
    """One suggested change: replace ``text[start:end]`` (``original``) by ``replacement``.

    Offsets are Python ``str`` indices (code points) into the text given to the checker;
    ``start == end`` is an insertion.
    """

    start: int
    end: int
    replacement: str
    original: str
    kind: EditKind
    message: str
    confidence: float  # probability of the model's output tokens for this edit (min over them)
    # How much more probable the output token was than the runner-up (min over the edit's
    # tokens): near 0 when the model hesitated, usually between the edit and keeping the source;
    # 0 where the decoder's copy penalty chose the runner-up (edgegram.engine.finders.decoding).
    margin: float = 1.0
    # Fixes the mechanics of writing (a typo, a doubled word, a missing final stop or first
    # capital: edgegram.engine.analysis.mechanics), which is right on any text.
    mechanical: bool = False
    # Further replacements to offer after ``replacement``, best first (a misspelling's other
    # candidates: edgegram.engine.finders.spelling).
    alternatives: tuple[str, ...] = ()
    # What found it: "model.<kind>" for the model's edits, "spelling.<why>" for the speller's,
    # the rule's id for a rule's (edgegram.engine.finders.rules).
    rule: str = ""

    def moved(self, delta: int) -> Edit:
        """The edit ``delta`` characters further."""
        return self._copy(self.start + delta, self.end + delta, self.confidence)

    def with_apostrophe(self, apostrophe: str) -> Edit:
        """The edit with ``apostrophe`` inside the words of its replacements (and where its
        message quotes them): the text's own, where the model or a rule wrote another."""
        replacement = with_apostrophe(self.replacement, apostrophe)
        alternatives = tuple(with_apostrophe(a, apostrophe) for a in self.alternatives)
        if replacement == self.replacement and alternatives == self.alternatives:
            return self
        message = self.message.replace(f"'{self.replacement}'", f"'{replacement}'") if self.replacement else self.message
        return replace(self, replacement=replacement, alternatives=alternatives, message=message)

    def with_confidence(self, confidence: float) -> Edit:
        return self._copy(self.start, self.end, confidence)

    def _copy(self, start: int, end: int, confidence: float) -> Edit:
        # Field by field: dataclasses.replace is several times slower, which shows on a
        # document of many edits checked at every keystroke.
        return Edit(
            start,
            end,
            self.replacement,
            self.original,
            self.kind,
            self.message,
            confidence,
            self.margin,
            self.mechanical,
            self.alternatives,
            self.rule,
        )


def rule_is_off(rule: str, disabled: Iterable[str], enabled: Iterable[str] = ()) -> bool:
    """Whether the rule id ``rule`` is switched off: ``disabled`` names it or its family, and
    ``enabled`` (which wins) does not ("rules" off, "rules.articles" on: only that rule's on)."""
    return rule_is_in(rule, tuple(disabled)) and not rule_is_in(rule, tuple(enabled))


def rule_is_in(rule: str, names: frozenset[str] | set[str] | tuple[str, ...]) -> bool:
    """Whether the rule id ``rule`` ("rules.own_case", "model.article", "spelling.unknown_word") is
    one of ``names`` or lies under one ("rules", "model", "spelling"): how users switch rules off."""
    return any(rule == name or rule.startswith(name + ".") for name in names)


@dataclass(frozen=True)
class DocumentPrior:
    """How the sentences around an edit change its reported confidence
    (:func:`edgegram.engine.judge.confidence.calibrate`)."""

    # Chosen with python scripts/prior_sweep.py on the shipped model (docs/confidence.md): a
    # neighbourhood wide enough that learner essays keep their recall on BEA-19 and CoNLL-2013
    # dev while web pages (CWEB dev) look fluent, where only mechanical fixes are offered.
    window: int = 40  # sentences either side
    confident: float = 0.5  # raw confidence of an edit that marks its sentence as having an error
    # Share of the neighbours with such an edit that makes a neighbourhood "learner-like",
    # counted as if the neighbourhood also held ``fluent_prior`` sentences without one: in a
    # short document two sentences with an edit are chance (the model's false alarms), so it
    # takes 3 of 9 neighbours there, 4 of 19, and 10 of a full window of 80.
    dense: float = 0.11
    fluent_prior: int = 10
    penalty: float = 0.45  # taken off an edit in fluent surroundings
    # In fluent surroundings a grammar rewrite (not a mechanical fix) is not offered at all: its
    # confidence becomes 0. Mechanical fixes only lose the penalty.
    mechanics_only: bool = True
    # A document with fewer other sentences than this cannot be judged fluent or not: every
    # edit there loses ``short_penalty`` (a raw 0.6 shows at the default min confidence), none
    # is dropped. 0.35, not ``penalty``: a one-line note is more often a learner's than a page
    # of well-edited text (python scripts/prior_sweep.py --doc-sentences 1 --short-penalties:
    # BEA-19 F0.5 27.53 -> 30.68, CWEB-G false alarms 2.63 -> 3.48%, docs/confidence.md).
    min_neighbours: int = 5
    short_penalty: float = 0.35

    @classmethod
    def off(cls) -> DocumentPrior:
        """No prior: the reported confidence is the model's own (to measure it)."""
        return cls(penalty=0.0, mechanics_only=False, short_penalty=0.0)


# Applies to the reported confidence: for a model edit the edit judge's probability that it is
# right (edgegram.engine.judge.edit_judge), for a rule or spelling edit RULE_CONFIDENCE (0.9). The
# highest of 0.3 / 0.35 / 0.4 that keeps CWEB-G and CWEB-S dev within 1.5% false alarms and at
# 45 precision, out of fold (python -m edge_model.evaluate --judge-folds, docs/confidence.md).
DEFAULT_MIN_CONFIDENCE = 0.35
# The threshold for a model edit in technical prose: a document with markup (Markdown, reST, HTML,
# LaTeX), a commit message, a source file's comments. The judge is fitted on learner and web text;
# on well-edited technical docs most model edits it rates under this are wrong ("to" -> "for",
# an article added): on the real-error pairs' corrected paragraphs (``../shared/tools/realslips``)
# 0.5 left 28 fewer of 2,818 errors fixed and 85 fewer suggestions on the corrected text, of which
# about a third were slips their writers left; 0.5 -> 0.6 left 3 fewer fixed and 9 fewer
# suggestions there, nearly all wrong ("Log in to" -> "Log in", "where appropriate" -> "were"),
# one wrong of 42 on four other projects' docs ("instead of `format_tb` in" -> "of") and none of
# the slips the injector put into the techdocs chapters (seeds 1-3). At 0.65, 3 more fixes of real
# errors go, and 3 wrong edits on those docs rated 0.60-0.63 ("specifies too loose" -> "to").
# Plain text keeps DEFAULT_MIN_CONFIDENCE.
DEFAULT_MARKUP_MIN_CONFIDENCE = 0.6
# ... and for its punctuation (a final stop, a comma added) this: on the same corrected paragraphs
# 0.5 -> 0.65 removed 14 of the model's suggestions there ("Add a period." before a code block the
# measure leaves out, commas of style) and one fixed error. Its spelling fixes keep the plain-text
# threshold: 0.5 -> 0.35 fixed 8 more real errors ("wil", "occured", "tims") for one suggestion more.
MARKUP_PUNCTUATION_MIN_CONFIDENCE = 0.65
# ... and for an article it adds or takes away this: of the model's 31 article edits on 16,000
# sentences of other projects' docs, about 8 were right ("it accepted a log level", "becomes a
# burden"), most of the rest an article taken from a well-placed "the" or given to a mass noun
# ("Now that the virtual environment", "rely on the environment variables"); at 0.75, 6 are left,
# half of them right. On the real-error pairs 0.5 -> 0.75 fixed 2 errors fewer (of 2,818) and made
# 11 fewer suggestions on the corrected paragraphs (6 of them slips their writers left: "will the
# be Pod IP"). The articles rule's fixes (a / an by sound) are sure and keep their own confidence.
MARKUP_ARTICLE_MIN_CONFIDENCE = 0.75


@dataclass(frozen=True)
class Thresholds:
    """The confidence an edit needs to be shown: ``default``, or for each kind that
    ``by_kind`` lists its own (in technical prose: :func:`edgegram.engine.prose.min_confidence_for`)."""

    default: float
    by_kind: tuple[tuple[EditKind, float], ...] = ()

    def __post_init__(self) -> None:
        for value in (self.default, *(limit for _, limit in self.by_kind)):
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"min_confidence must be in [0, 1], got {value}")

    def of(self, kind: EditKind) -> float:
        """The threshold of an edit of ``kind``."""
        return next((limit for listed, limit in self.by_kind if listed is kind), self.default)

    def of_edit(self, edit: Edit, known: Callable[[str], bool]) -> float:
        """The threshold of ``edit``: its kind's, but a spelling edit of words ``known`` says are
        words ("path form" -> "from", "histogram" -> "history") is a real-word slip, a guess about
        meaning like grammar's, and needs :attr:`default`, not the spelling threshold, which is for
        a word no list knows."""
        if edit.kind is EditKind.SPELLING and not edit.mechanical:
            words = edit.original.split()
            if words and all(known(word) for word in words):
                return self.default
        return self.of(edit.kind)

    @staticmethod
    def of_value(value: float | Thresholds) -> Thresholds:
        """``value`` as thresholds (a number: the same for every kind)."""
        return value if isinstance(value, Thresholds) else Thresholds(value)


Threshold = float | Thresholds  # what the checker takes: one number for every kind, or one by kind


@dataclass(frozen=True)
class CheckerConfig:
    """Settings of :class:`edgegram.engine.Checker`."""

    model_dir: Path | None = None  # None: $EDGEGRAM_MODEL, else the shipped engine/model
    threads: int | None = None  # cores the model uses; None: physical cores
    # Within one process, that many batches run side by side, each ONNX Runtime run on one thread
    # (edgegram.engine.finders.model_workers says why). Independent texts of a command go to one process
    # per core (edgegram.engine.parallel).
    decoder: str = "iad"  # "iad" | "greedy"; both give identical output
    # Logit taken off the source's own token before each argmax, so that corrections the model
    # ranks a close second are proposed too and the edit judge decides on them
    # (edgegram.engine.finders.decoding). 0: plain greedy output. 0.5, 1 and 1.5, each with its own judge,
    # move along the judge's precision/recall curve without lifting it where it counts (more
    # false alarms on web text and techdocs, FCE dev no better: docs/confidence.md, "The copy
    # penalty"), so it is off.
    copy_penalty: float = 0.0
    # Give ONNX Runtime's memory back after every model run (a long-running process: the
    # language server); a one-shot command saves ~9% of its time without (see runtime.Model.load).
    shrink_arena: bool = True
    # Sentences the model encodes and decodes together (similar lengths batched; each
    # sentence's output is what it would be alone); 1: one sentence per model call.
    batch_size: int = 32
    min_confidence: float = DEFAULT_MIN_CONFIDENCE  # edits below are dropped after decoding
    prior: DocumentPrior = DocumentPrior()  # what the surrounding sentences do to a confidence
    # Let the shipped edit classifier (edgegram.engine.judge.edit_judge) decide which model edits to
    # show, instead of ``prior``. Off only to measure the model and the prior.
    judge: bool = True
    cache_size: int = 10_000  # sentences whose result is remembered
    # Drop edits that alter protected tokens, rewrite more than three words, delete meaning or
    # add repetitions (edgegram.engine.judge.safety). Off only to measure the raw model.
    safety: bool = True
    # Rule-found slips and misspellings (edgegram.engine.finders.rules, edgegram.engine.finders.spelling) beside
    # the model's edits. Off only to measure the model alone.
    rules: bool = True

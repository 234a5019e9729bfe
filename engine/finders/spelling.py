"""Spelling: words that no list knows, and the known words they were probably meant to be.

A word is a *suspect* when it is made of letters, is not on the shipped English or technical
lists (:mod:`edgegram.engine.sentences.lexicon`), lemminflect's lexicon (American spellings, terms of
science: :mod:`edgegram.engine.analysis.word_classes`) or the writer's dictionary, is not protected (code,
an acronym, a capitalised name inside a sentence: :func:`edgegram.engine.judge.safety.protected_spans`)
is not a term the document itself uses more than once (unless it looks like a slip repeated:
:meth:`Speller._may_be_repeated_slip`, :meth:`Speller._repeated_slip`), is not common on the web
(``engine/words/web.txt.gz``, from wordfreq: "rebar", "terroir", "thanx"; recorded
misspellings such as "recieve" are kept off that list), and is not capitalised, unless it opens
a sentence and a very common word is a letter from it ("Unfortunatelly"; a name otherwise:
:data:`OPENING_MIN_COUNT`, and for fewer than :data:`OPENING_MIN_LENGTH` letters
:data:`SHORT_OPENING_MIN_COUNT`: "Peolpe"). Its *candidates* are
apostrophe-less contractions made whole ("dont" -> "don't") and the closest common words by
Damerau-Levenshtein distance (one edit) that keep its first letter, found by SymSpell
(PyPI ``symspellpy``) in the frequency dictionary it ships (82,765 words with Google Books
counts); failing those, the known words the document itself uses more than once that are as
close (:meth:`TermIndex.close`: "aync" -> "async" in a text about async code, a term no
frequency dictionary of books has); failing those too, for a word of plain letters at least
:data:`SOUND_ALIKE_MIN_LENGTH` long, the common words two letters away that sound the same
(one Metaphone key, PyPI ``jellyfish``: "menchioned" -> "mentioned"); failing all those, for a
word of :data:`RARE_MIN_LENGTH` letters or more, the technical list's words and the frequency
dictionary's rarer words a letter away, or for a longer one the common and technical words two
letters away (:meth:`Speller.rare_words`: "filesytem" -> "filesystem", "sequentionally" ->
"sequentially"); failing those, the very common words it is with its first letter left out or
replaced (:meth:`Speller.first_letter_slips`: "wuestions" -> "questions"), and for a word of
:data:`TWO_SLIPS_MIN_LENGTH` letters or more, the common and technical words two letters away
with its first and last letters (:meth:`Speller.two_slips`: "plubicly" -> "publicly"); and where
no common word is a letter away, the word split into two that symspellpy's bigram dictionary
counts as a common pair ("infront" -> "in front", :meth:`Speller.split_words`). A word with an
ending lemminflect would list for its base, and does not ("lifes", "happend"), or one its base's word class
does not take ("larged", "discusing": :func:`knows_form`), is no known form, and
the forms it was meant to be come first among its candidates (:func:`mistaken_forms`). A
suspect with no candidate is left alone: it is more likely a name or a term than a slip. A
misspelling codespell records (:func:`edgegram.engine.sentences.lexicon.shipped_misspellings`: "atleast",
"occuring", "eachother", "truely") is a suspect whatever the lists say, its recorded corrections
its candidates (:meth:`Speller._recorded_suspect`).
:func:`rank` orders the candidates: the forms meant and another form of the same irregular
verb first, then the fewest letters changed, then by how well each fits the words around it
(a model score given by the caller) plus :data:`FREQUENCY_WEIGHT` times the log of its frequency,
:data:`DOCUMENT_WEIGHT` for a word the document itself uses more than once, and
:data:`SLIP_WEIGHTS` for how often writers make the slip that turns it into the misspelling.
"""

from __future__ import annotations

import functools
import math
import re
import string
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from edgegram.engine.analysis.closed_class import ADVERBS_AFTER_AUXILIARY, AUXILIARIES, CLOSED_CLASS, PREPOSITIONS
from edgegram.engine.analysis.kinds import irregular_verb_forms
from edgegram.engine.analysis.word_classes import (
    ADJ,
    NOUN,
    VERB,
    is_bare_verb,
    is_singular_noun,
    past_participle,
    past_tense,
    plural,
    readings,
    singular_of_plural,
    third_person,
)
from edgegram.engine.core.edits import WORD_RE
from edgegram.engine.finders.spell_index import BucketedWords, DeleteIndex, HashedCounts, read_counts, symspell_of
from edgegram.engine.finders.word_pairs import shipped_pairs
from edgegram.engine.sentences.lexicon import (
    Lexicon,
    dialect_pairs,
    dialect_partners,
    is_lettered,
    normalise,
    shipped_misspellings,
    shipped_web_words,
    technical_words,
)
from edgegram.engine.sentences.model_text import PLACEHOLDER
from edgegram.engine.sentences.segment import opens_sentence

MIN_LENGTH = 4  # shorter words are too often abbreviations or slang to judge ("kik", "cms")
MIN_CANDIDATE_COUNT = 100_000  # a candidate must be a common word (Google Books count)
MAX_CANDIDATES = 3  # alternatives offered, the best first
# Nats of model fit worth one nat of frequency; with 1.0 the commoner word won even where the
# model clearly preferred the other ("closue": "close" over "closure"), with 0.5 still where
# it preferred it by half a nat ("physicaly": "physical" over "physically"). Fitted together with
# :data:`SLIP_WEIGHTS` on its learner misspellings, 0.6 put a few more annotators' candidates
# first, but on the dev sets (documents, techdocs slips) it changed nothing that counts, so 0.2
# stays.
FREQUENCY_WEIGHT = 0.2
# Nats of model fit a candidate gains for being one of the document's own terms (a word it uses
# more than once, :class:`TermIndex`): "crae" -> "crate" in a text about Rust crates, where the
# model's window of words alone prefers "crab". Typos fixed in the techdocs chapters with one slip
# in six sentences (slips seeds 1-8): 107 of 117 with 0, 110 with 3, 109 with 100 ("thid" ->
# "this", not "third"); the four ERRANT dev sets read as documents, at 0.35: BEA-19 1,133 right
# / 781 wrong against 1,130 / 784 with 0, the others the same.
DOCUMENT_WEIGHT = 3.0
# Nats of fit the correction a list of recorded misspellings gives first gains ("alot": "a lot" before
# "allot"; codespell lists the likeliest first), its corrections ranked in one group, however many
# letters each changes ("convient": "convenient" and "convent"). On the 321 recorded misspellings of
# the learner training pairs with several candidates, one the annotators': their word first for 278,
# against 254 with the corrections grouped by letters changed and 260 in one group without this
# weight (halves: 113 / 165 against 105 / 149; 1.5 gave 116 / 162, 2.0 113 / 158).
RECORDED_FIRST_WEIGHT = 1.0
# Nats of fit worth one of the word pairs' log (:meth:`edgegram.engine.finders.word_pairs.WordPairs.fit`:
# how likely a candidate is after the word before it and before the word after), which the model's
# fit, scoring only how readily it copies the words around, barely tells apart ("the commig log
# message": "coming" and "commit" 0.5 nats apart; "does not provice complex": "province" and
# "provide" 0.25). Of the 773 misspellings of 200,000 learner training pairs whose correction is one
# of several candidates equally far, the annotators' came first for 660 without the pairs, 682 / 680
# / 678 with 0.3 / 0.5 / 0.75; of the 107 of the real-error dev pairs, the writer's for 77, 80 / 82 /
# 84. Without word_pairs.UNCOUNTED_AFTER_MOST a rare candidate's uncounted pair had made it the
# likelier (learner 670 / 661 / 652, dev 82 / 79 / 78).
CONTEXT_WEIGHT = 0.5
# Nats of fit a candidate gains for the slip that makes the misspelling from it (:func:`slip_kind`):
# writers drop or double a doubled letter ("sufer" is "suffer" more often than "super", "untill"
# "until") and leave out a letter more often than they add or replace one ("susage" -> "sausage",
# not "usage"). Fitted by ``python -m edge_model.spelling_slips`` on 1,075 misspellings of the learner
# training pairs whose correction is one of several candidates equally far: the annotators'
# candidate came first for 836 without these weights and 942 with them (two halves, each fitted on
# the other: 407 -> 458 of 537, 429 -> 458 of 538).
SLIP_WEIGHTS = {
    "omit_double": 1.5,
    "omit_vowel": 1.0,
    "omit_consonant": 1.0,
    "omit_last": -0.5,
    "add_double": 2.5,
    "add_vowel": 0.5,
    "add_consonant": -0.5,
    "add_last": -0.5,
    "replace_other": -1.0,
}
_VOWELS = frozenset("aeiou")
# SymSpell index: candidates one edit away (two edits away flagged rare words on web text:
# "etiology" -> "ethology", "qualitive" -> "qualities"), indexed on 5-letter prefixes, built
# on the first suspect word a process meets, of the common words only (edgegram.engine.finders.spell_index).
_MAX_DISTANCE, _PREFIX = 1, 5
# A word no common word is a letter from may be a learner's spelling by ear: the common words
# two letters away with its Metaphone key ("definetly" -> "definitely", "pecooliar" ->
# "peculiar"), for words this long. On 60,000 learner training pairs such candidates came for 287
# words, 277 of which the annotators changed, 203 to the first candidate; on 100,000 sentences
# of the clean training text for 68 words (about half of them slips or eye dialect: "plagerism",
# "whearabouts"; rare words otherwise: "firelit", "heliogram"). Any word two letters away gave
# 501 there, most of them rare words ("incepting" -> "investing"); six-letter words 85.
SOUND_ALIKE_MIN_LENGTH = 7
# A capitalised word that opens a sentence is a suspect from this many letters, with candidates
# counted this often: on 200,000 sentences of the clean training text 19 such words got one (13
# slips: "Similarily", "Immediatley"; names: "Shariff", "Genesys"), on 100,000 learner pairs 102
# (93 changed by the annotators, the rest slips they left: "Introducion"). Six letters and 2
# million: 49 on the clean text, most of them names ("Caroll", "Merrit").
OPENING_MIN_LENGTH, OPENING_MIN_COUNT = 7, 5_000_000
# A shorter one (four letters or more) only when a word this common is a letter from it ("Peolpe",
# "Wahat", "Thse"): on 200,000 clean sentences 17 such words (most of them slips; names: "Reyad",
# "Youri", "Heru"), on 100,000 learner pairs 34 (26 changed by the annotators).
SHORT_OPENING_MIN_COUNT = 100_000_000
# A word the document uses more than once is taken for one of its terms, unless it is a slip
# repeated: this many letters or more, and a candidate counted this often. On the four ERRANT dev
# sets read as documents 28 such repeats became suspects (7 more within single sentences), every
# one changed by the annotators ("excercise", "soloution", "privite"); in 545,000 words of package
# documentation (READMEs, Debian docs) 80 words became suspects, 72 of them two terms of GCC's
# patch notes ("guality", "buildds"). Five letters and one million: 208 words there ("conda" ->
# "condo", "cmake" -> "cake").
REPEATED_SLIP_MIN_LENGTH, REPEATED_SLIP_MIN_COUNT = 6, 5_000_000
# ... or a known word a letter from it that the document uses more than once too: the writer knows
# the word and slipped on it twice ("worksapce" in a text that says "workspace" twice), unless
# the two are one word with and without an ending ("gitmodule" / "gitmodules": both the writer's).
_ENDINGS = ("s", "es", "d", "ed")
# A slip of a word's first letter, left out or replaced ("nswers", "ommand", "wuestions"): slips
# rarely touch it (:func:`_same_start`), so only for a word this long, with no other candidate,
# and a very common word so made.
FIRST_LETTER_MIN_LENGTH, FIRST_LETTER_MIN_COUNT = 6, 10_000_000
# A word that no common word, no term of the document and no sound-alike is close to may still be
# a slip of a rarer word or of a term of the trade, which no dictionary of books counts as common:
# "filesytem", "programatically", "kuberntes", "subcomand". A word this long gets as candidates
# the technical list's words and the frequency dictionary's rarer ones a letter from it, and from
# RARE_TWO_LETTERS_MIN_LENGTH letters the common and technical words with two neighbouring
# letters more or fewer and the same first and last two letters ("mutatated", "sequentionally";
# not "baryonic" -> "baryon", "isogenic" -> "isotonic", "genotoxic" -> "genotypic"):
# :meth:`Speller.rare_words`. Not for two
# known words run together ("livecheck", "hashrings", "mailinfo": names of things), the part of a
# hyphenated word after its hyphen ("co-ordinators"), a British spelling ("sanitisation": the lexicon knows
# "sanitization"), nor for another ending of the same word ("metavariable" / "metavariables").
RARE_MIN_LENGTH, RARE_TWO_LETTERS_MIN_LENGTH = 6, 8
# A long word that nothing above is close to may be two slips of a common word or a term of the
# trade ("plubicly" -> "publicly", "recheability" -> "reachability", "bencharmked" -> "benchmarked"):
# from this many letters, the common and technical words two letters put in, left out or swapped
# away (:meth:`Speller.two_slips`) with its first and last letters. Any two letters changed found
# 8 more of the real-error dev pairs' misspellings, but took 12 terms of science on the CWEB dev
# sets for slips ("nucleosomes" -> "nucleosides", "isogenic" -> "isotonic", "domainers" ->
# "domains"); without replaced letters and other endings of one stem, 6 and 1 ("fasciata").
TWO_SLIPS_MIN_LENGTH = 8
# Two words run together ("aswell", "freetime", "infront"): a word is split into two known
# words where symspellpy's bigram dictionary counts the pair this often, and only where no word
# counted RIVAL_COUNT times is a letter away ("befor" is "before", not "be for"). On 100,000
# learner training pairs such splits came for 160 words, 94 of them the annotators' own ("no
# one", "each other", "free time"); on 200,000 clean sentences 33 words got one, most of them
# slips or eye dialect ("thatall", "justa"), some closed compounds ("newsfeed", "pageviews").
SPLIT_MIN_COUNT, SPLIT_RIVAL_COUNT = 50_000_000, 10_000_000
# Function words a writer glues to the word before or after when a space is lost ("dependencyon",
# "contributionand", "whenshowing"): a word unknown to every list that is one of them and a known
# word of GLUED_MIN_LENGTH letters or more gets the pair as a candidate, whatever else is close
# (the model's fit chooses between "objects" and "object is" for "objectis").
# Not "a", "an", "as", "or", "at", which end words and names too ("coltan", "rejector", "curdas"),
# and beside a two-letter one the known word is longer ("snapin", "clipon" are terms).
GLUE_WORDS = frozenset("the of on in for and to is with from by when if that".split())
GLUED_MIN_LENGTH, GLUED_TWO_LETTER_MIN_LENGTH = 4, 6
# A recorded misspelling shorter than MIN_LENGTH is taken for a slip only where it is one of a word
# this common (Google Books count): "teh" -> "the", "adn" -> "and", "ths" -> "this"; in 1.4 million
# words of package docs the others were terms ("gir: annotations", "test-unx").
SHORT_RECORDED_MIN_COUNT = 1_000_000_000
_COMPOUND_MARKS = frozenset("-/")  # a part of "add-ons", "mis-rendered", "and/or"
# Characters that glue a word to more of itself or to something opaque: a soft hyphen, the
# zero-width space and joiners, and the model text's placeholder for what it cannot show
# (a soft hyphen with its letter, code: edgegram.engine.sentences.model_text).
_JOINERS = frozenset(f"\u00ad\u200b\u200c\u200d\u2060{PLACEHOLDER}")
_CONTRACTION_SUFFIXES = ("t", "s", "m", "d", "ll", "re", "ve")
_S_CONTRACTIONS = frozenset("that what there here who he she where how it".split())  # "thats"; not "cms" -> "cm's"
# Words that are also a modal's contraction without its apostrophe: before a bare verb ("he
# cant swim") they are the contraction, not the noun or verb "cant" / "wont".
_WORDS_OR_CONTRACTIONS = {"cant": "can't", "wont": "won't"}
_NEXT_WORD_RE = re.compile(r"\s+([A-Za-z]+)\b")
# The letters a hyphen joins to a word, before or after it ("pre-" of "pre-empts", "-ins" of "plug-ins").
_BEFORE_HYPHEN_RE = re.compile(r"(?<![\w-])([A-Za-z]+)[-‐]\Z")
_AFTER_HYPHEN_RE = re.compile(r"[-‐]([A-Za-z]+)(?![\w-])")
_QUOTES = {'"': '"', "“": "”", "'": "'", "‘": "’"}  # an opening quote's closing partner


@dataclass(frozen=True)
class Suspect:
    """A word of a sentence that no list knows: ``sentence[start:end]``, and what it may
    have been meant to be (not yet ranked)."""

    start: int
    end: int
    word: str
    candidates: tuple[str, ...]
    contraction: bool = False  # the candidate is the word with its missing apostrophe
    meant: frozenset[str] | None = None  # the forms it was meant to be in its place (None: mistaken_forms')
    in_document: frozenset[str] = frozenset()  # its candidates that are the document's terms, normalised
    recorded: tuple[str, ...] = ()  # the corrections a list of misspellings records, lower case, its likeliest first

    @property
    def rule(self) -> str:
        """The id of the check that found it (an edit's ``rule``)."""
        if self.contraction:
            return "spelling.contraction"
        return "spelling.recorded_misspelling" if self.recorded else "spelling.unknown_word"


class Speller:
    """Finds suspects and their candidates; thread-safe, its index built on first use."""

    def __init__(self) -> None:
        self._symspell = None
        self._counts: HashedCounts | dict[str, int] = {}
        self._sound_index: DeleteIndex | None = None
        self._rare_index: BucketedWords | None = None  # every listed word, for rare_words()
        self._technical_words: frozenset[str] | None = None
        self._lock = threading.Lock()

    def suspects(
        self, sentence: str, lexicon: Lexicon, protected: Sequence[tuple[int, int]], frequent_terms: TermIndex | Iterable[str]
    ) -> list[Suspect]:
        """The suspects of ``sentence`` that have candidates. ``protected``: spans not to
        judge; ``frequent_terms``: normalised words the document uses more than once."""
        if not isinstance(frequent_terms, TermIndex):
            frequent_terms = TermIndex(frequent_terms)
        found = []
        for m in WORD_RE.finditer(sentence):
            word = m.group()
            modal = _modal_contraction(sentence, m.end(), word)
            if modal and not _overlaps(protected, m.start(), m.end()):
                found.append(Suspect(m.start(), m.end(), word, (modal,), True))
                continue
            if len(word) < 2 or not is_lettered(word):
                continue
            # (a recorded misspelling on the English list is another spelling of a form: "occured")
            recorded = self._recorded_suspect(sentence, m.start(), m.end(), lexicon, protected, frequent_terms)
            if recorded:
                found.append(recorded)
                continue
            if lexicon.is_english(word):
                continue
            if lexicon.knows(word):
                continue
            # A contraction without its apostrophe first: "thats" is not "that" + "s".
            contraction = self._contraction(word, lexicon)
            if not contraction and self._known_form(word, lexicon):
                continue
            # A possessive is judged by its noun ("commmand's" -> "command's").
            stem, ending = _possessive(word) if not contraction else (word, "")
            if ending and (lexicon.knows(stem) or self._known_form(stem, lexicon)):
                continue
            if not contraction and self._known_without_hyphen(sentence, m.start(), m.end(), lexicon):
                continue  # "pre-empts": "preempts" is a word
            opening = word[0].isupper() and not contraction  # not "Im", "Ive": "I'm", "I've"
            if not self._judged(sentence, m.start(), m.end(), protected, opening):
                continue
            if not contraction and (len(stem) < MIN_LENGTH or shipped_web_words().knows(stem)):
                continue  # short, or a word common on the web ("rebar", "terroir")
            if not contraction and _named_after_a_noun(stem, lexicon):
                continue  # a program's name: "runc", "flagd"
            term = not contraction and (normalise(word) in frequent_terms or normalise(stem) in frequent_terms)
            if term and not self._may_be_repeated_slip(word, lexicon):
                continue  # the document's own term ("rustup", "kubectl", "mailmap")
            if not contraction and _quoted_alone(sentence, m.start(), m.end()) and self._two_words(word, lexicon):
                continue  # two words run together alone in quotes name a thing: a branch "mywork"
            meant: set[str] = set()
            if contraction:
                candidates = contraction
            elif opening:
                candidates = [candidate + ending for candidate in self._opening_words(stem, lexicon)]
            else:
                after_hyphen = sentence[m.start() - 1 : m.start()] in _COMPOUND_MARKS
                close = [c + ending for c in self._close_candidates(stem, lexicon, frequent_terms, term, after_hyphen)]
                if not ending:  # a possessive is no wrong form of a verb
                    meant = mistaken_forms(word, _after_auxiliary(sentence, m.start()))
                mistaken = [_in_case_of(word, w) for w in sorted(meant) if lexicon.knows(w)]
                candidates = list(dict.fromkeys([*mistaken, *close]))
                candidates = _number_of_place(sentence, m.start(), candidates)  # "an extentions for" -> "extension"
                meant = set(_number_of_place(sentence, m.start(), meant))
                if _noun_place(sentence, m.start(), m.end()):  # "Ping the assigneed by email" -> "assignee"
                    nouns = [c for c in candidates if NOUN in readings(c.lower()) or not readings(c.lower())]
                    candidates = nouns or candidates
            if term and not (
                self._repeated_slip(word, candidates, meant)
                or _slip_of_a_document_word(word, candidates, frequent_terms, lexicon)
            ):
                continue  # the document's own term ("conda", "networkx")
            if candidates:
                in_document = _in_document(word, candidates, frequent_terms) if not contraction else frozenset()
                found.append(
                    Suspect(m.start(), m.end(), word, tuple(candidates), bool(contraction), frozenset(meant), in_document)
                )
        return found

    def _known_without_hyphen(self, sentence: str, start: int, end: int, lexicon: Lexicon) -> bool:
        """Whether the word ``sentence[start:end]`` and the part a hyphen joins to it make a known
        word written without the hyphen: "pre-empts" ("preempts"), "re-enqueued"; not "non-existant",
        whose whole is no word either."""
        before = _BEFORE_HYPHEN_RE.search(sentence, max(0, start - 30), start)
        after = _AFTER_HYPHEN_RE.match(sentence, end)
        word = sentence[start:end]
        joined = ([before.group(1) + word] if before else []) + ([word + after.group(1)] if after else [])
        return any(self._known_form(whole, lexicon) for whole in joined)

    def _known_form(self, word: str, lexicon: Lexicon) -> bool:
        """Whether ``word`` is a form of a known word (:func:`knows_form`) or one lemminflect's
        lexicon knows: American spellings, technical terms ("analyzers", "sulfate")."""
        return knows_form(word, lexicon, lambda w: self._common(w, lexicon)) or bool(readings(word))

    def _close_candidates(self, word: str, lexicon: Lexicon, terms: TermIndex, term: bool, after_hyphen: bool) -> list[str]:
        """The candidates of a suspect ``word`` that does not open its sentence, by letters: the
        nearest common words, the document's ``terms`` (unless the word is one: ``term``), sound-alikes,
        rarer and technical words, slips of the first letter and two slips of the hand (not for a
        term or a word after a hyphen), then a common pair of words it splits into (where a common
        word is a letter away, only a pair of function words: "bythe" is "by the", not "byte") and
        function words glued to it."""
        close = self.close_words(word, lexicon) or (not term and self._close_known_terms(word, terms, lexicon)) or []
        if not close:
            far = not (term or after_hyphen)
            first_letter = self.first_letter_slips(word) if far else []
            sounds = self.sound_alikes(word, lexicon)
            close = (
                # a sound-alike is letters further than a slip of the first letter: "revious" is
                # "previous", not "reviews"; the ranking puts the nearer first
                (sounds + first_letter if sounds else [])
                or (self.rare_words(word, lexicon) if far else [])
                or first_letter
                or (self.two_slips(word, lexicon) if far else [])
            )
        split = self.split_words(word, lexicon)
        if not any(self.count(w) >= SPLIT_RIVAL_COUNT for w in close):
            close += split
        else:  # two function words run together are a space left out, whatever word is a letter away ("bythe": "byte")
            close += [pair for pair in split if all(part in CLOSED_CLASS for part in pair.lower().split(" "))]
        return close + [w for w in self.glued_function_words(word, lexicon) if w not in close]

    @staticmethod
    def _judged(sentence: str, start: int, end: int, protected: Sequence[tuple[int, int]], capital: bool | None = None) -> bool:
        """Whether the word ``sentence[start:end]`` is one to judge: not protected, not part of
        a word a soft hyphen or a zero-width character splits ("proce\u00addure") or a line's end
        broke ("compres- sion"), and, if
        ``capital`` (None: if it starts with a capital), a capitalised word that opens the
        sentence, not a name ("Markku never imagined", "the Andreia case", "ILLIAD")."""
        if _overlaps(protected, start, end):
            return False
        if sentence[start - 1 : start] in _JOINERS or sentence[end : end + 1] in _JOINERS:
            return False
        if sentence[end : end + 2] == "- " or (sentence[start - 2 : start] == "- " and sentence[start - 3 : start - 2].isalpha()):
            return False  # half of a word broken at a line's end ("compres- sion", "struc- ture")
        word = sentence[start:end]
        if capital if capital is not None else word[0].isupper():
            return word.istitle() and opens_sentence(sentence, start)
        return True

    def _recorded_suspect(
        self, sentence: str, start: int, end: int, lexicon: Lexicon, protected: Sequence[tuple[int, int]], terms: TermIndex
    ) -> Suspect | None:
        """``sentence[start:end]`` as a suspect if it is a misspelling codespell records
        (:func:`shipped_misspellings`: "atleast" -> "at least", "occuring" -> "occurring"),
        whatever the technical, web and lemminflect lists say, with its recorded corrections
        after the form a wrong ending was meant to be ("buyed": "bought", not "buyer") and before
        the document's terms a letter from it that are no form of them, offered as alternatives
        ("thid": "this", then "third" in a text that says "third"; not "infant" before "in fact"
        for "Infact" in a text about infants, nor "developed" for "develope"); None
        for a word that is not, that is the writer's or a contraction without its apostrophe
        ("isnt": the rules make it agree), that :meth:`_judged` leaves alone, or that may not be
        a slip there (:meth:`_recorded_slip`)."""
        word = sentence[start:end]
        corrections = () if lexicon.is_writers(word) else shipped_misspellings().corrections(word)
        if not corrections or self._contraction(word, lexicon):
            return None
        if self._known_without_hyphen(sentence, start, end, lexicon):
            return None  # "pre-empted": "preempted" is a word
        # codespell spells its corrections the American way: the British spelling competes ("theather")
        # (not the word itself: "instal" is the British partner of its correction "install")
        spellings = (f for fix in corrections for f in (fix, *dialect_partners(fix.lower())))
        corrections = tuple(dict.fromkeys(f for f in spellings if f.lower() != word.lower()))
        recorded = [_in_case_of(word, fix) for fix in corrections]
        if not (self._judged(sentence, start, end, protected) and self._recorded_slip(sentence, start, end, recorded)):
            return None
        forms = {w for w in mistaken_forms(word, _after_auxiliary(sentence, start)) if lexicon.knows(w)}
        inflected = {fix.lower() for fix in corrections}
        own = [
            _in_case_of(word, term)
            for term in sorted(_in_document(word, self.close_words(word, lexicon), terms))
            if not inflected & {lemma for lemmas in readings(term).values() for lemma in lemmas}  # not "developed" for "develop"
        ]
        candidates = tuple(dict.fromkeys([*(_in_case_of(word, w) for w in sorted(forms)), *recorded, *own]))
        meant = frozenset(forms or {fix.lower() for fix in corrections})
        candidates = tuple(_number_of_place(sentence, start, candidates))  # "an extentions for" -> "extension"
        meant = frozenset(_number_of_place(sentence, start, meant))
        corrections = tuple(_number_of_place(sentence, start, corrections))
        in_document = _in_document(word, candidates, terms)
        recorded_lower = tuple(dict.fromkeys(fix.lower() for fix in corrections))  # the candidates keep a name's capital
        return Suspect(start, end, word, candidates, meant=meant, in_document=in_document, recorded=recorded_lower)

    def _recorded_slip(self, sentence: str, start: int, end: int, corrections: Sequence[str]) -> bool:
        """Whether the recorded misspelling ``sentence[start:end]`` is taken for one there: not a
        name's first word opening the sentence ("Tarmigan Casebolt"), and if shorter than
        :data:`MIN_LENGTH`, not part of a hyphenated or slashed word ("add-ons", "mis-rendered")
        and a misspelling of a word counted :data:`SHORT_RECORDED_MIN_COUNT` times ("teh", "adn";
        not "gir" -> "git", "unx" -> "unix")."""
        if sentence[start].isupper() and (after := _NEXT_WORD_RE.match(sentence, end)) and after.group(1)[0].isupper():
            return False
        if end - start >= MIN_LENGTH:
            return True
        joined = sentence[start - 1 : start] in _COMPOUND_MARKS or sentence[end : end + 1] in _COMPOUND_MARKS
        return not joined and any(self.count(fix) >= SHORT_RECORDED_MIN_COUNT for fix in corrections)

    def _may_be_repeated_slip(self, word: str, lexicon: Lexicon) -> bool:
        """Whether ``word``, which the document uses more than once, may be a slip it repeats
        rather than one of its terms, by the word alone (asked before its candidates are
        looked up): :data:`REPEATED_SLIP_MIN_LENGTH` letters or more, and not two common or
        technical words run together, the first of three letters or more ("mailmap",
        "tomlkit", "builddir")."""
        return len(word) >= REPEATED_SLIP_MIN_LENGTH and not self._run_together(word.lower(), lexicon)

    def _run_together(self, lower: str, lexicon: Lexicon) -> bool:
        """Whether the lower-case ``lower`` is two common or technical words run together, the
        first of three letters or more ("mailmap", "tomlkit", "livecheck")."""
        return any(self._common(lower[:i], lexicon) and self._common(lower[i:], lexicon) for i in range(3, len(lower) - 1))

    def _two_words(self, word: str, lexicon: Lexicon) -> bool:
        """Whether ``word`` is two words run together: common or technical ones
        (:meth:`_run_together`) or a common pair of English words ("mywork": "my work")."""
        return self._run_together(word.lower(), lexicon) or bool(self.split_words(word, lexicon))

    def _repeated_slip(self, word: str, candidates: Sequence[str], meant: Iterable[str]) -> bool:
        """Whether ``word``, a document's repeated word that :meth:`_may_be_repeated_slip`, is a
        slip it repeats by its candidates: no wrong ending of a known word ("scenics": a form
        the writer may mean; but an irregular verb's past made regular is none: "sticked" for
        "stuck") and a very common word among its ``candidates``, none of them the word less a
        letter at one end (a name made of a word: "networkx", "createdb"): "excercise",
        "soloution"; not "conda", "pendens", "monomoraic"."""
        meant = set(meant)
        regularised = word.lower().endswith("ed") and bool(meant) and not any(form.endswith("ed") for form in meant)
        return (
            (not meant or regularised)
            and not any(candidate.lower() in (word[1:].lower(), word[:-1].lower()) for candidate in candidates)
            and any(self.count(candidate) >= REPEATED_SLIP_MIN_COUNT for candidate in candidates)
        )

    def close_words(self, word: str, lexicon: Lexicon) -> list[str]:
        """The closest common known words to ``word``, in its case (first letter capital): none
        for a word the frequency dictionary counts (it is its own closest)."""
        from symspellpy import Verbosity

        return self._near(word, lexicon, Verbosity.CLOSEST)

    def words_a_letter_away(self, word: str, lexicon: Lexicon) -> list[str]:
        """The common known words a letter from ``word`` (itself a word or not), the commonest
        first, in its case."""
        from symspellpy import Verbosity

        return self._near(word, lexicon, Verbosity.ALL)

    def _near(self, word: str, lexicon: Lexicon, verbosity) -> list[str]:
        lower = word.lower()
        hits = self._index().lookup(lower, verbosity, max_edit_distance=_MAX_DISTANCE, transfer_casing=False)
        words = [
            h.term
            for h in hits
            if h.count >= MIN_CANDIDATE_COUNT and h.term != lower and lexicon.knows(h.term) and _same_start(lower, h.term)
        ]
        return [_in_case_of(word, w) for w in words]

    def _opening_words(self, word: str, lexicon: Lexicon) -> list[str]:
        """The candidates of a capitalised word that opens a sentence, which is more often a
        name than a slip: only very common words a letter away that lemminflect knows as
        words, not names ("Unfortunatelly" -> "Unfortunately"; not "Andreia" -> "Andrea")."""
        least = OPENING_MIN_COUNT if len(word) >= OPENING_MIN_LENGTH else SHORT_OPENING_MIN_COUNT
        return [w for w in self.close_words(word, lexicon) if self.count(w) >= least and readings(w.lower())]

    def sound_alikes(self, word: str, lexicon: Lexicon) -> list[str]:
        """The common known words at most two letters from ``word`` that sound like it (its
        Metaphone key) and keep its first letter, the fewest letters changed first, then the
        commonest, in its case: none for a word shorter than :data:`SOUND_ALIKE_MIN_LENGTH` or
        with other than ASCII letters (a foreign word: "imprévu", "d'oro")."""
        lower = word.lower()
        if len(lower) < SOUND_ALIKE_MIN_LENGTH or not (lower.isascii() and lower.isalpha()):
            return []
        from jellyfish import metaphone

        alike = [w for w in self._sounds()[metaphone(lower)] if _same_start(lower, w) and lexicon.knows(w)]
        changed = {w: letters_changed(lower, w, 2) for w in alike}
        close = sorted((w for w, n in changed.items() if n <= 2), key=lambda w: (changed[w], -self.count(w)))
        return [_in_case_of(word, w) for w in close]

    def rare_words(self, word: str, lexicon: Lexicon) -> list[str]:
        """The technical words and the frequency dictionary's rarer words that the lexicon knows
        a letter from ``word`` (from :data:`RARE_MIN_LENGTH` letters; of plain ASCII letters), or
        failing those, from :data:`RARE_TWO_LETTERS_MIN_LENGTH` letters, the common and technical
        words with two neighbouring letters more or fewer, keeping its first letter; the fewest
        letters changed first, then the commonest, in its case. A word that is two known words run
        together ("livecheck", "codbase") gets only the words it has a letter left out of
        (:func:`_left_out_of`: "codebase"): a name made of two words often makes another word with a
        letter replaced or taken out ("mailmap" / "mailman", "postimage" / "postage")."""
        lower = word.lower()
        if not self._reaches_far(lower, RARE_MIN_LENGTH, lexicon):
            return []
        index = self._rare()
        near = [w for w in index.near(lower, 1) if w != lower and one_edit_apart(lower, w) and not _variant(lower, w)]
        if not near and len(lower) >= RARE_TWO_LETTERS_MIN_LENGTH:
            near = [
                w
                for w in index.near(lower, 2)
                if w[:2] == lower[:2]
                and w[-2:] == lower[-2:]
                and _two_letters_put_in_or_left_out(lower, w)
                and (self.count(w) >= MIN_CANDIDATE_COUNT or w not in self._counts)
            ]
        known = [w for w in near if lexicon.knows(w)]
        if self._run_together(lower, lexicon):
            known = [w for w in known if _left_out_of(lower, w)]
        changed = {w: letters_changed(lower, w, 2) for w in known}
        return [_in_case_of(word, w) for w in sorted(known, key=lambda w: (changed[w], -self.count(w), w))]

    def _reaches_far(self, lower: str, minimum: int, lexicon: Lexicon) -> bool:
        """Whether the lower-case ``lower`` may get candidates further than the common words a
        letter away: ``minimum`` letters or more, plain ASCII letters, not a British spelling of a
        known word ("sanitisation")."""
        if len(lower) < minimum or not (lower.isascii() and lower.isalpha()):
            return False
        return not any(lexicon.knows(spelling) for spelling in _american_spellings(lower))

    def _rare(self) -> BucketedWords:
        """Every word of the frequency dictionary and of the technical list, indexed on first use."""
        with self._lock:
            if self._rare_index is None:
                with open(frequency_dictionary(), encoding="utf-8") as lines:
                    listed = read_counts(lines)
                self._rare_index = BucketedWords([*listed, *technical_words()])
            return self._rare_index

    def first_letter_slips(self, word: str) -> list[str]:
        """The very common words (:data:`FIRST_LETTER_MIN_COUNT`) that ``word`` of
        :data:`FIRST_LETTER_MIN_LENGTH` letters or more is with its first letter left out or
        replaced, the commonest first, in its case: "nswers" -> "answers", "ommand" -> "command",
        "wuestions" -> "questions"."""
        lower = word.lower()
        if len(lower) < FIRST_LETTER_MIN_LENGTH or not (lower.isascii() and lower.isalpha()):
            return []
        made = {letter + lower for letter in string.ascii_lowercase} | {letter + lower[1:] for letter in string.ascii_lowercase}
        counted = ((self.count(w), w) for w in made if w != lower)
        return [_in_case_of(word, w) for count, w in sorted(counted, reverse=True) if count >= FIRST_LETTER_MIN_COUNT]

    def two_slips(self, word: str, lexicon: Lexicon) -> list[str]:
        """The common and technical words two slips of the hand from ``word`` of
        :data:`TWO_SLIPS_MIN_LENGTH` letters or more (of plain ASCII letters, not a British spelling
        of a known one): letters put in, left out or swapped,
        none replaced (:func:`_typed_slips`), its first and last letters kept, not the same stem with
        another ending (:func:`_other_ending`); the fewest letters changed first, then the
        commonest, in its case: "plubicly" -> "publicly", "bencharmked" -> "benchmarked"."""
        lower = word.lower()
        if not self._reaches_far(lower, TWO_SLIPS_MIN_LENGTH, lexicon):
            return []
        technical = self._technical()
        near = [
            w
            for w in self._rare().near(lower, 2)
            if w != lower and w[-1] == lower[-1] and (self.count(w) >= MIN_CANDIDATE_COUNT or w in technical)
        ]
        changed = {w: letters_changed(lower, w, 2) for w in near if lexicon.knows(w) and not _variant(lower, w)}
        close = [w for w, n in changed.items() if n <= 2 and _typed_slips(lower, w) and not _other_ending(lower, w)]
        if self._run_together(lower, lexicon):
            close = [w for w in close if _left_out_of(lower, w)]
        return [_in_case_of(word, w) for w in sorted(close, key=lambda w: (changed[w], -self.count(w), w))]

    def _technical(self) -> frozenset[str]:
        """The technical list's words, as a set built on first use."""
        with self._lock:
            if self._technical_words is None:
                self._technical_words = frozenset(technical_words())
            return self._technical_words

    def split_words(self, word: str, lexicon: Lexicon) -> list[str]:
        """``word`` split into two known English words that are a common pair (symspellpy's
        bigram dictionary counts it :data:`SPLIT_MIN_COUNT` times or more), the commonest
        first, in its case: "aswell" -> "as well", "infront" -> "in front"."""
        lower = word.lower()
        if not (lower.isascii() and lower.isalpha()):
            return []
        pairs = shipped_pairs()
        found = []
        for i in range(1, len(lower)):
            first, second = lower[:i], lower[i:]
            common = pairs.counted(first, second) and pairs.count(first, second) >= SPLIT_MIN_COUNT
            if common and lexicon.is_english(first) and lexicon.is_english(second):
                found.append((pairs.count(first, second), f"{first} {second}"))
        return [_in_case_of(word, pair) for _, pair in sorted(found, reverse=True)]

    def glued_function_words(self, word: str, lexicon: Lexicon) -> list[str]:
        """``word`` split into a function word (:data:`GLUE_WORDS`) and a known word of
        :data:`GLUED_MIN_LENGTH` letters or more, no function word itself, either way round, in
        its case: "dependencyon" -> "dependency on", "callbackfor" ->
        "callback for", "whenshowing" -> "when showing"; the longer known word first."""
        lower = word.lower()
        if not (lower.isascii() and lower.isalpha()):
            return []
        found = []
        for i in range(1, len(lower)):
            first, second = lower[:i], lower[i:]
            if (first in GLUE_WORDS and self._content_word(second, first, lexicon)) or (
                second in GLUE_WORDS and self._content_word(first, second, lexicon)
            ):
                found.append(f"{first} {second}")
        return [_in_case_of(word, pair) for pair in sorted(found, key=lambda pair: -max(map(len, pair.split(" "))))]

    @staticmethod
    def _content_word(word: str, glue: str, lexicon: Lexicon) -> bool:
        least = GLUED_TWO_LETTER_MIN_LENGTH if len(glue) == 2 else GLUED_MIN_LENGTH
        return len(word) >= least and word not in CLOSED_CLASS and lexicon.knows(word)

    def _sounds(self) -> DeleteIndex:
        """The common words by their Metaphone keys, made on first use."""
        symspell = self._index()
        with self._lock:
            if self._sound_index is None:
                from jellyfish import metaphone

                self._sound_index = DeleteIndex(symspell._deletes.words(), lambda w: (metaphone(w),))
            return self._sound_index

    @staticmethod
    def _close_known_terms(word: str, terms: TermIndex, lexicon: Lexicon) -> list[str]:
        """The document's terms a letter from ``word`` that the lexicon knows (a term the
        document repeats may be a repeated slip), in ``word``'s case."""
        return [_in_case_of(word, term) for term in terms.close(word.lower()) if lexicon.knows(term)]

    def _common(self, word: str, lexicon: Lexicon) -> bool:
        """A common English word, a technical term or one of the writer's words."""
        return self.count(word) >= MIN_CANDIDATE_COUNT or (lexicon.knows(word) and not lexicon.is_english(word))

    def count(self, word: str) -> int:
        """The count of ``word`` in the frequency dictionary, the other dialect's spellings added
        (:func:`with_other_spellings`; 0 when absent); of two words, the
        lesser of theirs (the pair's own count is on another scale: the bigram dictionary
        counts "of the" 13 times as often as the word "of")."""
        self._index()
        return min(self._counts.get(part, 0) for part in word.lower().split(" "))

    def _contraction(self, word: str, lexicon: Lexicon) -> list[str]:
        """``word`` with the apostrophe it lacks ("dont" -> "don't", "im" -> "I'm"), if that is a word."""
        lower = word.lower()
        for suffix in _CONTRACTION_SUFFIXES:
            stem = lower[: -len(suffix)]
            if suffix == "s" and stem not in _S_CONTRACTIONS:
                continue
            if lower.endswith(suffix) and len(stem) >= 1 and lexicon.is_english(f"{stem}'{suffix}"):
                fixed = f"{word[: len(stem)]}'{word[len(stem) :]}"
                return ["I" + fixed[1:] if stem == "i" else fixed]
        return []

    def _index(self):
        with self._lock:
            if self._symspell is None:
                with open(frequency_dictionary(), encoding="utf-8") as lines:
                    counts = with_other_spellings(read_counts(lines))
                symspell = symspell_of(counts, MIN_CANDIDATE_COUNT, _MAX_DISTANCE, _PREFIX)
                self._counts = symspell.words
                self._symspell = symspell
            return self._symspell


def rank(
    word: str,
    candidates: Iterable[str],
    fit: Callable[[str], float] | None,
    count: Callable[[str], int],
    meant: frozenset[str] | None = None,
    in_document: frozenset[str] = frozenset(),
    recorded: Sequence[str] = (),
    context: Callable[[str], float] | None = None,
) -> list[str]:
    """The candidates, best first, at most :data:`MAX_CANDIDATES`: a form of the same
    irregular verb first ("buyed" -> "bought"), then the fewest letters changed ("thier" ->
    "their" before "the"), then by ``fit(candidate)`` (how well the sentence with it reads to
    the model, a log-likelihood; None: frequency alone) plus :data:`FREQUENCY_WEIGHT` times the
    log of the candidate's frequency, plus :data:`DOCUMENT_WEIGHT` for those of ``in_document``
    (normalised: the document's terms), plus :data:`SLIP_WEIGHTS` of the slip that makes
    ``word`` from it, plus :data:`CONTEXT_WEIGHT` times ``context(candidate)`` (how likely it is
    between its neighbours by the word pairs: :meth:`edgegram.engine.finders.word_pairs.WordPairs.fit`).
    ``fit`` and ``context`` are asked only about :func:`to_fit`'s candidates."""

    def score(candidate: str) -> float:
        return candidate_score(
            fit(candidate) if fit is not None else 0.0,
            count(candidate),
            SLIP_WEIGHTS.get(slip_kind(word, candidate), 0.0),
            normalise(candidate) in in_document,
            listed_first(candidate, recorded),
            context(candidate) if context is not None else 0.0,
        )

    ranked: list[str] = []
    for group in candidate_groups(word, candidates, meant, recorded):
        ranked += sorted(group, key=lambda candidate: -score(candidate)) if len(group) > 1 else group
    return ranked[:MAX_CANDIDATES]


def candidate_score(
    fit: float, count: int, slip: float, in_document: bool = False, listed_first: bool = False, context: float = 0.0
) -> float:
    """How good a candidate of one :func:`candidate_groups` group is, the higher the better: its
    ``fit`` (nats), :data:`FREQUENCY_WEIGHT` times the log of its ``count``, the ``slip`` weight
    (:data:`SLIP_WEIGHTS`), :data:`DOCUMENT_WEIGHT` when it is one of the document's terms,
    :data:`RECORDED_FIRST_WEIGHT` when a list of recorded misspellings gives it first and
    :data:`CONTEXT_WEIGHT` times its ``context`` (its fit between its neighbours by the word pairs)."""
    document = DOCUMENT_WEIGHT if in_document else 0.0
    recorded = RECORDED_FIRST_WEIGHT if listed_first else 0.0
    return fit + FREQUENCY_WEIGHT * math.log(count + 1) + document + slip + recorded + CONTEXT_WEIGHT * context


def listed_first(candidate: str, recorded: Sequence[str]) -> bool:
    """Whether ``candidate`` is the first of a misspelling's ``recorded`` corrections (lower case)."""
    return bool(recorded) and candidate.lower() == recorded[0]


def to_fit(word: str, candidates: Iterable[str], meant: frozenset[str] | None = None, recorded: Sequence[str] = ()) -> list[str]:
    """The candidates :func:`rank` needs a model's ``fit`` of, so that a caller can have them
    all scored at once: those of the groups it must order."""
    groups = candidate_groups(word, candidates, meant, recorded)
    return [candidate for group in groups if len(group) > 1 for candidate in group]


def candidate_groups(
    word: str, candidates: Iterable[str], meant: frozenset[str] | None = None, recorded: Sequence[str] = ()
) -> list[list[str]]:
    """The candidates (without ``word`` and repeats) grouped by the rough key: the forms it was
    meant to be first (:func:`mistaken_forms`: "choosed" -> "chose", "chosen"), then another
    form of the same irregular verb, then the fewest letters changed; only the groups that reach
    into the first :data:`MAX_CANDIDATES`. ``fit`` (a model run per candidate) is needed only to
    order a group of more than one: a lone candidate ("influnces" -> "influences") needs none."""
    unique = list(dict.fromkeys(c for c in candidates if c != word))
    forms_meant = mistaken_forms(word) if meant is None else meant
    verb_forms = irregular_verb_forms(word)
    groups: dict[tuple[int, int], list[str]] = {}
    for candidate in unique:
        lower = candidate.lower()
        order = 0 if lower in forms_meant else 1 if lower in verb_forms else 2
        letters = 0 if order == 0 and recorded else letters_changed(word, candidate, 3)  # a recorded word's: one group
        groups.setdefault((order, letters), []).append(candidate)
    reaching, seen = [], 0
    for _, group in sorted(groups.items()):
        if seen >= MAX_CANDIDATES:
            break
        reaching.append(group)
        seen += len(group)
    return reaching


def slip_kind(word: str, meant: str) -> str:
    """The slip that makes the misspelling ``word`` from ``meant``, one letter apart (case
    ignored): a letter left out ("omit_double" of a doubled one: "sufer" from "suffer";
    "omit_last", "omit_vowel", "omit_consonant"), one put in ("add_double": "untill";
    "add_last", "add_vowel", "add_consonant"), two neighbours swapped ("swap"), or one replaced
    ("replace_vowel" by another vowel, "replace_other"); "other" for anything further apart."""
    word, meant = word.lower(), meant.lower()
    if abs(len(word) - len(meant)) == 1:
        short, long = (word, meant) if len(word) < len(meant) else (meant, word)
        at = next((i for i in range(len(short)) if short[i] != long[i]), len(short))
        if short[:at] + long[at + 1 :] != short:
            return "other"
        letter, action = long[at], "omit" if long is meant else "add"
        if long[at - 1 : at] == letter or long[at + 1 : at + 2] == letter:
            return f"{action}_double"
        if at == len(long) - 1:
            return f"{action}_last"
        return f"{action}_vowel" if letter in _VOWELS else f"{action}_consonant"
    if len(word) != len(meant):
        return "other"
    differ = [i for i in range(len(word)) if word[i] != meant[i]]
    if len(differ) == 1:
        return "replace_vowel" if word[differ[0]] in _VOWELS and meant[differ[0]] in _VOWELS else "replace_other"
    if len(differ) == 2 and differ[1] == differ[0] + 1:
        first, second = differ
        if word[first] == meant[second] and word[second] == meant[first]:
            return "swap"
    return "other"


def letters_changed(word: str, other: str, limit: int) -> int:
    """How many letters must be inserted, deleted, replaced or swapped with a neighbour to
    make ``word`` into ``other``, ignoring case (optimal string alignment, symspellpy's);
    ``limit + 1`` for any number above ``limit``."""
    from symspellpy.editdistance import DistanceAlgorithm, EditDistance

    distance = EditDistance(DistanceAlgorithm.DAMERAU_OSA).compare(word.lower(), other.lower(), limit)
    return distance if distance >= 0 else limit + 1


def _variant(word: str, other: str) -> bool:
    """Whether the lower-case ``word`` and ``other`` a letter or two apart are the same word
    spelt another way or with another ending: one with the other's first letter dropped
    ("cchardet" / "chardet"), an "-s" or "-d" ending added or dropped ("metavariable" /
    "metavariables"), another last letter ("cythonizes" / "cythonized", "codependence" /
    "codependency"), or "s" for "z", "our" for "or" ("anonymised" / "anonymized", "honourific" /
    "honorific")."""
    if other == word[1:] or word == other[1:]:
        return True
    short, long = sorted((word, other), key=len)
    if long[:-1] == short and long[-1] in "sd":
        return True
    if len(word) == len(other) and word[:-1] == other[:-1]:
        return True  # another ending ("cythonizes" / "cythonized", "myogenin" / "myogenic")
    return _dialect(word, other)


def _typed_slips(word: str, other: str, limit: int = 2) -> bool:
    """Whether ``other`` is ``word`` with at most ``limit`` letters put in, left out or swapped
    with a neighbour, none replaced: the slips of a hand on a keyboard ("plubicly" / "publicly",
    "comspoables" / "composables"), not another word of a science ("nucleosomes" / "nucleosides",
    "isogenic" / "isotonic"). Optimal string alignment without substitutions."""
    rows, cols = len(word) + 1, len(other) + 1
    far = limit + 1
    cost = [[far] * cols for _ in range(rows)]
    for i in range(rows):
        cost[i][0] = min(i, far)
    for j in range(cols):
        cost[0][j] = min(j, far)
    for i in range(1, rows):
        for j in range(1, cols):
            best = min(cost[i - 1][j] + 1, cost[i][j - 1] + 1)
            if word[i - 1] == other[j - 1]:
                best = min(best, cost[i - 1][j - 1])
            if i > 1 and j > 1 and word[i - 1] == other[j - 2] and word[i - 2] == other[j - 1]:
                best = min(best, cost[i - 2][j - 2] + 1)
            cost[i][j] = min(best, far)
    return cost[-1][-1] <= limit


def _left_out_of(word: str, other: str) -> bool:
    """Whether ``word`` is ``other`` with a letter left out, doubled or swapped, the slips a hand
    makes most ("codbase" / "codebase", "alertmanger" / "alertmanager", "desugarring" /
    "desugaring"); not with a letter put in ("postimage" / "postage") nor two left out, which a
    compound of two words often is of a third ("mainstem" / "mainstream")."""
    if len(other) >= len(word):
        return _typed_slips(word, other, 1)
    return len(word) == len(other) + 1 and any(
        word[i] == word[i + 1] and word[:i] + word[i + 1 :] == other for i in range(len(word) - 1)
    )


def _other_ending(word: str, other: str) -> bool:
    """Whether ``word`` and ``other`` are one stem with two endings, the shorter less its last
    letter starting the longer ("domainers" / "domains", "deteriorative" / "deteriorate")."""
    short, long = sorted((word, other), key=len)
    return long.startswith(short[:-1])


def _two_letters_put_in_or_left_out(word: str, other: str) -> bool:
    """Whether ``other`` is ``word`` with two neighbouring letters put in or left out, the way a
    hand slips ("mutatated" / "mutated", "indidual" / "individual", "sequentionally"); not two
    letters replaced, which makes another word of a rare one ("isogenic" / "isotonic")."""
    short, long = sorted((word, other), key=len)
    return len(long) == len(short) + 2 and any(long[:i] + long[i + 2 :] == short for i in range(len(long) - 1))


def _american_spellings(word: str) -> set[str]:
    """The lower-case ``word`` with one British "is" made "iz" or "our" made "or"
    ("sanitisation" -> "sanitization", "honourific" -> "honorific")."""
    found = set()
    for british, american in (("is", "iz"), ("ys", "yz"), ("our", "or")):
        at = word.find(british)
        while at >= 0:
            found.add(word[:at] + american + word[at + len(british) :])
            at = word.find(british, at + 1)
    return found


def _dialect(word: str, other: str) -> bool:
    """Whether ``word`` and ``other`` differ only as British and American spellings do a letter
    apart: "s" for "z" ("anonymised"), "our" for "or" ("honourific")."""
    if len(word) == len(other):
        diff = [(a, b) for a, b in zip(word, other) if a != b]
        return len(diff) == 1 and set(diff[0]) == {"s", "z"}
    short, long = sorted((word, other), key=len)
    return len(long) == len(short) + 1 and long.replace("our", "or", 1) == short


def one_edit_apart(word: str, other: str) -> bool:
    """Whether one letter inserted, deleted, replaced or swapped with a neighbour makes
    ``word`` into ``other`` (case-sensitive): ``letters_changed(word, other, 1) == 1`` for
    lower-case words, in a single pass."""
    if len(word) > len(other):
        word, other = other, word
    i = 0
    while i < len(word) and word[i] == other[i]:
        i += 1
    if len(word) < len(other):
        return len(other) - len(word) == 1 and word[i:] == other[i + 1 :]
    if i == len(word):
        return False  # the same word
    if word[i + 1 :] == other[i + 1 :]:
        return True  # one letter replaced
    return i + 1 < len(word) and word[i] == other[i + 1] and word[i + 1] == other[i] and word[i + 2 :] == other[i + 2 :]


# Word-building a word list does not spell out: "growable", "repost", "deduplicated", "struct's".
_PREFIXES = ("re", "un", "de", "pre", "non", "sub", "multi", "over", "under", "mis", "inter", "auto", "micro")
_VERB_SUFFIXES = ("ed", "d", "ing")
_INFLECTIONS = ("s", "es", *_VERB_SUFFIXES)  # endings whose forms lemminflect lists (word_classes.readings)
_SUFFIXES = ("'s", "’s", "s", "es", "ed", "d", "ing", "able", "ible", "ness", "less", "ly", "er", "ers", "ize", "ise", "ization")


# The word classes a base must have (lemminflect's, as its own lemma) to take an ending: "larged"
# is no form of the adjective "large", "discusing" none of the noun "discus", "flakeness" none of
# the noun "flake", "untilization" none of "until" (an English word lemminflect does not list is a
# function word); a noun takes "-ed" ("beaconed", "chimneyed"); a technical word lemminflect does
# not know may take any ending ("rebased", "impls").
_SUFFIX_CLASSES = {
    "ed": (VERB, NOUN), "d": (VERB, NOUN), "ing": (VERB,), "er": (VERB, ADJ), "ers": (VERB, ADJ),
    "ness": (ADJ,), "ize": (NOUN, ADJ), "ise": (NOUN, ADJ), "ization": (NOUN, ADJ),
}  # fmt: skip
_SIBILANT_ENDINGS = ("s", "x", "z", "ch", "sh", "o")  # what "-es" follows ("boxes", "impls", not "imples")


def _takes_ending(base: str, suffix: str, lexicon: Lexicon) -> bool:
    """Whether ``base`` may take ``suffix`` by its word class (:data:`_SUFFIX_CLASSES`) and by
    spelling: "-es" after a sibilant or "o", "-s" not after an "s" ("enumss")."""
    if suffix == "es" and not base.endswith(_SIBILANT_ENDINGS) or suffix == "s" and base.endswith("s"):
        return False
    classes = _SUFFIX_CLASSES.get(suffix)
    if classes is None:
        return True
    found = readings(base)
    if not found:
        return not lexicon.is_english(base)
    return any(base in found.get(kind, ()) for kind in classes)


def knows_form(word: str, lexicon: Lexicon, common: Callable[[str], bool]) -> bool:
    """Whether ``word`` is known, or a ``common`` word with a common prefix or an ending its
    word class takes (:func:`_takes_ending`; a rare word with an ending is more often a typo:
    "alows" is not "alow" + "s"), or a common verb's "-eth" ("seeth")."""
    if lexicon.knows(word):
        return True
    lower = word.lower()
    for suffix in _SUFFIXES:
        stem = lower[: -len(suffix)]
        silent_e = suffix in ("ed", "ing", "able", "er", "ers", "ize", "ization")  # "hoped", "usable"
        if not lower.endswith(suffix) or len(stem) < 3:
            continue
        stems = (stem, stem + "e") if silent_e else (stem,)
        bases = [base for base in stems if common(base) and _takes_ending(base, suffix, lexicon)]
        if not bases:
            continue
        if suffix in _VERB_SUFFIXES and len(stem) <= 4 and not any(VERB in readings(base) for base in bases):
            # a verb's ending on a short word that is no verb: "caled" is not "cal" + "ed", "arond" not
            # "aron" + "d" (a longer noun takes one: "tuxedoed", "chimneyed")
            continue
        if suffix in _INFLECTIONS and not readings(lower) and all(_forms_meant(base, suffix) is not None for base in bases):
            continue  # "lifes", "agains", "mens", "gaind", "becomed", "competeing": slips, not forms
        return not (suffix in ("ed", "d") and irregular_verb_forms(stem))  # "buyed" is no word
    if _archaic_verb(lower, common) or _form_of_a_term(lower, lexicon):
        return True
    return any(lower.startswith(p) and len(lower) - len(p) >= 4 and common(lower[len(p) :]) for p in _PREFIXES)


def _form_of_a_term(word: str, lexicon: Lexicon) -> bool:
    """A verb's "-ing" or "-ed" form of a word of the trade that no English list has, its last
    consonant doubled or not ("gzipping", "chmodded"); a term of four letters or more (the
    technical list has short fragments: "dizzing" is no form of "diz"); not after a final "e",
    which the form drops ("rebaseing" is a slip for "rebasing")."""
    for suffix in ("ing", "ed"):
        stem = word[: -len(suffix)]
        if not word.endswith(suffix) or stem.endswith("e"):
            continue
        bases = (stem, stem[:-1]) if len(stem) > 3 and stem[-1] == stem[-2] else (stem,)
        if any(len(base) >= 4 and lexicon.knows(base) and not lexicon.is_english(base) for base in bases):
            return True
    return False


def _archaic_verb(word: str, common: Callable[[str], bool]) -> bool:
    """Whether the lower-case ``word`` is a common verb's old third person in "-eth" ("dreameth",
    "maketh", "seeth": scripture and verse quoted on the web), not a slip of another word."""
    if not word.endswith("th") or len(word) < 5:
        return False
    stems: list[str] = [word[:-3], word[:-3] + "e"] if word.endswith("eth") else []
    if word[-3] == "e":
        stems.append(word[:-2])  # "seeth": "see" + "th"
    return any(len(stem) >= 2 and common(stem) and is_bare_verb(stem) for stem in stems)


def mistaken_forms(word: str, after_auxiliary: bool | None = None) -> set[str]:
    """The forms lemminflect lists that ``word``, a listed word with an ending it does not take,
    was meant to be: a noun's plural ("lifes" -> "lives"), a verb's "-s" form ("occures" ->
    "occurs"), past tense and participle ("happend" -> "happened", "becomed" -> "became",
    "become"), or the word itself where it takes no "-s" ("childrens" -> "children", "differents"
    -> "different"). Empty for a listed form, or one made on a word lemminflect does not know.
    ``after_auxiliary``: whether "be" or "have" comes before it, so that of a verb's past tense and
    participle only the participle ("has choosed" -> "chosen") or only the past tense ("he
    choosed" -> "chose") is meant; None: both."""
    lower = word.lower()
    if readings(lower):
        return set()
    forms: set[str | None] = set()
    for suffix in _INFLECTIONS:
        stem = lower[: -len(suffix)]
        if lower.endswith(suffix) and len(stem) >= 3:
            for base in (stem, stem + "e"):
                forms |= _forms_meant(base, suffix, after_auxiliary) or set()
    return {form for form in forms if form and form != lower}


def _after_auxiliary(sentence: str, start: int) -> bool:
    """Whether a form of "be" or "have" (an adverb between allowed) comes right before ``sentence[start:]``."""
    before = [w.lower() for w in WORD_RE.findall(sentence[:start])[-2:]]
    if before and before[-1] in ADVERBS_AFTER_AUXILIARY:
        before.pop()
    return bool(before) and before[-1] in AUXILIARIES


def _forms_meant(base: str, suffix: str, after_auxiliary: bool | None = None) -> set[str | None] | None:
    """What ``base`` + ``suffix``, a word lemminflect does not list, was meant to be, where it
    lists the forms ``base`` takes with that ending: ``base`` is a verb's bare form, or with
    "-s" a noun's singular ("lifes"), a plural already ("mens") or neither noun nor verb
    ("agains"); an empty set where it has no form to offer ("-ing", which the table lacks).
    None where ``base`` may take the ending: a word it does not know, or a noun made a verb
    ("beaconed"), or an -ing form made a noun ("wailings")."""
    found = readings(base)
    verb = base in found.get(VERB, ())
    if suffix in ("s", "es"):
        if base in found.get(NOUN, ()):
            return {plural(base)}
        if verb:
            return {third_person(base)}
        return {base} if found and (NOUN in found or VERB not in found) else None
    if not verb:
        return None
    if suffix not in ("ed", "d"):
        return set()
    if after_auxiliary is None:
        return {past_tense(base), past_participle(base)}
    return {past_participle(base) if after_auxiliary else past_tense(base)}


class TermIndex:
    """A document's terms (normalised words it uses more than once: :func:`frequent_terms`),
    indexed by first letter and length to find those one letter from a word quickly."""

    def __init__(self, terms: Iterable[str]):
        self.terms = frozenset(terms)
        self._close: dict[str, list[str]] = {}  # close()'s answers (a check asks twice: memo keys, candidates)
        self._by_start: dict[tuple[str, int], list[str]] = {}
        for term in self.terms:
            self._by_start.setdefault((term[:1], len(term)), []).append(term)

    def __contains__(self, word: object) -> bool:
        return word in self.terms

    def close(self, word: str) -> list[str]:
        """The terms one letter inserted, deleted, replaced or swapped away from the lower-case
        ``word`` (at least :data:`MIN_LENGTH` letters) that keep its first letter; sorted."""
        if len(word) < MIN_LENGTH:
            return []
        found = self._close.get(word)
        if found is None:
            near = (t for n in (len(word) - 1, len(word), len(word) + 1) for t in self._by_start.get((word[:1], n), ()))
            found = self._close[word] = sorted(t for t in near if t != word and one_edit_apart(word, t))
        return found


def odd_words(words: Iterable[str], lexicon: Lexicon) -> tuple[str, ...]:
    """The normalised ``words`` that may be suspects for the lexicon: lettered, long enough,
    not on it (a superset of :meth:`Speller.suspects`'s words that have no other candidate)."""
    return tuple(w for w in words if len(w) >= MIN_LENGTH and is_lettered(w) and not lexicon.knows(w))


def normalised_words(text: str) -> tuple[str, ...]:
    """The words of ``text``, normalised as the lexicon lists them (interned: the checker's
    memos hold the words of every sentence it has seen, most of them the same few thousand)."""
    return tuple(sys.intern(normalise(word)) for word in WORD_RE.findall(text))


def repeated(words: Iterable[str]) -> set[str]:
    """The words that occur more than once in ``words``."""
    return {word for word, count in Counter(words).items() if count > 1}


def frequent_terms(texts: Iterable[str]) -> set[str]:
    """Normalised words used more than once in ``texts`` (a document's terms)."""
    return repeated(word for text in texts for word in normalised_words(text))


def _modal_contraction(sentence: str, end: int, word: str) -> str | None:
    """The contraction ("can't", "won't", in the case of ``word``) where ``word``, ending at
    ``end``, is "cant" or "wont" before a bare verb; else None."""
    contraction = _WORDS_OR_CONTRACTIONS.get(word.lower())
    if contraction is None:
        return None
    following = _NEXT_WORD_RE.match(sentence, end)
    return _in_case_of(word, contraction) if following and is_bare_verb(following.group(1)) else None


def _slip_of_a_document_word(word: str, candidates: Iterable[str], terms: TermIndex, lexicon: Lexicon) -> bool:
    """Whether one of ``candidates`` of the document's repeated ``word`` is a known word a letter
    from it that the document uses more than once too, not ``word`` with an ending more or less
    ("worksapce" beside "workspace"; not "gitmodule" beside "gitmodules", nor "monomoraic" beside
    "monomeric", a sound-alike further away)."""
    lower = normalise(word)
    for candidate in _in_document(word, candidates, terms):
        longer, shorter = (candidate, lower) if len(candidate) > len(lower) else (lower, candidate)
        if any(longer == shorter + ending for ending in _ENDINGS):
            continue
        if lexicon.knows(candidate):
            return True
    return False


def _in_document(word: str, candidates: Iterable[str], terms: TermIndex) -> frozenset[str]:
    """The ``candidates`` of ``word`` (normalised) that are among the document's ``terms``."""
    own = frozenset(terms.close(normalise(word)))
    return frozenset(c for c in map(normalise, candidates) if c in own)


def with_other_spellings(counts: dict[str, int]) -> dict[str, int]:
    """``counts`` (the frequency dictionary's) with the words it lacks whose spelling in the other
    of British and American English it has, counted as that spelling: it lists "artefacts",
    "favourite", "cancelled" but not "artifacts", "favorite", "canceled", so these were never
    offered, and lost to their partners where both were ("artifcats")."""
    added: dict[str, int] = {}
    for word, other in dialect_pairs():
        if word not in counts and other in counts:
            added[word] = max(added.get(word, 0), counts[other])
    return {**counts, **added}


def _named_after_a_noun(word: str, lexicon: Lexicon) -> bool:
    """Whether ``word`` is a noun, or a technical word, with one consonant more at its end, the
    way programs and packages are named ("runc", "flagd", "clientp", "networkx", "flaskr"), not a
    slip: the noun a singular of three letters or more, the technical word of four ("libcurl"; not
    "unt" of "untl") (not an inflected form or a function word
    with a letter more: "argumentsd", "theser", "onlyl"; not "lear" of "learm", which no list
    counts as a noun), the letter no vowel, "y" or "s", not the noun's last letter again
    ("commandd") and no "k" after "c" ("mimick" is "mimic")."""
    lower = word.lower()
    base, last = lower[:-1], lower[-1]
    if len(base) < 3 or last in "aeiouys" or last == base[-1] or (last == "k" and base[-1] == "c") or base in CLOSED_CLASS:
        return False
    if any(not form.startswith(base) for form in mistaken_forms(lower)):
        return False  # an irregular verb's wrong past: "overrided" (but "flagd" is no "flagged")
    return is_singular_noun(base) or (len(base) > 3 and lexicon.knows(base) and not lexicon.is_english(base))


# Determiners of one thing, after which (an adjective may stand between) a misspelt noun was meant
# in the singular, whatever ending the misspelling has ("a new heuristcs" -> "heuristic").
_SINGULAR_DETERMINERS = frozenset("a an one each every another".split())


def _after_singular_determiner(sentence: str, start: int) -> bool:
    """Whether a determiner of one thing stands right before ``sentence[start:]``, or before an
    adjective that is nothing else right before it ("an extentions for", "a new heuristcs"; not
    "a few")."""
    before = [w.lower() for w in WORD_RE.findall(sentence[:start])[-2:]]
    if not before:
        return False
    if before[-1] in _SINGULAR_DETERMINERS:
        return _joined_by_space(sentence, start, 1)
    adjective = (
        len(before) == 2
        and before[0] in _SINGULAR_DETERMINERS
        and before[1] not in CLOSED_CLASS
        and before[1] != "few"
        and set(readings(before[1])) == {ADJ}
    )
    return adjective and _joined_by_space(sentence, start, 2)


# Determiners after which, with a preposition or a mark after the word, only a noun fits.
_NOUN_DETERMINERS = frozenset("the a an this that these those each every another".split())


def _noun_place(sentence: str, start: int, end: int) -> bool:
    """Whether ``sentence[start:end]`` stands where only a noun fits (no verb's form or adjective
    that is no noun): right after a determiner and before a preposition or a mark that ends its
    phrase ("Ping the assigneed by email": "assignee", not "assigned"; "The modulor of the hash":
    "modulo", not "modular"; not "the assigneed task", where a participle may describe the noun)."""
    before = WORD_RE.findall(sentence[:start])[-1:]
    if not before or before[0].lower() not in _NOUN_DETERMINERS or not _joined_by_space(sentence, start, 1):
        return False
    after = sentence[end:]
    following = re.match(r" ([A-Za-z]+)\b", after)
    return (following is not None and following.group(1).lower() in PREPOSITIONS) or re.match(r"[.,;:!?)]", after) is not None


def _joined_by_space(sentence: str, start: int, words: int) -> bool:
    """Whether the ``words`` words before ``sentence[start:]`` and it are separated by single spaces alone."""
    return re.search(rf"(?:[A-Za-z]+ ){{{words}}}$", sentence[:start]) is not None


def _number_of_place(sentence: str, start: int, words: Iterable[str]) -> list[str]:
    """``words``, candidates for the misspelling at ``sentence[start:]``, in the singular after a
    determiner of one thing (:func:`_after_singular_determiner`), as they are elsewhere."""
    if not _after_singular_determiner(sentence, start):
        return list(words)
    return list(dict.fromkeys(_singular(word) for word in words))


def _singular(word: str) -> str:
    """``word``'s singular where it is a plural noun and nothing else (in its case), else ``word``."""
    lower = word.lower()
    single = singular_of_plural(lower)
    if single is None or VERB in readings(lower):
        return word
    return _in_case_of(word, single)


def _possessive(word: str) -> tuple[str, str]:
    """``word`` as its noun and possessive ending ("commmand's" -> "commmand", "'s"), or as itself
    and no ending."""
    if len(word) > 2 and word[-2:] in ("'s", "’s") and word[:-2].isalpha():
        return word[:-2], word[-2:]
    return word, ""


def _quoted_alone(sentence: str, start: int, end: int) -> bool:
    """Whether quotes enclose ``sentence[start:end]`` and nothing else ('"mywork"', '“mywork”')."""
    return _QUOTES.get(sentence[start - 1 : start]) == sentence[end : end + 1] != ""


def _overlaps(spans: Sequence[tuple[int, int]], start: int, end: int) -> bool:
    """Whether ``[start, end)`` shares a character with any of ``spans``."""
    return any(s < end and start < e for s, e in spans)


def _same_start(word: str, candidate: str) -> bool:
    """Whether ``candidate`` keeps the first letter of ``word``, or only swaps the first two:
    slips rarely change a word's first letter, rare words one letter from a common one often
    differ there ("seeth" / "teeth", "mumma" / "summa")."""
    return candidate[:1] == word[:1] or (len(word) > 1 and candidate[:2] == word[1] + word[0])


def _in_case_of(word: str, candidate: str) -> str:
    return candidate[:1].upper() + candidate[1:] if word[:1].isupper() else candidate


def frequency_dictionary() -> Path:
    """symspellpy's frequency dictionary (82,765 words with Google Books counts)."""
    import importlib.resources

    return Path(str(importlib.resources.files("symspellpy") / "frequency_dictionary_en_82_765.txt"))


@functools.cache
def shipped_speller() -> Speller:
    """One speller per process (its index is read-only once built)."""
    return Speller()


__all__ = [
    "MAX_CANDIDATES",
    "SLIP_WEIGHTS",
    "Speller",
    "Suspect",
    "candidate_groups",
    "candidate_score",
    "listed_first",
    "frequency_dictionary",
    "frequent_terms",
    "knows_form",
    "mistaken_forms",
    "letters_changed",
    "normalised_words",
    "rank",
    "repeated",
    "shipped_speller",
    "slip_kind",
    "to_fit",
]

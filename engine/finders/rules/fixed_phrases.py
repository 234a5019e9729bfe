"""Learners' slips in fixed phrases: the expressions are data (``phrasebook/fixed_phrases.rules``:
"despite of", "discussed about", "borrow me your pen", "he told that"); this module holds the
slips that need the words' forms or what follows them: "went to shopping", "married with him",
"I have 20 years old", "it's time to writing", "suggested me to go", "made me to do", "did a
mistake", "explain me", "enjoy to swim", "look forward to hear"."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import SUBJECT_OF_OBJECT
from edgegram.engine.analysis.word_classes import ADJ, ADV, classes, gerund_lemmas, is_bare_verb, present_participle
from edgegram.engine.finders.rules.phrases import phrase_rule
from edgegram.engine.finders.rules.record import Fix
from edgegram.engine.finders.rules.tokens import in_case_of
from edgegram.engine.sentences.lexicon import Lexicon

# A word too many: group 1 (with the space before it) goes.
_EXTRA_WORD = (
    re.compile(
        r"(?<![\w'’-])(?:go|goes|went|going|gone)(\s+to)\s+(?:shopping|swimming|fishing|camping|skiing|hiking|"
        r"dancing|sightseeing|jogging|sailing|surfing|skating|climbing|bowling)(?![\w'’-])"
        r"(?=\s*(?:[.,;:!?)]|$|\s(?:with|in|at|on|for|and|or|every|last|this|yesterday|today|tomorrow|together|again)\b))"
    ),  # not "go to shopping malls"
)
# "married with" a person, which marries them ("She married with him" -> "married him"), or is
# married to them ("got married with him" -> "to"); not "married with children".
_MARRIED_WITH_RE = re.compile(
    r"(?<![\w'’-])(?:(get|got|gets|getting|be|is|am|are|was|were|been)\s+)?married(\s+with)\s+(?:him|her|me|them|us)(?![\w'’-])",
    re.IGNORECASE,
)
# An age "had" rather than "been" ("I have 20 years old" -> "am", "She has ten years old." -> "is"):
# only where "years old" ends the phrase (not "has 20 years old wine").
_AGE_HAD_RE = re.compile(
    r"(?<![\w'’-])(I|you|we|they|he|she)\s+(have|has)\s+(?:\d{1,3}|(?:one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|[a-z]+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-[a-z]+)?)\s+years?\s+old"
    r"(?=\s*(?:[.,;:!?)]|$|and\s|but\s))",
    re.IGNORECASE,
)
_AGE_BE = {"i": "am", "he": "is", "she": "is"}
# "it's time to" and an -ing form, which wants the bare verb ("it's time to writing your first
# program" -> "write"; the clean training text has "it's time to" 156 times, never with an -ing form).
_TIME_TO_RE = re.compile(
    r"(?<![\w'’-])it(?:['’]s|\s+is|\s+was)\s+(?:high\s+|about\s+|now\s+)?time\s+to\s+([a-z]+ing)(?![\w'’-])", re.IGNORECASE
)
# "suggest" with a person and an infinitive, which wants a clause ("She suggested me to go" ->
# "suggested I go"; none in the clean and restraint training text, three in the learner pairs,
# each corrected so): group 1 the person and "to", group 2 the person.
_SUGGEST_TO_RE = re.compile(
    r"(?<![\w'’-])(?:suggest|suggests|suggested|suggesting)\s+((me|him|her|us|them)\s+to)\s+([a-z]+)(?![\w'’-])", re.IGNORECASE
)
# "make" and "let" with a person and "to" before the verb, which they take bare ("He made me to do
# it" -> "made me do"; four in the clean and restraint training text, old fiction and a quoted
# speaker, 23 in the learner pairs, each corrected so): group 1 " to", group 2 the verb.
_BARE_AFTER_PERSON_RE = re.compile(
    r"(?<![\w'’-])(?:make|makes|made|making|let|lets|letting)\s+(?:me|him|her|us|them|you)(\s+to)\s+([a-z]+)(?![\w'’-])",
    re.IGNORECASE,
)
# "do" a mistake, which one makes ("I did a mistake" -> "made"; none in the clean and restraint
# text, six in the learner pairs, all corrected so), after what makes "do" the main verb (a subject
# pronoun, "to", a modal, "have", "not"; not "Why did the mistake happen?"): group 1 the verb.
_DO_MISTAKE_RE = re.compile(
    r"(?<![\w'’-])(?:I|you|he|she|we|they|to|will|would|can|could|should|might|must|have|has|had|not|never|also|always|often)"
    r"\s+(do|does|did|doing|done)\s+(?:(?:a|an|the|this|that|these|those|my|his|her|their|our|your|many|some|no|any|"
    r"lots\s+of|a\s+lot\s+of)\s+)?(?:[a-z]+\s+)?mistakes?(?![\w'’-])",
    re.IGNORECASE,
)
_MAKE = {"do": "make", "does": "makes", "did": "made", "doing": "making", "done": "made"}
# "explain" with the person it is explained to and no "to": " to" goes in right after the verb,
# where the model writes the same insertion (one edit, not two: "explain to to me").
_EXPLAIN_TO_RE = re.compile(r"(?<![\w'’-])(explain|explains|explained|explaining)\s+(?:me|us)(?![\w'’-])")
# "enjoy" and "avoid", whose object is an -ing form, not "to" and a bare verb ("I enjoy to swim"
# -> "enjoy swimming", "He avoided to answer" -> "avoided answering"; not "finish", "practice",
# "suggest", "postpone": nouns, passives or a purpose, "a top-three finish to qualify", "are
# suggested to disrupt", "postponed to accommodate"); and "allows", "enables" with no object
# ("This option allows to disable the cache" -> "allows disabling"; 15 in 600,000 clean and
# restraint training sentences, all slips; not "allow", "allowed": "Allow to cool", "is allowed
# to"): group 1 "to" and the verb.
_GERUND_OBJECT_RE = re.compile(
    r"(?<![\w'’-])(?:enjoy|enjoys|enjoyed|enjoying|avoid|avoids|avoided|avoiding|allows|allowing|enables|enabling)"
    r"\s+(to\s+([a-z]+))(?![\w'’-])",
    re.IGNORECASE,
)
# "look forward to" and a verb's bare form, which wants its -ing form.
_FORWARD_TO_RE = re.compile(r"(?<![\w'’-])(?:look|looks|looked|looking)\s+forward\s+to\s+([a-z]+)(?![\w'’-])")


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for pattern in _EXTRA_WORD:
        for m in pattern.finditer(sentence):
            yield m.start(1), m.end(1), ""
    for m in _MARRIED_WITH_RE.finditer(sentence):
        yield (m.start(2), m.end(2), " to") if m.group(1) else (m.start(2), m.end(2), "")
    for m in _AGE_HAD_RE.finditer(sentence):
        yield m.start(2), m.end(2), _AGE_BE.get(m.group(1).lower(), "are")
    for m in _TIME_TO_RE.finditer(sentence):
        if lemmas := gerund_lemmas(m.group(1)):
            yield m.start(1), m.end(1), lemmas[0]  # "it's time to writing" -> "write"
    for m in _SUGGEST_TO_RE.finditer(sentence):
        if is_bare_verb(m.group(3)):
            yield m.start(1), m.end(1), SUBJECT_OF_OBJECT[m.group(2).lower()]  # "suggested me to go" -> "I go"
    for m in _BARE_AFTER_PERSON_RE.finditer(sentence):
        if is_bare_verb(m.group(2)):
            yield m.start(1), m.end(1), ""  # "made me to do" -> "made me do"
    for m in _DO_MISTAKE_RE.finditer(sentence):
        if _bare_verb_follows(sentence, m.end()):
            continue  # "do" asking: "to do these mistakes occur?"
        yield m.start(1), m.end(1), in_case_of(m.group(1), _MAKE[m.group(1).lower()])  # "did a mistake" -> "made"
    for m in _EXPLAIN_TO_RE.finditer(sentence):
        yield m.end(1), m.end(1), " to"
    for m in _GERUND_OBJECT_RE.finditer(sentence):
        if ing := _ing_of_bare(m.group(2)):
            yield m.start(1), m.end(1), ing  # "enjoy to swim" -> "swimming"
    for m in _FORWARD_TO_RE.finditer(sentence):
        if ing := _ing_of_bare(m.group(1)):
            yield m.start(1), m.end(1), ing  # "look forward to hear" -> "hearing"


def _bare_verb_follows(sentence: str, end: int) -> bool:
    """Whether a verb's bare form is the next word after ``sentence[:end]``."""
    m = re.match(r"\s+([a-z]+)", sentence[end:])
    return m is not None and is_bare_verb(m.group(1))


def _ing_of_bare(verb: str) -> str | None:
    """The -ing form of ``verb`` where it is a verb's bare form and nothing an adjective or an
    adverb might be ("to further work" is no "furthering")."""
    return present_participle(verb) if is_bare_verb(verb) and not classes(verb) & {ADJ, ADV} else None


def _message(fix: Fix) -> str:
    phrase = " ".join(word for word in (fix.before, fix.replacement, fix.after) if word)
    return f"The phrase is '{phrase}'." if fix.original else f"The phrase needs '{fix.replacement}': '{phrase}'."


RULE = phrase_rule("fixed_phrases", extra=(find,), message=_message)


__all__ = ["find", "RULE"]

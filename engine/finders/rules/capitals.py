"""A sentence's first word in lower case ("for now it suffices." -> "For"), and the pronoun
"i" ("i think", "i'm") -> "I".

The first word is capitalised only when it is an English word (not a command, an identifier
or a brand that is written in lower case: "npm", "iptables", "macOS", nor a name its writer keeps
in lower case: :func:`edgegram.engine.analysis.trade_words.keeps_lower_case`; the checker also
keeps a name the document itself opens two sentences with in lower case and never capitalises,
"curl", "pip": :func:`edgegram.engine.analysis.trade_words.lower_case_names_of`) and the sentence ends
with a full stop, question or exclamation mark, or with a colon after eight words or more ("if
we compile it, we get this error:") or after four when it opens with a subject ("here's the full
code for reference:", "we get this error:"; not "for example:") (a fragment, a list item or a
code comment owes no capital; those are also marked by the prose extractors), and does not open
with a word that cannot start a statement ("were planted on…", "who will…", "where Y is…", "can
fill in.": :data:`~edgegram.engine.prose.spans.CONTINUERS`, the rest of a sentence broken
off, unless it is a question), nor with a verb's -s form or its past with no
subject before it and no verb after it: a description whose subject is what it describes, as
reference docs write them under an option or a field ("matches the regular expression", "applies
only to", "followed by an optional message"; but "matches are kept" opens with its subject)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import (
    ARTICLES,
    AUXILIARIES,
    DETERMINERS,
    MODALS,
    NUMBER_WORDS,
    OBJECT_PRONOUNS,
    PREPOSITIONS,
    SUBJECT_PRONOUNS,
)
from edgegram.engine.analysis.trade_words import is_trade_noun, keeps_lower_case
from edgegram.engine.analysis.word_classes import (
    ADJ,
    NOUN,
    VERB,
    classes,
    is_bare_verb,
    is_participle_only,
    is_third_person,
    past_lemmas,
    readings,
)
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Fix, Rule
from edgegram.engine.prose.spans import CONTINUERS
from edgegram.engine.sentences.lexicon import Lexicon
from edgegram.engine.sentences.segment import is_abbreviation

# Not "(see ...)": an aside; nor after a quotation closed ('"" means the file'): a literal.
_FIRST_WORD_RE = re.compile(r"^\s*[\"'“‘]?([a-z][a-z'’]*)(?=[\s,;:])")
_PRONOUN_I_RE = re.compile(r"(?<![\w'’.(\[/=-])(i)(?:(['’])(m|ve|ll|d))?(?![\w'’.)\]/=-])")
# What follows the pronoun "i" (and not a variable "i"): a verb or an adverb before one.
_AFTER_PRONOUN_I = frozenset(
    "am was have had think thought will would can could do did don't didn't can't won't know knew want wanted "
    "like liked see saw believe feel felt need needed just also really never always should must might may hope "
    "guess mean meant said say told tell asked went go got love agree wonder tried found made".split()
)
_ENDS_SENTENCE_RE = re.compile(r"[.!?][\"'”’)\]]*\s*$")
# A colon ends a sentence that introduces what follows (a code block, a list: "if we forget
# the annotations and compile it, we get this error:"), when it is long enough to be one.
_ENDS_WITH_COLON_RE = re.compile(r":\s*$")
_MIN_WORDS_BEFORE_COLON = 8
# ... or this many when its first word is a subject (or one with its verb): a clause, not a lead-in.
_MIN_CLAUSE_BEFORE_COLON = 4
_SUBJECTS = SUBJECT_PRONOUNS | frozenset(
    "this that here there here's there's it's that's let's we'll you'll they'll it'll we're you're they're we've "
    "you've they've".split()
)
_QUESTION_RE = re.compile(r"\?[\"'”’)\]]*\s*$")
_NEXT_WORD_RE = re.compile(r"[ \t]+([A-Za-z]+|[0-9]+\b)")  # not past a comma: "fields, the value"
# A full stop, question or exclamation mark after a word, then a lower-case word: a sentence
# the segmenter did not end (it waits for a capital), unless the word before is an abbreviation.
# Not after closing quotes or brackets ("the “Hello, world!” project").
_INNER_START_RE = re.compile(r"([\w.]+)[.!?]\s+([a-z][a-z'’]*)(?=[\s,;:])")
# ... or a full stop after a closing bracket ("(in this case, `x`). the body of"): a sentence's end.
_AFTER_BRACKET_RE = re.compile(r"\w[)\]]\.\s+([a-z][a-z'’]*)(?=[\s,;:])")


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    m = _FIRST_WORD_RE.match(sentence)
    if (
        m
        and (
            _ENDS_SENTENCE_RE.search(sentence)
            or (_ENDS_WITH_COLON_RE.search(sentence) and len(sentence.split()) >= _colon_words(m.group(1)))
        )
        and lexicon.is_english(m.group(1))
        and m.group(1) != "i"
        and not _fragment(m.group(1), sentence, m.end(1))
        and not keeps_lower_case(sentence, m.start(1), m.end(1))
    ):
        yield m.start(1), m.end(1), m.group(1).capitalize()
    for m in _INNER_START_RE.finditer(sentence):
        before, word = m.group(1), m.group(2)
        if not before.isalpha() or len(before) < 2 or is_abbreviation(before) or not lexicon.is_english(word) or word == "i":
            continue  # "e.g. the", "1.5 times", "v. the", "Fig. a"
        if not keeps_lower_case(sentence, m.start(2), m.end(2)):  # "... environment. uv's cache"
            yield m.start(2), m.end(2), word.capitalize()
    for m in _AFTER_BRACKET_RE.finditer(sentence):
        if lexicon.is_english(m.group(1)) and m.group(1) != "i" and m.group(1) not in CONTINUERS:
            if not keeps_lower_case(sentence, m.start(1), m.end(1)):
                yield m.start(1), m.end(1), m.group(1).capitalize()
    for m in _PRONOUN_I_RE.finditer(sentence):
        after = sentence[m.end() :].split(maxsplit=1)
        if m.group(2) or (after and _after_pronoun_i(after[0].lower())):  # not "use i as the index"
            yield m.start(), m.end(), "I" + sentence[m.end(1) : m.end()]


def _after_pronoun_i(word: str) -> bool:
    """Whether ``word`` after "i" makes it the pronoun: one of :data:`_AFTER_PRONOUN_I`, a verb's
    simple past that is no noun ("i passed", "i decided"), or a bare verb that is nothing else ("i
    spend"; not "i play", "i live": an index "i" may stand before a noun or an adjective)."""
    if word in _AFTER_PRONOUN_I:
        return True
    found = readings(word)
    if NOUN in found or ADJ in found or VERB not in found:
        return False
    return is_bare_verb(word) or bool(past_lemmas(word))


def _colon_words(first_word: str) -> int:
    """How many words a sentence opening with ``first_word`` and ending with a colon needs to be
    one (and owe a capital)."""
    return _MIN_CLAUSE_BEFORE_COLON if first_word.replace("’", "'") in _SUBJECTS else _MIN_WORDS_BEFORE_COLON


def _fragment(first_word: str, sentence: str, end: int) -> bool:
    """Whether a sentence opening with ``first_word`` in lower case is the rest of one broken off,
    or a description with no subject ("applies only to")."""
    if first_word in CONTINUERS:
        return not _QUESTION_RE.search(sentence)
    return _subjectless_verb(first_word, sentence, end)


def _subjectless_verb(first_word: str, sentence: str, end: int) -> bool:
    """Whether ``first_word`` is a verb's -s form, simple past or past participle that opens a
    description with no subject: no verb follows it, and an object or a preposition does, or, after
    an -s form that is no noun too, any word ("applies only to"). A plural noun ("files in the index
    are", "matches are kept") or a participle before a noun ("shared repositories have been") opens
    a subject."""
    s_form = is_third_person(first_word)
    if not (s_form or past_lemmas(first_word) or is_participle_only(first_word)):
        return False
    noun = s_form and (NOUN in classes(first_word) or is_trade_noun(first_word))
    after = _NEXT_WORD_RE.match(sentence, end)
    if after is None:
        return not noun  # "deprecated.", "applies: always"; not "fields, the value"
    word = after.group(1).lower()
    if _finite_verb(word):
        return False
    if word in ARTICLES or word in NUMBER_WORDS or word.isdigit():
        return True  # "matches the regular expression", "shows 10 entries"
    if word in DETERMINERS - {"that"}:
        return not noun  # "defines its own"; not "books some times have" (a learner's subject)
    if word in OBJECT_PRONOUNS or word in PREPOSITIONS:
        return not noun  # "wrote you about", "followed by", "applies to"; not "files in the", "templates you create"
    return s_form and not noun  # "applies only to"; not "shared repositories", "files that"


def _finite_verb(word: str) -> bool:
    """Whether ``word`` may be a clause's verb after a noun subject: an auxiliary, a modal, or a verb's
    bare, -s or past form."""
    if word in AUXILIARIES or word in MODALS:
        return True
    return VERB in readings(word) and (is_bare_verb(word) or is_third_person(word) or bool(past_lemmas(word)))


def _message(fix: Fix) -> str:
    if fix.replacement.startswith("I") and fix.original.lower().startswith("i") and fix.replacement[1:2] in ("", "'", "’"):
        return f"Write the pronoun 'I' as a capital: '{fix.replacement}'."
    return f"Begin the sentence with a capital: '{fix.replacement}'."


RULE = Rule(
    id="rules.capitals",
    kind=EditKind.CAPITALISATION,
    find=find,
    message=_message,
    description=__doc__ or "",
    fires=(
        "[for→For] now it suffices.",
        "It works. [note→Note] that it is slow.",
        "[is→Is] it done?",
        '"[we→We] should go," she said.',
        "Then [i→I] told him and [i'm→I'm] sure.",
        "So [i→I] passed it; as [i→I] begin to heal [i→I] spend less.",
        "[here’s→Here’s] the full code for reference:",
        "[if→If] we forget the lifetime annotations and compile it, we get this error:",
        "We name it (in this case, house). [the→The] body goes inside.",
        "[matches→Matches] are kept.",
        "[shows→Shows] are 10 a week.",
        "[files→Files] in the index are kept.",
        "[templates→Templates] you create later are kept.",
        "[books→Books] some times have an old information.",
        "[fields→Fields], the value and the type are kept.",
        "[shared→Shared] repositories have been simplified.",
        "[but→But] there was a fee to join. [hence→Hence] he stayed home.",
    ),
    leaves=(
        "A. Smith and B. Jones wrote it.",
        "npm installs the packages.",
        "uv's resolver and pip's resolver differ. uv's cache is shared (see `uv`). npm keeps its own.",
        "See e.g. the book.",
        "Read the “Hello, world!” program first.",
        '"git commit", after making a commit, did not run the hook, and "git send-pack" (hence push) failed.',
        "matches the regular expression against the name.",
        "applies only to the endpoints.",
        "shows 10 reflog entries going back from the tip.",
        "followed by an optional message, as in the example.",
        '"" means the file is not a regular file.',
        "(see below)",
        "Use i as the index",
        "for example:",
        "in the next section we show:",
        "were planted on a strip-mine spoil.",
        "who will leave it upon his arrival.",
        "and then the rest of the list follows.",
        "where Y is the revert of W, and B' is rerolled B.",
        "can fill in. All the block tag does is tell the engine.",
        "Use i as the index, let i play the part, and when i equals two, stop.",
        "It ended 2 - 2 in Valencia (Spain). were without players.",
    ),
)


__all__ = ["find", "RULE"]

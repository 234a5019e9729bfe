"""'a' or 'an' by the sound of the next word, as the CMU Pronouncing Dictionary has it.

"an method" -> "a method", "a hour" -> "an hour"; "a user", "a one-off", "an SQL" and "a SQL"
are all left alone (a word pronounced both ways is on both lists). An "an" where no article can
stand was another word a letter away: "can" after a subject pronoun before a verb ("you an use
it"), "and" before a function word or a verb or adjective that ends its phrase ("an array an
treating it", "fast an loose with"). Before a plural the article's
sound is not the slip: where the plural ends its phrase, the noun becomes one ("a women in" -> "a
woman", "an photos of" -> "a photo"), or, mostly uncounted, loses the article ("a advices" ->
"advice"); after adjectives the article goes ("propose a new ideas." -> "new ideas", "have a
higher rates of" -> "higher rates"; not "a few more days", "a good many years", "a new sports car",
"more than a hundred computers", "which libraries a binary links to"); so does a noun a learner
counts that is never counted ("I need an advice." -> "advice",
"a good news." -> "good news"). The word lists (``engine/words/an.txt.gz``, ``a.txt.gz``) are
built by ``python -m edge_model.data.pronunciations``; a word on neither list is not judged. An all-capitals
word also counts as read letter by letter ("an HTTP request", "a URL"), and as a word where its
spelling settles how ("a NUL byte", "a README", but "an LLVM block": no vowel to read): either
reading is accepted. A capital before a capitalised word it prefixes is read as its letter ("an
OAuth token", "an IPv6 address", "a CMake file"), and so is an acronym before one, an
identifier's way ("an SSLError", "a URLError"). A lower-case word on neither list is judged by
its spelling only where that is certain: a consonant letter other than "h" before a vowel or a
consonant cluster that begins English words ("a semicolon", "a struct"), or "a" or "i" ("an
iterator"); never a word such as "lvalue", "std" or "html", which may be read letter by letter. A
capital "A" right after a word is a label ("Hepatitis A infection", "Plan A is"), not judged, nor an
"a" before an auxiliary or a modal, a letter that names a thing ("the snapshot a is created").
Inline code, which a sentence holds as a placeholder word, is heard by its first word in the
document's source ("an `queue`" -> "a", "a `imap://` URL" -> "an":
:mod:`edgegram.engine.finders.code_articles`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import (
    ARTICLES,
    AUXILIARIES,
    CLOSED_CLASS,
    DETERMINERS,
    MODALS,
    NEVER_COUNTED,
    NUMBER_WORDS,
    OBJECT_PRONOUNS,
    PLURAL_VERBS,
    PREPOSITIONS,
    RELATIVE_PRONOUNS,
    SUBJECT_PRONOUNS,
)
from edgegram.engine.analysis.glue import GLUE_BEFORE
from edgegram.engine.analysis.pos_tagger import tags_by_start
from edgegram.engine.analysis.word_classes import (
    ADJ,
    ADV,
    NOUN,
    VERB,
    classes,
    is_bare_verb,
    is_mass_noun,
    is_singular_noun,
    singular_of_plural,
)
from edgegram.engine.core.paths import WORDS_DIR
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Fix, Rule
from edgegram.engine.finders.rules.tokens import (
    Word,
    adjacent,
    ends_phrase,
    followed_by,
    joined,
    opens_clause,
    singular_verb_follows,
    words,
)
from edgegram.engine.sentences.lexicon import Lexicon

AN_LIST = WORDS_DIR / "an.txt.gz"
A_LIST = AN_LIST.with_name("a.txt.gz")
# The article and the word it is said before, an opening quote or backtick between them aside
# ('a "anchor-point"', "a `imap://` prefix" in plain text); not a letter that ends a dotted or
# slashed name ("T1.a is", "N/A").
_ARTICLE_RE = re.compile(rf"(?<![\w'’{GLUE_BEFORE}])(a|an|A|An)([ \t]+[\"`“]?)([A-Za-z][\w'’-]*)")
_CONJUNCTIONS = frozenset("and or nor but".split())
# Verbs that follow a letter naming a thing ("snapshot a is created"), which no article stands before.
_NAME_VERBS = AUXILIARIES | MODALS
_VOWEL_LETTER_NAMES = set("AEFHILMNORSX")  # letters whose name starts with a vowel sound
# A capital read as its letter's name before a capitalised word it prefixes ("OAuth", "IPv6",
# "XPath", "CMake", "DType": "an OAuth token", "a CMake file"; technical writers' docs write them so).
_LETTER_THEN_WORD_RE = re.compile(r"[A-Z][A-Z][a-z]")
# An acronym before a capitalised word it prefixes, an identifier's habit ("SSLError",
# "HTTPServer", "URLError", "IOError"): the acronym decides ("an SSLError", "a URLError").
_ACRONYM_THEN_WORD_RE = re.compile(r"([A-Z]{2,})(?=[A-Z][a-z]{2,})")
# Acronyms the dictionary also reads as a word, which technical writing reads letter by letter
# ("a URL", not "an url" as "earl": the real-error dev pairs' writers fixed it so three times, and
# wrote the letters in capitals, as the fix does: "an url" -> "a URL").
_READ_AS_LETTERS = frozenset({"url", "uri"})


# Plurals an article stands before as one thing ("a ways to go", "closing a premises").
_SINGULAR_IN_USE = frozenset(
    "ways means premises crossroads odds thanks days news innings blues biceps triceps data media".split()
)


# A noun never counted (tokens.NEVER_COUNTED) loses an article where it ends its phrase ("I need an
# advice.", "a software?"; not "a software company", "an equipment malfunction"): in 600,000 clean
# and restraint training sentences ten, most in translated news ("a very sad news", "a certain
# information"), in the learner pairs 23, all corrected so. At most this many adjectives between
# the article and the noun (and not "a little", "a lot": amounts).
_DESCRIBING = 2
_AMOUNTS = frozenset("little lot bit few great".split())
# Words that count, after which an article stands before a plural ("a good many years", "an
# additional five minutes", "a further two days").
_JOINING = frozenset({"and", "or"})
# Function words an article stands before ("a few", "a more useful", "a most unusual"); others make
# an "an" before them an "and" ("an with", "an not").
_AFTER_AN_ARTICLE = frozenset("few little more most much such lot bit very".split())
# Adverbs, not on the closed list, that join clauses and never follow an article ("an yet").
_NO_ARTICLE_BEFORE = frozenset("yet".split())
_COUNTING = frozenset(
    "good many couple dozen hundred thousand million billion additional extra further mere whole full total estimated".split()
)


@functools.cache
def _lists() -> tuple[Lexicon, Lexicon]:
    return Lexicon.load(AN_LIST), Lexicon.load(A_LIST)


def allowed(word: str) -> set[str]:
    """The articles ("a", "an") that may stand before ``word``; empty when unknown."""
    an_words, a_words = _lists()
    head = word.split("-")[0].split("'")[0].split("’")[0]
    if head.lower() in _READ_AS_LETTERS:
        return {"a"}
    result = set()
    if an_words.knows(head):
        result.add("an")
    if a_words.knows(head):
        result.add("a")
    if head.isupper() and len(head) > 1:
        result.add("an" if head[0] in _VOWEL_LETTER_NAMES else "a")
        if head.isalpha() and len(head) >= 3:
            result |= _by_spelling(head.lower())  # read as a word: "a NUL byte", "a README"
    elif len(head) == 1 and head.isalpha() and not result:
        result.add("an" if head.upper() in _VOWEL_LETTER_NAMES else "a")
    elif not result and (acronym := _ACRONYM_THEN_WORD_RE.match(head)):
        result = allowed(acronym.group(1))  # "an SSLError", "a URLError"
    elif not result and _LETTER_THEN_WORD_RE.match(head):
        result.add("an" if head[0] in _VOWEL_LETTER_NAMES else "a")  # "an OAuth", "an IPv6", "a CMake"
    elif not result and head.isalpha() and head.islower() and len(head) >= 3:
        result |= _by_spelling(head)
    return result


def _by_spelling(word: str) -> set[str]:
    """The article a lower-case word takes by its first letters, where they settle its first
    sound (see the module docstring); empty otherwise."""
    if not any(letter in _VOWELS for letter in word[1:]):
        return set()  # "std", "html": read letter by letter
    if word[0] in "ai" and word[1] in _VOWELS + "bcdfglmnprstvxz":
        return {"an"}
    if word[0] in "bcdfgjklmnpqrstvwz" and (word[1] in _VOWELS or word[:2] in _ONSETS or word[:3] in _ONSETS):
        return {"a"}
    return set()


_VOWELS = "aeiouy"
# Consonant clusters that begin English words (and are not read as letters)
_ONSETS = frozenset(
    "bl br ch cl cr dr dw fl fr gl gr kl kn kr ph pl pr ps qu sc sch scr sh shr sk sl sm sn sp spl spr squ st str sw "
    "th thr tr tw wh wr".split()
)


def _plural_only(word: str) -> bool:
    """Whether ``word`` is a noun's plural and no singular ("advices", "apples"; not "lens", "series")."""
    return singular_of_plural(word) is not None and not is_singular_noun(word)


def _singular_phrase(sentence: str, m: re.Match[str], ws: list[Word], index: int | None) -> str | None:
    """The article and the plural ``m.group(3)`` after it made one: the singular with the article
    its sound takes ("a women" -> "a woman", "an photos" -> "a photo", "a clients." -> "a
    client"), or, for a noun mostly uncounted, the singular alone ("a advices" -> "advice"). Only
    where the plural ends its phrase (a mark, a preposition or the sentence's end follows: not "a
    sports car", "a savings account") or a singular's verb or a relative pronoun does ("a
    workloads needs", "an identifiers that"), is in lower case, and is not one taken as one thing
    ("a ways to go", "a means", "a crossroads", "a physics of", "now a days")."""
    noun = m.group(3)
    if not noun.islower() or noun in _SINGULAR_IN_USE or noun.endswith("ics"):
        return None
    if index is None or not (ends_phrase(sentence, ws, index) or _singular_clause_follows(sentence, ws, index)):
        return None
    singular = singular_of_plural(noun)
    if singular is None:
        return None
    if is_mass_noun(singular):
        return singular if m.group(1).islower() else singular.capitalize()
    choices = allowed(singular)
    if not choices:
        return None
    article = m.group(1).lower() if m.group(1).lower() in choices else sorted(choices)[0]
    return f"{article.capitalize() if m.group(1)[0].isupper() else article} {singular}"


# Words that open a verb's object or a phrase after it.
_OBJECT_OPENERS = DETERMINERS | OBJECT_PRONOUNS | PREPOSITIONS


def _singular_verb_follows(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether a verb that only a singular subject takes ("is", "needs"), or a modal, follows
    ``ws[index]`` right after it (:func:`~edgegram.engine.finders.rules.tokens.singular_verb_follows`);
    an -s form that is a plural noun too only before its object or a preposition ("a workloads
    needs a", not "new data frames implementation")."""
    if not singular_verb_follows(sentence, ws, index):
        return False
    after = ws[index + 1].lower
    return after in MODALS or NOUN not in classes(after) or followed_by(sentence, ws, index + 1, _OBJECT_OPENERS)


def _singular_clause_follows(sentence: str, ws: list[Word], index: int) -> bool:
    """Whether ``ws[index]`` is followed by a singular's verb or by a relative pronoun whose verb
    is no plural's, so that it is the head of its phrase ("a workloads needs", "an identifiers
    that is"; not "a patches that make them": the plural meant)."""
    if _singular_verb_follows(sentence, ws, index):
        return True
    if not followed_by(sentence, ws, index, RELATIVE_PRONOUNS):
        return False
    verb = ws[index + 2].lower if index + 2 < len(ws) else ""
    return not (verb in PLURAL_VERBS or (is_bare_verb(verb) and verb not in MODALS))


def _describes(word: str) -> bool:
    """Whether ``word`` may be an adjective and no verb ("good", "very"; not "set": "an extensive
    set information" lacks an "of")."""
    return ADJ in classes(word) and VERB not in classes(word)


def _describing(word: Word, tags: dict[int, str]) -> bool:
    """Whether ``word`` describes the noun after it: an adjective and no verb by its classes
    (:func:`_describes`), or one the sentence's parts of speech read as an adjective ("complex",
    a verb too to lemminflect); ``tags``: :func:`~edgegram.engine.analysis.pos_tagger.tags_by_start`."""
    return _describes(word.lower) or tags.get(word.start) == "JJ"


def _uncounted(sentence: str, m: re.Match[str], ws: list[Word], index: int | None) -> tuple[int, int, str] | None:
    """The article ``m.group(1)`` deleted before a noun never counted (:data:`NEVER_COUNTED`)
    that ends its phrase, right after it or after at most :data:`_DESCRIBING` adjectives (the
    next word capitalised where the article was)."""
    if index is None or ws[index].lower in _AMOUNTS:
        return None
    noun = index
    while noun < len(ws) and noun - index < _DESCRIBING and ws[noun].lower not in NEVER_COUNTED and _describes(ws[noun].lower):
        noun += 1
    if noun >= len(ws) or ws[noun].text not in NEVER_COUNTED or not ends_phrase(sentence, ws, noun):
        return None
    if not joined(sentence, ws, index, noun):
        return None
    word = m.group(3)
    if m.group(1)[0].isupper():
        return m.start(1), m.end(3), word.capitalize()
    return m.start(1), m.start(3), ""


def _described_plural(sentence: str, m: re.Match[str], ws: list[Word], index: int | None) -> tuple[int, int, str] | None:
    """The article ``m.group(1)`` left out before a plural that ends its phrase (or "and", "or"
    follow it) after at most :data:`_DESCRIBING` adjectives: the article and the first adjective
    become that adjective ("propose a new ideas or" -> "new ideas", "have a higher rates of" ->
    "higher rates", "an atomic operations that" -> "atomic operations"); before a singular's verb
    the plural is the slip ("a new features is introduced" -> "feature"). The word before the
    plural is no noun, and the plural no verb's -s form unless "of" or a singular's verb follows
    ("which libraries a binary links to", "the way a desktop does": a noun and its verb); not
    after an amount ("a few more days", "a good many years"), nor before a
    plural that describes a noun after it ("a new sports car")."""
    if index is None or not ws[index].text.islower():
        return None
    tags = tags_by_start(sentence)
    noun = index
    while noun < len(ws) and noun - index < _DESCRIBING and _describing(ws[noun], tags) and ws[noun].lower not in _AMOUNTS:
        noun += 1
    compound = _compound_plural(sentence, ws, noun, tags)  # "a new layout optimizations in"
    noun += compound
    if noun == index or noun >= len(ws) or not ws[noun].text.islower() or ws[noun].text in _SINGULAR_IN_USE:
        return None
    # a noun too that the tagger reads as an adjective ("a complex conflicts in"), where the plural
    # ends its phrase (below): not before a verb ("As an alternative tasks can be": a comma left out)
    read_as_adjective = tags.get(ws[noun - 1].start) == "JJ" and tags.get(ws[noun].start) == "NNS"
    noun_before = NOUN in classes(ws[noun - 1].lower) and not compound
    if not _plural_only(ws[noun].text) or (noun_before and not read_as_adjective):
        return None  # "which libraries a binary links to": a noun and its verb
    if not noun_before and _singular_verb_follows(sentence, ws, noun) and joined(sentence, ws, index, noun):
        singular = singular_of_plural(ws[noun].lower)
        return (ws[noun].start, ws[noun].end, singular) if singular else None  # "a new features is" -> "feature"
    if VERB in classes(ws[noun].lower) and not followed_by(sentence, ws, noun, frozenset({"of"})):
        return None  # a verb's -s form too, unless "of" follows: "the way a desktop does", "a gamer encounters within"
    if any(w.lower in _AMOUNTS or w.lower in _COUNTING for w in ws[index:noun]):
        return None
    if not joined(sentence, ws, index, noun):
        return None
    if not (ends_phrase(sentence, ws, noun) or followed_by(sentence, ws, noun, _JOINING | RELATIVE_PRONOUNS)):
        return None  # "a new sports car"; but "propose a new ideas or features", "an atomic operations that"
    first = m.group(3)
    return m.start(1), m.end(3), first.capitalize() if m.group(1)[0].isupper() else first


def _compound_plural(sentence: str, ws: list[Word], index: int, tags: dict[int, str]) -> int:
    """1 where ``ws[index]`` is a noun before a plural that the parts of speech read as one, the
    plural ending its phrase (a mark, a preposition or the sentence's end after it): the two a
    compound, its head the plural ("a new layout optimizations in"; not "a binary links to", where
    the tagger reads a verb); 0 otherwise."""
    if index + 1 >= len(ws) or tags.get(ws[index].start) != "NN" or tags.get(ws[index + 1].start) != "NNS":
        return 0
    if not ws[index].text.isalpha():
        return 0  # a possessive: "an older attempt's artifacts"
    if not adjacent(sentence, ws[index], ws[index + 1]) or not ends_phrase(sentence, ws, index + 1):
        return 0
    return 1 if index > 0 and tags.get(ws[index - 1].start) == "JJ" else 0


# An article, a count and what follows it ("a 2 hours", "a 3 or more initial developers").
_ARTICLE_COUNT_RE = re.compile(r"(?<![\w'’-])([Aa]n?) (\d+|two|three|four|five|six|seven|eight|nine|ten)(?: or more)? (?=[a-z])")


def _before_a_count(sentence: str, ws: list[Word], word_at: dict[int, int]) -> Iterator[tuple[int, int, str]]:
    """The article before a count of more than one and the plural it counts, which ends its
    phrase after at most :data:`_DESCRIBING` adjectives ("sit for at least a 2 hours to" -> "at
    least 2 hours", "has a 3 or more initial developers."): gone. Not "a 2-hour meeting", "a 3 GB
    file", "a 2 hours drive" (a count that describes a noun after it), nor "a 1 second delay";
    ``word_at``: each word's index by its offset."""
    for m in _ARTICLE_COUNT_RE.finditer(sentence):
        count = m.group(2)
        if count.isdigit() and int(count) < 2:
            continue
        noun = word_at.get(m.end())
        if noun is None:
            continue
        first, tags = noun, tags_by_start(sentence)
        while noun < len(ws) and noun - first < _DESCRIBING and _describing(ws[noun], tags) and not _plural_only(ws[noun].lower):
            noun += 1
        if noun < len(ws) and _plural_only(ws[noun].text) and ws[noun].text.islower() and ends_phrase(sentence, ws, noun):
            yield m.start(1), m.start(2), ""


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    """'a' / 'an' that the next word's sound does not take."""
    ws = words(sentence)
    word_at = {w.start: i for i, w in enumerate(ws)}  # the word after each article, by its offset
    yield from _before_a_count(sentence, ws, word_at)
    for m in _ARTICLE_RE.finditer(sentence):
        article, word = m.group(1), m.group(3)
        index = word_at.get(m.start(3))
        if word.lower() in ARTICLES:
            continue  # "a a place": a doubled word (edgegram.engine.finders.rules.doubled), not a sound
        if word.lower() == "another":
            continue  # "a another": one determiner too many (edgegram.engine.finders.rules.two_determiners)
        if word.lower() in _CONJUNCTIONS:
            continue  # "when a or b is set": a name, no article, stands before a conjunction
        if article.lower() == "a" and word.lower() in _NAME_VERBS:
            continue  # "the snapshot a is created", "a will hold": a letter that names a thing, no article
        if article[0] == "A" and sentence[: m.start(1)].rstrip()[-1:].isalnum():
            continue  # a capital after a word: a label, not an article ("Hepatitis A infection", "Pool A of")
        if _plural_only(word.lower()):
            if fixed := _singular_phrase(sentence, m, ws, index):
                yield m.start(1), m.end(3), fixed  # "a women in" -> "a woman", "a advices." -> "advice"
            continue  # otherwise the article's sound is not the slip ("an advices")
        if uncounted := _uncounted(sentence, m, ws, index):
            yield uncounted  # "I need an advice." -> "advice", "a good news." -> "good news."
            continue
        if described := _described_plural(sentence, m, ws, index):
            yield described  # "propose a new ideas" -> "new ideas", "have a higher rates of" -> "higher rates"
            continue
        choices = allowed(word)
        if choices and article.lower() not in choices:
            right = "an" if article.lower() == "a" else _meant_for_an(sentence, ws, index)
            right = right.capitalize() if article[0].isupper() else right
            if word.lower() in _READ_AS_LETTERS and word.islower() and m.group(2) == " " and right.lower() == "a":
                yield m.start(1), m.end(3), f"{right} {word.upper()}"  # "an url" -> "a URL": the letters' name
            else:
                yield m.start(1), m.end(1), right


def _meant_for_an(sentence: str, ws: list[Word], index: int | None) -> str:
    """What "an" before ``ws[index]``, a word with a consonant sound, was meant to be: "can" after
    a subject pronoun that opens its clause, before a verb's bare form ("you an use it" -> "you
    can"); "and" before a word no article stands before: a function word ("an yet", "an with"), a
    verb and nothing else before what ends a noun phrase or opens an object ("an array an treating
    it"), a word that is no noun and ends its phrase ("fast an loose with"); else "a"."""
    if index is None or index < 2:
        return "a"
    word, pronoun = ws[index], ws[index - 2]
    before = ws[index - 3] if index >= 3 else None
    if pronoun.lower in SUBJECT_PRONOUNS - {"it"} and is_bare_verb(word.lower) and VERB in classes(word.lower):
        # after an adverb that opens the sentence: "Next you an use", "Then we an see"
        opening = before is not None and index == 3 and ADV in classes(before.lower) and not classes(before.lower) & {NOUN, VERB}
        if opens_clause(sentence, index - 2, ws) or opening:
            return "can"
    kinds = classes(word.lower)
    closes = ends_phrase(sentence, ws, index) or followed_by(sentence, ws, index, DETERMINERS | OBJECT_PRONOUNS)
    if (word.lower in CLOSED_CLASS or word.lower in _NO_ARTICLE_BEFORE) and word.lower not in _AFTER_AN_ARTICLE:
        return "and"
    if (kinds == {VERB} or (kinds and NOUN not in kinds)) and closes:
        return "and"
    return "a"


def _message(fix: Fix) -> str:
    if fix.replacement.split()[1:] == [fix.original.split()[-1].upper()]:
        return f"Write '{fix.replacement}': '{fix.replacement.split()[-1]}' is read letter by letter."
    if fix.replacement.lower() in ("a", "an"):
        sound = "vowel" if fix.replacement.lower() == "an" else "consonant"
        return f"Write '{fix.replacement}' before '{fix.after}': it begins with a {sound} sound."
    article = fix.original.split()[0]
    if not fix.replacement and (fix.after.isdigit() or fix.after.lower() in NUMBER_WORDS):
        return f"Leave out '{article}' before a count of more than one: '{fix.after}'."
    if not fix.replacement:
        return f"Leave out '{article}' before the plural '{fix.after}'."
    if fix.original.split()[1:] == fix.replacement.lower().split():
        return f"Leave out '{article}' before '{fix.replacement} {fix.after}': '{fix.after}' is a plural."
    return f"Leave out '{article}' before a plural: '{fix.replacement}'."


RULE = Rule(
    id="rules.articles",
    kind=EditKind.ARTICLE,
    find=find,
    message=_message,
    description=__doc__ or "",
    fires=(
        "We call [an→a] method here.",
        "It took [a→an] hour.",
        "It maps to [a→an] LLVM block over [a→an] HTTP link.",
        "Use [a→an] OAuth2 proxy for [a→an] IPv6 address, and [an→a] CMake file.",
        "It raises [a→an] SSLError or [a→an] HTTPError, and [an→a] URLError.",
        "It ends with [an→a] semicolon and holds [a→an] iterator, if passed [an url→a URL] or [an→a] URL.",
        'Use your tag as [a→an] "anchor-point", and [a→an] `imap://` prefix.',
        "[An→A] limit applies.",
        "Next you [an→can] use it, having an array [an→and] treating it, fast [an→and] loose with it, [an→and] yet fine.",
        "It is [an→a] big house, [an→a] used car and [an→a] few more; he gave you [an→a] book.",
        "He gave me [a advices→advice], and [an→a] lens.",
        "The death of [a women→a woman] in her twenties, after [an photos→a photo] of it.",
        "He gave me [a advices→advice].",
        "I need [an →]advice. Is it [a →]software?",
        "He gave me [a →]good advice, and it was [a →]very good news.",
        "They propose [a new→new] ideas, and it had [a higher→higher] rates of failure.",
        "It is followed by [a descriptions→a description] of each node, and a new [features→feature] is introduced.",
        "One performs [an atomic→atomic] operations that may fail, and [a workloads→a workload] needs an address.",
        "There could be [a new→new] layout optimizations in the future (a compound, its head the plural).",
        "PRs should sit for at least [a →]2 hours to allow review, and it needs [a →]3 or more initial developers.",
    ),
    leaves=(
        "As long as T1.a is the leader, set a or b, and N/A or Unknown is fine.",
        "A rerun can replace an older attempt's artifacts, and as an alternative tasks can be private.",
        "It is a 2-hour meeting about a 3 GB file, a 2 hours drive away, with a 1 second delay.",
        "In this diagram the active snapshot a is created first, and then b has its turn once a will do.",
        "It took an hour for a user to write a one-off script.",
        "Use an SQL query or a SQL query, an HTTP call, a URL, a url.",
        "Use an std type, an nth root and an lvalue.",
        "It ends with a NUL byte, and a README explains it.",
        "It is an OTel collector with a DType, a UFunc, an XPath query and a JUnit test.",
        "A form that makes it seem odd, a regular she cat and an annual IT show.",
        "It took a few more days, a good many years, an additional 5 minutes, a 10 minutes walk and a new sports car.",
        "It runs on more than a hundred computers; check which libraries a binary links to, the way a desktop does.",
        "He thanks Auckland for a successful Championships, and a custom Types file.",
        "The story a gamer encounters within a game, the way a desktop does.",
        "A binary links to it, a variable stores each value, and a desktop runs; DNS A records point here.",
        "We still have a ways to go, as a means to an end, and a settings page opens.",
        "We work on a possible new data frames implementation, and a media type is set.",
    ),
)


__all__ = ["AN_LIST", "A_LIST", "allowed", "find", "RULE"]

"""What kind of problem an edit fixes, and a short writer-friendly message for it.

``classify(original, replacement, left_context, right_context)`` uses small built-in word
lists, what :mod:`edgegram.engine.analysis.word_classes` says a word can be, and string heuristics (no
model): case-only changes, punctuation, articles, prepositions, subject-verb agreement, verb
forms, noun number, word order, spelling (close letters, not a known word), missing and
unnecessary words.
"""

from __future__ import annotations

import unicodedata
from collections import Counter

from edgegram.engine.analysis.closed_class import ARTICLES, SUBJECT_DETERMINERS, SUBJECT_PRONOUNS, WORD_CLASS_PREPOSITIONS
from edgegram.engine.analysis.word_classes import NOUN, VERB, classes, readings
from edgegram.engine.core.edits import WORD_RE
from edgegram.engine.core.types import EditKind

_AGREEMENT_PAIRS = frozenset(
    frozenset(pair)
    for pair in [
        ("is", "are"),
        ("was", "were"),
        ("has", "have"),
        ("do", "does"),
        ("am", "are"),
        ("am", "is"),
        ("isn't", "aren't"),
        ("wasn't", "weren't"),
        ("hasn't", "haven't"),
        ("doesn't", "don't"),
        ("this", "these"),
        ("that", "those"),
    ]
)
# base, past, past participle (present and -ing forms are derived by suffix rules).
_IRREGULAR_VERBS = [
    ("be", "was", "been"),
    ("be", "were", "been"),
    ("begin", "began", "begun"),
    ("break", "broke", "broken"),
    ("bring", "brought", "brought"),
    ("buy", "bought", "bought"),
    ("choose", "chose", "chosen"),
    ("come", "came", "come"),
    ("do", "did", "done"),
    ("drink", "drank", "drunk"),
    ("drive", "drove", "driven"),
    ("eat", "ate", "eaten"),
    ("fall", "fell", "fallen"),
    ("feel", "felt", "felt"),
    ("find", "found", "found"),
    ("fly", "flew", "flown"),
    ("forget", "forgot", "forgotten"),
    ("get", "got", "gotten"),
    ("give", "gave", "given"),
    ("go", "went", "gone"),
    ("grow", "grew", "grown"),
    ("have", "had", "had"),
    ("hear", "heard", "heard"),
    ("keep", "kept", "kept"),
    ("know", "knew", "known"),
    ("leave", "left", "left"),
    ("lose", "lost", "lost"),
    ("make", "made", "made"),
    ("meet", "met", "met"),
    ("pay", "paid", "paid"),
    ("run", "ran", "run"),
    ("say", "said", "said"),
    ("see", "saw", "seen"),
    ("sell", "sold", "sold"),
    ("send", "sent", "sent"),
    ("sing", "sang", "sung"),
    ("sit", "sat", "sat"),
    ("sleep", "slept", "slept"),
    ("speak", "spoke", "spoken"),
    ("spend", "spent", "spent"),
    ("stand", "stood", "stood"),
    ("swim", "swam", "swum"),
    ("take", "took", "taken"),
    ("teach", "taught", "taught"),
    ("tell", "told", "told"),
    ("think", "thought", "thought"),
    ("throw", "threw", "thrown"),
    ("understand", "understood", "understood"),
    ("wear", "wore", "worn"),
    ("win", "won", "won"),
    ("write", "wrote", "written"),
]
_IRREGULAR_PLURALS = {
    "man": "men",
    "woman": "women",
    "child": "children",
    "person": "people",
    "foot": "feet",
    "tooth": "teeth",
    "mouse": "mice",
    "life": "lives",
    "wife": "wives",
    "knife": "knives",
    "leaf": "leaves",
    "half": "halves",
    "analysis": "analyses",
    "criterion": "criteria",
}
# Frequent English words: a word listed here is never reported as a spelling mistake.
_COMMON_WORDS = frozenset(
    "a about after again all also always am an and any are as at be because been before "
    "being best better both but by can could day did do does done down each even every few "
    "find first for from get give go good great had has have he her here him his how i if "
    "in into is it its just know last life like little long look made make man many may me "
    "more most much must my never new no not now of off old on one only or other our out "
    "over own people place right said same see she should so some still such take than "
    "that the their them then there these they thing think this those though three through "
    "time to too two under up us use very want was way we well were what when where which "
    "while who why will with woman work world would year you your lose loose then than "
    "were where wear accept except affect effect quiet quite its it's your you're their "
    "they're whose who's to too two of off advice advise".split()
)
_PUNCTUATION_NAMES = {
    ",": "a comma",
    ".": "a period",
    ";": "a semicolon",
    ":": "a colon",
    "?": "a question mark",
    "!": "an exclamation mark",
    "'": "an apostrophe",
    "’": "an apostrophe",
    '"': "quotation marks",
    "-": "a hyphen",
    "(": "a parenthesis",
    ")": "a parenthesis",
}


def describe(original: str, replacement: str, *, original_in_view: bool = False) -> str:
    """The change an edit makes, as a short command: "Delete 'x'", "Insert 'y'" or "Replace
    'x' with 'y'" ("Replace with 'y'" where the original is in view, as in a quick-fix menu
    opened on it). Used where an edit has no message and for code-action titles."""
    if not replacement:
        return f"Delete '{original}'"
    if not original:
        return f"Insert '{replacement}'"
    if original_in_view:
        return f"Replace with '{replacement}'"
    return f"Replace '{original}' with '{replacement}'"


def classify(original: str, replacement: str, left_context: str = "", right_context: str = "") -> tuple[EditKind, str]:
    """Kind and message of the edit replacing ``original`` by ``replacement``; the contexts
    are the sentence text just before and after the edit."""
    old, new = original.strip(), replacement.strip()
    if old == new:
        return EditKind.OTHER, _spacing_message(original, replacement, left_context)
    if old.lower() == new.lower():
        return _capitalisation(old, new)
    old_words, new_words = _words(old), _words(new)
    if [w.lower() for w in old_words] == [w.lower() for w in new_words]:
        changed = (_symbols(old) - _symbols(new)) + (_symbols(new) - _symbols(old))
        if all(unicodedata.category(ch).startswith("P") for ch in changed):
            return _punctuation(old, new)
        return EditKind.OTHER, f"Use '{new}' instead of '{old}'." if new else f"Remove '{old}'."
    if _strip_apostrophes(old).lower() == _strip_apostrophes(new).lower():
        if len(_strip_apostrophes(new)) == len(new):  # "it's" -> "its"
            return EditKind.PUNCTUATION, f"Remove the apostrophe: '{new}'."
        return EditKind.PUNCTUATION, f"Add an apostrophe: '{new}'."
    if not old:
        return _insertion(new_words, new)
    if not new:
        return _deletion(old_words, old)
    if not old_words or not new_words:  # symbols or emoji replaced by words, or the reverse
        return EditKind.OTHER, f"Use '{new}' instead of '{old}'."
    lower_old = [w.lower() for w in old_words]
    lower_new = [w.lower() for w in new_words]
    if Counter(lower_old) == Counter(lower_new):
        return EditKind.WORD_ORDER, f"Change the word order: '{new}'."
    if len(old_words) == len(new_words) == 1:
        return _word_change(old_words[0], new_words[0], left_context)
    return _multi_word(old_words, new_words, old, new, left_context)


def _words(text: str) -> list[str]:
    return WORD_RE.findall(text)


def _symbols(text: str) -> Counter[str]:
    """Characters that are neither letters, digits nor spaces (punctuation, emoji, ...)."""
    return Counter(ch for ch in text if not ch.isalnum() and not ch.isspace())


def _strip_apostrophes(text: str) -> str:
    return text.replace("'", "").replace("’", "")


def _capitalisation(old: str, new: str) -> tuple[EditKind, str]:
    if new[:1].isupper() and not old[:1].isupper():
        return EditKind.CAPITALISATION, f"Capitalise '{old}'."
    if new.islower():
        return EditKind.CAPITALISATION, f"Use lower case: '{new}'."
    return EditKind.CAPITALISATION, f"Change the capitalisation: '{new}'."


def _punctuation(old: str, new: str) -> tuple[EditKind, str]:
    old_marks, new_marks = _symbols(old), _symbols(new)
    added, removed = new_marks - old_marks, old_marks - new_marks
    if len(added) == 1 and not removed:
        mark = next(iter(added))
        return EditKind.PUNCTUATION, f"Add {_PUNCTUATION_NAMES.get(mark, repr(mark))}."
    if len(removed) == 1 and not added:
        mark = next(iter(removed))
        name = _PUNCTUATION_NAMES.get(mark, repr(mark))
        return EditKind.PUNCTUATION, f"Remove {_definite(name)}."
    if not old:
        return EditKind.PUNCTUATION, f"Add '{new}'."
    if not new:
        return EditKind.PUNCTUATION, f"Remove '{old}'."
    return EditKind.PUNCTUATION, f"Use '{new}' instead of '{old}'."


def _definite(name: str) -> str:
    if name.startswith(("a ", "an ")):
        return "the " + name.split(" ", 1)[1]
    return "the " + name if not name.startswith("the ") else name


def _insertion(words: list[str], text: str) -> tuple[EditKind, str]:
    return _added_or_removed(words, EditKind.MISSING_WORD, f"Add '{text}'.")


def _deletion(words: list[str], text: str) -> tuple[EditKind, str]:
    return _added_or_removed(words, EditKind.UNNECESSARY_WORD, f"Remove '{text}'.")


def _added_or_removed(words: list[str], otherwise: EditKind, message: str) -> tuple[EditKind, str]:
    """An inserted or deleted single article/preposition is that kind; anything else ``otherwise``."""
    if len(words) == 1:
        word = words[0].lower()
        if word in ARTICLES:
            return EditKind.ARTICLE, message
        if word in WORD_CLASS_PREPOSITIONS:
            return EditKind.PREPOSITION, message
    return otherwise, message


def _word_change(old: str, new: str, left_context: str) -> tuple[EditKind, str]:
    lo, ln = old.lower(), new.lower()
    if lo in ARTICLES and ln in ARTICLES:
        return EditKind.ARTICLE, _article_message(lo, new)
    if lo in WORD_CLASS_PREPOSITIONS and ln in WORD_CLASS_PREPOSITIONS:
        return EditKind.PREPOSITION, f"Use '{new}' instead of '{old}'."
    subject = _last_word(left_context)
    if frozenset({lo, ln}) in _AGREEMENT_PAIRS or (
        _is_s_form_pair(lo, ln)
        and (subject in SUBJECT_PRONOUNS or _after_determined_noun(lo, ln, left_context) or _verbs_only(lo, ln))
    ):
        return EditKind.AGREEMENT, _agreement_message(new, subject)
    if _is_plural_pair(lo, ln):
        number = "plural" if _is_plural_of(ln, lo) else "singular"
        return EditKind.NOUN_NUMBER, f"Use the {number} '{new}'."
    if _same_verb(lo, ln):
        return EditKind.VERB_FORM, f"Use the verb form '{new}' instead of '{old}'."
    if _looks_misspelt(lo, ln):
        return EditKind.SPELLING, f"Possible spelling mistake: '{old}' → '{new}'."
    return EditKind.OTHER, f"Use '{new}' instead of '{old}'."


def _multi_word(old_words: list[str], new_words: list[str], old: str, new: str, left_context: str) -> tuple[EditKind, str]:
    """A change spanning several words: reduce it to one inserted, deleted or changed word
    when the rest is unchanged, else report it as a rewrite."""
    lo, ln = [w.lower() for w in old_words], [w.lower() for w in new_words]
    if len(ln) == len(lo) + 1:
        for i in range(len(ln)):
            if ln[:i] + ln[i + 1 :] == lo:
                return _insertion([new_words[i]], new_words[i])
    if len(lo) == len(ln) + 1:
        for i in range(len(lo)):
            if lo[:i] + lo[i + 1 :] == ln:
                return _deletion([old_words[i]], old_words[i])
    if len(lo) == len(ln):
        changed = [i for i in range(len(lo)) if lo[i] != ln[i]]
        if len(changed) == 1:
            i = changed[0]
            context = " ".join([left_context] + old_words[:i])
            return _word_change(old_words[i], new_words[i], context)
    return EditKind.OTHER, f"Rewrite as '{new}'."


def _article_message(old: str, new: str) -> str:
    if new.lower() == "an" and old == "a":
        return "Use 'an' before a vowel sound."
    if new.lower() == "a" and old == "an":
        return "Use 'a' before a consonant sound."
    return f"Use '{new}' instead of '{old}'."


def _spacing_message(original: str, replacement: str, left_context: str) -> str:
    """The message of an edit that only adds or removes spaces: "Add a space after ','."."""
    if len(replacement) > len(original) and replacement.startswith(original.rstrip()):
        mark = (left_context + original.rstrip())[-1:]
        return f"Add a space after '{mark}'." if mark and not mark.isalnum() and not mark.isspace() else "Add a space."
    return "Remove the space." if len(replacement) < len(original) else "Fix the spacing."


def _after_determined_noun(old: str, new: str, left_context: str) -> bool:
    """Whether the verb forms ``old`` and ``new`` follow a determiner and a noun, their subject
    ("My father work" -> "works"; not "three apple", "the big apple", where a noun's number changes)."""
    words = [w.lower() for w in _words(left_context)[-2:]]
    if len(words) < 2 or words[0] not in SUBJECT_DETERMINERS or NOUN not in classes(words[1]):
        return False
    return all(VERB in classes(w) for w in (old, new))


def _verbs_only(old: str, new: str) -> bool:
    """Whether ``old`` and ``new`` are a verb's forms and no noun's ("Nobody know" -> "knows")."""
    return all(VERB in classes(w) and NOUN not in classes(w) for w in (old, new))


def _agreement_message(new: str, subject: str) -> str:
    if subject in SUBJECT_PRONOUNS:
        return f"Use '{new}' with '{subject if subject != 'i' else 'I'}'."
    return f"Use '{new}' to agree with the subject."


def _last_word(text: str) -> str:
    words = _words(text)
    return words[-1].lower() if words else ""


def _s_forms(word: str) -> set[str]:
    """Third-person/plural -s forms of ``word``."""
    forms = {word + "s", word + "es"}
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        forms.add(word[:-1] + "ies")
    return forms


def _is_s_form_pair(a: str, b: str) -> bool:
    return b in _s_forms(a) or a in _s_forms(b)


def _is_plural_of(plural: str, singular: str) -> bool:
    return plural in _s_forms(singular) or _IRREGULAR_PLURALS.get(singular) == plural


def _is_plural_pair(a: str, b: str) -> bool:
    return _is_plural_of(a, b) or _is_plural_of(b, a)


def _verb_forms(base: str) -> set[str]:
    """Regular inflections of a base verb: -s, -ed, -ing, with e-drop, y->i and doubling."""
    forms = {base} | _s_forms(base)
    stem = base[:-1] if base.endswith("e") else base
    forms |= {stem + "ed", stem + "ing", base + "d", base + "ing", base + "en", base + "n"}
    if base.endswith("y") and len(base) > 2 and base[-2] not in "aeiou":
        forms.add(base[:-1] + "ied")
    if len(base) >= 3 and base[-1] not in "aeiouwxy" and base[-2] in "aeiou" and base[-3] not in "aeiou":
        forms |= {base + base[-1] + "ed", base + base[-1] + "ing"}
    return forms


def irregular_verb_forms(word: str) -> set[str]:
    """Every form of the irregular verb ``word`` is (or wrongly regularises: "buyed"), empty
    for any other word."""
    return _irregular_forms(word.lower())


def _irregular_forms(word: str) -> set[str]:
    forms: set[str] = set()
    for base, past, participle in _IRREGULAR_VERBS:
        family = {base, past, participle} | _verb_forms(base)
        if word in family:
            forms |= family
    return forms


def _candidate_bases(word: str) -> set[str]:
    bases = {word}
    for suffix in ("ing", "ed", "es", "s", "en", "d", "n"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            stem = word[: -len(suffix)]
            bases |= {stem, stem + "e"}
            if len(stem) >= 3 and stem[-1] == stem[-2]:
                bases.add(stem[:-1])
            if stem.endswith("i"):
                bases.add(stem[:-1] + "y")
    return bases


def _same_verb(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are two forms of one verb ("make" / "making", "buyed" / "bought"), not
    a misspelling of a form, a letter doubled or left single ("occuring" / "occurring"), nor two
    words that only look like forms of a verb there is not ("thid" / "this")."""
    if b in _irregular_forms(a):
        return True
    if _doubling_apart(a, b):
        return False
    return any(b in _verb_forms(base) and a in _verb_forms(base) and VERB in readings(base) for base in _candidate_bases(a))


def _doubling_apart(a: str, b: str) -> bool:
    """Whether one of ``a`` and ``b`` is the other with one letter doubled ("occuring", "occurring")."""
    short, long = sorted((a, b), key=len)
    return len(long) == len(short) + 1 and any(
        long[:i] + long[i + 1 :] == short and long[i] == long[i - 1] for i in range(1, len(long))
    )


def _looks_misspelt(old: str, new: str) -> bool:
    if old in _COMMON_WORDS or not old.isalpha():
        return False
    distance = edit_distance(old, new)
    allowed = 1 if len(new) <= 4 else 2 if len(new) <= 8 else 3
    return 0 < distance <= allowed


def edit_distance(a: str, b: str) -> int:
    """Optimal-string-alignment distance (insertions, deletions, substitutions and
    transpositions of adjacent letters each cost 1)."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]

"""Which of the model's edits are safe to show: rules that hold whatever the model does.

A grammar checker must never alter what it cannot understand, and must never offer a change
that rewrites a sentence's meaning. :func:`unsafe_reason` says why an edit is not shown, or
``None``; :func:`unsafe_edits` judges all the edits of a sentence. The rules, all deterministic and independent of the model:

- **Protected tokens** (:func:`protected_spans`): anything containing a digit (numbers,
  prices, dates, phone numbers, versions), URLs, e-mail addresses, file paths, @handles and
  #tags, all-caps acronyms, code-style identifiers (camelCase, snake_case, dotted.names,
  ``call()``, ``a::b``), `backticked code`, a command before its options in double quotes
  ('"gitk --all"': named, not used) and the writer's dictionary words. An edit may put
  a space or punctuation at the edge of such a token (a comma after a number), never change
  its characters or glue letters to it; and no edit adds or removes a digit. A rule may still
  write a word protected for its mixed case alone as the name it is ("JSOn" -> "JSON", "MacOS"
  -> "macOS": ``rules.own_case``), and take the apostrophe out of an acronym's plural ("CPU's" ->
  "CPUs": ``rules.acronym_plural``).
- **Big rewrites**: an edit, or a run of edits with only spaces between them, that deletes,
  rewrites or inserts more than three words.
- **Lost meaning**: an edit that deletes a word which carries meaning (not a function word),
  unless that word is a repetition of a neighbour ("the the"); an edit that deletes several
  words, unless they repeat their neighbours; and any edit that deletes a negation ("not",
  "never", "n't"...), unless it is written twice ("will not not stage").
- **Lost adverbs**: an edit that deletes an adverb that changes what a sentence says
  ("again", "also", "still", "only"...), unless another edit of the sentence puts it back
  elsewhere (the model moves such words: "should be also given" -> "should also be given")
  or it repeats a neighbour.
- **Markup**: an edit that changes a character other than letters, digits, spaces and
  sentence punctuation (``#``, ``*``, ``>``, ``|``...), or that removes a line break along
  with other text.
- **Loops**: an edit whose result repeats a word or phrase that the source does not repeat
  there ("Star Star Star"), or repeats a piece of a word ("Migueligueliguel").
- **Non-words**: an edit that makes a word no English word list knows ("sorority" ->
  "sority", "decisis" -> "decis", "kids" -> "kids's"; :mod:`edgegram.engine.sentences.lexicon`, with
  the writer's dictionary words): the model does not know every word, and a correction is
  always a word.
- **Names**: an edit that changes the letters (not only the case) of a capitalised word
  inside a sentence ("Jovovich" -> "Jovich", "Vers aka" -> "Verska"): such words are names
  the model does not know. Measured on the dev sets with the shipped model: 29 such
  candidate edits on CWEB-G dev (1 matching gold), 31 on CWEB-S (2), 11 on BEA-19 (5).
- **Words of the trade**: a model's edit that replaces a word of technical writing by another word or
  form, other than its number ("histogram" -> "history", "decrement" -> "decrease", "the build
  artifacts" -> "building"; "encodings" -> "encoding" is left to the judge;
  :func:`edgegram.engine.analysis.trade_words.terms`), or a name of the trade in any case ("smtp" ->
  "something"; :func:`~edgegram.engine.analysis.trade_words.own_case_names`, ``lowercase_names``): the
  model learned English at large, where such words are rare, and mistakes them for slips of commoner ones.
- **Lone letters**: a model's edit that makes a word a single letter other than "a" and "I" ("ls
  should show" -> "l": a command the model read as a plural).
- **Descriptions**: a model's edit that changes the number of the verb a sentence opens with
  ("Adds CORS headers to responses." -> "Add", "Returns the value." -> "Return"): a description
  whose subject is the thing described, or an instruction; which one is the writer's style.
- **Names in lower case**: an edit that only capitalises a word its writer keeps in lower case
  as a name (``npm``, ``git-config``, a quoted literal: :func:`edgegram.engine.analysis.trade_words.keeps_lower_case`).
- **Dialect**: an edit that only swaps words for their spelling in the other of British and
  American English ("theater" -> "theatre", "colour" -> "color"; :func:`dialect_pairs`,
  from breame): both are right, and which one is the writer's choice.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from edgegram.engine.analysis.closed_class import DETERMINERS
from edgegram.engine.analysis.pos_tagger import tag
from edgegram.engine.analysis.trade_words import keeps_lower_case, lowercase_names, own_case_names, terms
from edgegram.engine.analysis.word_classes import NOUN, classes, is_third_person, number_forms, present_participle, readings
from edgegram.engine.core.edits import MAX_EDIT_WORDS, WORD_RE, Replacement, words_before_and_after
from edgegram.engine.finders.rules.acronym_plural import drops_apostrophe
from edgegram.engine.finders.rules.spacing import joins_sentences
from edgegram.engine.sentences.lexicon import Lexicon, dialect_pairs, is_lettered

_DOTTED_NAME_RE = re.compile(r"\b[A-Za-z_]\w*(?:(?:\.|::)[A-Za-z_]\w*)+(?:\(\))?")  # dotted.names, a::b, x.y()
_PROTECTED_PATTERNS = [
    re.compile(r"`[^`]+`"),  # `inline code`
    re.compile(r"(?:[a-z][a-z0-9+.-]*://|www\.)[^\s<>\"]+", re.IGNORECASE),  # URLs
    re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),  # e-mail addresses
    re.compile(r"(?<![\w/])(?:~|\.{1,2})?/[\w.\-~]+(?:/[\w.\-~]*)*"),  # /abs, ./rel, ~/home
    re.compile(r"\b[\w.\-]+(?:/[\w.\-]+)+\.[A-Za-z0-9]{1,8}\b"),  # dir/file.ext
    re.compile(r"[A-Za-z]:\\[^\s]+"),  # C:\windows\paths
    # @handles and #tags, with hyphens inside and a team after a slash: "@andrey-berenda",
    # "#sig-contribex-comms", "@kubernetes/sig-cluster-lifecycle-bugs"
    re.compile(r"(?<![\w@#])[@#][A-Za-z_](?:[\w-]*\w)?(?:/[A-Za-z_](?:[\w-]*\w)?)?"),
    re.compile(r"[^\s]*\d[^\s]*"),  # anything with a digit
    re.compile(r"\b[A-Z][A-Za-z0-9&]*[A-Z][A-Za-z0-9&]*\b"),  # IEEE, HIPAA, HTTPs, PhD, McDonald
    re.compile(r"\b[a-z]+[A-Z]\w*\b"),  # camelCase, iPhone
    re.compile(r"\b\w*[A-Za-z0-9]_\w*\b|\b_\w+\b"),  # snake_case, _private
    _DOTTED_NAME_RE,
    re.compile(r"\b[A-Za-z_]\w*\(\)"),  # call()
    re.compile(r"(?<=[\"“])[a-z][\w.+-]*(?= --?[A-Za-z])"),  # a "command --with options" in double quotes
]
# Characters a protected digit run or path may end with that belong to the sentence instead.
_TRAILING = ".,;:!?\"')]}’”"
_LEADING = "\"'([{‘“"

# Words whose deletion never removes meaning on its own (articles, pronouns, auxiliaries,
# prepositions, conjunctions, determiners, light adverbs). Deleting anything else is a
# content change a checker should not make without the writer.
_FUNCTION_WORDS = frozenset(
    """a an the this that these those some any each every either neither both all such
    another other much many more most few little several enough
    i me my mine myself you your yours yourself yourselves he him his himself she her hers
    herself it its itself we us our ours ourselves they them their theirs themselves one
    who whom whose which what whatever whoever
    be am is are was were been being 's 're 'm have has had having 've 'd do does did done
    doing will would shall should can could may might must 'll ought
    of in on at to for from by with about as into onto over under up down out off upon
    through during before after above below between among against without within along
    across behind beyond toward towards around near since until till via per than like
    and or but so yet nor if then because although though while whereas whether unless
    that's there here
    very really quite rather too also just even still only already yet ever again so
    then now however therefore thus hence indeed actually""".split()
)
# Function words whose deletion still changes what the sentence says ("go there again").
_MEANING_ADVERBS = frozenset("again also still already even only ever yet too".split())
# A grammar edit changes letters, digits, spaces and sentence punctuation; anything else
# (#, *, >, |, _, `, ~, <, =, \, +...) is markup or notation the writer meant.
_MARKUP_RE = re.compile(r"[^\w\s.,;:!?'\"’‘“”()\-–—…/&]|_")
_NEGATIONS = frozenset("not no never nor n't nothing nobody none neither without cannot".split())


@dataclass(frozen=True)
class Span:
    start: int
    end: int


def protected_spans(text: str, words: Iterable[str] = ()) -> list[Span]:
    """Ranges of ``text`` that no edit may change (see the module docstring); ``words`` are
    the writer's dictionary words (matched whole, case-insensitively)."""
    spans = []
    for pattern in _PROTECTED_PATTERNS:
        for match in pattern.finditer(text):
            if pattern is _DOTTED_NAME_RE and joins_sentences(match.group()):
                continue  # "young.but": two sentences a missing space joins (rules.spacing), not a name
            start, end = match.start(), match.end()
            while end > start and text[end - 1] in _TRAILING:
                end -= 1
            while start < end and text[start] in _LEADING:
                start += 1
            if end > start:
                spans.append(Span(start, end))
    wanted = {w.casefold() for w in words}
    if wanted:
        spans += [Span(m.start(), m.end()) for m in WORD_RE.finditer(text) if m.group().casefold() in wanted]
    return spans


def alters(spans: Iterable[Span], start: int, end: int, replacement: str = "") -> bool:
    """Whether replacing ``[start, end)`` by ``replacement`` changes any of ``spans``: an
    overlap, an insertion strictly inside one, or text glued onto its edge ("$44" + "4";
    a space or punctuation such as "1066" + "," is fine)."""
    for s in spans:
        if start < s.end and end > s.start:
            return True
        if start == end and s.start < start < s.end:
            return True
        if end == s.start and replacement and not _separates(replacement[-1], opening=True):
            return True
        if start == s.end and replacement and not _separates(replacement[0], opening=False):
            return True
    return False


def _separates(char: str, opening: bool) -> bool:
    """Whether ``char`` next to a token keeps it apart (before it if ``opening``)."""
    return char.isspace() or char in (_LEADING if opening else _TRAILING)


def unsafe_edits(
    sentence: str, edits: Sequence[Replacement], words: Iterable[str] = (), lexicon: Lexicon | None = None, model: bool = True
) -> dict[int, str]:
    """Index -> reason for each of a sentence's ``edits`` (non-overlapping, in order) that
    must not be shown; ``lexicon`` (with ``words`` added) enables the non-word rule. Edits
    separated only by spaces count as one change for the three-word limit: a rewrite of a
    whole clause is one rewrite however the differ cut it."""
    words = tuple(words)
    protected = protected_spans(sentence, words)
    known = lexicon.with_words(words) if lexicon is not None else None
    reasons = {}
    for i, edit in enumerate(edits):
        reason = unsafe_reason(sentence, edit.start, edit.end, edit.replacement, protected, known, model)
        if reason:
            reasons[i] = reason
    put_in = {w for e in edits for w in _multiset_minus(_words(e.replacement), _words(sentence[e.start : e.end]))}
    for i, edit in enumerate(edits):
        for word in _lost_words(sentence[edit.start : edit.end], edit.replacement):
            if word in _MEANING_ADVERBS and word not in put_in and not _is_repeated_nearby(sentence, edit.start, edit.end, word):
                reasons.setdefault(i, "deletes an adverb")
    for run in _adjacent_runs(sentence, edits):
        removed = sum(len(_words(sentence[edits[i].start : edits[i].end])) for i in run)
        added = sum(len(_words(edits[i].replacement)) for i in run)
        if len(run) > 1 and max(removed, added) > MAX_EDIT_WORDS:
            for i in run:
                reasons.setdefault(i, "rewrites more than three words")
    return reasons


def _adjacent_runs(sentence: str, edits: Sequence[Replacement]) -> list[list[int]]:
    runs: list[list[int]] = []
    for i, edit in enumerate(edits):
        if runs and not sentence[edits[runs[-1][-1]].end : edit.start].strip():
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def unsafe_reason(
    sentence: str,
    start: int,
    end: int,
    replacement: str,
    protected: Iterable[Span],
    lexicon: Lexicon | None = None,
    model: bool = True,
) -> str | None:
    """Why the edit replacing ``sentence[start:end]`` by ``replacement`` must not be shown,
    or ``None`` if it is safe. ``protected`` comes from :func:`protected_spans`; without a
    ``lexicon`` the non-word rule is skipped; ``model``: the model made the edit (a rule's fix of
    a word of the trade's form, "can implementing" -> "implement", is no guess)."""
    original = sentence[start:end]
    acronym_plural = not model and drops_apostrophe(original, replacement)  # "CPU's" -> "CPUs": the acronym kept
    if alters(protected, start, end, replacement) and not (
        acronym_plural or not model and _names_in_own_case(protected, start, end, original, replacement)
    ):
        return "protected token"
    if _MARKUP_RE.search(original) or _MARKUP_RE.search(replacement):
        return "touches markup or symbols"
    if "\n" in original and "\n" not in replacement and original.strip():
        return "joins lines"
    if sorted(re.findall(r"\d", replacement)) != sorted(re.findall(r"\d", original)):
        return "changes a number"
    if _renames(sentence, start, end, replacement) and not acronym_plural:
        return "changes a name"
    if _capitalises_lower_case_name(sentence, start, end, replacement):
        return "capitalises a name kept in lower case"
    if model and _replaces_term(sentence, start, end, replacement):
        return "replaces a word of the trade"
    if model and _changes_description_mood(sentence, start, end, replacement):
        return "changes a description's mood"
    if model and _gerund_of_modifier(sentence, start, end, replacement):
        return "turns a noun that describes a noun into an -ing form"
    if model and _makes_lone_letter(sentence, start, end, replacement):
        return "makes a word a lone letter"
    if lexicon is not None and not acronym_plural and _makes_non_word(sentence, start, end, replacement, lexicon):
        return "makes a non-word"
    if _swaps_dialect(sentence, start, end, replacement):
        return "swaps a British and an American spelling"
    removed_words = _words(original)
    added_words = _words(replacement)
    if max(len(removed_words), len(added_words)) > MAX_EDIT_WORDS:
        return "rewrites more than three words"
    if not added_words and len(removed_words) > 1 and not _is_repeated_phrase(sentence, start, end):
        return "deletes a phrase"
    if _negations(removed_words) > _negations(added_words) and not _is_repeated_phrase(sentence, start, end):
        return "deletes a negation"  # fewer negations: not "don't" -> "doesn't" or "do not"; "not not" -> "not" is
    for word in _lost_words(original, replacement):
        if word not in _FUNCTION_WORDS and not _is_repeated_nearby(sentence, start, end, word):
            return "deletes a content word"
    result = sentence[:start] + replacement + sentence[end:]
    if _repetitions(result) > _repetitions(sentence):
        return "adds a repetition"
    if any(_stutters(w) and not _stutters(o) for w, o in _paired_words(added_words, removed_words)):
        return "adds a repetition"
    return None


_SENTENCE_OPENERS = ".!?:;\"'“‘(["  # what may stand before a sentence's first word


def _renames(sentence: str, start: int, end: int, replacement: str) -> bool:
    """Whether the edit changes the letters of a capitalised word that does not start the
    sentence (only its case may change; deleting it where it repeats the word before it is no
    change of a name); "I" and its contractions are not names."""
    for match in WORD_RE.finditer(sentence):
        overlaps = match.start() < end and start < match.end() if start < end else match.start() < start < match.end()
        if not overlaps:
            continue
        word = match.group()
        if not word[:1].isupper() or word == "I" or word[:2] in ("I'", "I’"):
            continue
        before = sentence[: match.start()].rstrip()
        if not before or before[-1] in _SENTENCE_OPENERS:
            continue
        if not replacement.strip() and _words(before)[-1:] == [word.casefold()]:
            continue  # the second of a word written twice goes: "In the The Netherlands"
        changed = sentence[min(start, match.start()) : start] + replacement + sentence[end : max(end, match.end())]
        if word.casefold() not in (w.casefold() for w in WORD_RE.findall(changed)):
            return True
    return False


def _names_in_own_case(protected: Iterable[Span], start: int, end: int, original: str, replacement: str) -> bool:
    """Whether a rule's edit only writes a capitalised word protected for its mixed case alone (no
    code, path or URL around it) as the name it is, an acronym or a name that opens in lower case
    ("JSOn" -> "JSON", "MacOS" -> "macOS": :func:`~edgegram.engine.analysis.trade_words.own_case_names`;
    not a camelCase identifier, "serviceAccount", nor "CloudFlare" -> "Cloudflare")."""
    if (
        not original.isalpha()
        or not original[0].isupper()
        or original == replacement
        or own_case_names().get(original.lower()) != replacement
    ):
        return False
    if not (replacement.isupper() or replacement[0].islower()):
        return False  # capitals and small letters another way: "CloudFlare", once the brand's own
    return all(s.start == start and s.end == end for s in protected if start < s.end and s.start < end)


def _capitalises_lower_case_name(sentence: str, start: int, end: int, replacement: str) -> bool:
    """Whether the edit only changes the case of a word its writer keeps in lower case."""
    original = sentence[start:end]
    if original == replacement or original.casefold() != replacement.casefold():
        return False
    return any(
        match.group().islower() and keeps_lower_case(sentence, match.start(), match.end())
        for match in WORD_RE.finditer(sentence)
        if match.start() < end and start < match.end()
    )


def _changes_description_mood(sentence: str, start: int, end: int, replacement: str) -> bool:
    """Whether the edit only turns the verb that opens the sentence into its -s form or back."""
    first = WORD_RE.search(sentence)
    if first is None or not (first.start() <= start and end <= first.end()) or sentence[: first.start()].strip():
        return False
    before, after = words_before_and_after(sentence, start, end, replacement)
    if len(before) != 1 or len(after) != 1:
        return False
    old, new = before[0].lower(), after[0].lower()
    if old == new or not number_forms(old, new) or not (is_third_person(old) or is_third_person(new)):
        return False
    tokens = tag(sentence)
    if not tokens:
        return False
    # a verb, not a subject ("Files are"); "Returns the value" may be read as a plural noun
    return tokens[0].tag in ("VB", "VBZ") or (
        len(tokens) > 1 and tokens[0].tag == "NNS" and tokens[1].tag in ("DT", "PRP$", "CD")
    )


def _gerund_of_modifier(sentence: str, start: int, end: int, replacement: str) -> bool:
    """Whether the edit only turns a word between a determiner and a noun into its -ing form
    ("the build artifacts" -> "the building artifacts"): the word describes the noun, as nouns
    of the trade do, and a learner's bare verb ("enjoy swim") never stands there."""
    before, after = words_before_and_after(sentence, start, end, replacement)
    if len(before) != 1 or len(after) != 1 or present_participle(before[0].lower()) != after[0].lower():
        return False
    previous = WORD_RE.findall(sentence[:start])
    following = WORD_RE.findall(sentence[end:])
    return bool(
        previous
        and previous[-1].lower() in DETERMINERS
        and following
        and following[0].islower()
        and NOUN in classes(following[0])
    )


def _makes_lone_letter(sentence: str, start: int, end: int, replacement: str) -> bool:
    """Whether the edit makes a word of two letters or more a single letter other than "a" and
    "I" ("ls should show" -> "l": a command read as a plural)."""
    before, after = words_before_and_after(sentence, start, end, replacement)
    return len(before) == 1 and len(after) == 1 and len(before[0]) > 1 and len(after[0]) == 1 and after[0] not in ("a", "A", "I")


def _replaces_term(sentence: str, start: int, end: int, replacement: str) -> bool:
    """Whether the edit turns one word of technical writing, or a name of the trade in any case
    ("smtp", "npm"), into a different word or form (not only its case, not only its number: a
    noun's plural or singular, a verb's -s form)."""
    before, after = words_before_and_after(sentence, start, end, replacement)
    if len(before) != 1 or len(after) != 1 or before[0].casefold() == after[0].casefold():
        return False
    old, new = before[0].lower(), after[0].lower()
    trade = old in terms() or old in own_case_names() or old in lowercase_names()
    return trade and not number_forms(old, new)


def _makes_non_word(sentence: str, start: int, end: int, replacement: str, lexicon: Lexicon) -> bool:
    """Whether a word the edit makes (one of letters, not already there) is unknown to ``lexicon``."""
    before, after = words_before_and_after(sentence, start, end, replacement)
    old = {w.casefold() for w in before}
    return any(w.casefold() not in old and is_lettered(w) and not lexicon.knows(w) for w in after)


def _swaps_dialect(sentence: str, start: int, end: int, replacement: str) -> bool:
    """Whether the edit changes words only into their other-dialect spellings."""
    before, after = words_before_and_after(sentence, start, end, replacement)
    if len(before) != len(after) or before == after:
        return False
    pairs = dialect_pairs()
    return all(old == new or (old.casefold(), new.casefold()) in pairs for old, new in zip(before, after))


def _negations(words: list[str]) -> int:
    """How many of ``words`` (from :func:`_words`) negate: "not", "never", "don't"..."""
    return sum(1 for word in words if word in _NEGATIONS or word.endswith("n't"))


def _words(text: str) -> list[str]:
    return [w.casefold().replace("’", "'") for w in WORD_RE.findall(text)]


def _multiset_minus(a: list[str], b: list[str]) -> list[str]:
    rest = list(b)
    out = []
    for word in a:
        if word in rest:
            rest.remove(word)
        else:
            out.append(word)
    return out


def _lost_words(original: str, replacement: str) -> list[str]:
    """The words an edit of ``original`` into ``replacement`` deletes: those no new word
    stands in for (:func:`_deleted`)."""
    removed, added = _words(original), _words(replacement)
    return _deleted(_multiset_minus(removed, added), _multiset_minus(added, removed))


def _deleted(lost: list[str], new: list[str]) -> list[str]:
    """The lost words that no new word stands in for: a new word replaces the neighbouring lost
    words it writes closed ("can not" -> "cannot"), or else the lost word it is another form of
    ("has gone" -> "went" loses "has" only), or else the one it shares the longest prefix with ("go"
    -> "goes" is a change of form, not a deletion)."""
    rest = list(lost)
    for word in new:
        if not rest:
            break
        joined = _joined_run(rest, word)
        if joined:
            del rest[joined[0] : joined[1]]  # "can not" -> "cannot": the closed word stands for both
            continue
        rest.remove(max(rest, key=lambda old: (_same_word(old, word), _common_prefix(old, word), -rest.index(old))))
    return rest


def _same_word(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are forms of one word, by their lemmas ("gone", "went")."""
    lemmas = {lemma for found in readings(a).values() for lemma in found}
    return any(lemma in lemmas for found in readings(b).values() for lemma in found)


def _joined_run(words: list[str], word: str) -> tuple[int, int] | None:
    """The slice of two or more neighbouring ``words`` that ``word`` writes closed ("can", "not"
    -> "cannot"), if any."""
    for i in range(len(words) - 1):
        for j in range(i + 2, len(words) + 1):
            if "".join(words[i:j]) == word:
                return i, j
    return None


def _common_prefix(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _is_repeated_nearby(sentence: str, start: int, end: int, word: str) -> bool:
    """Whether ``word`` (deleted from ``[start, end)``) also stands right before or after
    that range, or twice inside it: deleting a doubled word keeps the meaning."""
    before = _words(sentence[:start])[-2:]
    inside = _words(sentence[start:end])
    after = _words(sentence[end:])[:2]
    return word in before or word in after or inside.count(word) > 1


def _is_repeated_phrase(sentence: str, start: int, end: int) -> bool:
    """Whether the words of ``[start, end)`` repeat the words right before or after them."""
    words = _words(sentence[start:end])
    n = len(words)
    return _words(sentence[:start])[-n:] == words or _words(sentence[end:])[:n] == words


def _repetitions(text: str) -> int:
    """Immediately repeated words and phrases of up to three words ("had had", "a b a b")."""
    words = _words(text)
    count = 0
    for n in (1, 2, 3):
        for i in range(len(words) - 2 * n + 1):
            if words[i : i + n] == words[i + n : i + 2 * n]:
                count += 1
    return count


_STUTTER_RE = re.compile(r"(\w{3,})\1")


def _stutters(word: str) -> bool:
    return bool(_STUTTER_RE.search(word))


def _paired_words(added: list[str], removed: list[str]) -> list[tuple[str, str]]:
    """Each added word with the removed word it most likely replaces (same index), or ''."""
    return [(w, removed[i] if i < len(removed) else "") for i, w in enumerate(added)]


__all__ = ["MAX_EDIT_WORDS", "Span", "alters", "protected_spans", "unsafe_edits", "unsafe_reason"]

"""Rules that are lists of fixed expressions, written as data: a ``.rules`` file in
``engine/finders/rules/phrasebook/`` holds a rule's id, kind, message, description, patterns and
examples, and :func:`phrase_rule` reads it into a :class:`~.record.Rule`.

A file is a list of ``key: value`` lines (a value may go on over indented lines), comments
``#``, word sets ``@NAME = word word ...`` and one ``pattern:`` line per expression::

    id: rules.prepositions
    kind: preposition
    message: '{before}' takes '{replacement}', not '{original}'.
    @OWNERS = my his her their
    pattern: <depend> [of] -> on
    pattern: due [of] -> to  | not after: the his her their
    fires: It relies [of→on] the kernel.
    leaves: It relies on the kernel.

A pattern is the words of the expression in order, matched against the sentence's words
(case aside, but a capital inside the sentence is a name's, which only a word the pattern
writes with a capital matches: ``God``; each word whole, nothing but spaces between them) with the part to replace in
square brackets and its replacement after ``->``. A pattern word is

- a word, or words one of which may stand there: ``is|are|was``;
- ``<lemma>``: any form of that word ("<depend>": depend, depends, depended, depending);
- ``@NAME``: any word of the set NAME; ``{ADJ}`` (or NOUN, VERB, ADV): a word of that class;
- ``?word``: a word that may be there or not;
- ``^`` first: the expression opens the sentence; ``$`` last, or as an alternative
  (``$|to``): the clause ends there (a mark or the end of the sentence follows);
- ``":"`` (quoted): that mark comes next.

Words joined by ``~`` may be written with a space or a hyphen between them (``deep~[seeded]``),
by ``-`` with a hyphen only (``[shoe]-in``). When the bracketed word has alternatives and the
replacement as many (``[wet|wets] @OWNERS appetite -> whet|whets``), each gets its own. After a
``|``, conditions: ``not after: WORDS`` (the word before the expression is none of them; a word
ending in ``'s`` stands for any owner), ``not before: WORDS`` (nor the word after it; ``*ing``
stands for any word ending in "ing"). The replacement keeps the case of the first letter it
replaces; an empty replacement removes the words with the space before them. ``span:
neighbours`` widens each fix to the expression's words beside the replaced ones, as far as the
engine's three-word edits allow ("make [due with]" -> "make [do with]"), so that it displaces a
model edit next to it.

Code remains for what is procedural: a module may add finders of its own to a file's rule
(:func:`phrase_rule`'s ``extra``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import resources

from edgegram.engine.analysis.closed_class import CLOSED_CLASS
from edgegram.engine.analysis.trade_words import is_trade_noun
from edgegram.engine.analysis.word_classes import NOUN, classes, readings
from edgegram.engine.core.edits import MAX_EDIT_WORDS, WORD_RE
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Finder, Finding, Rule
from edgegram.engine.finders.rules.tokens import Word, in_case_of
from edgegram.engine.finders.rules.tokens import words as sentence_words
from edgegram.engine.sentences.lexicon import Lexicon

PHRASEBOOK = "phrasebook"  # the folder of .rules files, beside this module
_GLUE = "'’-"  # a word glued to one of these is part of a longer token ("it's", "x-ray")
_CLAUSE_END_RE = re.compile(r"\s*(?:[.,;:!?)]|$)")
_WORD_CLASSES = {"NOUN", "VERB", "ADJ", "ADV", "AUX"}


@dataclass(frozen=True)
class _Slot:
    """One word of a pattern: what may stand there."""

    words: frozenset[str] = frozenset()  # any of these (lower case)
    lemmas: frozenset[str] = frozenset()  # any form of these
    word_classes: frozenset[str] = frozenset()  # any word of these classes
    clause_end: bool = False  # or: the clause ends here (a mark or the end follows)
    mark: str = ""  # a mark that comes next (no word)
    optional: bool = False
    joiner: str = " "  # how it is joined to the slot before: " ", "~" (space or hyphen), "-"
    marked: bool = False  # part of the span to replace
    alternatives: tuple[str, ...] = ()  # its words in the pattern's order (for positional replacements)
    names: frozenset[str] = frozenset()  # its words written with a capital: names, capitalised anywhere

    @property
    def fixed(self) -> bool:
        """Whether the slot must be there and holds words only (no lemma, class, mark or clause's end)."""
        return not (self.optional or self.lemmas or self.word_classes or self.clause_end or self.mark)

    def takes(self, word: str) -> bool:
        lower = word.lower().replace("’", "'")
        if lower in self.words:
            return True
        if self.lemmas and any(self.lemmas & set(lemmas) for lemmas in readings(lower).values()):
            return True
        if NOUN in self.word_classes and is_trade_noun(lower):
            return True  # "a handful commits": a noun of the trade lemminflect knows as a verb only
        return bool(self.word_classes & classes(lower))


@dataclass(frozen=True)
class Pattern:
    """A fixed expression: its slots, its replacement (one, or one per alternative of the marked
    word), and the words that may not stand right before or after it."""

    text: str
    slots: tuple[_Slot, ...]
    replacements: tuple[str, ...]
    opens_sentence: bool = False
    not_after: frozenset[str] = frozenset()
    not_before: frozenset[str] = frozenset()

    @functools.cached_property
    def anchors(self) -> tuple[frozenset[str], ...]:
        """For each slot that must be there and holds words only, the words that may stand in it:
        a sentence without one of each cannot match (checked before any word is tried)."""
        return tuple(s.words | s.names for s in self.slots if s.fixed)

    @functools.cached_property
    def first_words(self) -> frozenset[str] | None:
        """The words the first slot takes, when it must be there and holds words only: a match
        can open only at one of them (None: at any word)."""
        return self.slots[0].words if self.slots[0].fixed else None

    def find(
        self, sentence: str, neighbours: bool, words: list[Word] | None = None, lower: frozenset[str] | None = None
    ) -> Iterator[Finding]:
        """The pattern's findings in ``sentence`` (``words``, ``lower``: its words and the set of
        their lower case, when the caller has them for many patterns)."""
        if words is None or lower is None:
            words = sentence_words(sentence)
            lower = frozenset(word.lower for word in words)
        if any(not (anchor & lower) for anchor in self.anchors):
            return
        opening = self.first_words
        position = 0
        for index, word in enumerate(words):
            if word.start < position or (opening is not None and word.lower not in opening):
                continue
            match = self._match(sentence, words, index)
            if match is None:
                continue
            marked, end = match
            position = end
            yield self._finding(sentence, marked, word.start, end, neighbours)

    def _match(self, sentence: str, words: list[Word], index: int) -> tuple[list[Word], int] | None:
        """The marked words and the end of the expression when it starts at ``words[index]``."""
        first = words[index]
        if self.opens_sentence and sentence[: first.start].strip():
            return None
        if first.start > 0 and sentence[first.start - 1] in _GLUE:
            return None
        if self.not_after and index > 0 and _is_one_of(words[index - 1].text, self.not_after):
            return None
        found = self._slots_from(sentence, words, index, 0, first.start)
        if found is None:
            return None
        marked, end, next_index = found
        if end < len(sentence) and sentence[end] in _GLUE and next_index is not None:
            return None
        if self.not_before and next_index is not None and next_index < len(words):
            if _is_one_of(words[next_index].text, self.not_before):
                return None
        return marked, end

    def _slots_from(
        self, sentence: str, words: list[Word], index: int, slot: int, end: int
    ) -> tuple[list[Word], int, int | None] | None:
        """Match slots ``slot``... from ``words[index]`` (``end``: where the text matched so far
        ends): the marked words, the end, and the index of the next word (None after a mark)."""
        if slot == len(self.slots):
            return [], end, index
        s = self.slots[slot]
        if s.mark:
            m = re.compile(r"\s*" + re.escape(s.mark)).match(sentence, end)
            return ([], m.end(), None) if m and slot == len(self.slots) - 1 else None
        if s.clause_end and _CLAUSE_END_RE.match(sentence, end) and slot == len(self.slots) - 1:
            return [], end, index
        if index < len(words) and _joined(sentence[end : words[index].start], s.joiner, slot == 0):
            word = words[index]
            if s.takes(word.text) and (word.text.lower() in s.names or not _a_name(sentence, word)):
                rest = self._slots_from(sentence, words, index + 1, slot + 1, word.end)
                if rest is not None:
                    return ([word] if s.marked else []) + rest[0], rest[1], rest[2]
        if s.optional:
            return self._slots_from(sentence, words, index, slot + 1, end)
        return None

    def _finding(self, sentence: str, marked: list[Word], start: int, end: int, neighbours: bool) -> Finding:
        wrong_start, wrong_end = marked[0].start, marked[-1].end
        wrong = sentence[wrong_start:wrong_end]
        right = self.replacements[0]
        if len(self.replacements) > 1:
            slot = next(s for s in self.slots if s.marked)
            right = self.replacements[slot.alternatives.index(wrong.lower().replace("’", "'"))]
        meant = right if wrong == "I" else in_case_of(wrong, right)  # "I" is a capital anywhere
        if not meant:  # a word too many goes with the space before it
            return len(sentence[:wrong_start].rstrip(" \t")), wrong_end, ""
        if not neighbours:
            return wrong_start, wrong_end, meant
        before = list(WORD_RE.finditer(sentence, start, wrong_start))
        after = list(WORD_RE.finditer(sentence, wrong_end, end))
        span_start, span_end, count = wrong_start, wrong_end, max(len(wrong.split()), len(meant.split()))
        if after and count < MAX_EDIT_WORDS:
            span_end, count = after[0].end(), count + 1
        if before and count < MAX_EDIT_WORDS:
            span_start = before[-1].start()
        return span_start, span_end, sentence[span_start:wrong_start] + meant + sentence[wrong_end:span_end]


def _a_name(sentence: str, word: Word) -> bool:
    """Whether ``word`` is capitalised where a common word would not be: right after a word in
    lower case ("the town of Same"; not a sentence's or a quotation's first word, 'saying "Due
    of', a shouted "HE Told", the pronoun "I")."""
    text = word.text
    if text == text.lower() or text == "I" or text[:2] in ("I'", "I’"):
        return False
    before = list(WORD_RE.finditer(sentence, 0, word.start))
    if not before:
        return False
    gap = sentence[before[-1].end() : word.start]
    return before[-1].group() == before[-1].group().lower() and not any(mark in gap for mark in '"“‘(:.!?;')


def _joined(gap: str, joiner: str, first: bool) -> bool:
    """Whether the text ``gap`` between two words is what ``joiner`` allows."""
    if first:
        return gap == "" or gap.isspace() or not any(ch.isalnum() for ch in gap)
    if joiner == "-":
        return gap == "-"
    if joiner == "~":
        return gap == "-" or (gap != "" and gap.isspace())
    return gap != "" and gap.isspace()


def _is_one_of(word: str, words: frozenset[str]) -> bool:
    lower = word.lower().replace("’", "'")
    if lower in words:
        return True
    if "*'s" in words and lower.endswith("'s"):
        return True
    return any(w.startswith("*") and lower.endswith(w[1:]) and w != "*'s" for w in words)


def parse_pattern(text: str, sets: dict[str, frozenset[str]]) -> Pattern:
    """A ``pattern:`` line's pattern (its conditions after ``|`` included); ValueError when it
    cannot be read."""
    body, _, conditions = text.partition(" | ")
    expression, arrow, replacement = body.partition("->")
    if not arrow:
        raise ValueError(f"no '->' in pattern {text!r}")
    slots, opens = _slots(expression.strip(), sets)
    marked = [s for s in slots if s.marked]
    if not marked:
        raise ValueError(f"no [marked] words in pattern {text!r}")
    replacements = tuple(r.strip() for r in replacement.strip().split("|"))
    if len(replacements) > 1 and (len(marked) != 1 or len(marked[0].alternatives) != len(replacements)):
        raise ValueError(f"{len(replacements)} replacements need one marked word with as many alternatives: {text!r}")
    not_after: frozenset[str] = frozenset()
    not_before: frozenset[str] = frozenset()
    for condition in filter(None, (c.strip() for c in conditions.split(";"))):
        name, colon, words = condition.partition(":")
        values = frozenset(_words(words.split(), sets))
        if not colon or name.strip() not in ("not after", "not before"):
            raise ValueError(f"unknown condition {condition!r} in pattern {text!r}")
        if name.strip() == "not after":
            not_after = values
        else:
            not_before = values
    return Pattern(text, tuple(slots), replacements, opens, not_after, not_before)


def _slots(expression: str, sets: dict[str, frozenset[str]]) -> tuple[list[_Slot], bool]:
    """The slots of a pattern's words, and whether it opens the sentence (``^``)."""
    tokens = re.findall(r'"[^"]+"|[\[\]~\-]|[^\s\[\]~\-"]+', expression)
    slots: list[_Slot] = []
    opens, joiner, marked = False, " ", False
    for token in tokens:
        if token == "^" and not slots:
            opens = True
        elif token in ("~", "-"):
            joiner = token
        elif token == "[":
            marked = True
        elif token == "]":
            marked = False
        else:
            slots.append(_slot(token, sets, joiner, marked))
            joiner = " "
    return slots, opens


def _slot(token: str, sets: dict[str, frozenset[str]], joiner: str, marked: bool) -> _Slot:
    optional = token.startswith("?")
    token = token.lstrip("?")
    if token.startswith('"'):
        return _Slot(mark=token.strip('"'), joiner=joiner, marked=marked)
    alternatives = token.split("|")
    words: list[str] = []
    lemmas, word_classes, clause_end = set(), set(), False
    for alternative in alternatives:
        if alternative == "$":
            clause_end = True
        elif alternative.startswith("<") and alternative.endswith(">"):
            lemmas.add(alternative[1:-1].lower())
        elif alternative.startswith("{") and alternative.endswith("}"):
            if alternative[1:-1] not in _WORD_CLASSES:
                raise ValueError(f"unknown word class {alternative}")
            word_classes.add(alternative[1:-1])
        else:
            words += _words([alternative], sets)
    return _Slot(
        frozenset(words),
        frozenset(lemmas),
        frozenset(word_classes),
        clause_end,
        "",
        optional,
        joiner,
        marked,
        tuple(w.lower() for w in alternatives),
        frozenset(w.lower() for w in alternatives if w[:1].isupper()),
    )


def _words(tokens: Sequence[str], sets: dict[str, frozenset[str]]) -> list[str]:
    found: list[str] = []
    for token in tokens:
        if token.startswith("@"):
            if token[1:] not in sets:
                raise ValueError(f"no word set {token}")
            found += sets[token[1:]]
        else:
            found.append(token.lower().replace("’", "'"))
    return found


@dataclass
class _RuleFile:
    fields: dict[str, str] = field(default_factory=dict)
    sets: dict[str, frozenset[str]] = field(default_factory=dict)
    patterns: list[Pattern] = field(default_factory=list)
    fires: list[str] = field(default_factory=list)
    leaves: list[str] = field(default_factory=list)


def read_rule_file(text: str, name: str = "<rules>") -> _RuleFile:
    """The parts of a ``.rules`` file; ValueError naming the line that cannot be read."""
    parsed = _RuleFile()
    key: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            if line[0].isspace():
                if key is None:
                    raise ValueError("an indented line continues no field")
                parsed.fields[key] += "\n" + stripped
                continue
            if stripped.startswith("@"):
                set_name, equals, members = stripped[1:].partition("=")
                if not equals:
                    raise ValueError("a word set needs '='")
                parsed.sets[set_name.strip()] = frozenset(_words(members.split(), parsed.sets))
                key = None
                continue
            key, colon, value = stripped.partition(":")
            if not colon:
                raise ValueError("expected 'key: value'")
            key, value = key.strip(), value.strip()
            if key == "pattern":
                parsed.patterns.append(parse_pattern(value, parsed.sets))
                key = None
            elif key in ("fires", "leaves"):
                getattr(parsed, key).append(value)
                key = None
            elif key in ("id", "kind", "message", "description", "span"):
                parsed.fields[key] = value
            else:
                raise ValueError(f"unknown key {key!r}")
        except ValueError as error:
            raise ValueError(f"{name}:{number}: {error}") from None
    return parsed


def phrase_rule(name: str, extra: Sequence[Finder] = (), message: str | Callable | None = None) -> Rule:
    """The rule of ``phrasebook/<name>.rules``, its finder the file's patterns and then ``extra``'s;
    ``message`` (a function of the fix) instead of the file's template where the words need code."""
    parsed = _read(name)
    missing = {"id", "kind", "message", "description"} - set(parsed.fields)
    if missing:
        raise ValueError(f"{name}.rules: missing {', '.join(sorted(missing))}")
    patterns = tuple(parsed.patterns)
    neighbours = parsed.fields.get("span") == "neighbours"
    by_anchor, unanchored = _anchor_index(patterns)

    def find(sentence: str, lexicon: Lexicon) -> Iterator[Finding]:
        words = sentence_words(sentence)
        lower = frozenset(word.lower for word in words)
        chosen = set(unanchored).union(*(by_anchor[word] for word in lower & by_anchor.keys()))
        for index in sorted(chosen):
            yield from patterns[index].find(sentence, neighbours, words, lower)
        for finder in extra:
            yield from finder(sentence, lexicon)

    find.__module__ = f"{__package__}.{name}"
    return Rule(
        id=parsed.fields["id"],
        kind=EditKind(parsed.fields["kind"]),
        find=find,
        message=message or parsed.fields["message"],
        description=parsed.fields["description"],
        fires=tuple(parsed.fires),
        leaves=tuple(parsed.leaves),
    )


def _anchor_index(patterns: Sequence[Pattern]) -> tuple[dict[str, frozenset[int]], tuple[int, ...]]:
    """The patterns (by index) that a sentence holding a word may match, by each word of one of
    their :attr:`Pattern.anchors` sets (the smallest of those without a function word, which
    nearly every sentence has: "lot" rather than "a" for "a lot of"), and those with no anchor,
    which any sentence may match: a rule of hundreds of patterns tries only the few whose words
    the sentence has."""
    by_anchor: dict[str, set[int]] = {}
    unanchored = []
    for index, pattern in enumerate(patterns):
        if not pattern.anchors:
            unanchored.append(index)
            continue
        for word in min(pattern.anchors, key=lambda anchor: (bool(anchor & CLOSED_CLASS), len(anchor))):
            by_anchor.setdefault(word, set()).add(index)
    return {word: frozenset(found) for word, found in by_anchor.items()}, tuple(unanchored)


def phrase_sets(name: str) -> dict[str, frozenset[str]]:
    """The word sets of ``phrasebook/<name>.rules``, for the code that goes with its rule."""
    return dict(_read(name).sets)


@functools.cache
def _read(name: str) -> _RuleFile:
    text = resources.files(__package__).joinpath(PHRASEBOOK).joinpath(f"{name}.rules").read_text(encoding="utf-8")
    return read_rule_file(text, f"{name}.rules")


__all__ = ["PHRASEBOOK", "Pattern", "parse_pattern", "phrase_rule", "phrase_sets", "read_rule_file"]

"""What a rule is: an id users switch it off by, the kind of slip it fixes, a message that says
why in the words of the sentence, a description, the examples it must fire on and leave alone
(run as its tests, ``tests/engine/rules``), and its finder.

Examples are written the way a reader marks a page: ``"I could [of→have] done it."`` fires
(the rule, run alone, replaces "of" by "have" there and nowhere else); ``"[the →]"`` is a
deletion, ``"[→to ]"`` an insertion. An example to leave alone is plain text on which no rule
of the registry fires."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from edgegram.engine.core.types import EditKind
from edgegram.engine.sentences.lexicon import Lexicon

Finding = tuple[int, int, str]  # replace sentence[start:end] by the string
Finder = Callable[[str, Lexicon], Iterable[Finding]]

_WORD_RE = re.compile(r"[\w'’-]+")
MARK_RE = re.compile(r"\[([^\[\]→]*)→([^\[\]→]*)\]")  # a marked fix: [original→replacement]


@dataclass(frozen=True)
class Fix:
    """One finding in the words of its sentence, for a rule's message: what is replaced and by
    what (without the spaces around), and the words right before and after it."""

    original: str
    replacement: str
    before: str
    after: str

    @staticmethod
    def of(sentence: str, start: int, end: int, replacement: str) -> Fix:
        before, after = _WORD_RE.findall(sentence[:start]), _WORD_RE.findall(sentence[end:])
        return Fix(sentence[start:end].strip(), replacement.strip(), before[-1] if before else "", after[0] if after else "")


Message = str | Callable[[Fix], str]  # a str.format template over Fix's fields, or a function of it


@dataclass(frozen=True)
class Rule:
    """One rule: ``find`` yields ``(start, end, replacement)`` in a sentence (the model's view of
    it, code masked); the other fields describe it to users and test it."""

    id: str  # "rules.<module>": what disabledRules, --disable and the diagnostic's code name
    kind: EditKind
    find: Finder
    message: Message
    description: str  # what the rule fixes and what it leaves alone (the reference and the hover)
    fires: tuple[str, ...]  # marked examples: the rule alone makes exactly these fixes
    leaves: tuple[str, ...]  # correct sentences no rule may touch

    def message_for(self, sentence: str, start: int, end: int, replacement: str) -> str:
        """Why this rule replaces ``sentence[start:end]`` by ``replacement``, in its words."""
        return self.message_for_fix(Fix.of(sentence, start, end, replacement))

    def message_for_fix(self, fix: Fix) -> str:
        """The message for one finding, described by its words."""
        if isinstance(self.message, str):
            return self.message.format(original=fix.original, replacement=fix.replacement, before=fix.before, after=fix.after)
        return self.message(fix)


def unmarked(example: str) -> tuple[str, list[Finding]]:
    """A marked example's sentence and its fixes, offsets into the sentence:
    ``"a [b→c] d"`` -> ``("a b d", [(2, 3, "c")])``. An arrow outside a mark is a ValueError."""
    if "→" in MARK_RE.sub("", example):
        raise ValueError(f"malformed example: {example!r}")
    text, fixes, position, length = [], [], 0, 0
    for m in MARK_RE.finditer(example):
        original, replacement = m.group(1), m.group(2)
        length += m.start() - position
        fixes.append((length, length + len(original), replacement))
        text += [example[position : m.start()], original]
        length += len(original)
        position = m.end()
    text.append(example[position:])
    return "".join(text), fixes


def marked(sentence: str, fixes: Iterable[Finding]) -> str:
    """``sentence`` with ``fixes`` marked as in the examples (the inverse of :func:`unmarked`)."""
    for start, end, replacement in sorted(fixes, reverse=True):
        sentence = f"{sentence[:start]}[{sentence[start:end]}→{replacement}]{sentence[end:]}"
    return sentence


__all__ = ["MARK_RE", "Finder", "Finding", "Fix", "Message", "Rule", "marked", "unmarked"]

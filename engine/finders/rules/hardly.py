"""'Hardly' where 'hard' was meant: "He works hardly every day" -> "works hard".

"Hardly" means "almost not" and goes before what it limits ("he hardly works", "hardly
anyone"); after a verb of effort ("work", "try", "study", "train", "push", ...) at the end of
its clause, or before a time or a conjunction, the writer meant the adverb "hard". Left alone:
"hardly at all", "hardly any", "hardly ever" and "hardly, if at all" (what follows is then
limited by it), and every other verb ("it matters hardly")."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.word_classes import VERB, readings
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import adjacent, words
from edgegram.engine.sentences.lexicon import Lexicon

# Verbs whose effort "hard" measures (their bare forms; every inflection counts).
_EFFORT = frozenset("work try study train practise practice push fight strive labour labor".split())
# Words that may follow the adverb "hard" and not the limiting "hardly": a time, a conjunction.
_AFTER_HARD = frozenset("every all day and but so because for today yesterday since until when to on this last".split())
_CLAUSE_END = (".", "!", "?", ";", ",", ")")


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i in range(1, len(ws)):
        word, verb = ws[i], ws[i - 1]
        if word.lower != "hardly" or not word.text.islower() or not adjacent(sentence, verb, word):
            continue
        if not set(readings(verb.lower).get(VERB, ())) & _EFFORT:
            continue
        if i + 1 == len(ws):
            yield word.start, word.end, "hard"
            continue
        gap = sentence[word.end : ws[i + 1].start].strip()
        if gap[:1] in _CLAUSE_END and not (gap.startswith(",") and ws[i + 1].lower == "if"):
            yield word.start, word.end, "hard"  # "works hardly." but not "works hardly, if at all"
        elif not gap and ws[i + 1].lower in _AFTER_HARD:
            yield word.start, word.end, "hard"


RULE = Rule(
    id="rules.hardly",
    kind=EditKind.OTHER,
    find=find,
    message="'Hardly' means 'almost not'; for effort, write 'hard'.",
    description=__doc__ or "",
    fires=(
        "He works [hardly→hard] every day and tried [hardly→hard].",
        "She studied [hardly→hard] for the exam.",
        "They trained [hardly→hard] and won.",
    ),
    leaves=(
        "He hardly works, worked hardly at all, and studied hardly, if at all; it matters hardly.",
        "I hardly ever see it.",
        "Hardly anyone came.",
        "It hardly matters.",
    ),
)


__all__ = ["find", "RULE"]

"""Mechanical slips found by rules, independent of the model and of the text around them.

Each module finds one kind of slip in a sentence (the model's view of it, code masked) and
yields ``(start, end, replacement)``; :func:`rule_edits` runs them all and describes each
fix as an :class:`~edgegram.engine.types.Edit` (kind and message from
:func:`edgegram.engine.kinds.classify`). The rules only fire where the fix is certain:
"an method" (:mod:`.articles`), a sentence's lower-case first word and "i"
(:mod:`.capitals`), "the the" (:mod:`.doubled`), "could of" (:mod:`.modal_of`), "can using"
(:mod:`.modal_verb`), "it are" / "they is" (:mod:`.agreement`), "its a" / "too the"
(:mod:`.confusables`). Spelling, which needs the model to rank its candidates, is
:mod:`edgegram.engine.spelling`. What a rule may not touch (code, markup, headings, list
fragments) is masked or dropped by the same steps as the model's edits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from edgegram.engine.edits import without_overlaps
from edgegram.engine.kinds import classify
from edgegram.engine.lexicon import Lexicon
from edgegram.engine.rules import agreement, articles, capitals, confusables, doubled, modal_of, modal_verb
from edgegram.engine.types import Edit

Finding = tuple[int, int, str]  # replace sentence[start:end] by the string
Rule = Callable[[str, Lexicon], Iterable[Finding]]

RULES: tuple[Rule, ...] = (
    articles.find,
    capitals.find,
    doubled.find,
    modal_of.find,
    modal_verb.find,
    agreement.find,
    confusables.find,
)
# The confidence a rule's fix is reported with: rules fire only where the fix is certain, so
# every threshold a writer may pick below it shows them.
RULE_CONFIDENCE = 0.9


def rule_edits(sentence: str, lexicon: Lexicon) -> list[Edit]:
    """Every rule's fixes for ``sentence``, sorted, overlapping ones dropped (the first kept)."""
    edits = []
    for start, end, replacement in sorted({f for rule in RULES for f in rule(sentence, lexicon)}):
        original = sentence[start:end]
        kind, message = classify(original, replacement, sentence[:start], sentence[end:])
        edits.append(Edit(start, end, replacement, original, kind, message, RULE_CONFIDENCE, RULE_CONFIDENCE, mechanical=True))
    return without_overlaps(edits)


__all__ = ["RULES", "RULE_CONFIDENCE", "rule_edits"]

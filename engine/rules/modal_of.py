"""'could of', 'should of', 'would of', 'might of', 'must of' -> 'have' (what is heard is
"could've")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon
from edgegram.engine.rules.record import Rule
from edgegram.engine.types import EditKind

# "would, of course," is the one common correct sequence; the comma usually shows it, but not always.
_MODAL_OF_RE = re.compile(r"\b(?:could|should|would|might|must)(n['’]t)?[ \t]+(of)\b(?![ \t]+course\b)", re.IGNORECASE)


# "the might of", "its must of": after a determiner or an owner, the modal's word is a noun.
_NOUN_BEFORE_RE = re.compile(r"\b(?:the|a|an|its|his|her|their|our|your|my|this|that|\w+['’]s)[ \t]+$", re.IGNORECASE)


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for m in _MODAL_OF_RE.finditer(sentence):
        if _NOUN_BEFORE_RE.search(sentence, 0, m.start()) is None:
            yield m.start(2), m.end(2), "Have" if m.group(2) == "Of" else "have"


RULE = Rule(
    id="rules.modal_of",
    kind=EditKind.VERB_FORM,
    find=find,
    message="After '{before}', write 'have', not 'of': '{before}'ve' sounds like '{before} of'.",
    description=__doc__ or "",
    fires=(
        "I could [of→have] done it better.",
        "She should [of→have] known.",
        "You must [of→have] seen it.",
        "They might [of→have] left early.",
        "He would [of→have] come.",
    ),
    leaves=(
        "He would, of course, agree.",
        "It is one of the rules we could offer.",
        "Most of us could, of course, say no.",
        "Which of them would of course agree?",
        "The might of the army grew.",
    ),
)


__all__ = ["find", "RULE"]

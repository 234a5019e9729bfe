"""'could of', 'should of', 'would of', 'might of', 'must of' -> 'have' (what is heard is
"could've")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon

# "would, of course," is the one common correct sequence; the comma usually shows it, but not always.
_MODAL_OF_RE = re.compile(r"\b(?:could|should|would|might|must)(n['’]t)?[ \t]+(of)\b(?![ \t]+course\b)", re.IGNORECASE)


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for m in _MODAL_OF_RE.finditer(sentence):
        yield m.start(2), m.end(2), "Have" if m.group(2) == "Of" else "have"


__all__ = ["find"]

"""A simple past where the past participle belongs, after 'be' or 'have': "is knew" ->
"is known", "has wrote" -> "has written" (lemminflect's inflections; only verbs whose two
forms differ)."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.lexicon import Lexicon
from edgegram.engine.rules.tokens import ADVERBS_AFTER_AUXILIARY, AUXILIARIES, adjacent, words
from edgegram.engine.word_classes import VERB, participle_of_past, readings

# Simple pasts that are also participles in use ("have got", "was lit"), where lemminflect lists another.
_ALSO_PARTICIPLES = frozenset("got lit proved shone dove woke".split())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i, aux in enumerate(ws):
        if aux.lower not in AUXILIARIES:
            continue
        j = i + 1
        if j < len(ws) and ws[j].lower in ADVERBS_AFTER_AUXILIARY and adjacent(sentence, ws[i], ws[j]):
            j += 1
        if j >= len(ws) or not adjacent(sentence, ws[j - 1], ws[j]) or not ws[j].text.islower():
            continue
        word = ws[j]
        if word.lower in readings(word.lower).get(VERB, ()) or word.lower in _ALSO_PARTICIPLES:
            continue  # also a verb's bare form ("lay")
        participle = participle_of_past(word.lower)
        if participle is not None and lexicon.is_english(participle):
            yield word.start, word.end, participle


__all__ = ["find"]

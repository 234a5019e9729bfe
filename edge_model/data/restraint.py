"""Training data that teaches restraint: which words a corruption must leave alone, which
sentences are rich in them, and long pairs made of consecutive sentences.

A grammar checker must copy numbers, prices, dates, phone numbers, URLs, acronyms, names and
placeholders exactly. The same tokens the engine protects (:func:`edgegram.engine.judge.safety.protected_spans`)
are the ones synthetic errors never touch here, and sentences rich in them are the ones the
model is shown unchanged (copy pairs) or with an error placed right beside such a token.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from edgegram.engine.judge.safety import protected_spans
from edgegram.engine.sentences.model_text import PLACEHOLDER, SHORT_PLACEHOLDER_WORD

Item = TypeVar("Item")


def protected_mask(words: Sequence[str]) -> list[bool]:
    """For each space-separated word: whether it holds a protected token (a digit, URL,
    e-mail, path, @handle, acronym, identifier...) or one of the model text's placeholders (an
    emoji's, or the word code and URLs become: "Xx", "Xxs")."""
    spans = protected_spans(" ".join(words))
    mask, start = [], 0
    for word in words:
        end = start + len(word)
        placeholder = PLACEHOLDER in word or word.strip("\"'()[],.;:!?").rstrip("s") == SHORT_PLACEHOLDER_WORD
        mask.append(placeholder or any(s.start < end and s.end > start for s in spans))
        start = end + 1
    return mask


def _is_name(word: str) -> bool:
    letters = word.strip("\"'()[],.;:!?")
    return len(letters) > 1 and letters[0].isupper() and letters[1:].islower() and letters.isalpha()


def anchor_mask(words: Sequence[str], protected: Sequence[bool] | None = None) -> list[bool]:
    """Protected words and names (a capitalised word that does not start the sentence): the
    tokens an error is placed beside, never on. ``protected``: the words' protected_mask."""
    mask = protected_mask(words) if protected is None else protected
    return [
        m or (i > 0 and _is_name(w) and not words[i - 1].endswith((".", "!", "?", ":")))
        for i, (w, m) in enumerate(zip(words, mask))
    ]


def is_rich(sentence: str) -> bool:
    """A sentence worth copying: at least one protected token, or at least two names."""
    if any(c.isdigit() for c in sentence):  # a digit is always protected (fast path)
        return True
    words = sentence.split(" ")
    protected = protected_mask(words)
    return any(protected) or sum(anchor_mask(words, protected)) >= 2


def join_consecutive(
    items: Sequence[Item],
    start: int,
    size: Callable[[Item], int],
    limit: int,
    is_break: Callable[[Item], bool] = lambda item: False,
) -> list[Item]:
    """``items[start]`` and the items after it, as long as their sizes add up to at most
    ``limit`` (the first one is taken whatever its size) and no break item comes between."""
    taken = [items[start]]
    total = size(items[start])
    for item in items[start + 1 :]:
        if is_break(item) or total + size(item) > limit:
            break
        taken.append(item)
        total += size(item)
    return taken


def long_limit(max_len: int, rng: random.Random) -> int:
    """How many tokens a long example should fill: between a third of the model's positions
    and all of them but a margin (a corrupted source may grow by a few tokens)."""
    top = max_len - 8
    return rng.randint(max(top // 3, 1), max(top, 1))

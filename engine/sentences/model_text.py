"""A sentence as the model sees it, and the exact way back to the writer's characters.

The model was trained on plain, single-line English. ``to_model_text(sentence)`` gives it
that and nothing else:

- every whitespace run (line breaks of a hard-wrapped sentence, tabs, several spaces, no-break
  spaces) becomes one space;
- combining marks are composed where Unicode can (``"cafe" + U+0301`` -> ``"café"``);
- every run of characters the model cannot read reliably (emoji and their ZWJ sequences,
  skin tones, variation selectors and flags, mathematical letters, symbols, other scripts,
  control characters, lone surrogates) becomes one placeholder, ``@``, which the model
  copies (measured on the shipped model: rare characters such as ``·`` or ``□`` made it
  emit garbage, ``@`` was copied in place);
- inline markup a format's parser hid from prose (the ``**`` of ``**g**lobally``, a link's
  brackets and target; :data:`INVISIBLE` in the masked text) is left out, so the words it
  stood inside or beside read whole ("globally");
- emoji that open or close a sentence ("Zoë and Chloë is friends 🧑🏿‍🚀.") are left out too:
  they decorate, and a placeholder there changed what the model and the edit judge made of
  the words before it;
- every placeholder word of masked code, URLs or math (``Xxxxxx``, as long as what it hides:
  ``edgegram.engine.prose.masking.placeholder_word``) becomes ``Xx``: the tokenizer splits
  ``Xxxxxx`` into one token per letter, so on the 14 techdocs chapters a fifth of the
  model's tokens were placeholder letters, each paid for in the encoder and the decoder.
  ``Xx`` is still a capitalised word that no rule knows (a lone ``X`` would be read as the
  letter: "a X" -> "an X").

Each character of the model text knows the range of the original sentence it stands for, so
an edit found on the model text maps back exactly (:meth:`ModelText.to_source`). Characters
that stand for something other than themselves (placeholders, composed or absorbed marks)
are *opaque*, and so is a gap of left-out characters between two of them: an edit that
touches one is never shown, because its replacement could not be put back faithfully.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from array import array
from collections.abc import Sequence
from dataclasses import dataclass

PLACEHOLDER = "@"
# What a format's parser puts in place of inline markup (emphasis marks, a link's brackets and
# target): a same-length stand-in that belongs to no word. The model never sees it.
INVISIBLE = "\u2060"

# Non-ASCII characters the model reads like any other: Latin letters with diacritics, and
# the typographic punctuation and currency signs of ordinary English text.
_ORDINARY_EXTRA = frozenset("£€¥¢‘’“”–—…•«»¡¿§")
_JOINER = "\u200d"
_WHITESPACE_RUN = re.compile(r"\s+")
# A placeholder word of masked non-prose (a plural "s" may follow it: "the `Vec`s"), read as
# SHORT_PLACEHOLDER_WORD.
_PLACEHOLDER_WORD = re.compile(r"\bXxx+(?=s?\b)")
SHORT_PLACEHOLDER_WORD = "Xx"


@dataclass(frozen=True)
class ModelText:
    """``text`` is what the model reads; its character ``i`` stands for
    ``source[starts[i]:ends[i]]``; ``opaque[i]`` (0 or 1) says it is not that text itself.
    The maps are 4-byte arrays and bytes, not tuples: the checker keeps a view of every
    sentence it has seen, and tuples took 3 KB for a 120-character one; where every character
    stands for one (most sentences) they are ranges, and ``opaque`` a shared run of zeros."""

    source: str
    text: str
    starts: Sequence[int]
    ends: Sequence[int]
    opaque: bytes

    def to_source(self, start: int, end: int) -> tuple[int, int]:
        """The source range of the model-text range ``[start, end)`` (an insertion point
        when ``start == end``)."""
        if end > start:
            return self.starts[start], self.ends[end - 1]
        point = self.starts[start] if start < len(self.text) else len(self.source)
        return point, point

    def touches_opaque(self, start: int, end: int) -> bool:
        """Whether changing model-text range ``[start, end)`` would alter an opaque character
        or characters left out between two of its own (an insertion inside a run of opaque
        characters counts; one at its edge does not)."""
        if end > start:
            return any(self.opaque[start:end]) or self._has_gap(start, end)
        return 0 < start < len(self.text) and bool(self.opaque[start - 1] and self.opaque[start])

    def _has_gap(self, start: int, end: int) -> bool:
        """Whether source characters that no model character stands for lie inside ``[start, end)``."""
        if isinstance(self.starts, range):
            return False  # every character stands for one
        return any(self.starts[i + 1] != self.ends[i] for i in range(start, end - 1))

    def restore_whitespace(self, start: int, end: int, replacement: str) -> str:
        """``replacement`` for model-text range ``[start, end)`` with the writer's own
        whitespace (line breaks, tabs) put back where the model kept a space of that range.

        The k-th space run of the replacement takes the k-th whitespace run of the original
        range when both have the same number of runs; otherwise the model changed the
        spacing itself and its single spaces stand."""
        spaces = [i for i in range(start, end) if self.text[i] == " "]
        runs = list(_WHITESPACE_RUN.finditer(replacement))
        if not spaces or len(runs) != len(spaces):
            return replacement
        pieces, position = [], 0
        for run, i in zip(runs, spaces):
            pieces.append(replacement[position : run.start()])
            pieces.append(self.source[self.starts[i] : self.ends[i]])
            position = run.end()
        pieces.append(replacement[position:])
        return "".join(pieces)


def to_model_text(sentence: str) -> ModelText:
    """The model's view of ``sentence`` (see the module docstring)."""
    if _reads_as_is(sentence):
        return _itself(sentence)  # what the loop below makes of it, without a call per character
    text: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    opaque: list[bool] = []
    emoji: list[bool] = []  # a placeholder that stands for emoji only

    def emit(char: str, start: int, end: int, is_opaque: bool, is_emoji: bool = False) -> None:
        text.append(char)
        starts.append(start)
        ends.append(end)
        opaque.append(is_opaque)
        emoji.append(is_emoji)

    words = {match.start(): match.end() for match in _PLACEHOLDER_WORD.finditer(sentence)} if "Xx" in sentence else {}
    word_end = 0
    for start, end in _clusters(sentence):
        if start < word_end:
            continue
        if start in words:
            word_end = words[start]
            for char in SHORT_PLACEHOLDER_WORD:
                emit(char, start, word_end, True)
            continue
        cluster = sentence[start:end]
        if cluster == INVISIBLE:
            continue  # markup: no model character stands for it
        if cluster.isspace():
            if text and text[-1] == " ":
                ends[-1] = end
            else:
                emit(" ", start, end, False)
            continue
        composed = unicodedata.normalize("NFC", cluster) if _is_encodable(cluster) else cluster
        if len(composed) == 1 and _is_ordinary(composed):
            emit(composed, start, end, composed != cluster)
        elif text and text[-1] == PLACEHOLDER and opaque[-1]:
            ends[-1] = end  # one placeholder for a run of unreadable clusters
            emoji[-1] = emoji[-1] and _is_emoji(cluster)
        else:
            emit(PLACEHOLDER, start, end, True, _is_emoji(cluster))
    for index in sorted(_edge_emoji(text, emoji), reverse=True):
        for column in (text, starts, ends, opaque):
            del column[index]
    model_text = "".join(text)
    if len(model_text) == len(sentence):
        # Each character stands for one: the maps are the identity, kept as ranges (and the
        # text as the sentence itself when equal): a third of the memory of a sentence's view.
        n = len(sentence)
        text_of = sentence if model_text == sentence else model_text
        return ModelText(sentence, text_of, range(n), range(1, n + 1), bytes(opaque) if any(opaque) else _zeros(n))
    return ModelText(sentence, model_text, array("I", starts), array("I", ends), bytes(opaque))


# What may follow a sentence's last word, and stand before its first.
_CLOSING = frozenset(" .,;:!?…\"'”’»)]")
_OPENING = frozenset(" \"'“‘«([")


def _edge_emoji(text: list[str], emoji: list[bool]) -> set[int]:
    """The indices of the placeholders for emoji that open or close the sentence, with the space
    between each and the sentence's words; none where no word would be left."""
    dropped: set[int] = set()
    last = len(text) - 1
    while last >= 0 and text[last] in _CLOSING:
        last -= 1
    if last >= 0 and emoji[last]:
        dropped |= {last, last - 1} if last > 0 and text[last - 1] == " " else {last}
    first = 0
    while first < len(text) and text[first] in _OPENING:
        first += 1
    if first < len(text) and emoji[first]:
        dropped |= {first, first + 1} if first + 1 < len(text) and text[first + 1] == " " else {first}
    if not any(char.isalnum() for index, char in enumerate(text) if index not in dropped):
        return set()
    return dropped


def _is_emoji(cluster: str) -> bool:
    """Whether a cluster is an emoji (a pictograph, a flag, with its modifiers)."""
    code = ord(cluster[0])
    if unicodedata.category(cluster[0]) != "So":
        return False
    return code >= 0x1F000 or 0x2600 <= code <= 0x27BF or 0x2B00 <= code <= 0x2BFF


def _reads_as_is(sentence: str) -> bool:
    """Whether the model reads ``sentence`` as it is, cheaply seen: printable ASCII with no run
    of spaces and no placeholder word (most sentences of English prose)."""
    return sentence.isascii() and sentence.isprintable() and "  " not in sentence and "Xx" not in sentence


def _itself(sentence: str) -> ModelText:
    """The view of a sentence the model reads as it is: every character stands for itself."""
    n = len(sentence)
    return ModelText(sentence, sentence, range(n), range(1, n + 1), _zeros(n))


@functools.lru_cache(maxsize=512)
def _zeros(n: int) -> bytes:
    """``n`` zero bytes, one object per length (the opaque map of most sentences)."""
    return bytes(n)


def _clusters(text: str) -> list[tuple[int, int]]:
    """Ranges of user-perceived characters, simplified: a base character with the combining
    marks, format characters, variation selectors and modifiers after it, and with whatever
    a zero-width joiner glues on."""
    clusters: list[tuple[int, int]] = []
    i = 0
    while i < len(text):
        j = i + 1
        while j < len(text) and text[j] != INVISIBLE and (_extends(text[j]) or text[j - 1] == _JOINER):
            j += 1
        clusters.append((i, j))
        i = j
    return clusters


def _extends(char: str) -> bool:
    category = unicodedata.category(char)
    if category in ("Mn", "Me", "Cf"):
        return True
    return category == "Sk" and 0x1F3FB <= ord(char) <= 0x1F3FF  # skin tones


def _is_ordinary(char: str) -> bool:
    code = ord(char)
    if code < 128:
        return char.isprintable()
    if 0xC0 <= code <= 0x24F:
        return char.isalpha()
    return char in _ORDINARY_EXTRA


def _is_encodable(text: str) -> bool:
    """False for lone surrogates (which a JSON client may send and UTF-8 cannot hold)."""
    return not any(0xD800 <= ord(c) <= 0xDFFF for c in text)


__all__ = ["INVISIBLE", "ModelText", "PLACEHOLDER", "to_model_text"]

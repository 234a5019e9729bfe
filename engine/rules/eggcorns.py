"""Fixed expressions written as they sound, a word swapped for one that sounds like it (eggcorns and
malapropisms): "free reign" -> "free rein", "baited breath" -> "bated breath", "for all intensive
purposes" -> "for all intents and purposes", "wreck havoc" -> "wreak havoc", "sneak peak" -> "sneak
peek", "peaked my interest" -> "piqued", "per say" -> "per se".

Each is a whole expression that is never right as written (most of them from Garner's Modern
American Usage as proselint quotes it); only the misheard word changes, keeping the case of its
first letter (so not "escape goat", whose fix would delete a word), in one edit with the
expression's words either side of it (as many as the engine's three-word limit allows), which
displaces an edit the model makes next to it ("make due with" -> "make do with", not the model's
"due to"). Besides the misheard expressions, a few a learner writes as they sound: "did it on
accident" -> "by accident", "the principle reason" -> "principal", "theirselves" -> "themselves",
"Your welcome." -> "You're welcome", "Thanks God" -> "Thank God". In 600,000 clean and restraint
training sentences five have one, each a slip ("deep-seeded conflicts", "towing the party line",
"worse case scenario"), and the right forms are there ("free rein", "bated breath", "wreak havoc",
"toe the line", "one and the same")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.edits import MAX_EDIT_WORDS, WORD_RE
from edgegram.engine.lexicon import Lexicon
from edgegram.engine.rules.record import Rule
from edgegram.engine.rules.tokens import in_case_of
from edgegram.engine.types import EditKind

_OWNERS = r"(?:my|his|her|their|your|our|the|its|everyone's|one's)"
# (expression, whose group 1 is the misheard word, and what group 1 should be; a dict for forms)
_EXPRESSIONS: tuple[tuple[str, str | dict[str, str]], ...] = (
    (r"for all (intensive) purposes", "intents and"),
    (r"free (reign)", "rein"),
    (r"(baited) breath", "bated"),
    (
        r"(wreck|wrecks|wrecked|wrecking) havoc",
        {"wreck": "wreak", "wrecks": "wreaks", "wrecked": "wreaked", "wrecking": "wreaking"},
    ),
    (r"(statue) of limitations", "statute"),
    (r"deep[- ](seeded)", "seated"),
    (r"case (and) point", "in"),
    (r"(tow|tows|towed|towing) the (?:party )?line", {"tow": "toe", "tows": "toes", "towed": "toed", "towing": "toeing"}),
    (r"nip (?:it|this|that|them) in the (butt)", "bud"),
    (r"per (say)", "se"),
    (r"(?:a|the) (mute) point", "moot"),
    (r"sneak (?:a )?(peak|peaks)", {"peak": "peek", "peaks": "peeks"}),
    (rf"(peaked|peaks|peak) {_OWNERS} (?:interest|curiosity)", {"peaked": "piqued", "peaks": "piques", "peak": "pique"}),
    (rf"(wet|wets) {_OWNERS} appetite", {"wet": "whet", "wets": "whets"}),
    (r"all of (the) sudden", "a"),
    (r"by (in) large", "and"),
    (r"(slight) of hand", "sleight"),
    (r"tongue (and) cheek", "in"),
    (r"(bare) with me", "bear"),
    (r"(worse)[- ]case scenario", "worst"),
    (r"nerve[- ](wrecking)", "racking"),
    (r"heart[- ](rendering)", "rending"),
    (r"self[- ](depreciating)", "deprecating"),
    (r"hunger (pains)", "pangs"),
    (r"damp (squid)", "squib"),
    (r"(shoe)-in", "shoo"),
    (r"dire (straights)", "straits"),
    (r"(lightening) (?:rod|rods|bolt|bolts|strike|strikes|storm|storms)", "lightning"),
    (r"struck by (lightening)", "lightning"),
    (r"(marshall|marshal) (?:law|arts)", "martial"),
    (r"make (due) with", "do"),
    (r"(irregardless)", "regardless"),
    (r"(?:is|are|was|were|be|been) one (in) the same", "and"),
    (r"(extract) revenge", "exact"),
    (r"play (?:it )?by (year)", "ear"),
    (r"(on) accident(?=\s*(?:[.,;:!?)]|$))", "by"),
    (
        r"(?:the|a|our|my|its|their|his|her|two|three) (principle) (?:reason|reasons|cause|causes|concern|concerns|"
        r"source|sources|investigator|investigators|author|authors|aim|goal|objective|character|characters|"
        r"dancer|dancers|architect|component|components)",
        "principal",
    ),
    (r"(theirselves|theirself)", "themselves"),
    (r"^(your) welcome(?=\s*(?:[.,;:!?]|$|to\s))", "you're"),
    (r"^(thanks) god\b", "thank"),
)
_PATTERNS = tuple(
    (re.compile(rf"(?<![\w'’-]){expression}(?![\w'’-])", re.IGNORECASE), right) for expression, right in _EXPRESSIONS
)


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for pattern, right in _PATTERNS:
        for m in pattern.finditer(sentence):
            wrong = m.group(1)
            meant = in_case_of(wrong, right if isinstance(right, str) else right[wrong.lower()])
            start, end = _with_neighbours(sentence, m, len(meant.split()))
            yield start, end, sentence[start : m.start(1)] + meant + sentence[m.end(1) : end]


def _with_neighbours(sentence: str, m: re.Match[str], meant_words: int) -> tuple[int, int]:
    """The span of the misheard word (group 1 of ``m``) with the words of the expression next to
    it, one either side, as far as the edit stays within the engine's three words
    (:data:`edgegram.engine.edits.MAX_EDIT_WORDS`): "make [due with]" -> "make [do with]"."""
    before = list(WORD_RE.finditer(sentence, m.start(), m.start(1)))
    after = list(WORD_RE.finditer(sentence, m.end(1), m.end()))
    start, end, words = m.start(1), m.end(1), max(len(m.group(1).split()), meant_words)
    if after and words < MAX_EDIT_WORDS:
        end, words = after[0].end(), words + 1
    if before and words < MAX_EDIT_WORDS:
        start = before[-1].start()
    return start, end


RULE = Rule(
    id="rules.eggcorns",
    kind=EditKind.SPELLING,
    find=find,
    message="The expression is '{replacement}'; '{original}' only sounds like it.",
    description=__doc__ or "",
    fires=(
        "He had [free reign→free rein]; we waited with [baited breath→bated breath].",
        "For all [intensive purposes→intents and purposes] it is done, [per say→per se].",
        "It [peaked my→piqued my] interest and [towed the→toed the] line.",
        "They are [one in the→one and the] same; we [make due with→make do with] less.",
        "I did it [on accident→by accident]. They did it [theirselves→themselves].",
        "This is [the principle reason→the principal reason].",
        "[Your welcome→You're welcome] to join us.",
        "I wanted to sneak [a peak→a peek].",
        "[Thanks God→Thank God] it is Friday.",
    ),
    leaves=(
        "He gave us free rein, with bated breath, in the same way.",
        "It is hard to say what effect how we vote has, or to effect the change.",
        "The insurance on accident claims, the principle of least action, and a finish to qualify.",
    ),
)


__all__ = ["find", "RULE"]

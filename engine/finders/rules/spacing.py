"""A space missing after a mark between two words: "young.but it" -> "young. But it",
"why I chose it?Well" -> "it? Well", "the house,and" -> "the house, and".

Only between two English words that are a token of their own (nothing but letters either side
of the mark, and no dot, slash, "@", ":" or bracket touching them), so that file names, URLs,
addresses and dotted names ("config.toml", "example.com", "self.name") never match, nor a list
written as code ("[source,role=synopsis]", "{dot,multiply,inner}", "a,b,c"); after a full
stop, only before a word that opens sentences (:data:`OPENERS`) or a capitalised English word
that does not name a type or member of a package or object ("sync.Map", "io.Reader":
:func:`_qualified_name`), and not after an abbreviation ("vs.the" is left alone); after "?" or "!", and before a capitalised
word, only after a lower-case word ("Yahoo!Xtra", "FanFiction.Net" are names). A sentence the mark
ends gets its capital. On 300,000 sentences of the clean training text it fires 24 times, all
slips ("it is unjust.German", "carry on.Our"); on the learner training pairs the annotators
changed 235 of its 309 fires (most of the rest are slips they left: "my grandparents.Then I").
On the technical corpus's 635,000 sentences, leaving qualified names and code lists alone took 324 of
its 486 fires away (all but a handful names and code), and 3 slips of the clean text ("geographies.Buying")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import CLAUSE_OPENERS, CLOSED_CLASS, DETERMINERS, SUBJECT_PRONOUNS
from edgegram.engine.analysis.word_classes import NOUN, VERB, classes, is_third_person
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Fix, Rule
from edgegram.engine.sentences.lexicon import Lexicon, shipped_lexicon
from edgegram.engine.sentences.segment import SENTENCE_STARTERS, is_abbreviation

# Words that open sentences: after "word." with no space they start the next one.
OPENERS = (
    SENTENCE_STARTERS
    | SUBJECT_PRONOUNS
    | DETERMINERS
    | CLAUSE_OPENERS
    | frozenset(
        "also however first firstly secondly thirdly finally lastly moreover furthermore therefore besides "
        "nowadays today many most all for your".split()
    )
)
# Two words and the mark between them, not in a longer token: no word character, dot, slash, "@",
# colon, backslash or hyphen touching them, nor a comma, "=" or bracket of a list written as code
# ("[source,role=synopsis]", "{dot,multiply,inner}", "'numbers,changes,grid'").
_JOINED_RE = re.compile(r"(?<![\w./@:\\\-,\[{])([A-Za-z]{2,})([.?!,])([A-Za-z]{2,})(?![\w.(/@:\\\-=\]}]|,\w)")


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    """A mark between two words with no space after it: the space, and the next word's capital
    where the mark ends a sentence."""
    for m in _JOINED_RE.finditer(sentence):
        fix = _fix(m, lexicon)
        if fix is not None:
            yield m.start(2), m.end(2) if m.group(2) == "," else m.end(3), fix


def joins_sentences(token: str) -> bool:
    """Whether ``token`` is two words that a full stop with no space after it joins, the second
    opening a sentence ("young.but"): :func:`edgegram.engine.judge.safety.protected_spans` does not
    take it for a dotted name, so that :func:`find` may split it."""
    m = _JOINED_RE.fullmatch(token)
    return m is not None and m.group(2) == "." and _fix(m, shipped_lexicon()) is not None


def _fix(m: re.Match[str], lexicon: Lexicon) -> str | None:
    """What a joined pair (a :data:`_JOINED_RE` match) becomes: the comma with its space, or the
    mark, a space and the next word with its capital where the mark ends a sentence; None where
    it is no slip."""
    before, mark, after = m.groups()
    if not (lexicon.is_english(before) and lexicon.is_english(after.lower())):
        return None
    if mark == ",":
        return ", " if after.islower() else None
    return f"{mark} {after[0].upper()}{after[1:]}" if _ends_sentence(before, mark, after) else None


def _ends_sentence(before: str, mark: str, after: str) -> bool:
    """Whether ``mark`` between ``before`` and ``after`` (no space) ends a sentence: before a
    word that opens sentences, or a capitalised word after a lower-case one ("FanFiction.Net",
    "Quick.Step" are names)."""
    if mark == "." and (is_abbreviation(before) or not (before.islower() or before.istitle())):
        return False
    if after.lower() in OPENERS and (mark == "." or before.islower()):
        return True
    return before.islower() and after.istitle() and (mark != "." or not _qualified_name(before, after))


def _qualified_name(before: str, after: str) -> bool:
    """Whether ``before.after`` may be a name qualified by its package or object, as code names
    types and members in prose ("sync.Map", "io.Reader", "http.Client", "time.Time"): a word
    that may be a noun or no word the lists know, then a capitalised one that may be a noun or a
    verb's bare form. A sentence's end opens with a word of another kind ("variable.The",
    "ecosystem.By", "clusters.Alternatively", "parameter.Specifies") or follows one ("unjust.German")."""
    first, second = classes(before), classes(after.lower())
    named = NOUN in second or (VERB in second and not is_third_person(after.lower()))  # not "parameter.Specifies"
    return (not first or NOUN in first) and named and after.lower() not in CLOSED_CLASS


def _message(fix: Fix) -> str:
    mark = next((ch for ch in fix.original if not ch.isalnum() and not ch.isspace()), fix.original)
    return f"Put a space after '{mark}'."


RULE = Rule(
    id="rules.spacing",
    kind=EditKind.PUNCTUATION,
    find=find,
    message=_message,
    description=__doc__ or "",
    fires=(
        "We were young[.but→. But] it is not the only difference.",
        "Why do I like it[?Well→? Well], it is fun.",
        "We met at the house[,→, ]and then we left.",
        "It is unjust[.German→. German] voters know it.",
        "Optional named parameter[.Specifies→. Specifies] the identifier.",
    ),
    leaves=(
        "Open config.toml, visit example.com or FanFiction.Net, read self.name and os.path.",
        "Yahoo!Xtra and Quick.Step are names; see e.g.the book, vs.the rest, and 3.5,or so.",
        "See e.g. the list.",
        "Wait... what?",
        "Use the file README.md or index.html.",
        "Set [source,role=synopsis], call {dot,multiply,inner} or pass (path,query,header) to sync.Map and io.Reader.",
    ),
)


__all__ = ["OPENERS", "find", "joins_sentences", "RULE"]

"""An article left out before code that names a part of a program: "When `-z` option is not
used" -> "When the `-z` option", "consists of `clean` command" -> "the `clean` command", "with
'--resolved' option", "the tree of `HEAD` commit".

Code before a noun of :data:`PARTS` (option, command, file, function, field, event...) names
one of that kind: the noun is the head of its phrase, and a singular count noun needs a
determiner, which code is not. The sentence reads "When Xx option" (code as the model sees it:
a placeholder word); its parts of speech come from :mod:`edgegram.engine.analysis.pos_tagger`.
The rule fires where nothing that could stand for the determiner comes before the code: right
after a preposition ("of", "with", "in"; not "per"), a verb whose object the phrase is ("use",
"emit", "set"), "when" or "where", or at the opening of a clause or sentence when a finite verb
follows the noun ("Similarly, `clean` command is used"). Not where the noun goes on into a
longer noun ("the `git` command line"), is plural ("`-f` and `-b` options"), is followed by more
code ("`foo` function `bar`"), or where a determiner, a possessive, a number or an adjective
comes before the code ("the `-z` option", "Git's `-z` option", "two `--foo` flags", "new `x`
option", "any existing `.venv` directory", "a correctly set `Host` header"), nor after "a sort of".
Pieces of code joined by "and" or "or" count as one ("with `-a` or `-b` option"). Headings,
table cells, captions, terms, commit subjects and link texts, which may leave out their articles,
are exempt (:data:`edgegram.engine.prose.spans.EXPECTED`), and so are list items that open with a
verb, a changelog's "Add `request` argument to `Config`" (:mod:`edgegram.engine.document`).
"""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.pos_tagger import FINITE_TAGS, Token, tag
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.sentences.lexicon import Lexicon
from edgegram.engine.sentences.model_text import SHORT_PLACEHOLDER_WORD

# Nouns for the parts of a program, its interfaces and its project that a piece of code names by
# its own text ("the `--force` option", "the `Config` class"): each is a singular count noun that
# needs a determiner. Not nouns of a manner or a whole ("mode", "format", "syntax", "type",
# "style", "support", "code", "output"), after which code reads as an adjective ("in `--release`
# mode", "in JSON format", "with `Boolean` type").
PARTS = frozenset(
    """
    option flag switch argument parameter command subcommand function method macro field variable
    attribute property prop event hook key file directory folder module package crate class struct
    trait enum interface header element component tag keyword section array object endpoint label
    directive script binary service resource template table column setting branch commit
    repository target feature plugin extension handler callback constant statement expression
    operator block dependency library image container namespace annotation selector route
    middleware decorator helper instance notation subdirectory
    """.split()
)
# Prepositions after which no article may be missing ("once per `x` file"; "than", "as": a
# comparison's term, or a role, may be a bare name: "as `root` user").
_NO_ARTICLE_AFTER = frozenset("per than as".split())
# Words that open a clause, after which a phrase and a finite verb make its subject ("When `-z`
# option is not used", "where `foo` command fails").
_OPENERS = frozenset("when where whenever wherever if unless while because since until after before once".split())
# Nouns whose "of" a bare noun that names a kind follows ("any sort of `main` function").
_KINDS_OF = frozenset(
    "sort sorts kind kinds type types form forms variant variants version versions flavor flavors flavour flavours".split()
)
_VERB_TAGS = frozenset({"VB", "VBZ", "VBD", "VBN", "VBG"})


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    if SHORT_PLACEHOLDER_WORD not in sentence:
        return
    tokens = tag(sentence)
    for noun in range(1, len(tokens)):
        if tokens[noun - 1].text != SHORT_PLACEHOLDER_WORD or not _head_part(tokens, noun):
            continue
        first = _first_code(tokens, noun - 1)
        if _wants_article(tokens, first, noun):
            start = tokens[first].start
            yield start, start, "The " if first == 0 else "the "


def _head_part(tokens: tuple[Token, ...], noun: int) -> bool:
    """Whether ``tokens[noun]`` is a singular noun of :data:`PARTS` that heads its phrase: no
    noun or code comes after it."""
    word = tokens[noun]
    if word.text not in PARTS or word.tag != "NN":
        return False
    following = tokens[noun + 1] if noun + 1 < len(tokens) else None
    return following is None or (following.tag not in ("NN", "NNS", "NNP", "POS") and following.text != SHORT_PLACEHOLDER_WORD)


def _first_code(tokens: tuple[Token, ...], last: int) -> int:
    """The first of the pieces of code joined by "and", "or" or commas that end at ``tokens[last]``."""
    first = last
    while first >= 2:
        joiner = first - 1
        if tokens[joiner].text.lower() in ("and", "or") and tokens[joiner - 1].text == ",":
            joiner -= 1  # a serial comma: "`a`, `b`, or `c`"
        joined = joiner >= 1 and tokens[joiner].text.lower() in ("and", "or", ",")
        if not joined or tokens[joiner - 1].text != SHORT_PLACEHOLDER_WORD:
            break
        first = joiner - 1
    return first


def _wants_article(tokens: tuple[Token, ...], first: int, noun: int) -> bool:
    """Whether the phrase from ``tokens[first]`` (code) to ``tokens[noun]`` stands where an article
    belongs and none is: after a preposition, a verb, or an opener of a clause; or opening a
    clause or the sentence as the subject of a finite verb right after the noun."""
    before = tokens[first - 1] if first > 0 else None
    if before is not None:
        lower = before.text.lower()
        if lower in _OPENERS:
            return _finite_after(tokens, noun)
        if before.tag in ("IN", "TO"):
            return lower not in _NO_ARTICLE_AFTER and not _names_a_kind(tokens, first - 1)
        if before.tag in _VERB_TAGS:
            return not _modifier_after_determiner(tokens, first - 1)
        if before.text not in (",", ";", ":"):
            return False
    return _finite_after(tokens, noun)


def _modifier_after_determiner(tokens: tuple[Token, ...], verb: int) -> bool:
    """Whether ``tokens[verb]``, a verb's form, follows a determiner (adverbs between) and so is an
    adjective of the phrase it opens ("any existing `.venv` directory", "a correctly set `Host`
    header", "a fully qualified `URL` instance")."""
    before = verb - 1
    while before >= 0 and tokens[before].tag == "RB":
        before -= 1
    return before >= 0 and tokens[before].tag in ("DT", "PRP$", "POS", "CD")


def _names_a_kind(tokens: tuple[Token, ...], of: int) -> bool:
    """Whether ``tokens[of]`` is the "of" of "a sort of", "any kind of", "a type of", after which a
    bare noun names a kind ("any sort of `main` function")."""
    return of > 0 and tokens[of].text.lower() == "of" and tokens[of - 1].text.lower() in _KINDS_OF


def _finite_after(tokens: tuple[Token, ...], noun: int) -> bool:
    """Whether a finite verb (a modal, a verb's past or present) comes right after ``tokens[noun]``."""
    return noun + 1 < len(tokens) and tokens[noun + 1].tag in FINITE_TAGS


RULE = Rule(
    id="rules.code_article",
    kind=EditKind.ARTICLE,
    find=find,
    message="Add '{replacement}': code that names an option, a command or a file reads as a noun that needs its article.",
    description=__doc__ or "",
    fires=(
        "When [→the ]Xx option is not used, TAB is the separator (code as the model reads it).",
        "A filter driver consists of [→the ]Xx command and a filter.",
        "Run the command with [→the ]Xx or Xx option, and it sends [→the ]Xx event.",
        "Similarly, [→the ]Xx command is used to convert the contents.",
        "[→The ]Xx notation means all parents of the commit.",
    ),
    leaves=(
        "When the Xx option is not used, the Xx and Xx options are kept.",
        "Git's Xx option reads one Xx file per Xx file, and two Xx flags are set.",
        "Build it in Xx mode with the new Xx option, or run the Xx command line.",
        "Xx option: prints more, and Xx commits changes.",
        "Once per Xx file it writes the Xx function Xx, which returns it.",
        "How does any sort of Xx function invoke these tests?",
        "Poetry ignores any existing Xx directory, and an Xx, Xx, or Xx label is needed.",
        "It returns a fully qualified Xx instance with a correctly set Xx header.",
    ),
)


__all__ = ["PARTS", "find", "RULE"]

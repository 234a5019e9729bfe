"""A name written in another case than its own ("Github" -> "GitHub", "javascript" ->
"JavaScript", "linux" -> "Linux", "Json" -> "JSON"), as many projects' docs write it
(:func:`edgegram.engine.analysis.trade_words.own_case_names`).

Not an acronym in small letters ("http", "json", "urls": a protocol, format or setting's name as
often as a slip; "Json", "Api" are slips), nor a word in capitals where the name has small
letters ("GITHUB" in a shouted heading), nor an acronym's plural ("ECs": not "ECS"). Not a word
glued to a hyphen, dot, slash, underscore, colon or "@" ("github.com", "json-schema", "http://",
"@github"): a path, a package or an identifier. Not inside quotes ("set the format to "json"", "'git gui blame'"): a literal.
Not an acronym's name in a capital and small letters before the code item it names ("the Uri
parameter", "the Guid property", "the Xml attribute": the identifier as the code spells it)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.analysis.trade_words import own_case_names
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import FREE_WORD_RE
from edgegram.engine.sentences.lexicon import Lexicon

# A quoted span on one line: '"json"', "'git gui blame'", “GitHub Pages”.
_QUOTED_RE = re.compile(r"\"[^\"\n]{1,80}\"|“[^”\n]{1,80}”|(?<!\w)'[^'\n]{1,80}'(?!\w)|‘[^’\n]{1,80}’(?!\w)")


# Code items whose name, before them, is an identifier in the code's own case ("the Uri parameter").
_CODE_ITEMS = frozenset(
    "parameter parameters property properties field fields attribute attributes argument arguments "
    "method methods member members enum cmdlet".split()
)
_NEXT_WORD_RE = re.compile(r"[ \t]+([A-Za-z]+)")


def _names_code_item(sentence: str, end: int, word: str, name: str) -> bool:
    """Whether ``word``, an acronym's ``name`` in a capital and small letters ("Uri"), ending at
    ``end``, stands before a code item it names ("the Uri parameter")."""
    if not (_acronym(name) and word[:1].isupper() and word[1:].islower()):
        return False
    after = _NEXT_WORD_RE.match(sentence, end)
    return after is not None and after.group(1).lower() in _CODE_ITEMS


def _acronym(name: str) -> bool:
    """An acronym, or its plural ("URL", "URLs", "CPUs")."""
    return name.isupper() or (name.endswith("s") and name[:-1].isupper())


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    names = own_case_names()
    quoted: list[tuple[int, int]] | None = None
    for m in FREE_WORD_RE.finditer(sentence):  # a name has three letters or more
        word = m.group(1)
        name = names.get(word.lower())
        if name is None or word == name or (word.isupper() and not name.isupper()) or (word.islower() and _acronym(name)):
            continue
        if len(word) > 2 and _acronym(word):
            continue  # an acronym's plural ("ECs", "HTTPs"), not the name in another case
        if _names_code_item(sentence, m.end(), word, name):
            continue  # "the Uri parameter": the identifier
        if quoted is None:
            quoted = [q.span() for q in _QUOTED_RE.finditer(sentence)]
        if any(start < m.start() and m.end() < end for start, end in quoted):
            continue
        yield m.start(), m.end(), name


RULE = Rule(
    id="rules.own_case",
    kind=EditKind.CAPITALISATION,
    find=find,
    message="The name is written '{replacement}'.",
    description=__doc__ or "",
    fires=(
        "We host it on [Github→GitHub] and [Gitlab→GitLab].",
        "Write it in [javascript→JavaScript] or [Powershell→PowerShell].",
        "It runs on [linux→Linux] and [macos→macOS].",
        "Install it on [ubuntu→Ubuntu] and scrape it with [prometheus→Prometheus].",
        "Send [Json→JSON] to the [Api→API] and the [JSOn→JSON] encoders on [MacOS→macOS].",
        "Give it a [Json→JSON] object and the [Javascript→JavaScript] property.",
    ),
    leaves=(
        "Clone it from github.com or use the json-schema package.",
        "Served over http:// and https:// with a json body.",
        "Set the format to \"javascript\" and run 'github pages' here.",
        "GITHUB AND GITLAB ARE SHOUTED HERE.",
        "Some object to ECs and CPUs.",
        "The windows of the house face south.",
        "The command uses the Uri parameter, and the Guid property holds the Xml attribute.",
    ),
)


__all__ = ["find", "RULE"]

""" "For example" and "that is" abbreviated without their first period: "eg" / "eg." -> "e.g.",
"ie" / "ie." -> "i.e." ("transports (eg, http)", "(eg. ctrl-c)", "namespaces ‒ eg. types"). "e.g"
and "i.e" without the last one are left alone: many careful writers' style.

Only the lower-case words standing alone: not glued to a letter, digit, hyphen, slash, underscore
or "@" ("eg-tools", "/ie/", ".eg"), nor followed by a dot and a letter ("eg.com": a name)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.sentences.lexicon import Lexicon

_ABBREVIATION_RE = re.compile(r"(?<![\w.@/\\-])(eg|ie)\.?(?![\w@/\\-]|\.\w)")
_WRITTEN = {"e": "e.g.", "i": "i.e."}


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    for m in _ABBREVIATION_RE.finditer(sentence):
        yield m.start(), m.end(), _WRITTEN[m.group(1)[0]]


RULE = Rule(
    id="rules.latin_abbreviations",
    kind=EditKind.PUNCTUATION,
    find=find,
    message="Write '{replacement}' with both its periods.",
    description=__doc__ or "",
    fires=(
        "Use a dumb transport ([eg→e.g.], http) for it.",
        "You can interrupt the import ([eg.→e.g.] ctrl-c) at any time.",
        "Symbols live in namespaces, [eg.→e.g.] types, and one name ([ie→i.e.] the first) wins.",
        "It runs on one pod ([ie.→i.e.] the leader).",
    ),
    leaves=(
        "Use a transport (e.g., http) for it, i.e. the fast one, e.g a slow one.",
        "Install eg-tools and visit eg.com or the /ie/ folder.",
        "Set IE to true and E.G. is shouted.",
    ),
)


__all__ = ["find", "RULE"]

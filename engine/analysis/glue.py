"""The marks that glue a word into a longer token: an identifier, a path, a dotted or qualified
name, a variable, a call or a commit's scope ("many-to-many", "node.js", "sys/types",
"user@host", "$a", "http://", "print(value)", "fix(django):", "git(1)"). A word glued so is no word
of the sentence's own, and the rules and name lists leave it alone."""

from __future__ import annotations

import re

# Before a word (a regular expression's character class body): a dot, slash, underscore, colon,
# "@", "$", backslash or hyphen.
GLUE_BEFORE = r"./_:@$\\-"
# Before a word, a bracket that opens right after another word: a call's argument or a commit's
# scope ("print(value)", "fix(django):"); a pattern of fixed width, for a look-behind.
GLUED_IN_CALL = r"\w\("
# After a word: a slash, underscore, "@", backslash or hyphen, or a dot or colon before a word
# character ("node.js", not "the node.") and a colon before a slash ("http://"), or a bracket that
# opens right after it ("print(", "git(1)").
GLUED_AFTER = r"[/_@\\(-]|[.:]\w|:/"
_GLUED_BEFORE_RE = re.compile(rf"[{GLUE_BEFORE}]")
_GLUED_AFTER_RE = re.compile(GLUED_AFTER)
_IN_CALL_RE = re.compile(rf"(?<={GLUED_IN_CALL})")


def glued_at(text: str, start: int, end: int) -> bool:
    """Whether the word ``text[start:end]`` is glued to the token around it by a mark of
    :data:`GLUE_BEFORE` right before it, inside a call's brackets (:data:`GLUED_IN_CALL`) or
    by a mark of :data:`GLUED_AFTER` right after it."""
    if start and (_GLUED_BEFORE_RE.match(text, start - 1) or _IN_CALL_RE.match(text, start)):
        return True
    return bool(_GLUED_AFTER_RE.match(text, end))


__all__ = ["GLUED_AFTER", "GLUED_IN_CALL", "GLUE_BEFORE", "glued_at"]

"""'a' or 'an' before inline code, by the sound of the code's first word: "Initialize an `queue`"
-> "a", "Use a `imap://` URL" -> "an", "raise an :exc:`~flask.BadRequest`" -> "a".

The checker reads code as a placeholder word (``Xxxx``: :func:`edgegram.engine.prose.placeholder_word`),
so the sentence rule :mod:`edgegram.engine.finders.rules.articles` cannot hear it; this finder reads
the masked document's source instead. The word heard is the code's first: its text inside the
backticks (after a reStructuredText role's ``:name:``, the title of ``title <target>``, the last
dotted part after ``~``), and of an identifier its first part ("use" of ``useState``, "HTTP" of
``HTTPServer``, "i" of ``i18n``), judged as the rule judges any word (:func:`~edgegram.engine.finders.rules.articles.allowed`:
a word on neither list, "std", "json", is not judged); a number of one to three digits is read
("an ``8``", "an ``11``", "a ``200 OK``"). Code that opens with a mark (``--force``, ``.gitignore``,
``$HOME``, ``&str``), a URL or math is not judged: how a reader says it is a guess. The edits are
the rule's (``rules.articles``: its id switches them off) and are reported with its confidence."""

from __future__ import annotations

import re

from edgegram.engine.analysis.closed_class import CLOSED_CLASS
from edgegram.engine.core.types import Edit
from edgegram.engine.finders.rules import rule_edit
from edgegram.engine.finders.rules.articles import RULE, allowed
from edgegram.engine.finders.rules.record import Fix
from edgegram.engine.finders.rules.tokens import in_case_of
from edgegram.engine.prose import MaskedText, touches_skipped

# Inline code as the formats write it: backticks (Markdown, AsciiDoc, reST's ``literal``), with a
# reST role before them (":attr:`name`", ":py:func:`name`").
_CODE_RE = re.compile(r"(?::[\w.+-]+(?::[\w.+-]+)*:)?(`+)(?P<content>.+?)\1\Z", re.DOTALL)
_ARTICLE_BEFORE_RE = re.compile(r"(?<![\w'’-])(a|an|A|An)[ \t]+\Z")
_FIRST_WORD_RE = re.compile(r"[A-Za-z][A-Za-z0-9]*|\d+")
# An identifier's first part: a run of capitals before another capitalised part or the end
# ("HTTP" of "HTTPServer"), or one word in lower case after at most one capital ("use", "Value").
_FIRST_PART_RE = re.compile(r"[A-Z]+(?![a-z])|[A-Za-z][a-z]*")
_TITLE_RE = re.compile(r"(.+?)\s*<[^<>]*>\Z", re.DOTALL)  # reST's "title <target>"
_LOOK_BACK = 8  # characters before the code that may hold its article


def find(masked: MaskedText, start: int = 0, end: int | None = None) -> list[Edit]:
    """The article fixes before the inline code of ``masked`` that lies in ``[start, end)``."""
    if not masked.source:
        return []
    stop = len(masked.text) if end is None else end
    edits = []
    for code_start, code_end in masked.placeholders:
        if code_start < start or code_end > stop:
            continue
        heard = heard_word(masked.source[code_start:code_end])
        article = _ARTICLE_BEFORE_RE.search(masked.text, max(start, code_start - _LOOK_BACK), code_start)
        if heard is None or article is None or touches_skipped(article.start(), article.end(1), masked.skipped):
            continue
        name, word = heard
        choices = _articles_for(word)
        written = article.group(1)
        if not choices or written.lower() in choices:
            continue
        right = in_case_of(written, "an" if written.lower() == "a" else "a")
        message = RULE.message_for_fix(Fix(written, right, "", name))
        edits.append(rule_edit(RULE, article.start(1), article.end(1), right, written, message))
    return edits


def heard_word(code: str) -> tuple[str, str] | None:
    """The name inline ``code`` (with its backticks and role) shows and the first word a reader
    says of it ("useState", "use"), or None where it is not inline code or opens with a mark."""
    m = _CODE_RE.match(code)
    if m is None:
        return None
    content = m.group("content").strip()
    title = _TITLE_RE.match(content)
    if title is not None:
        content = title.group(1)
    if content.startswith("~"):
        content = content[1:].rsplit(".", 1)[-1]
    word = _FIRST_WORD_RE.match(content)
    if word is None:
        return None
    name = content.split(maxsplit=1)[0]
    if word.group().isdigit():
        return name, word.group()
    part = _FIRST_PART_RE.match(word.group())
    if part is None or part.group().lower() in CLOSED_CLASS:
        return None  # a link's title that opens with a function word (":ref:`the guide <x>`")
    return name, part.group()


def _articles_for(word: str) -> set[str]:
    """The articles that may stand before ``word``: a number of one to three digits by how it
    is read, any other word as :func:`allowed` has it (in lower case unless all capitals)."""
    if word.isdigit():
        if len(word) > 3:
            return set()
        return {"an"} if word[0] == "8" or word in ("11", "18") else {"a"}
    return allowed(word if word.isupper() and len(word) > 1 else word.lower())


__all__ = ["find", "heard_word"]

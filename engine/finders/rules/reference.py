"""The rules reference: every id a diagnostic's ``code`` can carry, with what it finds and its
examples, rendered from the registry (:data:`edgegram.engine.finders.rules.RULES`) as Markdown.

``python scripts/rules_reference.py`` writes it to ``docs/rules.md`` (a test keeps that file
current); the language server writes the same text to its cache folder and points each
diagnostic's ``codeDescription`` at its rule's heading there (:func:`heading_lines`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import MARK_RE, Rule, unmarked

# Ids of the edits that are not a rule's: the speller's, by why it doubts a word, and the model's,
# one per kind of edit ("model.article").
SPELLING_IDS: dict[str, str] = {
    "spelling.unknown_word": "A word no word list knows and the document does not use elsewhere; the candidates are "
    "ranked by how well the model says each fits the words around it.",
    "spelling.recorded_misspelling": "A word that lists of common misspellings record (codespell's), with the "
    "corrections recorded for it.",
    "spelling.contraction": 'A contraction written without its apostrophe ("dont" -> "don\'t").',
    "spelling.word_slip": 'A function word typed as another a letter away ("commands can by run" -> "be", "If volume '
    'if of type" -> "is"): where the word pairs around it are rare and around the other common (Google\'s counts '
    "of word pairs), and the model copies the words around the other more readily by a clear margin.",
    "spelling.rare_word_slip": 'A rare word typed for a function word a letter away ("following thi link" -> "this", '
    '"code ahs been corrected" -> "has"): a word the speller passes (one the lexicon knows, or too short to judge) '
    "but that English writes at least a hundred times less often than the function word, judged like "
    "spelling.word_slip; a word the document uses more than once is its term and left alone.",
}
MODEL_IDS: dict[str, str] = {
    f"model.{kind.value}": f"The model's {kind.value.replace('_', ' ')} edits: the neural model rewrote the sentence, and "
    "the edit judge kept this change with a confidence at least the threshold you set."
    for kind in EditKind
}
_ROLE_RE = re.compile(r":(?:mod|func|data|class|meth|attr):`~?([^`]+)`")


def markdown(rules: Sequence[Rule]) -> str:
    """The reference for ``rules`` and for the speller's and the model's ids."""
    out = [
        "# Rules reference",
        "",
        "Every suggestion's diagnostic `code` is one of the ids below. Switch one off with the "
        '`disabledRules` setting, `edgegram check --disable ID`, or the quick fix "Don\'t flag ... again"; '
        "a family (`rules`, `spelling`, `model`) switches off all of its ids.",
        "",
        "Generated from the rule registry by `python scripts/rules_reference.py`; do not edit.",
        "",
        "## Rules",
        "",
    ]
    for rule in rules:
        out += _rule_section(rule)
    out += ["## Spelling", ""]
    for rule_id, text in SPELLING_IDS.items():
        out += [f"### {rule_id}", "", text, ""]
    out += ["## The model", ""]
    for rule_id, text in MODEL_IDS.items():
        out += [f"### {rule_id}", "", text, ""]
    return "\n".join(out).rstrip("\n") + "\n"


def _rule_section(rule: Rule) -> list[str]:
    sentence, fixes = unmarked(rule.fires[0])
    start, end, replacement = fixes[0]
    lines = [
        f"### {rule.id}",
        "",
        f'Kind: {rule.kind.value}. Message, for example: "{rule.message_for(sentence, start, end, replacement)}"',
        "",
        _plain(rule.description),
        "",
        "Fires on:",
        "",
        *[f"- {_shown(example)}" for example in rule.fires],
        "",
        "Leaves alone:",
        "",
        *[f"- {example}" for example in rule.leaves],
        "",
    ]
    return lines


def _plain(docstring: str) -> str:
    """A rule module's docstring as Markdown: Sphinx roles as code, paragraphs kept."""
    return _ROLE_RE.sub(lambda m: f"`{m.group(1).rsplit('.', 1)[-1]}`", docstring).strip()


def _shown(example: str) -> str:
    """A marked example with its fixes shown as ~~old~~ **new** (spaces outside the marks)."""
    return MARK_RE.sub(lambda m: _struck(m.group(1), "~~") + _struck(m.group(2), "**"), example)


def _struck(words: str, mark: str) -> str:
    core = words.strip()
    if not core:
        return ""
    lead, trail = words[: len(words) - len(words.lstrip())], words[len(words.rstrip()) :]
    return f"{lead}{mark}{core}{mark}{trail}"


def heading_lines(text: str) -> dict[str, int]:
    """Each id's heading in a reference ``text``: id -> line number (1-based, as a file link's
    ``#L12`` counts)."""
    return {line[4:].strip(): number for number, line in enumerate(text.splitlines(), 1) if line.startswith("### ")}


__all__ = ["MODEL_IDS", "SPELLING_IDS", "heading_lines", "markdown"]

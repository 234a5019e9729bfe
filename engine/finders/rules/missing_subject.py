"""A clause after a subordinator with its subject left out, where the verb that follows can only
be a finite verb of a singular subject: "Merges the pull request if exists." -> "if it exists",
"before it ends, if has a destructor" -> "if it has", "if is not found on your path" -> "if it
is", "because is slow" -> "because it is".

Reference docs and changelogs drop the "it" that a subordinate clause still needs. Only after
"if", "unless", "because", "although" and "whether" ("though" is as often an adverb: "the nice
thing about it though is"), right before "is", "was", "has", "does" (or their negatives) or a
verb's -s form whose verb is no noun ("exists", "contains"; not "logs", "retries", "returns":
plural nouns, "if retries are enabled"; nor one a plural's verb follows: "whether invites are
enabled"), so "it" is the subject it lacks; not before a subject
pronoun ("although is it usually": a question's order, no subject missing). Not where the
subordinator is a word named ("the if is evaluated": a determiner before it) or code ("else if
contains", "{{- if contains", ") if contains": only after a word, a comma, an opening bracket or
at the sentence's start), nor before a call ("if exists('$TMUX')")."""

from __future__ import annotations

from collections.abc import Iterator

from edgegram.engine.analysis.closed_class import DETERMINERS, MODALS, PLURAL_VERBS, SUBJECT_PRONOUNS
from edgegram.engine.analysis.word_classes import NOUN, VERB, classes, is_third_person, readings
from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules.record import Rule
from edgegram.engine.finders.rules.tokens import Word, adjacent, words
from edgegram.engine.sentences.lexicon import Lexicon

_SUBORDINATORS = frozenset("if unless because although whether".split())
# The finite forms of "be", "have" and "do" that only a singular subject takes.
_SINGULAR_FINITE = frozenset("is was has does isn't wasn't hasn't doesn't".split())
# Verbs after which an -s form was a plural subject after all: "whether invites are enabled".
_PLURAL_VERBS = PLURAL_VERBS | MODALS
# Words before a subordinator that make it a word named or code, not a clause's opener.
_NAMING = DETERMINERS | {"else", "elif"}


def find(sentence: str, lexicon: Lexicon) -> Iterator[tuple[int, int, str]]:
    ws = words(sentence)
    for i in range(len(ws) - 1):
        opener, verb = ws[i], ws[i + 1]
        if opener.lower not in _SUBORDINATORS or not adjacent(sentence, opener, verb) or not verb.text.islower():
            continue
        if i > 0 and ws[i - 1].lower in _NAMING:
            continue  # "the if is evaluated", "else if contains"
        if sentence[verb.end : verb.end + 1] == "(":
            continue  # a call: "if exists('$TMUX')"
        if not _opens_clause_here(sentence[: opener.start]):
            continue  # template code: "{{- if contains", ") if contains"
        if i + 2 < len(ws) and ws[i + 2].lower in SUBJECT_PRONOUNS and adjacent(sentence, verb, ws[i + 2]):
            continue  # a question's order: "although is it usually"
        if _finite_only(verb) and not (i + 2 < len(ws) and ws[i + 2].lower in _PLURAL_VERBS):
            yield opener.end, opener.end, " it"


def _opens_clause_here(before: str) -> bool:
    """Whether a subordinator after the text ``before`` may open a clause of prose: at the
    sentence's start, or after a word, a comma or an opening bracket (not "{{-" or ")": code)."""
    last = before.rstrip()[-1:]
    return not last or last.isalpha() or last in ",;(“\"'"


def _finite_only(verb: Word) -> bool:
    """Whether ``verb`` can only be a finite verb of a singular subject: a form of "be", "have" or
    "do" (:data:`_SINGULAR_FINITE`), or a verb's -s form whose verb is no noun too ("exists";
    not "logs", "invites": lemminflect lists no plural noun for them, but "log" and "invite" are
    nouns, as are the technical nouns of :func:`~edgegram.engine.analysis.word_classes.classes`)."""
    if verb.lower in _SINGULAR_FINITE:
        return True
    if not (verb.lower.endswith("s") and is_third_person(verb.lower)) or NOUN in classes(verb.lower):
        return False
    return not any(NOUN in classes(lemma) for lemma in readings(verb.lower).get(VERB, ()))


RULE = Rule(
    id="rules.missing_subject",
    kind=EditKind.MISSING_WORD,
    find=find,
    message="Add 'it': the clause after '{before}' needs a subject.",
    description=__doc__ or "",
    fires=(
        "Merges the associated pull request if[→ it] exists.",
        "Initialize the value before it ends, if[→ it] has a destructor.",
        "Use the system ssh if[→ it] is not found on your path.",
        "We dropped the cache because[→ it] was slow.",
        "Tell the reviewer whether[→ it] contains tests.",
    ),
    leaves=(
        "Use it if it exists.",
        "The if is evaluated first, and an if needs a condition.",
        "Run it if needed, if any, and if so, say it.",
        "{{- else if contains .Values.service.type }}",
        "Set the layout if exists('$TMUX') holds.",
        "Merges the pull request if returns are allowed, and if retries are enabled, if logs are kept,"
        " and whether invites are enabled.",
        "Each can be configured, although is it usually wrong; the nice thing though is that it works.",
        "for i in (cmd -opc) if contains -- $i",
        "Keep it short, though not too short, because clarity matters.",
    ),
)


__all__ = ["find", "RULE"]

"""The commands the server executes (``workspace/executeCommand``) and their arguments."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from edgegram.engine.core.types import EditKind

from .ignores import IgnoredSuggestion

ADD_TO_DICTIONARY = "edgegram.addToDictionary"  # [word]: the user dictionary
ADD_TO_WORKSPACE_DICTIONARY = "edgegram.addToWorkspaceDictionary"  # [uri, word]
IGNORE_SUGGESTION = "edgegram.ignoreSuggestion"  # [uri, kind, original, replacement]
HIDE_KIND = "edgegram.hideKind"  # [kind]: don't show suggestions of this kind (user-wide)
SHOW_KIND = "edgegram.showKind"  # [kind]: undo HIDE_KIND
DISABLE_RULE = "edgegram.disableRule"  # [rule id]: don't flag this rule again (user-wide)
ENABLE_RULE = "edgegram.enableRule"  # [rule id]: undo DISABLE_RULE

ALL = (ADD_TO_DICTIONARY, ADD_TO_WORKSPACE_DICTIONARY, IGNORE_SUGGESTION, HIDE_KIND, SHOW_KIND, DISABLE_RULE, ENABLE_RULE)

# A rule id as diagnostics carry it in ``code``: a family and a name ("rules.own_case",
# "model.article", "spelling.unknown_word").
RULE_ID = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")


class CommandArgumentError(ValueError):
    """A command was called with arguments of the wrong number or type."""


def _strings(command: str, args: tuple[Any, ...], names: tuple[str, ...]) -> tuple[str, ...]:
    if len(args) != len(names) or not all(isinstance(a, str) for a in args):
        raise CommandArgumentError(f"{command} expects {len(names)} strings ({', '.join(names)}), got {list(args)!r}")
    return args


@dataclass(frozen=True)
class AddWord:
    """Add ``word`` to the user dictionary (``uri`` None) or to the workspace of ``uri``."""

    word: str
    uri: str | None = None


@dataclass(frozen=True)
class Ignore:
    """Ignore ``suggestion`` in the document ``uri``."""

    uri: str
    suggestion: IgnoredSuggestion


@dataclass(frozen=True)
class SetKindShown:
    """Show (``shown``) or hide the suggestions of one edit kind."""

    kind: str
    shown: bool


def _kind(command: str, args: tuple[Any, ...]) -> str:
    (kind,) = _strings(command, args, ("kind",))
    if kind not in {k.value for k in EditKind}:
        raise CommandArgumentError(f"{command}: unknown kind {kind!r}")
    return kind


def parse_hide_kind(args: tuple[Any, ...]) -> SetKindShown:
    return SetKindShown(_kind(HIDE_KIND, args), shown=False)


def parse_show_kind(args: tuple[Any, ...]) -> SetKindShown:
    return SetKindShown(_kind(SHOW_KIND, args), shown=True)


@dataclass(frozen=True)
class SetRuleEnabled:
    """Switch one rule (by its id) on again (``enabled``) or off."""

    rule: str
    enabled: bool


def _rule(command: str, args: tuple[Any, ...]) -> str:
    (rule,) = _strings(command, args, ("rule id",))
    if not RULE_ID.fullmatch(rule):
        raise CommandArgumentError(f"{command}: not a rule id: {rule!r} (expected e.g. rules.own_case)")
    return rule


def parse_disable_rule(args: tuple[Any, ...]) -> SetRuleEnabled:
    return SetRuleEnabled(_rule(DISABLE_RULE, args), enabled=False)


def parse_enable_rule(args: tuple[Any, ...]) -> SetRuleEnabled:
    return SetRuleEnabled(_rule(ENABLE_RULE, args), enabled=True)


def parse_add_to_dictionary(args: tuple[Any, ...]) -> AddWord:
    (word,) = _strings(ADD_TO_DICTIONARY, args, ("word",))
    return AddWord(word)


def parse_add_to_workspace_dictionary(args: tuple[Any, ...]) -> AddWord:
    uri, word = _strings(ADD_TO_WORKSPACE_DICTIONARY, args, ("uri", "word"))
    return AddWord(word, uri)


def parse_ignore(args: tuple[Any, ...]) -> Ignore:
    uri, kind, original, replacement = _strings(IGNORE_SUGGESTION, args, ("uri", "kind", "original", "replacement"))
    return Ignore(uri, IgnoredSuggestion(kind, original, replacement))

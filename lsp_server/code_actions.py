"""Code actions for edgegram diagnostics: the quick fix, fix-all, add to dictionary,
ignore, and switching a rule or a kind off. Fixes are WorkspaceEdits built from the diagnostic's ``data`` (the checker is
never re-run) and only offered while the document still holds the original text."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from lsprotocol import types

from edgegram.engine.analysis.kinds import describe
from edgegram.engine.core.types import Edit, EditKind

from . import commands
from .diagnostics import FixData
from .positions import LineIndex

FIX_ALL_KIND = "source.fixAll.edgegram"
FIX_ALL_TITLE = "Fix all edgegram issues in this document"
KINDS = [types.CodeActionKind.QuickFix, FIX_ALL_KIND]


def wanted(kind: str, only: Sequence[str] | None) -> bool:
    """Whether an action of ``kind`` matches the client's ``only`` filter (hierarchical)."""
    if not only:
        return True
    return any(kind == o or kind.startswith(o + ".") for o in only)


def _workspace_edit(uri: str, edits: list[types.TextEdit]) -> types.WorkspaceEdit:
    return types.WorkspaceEdit(changes={uri: edits})


def _replace_action(diagnostic: types.Diagnostic, data: FixData, uri: str, replacement: str, preferred: bool) -> types.CodeAction:
    """The fix replacing the diagnostic's range by ``replacement``."""
    return types.CodeAction(
        title=describe(data.original, replacement, original_in_view=True),
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        is_preferred=preferred,
        edit=_workspace_edit(uri, [types.TextEdit(range=diagnostic.range, new_text=replacement)]),
    )


def quick_fixes(diagnostic: types.Diagnostic, uri: str, text: str, index: LineIndex) -> list[types.CodeAction]:
    """The preferred fix of one diagnostic, then one per alternative replacement (best first,
    repeats and no-op replacements left out), if the document still has its original text."""
    data = FixData.of(diagnostic)
    if data is None:
        return []
    start, end = index.offsets(diagnostic.range)
    if text[start:end] != data.original:
        return []
    alternatives = [a for a in dict.fromkeys(data.alternatives) if a not in (data.replacement, data.original)]
    return [
        _replace_action(diagnostic, data, uri, replacement, preferred=i == 0)
        for i, replacement in enumerate([data.replacement, *alternatives])
    ]


def quick_fix(diagnostic: types.Diagnostic, uri: str, text: str, index: LineIndex) -> types.CodeAction | None:
    """The preferred fix of one diagnostic, if the document still has its original text."""
    fixes = quick_fixes(diagnostic, uri, text, index)
    return fixes[0] if fixes else None


def _command_action(diagnostic: types.Diagnostic, title: str, command: str, arguments: list[str]) -> types.CodeAction:
    """A quick fix for ``diagnostic`` that runs one of the server's commands."""
    return types.CodeAction(
        title=title,
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        command=types.Command(title=title, command=command, arguments=arguments),
    )


def dictionary_actions(diagnostic: types.Diagnostic, uri: str, in_workspace: bool) -> list[types.CodeAction]:
    """ "Add '<word>' to dictionary" (and to the workspace dictionary) for spelling diagnostics."""
    data = FixData.of(diagnostic)
    if data is None or data.kind != EditKind.SPELLING.value or not data.original.strip():
        return []
    word = data.original.strip()
    actions = [_command_action(diagnostic, f"Add '{word}' to dictionary", commands.ADD_TO_DICTIONARY, [word])]
    if in_workspace:
        title = f"Add '{word}' to workspace dictionary"
        actions.append(_command_action(diagnostic, title, commands.ADD_TO_WORKSPACE_DICTIONARY, [uri, word]))
    return actions


def ignore_action(diagnostic: types.Diagnostic, uri: str) -> types.CodeAction | None:
    """ "Ignore this suggestion" for one diagnostic."""
    data = FixData.of(diagnostic)
    if data is None:
        return None
    arguments = [uri, data.kind, data.original, data.replacement]
    return _command_action(diagnostic, "Ignore this suggestion", commands.IGNORE_SUGGESTION, arguments)


def kind_label(kind: str) -> str:
    """How an edit kind is named to the user ("verb_form" -> "verb form")."""
    return kind.replace("_", " ")


def hide_kind_action(diagnostic: types.Diagnostic) -> types.CodeAction | None:
    """ "Don't show suggestions of this kind" (user-wide, undoable with ``edgegram.showKind``)."""
    data = FixData.of(diagnostic)
    if data is None:
        return None
    return _command_action(diagnostic, f"Don't show {kind_label(data.kind)} suggestions", commands.HIDE_KIND, [data.kind])


def disable_rule_action(diagnostic: types.Diagnostic) -> types.CodeAction | None:
    """ "Don't flag <rule id> again" for a diagnostic whose ``code`` is a rule id (user-wide,
    undoable with ``edgegram.enableRule``; beside the ``disabledRules`` setting)."""
    if FixData.of(diagnostic) is None or not isinstance(diagnostic.code, str):
        return None
    rule = diagnostic.code
    if not commands.RULE_ID.fullmatch(rule):
        return None
    return _command_action(diagnostic, f"Don't flag {rule} again", commands.DISABLE_RULE, [rule])


def non_overlapping(edits: Iterable[Edit]) -> list[Edit]:
    """The edits in document order, leaving out any that overlaps an earlier one."""
    result: list[Edit] = []
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        if result and (edit.start < result[-1].end or edit.start == result[-1].start):
            continue
        result.append(edit)
    return result


def fix_all(edits: Iterable[Edit], uri: str, index: LineIndex) -> types.CodeAction | None:
    """One action applying every (non-overlapping) edit of the document."""
    chosen = non_overlapping(edits)
    if not chosen:
        return None
    text_edits = [types.TextEdit(range=index.range(e.start, e.end), new_text=e.replacement) for e in chosen]
    return types.CodeAction(title=FIX_ALL_TITLE, kind=FIX_ALL_KIND, edit=_workspace_edit(uri, text_edits))


def actions_for(
    diagnostics: Sequence[types.Diagnostic],
    uri: str,
    text: str,
    index: LineIndex,
    in_workspace: bool,
    only: Sequence[str] | None,
) -> list[types.CodeAction]:
    """The per-diagnostic actions (fixes first, each diagnostic's preferred fix followed by its
    alternatives, then dictionary, ignore, one "don't flag" per rule and one "don't show" per
    kind)."""
    if not wanted(types.CodeActionKind.QuickFix, only):
        return []
    fixes: list[types.CodeAction] = []
    others: list[types.CodeAction] = []
    switch_off: dict[str, types.CodeAction] = {}  # by title: one action per rule, one per kind
    for diagnostic in diagnostics:
        fixes.extend(quick_fixes(diagnostic, uri, text, index))
        others.extend(dictionary_actions(diagnostic, uri, in_workspace))
        ignore = ignore_action(diagnostic, uri)
        if ignore:
            others.append(ignore)
        for action in (disable_rule_action(diagnostic), hide_kind_action(diagnostic)):
            if action:
                switch_off.setdefault(action.title, action)
    return fixes + others + list(switch_off.values())

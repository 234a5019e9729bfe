"""Edits -> diagnostics and diagnostics -> code actions, without a running server."""

import dataclasses
import json

import pytest
from lsprotocol import types

from edgegram.engine.analysis.kinds import describe
from edgegram.engine.core.types import Edit, EditKind
from edgegram.lsp_server import code_actions, commands
from edgegram.lsp_server.diagnostics import SOURCE, FixData, filter_edits, result_id, to_diagnostic, to_diagnostics
from edgegram.lsp_server.ignores import IgnoredSuggestion
from edgegram.lsp_server.positions import UTF16, LineIndex
from edgegram.lsp_server.settings import ServerSettings, parse_settings

TEXT = "😀 I saw teh cat and a apple."
URI = "file:///doc.txt"


def edit_for(word: str, replacement: str, kind: EditKind, confidence: float = 0.9) -> Edit:
    start = TEXT.index(word)
    return Edit(start, start + len(word), replacement, word, kind, f"fix {word}", confidence)


TEH = edit_for("teh", "the", EditKind.SPELLING)
ARTICLE = edit_for("a apple", "an apple", EditKind.ARTICLE, 0.4)


def diagnostics(edits, settings=ServerSettings()):
    return to_diagnostics(edits, LineIndex(TEXT, UTF16), settings, URI, 7)


def test_diagnostic_fields():
    (diagnostic,) = diagnostics([TEH])
    assert diagnostic.range.start == types.Position(0, TEXT.index("teh") + 1)  # the emoji is 2 units
    assert diagnostic.source == SOURCE and diagnostic.code == "spelling" and diagnostic.message == "fix teh"
    assert diagnostic.data == {
        "replacement": "the",
        "original": "teh",
        "kind": "spelling",
        "uri": URI,
        "version": 7,
        "alternatives": [],
    }
    assert diagnostic.severity == ServerSettings().severity_of("spelling")


def test_severity_comes_from_settings():
    settings, _ = parse_settings({"severity": {"article": "error"}})
    assert diagnostics([ARTICLE], settings)[0].severity == types.DiagnosticSeverity.Error


def test_filters():
    edits = [TEH, ARTICLE]
    everything = filter_edits(edits, ServerSettings(), lambda w: False, set())
    assert everything == edits
    disabled, _ = parse_settings({"disabledKinds": ["article"]})
    assert filter_edits(edits, disabled, lambda w: False, set()) == [TEH]
    confident, _ = parse_settings({"minConfidence": 0.5})  # applied by the checker, not here
    assert filter_edits(edits, confident, lambda w: False, set()) == edits
    assert filter_edits(edits, ServerSettings(), lambda w: w == "teh", set()) == [ARTICLE]
    ignored = {IgnoredSuggestion("article", "a apple", "an apple")}
    assert filter_edits(edits, ServerSettings(), lambda w: False, ignored) == [TEH]


def test_no_edit_of_any_kind_changes_a_dictionary_word():
    """Dictionary words are protected tokens (issue 15), not just spelling exceptions."""
    assert ARTICLE.original == "a apple"
    assert filter_edits([ARTICLE], ServerSettings(), lambda w: w == "apple", set()) == []
    assert filter_edits([ARTICLE], ServerSettings(), lambda w: w == "zebra", set()) == [ARTICLE]


def test_quick_fix_replaces_the_range():
    (diagnostic,) = diagnostics([TEH])
    fix = code_actions.quick_fix(diagnostic, URI, TEXT, LineIndex(TEXT))
    assert fix is not None and fix.is_preferred and fix.title == "Replace with 'the'"
    (text_edit,) = fix.edit.changes[URI]
    assert text_edit.new_text == "the" and text_edit.range == diagnostic.range


TEH_WITH_ALTERNATIVES = dataclasses.replace(TEH, alternatives=("tech", "ten"))


def test_alternatives_travel_in_the_data_as_a_list_and_keep_the_result_id_stable():
    (diagnostic,) = diagnostics([TEH_WITH_ALTERNATIVES])
    assert diagnostic.data["alternatives"] == ["tech", "ten"]
    assert json.loads(json.dumps(diagnostic.data))["alternatives"] == ["tech", "ten"]
    assert result_id(diagnostics([TEH_WITH_ALTERNATIVES])) == result_id([diagnostic])
    assert result_id([diagnostic]) != result_id(diagnostics([TEH]))


def test_spelling_alternatives_are_fixes_after_the_preferred_one():
    spelling, article = diagnostics([TEH_WITH_ALTERNATIVES, ARTICLE])
    actions = code_actions.actions_for([spelling, article], URI, TEXT, LineIndex(TEXT), False, None)
    fixes = [a for a in actions if a.edit is not None]
    assert [a.title for a in fixes] == [
        "Replace with 'the'",
        "Replace with 'tech'",
        "Replace with 'ten'",
        describe("a apple", "an apple", original_in_view=True),
    ]
    assert actions[: len(fixes)] == fixes  # the fixes come first
    assert [a.is_preferred for a in fixes] == [True, False, False, True]
    for action, new_text in zip(fixes[:3], ["the", "tech", "ten"]):
        assert action.kind == types.CodeActionKind.QuickFix and action.diagnostics == [spelling]
        (text_edit,) = action.edit.changes[URI]
        assert text_edit.new_text == new_text and text_edit.range == spelling.range
    assert code_actions.quick_fix(spelling, URI, TEXT, LineIndex(TEXT)) == fixes[0]


def test_repeated_or_no_op_alternatives_are_not_offered():
    edit = dataclasses.replace(TEH, alternatives=("tech", "the", "teh", "tech"))
    (diagnostic,) = diagnostics([edit])
    fixes = code_actions.quick_fixes(diagnostic, URI, TEXT, LineIndex(TEXT))
    assert [f.edit.changes[URI][0].new_text for f in fixes] == ["the", "tech"]


def test_no_alternative_fixes_once_the_text_changed():
    (diagnostic,) = diagnostics([TEH_WITH_ALTERNATIVES])
    changed = TEXT.replace("teh", "tea")
    assert code_actions.quick_fixes(diagnostic, URI, changed, LineIndex(changed)) == []
    actions = code_actions.actions_for([diagnostic], URI, changed, LineIndex(changed), False, None)
    assert not any(a.edit for a in actions)


def test_no_quick_fix_once_the_text_changed():
    (diagnostic,) = diagnostics([TEH])
    changed = TEXT.replace("teh", "tea")
    assert code_actions.quick_fix(diagnostic, URI, changed, LineIndex(changed)) is None


def test_foreign_diagnostics_get_no_actions():
    foreign = types.Diagnostic(range=types.Range(types.Position(0, 0), types.Position(0, 1)), message="x", source="other")
    assert code_actions.actions_for([foreign], URI, TEXT, LineIndex(TEXT), True, None) == []


def test_actions_for_a_spelling_diagnostic():
    (diagnostic,) = diagnostics([TEH])
    actions = code_actions.actions_for([diagnostic], URI, TEXT, LineIndex(TEXT), True, None)
    titles = [a.title for a in actions]
    assert titles == [
        "Replace with 'the'",
        "Add 'teh' to dictionary",
        "Add 'teh' to workspace dictionary",
        "Ignore this suggestion",
        "Don't show spelling suggestions",
    ]
    assert actions[1].command.command == commands.ADD_TO_DICTIONARY and actions[1].command.arguments == ["teh"]
    assert actions[2].command.arguments == [URI, "teh"]
    assert actions[3].command.arguments == [URI, "spelling", "teh", "the"]
    assert actions[4].command.command == commands.HIDE_KIND and actions[4].command.arguments == ["spelling"]


def test_one_hide_kind_action_per_kind():
    first, second = diagnostics([TEH, TEH])
    actions = code_actions.actions_for([first, second], URI, TEXT, LineIndex(TEXT), False, None)
    assert [a.title for a in actions].count("Don't show spelling suggestions") == 1


def test_no_workspace_dictionary_outside_a_workspace_and_none_for_grammar():
    spelling, article = diagnostics([TEH, ARTICLE])
    titles = [a.title for a in code_actions.actions_for([spelling, article], URI, TEXT, LineIndex(TEXT), False, None)]
    assert "Add 'teh' to workspace dictionary" not in titles
    assert not any("a apple" in t and "dictionary" in t for t in titles)


def test_only_filter():
    (diagnostic,) = diagnostics([TEH])
    assert code_actions.actions_for([diagnostic], URI, TEXT, LineIndex(TEXT), True, ["source"]) == []
    assert code_actions.wanted(code_actions.FIX_ALL_KIND, ["source.fixAll"])
    assert code_actions.wanted(code_actions.FIX_ALL_KIND, ["source"])
    assert not code_actions.wanted(code_actions.FIX_ALL_KIND, ["quickfix"])


def test_fix_all_skips_overlapping_edits():
    overlapping = Edit(TEH.start + 1, TEH.end + 2, "x", TEXT[TEH.start + 1 : TEH.end + 2], EditKind.OTHER, "", 1.0)
    action = code_actions.fix_all([ARTICLE, overlapping, TEH], URI, LineIndex(TEXT))
    assert action.kind == code_actions.FIX_ALL_KIND and action.title == code_actions.FIX_ALL_TITLE
    assert [e.new_text for e in action.edit.changes[URI]] == ["the", "an apple"]
    assert code_actions.fix_all([], URI, LineIndex(TEXT)) is None


def test_command_arguments_are_parsed():
    assert commands.parse_ignore(("u", "spelling", "teh", "the")).suggestion == IgnoredSuggestion("spelling", "teh", "the")
    assert commands.parse_add_to_workspace_dictionary(("u", "teh")) == commands.AddWord("teh", "u")


@pytest.mark.parametrize("bad", [(), ("u", 1, "teh", "the"), ("u",), ("u", "k", "o", "r", "extra")])
def test_command_arguments_are_validated(bad):
    with pytest.raises(commands.CommandArgumentError, match=commands.IGNORE_SUGGESTION):
        commands.parse_ignore(bad)


def test_fix_data_is_read_back_and_foreign_or_malformed_data_is_refused():
    from lsprotocol import types

    from edgegram.lsp_server.diagnostics import SOURCE, FixData

    def diagnostic(data, source=SOURCE):
        return types.Diagnostic(
            range=types.Range(types.Position(0, 0), types.Position(0, 1)), message="m", source=source, data=data
        )

    good = {"replacement": "the", "original": "teh", "kind": "spelling", "uri": "file:///a", "version": 3}
    assert FixData.of(diagnostic(good)) == FixData("the", "teh", "spelling", "file:///a", 3)
    assert FixData.of(diagnostic({**good, "version": True})).version is None
    assert FixData.of(diagnostic(good, source="other")) is None
    assert FixData.of(diagnostic({**good, "original": 1})) is None
    assert FixData.of(diagnostic(["teh"])) is None


@pytest.mark.parametrize(
    ("alternatives", "read"),
    [
        (["tech", "ten"], ("tech", "ten")),
        (None, ()),
        ("tech", ()),
        ({"tech": 1}, ()),
        (("tech",), ()),  # JSON has no tuples: only a list is read
        (["tech", 3, None, ["ten"], "ten"], ("tech", "ten")),
    ],
)
def test_fix_data_alternatives_tolerate_old_and_malformed_data(alternatives, read):
    data = {"replacement": "the", "original": "teh", "kind": "spelling", "uri": URI, "version": 3}
    if alternatives is not None:
        data["alternatives"] = alternatives
    diagnostic = types.Diagnostic(
        range=types.Range(types.Position(0, 0), types.Position(0, 3)), message="m", source=SOURCE, data=data
    )
    fix_data = FixData.of(diagnostic)
    assert fix_data is not None and fix_data.alternatives == read
    text = "teh"
    fixes = code_actions.quick_fixes(diagnostic, URI, text, LineIndex(text))
    assert [f.edit.changes[URI][0].new_text for f in fixes] == ["the", *read]


def test_a_rule_is_switched_off_by_its_id_or_its_family():
    def edit(rule: str) -> Edit:
        return Edit(0, 3, "GitHub", "Git", EditKind.CAPITALISATION, "", 0.9, rule=rule)

    edits = [edit("rules.own_case"), edit("model.capitalisation"), edit("spelling.unknown_word")]
    settings, problems = parse_settings({"disabledRules": ["rules.own_case", "spelling"]})
    assert problems == []
    assert [e.rule for e in filter_edits(edits, settings, lambda w: False, set())] == ["model.capitalisation"]
    _, problems = parse_settings({"disabledRules": "rules"})
    assert problems and "list of rule ids" in problems[0]
    assert to_diagnostic(edits[0], LineIndex("Git"), settings, "file:///x", 1).code == "rules.own_case"
    only_one, problems = parse_settings({"disabledRules": ["rules", "spelling"], "enabledRules": ["rules.own_case"]})
    assert problems == []
    kept = filter_edits(edits, only_one, lambda w: False, set(), switched_off=frozenset({"rules.own_case"}))
    assert [e.rule for e in kept] == ["rules.own_case", "model.capitalisation"]  # enabledRules wins over both


def test_a_diagnostic_with_a_rule_id_offers_to_switch_that_rule_off_once():
    own_case = dataclasses.replace(ARTICLE, rule="rules.own_case")
    first, second, spelling = diagnostics([own_case, dataclasses.replace(own_case, start=0), TEH])
    actions = code_actions.actions_for([first, second, spelling], URI, TEXT, LineIndex(TEXT), False, None)
    switch_off = [a for a in actions if a.title == "Don't flag rules.own_case again"]
    assert len(switch_off) == 1
    assert switch_off[0].command.command == commands.DISABLE_RULE and switch_off[0].command.arguments == ["rules.own_case"]
    # a diagnostic coded by its kind alone ("spelling") has no rule to switch off, only its kind
    assert code_actions.disable_rule_action(spelling) is None
    assert [a.title for a in code_actions.actions_for([spelling], URI, TEXT, LineIndex(TEXT), False, None)][-1] == (
        "Don't show spelling suggestions"
    )


@pytest.mark.parametrize("args", [(), ("rules",), ("Rules.Own_Case",), ("rules.own case",), ("rules.x", "y"), (3,)])
def test_switching_a_rule_off_needs_one_rule_id(args):
    with pytest.raises(commands.CommandArgumentError):
        commands.parse_disable_rule(args)
    assert commands.parse_enable_rule(("model.article",)) == commands.SetRuleEnabled("model.article", enabled=True)


def test_rules_switched_off_by_the_code_action_join_the_setting():
    own_case = dataclasses.replace(ARTICLE, rule="rules.own_case")
    article = dataclasses.replace(ARTICLE, rule="model.article")
    settings, _ = parse_settings({"disabledRules": ["spelling"]})
    spelling = dataclasses.replace(TEH, rule="spelling.unknown_word")
    kept = filter_edits(
        [own_case, article, spelling], settings, lambda w: False, set(), frozenset(), frozenset({"rules.own_case"})
    )
    assert [e.rule for e in kept] == ["model.article"]


def test_a_rule_diagnostic_links_to_its_entry_in_the_rules_reference(tmp_path):
    from pygls.protocol import default_converter

    from edgegram.lsp_server.diagnostics import register_quick_unstructuring
    from edgegram.lsp_server.rule_links import RuleLinks

    links = RuleLinks(tmp_path)
    edit = Edit(0, 3, "Git", "Git", EditKind.CAPITALISATION, "m", 0.9, rule="rules.own_case")
    diagnostic = to_diagnostic(edit, LineIndex("Git"), ServerSettings(), "file:///x", 1, links.href)
    href = diagnostic.code_description.href
    path, _, line = href.partition("#L")
    assert path == (tmp_path / "rules.md").as_uri()
    assert (tmp_path / "rules.md").read_text(encoding="utf-8").splitlines()[int(line) - 1] == "### rules.own_case"
    assert links.href("rules.no_such_rule") is None and links.href(None) is None
    converter = default_converter()
    register_quick_unstructuring(converter)
    assert converter.unstructure(diagnostic)["codeDescription"] == {"href": href}


def test_without_a_writable_folder_diagnostics_carry_no_link(tmp_path):
    from edgegram.lsp_server.rule_links import RuleLinks

    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert RuleLinks(blocker).href("rules.own_case") is None

"""End-to-end: the server as a real subprocess over stdio, driven by a pytest-lsp client,
checking with the deterministic rule-based checker of tests/lsp_support."""

from __future__ import annotations

import asyncio
import json

import pytest
from lsp_support.client import (
    apply_edits,
    change_document,
    eventually,
    open_document,
    published,
    running_server,
)
from lsprotocol import types

from edgegram.lsp_server import code_actions, commands

TEXT = "I saw teh cat.\nThey is here with a apple.\n"


def codes(params: types.PublishDiagnosticsParams) -> list[str]:
    return [d.code for d in params.diagnostics]


def position(line: int, character: int) -> types.Position:
    return types.Position(line=line, character=character)


async def actions_on(client, uri: str, diagnostic: types.Diagnostic, only: list[str] | None = None) -> list:
    """The code actions the server offers for one of its diagnostics."""
    return await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic], only=only),
        )
    )


async def republished_after(client, command: str, arguments: list) -> types.PublishDiagnosticsParams:
    """Run a command; the diagnostics the server publishes next."""
    count = len(client.published)
    await client.workspace_execute_command_async(types.ExecuteCommandParams(command=command, arguments=arguments))
    return await eventually(lambda: len(client.published) > count and client.published[-1], "re-publish")


@pytest.fixture
def uri(tmp_path):
    return (tmp_path / "ws" / "doc.txt").as_uri()


async def test_capabilities_progress_and_diagnostics_on_open(tmp_path, uri):
    capabilities = types.ClientCapabilities(window=types.WindowClientCapabilities(work_done_progress=True))
    async with running_server(tmp_path, server_args=["--load-delay", "0.5"], capabilities=capabilities) as (client, result):
        caps = result.capabilities
        assert caps.text_document_sync.change == types.TextDocumentSyncKind.Incremental
        assert caps.diagnostic_provider.identifier == "edgegram"
        assert set(caps.code_action_provider.code_action_kinds) == {"quickfix", code_actions.FIX_ALL_KIND}
        assert set(caps.execute_command_provider.commands) == set(commands.ALL)
        assert caps.position_encoding == types.PositionEncodingKind.Utf16
        assert caps.text_document_sync.open_close and caps.text_document_sync.save
        # initialize answered while the checker was still loading (it has not even started)
        assert not any(isinstance(v, types.WorkDoneProgressEnd) for r in client.progress_reports.values() for v in r)

        open_document(client, uri, TEXT)
        params = await published(client, uri, 1)
        assert codes(params) == ["spelling", "agreement", "article"]
        first = params.diagnostics[0]
        assert first.range == types.Range(start=position(0, 6), end=position(0, 9))
        assert first.source == "edgegram" and first.data["replacement"] == "the" and first.data["version"] == 1
        (reports,) = client.progress_reports.values()
        assert isinstance(reports[0], types.WorkDoneProgressBegin)
        assert isinstance(reports[-1], types.WorkDoneProgressEnd) and reports[-1].message == "Ready"
        assert any(isinstance(r, types.WorkDoneProgressReport) for r in reports)


async def test_incremental_change_and_quick_fix(tmp_path, uri):
    async with running_server(tmp_path, initialization_options={"debounceMs": 0}) as (client, _):
        open_document(client, uri, TEXT)
        params = await published(client, uri, 1)
        # an incremental edit: "with a apple" -> "with an apple" typed by hand
        change_document(client, uri, 2, "an", types.Range(start=position(1, 18), end=position(1, 19)))
        assert codes(await published(client, uri, 2)) == ["spelling", "agreement"]

        text = TEXT.replace("a apple", "an apple")
        spelling = params.diagnostics[0]
        actions = await actions_on(client, uri, spelling, only=["quickfix"])
        fix = next(a for a in actions if a.is_preferred)
        assert fix.title == "Replace with 'the'"
        text = apply_edits(text, fix.edit.changes[uri])
        assert text == "I saw the cat.\nThey is here with an apple.\n"
        change_document(client, uri, 3, text)
        assert codes(await published(client, uri, 3)) == ["agreement"]


async def test_quick_fix_is_withheld_when_the_text_changed(tmp_path, uri):
    async with running_server(tmp_path, initialization_options={"debounceMs": 0}) as (client, _):
        open_document(client, uri, TEXT)
        spelling = (await published(client, uri, 1)).diagnostics[0]
        change_document(client, uri, 2, TEXT.replace("teh", "tea"))
        await published(client, uri, 2)
        actions = await actions_on(client, uri, spelling, only=["quickfix"])
        assert not any(a.is_preferred for a in actions)


async def test_spelling_alternatives_are_offered_after_the_preferred_fix(tmp_path, uri):
    text = "I will recieve it.\n"
    async with running_server(tmp_path, initialization_options={"debounceMs": 0}) as (client, _):
        open_document(client, uri, text)
        (spelling,) = (await published(client, uri, 1)).diagnostics
        assert spelling.data["alternatives"] == ["relieve", "deceive"]
        actions = await actions_on(client, uri, spelling, only=["quickfix"])
        fixes = actions[:3]
        assert [a.title for a in fixes] == ["Replace with 'receive'", "Replace with 'relieve'", "Replace with 'deceive'"]
        assert [a.is_preferred for a in fixes] == [True, False, False]
        assert not any(a.edit for a in actions[3:])
        assert [apply_edits(text, a.edit.changes[uri]) for a in fixes] == [
            "I will receive it.\n",
            "I will relieve it.\n",
            "I will deceive it.\n",
        ]


async def test_fix_all(tmp_path, uri):
    async with running_server(tmp_path, initialization_options={"debounceMs": 0}) as (client, _):
        open_document(client, uri, TEXT)
        await published(client, uri, 1)
        actions = await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=types.Range(start=position(0, 0), end=position(0, 0)),
                context=types.CodeActionContext(diagnostics=[], only=["source.fixAll"]),
            )
        )
        (fix_all,) = actions
        assert fix_all.title == "Fix all edgegram issues in this document"
        text = apply_edits(TEXT, fix_all.edit.changes[uri])
        assert text == "I saw the cat.\nThey are here with an apple.\n"
        change_document(client, uri, 2, text)
        assert codes(await published(client, uri, 2)) == []


async def test_add_to_dictionaries_silences_spelling(tmp_path):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    uri = (workspace / "doc.txt").as_uri()
    data_dir = tmp_path / "data"
    async with running_server(data_dir, workspace=workspace) as (client, _):
        open_document(client, uri, "I saw teh cat and recieve it.\n")
        assert codes(await published(client, uri, 1)) == ["spelling", "spelling"]
        params = await republished_after(client, commands.ADD_TO_DICTIONARY, ["teh"])
        assert [d.data["original"] for d in params.diagnostics] == ["recieve"]
        assert (data_dir / "dictionary.txt").read_text(encoding="utf-8") == "teh\n"

        params = await republished_after(client, commands.ADD_TO_WORKSPACE_DICTIONARY, [uri, "recieve"])
        assert not params.diagnostics
        assert (workspace / ".edgegram" / "dictionary.txt").read_text(encoding="utf-8") == "recieve\n"


async def test_ignore_suggestion_is_remembered_in_the_workspace(tmp_path):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    uri = (workspace / "doc.txt").as_uri()
    async with running_server(tmp_path / "data", workspace=workspace) as (client, _):
        open_document(client, uri, TEXT)
        params = await published(client, uri, 1)
        article = params.diagnostics[2]
        actions = await actions_on(client, uri, article)
        ignore = next(a for a in actions if a.title == "Ignore this suggestion")
        params = await republished_after(client, ignore.command.command, ignore.command.arguments)
        assert codes(params) == ["spelling", "agreement"]
    saved = json.loads((workspace / ".edgegram" / "ignored.json").read_text(encoding="utf-8"))
    assert saved["documents"]["doc.txt"] == [{"kind": "article", "original": "a", "replacement": "an"}]
    # a new session still ignores it
    async with running_server(tmp_path / "data", workspace=workspace) as (client, _):
        open_document(client, uri, TEXT)
        assert codes(await published(client, uri, 1)) == ["spelling", "agreement"]


async def test_bad_command_arguments_are_an_error_not_a_crash(tmp_path, uri):
    async with running_server(tmp_path) as (client, _):
        with pytest.raises(Exception, match="expects 4 strings"):
            await client.workspace_execute_command_async(
                types.ExecuteCommandParams(command=commands.IGNORE_SUGGESTION, arguments=[uri])
            )
        open_document(client, uri, TEXT)
        assert len((await published(client, uri, 1)).diagnostics) == 3


async def test_settings_change_disables_a_kind_and_sets_severity(tmp_path, uri):
    capabilities = types.ClientCapabilities(workspace=types.WorkspaceClientCapabilities(configuration=True))
    async with running_server(tmp_path, capabilities=capabilities, configuration={}) as (client, _):
        open_document(client, uri, TEXT)
        await published(client, uri, 1)
        count = len(client.published)
        client.set_configuration({"disabledKinds": ["article"], "severity": {"spelling": "error"}}, section="edgegram")
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
        params = await eventually(lambda: len(client.published) > count and client.published[-1], "re-publish")
        assert codes(params) == ["spelling", "agreement"]
        assert params.diagnostics[0].severity == types.DiagnosticSeverity.Error


async def test_settings_without_configuration_support_and_bad_values(tmp_path, uri):
    options = {"debounceMs": "fast", "minConfidence": 0.7, "colour": "red"}
    async with running_server(tmp_path, initialization_options=options) as (client, _):
        open_document(client, uri, TEXT)
        assert codes(await published(client, uri, 1)) == ["spelling", "article"]  # agreement is 0.65
        assert any("debounceMs" in m.message for m in client.log_messages)
        assert any("colour" in m.message for m in client.log_messages)
        count = len(client.published)
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"edgegram": {"enabled": False}}))
        params = await eventually(lambda: len(client.published) > count and client.published[-1], "re-publish")
        assert not params.diagnostics


async def test_markdown_and_latex_skip_code_and_math(tmp_path):
    markdown = "So teh intro.\n\n```\nteh code\n```\n\nUse `teh` and [teh link](http://teh.org).\n"
    latex = "\\section{A teh title}\nWe have $teh$ and \\[teh\\] here. % teh\n"
    md_uri, tex_uri = (tmp_path / "a.md").as_uri(), (tmp_path / "b.tex").as_uri()
    async with running_server(tmp_path) as (client, _):
        open_document(client, md_uri, markdown, "markdown")
        open_document(client, tex_uri, latex, language_id="")  # from the extension
        md = await published(client, md_uri, 1)
        assert [(d.range.start.line, d.range.start.character) for d in md.diagnostics] == [(0, 3), (6, 15)]
        tex = await published(client, tex_uri, 1)
        assert [(d.range.start.line, d.range.start.character) for d in tex.diagnostics] == [(0, 11)]


async def test_asciidoc_skips_blocks_and_macros_by_language_id_and_by_content(tmp_path):
    adoc = "So teh intro, see linkgit:git-teh[1].\n\n[source,shell]\n----\nteh code\n----\n\n--teh::\n\tThe teh option.\n"
    adoc_uri, txt_uri = (tmp_path / "guide.adoc").as_uri(), (tmp_path / "git-teh.txt").as_uri()
    async with running_server(tmp_path) as (client, _):
        open_document(client, adoc_uri, adoc, "asciidoc")
        open_document(client, txt_uri, adoc, "plaintext")  # git's manual pages: AsciiDoc saved as .txt
        for uri in (adoc_uri, txt_uri):
            params = await published(client, uri, 1)
            assert [(d.range.start.line, d.range.start.character) for d in params.diagnostics] == [(0, 3), (8, 5)]


async def test_python_comments_and_docstrings_are_checked_and_code_is_not(tmp_path):
    source = 'def f(teh_arg):\n    """Return teh value."""\n    return "teh"  # a teh comment\n'
    uri = (tmp_path / "util.py").as_uri()
    async with running_server(tmp_path) as (client, _):
        open_document(client, uri, source, "python")
        params = await published(client, uri, 1)
        assert [(d.range.start.line, d.range.start.character, d.range.end.character) for d in params.diagnostics] == [
            (1, 14, 17),
            (2, 22, 25),
        ]


async def test_unsupported_language_is_not_checked(tmp_path):
    uri = (tmp_path / "a.hs").as_uri()
    async with running_server(tmp_path) as (client, _):
        open_document(client, uri, "-- teh\n", "haskell")
        open_document(client, uri + ".txt", "teh\n")
        await published(client, uri + ".txt", 1)
        assert not any(p.uri == uri and p.diagnostics for p in client.published)


async def test_utf16_ranges_with_emoji_cjk_and_crlf(tmp_path, uri):
    text = "😀日本\r\n😀 teh 語 a apple\r\n"
    async with running_server(tmp_path) as (client, _):
        open_document(client, uri, text)
        params = await published(client, uri, 1)
        ranges = [(d.range.start.line, d.range.start.character, d.range.end.character) for d in params.diagnostics]
        assert ranges == [(1, 3, 6), (1, 9, 10)]


async def test_utf8_positions_when_the_client_prefers_them(tmp_path, uri):
    capabilities = types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf8])
    )
    async with running_server(tmp_path, capabilities=capabilities) as (client, result):
        assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
        open_document(client, uri, "😀 teh\n")
        (diagnostic,) = (await published(client, uri, 1)).diagnostics
        assert (diagnostic.range.start.character, diagnostic.range.end.character) == (5, 8)


async def test_rapid_changes_publish_only_the_last_version(tmp_path, uri):
    args = ["--check-delay", "0.3"]
    async with running_server(tmp_path, server_args=args, initialization_options={"debounceMs": 0}) as (client, _):
        open_document(client, uri, "teh\n")
        await published(client, uri, 1)
        count = len(client.published)
        for version in range(2, 7):
            change_document(client, uri, version, "teh " * version + "\n")
        last = await published(client, uri, 6, after=count)
        assert [p.version for p in client.published[count:]] == [6]
        assert len(last.diagnostics) == 6


async def test_the_event_loop_answers_while_a_check_runs(tmp_path, uri):
    async with running_server(tmp_path, server_args=["--check-delay", "1.5"]) as (client, _):
        open_document(client, uri, TEXT)
        await eventually(lambda: client.log_messages and any("ready" in m.message for m in client.log_messages), "ready")
        actions = await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=types.Range(start=position(0, 0), end=position(0, 0)),
                context=types.CodeActionContext(diagnostics=[], only=["quickfix"]),
            )
        )
        assert not actions and not client.published  # answered before the check finished
        assert len((await published(client, uri, 1)).diagnostics) == 3


async def test_a_crashing_check_gives_no_diagnostics_and_the_server_goes_on(tmp_path, uri):
    async with running_server(tmp_path) as (client, _):
        open_document(client, uri, "teh <crash>\n")
        assert not (await published(client, uri, 1)).diagnostics
        assert any("crash" in m.message for m in client.log_messages)
        open_document(client, uri + ".txt", "teh\n")
        assert len((await published(client, uri + ".txt", 1)).diagnostics) == 1


async def test_pull_diagnostics(tmp_path, uri):
    capabilities = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(diagnostic=types.DiagnosticClientCapabilities())
    )
    async with running_server(tmp_path, capabilities=capabilities) as (client, _):
        open_document(client, uri, TEXT)
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        assert report.kind == "full"
        assert [d.code for d in report.items] == ["spelling", "agreement", "article"]
        assert not client.published  # a pulling client gets nothing pushed


async def test_pull_for_a_version_that_changed_meanwhile_is_cancelled(tmp_path, uri):
    capabilities = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(diagnostic=types.DiagnosticClientCapabilities())
    )
    async with running_server(tmp_path, capabilities=capabilities, server_args=["--check-delay", "1"]) as (client, _):
        open_document(client, uri, TEXT)
        request = client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        pending = asyncio.ensure_future(request)
        await asyncio.sleep(0)  # the request is sent before the change
        change_document(client, uri, 2, "teh\n")
        with pytest.raises(Exception, match="changed"):
            await pending
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        assert [d.code for d in report.items] == ["spelling"]


async def test_failed_load_is_shown_and_the_server_keeps_answering(tmp_path, uri):
    async with running_server(tmp_path, server_args=["--fail-load"]) as (client, _):
        open_document(client, uri, TEXT)
        message = await eventually(lambda: client.messages and client.messages[0], "showMessage")
        assert message.type == types.MessageType.Error and "encoder.onnx" in message.message
        assert not (await published(client, uri, 1)).diagnostics
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        assert not report.items


async def test_too_large_document_warns_once(tmp_path, uri):
    async with running_server(tmp_path, initialization_options={"maxFileSize": 20, "debounceMs": 0}) as (client, _):
        open_document(client, uri, TEXT)
        assert not (await published(client, uri, 1)).diagnostics
        change_document(client, uri, 2, TEXT + "more")
        await published(client, uri, 2)
        warnings = [m for m in client.messages if m.type == types.MessageType.Warning]
        assert len(warnings) == 1 and "maxFileSize" in warnings[0].message
        change_document(client, uri, 3, "teh\n")
        assert codes(await published(client, uri, 3)) == ["spelling"]


async def test_closing_clears_diagnostics(tmp_path, uri):
    async with running_server(tmp_path) as (client, _):
        open_document(client, uri, TEXT)
        await published(client, uri, 1)
        client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
        await eventually(lambda: not client.published[-1].diagnostics and client.published[-1].uri == uri, "clear")


async def test_incremental_changes_below_a_unicode_line_separator_land_in_place(tmp_path, uri):
    # U+2028 and form feed are not LSP line breaks; pygls's own line splitting treated them as
    # such, so this change went to the wrong line (found by tests/engine/test_robust_fuzz.py).
    async with running_server(tmp_path, initialization_options={"debounceMs": 0}) as (client, _):
        open_document(client, uri, "A\u2028B\x0cC\nthe cat sat.\n")
        await published(client, uri, 1)
        change_document(client, uri, 2, "teh", types.Range(start=position(1, 0), end=position(1, 3)))
        params = await published(client, uri, 2)
        assert codes(params) == ["spelling"]
        assert params.diagnostics[0].range == types.Range(start=position(1, 0), end=position(1, 3))


async def test_unknown_methods_malformed_params_and_unopened_documents_do_not_stop_the_server(tmp_path, uri):
    async with running_server(tmp_path) as (client, _):
        with pytest.raises(Exception, match="(?i)method not found|not found|unknown"):
            await asyncio.wait_for(client.protocol.send_request_async("edgegram/noSuchMethod", {}), 10)
        # malformed messages, written raw (the typed client cannot build them)
        for message in (
            {"jsonrpc": "2.0", "id": "bad-1", "method": "textDocument/codeAction", "params": {"textDocument": {"uri": uri}}},
            {"jsonrpc": "2.0", "id": "bad-2", "method": "textDocument/diagnostic", "params": "nonsense"},
            {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": 7}}},
            {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": None},
        ):
            client.protocol._send_data(message)
        unopened = uri.replace("doc.txt", "never-opened.txt")
        actions = await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=unopened),
                range=types.Range(start=position(0, 0), end=position(0, 1)),
                context=types.CodeActionContext(diagnostics=[]),
            )
        )
        assert not actions
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=unopened))
        )
        assert list(report.items) == []
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(  # a change to an unopened document
                text_document=types.VersionedTextDocumentIdentifier(uri=unopened, version=2),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text="teh")],
            )
        )
        open_document(client, uri, TEXT)  # and the server still works
        assert codes(await published(client, uri, 1)) == ["spelling", "agreement", "article"]


async def test_hiding_a_kind_is_kept_with_the_dictionaries_and_can_be_undone(tmp_path, uri):
    capabilities = types.ClientCapabilities(
        window=types.WindowClientCapabilities(show_message=types.ShowMessageRequestClientCapabilities())
    )
    async with running_server(tmp_path / "data", capabilities=capabilities) as (client, _):
        open_document(client, uri, TEXT)
        article = (await published(client, uri, 1)).diagnostics[2]
        actions = await actions_on(client, uri, article)
        hide = next(a for a in actions if a.title == "Don't show article suggestions")
        params = await republished_after(client, hide.command.command, hide.command.arguments)
        assert codes(params) == ["spelling", "agreement"]
        assert (tmp_path / "data" / "hidden-kinds.txt").read_text(encoding="utf-8") == "article\n"
    async with running_server(tmp_path / "data") as (client, _):  # kept across sessions
        open_document(client, uri, TEXT)
        assert codes(await published(client, uri, 1)) == ["spelling", "agreement"]
        params = await republished_after(client, commands.SHOW_KIND, ["article"])
        assert codes(params) == ["spelling", "agreement", "article"]


async def test_switching_a_rule_off_is_kept_with_the_dictionaries_and_can_be_switched_on(tmp_path, uri):
    text = "They is on Github.\n"
    async with running_server(tmp_path / "data") as (client, _):
        open_document(client, uri, text)
        own_case = (await published(client, uri, 1)).diagnostics[1]
        assert own_case.code == "rules.own_case"
        actions = await actions_on(client, uri, own_case)
        switch_off = next(a for a in actions if a.title == "Don't flag rules.own_case again")
        params = await republished_after(client, switch_off.command.command, switch_off.command.arguments)
        assert codes(params) == ["agreement"]
        assert (tmp_path / "data" / "disabled-rules.txt").read_text(encoding="utf-8") == "rules.own_case\n"
    async with running_server(tmp_path / "data") as (client, _):  # kept across sessions
        open_document(client, uri, text)
        assert codes(await published(client, uri, 1)) == ["agreement"]
        params = await republished_after(client, commands.ENABLE_RULE, ["rules.own_case"])
        assert codes(params) == ["agreement", "rules.own_case"]
        with pytest.raises(Exception, match="not a rule id"):
            await client.workspace_execute_command_async(
                types.ExecuteCommandParams(command=commands.DISABLE_RULE, arguments=["own case"])
            )


def test_the_undo_offered_after_hiding_a_kind_shows_it_again(tmp_path, uri):
    from lsp_support.raw_client import RawClient

    client = RawClient(tmp_path)
    try:
        client.answers["window/showMessageRequest"] = lambda params: {"title": "Undo"}
        client.initialize(capabilities={"window": {"showMessage": {}}})
        client.open(uri, TEXT)
        assert len(client.published(uri, 1)) == 3
        answer = client.call("workspace/executeCommand", {"command": commands.HIDE_KIND, "arguments": ["spelling"]})
        assert "error" not in answer
        request = client.wait_for(lambda m: m.get("method") == "window/showMessageRequest", "the undo offer")
        assert "spelling suggestions are hidden" in request["params"]["message"]

        def counts() -> list[int]:
            return [len(p["params"]["diagnostics"]) for p in client.notifications("textDocument/publishDiagnostics")]

        client.wait_for(lambda m: counts()[-2:] == [2, 3], "hidden, then shown again")
        assert (tmp_path / "hidden-kinds.txt").read_text(encoding="utf-8") == ""
    finally:
        client.close()

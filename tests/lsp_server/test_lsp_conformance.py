"""JSON-RPC and LSP conformance of the real server process, driven by a raw client with its
own framing (tests/lsp_support/raw_client.py), so that broken frames, wrong params and
out-of-order life-cycle messages can be sent as a careless client would send them.

Each case is one of issue 16's findings: the server must answer every request as the
specification says, never leave a client waiting, and end on ``exit`` at once.
"""

from __future__ import annotations

import json
import time
import unicodedata

import pytest
from lsp_support.raw_client import RawClient, encode, frame

TEXT = "I saw teh cat.\nThey is here with a apple.\n"  # spelling 0.9, agreement 0.65, article 0.8
URI = "file:///conformance/doc.txt"
NOT_INITIALIZED, INVALID_REQUEST, INVALID_PARAMS, PARSE_ERROR = -32002, -32600, -32602, -32700


@pytest.fixture
def start(tmp_path):
    clients: list[RawClient] = []

    def make(*server_args: str, unanswered: tuple[str, ...] = ()) -> RawClient:
        client = RawClient(tmp_path, server_args, unanswered)
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close()


@pytest.fixture
def client(start):
    client = start()
    client.initialize()
    return client


def code_action_params(rng) -> dict:
    return {"textDocument": {"uri": URI}, "range": rng, "context": {"diagnostics": []}}


def ok_range(line: int = 0) -> dict:
    return {"start": {"line": line, "character": 0}, "end": {"line": 0, "character": 1}}


def assert_still_serving(client: RawClient) -> None:
    answer = client.call("textDocument/codeAction", code_action_params(ok_range()))
    assert answer.get("result") == [], answer


@pytest.mark.parametrize(
    "method, params, field",
    [
        ("textDocument/codeAction", code_action_params("0:0-0:1"), "range"),
        ("textDocument/codeAction", {**code_action_params(ok_range()), "textDocument": 5}, "textDocument"),
        ("textDocument/codeAction", [URI, ok_range()], "params"),
        ("textDocument/codeAction", code_action_params(ok_range(line=-1)), "range.start"),
        ("textDocument/diagnostic", None, "params"),
    ],
    ids=["range-as-string", "textDocument-5", "params-as-list", "line-minus-1", "diagnostic-null-params"],
)
def test_invalid_params_get_32602_with_a_readable_message(client, method, params, field):
    answer = client.call(method, params)
    assert answer["error"]["code"] == INVALID_PARAMS
    assert method in answer["error"]["message"] and field in answer["error"]["message"]
    assert "Traceback" not in answer["error"]["message"]
    assert_still_serving(client)


def test_invalid_json_gets_a_parse_error_with_null_id(client):
    client.send_bytes(frame(b'{"jsonrpc": "2.0", "id": 99, "method": '))
    error = client.wait_for(lambda m: m.get("error", {}).get("code") == PARSE_ERROR, "a parse error")
    assert error["id"] is None
    for body in (b"[1, 2]", b'"text"', b'{"id": 3, "method": "shutdown"}'):
        client.send_bytes(frame(body))
    client.wait_for(lambda m: m.get("id") == 3 and m.get("error", {}).get("code") == INVALID_REQUEST, "-32600 for id 3")
    assert_still_serving(client)


@pytest.mark.parametrize("wrong_by", [-10, 40])
def test_a_wrong_content_length_is_survived(client, wrong_by):
    body = encode(
        {"jsonrpc": "2.0", "id": "broken", "method": "textDocument/codeAction", "params": code_action_params(ok_range())}
    )
    following = encode(
        {"jsonrpc": "2.0", "id": "next", "method": "textDocument/codeAction", "params": code_action_params(ok_range())}
    )
    client.send_bytes(frame(body, length=len(body) + wrong_by) + frame(following))
    assert client.response("next").get("result") == []
    if wrong_by < 0:  # a cut body is a parse error
        client.wait_for(lambda m: m.get("error", {}).get("code") == PARSE_ERROR, "a parse error")
    else:  # a complete body followed by the next frame is still answered
        assert client.response("broken").get("result") == []
    assert client.call("shutdown").get("result", "missing") is None


def test_an_over_long_frame_is_answered_when_the_client_goes_quiet(client):
    body = encode(
        {"jsonrpc": "2.0", "id": "alone", "method": "textDocument/codeAction", "params": code_action_params(ok_range())}
    )
    client.send_bytes(frame(body, length=len(body) + 40))
    assert client.response("alone", timeout_s=5).get("result") == []
    assert_still_serving(client)


@pytest.mark.parametrize("header", ["content-length", "CONTENT-LENGTH", "Content-length"])
def test_header_names_are_case_insensitive(client, header):
    body = encode(
        {"jsonrpc": "2.0", "id": "cased", "method": "textDocument/codeAction", "params": code_action_params(ok_range())}
    )
    client.send_bytes(b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n" + frame(body, header_name=header))
    assert client.response("cased").get("result") == []


def test_before_initialize_requests_get_32002_and_initialize_still_works(start):
    client = start()
    for method, params in (("textDocument/codeAction", code_action_params(ok_range())), ("shutdown", None)):
        answer = client.call(method, params)
        assert answer["error"]["code"] == NOT_INITIALIZED, answer
        assert "initialize" in answer["error"]["message"]
    client.open(URI, TEXT)  # a notification before initialize is dropped
    client.initialize(options={"debounceMs": 0})
    second = client.call("initialize", {"capabilities": {}})
    assert second["error"]["code"] == INVALID_REQUEST
    client.open(URI, TEXT, version=2)
    assert len(client.published(URI, 2)) == 3
    assert not any(m["params"].get("version") == 1 for m in client.notifications("textDocument/publishDiagnostics"))


def test_after_shutdown_requests_get_32600_and_exit_ends_with_0(client):
    assert client.call("shutdown").get("result", "missing") is None
    answer = client.call("textDocument/codeAction", code_action_params(ok_range()))
    assert answer["error"]["code"] == INVALID_REQUEST
    client.notify("exit")
    assert client.exit_code() == 0


def test_exit_without_shutdown_ends_with_1(client):
    client.notify("exit")
    assert client.exit_code() == 1


def test_exit_during_a_long_check_ends_the_process_within_a_second(start):
    client = start("--check-delay", "30")
    client.initialize()
    client.wait_for(lambda m: "ready" in m.get("params", {}).get("message", ""), "the checker")
    client.open(URI, TEXT)
    time.sleep(0.5)  # the check is running
    sent = time.monotonic()
    client.notify("exit")
    assert client.exit_code(timeout_s=5) == 1
    assert time.monotonic() - sent < 1.0


def test_binary_content_is_not_checked_and_logged_once(client):
    client.open(URI, "teh\x00\x00\x01\x02 recieve\x00" * 50)
    assert client.published(URI, 1) == []
    client.notify(
        "textDocument/didChange", {"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": "teh\x00\x07" * 40}]}
    )
    assert client.published(URI, 2) == []
    binary_logs = [m for m in client.notifications("window/logMessage") if "binary" in m["params"]["message"]]
    assert len(binary_logs) == 1 and URI in binary_logs[0]["params"]["message"]
    client.notify(
        "textDocument/didChange", {"textDocument": {"uri": URI, "version": 3}, "contentChanges": [{"text": "teh cat\n"}]}
    )
    assert len(client.published(URI, 3)) == 1  # prose again: checked


def test_diagnostic_messages_never_contain_control_characters(start):
    client = start("--echo-controls")
    client.initialize()
    client.open(URI, "I saw teh\x1b[31m cat\x01\x02.\n")
    diagnostics = client.published(URI, 1)
    assert {d["code"] for d in diagnostics} == {"spelling", "other"}
    for diagnostic in diagnostics:
        assert not any(unicodedata.category(ch) == "Cc" for ch in diagnostic["message"]), diagnostic["message"]
    assert any("\\x1b" in d["message"] for d in diagnostics)


def test_an_unanswered_configuration_request_does_not_stop_the_server(start):
    client = start(unanswered=("workspace/configuration",))
    client.initialize(capabilities={"workspace": {"configuration": True}}, options={"disabledKinds": ["article"]})
    request = client.wait_for(lambda m: m.get("method") == "workspace/configuration", "workspace/configuration")
    client.open(URI, TEXT)
    assert sorted(d["code"] for d in client.published(URI, 1, timeout_s=6)) == ["agreement", "spelling"]
    fix_all = client.call(
        "textDocument/codeAction",
        {**code_action_params(ok_range()), "context": {"diagnostics": [], "only": ["source.fixAll.edgegram"]}},
    )
    assert [a["kind"] for a in fix_all["result"]] == ["source.fixAll.edgegram"]
    count = len(client.notifications("textDocument/publishDiagnostics"))
    client.send({"jsonrpc": "2.0", "id": request["id"], "result": [{"disabledKinds": ["spelling"]}]})  # late
    republished = client.wait_for(
        lambda m: (
            m.get("method") == "textDocument/publishDiagnostics"
            and m in client.notifications("textDocument/publishDiagnostics")[count:]
        ),
        "diagnostics after the late answer",
    )
    assert sorted(d["code"] for d in republished["params"]["diagnostics"]) == ["agreement", "article"]


def test_a_failed_configuration_request_does_not_stop_the_server(start):
    client = start(unanswered=("workspace/configuration",))
    client.initialize(capabilities={"workspace": {"configuration": True}})
    request = client.wait_for(lambda m: m.get("method") == "workspace/configuration", "workspace/configuration")
    client.send({"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32601, "message": "no configuration here"}})
    client.open(URI, TEXT)
    assert len(client.published(URI, 1, timeout_s=3)) == 3


def test_filter_settings_refilter_cached_results_without_reloading(start):
    client = start("--load-delay", "0.3")
    client.initialize(options={"debounceMs": 0})
    client.open(URI, TEXT)
    assert len(client.published(URI, 1)) == 3
    count = len(client.notifications("textDocument/publishDiagnostics"))
    settings = {"minConfidence": 0.7, "severity": {"spelling": "error"}, "disabledKinds": ["article"]}
    client.notify("workspace/didChangeConfiguration", {"settings": {"edgegram": settings}})
    republished = client.wait_for(
        lambda m: (
            m.get("method") == "textDocument/publishDiagnostics"
            and m in client.notifications("textDocument/publishDiagnostics")[count:]
        ),
        "re-filtered diagnostics",
    )
    diagnostics = republished["params"]["diagnostics"]
    assert [(d["code"], d["severity"]) for d in diagnostics] == [("spelling", 1)]
    loads = [m for m in client.notifications("window/logMessage") if "checker ready" in m["params"]["message"]]
    reloads = [m for m in client.notifications("window/logMessage") if "reloading" in m["params"]["message"]]
    assert len(loads) == 1 and not reloads


def test_pull_diagnostics_have_result_ids_and_unchanged_reports(start):
    client = start()
    client.initialize(capabilities={"textDocument": {"diagnostic": {}}})
    client.open(URI, TEXT)
    params = {"textDocument": {"uri": URI}}
    first = client.call("textDocument/diagnostic", params)["result"]
    assert first["kind"] == "full" and len(first["items"]) == 3 and first["resultId"]
    again = client.call("textDocument/diagnostic", {**params, "previousResultId": first["resultId"]})["result"]
    assert again == {"kind": "unchanged", "resultId": first["resultId"]}
    client.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": "teh\n"}]})
    changed = client.call("textDocument/diagnostic", {**params, "previousResultId": first["resultId"]})["result"]
    assert changed["kind"] == "full" and changed["resultId"] != first["resultId"] and len(changed["items"]) == 1
    json.dumps(changed)  # plain JSON


def test_a_newer_text_stops_the_running_check_between_sentences(client):
    client.wait_for(lambda m: "ready" in m.get("params", {}).get("message", ""), "the checker")
    client.open(URI, "<slow> teh\n")  # 30 s to check unless stopped
    time.sleep(0.3)
    client.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": "teh\n"}]})
    assert len(client.published(URI, 2, timeout_s=3)) == 1


def test_a_check_over_a_second_shows_progress_with_percentages(start):
    client = start("--slow-delay", "2.5")
    client.initialize(capabilities={"window": {"workDoneProgress": True}})
    client.wait_for(lambda m: "ready" in m.get("params", {}).get("message", ""), "the checker")
    client.open("file:///conformance/quick.txt", "teh\n")
    client.published("file:///conformance/quick.txt", 1)
    client.open(URI, "<slow> teh\n")
    assert len(client.published(URI, 1)) == 1
    begin = client.wait_for(
        lambda m: (
            m.get("method") == "$/progress"
            and m["params"]["value"].get("kind") == "begin"
            and m["params"]["value"].get("message") == "Checking doc.txt"
        ),
        "a check's progress",
    )
    token = begin["params"]["token"]
    values = [m["params"]["value"] for m in client.notifications("$/progress") if m["params"]["token"] == token]
    assert [v["kind"] for v in values][-1] == "end"
    percentages = [v["percentage"] for v in values if v["kind"] in ("begin", "report")]
    assert percentages == sorted(percentages) and 0 < percentages[-1] <= 100 and len(percentages) >= 3
    checking = [m for m in client.notifications("$/progress") if "Checking" in str(m["params"]["value"].get("message"))]
    assert all(m["params"]["token"] == token for m in checking)  # none for the quick document


def test_a_burst_of_documents_shows_one_queue_progress_not_one_per_document(start):
    client = start("--slow-delay", "0.5")
    client.initialize(capabilities={"window": {"workDoneProgress": True}})
    client.wait_for(lambda m: "ready" in m.get("params", {}).get("message", ""), "the checker")
    uris = [f"file:///conformance/burst{n}.txt" for n in range(5)]
    for uri in uris:
        client.open(uri, "<slow> teh\n")
    for uri in uris:
        client.published(uri, 1)
    end = client.wait_for(
        lambda m: (
            m.get("method") == "$/progress"
            and m["params"]["value"].get("kind") == "end"
            and "5 documents" in str(m["params"]["value"].get("message"))
        ),
        "the queue progress end",
    )
    token = end["params"]["token"]
    values = [m["params"]["value"] for m in client.notifications("$/progress") if m["params"]["token"] == token]
    assert values[0]["kind"] == "begin" and values[0]["message"].startswith("Checking documents:")
    assert [v["percentage"] for v in values[1:-1]] == sorted(v["percentage"] for v in values[1:-1])
    messages = [str(m["params"]["value"].get("message")) for m in client.notifications("$/progress")]
    assert not any(m.startswith("Checking burst") for m in messages)  # 0.5 s each: no bar per document

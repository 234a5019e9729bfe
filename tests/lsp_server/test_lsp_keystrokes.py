"""What a keystroke costs the server: a document checked with its ProseCache gets the edits
of a check from scratch, and our diagnostics are written to JSON as pygls would write them."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from lsp_support.rule_checker import RuleChecker
from lsprotocol import types
from pygls.protocol import default_converter

from edgegram.engine.prose import ProseCache
from edgegram.lsp_server.analysis import check_document
from edgegram.lsp_server.diagnostics import register_quick_unstructuring

DOCUMENT = """# Notes

They is here, and teh cat will recieve a apple.

```
teh code is not checked

they is not either
```

- a item in teh list

  its second paragraph, where they is late

<!-- teh comment

goes on -->

Last paragraph: a orange and teh end.
"""
INSERTED = ["teh ", "a apple ", "\n", "\n\n", "```", "<!--", "-->", "- ", "    ", "`", "they is "]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 5), st.sampled_from(INSERTED)), min_size=1, max_size=10))
def test_a_document_checked_with_its_prose_cache_gets_the_edits_of_a_fresh_check(edits):
    checker, prose, text = RuleChecker(), ProseCache(), DOCUMENT
    check_document(checker, text, "markdown", prose=prose)
    for at, deleted, inserted in edits:
        start = int(at * len(text))
        text = text[:start] + inserted + text[start + deleted :]
        assert check_document(checker, text, "markdown", prose=prose) == check_document(RuleChecker(), text, "markdown")


def diagnostic(**extra) -> types.Diagnostic:
    where = types.Range(start=types.Position(line=1, character=2), end=types.Position(line=3, character=4))
    return types.Diagnostic(range=where, message="Use 'are'.", **extra)


def test_our_diagnostics_are_written_as_the_generated_code_writes_them():
    generated, quick = default_converter(), default_converter()
    register_quick_unstructuring(quick)
    data = {"replacement": "are", "original": "is", "kind": "agreement", "uri": "file:///a.md", "version": 3, "alternatives": []}
    diagnostics = [
        diagnostic(severity=types.DiagnosticSeverity.Information, code="agreement", source="edgegram", data=data),
        diagnostic(),
        diagnostic(tags=[types.DiagnosticTag.Unnecessary], code=7),  # not ours: left to the generated code
        diagnostic(data={"nested": {"t": (1, 2)}}),
    ]
    params = types.PublishDiagnosticsParams(uri="file:///a.md", diagnostics=diagnostics, version=3)
    assert json.dumps(quick.unstructure(params)) == json.dumps(generated.unstructure(params))

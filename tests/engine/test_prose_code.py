"""Prose in source code: comments and docstrings checked, code and strings left alone."""

import re

import pytest

from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.prose import ProseOptions, drop_skipped, mask
from edgegram.engine.prose.comments import is_code_line
from edgegram.engine.sentences.segment import segment
from edgegram.lsp_server.analysis import check_document
from tests.lsp_support.rule_checker import RuleChecker

# In each sample the prose errors are the words "teh ERR" in a comment or docstring; every
# other "teh" (code, strings, identifiers, backticks, URLs, commented-out code) must not be
# flagged.
SAMPLES = {
    "python": '''#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""Module docs with teh ERR one."""
import os  # noqa: F401

# A comment sentence with teh ERR two, `teh` and https://teh.example.com/teh.
# x = teh(1)
def f(teh_arg, c):
    """Return teh ERR three.

    >>> f(teh, 2)
    3
    """
    s = "teh string"
    t = f"teh {c}"
    return teh_arg + c  # trailing teh ERR four
''',
    "javascript": """/**
 * Compute teh ERR total.
 * @param {number} teh - The count.
 */
function total(teh) { return teh * 2; } // trailing teh ERR
// const x = total(teh);
const s = "teh string", u = `teh template`;
""",
    "typescript": """// teh ERR interface.
interface Teh { name: string; }
/* block teh ERR comment */
let x: Teh = { teh: "teh" };
""",
    "typescriptreact": """// teh ERR component
const A = () => <div title="teh">teh jsx text</div>;
""",
    "rust": """//! Crate docs with teh ERR.
/// Adds teh ERR numbers, see [`teh::add`].
///
/// ```
/// let teh = add(1, 2);
/// ```
fn add(teh: i32) -> i32 { teh } /* block teh ERR */
const S: &str = "teh";
""",
    "go": """// Package foo does teh ERR thing.
//go:generate teh -type=Pill
package foo

// teh := compute(3)
var s = "teh"
""",
    "c": """/* A teh ERR comment
 * wrapped with teh ERR. */
#include "teh.h"
int teh(void) { return 0; } // teh ERR trailing
// int x = teh();
""",
    "cpp": """// The teh ERR class.
class Teh { int teh; }; /* teh ERR */
auto s = "teh";
""",
    "java": """/** The teh ERR class. {@link Teh#teh} does <b>it</b>. */
class Teh { // teh ERR
  String s = "teh";
  // int teh = 3;
}
""",
    "lua": """-- A teh ERR line comment.
--[[ Block comment
with teh ERR. ]]
local teh = "teh" -- trailing teh ERR
-- local x = teh(2)
""",
    "shellscript": """#!/bin/bash
# Run teh ERR script.
echo "teh string" teh # teh ERR trailing
# shellcheck disable=SC2086
# teh --verbose "$x"
""",
}


def expected_errors(text: str) -> list[tuple[int, int]]:
    """Where the rule checker must flag: each lower-case "teh" followed by " ERR"."""
    return [(m.start(), m.end()) for m in re.finditer(r"teh(?= ERR)", text)]


def rule_ranges(text: str, language: str, options: ProseOptions = ProseOptions()) -> list[tuple[int, int]]:
    masked = mask(text, language, options)
    from edgegram.engine.prose import drop_skipped

    return [(e.start, e.end) for e in drop_skipped(RuleChecker().check(masked.text), masked) if e.original.lower() == "teh"]


@pytest.mark.parametrize("language", sorted(SAMPLES))
def test_prose_errors_in_comments_and_docstrings_are_found_at_exact_ranges(language):
    text = SAMPLES[language]
    masked = mask(text, language)
    assert len(masked.text) == len(text)
    assert [i for i, ch in enumerate(text) if ch in "\r\n"] == [i for i, ch in enumerate(masked.text) if ch in "\r\n"]
    assert rule_ranges(text, language) == expected_errors(text)
    assert expected_errors(text), "the sample has errors to find"


@pytest.mark.parametrize("language", sorted(SAMPLES))
def test_code_checking_can_be_turned_off(language):
    assert rule_ranges(SAMPLES[language], language, ProseOptions(check_code=False)) == []


def test_a_comment_sentence_wrapped_over_lines_is_one_sentence():
    text = "x = 1\n# This sentence is wrapped over\n# two comment lines. A second one.\ny = 2\n"
    masked = mask(text, "python")
    sentences = [masked.text[s.start : s.end] for s in segment(masked.text)]
    assert sentences[0].split() == "This sentence is wrapped over two comment lines.".split()
    assert sentences[1] == "A second one."


def test_a_block_comment_sentence_wrapped_over_lines_is_one_sentence():
    text = "/**\n * Returns the total of\n * all the values.\n */\nint f();\n"
    masked = mask(text, "c")
    sentences = [masked.text[s.start : s.end] for s in segment(masked.text)]
    assert [s.split() for s in sentences] == [["Returns", "the", "total", "of", "all", "the", "values."]]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # a doc comment's fenced example: each "///" line is a comment node of its own
        (
            "/// Serve a teh ERR handler:\n///\n/// ```rust\n/// use axum::{\n///     http::{teh, Method},\n/// };\n"
            "/// ```\nfn f() {}\n",
            "rust",
        ),
        ("# Run teh ERR checks:\n#\n# ```\n# teh --all\n# ```\nx = 1\n", "python"),
        # Markdown's indented code after an empty comment line, and a diagram opening a comment
        (
            "/// Build teh ERR tree:\n///\n///     let teh = Tree::new();\n///   teh.grow();\n"
            "/// And teh ERR prose.\nfn f() {}\n",
            "rust",
        ),
        ("f()\n//        teh        b\n//       /      \\\n//    teh     c\nx = 1\n// A teh ERR note.\n", "javascript"),
    ],
)
def test_code_inside_runs_of_line_comments_is_hidden(text, language):
    assert expected_errors(text)
    assert rule_ranges(text, language) == expected_errors(text)


def test_line_comments_on_lines_apart_are_not_one_run():
    text = "// ```\nx = 1\n// A teh ERR note.\n"
    assert rule_ranges(text, "javascript") == expected_errors(text)


def test_offsets_stay_exact_after_emoji_cjk_and_crlf():
    text = 's = "😀漢字"\r\n# 😀 teh comment\r\n'
    assert rule_ranges(text, "python") == [(text.index("teh"), text.index("teh") + 3)]


def test_the_server_path_uses_code_masking():
    text = 'def f():\n    """Teh docstring with teh error."""\n    return "teh"\n'
    edits = check_document(RuleChecker(), text, "python")
    assert [(e.start, e.end) for e in edits] == [(text.index("teh error"), text.index("teh error") + 3)]


@pytest.mark.parametrize(
    "line",
    [
        "x = compute(3)",
        "return x;",
        "if (a > b) {",
        "}",
        "import os",
        "from a import b",
        "foo(bar)",
        "let x = 1;",
        "#include <stdio.h>",
        "def f(x):",
        "x := 3",
        "items[0]",
        "break;",
        "free(buf);",
        "total += count;",
    ],
)
def test_code_lines_are_recognised(line):
    assert is_code_line(line)


@pytest.mark.parametrize(
    "line",
    [
        "This is a sentence.",
        "Return the value (see below).",
        "Note: the cache is cleared first.",
        "If the user asks, we return early.",
        "Use the a.b form, e.g. like this.",
        "indicate a more specific set of FOR UPDATE flags for the SELECT;",
    ],
)
def test_prose_lines_are_not_code(line):
    assert not is_code_line(line)


@pytest.mark.parametrize(
    ("uri", "expected"),
    [
        ("a.py", "python"),
        ("a.mjs", "javascript"),
        ("a.tsx", "typescriptreact"),
        ("a.rs", "rust"),
        ("a.go", "go"),
        ("a.h", "c"),
        ("a.hpp", "cpp"),
        ("A.java", "java"),
        ("a.lua", "lua"),
        ("a.sh", "shellscript"),
    ],
)
def test_source_files_are_recognised_by_extension(uri, expected):
    from edgegram.engine.prose import language_of

    assert language_of(None, f"file:///x/{uri}") == expected


def test_cli_check_finds_a_comment_error_in_a_source_file(tmp_path, monkeypatch, capsys):
    import json

    from edgegram import cli

    source = tmp_path / "util.py"
    source.write_text('def f():\n    """Return teh value."""\n    return "teh"  # a teh comment\n')
    from edgegram.engine import parallel

    # the rule checker stands in for the model's (the CLI shares files out through check_in_processes)
    monkeypatch.setattr(
        parallel,
        "check_in_processes",
        lambda config, texts, progress=None, thresholds=None: _ProgressChecker().check_all(texts, thresholds=thresholds),
    )
    assert cli.main(["check", "--format", "json", str(source)]) == cli.EXIT_PROBLEMS
    problems = json.loads(capsys.readouterr().out)
    assert [(p["line"], p["column"]) for p in problems] == [(2, 15), (3, 23)]
    assert cli.main(["check", "--no-code", str(source)]) == cli.EXIT_OK


class _ProgressChecker(RuleChecker):
    def check(self, text, progress=None, min_confidence=None):  # the CLI passes a progress callback
        return super().check(text, min_confidence=min_confidence)

    def check_all(self, texts, progress=None, thresholds=None):  # what the CLI calls
        return [self.check(text, min_confidence=limit) for text, limit in zip(texts, thresholds or [None] * len(texts))]


DOCSTRING = '''def get(key, with_for_update=None):
    """Return teh ERR instance for a key.

    .. seealso::

        :meth:`.Session.teh` - teh ERR other one.

    .. versionadded:: 2.0

    .. note:: as seen above, teh ERR order matters.

    Looked up as follows::

        # teh cache first
        teh = cache[key]

    :param with_for_update: optional boolean ``teh`` indicating FOR UPDATE
      should be used, or flags for the SELECT;
      flags should match teh ERR parameters.

    Args:
        key: teh ERR key.

    >>> teh(1)
    """
'''


def test_a_python_docstring_is_read_as_restructuredtext():
    assert rule_ranges(DOCSTRING, "python") == expected_errors(DOCSTRING)
    masked = mask(DOCSTRING, "python")
    for hidden in (".. seealso::", ".. versionadded::", "Looked up as follows::"[-1], "# teh cache first", ">>> teh(1)"):
        start = DOCSTRING.index(hidden)
        assert masked.text[start : start + len(hidden)].strip() == "", hidden
    assert "Looked up as follows: " in masked.text  # "::" reads as a colon
    assert "flags for the SELECT;" in masked.text  # a clause ending in ";" is no statement


def test_a_docstrings_field_body_and_an_admonitions_label_text_owe_no_first_capital():
    masked = mask(DOCSTRING, "python")
    for needle in ("optional boolean", "as seen above"):
        start = DOCSTRING.index(needle)
        edit = Edit(start, start + 1, needle[0].upper(), needle[0], EditKind.CAPITALISATION, "m", 0.9)
        assert drop_skipped([edit], masked) == [], needle


def test_a_dotted_name_with_a_capital_in_a_comment_is_one_word():
    masked = mask("x = 1\n# the schema.Column isn't\n", "python")
    assert "the Xxxxxxxxxxxxx isn't" in masked.text


def _allowed(text: str, language: str, needle: str, replacement: str, kind: EditKind, at_end: bool = False) -> bool:
    start = text.index(needle) + (len(needle) if at_end else 0)
    end = start if at_end else start + len(needle)
    edit = Edit(start, end, replacement, "" if at_end else needle, kind, "m", 0.9)
    return drop_skipped([edit], mask(text, language)) == [edit]


DOCUMENTED = '''class Union:
    """This is done by:
    * Validating that the input is compatible
    * Introspecting the schema to find
      which values map to which choices

    Then we return. Then we stop

    And more.
    """
'''


def test_list_items_in_comments_and_docstrings_owe_no_final_stop():
    assert not _allowed(DOCUMENTED, "python", "is compatible", ".", EditKind.PUNCTUATION, at_end=True)
    assert not _allowed(DOCUMENTED, "python", "which choices", ".", EditKind.PUNCTUATION, at_end=True)
    comment = "x = 1\n# Steps:\n# - parse the input\n# - check it\n"
    assert not _allowed(comment, "python", "parse the input", ".", EditKind.PUNCTUATION, at_end=True)
    assert not _allowed(comment, "python", "parse", "Parse", EditKind.CAPITALISATION)
    assert _allowed(DOCUMENTED, "python", "Then we stop", ".", EditKind.PUNCTUATION, at_end=True)  # a paragraph's


def test_a_tags_description_owes_no_first_capital():
    text = "/**\n * Applies fixes.\n * @param {boolean} shouldFix\n *      whether fixes are applied.\n */\nf();\n"
    assert not _allowed(text, "javascript", "whether", "Whether", EditKind.CAPITALISATION)
    assert _allowed(text, "javascript", "Applies", "Apply", EditKind.AGREEMENT)


def test_a_rule_of_dashes_in_a_comment_is_hidden():
    text = "//------------------------------------------------------------\n// Helpers\n//----------\nf();\n"
    masked = mask(text, "javascript")
    assert "-" not in masked.text and "Helpers" in masked.text


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            '/*\n   Copyright 2020 teh authors\n\n   Licensed under the Apache License (the "License");\n'
            "   you may not use teh file.\n*/\npackage x\n// A teh ERR note.\n",
            "go",
        ),
        ("# SPDX-License-Identifier: MIT\n# teh notice\nx = 1  # a teh ERR note\n", "python"),
    ],
)
def test_a_licence_notice_is_not_checked(text, language):
    assert rule_ranges(text, language) == expected_errors(text)


def test_a_comment_opening_with_the_name_under_it_reads_that_name_as_code():
    text = (
        "type m struct {\n\t// containers is the set of IDs\n\tcontainers []string\n\t// Start teh ERR server\n\tserver int\n}\n"
    )
    masked = mask(text, "go")
    assert "Xxxxxxxxxx is the set of IDs" in masked.text
    assert "Start teh ERR server" in masked.text  # "Start" is not in the line under it
    assert mask("x = 1  # total is it\ntotal = 2\n", "python").text.strip() == "total is it"


def test_a_notes_marker_and_owner_are_hidden_and_its_text_owes_no_capital():
    text = "x = 1\n# TODO(teh): we should clean up teh ERR images\ny = 2\n"
    assert rule_ranges(text, "python") == expected_errors(text)
    assert not _allowed(text, "python", "we should", "We", EditKind.CAPITALISATION)

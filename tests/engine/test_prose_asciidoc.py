"""AsciiDoc: prose checked at exact ranges, blocks and inline markup hidden, spans typed; and
AsciiDoc saved as plain text told by its constructs."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.prose import ASCIIDOC, PLAINTEXT, drop_skipped, language_of, mask, min_confidence_for
from edgegram.engine.prose.asciidoc import looks_like_asciidoc
from edgegram.engine.prose.spans import SpanKind
from edgegram.engine.sentences.model_text import INVISIBLE
from edgegram.engine.sentences.segment import segment
from tests.lsp_support.rule_checker import RuleChecker

DOC = """= A teh ERR guide
Jane Writer <teh@example.org>
v1.0, 2024-01-01
:toc: left
:teh-attribute: teh value

NAME
----
git-frob - teh ERR summary of the command

SYNOPSIS
--------
[verse]
'git teh' [--teh | -v]

DESCRIPTION
-----------
A paragraph with teh ERR error, `teh code`, +teh passthrough+, {teh-attribute},
linkgit:git-teh[1], link:https://teh.org/teh[teh ERR link text] and https://teh.example.com/teh,
a <<teh-anchor,teh ERR cross reference>>, <<teh-anchor>>, *teh ERR bold* and _teh ERR italics_.

--teh::
-t::
\tBe quiet, teh ERR description.
+
A teh ERR paragraph joined to the item.

core.tehEditor::
\tSets teh ERR editor.

[source,python]
----
teh = 1
----

[literal]
teh literal paragraph

\tteh indented literal paragraph

....
teh literal block
....

////
teh comment block
////

// teh comment line

* list item teh ERR
* second item
. ordered teh ERR item

NOTE: A teh ERR admonition.

.A teh ERR block title
====
Inside an example block, teh ERR.
====

[cols="1,2"]
|===
|Name |Description
|frob-option |A teh ERR cell
2+|A spanning teh ERR cell
|===

[[teh-anchor]]
include::teh-include.adoc[]
ifdef::teh-flag[]
endif::teh-flag[]
Ends with a hard break +
and teh ERR more.
"""


def flagged(text: str, language: str = ASCIIDOC) -> list[tuple[int, int]]:
    masked = mask(text, language)
    assert len(masked.text) == len(text)
    assert all(masked.text[i] == char for i, char in enumerate(text) if char in "\r\n")
    return [(e.start, e.end) for e in drop_skipped(RuleChecker().check(masked.text), masked)]


def test_prose_errors_are_found_and_nothing_else():
    wanted = [(m.start(), m.end()) for m in re.finditer(r"teh(?= ERR)", DOC)]
    assert len(wanted) == 18
    assert flagged(DOC) == wanted


def spans_of(kind: SpanKind, text: str = DOC) -> list[str]:
    return [text[start:end] for start, end in mask(text, ASCIIDOC).ranges_of(kind)]


def test_spans_know_what_they_are():
    assert spans_of(SpanKind.HEADING) == ["A teh ERR guide", "NAME", "SYNOPSIS", "DESCRIPTION"]
    assert "A teh ERR block title" in spans_of(SpanKind.CAPTION)
    assert ["A teh ERR paragraph joined to the item.", "list item teh ERR", "second item", "ordered teh ERR item"] == [
        item for item in spans_of(SpanKind.LIST_ITEM) if "item" in item
    ]
    assert {"A teh ERR cell", "A spanning teh ERR cell"} <= {cell.strip() for cell in spans_of(SpanKind.TABLE_CELL)}
    assert spans_of(SpanKind.LINK_TEXT) == ["teh ERR link text", "teh ERR cross reference"]
    assert "teh ERR bold" in spans_of(SpanKind.EMPHASIS)


def test_table_cells_are_not_one_sentence():
    masked = mask(DOC, ASCIIDOC)
    sentences = [masked.text[s.start : s.end].strip() for s in segment(masked.text)]
    assert "Name" in sentences and "Description" in sentences


def test_one_token_terms_stand_for_a_word_and_worded_terms_are_prose():
    text = "--teh-option::\n\tThe option.\n\nCommit teh ERR message::\n\tIts first line.\n"
    assert flagged(text) == [(text.index("teh ERR"), text.index("teh ERR") + 3)]
    assert spans_of(SpanKind.TERM, text) == ["Commit teh ERR message"]


def test_bold_around_part_of_a_word_leaves_one_word():
    masked = mask("It runs **g**lobally.\n", ASCIIDOC)
    assert masked.text.replace("\u2060", "").startswith("It runs globally.")


@pytest.mark.parametrize(
    "unfinished",
    ["Some teh ERR text.\n\n----\nteh code never closed\n", "|===\n|a teh ERR cell\n", "====\nA teh ERR example\n"],
)
def test_an_unfinished_document_is_masked_without_failing(unfinished):
    wanted = [(m.start(), m.end()) for m in re.finditer(r"teh(?= ERR)", unfinished)]
    assert flagged(unfinished) == wanted


def test_a_setext_underline_needs_a_title_of_its_length():
    text = "A teh ERR paragraph line that is long\n----\nteh code\n----\n"
    assert flagged(text) == [(2, 5)]


def test_a_list_item_owes_no_final_stop_but_a_paragraph_of_sentences_does():
    text = "* Run the tests\n\nRun the tests. Then push\n"
    end_of_item, end_of_paragraph = text.index("tests\n") + 5, len(text) - 1
    stops = [Edit(at, at, ".", "", EditKind.PUNCTUATION, "m", 0.9) for at in (end_of_item, end_of_paragraph)]
    kept = drop_skipped(stops, mask(text, ASCIIDOC))
    assert [edit.start for edit in kept] == [end_of_paragraph]


@pytest.mark.parametrize(
    "text",
    [
        "See linkgit:git-config[1] for details.\n",
        "core.editor::\n\tCommands such as commit use it.\n",
        "Intro.\n\n[source,shell]\n----\nmake\n----\n",
        "include::partial.adoc[]\n",
        "See <<install,the install guide>>.\n",
        ":toc: left\n\n== Usage\n\nRun it.\n",
    ],
)
def test_asciidoc_in_plain_text_is_told_by_its_constructs(text):
    assert looks_like_asciidoc(text)
    assert language_of(None, "file:///repo/Documentation/git-x.txt", text) == ASCIIDOC
    assert language_of("plaintext", "file:///repo/notes.txt", text) == ASCIIDOC


@pytest.mark.parametrize(
    "text",
    [
        "Dear team,\n\nThe build is green. See you tomorrow.\n",
        "Title\n=====\n\nA reStructuredText README saved as text, with ``literal`` text.\n",
        "Example::\n\n    indented code after a blank line\n",
        "Use `make` to build.\n",
        ":Author: Jane\n",
    ],
)
def test_plain_text_stays_plain_text(text):
    assert not looks_like_asciidoc(text)
    assert language_of(None, "file:///x/notes.txt", text) == PLAINTEXT


@pytest.mark.parametrize(
    ("language_id", "uri", "expected"),
    [
        ("asciidoc", None, ASCIIDOC),
        ("asciidoctor", None, ASCIIDOC),
        ("adoc", None, ASCIIDOC),
        (None, "file:///x/guide.adoc", ASCIIDOC),
        (None, "file:///x/guide.asciidoc", ASCIIDOC),
        ("plaintext", "file:///x/guide.adoc", ASCIIDOC),  # an editor with no AsciiDoc mode
        ("plaintext", "file:///x/script.py", PLAINTEXT),  # plain text chosen for code stays plain
        ("markdown", "file:///x/guide.adoc", "markdown"),
    ],
)
def test_asciidoc_is_known_by_language_id_and_file_name(language_id, uri, expected):
    assert language_of(language_id, uri) == expected


def test_asciidoc_is_technical_prose_for_the_models_threshold():
    assert min_confidence_for(ASCIIDOC, 0.35, 0.5).default == 0.5
    assert min_confidence_for(PLAINTEXT, 0.35, 0.5).default == 0.35


def test_plain_text_with_code_in_backticks_is_technical_prose():
    """A .txt whose writer puts commands in backticks (git's pages, a README) gets markup's
    thresholds; plain prose, and an old GNU-style quote (`like this'), keep plain text's."""
    technical = min_confidence_for(ASCIIDOC, 0.35, 0.5)
    assert min_confidence_for(PLAINTEXT, 0.35, 0.5, "Pass the `-u` flag to it.") == technical
    assert min_confidence_for(None, 0.35, 0.5, "Pass the `-u` flag to it.") == technical
    assert min_confidence_for(PLAINTEXT, 0.35, 0.5, "She go home.").default == 0.35
    assert min_confidence_for(PLAINTEXT, 0.35, 0.5, "Quote `like this' here.").default == 0.35


def test_directives_in_asciidoc_comments():
    text = "// edgegram: ignore-next-line\nA teh line.\n\nA teh ERR line.\n"
    assert flagged(text) == [(text.index("teh ERR"), text.index("teh ERR") + 3)]


@given(st.text(alphabet=st.sampled_from(list("ab `+*_#'=-.|!:[]{}<>/\\\t\r\n😀")), max_size=80))
def test_masking_never_changes_length_or_line_breaks(text):
    masked = mask(text, ASCIIDOC)
    assert len(masked.text) == len(text)
    assert all(masked.text[i] == char for i, char in enumerate(text) if char in "\r\n")
    assert all(0 <= start < end <= len(text) for start, end in masked.skipped)


def test_a_paragraph_after_a_listing_goes_on_with_the_sentence_before_it():
    text = "Run it as\n\n----\ngit push r1\n----\n\nwhere r1 is a remote.\n\nThen\n\n----\nx\n----\n\nthe teh ERR end.\n"
    masked = mask(text, ASCIIDOC)
    assert [text[s:e] for s, e in masked.ranges_of(SpanKind.CONTINUATION)] == ["where r1 is a remote."]
    capital = Edit(text.index("where"), text.index("where") + 1, "W", "w", EditKind.CAPITALISATION, "m", 0.9)
    assert drop_skipped([capital], masked) == []


def test_a_continued_paragraph_belongs_to_its_list_item():
    text = "size::\n\tThe size.\n+\nalternate: the path of teh ERR databases\n"
    assert "alternate: the path of teh ERR databases" in spans_of(SpanKind.LIST_ITEM, text)


@pytest.mark.parametrize(
    ("text", "hidden"),
    [
        ("Shown with 'git help teh' or teh ERR.\n", "'git help teh'"),
        ("The default is 'refs/teh' here, teh ERR.\n", "'refs/teh'"),
        ("[synopsis]\ngit teh <arg>...\n\nA teh ERR line.\n", "git teh <arg>..."),
    ],
)
def test_names_in_single_quotes_and_synopses_are_not_prose(text, hidden):
    assert "teh" in hidden and text.count("teh") == 2
    assert flagged(text) == [(text.index("teh ERR"), text.index("teh ERR") + 3)]


def test_an_admonitions_text_owes_its_first_word_no_capital():
    text = "NOTE: this is a possibly dangerous operation. do not use it.\n"
    masked = mask(text, ASCIIDOC)
    first, second = (
        Edit(text.index(w), text.index(w) + 1, w[0].upper(), w[0], EditKind.CAPITALISATION, "m", 0.9) for w in ("this", "do ")
    )
    assert drop_skipped([first, second], masked) == [second]


def test_old_double_quotes_belong_to_no_word():
    masked = mask("packs ``a'', ``b'', and ``c'' look like:\n", ASCIIDOC)
    assert masked.text.replace(INVISIBLE, "").startswith("packs a, b, and c look like:")

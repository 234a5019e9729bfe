"""reStructuredText and HTML: prose checked at exact ranges, markup hidden."""

import re

import pytest

from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.prose import HTML, RESTRUCTUREDTEXT, drop_skipped, language_of, mask
from edgegram.engine.prose.spans import SpanKind
from edgegram.engine.sentences.segment import segment
from tests.lsp_support.rule_checker import RuleChecker

RST = """Title with teh ERR
=================

A paragraph with teh ERR error and :role:`teh role` and ``teh literal``
wrapped `link teh ERR <https://teh.org/teh>`_ here, *emph teh ERR* and **strong** target_ |teh| [1]_.

.. note:: A teh ERR note.

.. code-block:: python

   teh = 1

- list item teh ERR
- second item

Literal::

    teh literal block

.. teh comment

.. image:: teh.png
   :alt: teh alt

:Author: teh
"""

HTML_DOC = """<!DOCTYPE html>
<html><head><title>A teh ERR title</title><script>var teh = "teh";</script>
<style>p { teh: 1 }</style></head>
<body><!-- teh comment -->
<p class="teh" title="teh">A teh ERR paragraph with <b>teh ERR bold</b> and <code>teh</code> &amp; https://teh.org/teh.</p>
<pre>teh pre</pre>
<ul>
  <li>teh ERR item</li>
</ul>
</body></html>
"""


def flagged(text: str, language: str) -> list[tuple[int, int]]:
    masked = mask(text, language)
    assert len(masked.text) == len(text)
    return [(e.start, e.end) for e in drop_skipped(RuleChecker().check(masked.text), masked)]


def expected(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"teh(?= ERR)", text)]


@pytest.mark.parametrize(("text", "language"), [(RST, RESTRUCTUREDTEXT), (HTML_DOC, HTML)])
def test_prose_errors_are_found_and_markup_is_not_flagged(text, language):
    assert expected(text)
    assert flagged(text, language) == expected(text)


def test_rst_list_items_stay_separate_sentences():
    masked = mask(RST, RESTRUCTUREDTEXT)
    sentences = [masked.text[s.start : s.end] for s in segment(masked.text)]
    assert "- list item teh ERR" in sentences and "- second item" in sentences


def test_rst_literal_block_marker_keeps_one_colon():
    masked = mask(RST, RESTRUCTUREDTEXT)
    start = RST.index("Literal::")
    assert masked.text[start : start + 9] == "Literal: "


def test_an_rst_paragraph_after_a_literal_block_goes_on_with_the_sentence_before_it():
    text = (
        "You can run::\n\n    git diff\n\nto diff your state again.\n\n"
        ".. code-block:: python\n\n    x = 1\n\nwhere x is one.\n\nRun it::\n\n    y\n\nthe teh ERR end.\n"
    )
    masked = mask(text, RESTRUCTUREDTEXT)
    assert [text[s:e] for s, e in masked.ranges_of(SpanKind.CONTINUATION)] == ["to diff your state again.", "where x is one."]
    capital = Edit(text.index("to diff"), text.index("to diff") + 2, "To", "to", EditKind.CAPITALISATION, "m", 0.9)
    assert drop_skipped([capital], masked) == []


@pytest.mark.parametrize(("uri", "expected_language"), [("a.rst", RESTRUCTUREDTEXT), ("a.html", HTML), ("a.htm", HTML)])
def test_markup_files_are_recognised_by_extension(uri, expected_language):
    assert language_of(None, f"file:///x/{uri}") == expected_language


def test_html_offsets_are_exact_after_multibyte_text():
    text = "<p>😀 漢字 and teh</p>"
    assert flagged(text, HTML) == [(text.index("teh"), text.index("teh") + 3)]


def test_site_generator_templates_are_hidden_and_the_prose_between_them_checked():
    text = (
        'Watch it.\n\n{{< youtube id="G6PRjmXuBG8" >}}\n\nSee {{< ref "docs/x.md" >}} or {{ page.title }} now.\n\n'
        "{% raw %}{{% note %}} This works. {{% /note %}}{# a comment #}{% endraw %}\n"
    )
    masked = mask(text, "markdown")
    assert len(masked.text) == len(text)
    for hidden in ("youtube", "ref", "docs", "page.title", "note", "raw", "comment", "{", "}", "%", "#"):
        assert hidden not in masked.text
    assert "Watch it." in masked.text and "This works." in masked.text
    assert re.search(r"See Xx+ or Xx+ now\.", masked.text)  # a value stands in a sentence as a word

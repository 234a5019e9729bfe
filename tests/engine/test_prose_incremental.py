"""Incremental prose extraction (edgegram.engine.prose.incremental): masking an edited
document with its ProseCache gives exactly what masking it from scratch gives."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from edgegram.engine.prose import ProseCache, incremental, mask
from edgegram.engine.prose.incremental import joined, markdown_parts
from edgegram.engine.prose.markdown import mask_markdown, mask_markdown_block

MARKDOWN_DOC = """---
title: A page
---

# A title

Some text with `code` and a [link](http://example.com) here.

```python
def f():

    return 1
```

After the code, a fragment.

<!-- a comment

that goes on -->

- an item

  its second paragraph

- another item

    indented code

<div>
an HTML block
</div>

<pre>

kept as it is

</pre>

A tag <span
class="x"> that crosses lines.

> a quote
> goes on

Das ist ein ganz anderer Absatz, der auf Deutsch geschrieben wurde und nicht geprüft wird.

Last paragraph with a bare URL https://example.org/page.
"""

LATEX_DOC = r"""\documentclass{article}
\begin{document}
\section{Intro}
Some text with $x = 1$ math and a \cite{key}.

\begin{equation}
a = b

c = d
\end{equation}

\begin{itemize}
\item one thing
\item another
\end{itemize}
% a comment
The end.
\end{document}
"""

RST_DOC = """Title
=====

A paragraph with ``literal`` and a `link <http://x.org>`_.

.. note::

   An admonition body.

.. code-block:: python

   x = 1

- item one
- item two
"""

HTML_DOC = """<html><body>
<h1>Title</h1>
<p>Some text with <code>code</code> in it.</p>

<pre>
kept

as is
</pre>
<p>Another paragraph &amp; more.</p>
<script>var x = 1;</script>
</body></html>
"""

PLAIN_DOC = """A plain paragraph of text.

Another one, with a second line
that goes on.

Ein deutscher Absatz, der nicht geprüft werden sollte, weil er nicht auf Englisch ist.
"""

PYTHON_DOC = '''"""A module docstring that says what it does."""

# A comment about the next function.
def f(x):
    """Return x, unchanged."""

    # inside: another comment
    return x  # trailing comment
'''

DOCUMENTS = {
    "markdown": MARKDOWN_DOC,
    "latex": LATEX_DOC,
    "restructuredtext": RST_DOC,
    "html": HTML_DOC,
    "plaintext": PLAIN_DOC,
    "python": PYTHON_DOC,
}
# What edits insert: Markdown, LaTeX, reST and HTML syntax, line breaks, words.
PIECES = ["\n", "\n\n", " ", "    ", "`", "```", "~~~", "<", ">", "<!--", "-->", "<div>", "- ", "1. ", "#", "*", "$"]
PIECES += ["\\", "{", "}"]
PIECES += ["%", "---", "> ", "\r\n", "word", "The", " edgegram: ignore-next-line", "<pre>", "</pre>", '"""', "#", "[a](b)"]

edit_lists = st.lists(
    st.tuples(st.floats(0, 1), st.integers(0, 6), st.sampled_from(PIECES)),
    min_size=1,
    max_size=12,
)


def edited(text: str, at: float, deleted: int, inserted: str) -> str:
    start = int(at * len(text))
    return text[:start] + inserted + text[start + deleted :]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(language=st.sampled_from(sorted(DOCUMENTS)), edits=edit_lists)
def test_masking_with_the_cache_after_each_edit_is_masking_from_scratch(language, edits):
    text, cache = DOCUMENTS[language], ProseCache()
    assert mask(text, language, cache=cache) == mask(text, language)
    for at, deleted, inserted in edits:
        text = edited(text, at, deleted, inserted)
        assert mask(text, language, cache=cache) == mask(text, language), (language, text)


markdown_lines = st.lists(
    st.sampled_from(
        [
            "",
            "",
            "text",
            "more `code",
            "code` end",
            "```",
            "~~~~",
            "    indented",
            "- item",
            "2. item",
            "  continued",
            "> quote",
            "<div>",
            "</div>",
            "<pre>",
            "</pre>",
            "<!-- open",
            "close -->",
            "a <span",
            'class="x">',
            "# Heading",
            "---",
            "+++",
            "[ref]: http://x.org",
            "Title",
            "=====",
            "<?php",
            "?>",
            " \t",
        ]
    ),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(lines=markdown_lines, crlf=st.booleans())
def test_markdown_masked_part_by_part_is_markdown_masked_whole(lines, crlf):
    text = ("\r\n" if crlf else "\n").join(lines)
    assert joined(markdown_parts(text, mask_markdown_block)) == mask_markdown(text)


def test_an_edit_parses_only_the_part_it_touches(monkeypatch):
    parsed: list[str] = []

    def counting(part: str, first: bool = True, after_code: bool = False):
        parsed.append(part)
        return mask_markdown_block(part, first, after_code)

    monkeypatch.setattr(incremental, "mask_markdown_block", counting)
    cache = ProseCache()
    text = "\n\n".join(f"Paragraph number {n} of a long document." for n in range(200)) + "\n"
    mask(text, "markdown", cache=cache)
    assert len(parsed) == 200
    parsed.clear()
    mask(text.replace("number 150 ", "number 150a "), "markdown", cache=cache)
    assert parsed == ["Paragraph number 150a of a long document.\n\n"]


def test_a_cache_holds_one_version_of_its_document():
    cache = ProseCache()
    text = "\n\n".join(f"Paragraph {n}, which is English enough for the filter to keep it." for n in range(50))
    for n in range(100):
        text = text.replace(f"Paragraph {n % 50},", f"Paragraph {n % 50}x,")
        mask(text, "markdown", cache=cache)
    assert len(cache) <= 2 * (50 + 50) + 2

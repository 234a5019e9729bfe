"""What the parsed structure of a document lets through (issue 15, techdocs): a heading's
capitals and final punctuation, a list item's or caption's or comment's first capital and
final punctuation are style; agreement, number and article edits beside a placeholder word
(code the model cannot see) are guesses. Other edits in the same places are kept."""

import pytest

from edgegram.engine.prose import drop_skipped, mask
from edgegram.engine.types import Edit, EditKind


def edit_at(text: str, needle: str, replacement: str, kind: EditKind, occurrence: int = 0) -> Edit:
    """An edit replacing the ``occurrence``-th ``needle`` of ``text`` (``needle`` may be
    ``'|'``-marked: ``'heading|'`` inserts after 'heading')."""
    if "|" in needle:
        before = needle.replace("|", "")
        start = _find(text, before, occurrence) + needle.index("|")
        return Edit(start, start, replacement, "", kind, "", 0.9, 0.9)
    start = _find(text, needle, occurrence)
    return Edit(start, start + len(needle), replacement, needle, kind, "", 0.9, 0.9)


def _find(text: str, needle: str, occurrence: int) -> int:
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    return index


def kept(text: str, language: str, *edits: Edit) -> list[bool]:
    masked = mask(text, language)
    allowed = drop_skipped(list(edits), masked)
    return [e in allowed for e in edits]


MARKDOWN = """# Capturing the Environment

## Handling Errors

- functions with a runtime
- the function that teh caller calls

<span class="caption">Figure 4-2: the memory of the variable</span>

```rust
let x = 5;
```

we can use a `where` clause here. The `items` list are sorted and the values are sorted.

```rust
let y = 6;
```

you’ll get an error like this:

A paragraph wraps
the heading of a sentence.

```rust
let z = 7;
```

the compiler rejects this code.

```rust
let w = 8;
```

when Rust compiles this code, it checks the types.
"""


@pytest.mark.parametrize(
    "needle, replacement, kind, allowed",
    [
        ("Environment|", ".", EditKind.PUNCTUATION, False),  # full stop after a heading
        ("Environment", "environment", EditKind.CAPITALISATION, False),  # title case
        ("Errors|", ".", EditKind.PUNCTUATION, False),
        ("runtime|", ".", EditKind.PUNCTUATION, False),  # list item without a full stop
        ("functions", "Functions", EditKind.CAPITALISATION, False),  # list item's first word
        ("teh", "the", EditKind.SPELLING, True),  # a real error inside a list item
        ("variable|", ".", EditKind.PUNCTUATION, False),  # caption
        ("we", "We", EditKind.CAPITALISATION, False),  # a sentence resumed after a code block
        ("you’ll", "You’ll", EditKind.CAPITALISATION, True),  # a subject and its verb open a new one
        ("the compiler", "The compiler", EditKind.CAPITALISATION, True),  # so does a determiner
        ("when Rust", "When Rust", EditKind.CAPITALISATION, True),  # and a word that never goes on with one
        ("list are", "list is", EditKind.AGREEMENT, False),  # beside `items`: number unseen
        ("values are", "values is", EditKind.AGREEMENT, True),  # far from any code
        ("A paragraph", "The paragraph", EditKind.ARTICLE, True),  # a plain paragraph
        ("sentence|", "!", EditKind.PUNCTUATION, True),  # a paragraph's own full stop
    ],
)
def test_markdown_structure(needle, replacement, kind, allowed):
    assert kept(MARKDOWN, "markdown", edit_at(MARKDOWN, needle, replacement, kind)) == [allowed]


def test_title_case_only_in_headings():
    text = "A sentence about the Environment of a program.\n"
    edit = edit_at(text, "Environment", "environment", EditKind.CAPITALISATION)
    assert kept(text, "markdown", edit) == [True]


PYTHON = """def count(items):
    # returns the number of items
    return len(items)  # teh count
"""


@pytest.mark.parametrize(
    "needle, replacement, kind, allowed",
    [
        ("returns", "Returns", EditKind.CAPITALISATION, False),  # a comment's first word
        ("of items|", ".", EditKind.PUNCTUATION, False),  # a comment's final full stop
        ("teh", "the", EditKind.SPELLING, True),
    ],
)
def test_comment_fragments(needle, replacement, kind, allowed):
    assert kept(PYTHON, "python", edit_at(PYTHON, needle, replacement, kind)) == [allowed]


def test_placeholder_reach_is_bounded_by_words_paragraphs_and_sentences():
    text = "The `items` are sorted.\n\nThe values are sorted and ready for the long list.\n"
    near = edit_at(text, "are", "is", EditKind.AGREEMENT)
    far = edit_at(text, "the long", "a long", EditKind.ARTICLE)
    next_paragraph = edit_at(text, "The values", "Values", EditKind.ARTICLE)
    spelling = edit_at(text, "sorted", "sortid", EditKind.SPELLING)  # not a number-sensitive kind
    assert kept(text, "markdown", near, far, next_paragraph, spelling) == [False, True, True, True]
    # a placeholder that ends the sentence before is no neighbour of the next one's words
    text = "We use the variable `two_borrow`. This make two references. It are `x` here.\n"
    next_sentence = edit_at(text, "make", "makes", EditKind.AGREEMENT)
    same_sentence = edit_at(text, "are", "is", EditKind.AGREEMENT)
    assert kept(text, "markdown", next_sentence, same_sentence) == [True, False]


RST = """Handling the Errors
===================

- functions with a runtime
- the function teh caller calls

A paragraph of the text.
"""


@pytest.mark.parametrize(
    "needle, replacement, kind, allowed",
    [
        ("Errors|", ".", EditKind.PUNCTUATION, False),  # section title
        ("Errors", "errors", EditKind.CAPITALISATION, False),
        ("runtime|", ".", EditKind.PUNCTUATION, False),  # list item
        ("teh", "the", EditKind.SPELLING, True),
        (".", "!", EditKind.PUNCTUATION, True),  # a paragraph's full stop stays checked
    ],
)
def test_rst_structure(needle, replacement, kind, allowed):
    assert kept(RST, "restructuredtext", edit_at(RST, needle, replacement, kind)) == [allowed]


LATEX = r"""\documentclass{article}
\begin{document}
\section*{Handling the Errors}
\begin{itemize}
\item functions with a runtime
\item[b] the function teh caller calls
\end{itemize}
\begin{figure}
\caption{The memory of the variable}
\end{figure}
A paragraph of the text.
\end{document}
"""


@pytest.mark.parametrize(
    "needle, replacement, kind, allowed",
    [
        ("Errors|", ".", EditKind.PUNCTUATION, False),  # a section title
        ("Errors", "errors", EditKind.CAPITALISATION, False),
        ("runtime|", ".", EditKind.PUNCTUATION, False),  # an item
        ("functions", "Functions", EditKind.CAPITALISATION, False),
        ("teh", "the", EditKind.SPELLING, True),  # a real error inside an item
        ("variable|", ".", EditKind.PUNCTUATION, False),  # a caption
        ("text.", "text!", EditKind.PUNCTUATION, True),  # a paragraph's full stop stays checked
        ("A paragraph", "The paragraph", EditKind.ARTICLE, True),
    ],
)
def test_latex_structure(needle, replacement, kind, allowed):
    assert kept(LATEX, "latex", edit_at(LATEX, needle, replacement, kind)) == [allowed]

"""Markup masking: same length, line structure kept, non-prose hidden, prose kept."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.prose import (
    CODE_LANGUAGES,
    GIT_COMMIT,
    LATEX,
    MARKDOWN,
    MARKUP_LANGUAGES,
    PLAINTEXT,
    MaskedText,
    drop_skipped,
    language_of,
    mask,
    placeholder_word,
)
from edgegram.engine.sentences.model_text import INVISIBLE


def hidden(text: str, masked: MaskedText, fragment: str) -> bool:
    """Whether every character of ``fragment`` (first occurrence) is masked."""
    start = text.index(fragment)
    end = start + len(fragment)
    only_placeholders = set(masked.text[start:end]) <= set("Xx \r\n" + INVISIBLE)  # INVISIBLE: markup
    return only_placeholders and any(s <= start and end <= e for s, e in masked.skipped)


def kept(text: str, masked: MaskedText, fragment: str) -> bool:
    start = text.index(fragment)
    return masked.text[start : start + len(fragment)] == fragment


def check_invariants(text: str, masked: MaskedText) -> None:
    assert len(masked.text) == len(text)
    for i, ch in enumerate(text):
        if ch in "\r\n":
            assert masked.text[i] == ch
    for s, e in masked.skipped:
        assert 0 <= s < e <= len(text)


# ---------------------------------------------------------------- language detection


@pytest.mark.parametrize(
    ("language_id", "uri", "expected"),
    [
        ("markdown", None, MARKDOWN),
        ("latex", None, LATEX),
        ("tex", None, LATEX),
        ("git-commit", None, GIT_COMMIT),
        ("plaintext", None, PLAINTEXT),
        ("", "file:///x/README.md", MARKDOWN),
        (None, "file:///x/paper.TEX", LATEX),
        ("", "file:///repo/.git/COMMIT_EDITMSG", GIT_COMMIT),
        ("", "file:///x/notes.txt", PLAINTEXT),
        ("restructuredtext", "file:///x/a.rst", "restructuredtext"),
        (None, "file:///x/a.unknown", None),
    ],
)
def test_language_of(language_id, uri, expected):
    assert language_of(language_id, uri) == expected


def test_placeholder_word_has_the_length_asked_for():
    assert [len(placeholder_word(n)) for n in range(5)] == [0, 1, 2, 3, 4]
    assert placeholder_word(4).isalpha()


def test_plain_text_is_unchanged_but_for_its_backticked_code():
    assert mask("teh $y$ and `x' quoted", PLAINTEXT) == MaskedText("teh $y$ and `x' quoted", ())
    masked = mask("teh `teh.x()` and `--all` a`b", PLAINTEXT)
    assert masked.text == f"teh {placeholder_word(9)} and {placeholder_word(7)} a`b"
    assert masked.placeholders == ((4, 13), (18, 25))


def test_a_commit_messages_backticked_code_is_a_placeholder():
    masked = mask("Fix `teh_x` in the parser\n\nThe `--all` flag is gone.\n", GIT_COMMIT)
    assert "teh_x" not in masked.text and "--all" not in masked.text
    assert masked.text.startswith(f"Fix {placeholder_word(7)} in the parser")


# ---------------------------------------------------------------- Markdown

MARKDOWN_DOC = """---
title: teh front matter
---
# Teh heading

See [teh docs](https://example.com/teh) and `teh code` at https://teh.example.com/x.
Also <https://teh.org> and <b>teh bold</b> <!-- teh comment -->.

```python
teh = 1
```

~~~
teh tilde
~~~

    teh indented code

- a list item
    continued teh list text

[teh-ref]: https://example.com/teh-ref
Last teh line ![teh image](teh.png).
"""


@pytest.fixture(scope="module")
def markdown() -> MaskedText:
    masked = mask(MARKDOWN_DOC, MARKDOWN)
    check_invariants(MARKDOWN_DOC, masked)
    return masked


@pytest.mark.parametrize(
    "fragment",
    [
        "title: teh front matter",
        "https://example.com/teh)",
        "`teh code`",
        "https://teh.example.com/x",
        "<https://teh.org>",
        "<b>",
        "</b>",
        "<!-- teh comment -->",
        "teh = 1",
        "teh tilde",
        "teh indented code",
        "[teh-ref]: https://example.com/teh-ref",
        "![teh image](teh.png)",
        "#",
    ],
)
def test_markdown_hides(markdown, fragment):
    assert hidden(MARKDOWN_DOC, markdown, fragment)


@pytest.mark.parametrize("fragment", ["Teh heading", "teh docs", "teh bold", "continued teh list text", "Last teh line", "See "])
def test_markdown_keeps(markdown, fragment):
    assert kept(MARKDOWN_DOC, markdown, fragment)


def test_markdown_trailing_sentence_punctuation_is_not_part_of_a_url(markdown):
    url_end = MARKDOWN_DOC.index("https://teh.example.com/x") + len("https://teh.example.com/x")
    assert markdown.text[url_end] == "."


def test_inline_code_becomes_one_word(markdown):
    start = MARKDOWN_DOC.index("`teh code`")
    assert markdown.text[start : start + 10] == placeholder_word(10)


def test_unclosed_fence_hides_to_the_end():
    text = "Good.\n```\nteh\n"
    masked = mask(text, MARKDOWN)
    assert "teh" not in masked.text and masked.text.startswith("Good.")


def test_markdown_crlf_keeps_line_breaks():
    text = "Intro.\r\n```\r\nteh\r\n```\r\nteh end\r\n"
    masked = mask(text, MARKDOWN)
    check_invariants(text, masked)
    assert masked.text.count("teh") == 1 and masked.text.endswith("teh end\r\n")


# ---------------------------------------------------------------- LaTeX

LATEX_DOC = r"""\documentclass{article}
\usepackage{teh}
\begin{document}
\section{Teh introduction}
This is \emph{teh point}, see \cite{teh2020} and Figure~\ref{fig:teh}. % teh comment
We have $teh + 1$ and \(teh\) and \[ teh \] and $$teh$$.
\begin{equation}
  teh = mc^2
\end{equation}
\begin{align*} teh \end{align*}
\begin{verbatim}
teh verbatim
\end{verbatim}
\begin{lstlisting}
teh listing
\end{lstlisting}
\begin{minted}{python}
teh minted
\end{minted}
Visit \href{https://teh.org}{teh site}. Costs 50\% of teh budget.
\end{document}
"""


@pytest.fixture(scope="module")
def latex() -> MaskedText:
    masked = mask(LATEX_DOC, LATEX)
    check_invariants(LATEX_DOC, masked)
    return masked


@pytest.mark.parametrize(
    "fragment",
    [
        r"\usepackage{teh}",
        r"\section{",
        r"\emph{",
        r"\cite{teh2020}",
        r"\ref{fig:teh}",
        "% teh comment",
        "$teh + 1$",
        r"\(teh\)",
        r"\[ teh \]",
        "$$teh$$",
        "teh = mc^2",
        r"\begin{align*} teh \end{align*}",
        "teh verbatim",
        "teh listing",
        "teh minted",
        "https://teh.org",
        r"\%",
    ],
)
def test_latex_hides(latex, fragment):
    assert hidden(LATEX_DOC, latex, fragment)


@pytest.mark.parametrize("fragment", ["Teh introduction", "teh point", "teh site", "of teh budget", "This is "])
def test_latex_keeps(latex, fragment):
    assert kept(LATEX_DOC, latex, fragment)


def test_latex_comment_does_not_start_at_an_escaped_percent():
    text = r"50\% of teh cases"
    assert kept(text, mask(text, LATEX), "of teh cases")


# ---------------------------------------------------------------- git commit messages

COMMIT = """Fix teh parser

Teh body explains it.
# Please enter teh commit message
# ------------------------ >8 ------------------------
# Do not modify or remove the line above.
diff --git a/teh.py b/teh.py
+teh
"""


def test_git_commit_hides_comments_and_the_diff():
    masked = mask(COMMIT, GIT_COMMIT)
    check_invariants(COMMIT, masked)
    assert kept(COMMIT, masked, "Fix teh parser") and kept(COMMIT, masked, "Teh body explains it.")
    assert masked.text.count("teh") + masked.text.count("Teh") == 2


# ---------------------------------------------------------------- dropping edits


def edit(start: int, end: int) -> Edit:
    return Edit(start, end, "x", "?", EditKind.OTHER, "", 1.0)


def test_drop_skipped_removes_overlaps_and_insertions_inside():
    masked = MaskedText("0123456789", ((3, 6),))
    edits = [edit(0, 3), edit(2, 4), edit(5, 8), edit(6, 7), edit(4, 4), edit(3, 3), edit(6, 6), edit(1, 9)]
    assert [(e.start, e.end) for e in drop_skipped(edits, masked)] == [(0, 3), (6, 7), (3, 3), (6, 6)]


@given(st.text(alphabet=st.sampled_from(list("ab `$\\{}[]()<>#%-~\r\n*:/.\"'_=😀\u2028")), max_size=60))
def test_masking_never_changes_length_or_line_breaks(text):
    for language in (MARKDOWN, LATEX, GIT_COMMIT, *MARKUP_LANGUAGES, *CODE_LANGUAGES):
        check_invariants(text, mask(text, language))


# ---------------------------------------------------------------- lines split the LSP way


def test_a_line_separator_does_not_start_a_line_for_markdown():
    """U+2028 is not a line break in LSP or CommonMark: the fence after it is paragraph
    text, so the next lines are not a code block."""
    text = "Intro\u2028```\nteh line is prose\n"
    masked = mask(text, MARKDOWN)
    check_invariants(text, masked)
    assert kept(text, masked, "teh line is prose")


def test_lsp_lines_split_only_at_cr_and_lf():
    from edgegram.engine.prose import lsp_lines

    text = "a\u2028b\x85c\x0cd\r\ne\rf\ng"
    assert [content for _, _, content in lsp_lines(text)] == ["a\u2028b\x85c\x0cd", "e", "f", "g"]
    assert lsp_lines("x\n")[-1] == (2, 2, "")


@pytest.mark.parametrize("fragment", ["Teh heading", "teh setext"])
def test_markdown_heading_marks_and_setext_underlines_are_hidden(fragment):
    text = "## Teh heading ##\n\nteh setext\n==========\n\n> quoted teh\n> more\n\n***\n"
    masked = mask(text, MARKDOWN)
    assert kept(text, masked, fragment)
    assert "#" not in masked.text and "=" not in masked.text and ">" not in masked.text
    assert "*" not in masked.text

"""What the parsed structure of a document lets through (issue 15, techdocs): a heading's
capitals and final punctuation, a list item's or caption's or comment's first capital and
final punctuation are style; agreement, number and article edits beside a placeholder word
(code the model cannot see) are guesses. Other edits in the same places are kept."""

import pytest

from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.prose import drop_skipped, mask
from edgegram.engine.sentences.model_text import INVISIBLE


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


# What a span is decides what it owes (edgegram.engine.prose.spans): a plain paragraph owes a
# final stop only where another of its sentences ends with one; a table cell, a commit subject,
# a link's text owe none; after a link's text no capital is demanded.
NOTES = """Deploy is done, all green

Grab bag of useful things for chart authors

Docs use the robot. Approval works as in any other repo

| Option | What it does |
|---|---|
| cache | turns caching on |

See [Why is it slow?](faq.md) for the answers.

Now [Github releases](https://github.com/x) are here.

The name of the package. **Always required when set**

_example:_
`gh help`
The argument help is required here.
"""


@pytest.mark.parametrize(
    "needle, replacement, kind, allowed",
    [
        ("green|", ".", EditKind.PUNCTUATION, False),  # a one-line note
        ("authors|", ".", EditKind.PUNCTUATION, False),
        ("repo|", ".", EditKind.PUNCTUATION, True),  # the sentence before it has one
        ("Docs use", "Docs uses", EditKind.AGREEMENT, True),  # other edits stay
        ("caching on|", ".", EditKind.PUNCTUATION, False),  # a table cell
        ("turns", "Turns", EditKind.CAPITALISATION, False),
        ("cache", "Cache", EditKind.CAPITALISATION, False),
        ("for the answers", "For the answers", EditKind.CAPITALISATION, False),  # after a link's text
        ("slow|", ".", EditKind.PUNCTUATION, False),  # inside the link's text
        ("Github", "GitHub", EditKind.CAPITALISATION, True),  # a name's own case, not a first capital
        ("set**|", ".", EditKind.PUNCTUATION, False),  # a note set apart in bold
        ("example", "Example", EditKind.CAPITALISATION, False),  # a label in italics
        ("|cache |", "the ", EditKind.ARTICLE, False),  # a table cell is a label: its articles are style
        ("|Github releases", "the ", EditKind.ARTICLE, False),  # and so is a link's text
        ("|package", "the ", EditKind.ARTICLE, True),  # not a sentence's word before it (no label)
        ("the |package", "main ", EditKind.OTHER, True),  # nor a label's other edits
    ],
)
def test_what_a_span_owes(needle, replacement, kind, allowed):
    assert kept(NOTES, "markdown", edit_at(NOTES, needle, replacement, kind)) == [allowed]


@pytest.mark.parametrize(
    "needle, allowed",
    [
        ("Add |`request`", False),  # a changelog's entry: it opens with a verb, a label's style
        ("consider adding |`good", False),
        ("omit |`Content", False),  # "Don't": the verb is "do"
        ("through |`Document", True),  # a list item that is a sentence owes its articles
        ("with |`-vvv`", True),  # so does a paragraph
        ("graphviz: |`foo`", False),  # labels: an issue's number, a few words and a colon
        ("regression for |`timeout`", False),  # a verb's past
        ("deprecated |`tz_aware`", False),  # a bracketed tag
        ("has |`Content-Type`", True),  # a sentence with its subject
    ],
)
def test_a_list_item_written_as_a_note_may_leave_out_its_articles(needle, allowed):
    """As a document's edits are shown (edgegram.engine.document, which knows verbs)."""
    from dataclasses import replace

    from edgegram.engine.document import document_edits

    text = (
        "- Add `request` argument to `TemplateResponse`.\n"
        "- consider adding `good first issue` label\n"
        "- Don't omit `Content-Length` header.\n"
        "- `httponly` - A bool that is read through `Document.cookie` property.\n"
        "- #5124: graphviz: `foo` option is renamed to `bar`\n"
        "- Fixed regression for `timeout` argument (#1653)\n"
        "- [MongoDB backend] No longer uses deprecated `tz_aware` parameter.\n"
        "- The response has `Content-Type` header.\n\n"
        "Run it again (with `-vvv` flag).\n"
    )
    edit = replace(edit_at(text, needle, "the ", EditKind.ARTICLE), rule="rules.code_article")  # a rule's: it sees the code
    assert (edit in document_edits([edit], mask(text, "markdown"))) == allowed


def test_a_name_in_its_own_case_opening_a_list_item_is_no_first_capital():
    """ "linux" -> "Linux" from the names rule opens a list item, which owes no first capital: the
    capital is the name's, so the edit stays; the same change from anything else does not."""
    from dataclasses import replace

    text = "Wheels are built:\n\n- linux x64 and arm\n"
    capital = edit_at(text, "linux", "Linux", EditKind.CAPITALISATION)
    assert kept(text, "markdown", replace(capital, rule="rules.own_case"), capital) == [True, False]


COMMIT = """feat(parser): add support for nested tables

The scheduler could mark a job done twice when two workers finished at
the same moment. Take the lock before reading the state

- keep a rolling buffer of samples
- verify that all releases were moved
without content loss
  * read the stats of the parent group

<!-- go over the following points. check them with an `x` -->

Signed-off-by: Jane Doe <jane@example.com>
# Please enter the commit message for your changes.
"""


@pytest.mark.parametrize(
    "needle, replacement, kind, allowed",
    [
        ("tables|", ".", EditKind.PUNCTUATION, False),  # the subject line
        ("add support", "Add support", EditKind.CAPITALISATION, False),
        ("feat", "Feat", EditKind.CAPITALISATION, False),  # the type prefix is hidden
        ("state|", ".", EditKind.PUNCTUATION, True),  # a body paragraph of sentences
        ("Jane", "Jan", EditKind.SPELLING, False),  # trailers are hidden
        ("samples|", ".", EditKind.PUNCTUATION, False),  # a bulleted line of the body: a list item
        ("keep", "Keep", EditKind.CAPITALISATION, False),
        ("loss|", ".", EditKind.PUNCTUATION, False),  # the item's wrapped line
        ("group|", ".", EditKind.PUNCTUATION, False),  # an item of a nested list
        ("check them", "Check them", EditKind.CAPITALISATION, False),  # an HTML comment is hidden
        ("for |nested", "the ", EditKind.ARTICLE, False),  # the subject is a label: articles are style
        ("before |reading", "the ", EditKind.ARTICLE, True),  # the body's sentences owe theirs
        ("|rolling", "the ", EditKind.ARTICLE, True),  # a list item owes its articles (but see below)
    ],
)
def test_commit_message_structure(needle, replacement, kind, allowed):
    assert kept(COMMIT, "git-commit", edit_at(COMMIT, needle, replacement, kind)) == [allowed]


PLAIN_LIST = """Updates in this release:

 * progress displays from many commands are nicer to the eye
 * when both sides add a path identically, the merge
   resolves it cleanly
 1. fetch the tags first

this paragraph of sentences owes its capital. And its stop
"""


@pytest.mark.parametrize(
    "needle, replacement, kind, allowed",
    [
        ("eye|", ".", EditKind.PUNCTUATION, False),  # a bulleted line: a list item
        ("progress", "Progress", EditKind.CAPITALISATION, False),
        ("cleanly|", ".", EditKind.PUNCTUATION, False),  # the item's more indented wrapped line
        ("fetch", "Fetch", EditKind.CAPITALISATION, False),  # a numbered item
        ("this", "This", EditKind.CAPITALISATION, True),  # a paragraph after the list owes both
        ("stop|", ".", EditKind.PUNCTUATION, True),
    ],
)
def test_plain_text_list_items_owe_no_final_stop_or_first_capital(needle, replacement, kind, allowed):
    assert kept(PLAIN_LIST, "plaintext", edit_at(PLAIN_LIST, needle, replacement, kind)) == [allowed]


def test_rst_literal_marker_reads_as_a_colon_even_without_its_block():
    masked = mask("Here is an example configuration file::\n", "restructuredtext")
    assert masked.text == "Here is an example configuration file: \n"
    masked = mask("Here is an example configuration file ::\n", "restructuredtext")
    assert masked.text.rstrip() == "Here is an example configuration file"


@pytest.mark.parametrize(
    "markdown, reads",
    [
        ("Set it **g**lobally or per _c_ontainer.\n", "Set it globally or per _c_ontainer."),  # no intraword _
        ("This is *perfect.* And **this?** Then.\n", "This is perfect. And this? Then."),
        ('See [the guide](https://example.com/a_(b) "t") now.\n', "See the guide now."),
        ("Use \\*args\\* ~~not~~ here.\n", "Use *args* not here."),
        ("> quoted **bold**\n> line\n", "quoted bold\n  line"),
        ("- item with [a link](x) in it\n", "- item with a link in it"),
    ],
)
def test_inline_markup_belongs_to_no_word(markdown, reads):
    masked = mask(markdown, "markdown")
    assert masked.text.replace(INVISIBLE, "").strip() == reads


def test_inline_markup_is_skipped_and_words_inside_it_are_checked():
    text = "Set it **g**lobally.\n"
    masked = mask(text, "markdown")
    whole = edit_at(text, "**g**lobally", "locally", EditKind.SPELLING)
    inside = edit_at(text, "lobally", "lobal", EditKind.SPELLING)
    assert kept(text, "markdown", whole, inside) == [False, True]
    assert masked.text.count(INVISIBLE) == 4


def test_sentences_end_inside_emphasis_and_tables_split_cells():
    from edgegram.engine.sentences.segment import segment

    text = "This is *perfect.* And this is **great?** Then we go on.\n\n| a b | c d |\n|---|---|\n"
    masked = mask(text, "markdown").text
    sentences = [masked[s.start : s.end].replace(INVISIBLE, "") for s in segment(masked)]
    assert sentences == ["This is perfect.", "And this is great?", "Then we go on.", "a b", "c d"]


@pytest.mark.parametrize(
    "text, needle, replacement, allowed",
    [
        ("When the grammar indicate `PKT-LINE`, it is a line.\n", "indicate", "indicates", True),  # code: the object
        ("Is `items` set?\n", "Is", "Are", False),  # an auxiliary may come before its subject
        ("There is `items` here.\n", "is", "are", False),
        ("The `items` also are sorted.\n", "are", "is", False),  # the subject's side
        ("The grammar makes `x` and `y` shorter.\n", "makes", "make", True),
        ("It return the `Vec` it made.\n", "return", "returns", True),
        ("This template extends the `layout` file.\n", "template", "templates", False),  # may be the subject
    ],
)
def test_an_agreement_edit_minds_a_placeholder_only_on_its_subjects_side(text, needle, replacement, allowed):
    assert kept(text, "markdown", edit_at(text, needle, replacement, EditKind.AGREEMENT)) == [allowed]


def test_a_rules_number_edit_beside_a_placeholder_stands_and_the_models_does_not():
    text = "Props with `Boolean` type has special rules.\n"
    start = text.index("has")
    rule = Edit(start, start + 3, "have", "has", EditKind.AGREEMENT, "", 0.9, 0.9, rule="rules.verb_number")
    model = Edit(start, start + 3, "have", "has", EditKind.AGREEMENT, "", 0.6, 0.6, rule="model.agreement")
    assert kept(text, "markdown", rule, model) == [True, False]

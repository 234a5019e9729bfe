"""'a' or 'an' before inline code, by the sound of the code's first word (edgegram.engine.finders.code_articles),
as the CLI and the language server show it (edgegram.engine.document.document_edits)."""

import pytest

from edgegram.engine.core.types import Edit, EditKind, Thresholds
from edgegram.engine.document import document_edits
from edgegram.engine.finders import code_articles
from edgegram.engine.prose import MARKDOWN, RESTRUCTUREDTEXT, mask


def _fixes(text: str, language: str = MARKDOWN) -> list[tuple[str, str, str]]:
    """(the article written, its fix, the text after it) of every edit."""
    masked = mask(text, language)
    return [(e.original, e.replacement, text[e.end : e.end + 12]) for e in code_articles.find(masked)]


@pytest.mark.parametrize(
    ("text", "fixes"),
    [
        ("Initialize an `queue` here.", [("an", "a", " `queue` her")]),
        ("Use a `imap://` URL or A `update()` call.", [("a", "an", " `imap://` U"), ("A", "An", " `update()` ")]),
        ("It sends an ``200 OK`` reply or a `8`.", [("an", "a", " ``200 OK`` "), ("a", "an", " `8`.")]),
        ("Start a `HTTPServer` or an `useState` hook.", [("a", "an", " `HTTPServer"), ("an", "a", " `useState` ")]),
    ],
)
def test_markdown_code_is_heard_by_its_first_word(text: str, fixes: list[tuple[str, str, str]]) -> None:
    assert _fixes(text) == fixes


def test_restructuredtext_roles_are_heard_by_the_name_they_show() -> None:
    text = (
        "It raises an :exc:`~werkzeug.exceptions.BadRequest`, is passed a :attr:`instance_path`"
        " and a :class:`Flask <flask.Flask>`.\n"
    )
    assert _fixes(text, RESTRUCTUREDTEXT) == [("an", "a", " :exc:`~werk"), ("a", "an", " :attr:`inst")]


@pytest.mark.parametrize(
    "text",
    [
        "Use an `Option`, a `u8`, an `x`, an `i18n` table and a `Result`.",
        "A `std::vec`, a `json` file, a `--force` push, a `.gitignore`, a `$HOME` and a `&str` are not judged.",
        "It is an `18` or a `1800` or a `12`.",  # one to three digits are read; more are not judged
        "Run `queue` and `imap` without an article.",
        "See a :ref:`an example <target>` and an :ref:`the guide <guide>`.",  # a title's function word
        "An [anchor](https://example.org/queue) and a <https://example.org/imap> link.",  # not code
    ],
)
def test_code_left_alone(text: str) -> None:
    assert _fixes(text) == []


def test_message_names_the_code_and_the_rule_switches_it_off() -> None:
    masked = mask("Initialize an `queue` here.", MARKDOWN)
    (edit,) = code_articles.find(masked)
    assert edit.rule == "rules.articles" and edit.kind is EditKind.ARTICLE
    assert edit.message == "Write 'a' before 'queue': it begins with a consonant sound."


def test_document_edits_keep_structure_thresholds_and_other_edits() -> None:
    text = "Initialize an `queue` here.\n\nThen a `imap` thing.\n"
    masked = mask(text, MARKDOWN)
    article = text.index("an `queue`")
    # an edit of the checker's on the same article wins; another one is kept beside the code's
    rival = Edit(article, article + 2, "one", "an", EditKind.OTHER, "", 0.5)
    other = Edit(0, 10, "Initialise", "Initialize", EditKind.SPELLING, "", 0.5)
    shown = document_edits([rival, other], masked)
    assert [(e.start, e.replacement) for e in shown] == [(0, "Initialise"), (article, "one"), (text.index("a `imap`"), "an")]
    # above the rule's confidence nothing of its own is shown
    assert document_edits([], masked, Thresholds(0.95)) == []
    # a piece of the document: only the code inside it
    second = text.index("Then")
    assert [e.start for e in document_edits([], masked, None, second, len(text))] == [text.index("a `imap`")]


def test_an_article_left_out_before_code_is_put_in_where_the_span_owes_it(tiny_model_dir) -> None:
    """rules.code_article through a whole check of a Markdown document as the CLI shows it: the
    paragraph's "with `--force` option" gets its "the"; a heading, a changelog's item that opens
    with a verb and a table cell ("it sets `y` field", mended in a paragraph), which may leave
    out their articles, get none."""
    from edgegram.engine import Checker, CheckerConfig

    text = (
        "# Using `--force` option\n\n"
        "Run the command with `--force` option when `-z` flag is set.\n\n"
        "- Add `request` argument to `Config`.\n\n"
        "| name | what |\n|---|---|\n| x | it sets `y` field |\n"
    )
    masked = mask(text, MARKDOWN)
    checker = Checker(CheckerConfig(model_dir=tiny_model_dir, threads=1, min_confidence=0.0))
    edits = document_edits(checker.check(masked.text), masked)
    articles = [(text[: e.start].count("\n"), e.replacement) for e in edits if e.rule == "rules.code_article"]
    assert articles == [(2, "the "), (2, "the ")]

"""A paragraph that is the rest of a sentence broken off (spans.breaks_off) owes no first capital,
in every format; one that opens a statement in lower case still does."""

import pytest

from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.prose import MARKDOWN, PLAINTEXT, RESTRUCTUREDTEXT, drop_skipped, mask
from edgegram.engine.prose.spans import SpanKind, breaks_off

BROKEN_OFF = "where Y is the revert of W, and B' is rerolled B."
STATEMENT = "in a log-only file the first block follows the header."


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (BROKEN_OFF, True),
        ("and git will prompt you for a message.", True),
        ("can fill in. All the block tag does is tell the engine.", True),
        ("hence domain goals are clauses.", False),  # opens sentences: its lower case is a slip
        ("but there was a fee to join.", False),
        (STATEMENT, False),
        ("And git will prompt you.", False),  # a capital: a sentence of its own
        ("is it done? I think so.", False),  # a question
        ("the output is:", False),
    ],
)
def test_a_paragraph_breaks_off_where_it_opens_with_a_word_that_opens_no_statement(text, expected):
    assert breaks_off(text) is expected


def _capital(text: str, word: str) -> Edit:
    start = text.index(word)
    return Edit(start, start + len(word), word.capitalize(), word, EditKind.CAPITALISATION, "m", 0.9)


@pytest.mark.parametrize("language", [MARKDOWN, RESTRUCTUREDTEXT, PLAINTEXT])
def test_only_the_broken_off_paragraph_is_a_continuation(language):
    text = f"Run it first.\n\n{BROKEN_OFF}\n\n{STATEMENT}\n"
    masked = mask(text, language)
    assert [text[s:e].strip() for s, e in masked.ranges_of(SpanKind.CONTINUATION)] == [BROKEN_OFF]
    where, in_ = _capital(text, "where"), _capital(text, "in a log")
    assert drop_skipped([where, in_], masked) == [in_]


def test_plain_text_after_an_indented_block_goes_on_with_the_sentence_before_it():
    text = "You could run\n\n    git rebase master topic\n\nto keep yourself up to date.\n\nthe teh end.\n"
    masked = mask(text, PLAINTEXT)
    assert [text[s:e] for s, e in masked.ranges_of(SpanKind.CONTINUATION)] == ["to keep yourself up to date."]


@pytest.mark.parametrize("language", [MARKDOWN, RESTRUCTUREDTEXT, PLAINTEXT])
def test_a_broken_off_paragraph_owes_no_final_stop_but_keeps_a_doubled_one_a_slip(language):
    text = f"Run it first.\n\n{BROKEN_OFF[:-1]}\n\n{BROKEN_OFF}.\n\n{BROKEN_OFF[:-1]}...\n"
    masked = mask(text, language)
    missing = text.index(BROKEN_OFF[:-1]) + len(BROKEN_OFF) - 1
    doubled = text.index("B..") + 2
    ellipsis = text.index("B...") + 2
    add = Edit(missing, missing, ".", "", EditKind.PUNCTUATION, "Add a period.", 0.9)
    undouble = Edit(doubled, doubled + 1, "", ".", EditKind.PUNCTUATION, "Remove the period.", 0.9)
    shorten = Edit(ellipsis, ellipsis + 1, "", ".", EditKind.PUNCTUATION, "Remove the period.", 0.9)
    assert drop_skipped([add, undouble, shorten], masked) == [undouble]

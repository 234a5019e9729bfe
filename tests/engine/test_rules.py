"""Mechanical rules (edgegram.engine.rules): each rule's positive and negative cases, on
sentences as the model sees them (no model needed)."""

import pytest

from edgegram.engine.edits import apply_edits
from edgegram.engine.lexicon import shipped_lexicon
from edgegram.engine.rules import RULE_CONFIDENCE, rule_edits
from edgegram.engine.rules.articles import allowed
from edgegram.engine.types import EditKind


def fixed(sentence: str) -> str:
    return apply_edits(sentence, rule_edits(sentence, shipped_lexicon()))


@pytest.mark.parametrize(
    "sentence, expected",
    [
        # a / an by sound
        ("We call an method here.", "We call a method here."),
        ("It took a hour.", "It took an hour."),
        ("An limit applies.", "A limit applies."),
        # a sentence's first word, the pronoun I
        ("for now it suffices.", "For now it suffices."),
        ("It works. note that it is slow.", "It works. Note that it is slow."),
        ("Then i told him and i'm sure.", "Then I told him and I'm sure."),
        # doubled words
        ("It goes to to the park.", "It goes to the park."),
        ("The the cat sat.", "The cat sat."),
        # modal + of
        ("I could of done it better.", "I could have done it better."),
        ("She should of known.", "She should have known."),
        # modal + verb form
        ("We can implementing a trait.", "We can implement a trait."),
        ("The program should works now.", "The program should work now."),
        ("The user will being asked.", "The user will be asked."),
        # pronoun agreement
        ("If we does it twice, it fails.", "If we do it twice, it fails."),
        ("They is here.", "They are here."),
        ("It are fine, and he have one.", "It is fine, and he has one."),
        ("There is many ways to do it.", "There are many ways to do it."),
        ("There are a problem.", "There is a problem."),
        # confusables settled by the next word
        ("Its a visual indicator.", "It's a visual indicator."),
        ("Their are more differences.", "There are more differences."),
        ("Both point too the same place.", "Both point to the same place."),
        ("It is faster then that.", "It is faster than that."),
    ],
)
def test_rule_fixes(sentence, expected):
    assert fixed(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "It took an hour for a user to write a one-off script.",  # sound, not spelling
        "Use an SQL query or a SQL query, an HTTP call, a URL.",  # either reading of an acronym
        "A. Smith and B. Jones wrote it.",  # initials
        "npm installs the packages.",  # a lower-case command is not an English word
        "See e.g. the book.",  # after an abbreviation
        "Read the “Hello, world!” program first.",  # a title in quotes
        "(see below)",  # an aside
        "Use i as the index",  # no final stop: a fragment owes no capital
        "He had had enough, and that that was it.",  # doubled words that can be right
        "He would, of course, agree.",
        "Does he have it? Let it do the work.",  # the pronoun is not the subject
        "Variables that use it do not move.",
        "As it were, if it were not so.",  # subjunctive
        "It still works and it also runs; it can wait.",  # not bare verbs
        "Keep it short.",
        "We will sometimes always know.",
        "Its value is its own.",  # possessive before a noun
        "The thing is too big, and then it ends.",
    ],
)
def test_rules_leave_correct_text_alone(sentence):
    assert rule_edits(sentence, shipped_lexicon()) == []


def test_rule_edits_are_described_and_confident():
    edits = rule_edits("They is here with an method.", shipped_lexicon())
    assert [(e.original, e.replacement, e.kind) for e in edits] == [
        ("is", "are", EditKind.AGREEMENT),
        ("an", "a", EditKind.ARTICLE),
    ]
    assert all(e.mechanical and e.confidence == RULE_CONFIDENCE and e.message for e in edits)


@pytest.mark.parametrize(
    "word, articles",
    [
        ("hour", {"an"}),
        ("user", {"a"}),
        ("one", {"a"}),
        ("method", {"a"}),
        ("apple", {"an"}),
        ("HTTP", {"an"}),
        ("herb", {"a", "an"}),
    ],
)
def test_articles_follow_pronunciation(word, articles):
    assert allowed(word) == articles

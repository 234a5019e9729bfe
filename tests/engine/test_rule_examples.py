"""Every rule's own examples are its tests (edgegram.engine.finders.rules.record): each marked example
is what the rule alone makes of the sentence, and the safety net lets its fixes through; each one
to leave alone gets no fix from any rule; a rule with fewer than three of either fails. Test ids
are the rule's id."""

import re

import pytest

from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules import RULES, rule_by_id, rule_edits
from edgegram.engine.finders.rules.record import Fix, marked, unmarked
from edgegram.engine.judge.safety import unsafe_edits
from edgegram.engine.sentences.lexicon import shipped_lexicon

FIRES = [pytest.param(rule, example, id=f"{rule.id}-fires-{i}") for rule in RULES for i, example in enumerate(rule.fires)]
LEAVES = [pytest.param(rule, example, id=f"{rule.id}-leaves-{i}") for rule in RULES for i, example in enumerate(rule.leaves)]


@pytest.mark.parametrize("rule, example", FIRES)
def test_a_rule_makes_exactly_the_fixes_its_example_marks(rule, example):
    sentence, _ = unmarked(example)
    edits = rule_edits(sentence, shipped_lexicon(), [rule])
    assert marked(sentence, [(e.start, e.end, e.replacement) for e in edits]) == example
    assert all(e.rule == rule.id and e.kind == rule.kind for e in edits)


@pytest.mark.parametrize("rule, example", FIRES)
def test_the_safety_net_lets_a_rules_marked_fixes_through(rule, example):
    # a fix the safety net refuses is never shown ("worth nothing that" -> "noting" deletes a
    # negation), whatever the rule makes of the sentence
    sentence, _ = unmarked(example)
    edits = rule_edits(sentence, shipped_lexicon(), [rule])
    assert unsafe_edits(sentence, edits, (), shipped_lexicon(), model=False) == {}


@pytest.mark.parametrize("rule, example", LEAVES)
def test_no_rule_touches_an_example_to_leave_alone(rule, example):
    assert rule_edits(example, shipped_lexicon()) == []


@pytest.mark.parametrize("rule", [pytest.param(rule, id=rule.id) for rule in RULES])
def test_every_rule_is_described_and_has_three_examples_of_each_side(rule):
    assert re.fullmatch(r"rules\.[a-z_]+", rule.id)
    assert rule.find.__module__.endswith("." + rule.id.split(".", 1)[1])  # the id names its module
    assert isinstance(rule.kind, EditKind) and rule.description.strip()
    assert len(rule.fires) >= 3, "a rule needs at least three examples that fire"
    assert len(rule.leaves) >= 3, "a rule needs at least three examples it leaves alone"


@pytest.mark.parametrize("rule, example", FIRES)
def test_a_rules_message_says_why_in_the_sentences_words(rule, example):
    sentence, fixes = unmarked(example)
    for start, end, replacement in fixes:
        message = rule.message_for(sentence, start, end, replacement)
        assert message.endswith(".") and "{" not in message and "''" not in message
        said = {Fix.of(sentence, start, end, replacement).replacement, *replacement.split()} - {""}
        assert any(word in message for word in said) or not replacement.strip(), message


def test_rule_ids_are_unique_and_found_by_id():
    assert len(rule_by_id()) == len(RULES)


@pytest.mark.parametrize(
    "example, sentence, fixes",
    [
        ("I could [of→have] gone.", "I could of gone.", [(8, 10, "have")]),
        ("It goes to[ to→] it.", "It goes to to it.", [(10, 13, "")]),
        ("Go[→ to] it.", "Go it.", [(2, 2, " to")]),
        ("No marks here.", "No marks here.", []),
    ],
)
def test_marked_examples_read_back(example, sentence, fixes):
    assert unmarked(example) == (sentence, fixes)
    assert marked(sentence, fixes) == example


def test_a_malformed_example_is_an_error():
    with pytest.raises(ValueError):
        unmarked("It goes → there.")


def test_where_two_rules_fix_the_same_words_the_one_listed_first_wins():
    edits = rule_edits("It is bit tedious.", shipped_lexicon())  # rules.missing_article before rules.participle
    assert [(e.replacement, e.rule) for e in edits] == [("a bit", "rules.missing_article")]

"""Mechanical rules (edgegram.engine.finders.rules) together: how their fixes are described and how they
meet the model's edits (each rule's own examples run in test_rule_examples.py)."""

import pytest

from edgegram.engine.core.edits import apply_edits
from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.finders.rules import RULE_CONFIDENCE, rule_edits
from edgegram.engine.finders.rules.articles import allowed
from edgegram.engine.sentences.lexicon import shipped_lexicon


def fixed(sentence: str) -> str:
    return apply_edits(sentence, rule_edits(sentence, shipped_lexicon()))


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


def test_a_rule_insertion_where_the_model_inserts_the_same_word_is_one_edit():
    """The rule puts " to" where the model's insertion goes ("explain| me"), so merging the two
    keeps one ("explain to to me" otherwise)."""
    from edgegram.engine.judge.mechanical_edits import merge

    sentence = "Can you explain me the rules?"
    model = Edit(15, 15, " to", "", EditKind.PREPOSITION, "Add 'to'.", 0.55, 0.55)
    merged = merge([model], rule_edits(sentence, shipped_lexicon()), sentence, shipped_lexicon())
    assert apply_edits(sentence, merged) == "Can you explain to me the rules?"


def test_a_model_insertion_a_space_before_a_rules_same_words_is_dropped():
    """The model inserts " to" after "need", the rule makes "change" "to change": one of them."""
    from edgegram.engine.judge.mechanical_edits import merge

    sentence = "We need change the body."
    model = Edit(7, 7, " to", "", EditKind.PREPOSITION, "Add 'to'.", 0.86, 0.86)
    merged = merge([model], rule_edits(sentence, shipped_lexicon()), sentence, shipped_lexicon())
    assert apply_edits(sentence, merged) == "We need to change the body."
    other = Edit(7, 7, " not", "", EditKind.MISSING_WORD, "Add 'not'.", 0.86, 0.86)
    assert (
        apply_edits(sentence, merge([other], rule_edits(sentence, shipped_lexicon()), sentence, shipped_lexicon()))
        == "We need not to change the body."
    )


def test_a_model_edit_touching_one_a_rule_displaces_goes_with_it():
    """The model mends "should of known" as "should know"; the rule's "of" -> "have" replaces
    its deletion, and its "known" -> "know" must go too ("should have know" otherwise). A model
    edit apart from the displaced one stays."""
    from edgegram.engine.judge.mechanical_edits import merge

    sentence = "I should of known it and teh rest."
    deletion = Edit(9, 12, "", "of ", EditKind.UNNECESSARY_WORD, "Delete 'of'.", 0.4, 0.4)
    form = Edit(12, 17, "know", "known", EditKind.VERB_FORM, "Use 'know'.", 0.8, 0.8)
    typo = Edit(25, 28, "the", "teh", EditKind.SPELLING, "Use 'the'.", 0.9, 0.9)
    merged = merge([deletion, form, typo], rule_edits(sentence, shipped_lexicon()), sentence, shipped_lexicon())
    assert apply_edits(sentence, merged) == "I should have known it and the rest."


def test_a_model_edit_next_to_a_rules_that_makes_a_new_slip_goes():
    """The model mends "I have went" by deleting "have", the rule by making "went" "gone"; both
    together give "I gone", which the rules would mend again, so the model's goes. A model edit
    beside a rule's that makes no new slip stays."""
    from edgegram.engine.judge.mechanical_edits import merge

    known = shipped_lexicon()
    sentence = "I have went there before."
    deletion = Edit(1, 6, "", " have", EditKind.UNNECESSARY_WORD, "Remove 'have'.", 0.5, 0.5)
    assert apply_edits(sentence, merge([deletion], rule_edits(sentence, known), sentence, known)) == "I have gone there before."
    sentence = "The childs are here."
    spelling = Edit(4, 10, "children", "childs", EditKind.SPELLING, "Use 'children'.", 0.9, 0.9, mechanical=True)
    agreement = Edit(11, 14, "is", "are", EditKind.AGREEMENT, "Use 'is'.", 0.6, 0.6)
    assert apply_edits(sentence, merge([agreement], [spelling], sentence, known)) == "The children are here."
    sentence = "I have went their before."
    fix = Edit(12, 17, "there", "their", EditKind.OTHER, "Use 'there'.", 0.6, 0.6)
    assert apply_edits(sentence, merge([fix], rule_edits(sentence, known), sentence, known)) == "I have gone there before."


def test_a_model_form_a_rule_would_mend_after_the_rules_have_goes():
    """The model mends "should of called" as "should call" and only its "called" -> "call"
    passes its confidence filter; with the rule's "of" -> "have" that gives "should have call
    you", which the rules mend again, so the model's edit goes."""
    from edgegram.engine.judge.mechanical_edits import merge

    known = shipped_lexicon()
    sentence = "I should of called you earlier."
    form = Edit(12, 18, "call", "called", EditKind.VERB_FORM, "Use 'call'.", 0.5, 0.5)
    assert (
        apply_edits(sentence, merge([form], rule_edits(sentence, known), sentence, known)) == "I should have called you earlier."
    )


def test_a_misspelling_hides_no_rule_fix_beside_it():
    """With "framgents" read as "fragments" the rules see the subject's number ("comes" ->
    "come"), as with "develpers fixes" -> "fix" and "Thesse rules makes" -> "make"; the fix lands
    at the typed sentence's place of the verb, whatever length the corrected word has."""
    from edgegram.engine.judge.mechanical_edits import rules_past_misspellings

    for sentence, typo, corrected, fixed in (
        ("The framgents comes from the parser.", "framgents", "fragments", "come"),
        ("These develpers fixes the bugs quickly.", "develpers", "developers", "fix"),
        ("Thesse rules makes it easy.", "Thesse", "These", "make"),
    ):
        start = sentence.index(typo)
        spelt = [Edit(start, start + len(typo), corrected, typo, EditKind.SPELLING, "", 0.9, 0.9, mechanical=True)]
        assert not [e for e in rule_edits(sentence, shipped_lexicon()) if e.replacement == fixed]
        (edit,) = rules_past_misspellings(sentence, spelt, spelt, shipped_lexicon())
        assert edit.replacement == fixed and edit.original in ("comes", "fixes", "makes")
        assert sentence[edit.start : edit.end] == edit.original


def test_a_rule_fix_past_a_misspelling_never_overlaps_an_edit_made():
    """The rules' second look adds only what no edit of the sentence covers already."""
    from edgegram.engine.judge.mechanical_edits import rules_past_misspellings

    sentence = "The framgents comes from the parser."
    start = sentence.index("framgents")
    spelt = Edit(start, start + 9, "fragments", "framgents", EditKind.SPELLING, "", 0.9, 0.9, mechanical=True)
    comes = sentence.index("comes")
    made = Edit(comes, comes + 5, "came", "comes", EditKind.VERB_FORM, "", 0.9, 0.9, mechanical=True)
    assert rules_past_misspellings(sentence, [spelt], [spelt], shipped_lexicon())
    assert rules_past_misspellings(sentence, [spelt], [spelt, made], shipped_lexicon()) == []
    assert rules_past_misspellings(sentence, [], [], shipped_lexicon()) == []

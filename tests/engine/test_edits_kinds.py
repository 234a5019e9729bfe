"""classify: one case (or more) per edit kind, and the messages writers see."""

import pytest

from edgegram.engine.analysis.kinds import classify, edit_distance
from edgegram.engine.core.types import EditKind as K


@pytest.mark.parametrize(
    "original, replacement, left, kind, message",
    [
        ("recieve", "receive", "I will ", K.SPELLING, "Possible spelling mistake: 'recieve' → 'receive'."),
        ("freind", "friend", "my ", K.SPELLING, None),
        ("is", "are", "they ", K.AGREEMENT, "Use 'are' with 'they'."),
        ("was", "were", "We ", K.AGREEMENT, "Use 'were' with 'we'."),
        ("has", "have", "I ", K.AGREEMENT, "Use 'have' with 'I'."),
        ("do", "does", "the dog ", K.AGREEMENT, "Use 'does' to agree with the subject."),
        ("go", "goes", "she ", K.AGREEMENT, "Use 'goes' with 'she'."),
        ("work", "works", "My father ", K.AGREEMENT, "Use 'works' to agree with the subject."),  # a noun subject
        ("apple", "apples", "three ", K.NOUN_NUMBER, "Use the plural 'apples'."),
        ("know", "knows", "Nobody ", K.AGREEMENT, "Use 'knows' to agree with the subject."),  # no noun's forms
        ("apple", "apples", "the big ", K.NOUN_NUMBER, "Use the plural 'apples'."),
        ("go", "went", "Yesterday I ", K.VERB_FORM, None),
        ("walk", "walked", "I ", K.VERB_FORM, None),
        ("make", "making", "I enjoy ", K.VERB_FORM, None),
        ("stop", "stopped", "It ", K.VERB_FORM, None),
        ("writed", "written", "I have ", K.VERB_FORM, None),
        # a letter doubled or left single is a misspelling, and "thid" is no verb's form
        ("occuring", "occurring", "It is ", K.SPELLING, "Possible spelling mistake: 'occuring' → 'occurring'."),
        ("thid", "this", "Now ", K.SPELLING, None),
        ("a", "an", "I ate ", K.ARTICLE, "Use 'an' before a vowel sound."),
        ("an", "a", "", K.ARTICLE, "Use 'a' before a consonant sound."),
        ("a", "the", "", K.ARTICLE, None),
        ("in", "on", "I sat ", K.PREPOSITION, "Use 'on' instead of 'in'."),
        ("apple", "apples", "two ", K.NOUN_NUMBER, "Use the plural 'apples'."),
        ("child", "children", "the ", K.NOUN_NUMBER, None),
        ("books", "book", "one ", K.NOUN_NUMBER, "Use the singular 'book'."),
        ("", ",", "Hello", K.PUNCTUATION, "Add a comma."),
        (",", "", "Hello", K.PUNCTUATION, "Remove the comma."),
        ("dont", "don't", "", K.PUNCTUATION, None),
        ("it's", "its", "the dog wagged ", K.PUNCTUATION, "Remove the apostrophe: 'its'."),
        ("i", "I", "", K.CAPITALISATION, "Capitalise 'i'."),
        ("Monday", "monday", "", K.CAPITALISATION, None),
        ("is he", "he is", "Where ", K.WORD_ORDER, None),
        ("", "very ", "a ", K.MISSING_WORD, "Add 'very'."),
        ("", "the ", "I saw ", K.ARTICLE, "Add 'the'."),
        ("", "to ", "I want ", K.PREPOSITION, "Add 'to'."),
        ("the ", "", "", K.ARTICLE, "Remove 'the'."),
        ("really ", "", "I ", K.UNNECESSARY_WORD, "Remove 'really'."),
        ("their", "there", "", K.OTHER, None),
        ("house", "home", "", K.OTHER, "Use 'home' instead of 'house'."),
        ("😀", "I", "", K.OTHER, "Use 'I' instead of '😀'."),
        ("and 🎉", "and", "", K.OTHER, None),
    ],
)
def test_classify(original, replacement, left, kind, message):
    got_kind, got_message = classify(original, replacement, left, "")
    assert got_kind == kind
    if message is not None:
        assert got_message == message
    assert got_message.endswith(".") and len(got_message) < 80


def test_multi_word_change_with_one_inserted_article_is_an_article_edit():
    assert classify("big dog", "the big dog", "I saw ", "")[0] == K.ARTICLE


def test_multi_word_change_with_one_changed_word_uses_that_word():
    kind, message = classify("they is", "they are", "", "")
    assert kind == K.AGREEMENT and message == "Use 'are' with 'they'."


def test_common_word_is_never_a_spelling_mistake():
    assert classify("then", "than", "", "")[0] != K.SPELLING


def test_edit_distance_counts_transpositions_once():
    assert edit_distance("recieve", "receive") == 1
    assert edit_distance("kitten", "sitting") == 3
    assert edit_distance("", "abc") == 3


def test_describe_names_the_change():
    from edgegram.engine.analysis.kinds import describe

    assert describe("teh", "the") == "Replace 'teh' with 'the'"
    assert describe("teh", "the", original_in_view=True) == "Replace with 'the'"
    assert describe("", "the") == describe("", "the", original_in_view=True) == "Insert 'the'"
    assert describe("the ", "") == "Delete 'the '"

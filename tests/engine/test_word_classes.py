"""What lemminflect's tables tell the grammar rules about a word (edgegram.engine.word_classes)."""

import pytest

from edgegram.engine import word_classes as wc


@pytest.mark.parametrize(
    "word, bare",
    [
        ("declare", True),
        ("work", True),
        ("have", True),
        ("thought", False),
        ("put", False),
        ("found", False),
        ("become", False),
        ("the", False),
    ],
)
def test_bare_verbs_exclude_past_forms(word, bare):
    assert wc.is_bare_verb(word) is bare


@pytest.mark.parametrize(
    "past, participle", [("knew", "known"), ("wrote", "written"), ("ran", "run"), ("found", None), ("read", None), ("file", None)]
)
def test_participle_of_a_simple_past(past, participle):
    assert wc.participle_of_past(past) == participle


def test_noun_number():
    assert wc.is_singular_noun("approach") and wc.plural("approach") == "approaches"
    assert not wc.is_singular_noun("series") and not wc.is_singular_noun("data") and not wc.is_singular_noun("files")
    assert wc.singular_of_plural("traits") == "trait" and wc.singular_of_plural("class") is None


def test_verb_forms_and_modifiers():
    assert wc.third_person("ensure") == "ensures" and wc.past_tense("go") == "went"
    assert wc.is_modifier("main") and not wc.is_modifier("number")  # "number" is only numb + er
    assert wc.classes("code") == {wc.NOUN, wc.VERB} and wc.classes("the") == frozenset()

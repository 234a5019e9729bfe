"""The shipped model with its rules and speller on a writer's short notes (issue 25): each
one-line file gets its slips flagged with the right fix at the default settings."""

import pytest

from edgegram.engine import Checker
from edgegram.engine.prose import ProseOptions, mask


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker()


def fixes(checker: Checker, text: str, language: str = "plaintext") -> set[tuple[str, str]]:
    masked = mask(text, language, ProseOptions())
    return {(e.original, e.replacement) for e in checker.check(masked.text)}


@pytest.mark.parametrize(
    "note, expected",
    [
        # the contraction, made to agree with its subject by the rules
        ("She dont like it.\n", {("dont", "doesn't")}),
        ("They isnt here.\n", {("isnt", "aren't")}),
        # "cant" and "wont" are words, but not before a bare verb
        ("He cant swim.\n", {("cant", "can't")}),
        ("It was pure cant.\n", set()),
        ("I could of done it better.\n", {("of", "have")}),
        (
            "Yesterday she go to the market and buyed three apple.\n",
            {("go", "went"), ("buyed", "bought"), ("apple", "apples")},
        ),
        ("We call an method here.\n", {("an", "a")}),
        ("This placeholder type is caled a test double.\n", {("caled", "called")}),
        ("Most lines of Rust code end with an semicolon.\n", {("an", "a")}),
        ("for now it suffices.\n", {("for", "For")}),
        # the contraction, though the model wrote "that"; misspellings that are frequent on the web
        ("I don't think there is any way thats going to happen.\n", {("thats", "that's")}),
        ("Fair use limts the amount of material that may be used.\n", {("limts", "limits")}),
        # a word common on the web is no slip
        ("The coatings were applied to steel rebar.\n", set()),
        # a word spelt by ear; a space missing after a full stop (not a dotted name)
        ("I menchioned it to him yesterday.\n", {("menchioned", "mentioned")}),
        # candidates the model cannot tell apart, ordered by the word pairs around them
        ("It does not provice complex query execution.\n", {("provice", "provide")}),
        ("Leave the stying of each item to the parent component.\n", {("stying", "styling")}),
        # a slip of the first letter ranks before a sound-alike, letters further
        ("It compares the current and revious runs of the container.\n", {("revious", "previous")}),
        ("We were young.but it was fine.\n", {(".but", ". But")}),
        # an ending the word does not take: the form it was meant to be
        ("It changed their lifes and it happend fast.\n", {("lifes", "lives"), ("happend", "happened")}),
        ("The childrens have differents toys.\n", {("childrens", "children"), ("differents", "different")}),
        # an uncounted noun after "many": "much", and no plural the noun does not take
        ("How many money do you have?\n", {("many", "much")}),
        # a learner's basics the model alone let through
        ("I didn't saw him yesterday.\n", {("saw", "see")}),
        ("Me and him went to the cinema.\n", {("Me and him", "He and I")}),
        ("He told that he would come.\n", {("told", "said")}),
        ("I have 20 years old.\n", {("have", "am")}),
    ],
)
def test_short_notes_get_their_slips_fixed(checker, note, expected):
    assert fixes(checker, note) == expected


def test_a_code_comment_typo_is_fixed(checker):
    source = "# This funtion return the sum of two number.\ndef add(a, b):\n    return a + b\n"
    assert fixes(checker, source, "python") == {("funtion", "function"), ("return", "returns"), ("number", "numbers")}


def test_spelling_offers_alternatives_best_first(checker):
    (edit,) = [e for e in checker.check("Wait untl the thread finishes.\n") if e.original == "untl"]
    assert edit.replacement == "until" and edit.kind.value == "spelling" and "until" not in edit.alternatives

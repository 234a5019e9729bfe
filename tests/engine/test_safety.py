"""edgegram.engine.judge.safety: protected tokens are never altered, big rewrites, lost meaning and added
repetitions are refused; through the Checker with a stand-in model whose corrections are
known, and as a property over random edit subsets."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stand_ins import CharModel, TableDecoder

from edgegram.engine.checker import Checker
from edgegram.engine.core.edits import apply_edits, diff_edits
from edgegram.engine.core.types import CheckerConfig
from edgegram.engine.judge.safety import alters, protected_spans, unsafe_edits, unsafe_reason
from edgegram.engine.sentences.lexicon import shipped_lexicon

# (sentence, what a bad model makes of it, the token that must survive)
PROTECTED = [
    ("Call 888-669-1134 today.", "Call 888-69-1134 today.", "888-669-1134"),
    ("It costs $44 now.", "It costs $444 now.", "$44"),
    ("It costs $499 now.", "It costs $49 now.", "$499"),
    ("Sales rose (55%) last year.", "Sales rose (5%) last year.", "55%"),
    ("We met on 02/22/2019 there.", "We met on 02/2/2019 there.", "02/22/2019"),
    ("The battle of 1066 was won.", "The battle of 10666 was won.", "1066"),
    ("Install version 3.12.1 first.", "Install version 3.2.1 first.", "3.12.1"),
    ("See https://example.com/a/b for it.", "See https:/example.com/a/b for it.", "https://example.com/a/b"),
    ("Mail jo.smith@example.org now.", "Mail jo.smth@example.org now.", "jo.smith@example.org"),
    ("The IEEE standard is old.", "The IEE standard is old.", "IEEE"),
    ("The HIPAA rules apply.", "The HIPA rules apply.", "HIPAA"),
    ("Ask the CSSC office.", "Ask the CSC office.", "CSSC"),
    ("It uses HTTP everywhere.", "It uses HTP everywhere.", "HTTP"),
    ("Call getUserName here.", "Call get User Name here.", "getUserName"),
    ("Set max_retries to five.", "Set max retries to five.", "max_retries"),
    ("Use os.path.join for it.", "Use os.pat.join for it.", "os.path.join"),
    ("Read self.name and it works.", "Read self. Name and it works.", "self.name"),
    ("Edit src/main.rs first.", "Edit src/mains.rs first.", "src/main.rs"),
    ("Follow @rustlang for news.", "Follow @rust for news.", "@rustlang"),
    ("Tag it #rustlang today.", "Tag it #rust today.", "#rustlang"),
    ("Thanks to @andrey-berenda for it.", "Thanks to @andrey-brenda for it.", "@andrey-berenda"),
    ("Run `cargo build` now.", "Run `cargo builds` now.", "`cargo build`"),
    ('Start up "gitk --all" to see it.', 'Start up "git --all" to see it.', "gitk"),
]


def checker_for(table: dict[str, str], **config) -> Checker:
    return Checker.from_model(CharModel(), CheckerConfig(min_confidence=0.0, **config), decode=TableDecoder(table))


@pytest.mark.parametrize("sentence, bad, token", PROTECTED)
def test_edits_never_alter_a_protected_token(sentence, bad, token):
    assert token in sentence
    assert checker_for({sentence: bad}, safety=False).check(sentence), "the stand-in must propose the change"
    assert checker_for({sentence: bad}).check(sentence) == []


def test_a_fix_next_to_a_protected_token_is_kept():
    sentence = "They pays $44 for 2 book."
    edits = checker_for({sentence: "They pay $44 for 2 books."}).check(sentence)
    assert [(e.original, e.replacement) for e in edits] == [("pays", "pay"), ("book", "books")]


def test_a_rule_may_write_a_mixed_case_word_as_its_name_but_the_model_may_not():
    """ "JSOn" is protected for its mixed case alone: rules.own_case may write the name, the model
    may not touch it, and inside code or a path the name rule may not either."""
    for sentence, word, name, allowed in [
        ("Use the JSOn encoders.", "JSOn", "JSON", True),
        ("It runs on MacOS today.", "MacOS", "macOS", True),
        ("Use the `JSOn` type.", "JSOn", "JSON", False),
        ("When a serviceAccount changes.", "serviceAccount", "ServiceAccount", False),  # an identifier
        ("We use CloudFlare here.", "CloudFlare", "Cloudflare", False),  # a brand once written so
        ("Use the JSOn encoders.", "JSOn", "Json", False),  # not the listed name
    ]:
        start = sentence.index(word)
        protected = protected_spans(sentence)
        rule = unsafe_reason(sentence, start, start + len(word), name, protected, None, model=False)
        assert (rule is None) is allowed, sentence
        assert unsafe_reason(sentence, start, start + len(word), name, protected, None, model=True) == "protected token"


def test_two_sentences_a_missing_space_joins_are_no_dotted_name():
    """ "young.but" is a full stop without its space (engine.rules.spacing), which may be fixed."""
    sentence = "We were young.but it was fine."
    edits = checker_for({sentence: "We were young. But it was fine."}).check(sentence)
    assert [(e.original, e.replacement) for e in edits] == [(".but", ". But")]


def test_a_fix_beside_or_within_a_dialect_spelling_is_not_a_dialect_swap():
    """Only an edit that changes nothing but British and American spellings is refused."""
    for sentence, output in [
        ("The colour are nice.", "The colour is nice."),  # a fix next to a British spelling
        ("Two colour of paint.", "Two colours of paint."),  # a noun's number, not its dialect
        ("We go to the theatre.", "We went to the theatre."),
    ]:
        edits = diff_edits(sentence, output)
        assert "swaps a British and an American spelling" not in unsafe_edits(sentence, edits).values()
        assert checker_for({sentence: output}).check(sentence), sentence


def test_dictionary_words_are_protected():
    sentence = "We deploy zorblaxx daily."
    table = {sentence: "We deploy granada daily."}
    assert checker_for(table).check(sentence)
    assert checker_for(table).check(sentence, words=["zorblaxx"]) == []


def test_a_negation_written_twice_may_lose_one():
    sentence = "It will not not stage a deletion."
    assert unsafe_edits(sentence, diff_edits(sentence, "It will not stage a deletion.")) == {}
    alone = "It will not stage it."
    assert unsafe_edits(alone, diff_edits(alone, "It will stage it.")) == {0: "deletes a negation"}


def test_words_written_closed_are_no_deletion():
    """ "can not" -> "cannot": the closed word stands for both words, so "not" is not deleted; a
    word that only shares a prefix with one of two words still is ("can not" -> "can")."""
    sentence = "The database can not be regenerated."
    assert unsafe_reason(sentence, 13, 20, "cannot", []) is None
    assert unsafe_reason(sentence, 13, 20, "can", []) is not None


@pytest.mark.parametrize(
    "sentence, output, reason",
    [
        ("It is up to the calling code to decide.", "It is up to the code to decide.", "deletes a content word"),
        ("But you can't mix and match them.", "But you can match them.", "deletes a negation"),
        ("We should and should not use it.", "We should not use it.", "deletes a phrase"),
        ("The cat sat on the warm mat all day.", "The dog lay under a cold rug.", "rewrites more than three words"),
        ("Solo: A Star Wars Story is out.", "Solo: A Star Star Wars Story is out.", "adds a repetition"),
        ("I had seen it.", "I had had seen it.", "adds a repetition"),
        ("We met in San Miguel.", "We met in San Migueligueliguel.", "changes a name"),
        ("We met in the garden.", "We met in the gardenardenarden.", "adds a repetition"),
        ("See the **bold** text here.", "See the bold text here.", "touches markup or symbols"),
        ("## Installing Rust now", "Installing Rust now", "touches markup or symbols"),
        ("Costs are | listed here.", "Costs are listed here.", "touches markup or symbols"),
        ("She met Jovovich there.", "She met Jovich there.", "changes a name"),
        ("Danvers, aka Vers aka Captain Marvel, flies.", "Danvers, aka Verska Captain Marvel, flies.", "changes a name"),
        ("I hope we can go their again next year.", "I hope we can go there next year.", "deletes an adverb"),
        ("He is only a boy.", "He is a boy.", "deletes an adverb"),
        ("We sat in the theater.", "We sat in the theatre.", "swaps a British and an American spelling"),
        ("The colour of the centre.", "The color of the center.", "swaps a British and an American spelling"),
        ("Colour it grey.", "Color it gray.", "swaps a British and an American spelling"),
    ],
)
def test_meaning_changing_edits_are_refused(sentence, output, reason):
    edits = diff_edits(sentence, output)
    reasons = unsafe_edits(sentence, edits)
    assert reason in reasons.values()
    refused = {(e.start, e.end, e.replacement) for i, e in enumerate(edits) if i in reasons}
    shown = {(e.start, e.end, e.replacement) for e in checker_for({sentence: output}).check(sentence)}
    assert refused and not refused & shown


@pytest.mark.parametrize(
    "sentence, output",
    [
        ("He go to school.", "He goes to school."),
        ("She don't like it.", "She doesn't like it."),  # a negation for a negation
        ("They won't go.", "They will not go."),
        ("I saw the the cat.", "I saw the cat."),
        ("She is very very happy.", "She is very happy."),
        ("They is happy.", "They are happy."),
        ("I am agree with you.", "I agree with you."),
        ("We discussed about it.", "We discussed it."),
        ("I study at the University now.", "I study at the university now."),  # a name's case may change
        ("Jaigaon is far away.", "Jaigon is far away."),  # a sentence's first word is not a name
        ("He said I'm fine.", "He said I am fine."),  # nor is "I"
        ("We visit London often.", "We visit the London often."),  # the name stays whole
    ],
)
def test_ordinary_corrections_are_safe(sentence, output):
    protected = protected_spans(sentence)
    edits = diff_edits(sentence, output)
    assert edits and all(unsafe_reason(sentence, e.start, e.end, e.replacement, protected) is None for e in edits)


@pytest.mark.parametrize(
    "sentence, output",
    [
        ("It should be also given to them.", "It should also be given to them."),  # moved, not lost
        ("I also also think so.", "I also think so."),  # a repetition
    ],
)
def test_an_adverb_the_model_moves_or_unrepeats_may_go(sentence, output):
    edits = diff_edits(sentence, output)
    assert edits and unsafe_edits(sentence, edits) == {}


def test_the_rest_of_a_change_that_lost_an_adverb_is_shown():
    sentence = "I hope we can go their again next year."
    shown = checker_for({sentence: "I hope we can go there next year."}).check(sentence)
    assert [(e.original, e.replacement) for e in shown] == [("their", "there")]


def test_insertions_at_the_edge_of_a_token_do_not_alter_it():
    spans = protected_spans("In 1066 it fell.")
    start = "In 1066 it fell.".index("1066")
    assert not alters(spans, start, start)  # before
    assert not alters(spans, start + 4, start + 4)  # after: "1066,"
    assert alters(spans, start + 2, start + 2)  # inside


_TOKENS = [t for _, _, t in PROTECTED]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    st.lists(st.sampled_from(_TOKENS + ["the", "cat", "is", "are", "a", "on", ",", "runs"]), min_size=3, max_size=12),
    st.lists(st.tuples(st.integers(0, 200), st.integers(0, 6), st.sampled_from(["", "x", "1", "s", "the ", "A"]))),
    st.data(),
)
def test_applying_any_subset_of_a_checks_edits_never_alters_a_protected_token(words, mutations, data):
    """A stand-in model that mangles the sentence anywhere; whatever subset of the shown
    edits a writer applies, every protected token of the source is still there, in order."""
    sentence = " ".join(words) + "."
    output = sentence
    for at, length, text in mutations:
        at = at % (len(output) + 1)
        output = output[:at] + text + output[at + length :]
    edits = checker_for({sentence: output}).check(sentence)
    chosen = [e for e in edits if data.draw(st.booleans())]
    result = apply_edits(sentence, chosen)
    tokens = [sentence[s.start : s.end] for s in sorted(protected_spans(sentence), key=lambda s: s.start)]
    position = 0
    for token in tokens:
        found = result.find(token, position)
        assert found >= 0, (token, sentence, result)
        position = found
    assert re.sub(r"\D", "", result) == re.sub(r"\D", "", sentence)  # not one digit changed


@pytest.mark.parametrize(
    "sentence, output",
    [
        ("She joined a sorority last year.", "She joined a sority last year."),
        ("The doctrine of stare decisis applies.", "The doctrine of stare decis applies."),
        ("The kids toys are here.", "The kids's toys are here."),
    ],
)
def test_an_edit_never_makes_a_non_word(sentence, output):
    edits = diff_edits(sentence, output)
    assert list(unsafe_edits(sentence, edits, lexicon=shipped_lexicon()).values()) == ["makes a non-word"]
    assert unsafe_edits(sentence, edits) == {}  # the rule needs the word list
    assert checker_for({sentence: output}).check(sentence) == []


def test_typo_fixes_make_words_and_the_writer_s_words_count_as_words():
    for sentence, output in [("I saw teh cat.", "I saw the cat."), ("I didnt go.", "I didn't go.")]:
        assert unsafe_edits(sentence, diff_edits(sentence, output), lexicon=shipped_lexicon()) == {}
    sentence, output = "We deploy zorblaxx daily.", "We deploy zorblax daily."
    assert unsafe_edits(sentence, diff_edits(sentence, output), lexicon=shipped_lexicon())
    assert unsafe_edits(sentence, diff_edits(sentence, output), ["zorblax"], shipped_lexicon()) == {}
    assert [e.replacement for e in checker_for({sentence: output}).check(sentence, words=["zorblax"])] == ["zorblax"]

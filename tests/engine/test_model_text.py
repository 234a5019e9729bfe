"""edgegram.engine.sentences.model_text and the Checker around it: whitespace runs and unreadable characters
reach the model as one space / one placeholder and map back exactly; a hard-wrapped sentence
gets the same suggestions as on one line; emoji, ZWJ sequences, flags, variation selectors,
combining marks, mathematical letters and lone surrogates never stop a check or get edited;
long sentences are cut at clause boundaries with exact offsets; the placeholder words of masked
code reach the model short."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stand_ins import CharModel, TableDecoder

from edgegram.engine.checker import Checker
from edgegram.engine.core.edits import apply_edits
from edgegram.engine.core.types import CheckerConfig
from edgegram.engine.prose import placeholder_word
from edgegram.engine.sentences import model_text
from edgegram.engine.sentences.model_text import SHORT_PLACEHOLDER_WORD, to_model_text


def checker_for(table, **config):
    decoder = TableDecoder(table)
    return Checker.from_model(CharModel(), CheckerConfig(rules=False, min_confidence=0.0, **config), decode=decoder), decoder


def utf16_range(text: str, start: int, end: int) -> tuple[int, int]:
    def units(s: str) -> int:
        return len(s.encode("utf-16-le", "surrogatepass")) // 2

    return units(text[:start]), units(text[:end])


@pytest.mark.parametrize(
    "sentence, model_text",
    [
        ("we spend\nevery  day\t\ton it.", "we spend every day on it."),
        ("Zoë and Chloë are 🧑🏿‍🚀 friends.", "Zoë and Chloë are @ friends."),
        ("Flags 🇫🇷🇩🇪 and 🏳️‍🌈 here.", "Flags @ and @ here."),
        ("cafe\u0301 was closed.", "café was closed."),
        ("The 𝒶 letter is here.", "The @ letter is here."),
        ("Bad \ud800 surrogate is here.", "Bad @ surrogate is here."),
        ("Keycap 1\ufe0f\u20e3 is here.", "Keycap @ is here."),
        ("Tokyo 東京 is big.", "Tokyo @ is big."),
    ],
)
def test_the_model_sees_plain_single_line_text(sentence, model_text):
    view = to_model_text(sentence)
    assert view.text == model_text
    assert view.starts[0] == 0 and view.ends[-1] == len(sentence)
    assert all(view.ends[i] == view.starts[i + 1] for i in range(len(view.text) - 1))  # a cover, in order


@pytest.mark.parametrize(
    "sentence, model_text, left_out",
    [
        # emoji that open or close a sentence decorate it: the model reads the words alone
        ("Zoë and Chloë is friends 🧑🏿‍🚀.", "Zoë and Chloë is friends.", " 🧑🏿‍🚀"),
        ("🎉 The release is out!", "The release is out!", "🎉 "),
        ("Deploy is done 🇫🇷🇩🇪", "Deploy is done", " 🇫🇷🇩🇪"),
        # inline markup a parser hid (INVISIBLE) belongs to no word
        ("Set it \u2060\u2060g\u2060\u2060lobally.", "Set it globally.", "\u2060" * 4),
    ],
)
def test_what_the_model_does_not_read(sentence, model_text, left_out):
    view = to_model_text(sentence)
    assert view.text == model_text
    covered = "".join(sentence[view.starts[i] : view.ends[i]] for i in range(len(view.text)))
    assert sorted(covered + left_out) == sorted(sentence)


def test_an_edit_across_left_out_characters_is_opaque():
    view = to_model_text("Set it \u2060\u2060g\u2060\u2060lobally.")
    word = view.text.index("globally")
    assert view.touches_opaque(word, word + len("globally"))  # would drop the markup
    assert not view.touches_opaque(word + 1, word + len("globally"))  # "lobally" alone is the writer's
    assert view.to_source(word + 1, word + len("globally")) == (12, 19)


def test_an_emoji_alone_stays_a_placeholder():
    assert to_model_text("🎉").text == "@"


def test_a_hard_wrapped_sentence_gets_the_same_suggestions_as_on_one_line():
    table = {"We spend every day there.": "We spent every day there."}
    wrapped = "We spend\nevery day there."
    flat = wrapped.replace("\n", " ")
    checker, decoder = checker_for(table)
    on_one_line = [(e.original, e.replacement, e.start) for e in checker.check(flat)]
    hard_wrapped = [(e.original, e.replacement, e.start) for e in checker.check(wrapped)]
    assert on_one_line == hard_wrapped == [("spend", "spent", flat.index("spend"))]
    assert decoder.calls == [flat]  # the second check came from the cache


def test_an_edit_across_a_line_break_keeps_the_writers_line_break():
    text = "He do not\n   know it."
    table = {"He do not know it.": "He did not know it now."}
    checker, _ = checker_for(table)
    edits = checker.check(text)
    assert apply_edits(text, edits) == "He did not\n   know it now."


@pytest.mark.parametrize("marker", ["🧑🏿‍🚀", "🇫🇷", "🏳️‍🌈", "𝒶", "\ud800", "e\u0301"])
def test_unusual_characters_never_stop_a_check_and_ranges_stay_exact_in_utf16(marker):
    text = f"Hello {marker} they is here.\r\nNext line."
    view = to_model_text(f"Hello {marker} they is here.").text
    checker, _ = checker_for({view: view.replace("they is", "they are")})
    (edit,) = checker.check(text)
    assert (edit.original, edit.replacement) == ("is", "are")
    assert text[edit.start : edit.end] == "is"
    start16, end16 = utf16_range(text, edit.start, edit.end)
    prefix16 = len(text[: edit.start].encode("utf-16-le", "surrogatepass")) // 2
    assert (start16, end16) == (prefix16, prefix16 + 2)


def test_edits_on_a_placeholder_are_never_shown():
    text = "I like 🎉 party."
    checker, _ = checker_for({"I like @ party.": "I like the party."})
    assert checker.check(text) == []
    checker, _ = checker_for({"I like @ party.": "I like @@ party."})
    assert checker.check(text) == []


def test_long_sentences_are_cut_at_clause_boundaries_with_exact_offsets():
    clause = "he go home"
    text = f"{clause.capitalize()}; {clause}, and {clause}, which {clause} today."
    table = {}
    checker, decoder = checker_for(table)  # CharModel: 40 tokens at most, so this is cut
    checker.check(text)
    assert len(decoder.calls) > 1
    for piece in decoder.calls:
        assert piece in text and len(piece) + 1 <= CharModel.max_source_tokens
    assert all(piece[-1] in ";," for piece in decoder.calls[:-1])  # clause boundaries, not mid-clause
    table.update({piece: piece.replace("go ", "goes ") for piece in decoder.calls})
    checker, _ = checker_for(table)
    edits = checker.check(text)
    assert [text[e.start : e.end] for e in edits] == ["go"] * 4
    assert apply_edits(text, edits) == text.replace("go ", "goes ")


def test_edits_that_only_react_to_a_cut_are_dropped():
    text = "We are done here; they are not done yet at all."
    checker, decoder = checker_for({})
    checker.check(text)
    first, second = decoder.calls
    checker, _ = checker_for({first: first[:-1] + ".", second: second[0].upper() + second[1:]})
    assert checker.check(text) == []
    # a clause's first word capitalised together with a comma after it (a punctuation edit,
    # as the techdocs' "... and can | therefore be" got): still only the cut's doing
    words = second.split(" ", 1)
    checker, _ = checker_for({second: f"{words[0].capitalize()}, {words[1]}"})
    assert checker.check(text) == []
    # the same edit where the clause opens its sentence is the model's to make
    checker, _ = checker_for({first: f"{first.split(' ', 1)[0].upper()}, {first.split(' ', 1)[1]}"})
    assert [e.replacement for e in checker.check(text)] == ["WE,"]


@pytest.mark.parametrize("sentence", ["Plain words here.", "Hard\nwrapped\tline.", "An é\u00a0and ½ sign."])
def test_a_view_of_one_character_for_each_maps_by_ranges_and_back_exactly(sentence):
    view = to_model_text(sentence)
    assert isinstance(view.starts, range) and isinstance(view.ends, range)  # no per-character arrays kept
    assert (view.text is sentence) == (view.text == sentence)
    for start in range(len(view.text) + 1):
        for end in range(start, len(view.text) + 1):
            assert view.to_source(start, end) == ((start, end) if end > start else (start, start))
    assert bool(any(view.opaque)) == ("½" in sentence)  # a placeholder for the fraction


def test_placeholder_words_of_masked_code_reach_the_model_short_and_map_back_whole():
    long_code, plural = placeholder_word(23), placeholder_word(3)
    sentence = f"Use the {long_code} method on {plural}s, not X or Xx."
    view = to_model_text(sentence)
    short = SHORT_PLACEHOLDER_WORD
    assert view.text == f"Use the {short} method on {short}s, not X or Xx."  # a lone X or Xx stays as it is
    start = view.text.index(short)
    assert view.to_source(start, start + len(short)) == (8, 8 + 23)
    assert view.touches_opaque(start, start + 1) and view.touches_opaque(start + 1, start + 1)  # inside it
    assert not view.touches_opaque(start + len(short), start + len(short))  # an insertion after it is fine
    after = view.text.index(" method")
    assert view.to_source(after, after + 7) == (8 + 23, 8 + 23 + 7)
    assert not any(view.opaque[view.text.index("not") :])


def test_edits_beside_a_shortened_placeholder_map_to_the_writers_text_and_edits_of_it_are_dropped():
    code = placeholder_word(12)
    text = f"The {code} method return a value."
    short = text.replace(code, SHORT_PLACEHOLDER_WORD)
    checker, decoder = checker_for({short: short.replace("return", "returns")})
    (edit,) = checker.check(text)
    assert decoder.calls == [short]
    assert (text[edit.start : edit.end], edit.replacement) == ("return", "returns")
    checker, _ = checker_for({short: short.replace(SHORT_PLACEHOLDER_WORD, "Xxxx")})
    assert checker.check(text) == []  # a change to the placeholder could not be put back


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*"Xxab .,'\t\n@é\x7f", "  ", "Xxxx", "😀"]), max_size=30).map("".join))
def test_a_sentence_read_as_it_is_gets_the_view_the_character_loop_gives_it(sentence):
    """Most sentences skip the loop over characters (``_reads_as_is``): their view must be the
    one the loop makes, and any sentence the shortcut does not take is left to the loop."""
    fast = to_model_text(sentence)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(model_text, "_reads_as_is", lambda _: False)
        slow = to_model_text(sentence)
    assert (fast.text, list(fast.starts), list(fast.ends), bytes(fast.opaque)) == (
        slow.text,
        list(slow.starts),
        list(slow.ends),
        bytes(slow.opaque),
    )

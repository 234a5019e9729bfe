"""Checker logic with a character-level stand-in model (exact, known corrections and
probabilities): document offsets, confidences, min_confidence, cache, long sentences and
the never-lose-text guards. The real ONNX path is covered in test_checker_model.py."""

import pytest
from stand_ins import LOW, CharModel, make_checker

from edgegram.engine.checker import Checker
from edgegram.engine.core.edits import apply_edits
from edgegram.engine.core.types import DEFAULT_MIN_CONFIDENCE, CheckerConfig, DocumentPrior, EditKind

PRIOR = DocumentPrior()


def test_edits_have_document_offsets_kinds_and_reproduce_correct():
    text = "Hello.\r\n\r\n😀 They is here. I has a apple."
    checker, _ = make_checker(
        {"They is here.": "They are here.", "I has a apple.": "I have an apple."}
    )  # the opening emoji is left out
    edits = checker.check(text)
    assert [(text[e.start : e.end], e.replacement) for e in edits] == [("is", "are"), ("has", "have"), ("a", "an")]
    assert all(e.original == text[e.start : e.end] for e in edits)
    assert [e.kind for e in edits] == [EditKind.AGREEMENT, EditKind.AGREEMENT, EditKind.ARTICLE]
    assert edits[0].message == "Use 'are' with 'they'."
    assert checker.correct(text) == "Hello.\r\n\r\n😀 They are here. I have an apple."
    assert apply_edits(text, edits) == checker.correct(text)


# Enough neighbouring sentences with confident edits: the document looks like learner text,
# so the confidences below are the model's own (edgegram.engine.judge.confidence adds no penalty).
DENSE = {"He go.": "He goes."}
DENSE_COUNT = PRIOR.min_neighbours + 1
DENSE_PREFIX = "He go. " * DENSE_COUNT


def test_confidence_is_the_min_probability_of_the_replacement_tokens():
    checker, _ = make_checker({**DENSE, "I has a apple.": "I have an apple."}, unsure=["an"])
    edits = checker.check(DENSE_PREFIX + "I has a apple.")
    by_replacement = {e.replacement: e.confidence for e in edits if e.start >= len(DENSE_PREFIX)}
    assert by_replacement == {"have": pytest.approx(0.9), "an": pytest.approx(LOW)}


def test_in_well_edited_surroundings_only_mechanical_fixes_are_offered():
    fluent = "All is well. The sun is out. " * 3  # enough neighbours to judge the document
    table = {"They is here.": "They are here.", "I saw teh sea.": "I saw the sea."}
    checker, _ = make_checker(table)
    grammar, typo = checker.check(fluent + "They is here. I saw teh sea. " + fluent)
    assert (grammar.replacement, grammar.mechanical, grammar.confidence) == ("are", False, 0.0)  # not offered
    assert (typo.replacement, typo.mechanical) == ("the", True)
    assert typo.confidence == pytest.approx(0.9 - PRIOR.penalty)  # a typo fix only has to be surer
    default, _ = make_checker(table, min_confidence=DEFAULT_MIN_CONFIDENCE)
    assert [e.replacement for e in default.check(fluent + "They is here. I saw teh sea. " + fluent)] == ["the"]
    # learner-like surroundings: the model's own confidence, grammar included
    checker, _ = make_checker({**table, **DENSE})
    edits = checker.check(DENSE_PREFIX + "They is here. " + fluent)
    assert [e.confidence for e in edits if e.replacement == "are"] == [pytest.approx(0.9)]


def test_a_short_note_cannot_be_judged_so_every_edit_only_has_to_be_surer():
    table = {"They is here.": "They are here."}
    checker, _ = make_checker(table)
    (edit,) = checker.check("Hello. They is here.")
    assert edit.confidence == pytest.approx(0.9 - PRIOR.short_penalty)
    strict, _ = make_checker(table, min_confidence=0.9 - PRIOR.short_penalty + 0.01)
    assert strict.check("Hello. They is here.") == []


def test_deletion_confidence_comes_from_the_token_after_it():
    checker, _ = make_checker({**DENSE, "I saw the the cat.": "I saw the cat."}, unsure=["cat"])
    (edit,) = [e for e in checker.check(DENSE_PREFIX + "I saw the the cat.") if e.start >= len(DENSE_PREFIX)]
    assert edit.replacement == "" and edit.kind == EditKind.ARTICLE
    assert edit.confidence == pytest.approx(LOW)


def test_min_confidence_filters_after_decoding_and_correct_follows_it():
    table = {**DENSE, "I has a apple.": "I have an apple."}
    checker, decoder = make_checker(table, unsure=["an"], min_confidence=0.5)
    text = DENSE_PREFIX + "I has a apple."
    assert [e.replacement for e in checker.check(text)] == ["goes"] * DENSE_COUNT + ["have"]
    assert checker.correct(text) == "He goes. " * DENSE_COUNT + "I have a apple."
    assert len(decoder.calls) == 2  # filtering does not re-run the model


def test_cache_avoids_rerunning_unchanged_sentences():
    table = {"One is ok.": "One is OK.", "Two are bad.": "Two is bad."}
    checker, decoder = make_checker(table)
    checker.check("One is ok. Two are bad.")
    assert sorted(decoder.calls) == ["One is ok.", "Two are bad."]
    edits = checker.check("One is ok. Two are bad. Three.")
    assert decoder.calls[2:] == ["Three."]
    assert checker.stats.cache_hits == 2 and checker.stats.sentences == 3
    assert checker.stats.decoder_passes == 6
    assert [e.replacement for e in edits] == ["OK", "is"]


def test_cache_is_bounded_least_recently_used_first():
    checker, decoder = make_checker({}, cache_size=2)
    checker.check("Ab. Bc. Cd.")  # Ab is evicted
    checker.check("Cd. Ab.")
    assert decoder.calls == ["Ab.", "Bc.", "Cd.", "Ab."]


def test_repeated_sentences_in_one_document_run_once_and_get_their_own_offsets():
    text = "He go. He go."
    checker, decoder = make_checker({"He go.": "He goes."})
    edits = checker.check(text)
    assert decoder.calls == ["He go."]
    assert [(e.start, e.end) for e in edits] == [(3, 5), (10, 12)]


def test_each_new_sentence_is_encoded_once_in_batches_shortest_first():
    checker, _ = make_checker({})
    checker.check("A much longer sentence here. Hi. Medium one.")
    checker.check("A much longer sentence here. Hi. Medium one. Hi.")
    assert checker.model.encoded == [[4, 12, 29]]


def test_batch_size_one_encodes_each_sentence_alone():
    checker, _ = make_checker({}, batch_size=1)
    checker.check("A much longer sentence here. Hi. Medium one.")
    assert checker.model.encoded == [[4], [12], [29]]


def test_batches_hold_at_most_batch_size_sentences():
    checker, decoder = make_checker({"Hi.": "Hello."}, batch_size=2)
    edits = checker.check("Number one here. Hi. And three. Four is longest of all.")
    assert checker.model.encoded == [[4, 11], [17, 24]]
    assert [e.replacement for e in edits] == ["Hello"]


def test_long_sentence_is_split_to_fit_the_model_and_nothing_is_lost():
    text = "this is a long sentence, it has many words; more words follow here and there too"
    checker, decoder = make_checker({})
    assert checker.check(text) == []
    assert all(len(s) + 1 <= CharModel.max_source_tokens for s in decoder.calls)
    assert len(decoder.calls) > 1 and all(piece in text for piece in decoder.calls)
    assert sum(len(piece) + 1 for piece in decoder.calls) - 1 == len(text)  # only break spaces left out


@pytest.mark.parametrize("bad_output", ["", "   ", "x" * 100])
def test_empty_or_runaway_output_leaves_the_sentence_unchanged(bad_output):
    checker, _ = make_checker({"Keep me.": bad_output})
    assert checker.check("Keep me.") == []
    assert checker.correct("Keep me.") == "Keep me."


def test_output_surrounding_whitespace_is_ignored():
    checker, _ = make_checker({"Fine text.": " Fine text. "})
    assert checker.check("Fine text.") == []


def test_bad_settings_are_rejected():
    with pytest.raises(ValueError, match="decoder"):
        Checker.from_model(CharModel(), CheckerConfig(rules=False, decoder="beam"))
    with pytest.raises(ValueError, match="min_confidence"):
        Checker.from_model(CharModel(), CheckerConfig(rules=False, min_confidence=2.0))


def test_should_stop_ends_a_check_between_sentences_and_keeps_what_was_done():
    from edgegram.engine.core.errors import CheckStopped

    table = {"One is ok.": "One is OK.", "Two are bad.": "Two is bad."}
    checker, decoder = make_checker(table, batch_size=1)
    with pytest.raises(CheckStopped):
        checker.check("One is ok. Two are bad. Three.", should_stop=lambda: len(decoder.calls) >= 1)
    assert decoder.calls == ["Three."]  # the shortest first; stopped before the second sentence
    edits = checker.check("One is ok. Two are bad. Three.")
    assert decoder.calls[1:] == ["One is ok.", "Two are bad."]  # the first came from the cache
    assert [e.replacement for e in edits] == ["OK", "is"]


def test_should_stop_is_asked_within_a_batch_too():
    """A batch does not delay a stop: it is asked between model calls (here: sentences), and
    what the batch finished is kept."""
    from edgegram.engine.core.errors import CheckStopped

    table = {"One is ok.": "One is OK.", "Two are bad.": "Two is bad."}
    checker, decoder = make_checker(table, batch_size=2)
    with pytest.raises(CheckStopped, match="after 1 of 3"):
        checker.check("One is ok. Two are bad. Three.", should_stop=lambda: len(decoder.calls) >= 1)
    assert decoder.calls == ["Three."]  # the batch ["Three.", "One is ok."] stopped after its first
    assert [e.replacement for e in checker.check("One is ok. Two are bad. Three.")] == ["OK", "is"]
    assert decoder.calls[1:] == ["One is ok.", "Two are bad."]


def test_rechecking_reuses_the_views_tokens_and_filters_of_unchanged_sentences(monkeypatch):
    import edgegram.engine.checker as checker_module

    table = {"One is ok.": "One is OK.", "Two are bad.": "Two is bad."}
    checker, _ = make_checker(table)
    first = checker.check("One is ok. Two are bad.")
    views, shown = [], []
    real_view, real_safe = checker_module.to_model_text, checker._safe
    monkeypatch.setattr(checker_module, "to_model_text", lambda s: views.append(s) or real_view(s))
    monkeypatch.setattr(checker, "_safe", lambda *a: shown.append(a[0].source) or real_safe(*a))
    again = checker.check("One is ok. Two are bad. Three.")
    assert again[:2] == first and views == ["Three."] and shown == ["Three."]
    spans = [(e.start, e.end, e.replacement) for e in checker.check("One is ok. Two are bad.", words=["are"])]
    assert spans == [(e.start, e.end, e.replacement) for e in first[:1]]  # other words: filtered again


def test_a_check_that_can_be_stopped_runs_small_batches():
    """The server's checks (those that can be stopped) run batches of at most
    checker.STOPPABLE_BATCH sentences: a keystroke waits for no large encoder call."""
    from edgegram.engine.checker import STOPPABLE_BATCH

    text = " ".join(f"Go {n:02}." for n in range(STOPPABLE_BATCH + 3))
    checker, _ = make_checker({})
    checker.check(text, should_stop=lambda: False)
    assert max(map(len, checker.model.encoded)) == STOPPABLE_BATCH
    plain, _ = make_checker({})
    plain.check(text)
    assert len(plain.model.encoded) == 1 and len(plain.model.encoded[0]) == STOPPABLE_BATCH + 3


def test_a_stoppable_batch_holds_at_most_stoppable_tokens_padded_source_tokens():
    """In the server's checks long sentences go in smaller batches (a decoder call's memory
    grows with rows x tokens): each holds as many of the shortest sentences left as the cap
    allows. The command line's checks are not capped."""
    from edgegram.engine.checker import STOPPABLE_BATCH, STOPPABLE_TOKENS

    short = [f"Go {n:02}." for n in range(4)]  # 7 tokens with </s>
    long = [f"Sentence {n:02} is a bit longer than those." for n in range(10)]  # 40 tokens
    checker, _ = make_checker({})
    checker.check(" ".join(short + long), should_stop=lambda: False)
    batches = checker.model.encoded
    assert sorted(n for batch in batches for n in batch) == [7] * 4 + [40] * 10
    assert all(len(batch) * max(batch) <= STOPPABLE_TOKENS for batch in batches)
    assert all(len(batch) <= STOPPABLE_BATCH for batch in batches)
    # shortest first, each batch as many as fit: adding the next sentence would break a cap
    for batch, following in zip(batches, batches[1:]):
        grown = [*batch, following[0]]
        assert len(grown) > STOPPABLE_BATCH or len(grown) * max(grown) > STOPPABLE_TOKENS
    assert len(batches) > 2  # the caps split these 14 sentences
    plain, _ = make_checker({})
    plain.check(" ".join(short + long))
    assert [len(batch) for batch in plain.model.encoded] == [14]


def test_a_piece_checked_in_its_document_uses_the_document_terms_and_is_remembered_for_it():
    """The language server checks a long document piece by piece, then whole: a word the
    document repeats is a term, not a misspelling, in the piece too, and the whole check
    finds the pieces' paragraphs remembered."""
    checker, decoder = make_checker({}, rules=True)
    document = "We use flaskk here.\n\nThey use flaskk too.\n"
    first, second = document.split("\n\n")
    assert [e.replacement for e in checker.check(second)] == ["flask"]  # alone: used once
    checker, decoder = make_checker({}, rules=True)
    assert checker.check(first + "\n\n", context=document) == []
    assert checker.check(second, context=document) == []
    found_again = []
    find = checker._mechanical.find
    checker._mechanical.find = lambda items, *args: found_again.extend(s for s, _ in items) or find(items, *args)
    assert checker.check(document) == []
    assert found_again == [] and len(decoder.calls) == 2  # nothing looked at again, nothing run again


def test_a_name_the_document_keeps_in_lower_case_where_sentences_start_owes_no_capital():
    """ "curl" opens two sentences in lower case and is never written "Curl": the writer's name for
    a thing, so no sentence owes it a capital; "the" opening two is a slip all the same; a piece
    checked in its document knows the document's names."""
    checker, _ = make_checker({}, rules=True)
    document = "curl is a tool.\n\ncurl is fast. the docs are here.\n\nthe end is near.\n"
    assert [e.original for e in checker.check(document)] == ["the", "the"]
    assert [e.original for e in checker.check("curl is a tool.\n")] == ["curl"]  # alone: once
    assert [e.original for e in checker.check("curl is a tool.\n", context=document)] == []
    assert [e.original for e in checker.check(document + "\nCurl is old.\n")] == ["curl", "curl", "the", "the"]


def test_a_remembered_sentence_is_checked_again_when_a_term_it_may_misspell_comes_or_goes():
    """The slip "aync" is "async" only where the document repeats "async": the sentence's
    remembered edits must follow the terms its odd words are a letter away from."""
    checker, _ = make_checker({}, rules=True)
    slip = "We try aync code."
    with_term = f"{slip}\n\nThe async code and the async runtime.\n"
    without = f"{slip}\n\nThe async code and the runtime.\n"
    assert [(e.original, e.replacement) for e in checker.check(with_term)] == [("aync", "async")]
    assert checker.check(without) == []
    assert [(e.original, e.replacement) for e in checker.check(with_term)] == [("aync", "async")]


def test_a_misspellings_candidate_that_the_document_uses_is_preferred():
    """ "crat" is most likely "crate" in a text about crates, whatever the words around it or
    their frequency say alone ("craft")."""
    checker, _ = make_checker({}, rules=True)
    slip = "Each crat holds modules."
    (alone,) = checker.check(slip + "\n")
    assert alone.replacement != "crate" and "crate" not in alone.alternatives[:1]
    (in_document,) = checker.check(f"{slip}\n\nA crate is a package; the crate root is a file.\n")
    assert (in_document.original, in_document.replacement) == ("crat", "crate")
    assert alone.replacement in in_document.alternatives


def test_a_rule_that_fixes_the_noun_keeps_the_model_from_fixing_its_verb_too():
    """The rule makes "students" agree with "has", the model "has" with "students": both
    would give "Each student have a book"; the rule's fix is shown alone."""
    sentence = "Each students has a book."
    checker, _ = make_checker({sentence: "Each students have a book."}, rules=True)
    edits = checker.check(sentence)
    assert [(e.original, e.replacement) for e in edits] == [("students", "student")]
    assert apply_edits(sentence, edits) == "Each student has a book."
    checker, _ = make_checker({sentence: "Each students have a book."})  # the model's alone
    assert [(e.original, e.replacement) for e in checker.check(sentence)] == [("has", "have")]


def test_a_word_the_model_moves_is_one_edit_shown_whole_or_not_at_all():
    sentence = "Do you know where is the station?"
    checker, _ = make_checker({sentence: "Do you know where the station is?"})
    (edit,) = checker.check(sentence)
    assert (edit.original, edit.replacement, edit.kind) == ("is the station", "the station is", EditKind.WORD_ORDER)


def test_a_word_shifted_by_one_beside_a_change_is_one_edit():
    """ "I want that you come" -> "I want you to come" is "that" -> "you" and "you" -> "to" to
    the word diff; shown apart, the second alone would make "I want that to come"."""
    sentence = "I want that you come."
    checker, _ = make_checker({sentence: "I want you to come."})
    (edit,) = checker.check(sentence)
    assert (edit.original, edit.replacement) == ("that you", "you to")
    assert apply_edits(sentence, [edit]) == "I want you to come."


def test_a_fix_writes_the_apostrophe_the_document_writes():
    """A text typeset with curly apostrophes gets "It’s", one with straight ones "It's", in the
    replacement and in the message that quotes it."""
    checker, _ = make_checker({}, rules=True)
    (curly,) = checker.check("Don’t stop. Its a trap, isn’t it?\n")
    assert (curly.original, curly.replacement) == ("Its", "It’s") and "'It’s'" in curly.message
    (straight,) = checker.check("Don't stop. Its a trap, isn't it?\n")
    assert straight.replacement == "It's" and "'It's'" in straight.message
    (unknown,) = checker.check("Its a trap.\n")
    assert unknown.replacement == "It's"


def test_check_all_runs_the_model_on_many_texts_at_once_and_checks_each():
    texts = ["He go. Hi.", "Medium one here."]
    checker, decoder = make_checker({"He go.": "He goes."})
    found = checker.check_all(texts)
    assert checker.model.encoded == [[4, 7, 17]]  # one batch across both texts, shortest first
    assert found == [checker.check(text) for text in texts] and [e.replacement for e in found[0]] == ["goes"]
    assert checker.model.encoded == [[4, 7, 17]] and len(decoder.calls) == 3  # nothing run again


def test_check_all_runs_at_most_half_the_cache_size_of_sentences_at_once():
    checker, _ = make_checker({}, cache_size=4)
    done = []
    checker.check_all(["Ab. Cd.", "Efg.", "Hij. Kl. Mn."], lambda n, total: done.append((n, total)))
    assert checker.model.encoded == [[4, 4], [5], [4, 4, 5]]  # texts grouped up to 2 sentences (a longer one alone)
    assert done[-1] == (6, 6) and [n for n, _ in done] == sorted(n for n, _ in done)


def test_check_all_applies_each_texts_own_threshold():
    table = {**DENSE, "I has a apple.": "I have an apple."}
    checker, decoder = make_checker(table, unsure=["an"])
    text = DENSE_PREFIX + "I has a apple."
    loose, strict = checker.check_all([text, text], thresholds=[0.0, 0.5])
    assert "an" in [e.replacement for e in loose] and "an" not in [e.replacement for e in strict]
    assert "have" in [e.replacement for e in strict]


def test_a_model_spelling_edit_of_a_word_in_use_needs_the_grammar_threshold():
    """In technical prose a spelling fix needs only plain text's threshold, but the model's
    spelling edit of a word writers use ("path form" -> "from", "histogram" -> "history") is a
    real-word slip and needs the grammar threshold; a word no list knows keeps the spelling one,
    and so does a known word that is rare ("wil")."""
    from edgegram.engine.core.types import Thresholds

    table = {
        **DENSE,
        "Keep the path form here.": "Keep the path from here.",
        "Keep the path recieve here.": "Keep the path receive here.",
        "Keep the path wil here.": "Keep the path will here.",
    }
    technical = Thresholds(0.5, ((EditKind.SPELLING, 0.2),))
    checker, _ = make_checker(table, unsure=["from", "receive", "will"])
    found = {e.original: e for e in checker.check(DENSE_PREFIX + " ".join(list(table)[1:]), min_confidence=technical)}
    assert all(e.confidence < 0.5 for e in found.values() if e.original != "go")
    assert "form" not in found
    assert found["recieve"].replacement == "receive" and found["wil"].replacement == "will"
    assert [e.kind for e in (found["recieve"], found["wil"])] == [EditKind.SPELLING] * 2

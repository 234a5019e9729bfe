"""Re-checking an edited document costs what changed: the checker remembers each paragraph's
sentences and the edit judge each sentence's features and each row's probability; the
results are those of a checker that never saw the document."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stand_ins import make_checker

from edgegram.engine.core.contract import default_model_dir
from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.judge.edit_judge import EditJudge
from edgegram.engine.sentences.lexicon import shipped_lexicon
from edgegram.engine.sentences.segment import Span, paragraph_ends, segment

PIECES = ["Dr", "e.g.", "U.S.", "word", "The", " ", ".", "?", '"', "\n", "\r", "\r\n", "\t", "- ", "# ", "1. ", "\u2028", "\x0c"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=60))
def test_segmenting_paragraph_by_paragraph_is_segmenting_the_whole(pieces):
    text = "".join(pieces)
    spans, start = [], 0
    for end in paragraph_ends(text):
        spans += [Span(s.start + start, s.end + start) for s in segment(text[start:end])]
        start = end
    assert spans == segment(text)


TABLE = {
    "She go home.": "She goes home.",
    "They was late.": "They were late.",
    "A teh cat sat.": "A the cat sat.",
}
DOCUMENT = "She go home. It is fine.\n\nThey was late.\n\nA teh cat sat. Nothing else.\n"
WORDS = ["She go home.", "It is fine.", "They was late.", "A teh cat sat.", "Recieve it.", "\n\n", "\n", " ", "x"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 4), st.sampled_from(WORDS)), min_size=1, max_size=8))
def test_a_checker_rechecking_edits_finds_what_a_fresh_one_finds(edits):
    checker, _ = make_checker(TABLE, rules=True)
    text = DOCUMENT
    checker.check(text)
    for at, deleted, inserted in edits:
        start = int(at * len(text))
        text = text[:start] + inserted + text[start + deleted :]
        fresh, _ = make_checker(TABLE, rules=True)
        assert checker.check(text) == fresh.check(text)


@pytest.fixture(scope="module")
def judge_path():
    path = default_model_dir() / "edit_judge.onnx"
    assert path.is_file(), "the shipped model has no edit judge"
    return path


def edit(confidence: float, original: str = "go", replacement: str = "went") -> Edit:
    return Edit(0, len(original), replacement, original, EditKind.VERB_FORM, "", confidence, confidence / 2)


def test_the_judge_remembering_sentences_and_rows_judges_as_a_fresh_one(judge_path):
    texts = [f"She go home number {n}." for n in range(120)]
    sentences = [[edit(0.3 + (n % 7) / 10)] if n % 3 else [] for n in range(120)]
    slips = [[] for _ in texts]
    lexicon = shipped_lexicon()
    remembering = EditJudge(judge_path)
    remembering.judge(sentences, texts, lexicon, slips)
    sentences[60] = [edit(0.95), edit(0.2, "", ",")]  # an edit changes one sentence's edits...
    del texts[10], sentences[10], slips[10]  # ...and another sentence goes: neighbourhoods move
    again = remembering.judge(sentences, texts, lexicon, slips)
    assert again == EditJudge(judge_path).judge(sentences, texts, lexicon, slips)


def test_retain_drops_closed_and_older_texts_and_keeps_the_results_the_same():
    checker, decoder = make_checker(TABLE, rules=True)
    other = "They was late.\n\nRecieve it. She go home.\n"
    first = checker.check(DOCUMENT)
    edited = DOCUMENT.replace("It is fine.", "It is fine. x")
    checker.check(edited)
    checker.check(other)
    assert len(checker._paragraphs) == 5  # DOCUMENT's 3, the edited first one, and one of other's (the other shared)
    checker.retain([DOCUMENT])  # "other" closed, the edit undone
    kept = set(checker._paragraphs._entries)
    assert kept == {DOCUMENT[start:end] for start, end in zip([0, *paragraph_ends(DOCUMENT)[:-1]], paragraph_ends(DOCUMENT))}
    assert set(checker._views._entries) == {"She go home.", "It is fine.", "They was late.", "A teh cat sat.", "Nothing else."}
    assert len(checker._found_memo) == 3 and len(checker._mechanical._found) == 5
    calls = len(decoder.calls)
    assert checker.check(DOCUMENT) == first and len(decoder.calls) == calls  # from the kept memos
    checker.retain([])  # every document closed
    assert len(checker._paragraphs) == len(checker._views) == len(checker._found_memo) == 0
    assert len(checker._safe_memo) == len(checker._mechanical._found) == len(checker._mechanical._words) == 0
    assert checker.check(other) == make_checker(TABLE, rules=True)[0].check(other)

"""Paragraphs that are not English are left alone (with a setting to check them anyway)."""

import pytest

from edgegram.engine.prose import ProseOptions, drop_skipped, mask
from edgegram.engine.prose.language_id import EnglishFilter
from tests.lsp_support.rule_checker import RuleChecker

FRENCH = "Il y a une erreur dans ce paragraphe, mais il est écrit en français et doit rester tel quel."
GERMAN = "Dieser Absatz ist auf Deutsch geschrieben und darf nicht wie ein englischer Text korrigiert werden."
ENGLISH = "This paragraph has teh error that must still be found."
DOC = f"# Notes\n\n{ENGLISH}\n\n{FRENCH}\n\n{GERMAN}\n\n- a item in a ordered list\n"


@pytest.fixture(scope="module")
def masked():
    return mask(DOC, "markdown")


def test_french_and_german_paragraphs_are_hidden(masked):
    for paragraph in (FRENCH, GERMAN):
        start = DOC.index(paragraph)
        assert masked.text[start : start + len(paragraph)].strip() == ""
        assert any(s <= start and start + len(paragraph) <= e for s, e in masked.skipped)


def test_english_findings_around_them_are_kept_at_exact_ranges(masked):
    edits = drop_skipped(RuleChecker().check(masked.text), masked)
    item = DOC.index("- a item") + 2
    english_list = DOC.index("a ordered")
    assert [(e.start, e.end, e.replacement) for e in edits] == [
        (DOC.index("teh"), DOC.index("teh") + 3, "the"),
        (item, item + 1, "an"),
        (english_list, english_list + 1, "an"),
    ]
    assert "y a une" in FRENCH  # the rule checker would flag it, were it checked


def test_the_setting_turns_it_off():
    masked = mask(DOC, "markdown", ProseOptions(skip_other_languages=False))
    flagged = [DOC[e.start : e.end + 4] for e in drop_skipped(RuleChecker().check(masked.text), masked)]
    assert "a une" in flagged


def test_a_french_comment_in_code_is_left_alone():
    text = f"# {FRENCH}\nx = 1\n# {ENGLISH}\n"
    masked = mask(text, "python")
    assert FRENCH not in masked.text
    assert ENGLISH in masked.text


@pytest.mark.parametrize(
    "paragraph",
    [
        "I goes to school yesterday and buyed a apple for my teacher.",  # learner English
        "Returns teh sum.",  # short
        "Merci beaucoup.",  # short, not English: too short to tell, kept
        "Kubernetes schedules Grafana dashboards across nodes automatically.",  # few function words
    ],
)
def test_english_and_short_paragraphs_are_kept(paragraph):
    assert not EnglishFilter().is_other_language(paragraph)


PARAGRAPHS = [
    FRENCH,
    GERMAN,
    ENGLISH,
    "A sample is a single value at a point in time in a time series.",
    "Questo paragrafo è scritto in italiano e non deve essere corretto come un testo inglese.",
    'fn main() { let x = vec![1, 2, 3]; println!("{x:?}"); }',
    "",
]


def test_the_model_read_from_disk_scores_as_py3langid_loaded_in_memory(tmp_path):
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    from edgegram.engine.prose.language_id import _identifier

    in_memory = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    stored = _identifier(tmp_path)
    assert list(tmp_path.glob("*.npz")) and not isinstance(stored.nb_ptc, type(in_memory.nb_ptc))
    for paragraph in PARAGRAPHS:
        assert stored.rank(paragraph) == in_memory.rank(paragraph)
        assert stored.classify(paragraph) == in_memory.classify(paragraph)


def test_a_cache_folder_that_cannot_be_written_loads_the_model_into_memory(tmp_path):
    (tmp_path / "taken").write_text("a file, not a folder")
    detector = EnglishFilter(cache_dir=tmp_path / "taken" / "langid")
    assert detector.is_other_language(FRENCH) and not detector.is_other_language(ENGLISH)
    assert type(detector._model().nb_ptc).__module__ == "numpy"


def test_the_process_filter_drops_its_model_when_memory_is_released():
    from edgegram.engine.core.memory import release_free_memory
    from edgegram.engine.prose.language_id import english_filter

    detector = english_filter()
    assert detector.is_other_language(GERMAN)
    assert detector._identifier is not None
    release_free_memory()
    assert detector._identifier is None
    assert detector.is_other_language(GERMAN) and detector._identifier is not None  # read again

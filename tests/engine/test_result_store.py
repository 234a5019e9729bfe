"""edgegram.engine.finders.result_store: sentence results persisted across Checker instances, bounded, and
never a reason for a check to fail."""

from __future__ import annotations

from test_checker_logic import make_checker

from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.finders.result_store import ResultStore, model_key

TABLE = {"One is ok.": "One is OK.", "Two are bad.": "Two is bad."}
TEXT = "One is ok. Two are bad. Three."


def test_a_new_checker_takes_results_from_the_store_instead_of_the_model(tmp_path):
    first, first_decoder = make_checker(TABLE)
    first.store = ResultStore(tmp_path, "k")
    expected = first.check(TEXT)
    assert len(first_decoder.calls) == 3 and len(first.store) == 3
    second, second_decoder = make_checker(TABLE)  # a restarted server
    second.store = ResultStore(tmp_path, "k")
    assert second.check(TEXT) == expected
    assert second_decoder.calls == []
    assert second.check(TEXT + " Four.") == expected and second_decoder.calls == ["Four."]


def test_results_of_another_model_are_not_used(tmp_path):
    first, _ = make_checker(TABLE)
    first.store = ResultStore(tmp_path, "model-a")
    first.check(TEXT)
    other, decoder = make_checker({})
    other.store = ResultStore(tmp_path, "model-b")
    assert other.check(TEXT) == [] and len(decoder.calls) == 3


def test_model_key_follows_the_model_files_and_the_copy_penalty(tmp_path):
    (tmp_path / "model.json").write_text("{}")
    key = model_key(tmp_path, 1.0)
    assert model_key(tmp_path, 1.0) == key
    assert model_key(tmp_path, 0.0) != key  # another penalty decodes other candidates
    (tmp_path / "encoder.onnx").write_bytes(b"weights")
    assert model_key(tmp_path, 1.0) != key


def test_the_store_is_bounded_least_recently_used_first(tmp_path):
    store = ResultStore(tmp_path, "k", max_sentences=20)
    edit = (Edit(0, 1, "A", "a", EditKind.CAPITALISATION, "", 0.9),)
    store.put_many({f"s{i}": edit for i in range(15)})
    store.get_many(["s0"])  # used again: kept
    store.put_many({f"t{i}": edit for i in range(15)})
    assert len(store) == 20
    assert store.get_many(["s0", "s1"]).keys() == {"s0"}
    assert store.get_many(["t14"]) == {"t14": edit}


def test_an_unreadable_file_is_set_aside_and_the_check_still_works(tmp_path):
    (tmp_path / "sentences-k.sqlite3").write_bytes(b"not a database" * 100)
    checker, _ = make_checker(TABLE)
    checker.store = ResultStore(tmp_path, "k")
    assert checker.store.enabled
    assert [e.replacement for e in checker.check(TEXT)] == ["OK", "is"]
    assert (tmp_path / "sentences-k.sqlite3.bak").exists()


def test_only_a_few_models_files_are_kept(tmp_path):
    for key in ("a", "b", "c", "d"):
        ResultStore(tmp_path, key).close()
    assert len(list(tmp_path.glob("sentences-*.sqlite3"))) == 3

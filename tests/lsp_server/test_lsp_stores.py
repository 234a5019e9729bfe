"""The dictionary and ignore stores: reading, adding, outside edits, corrupt files."""

import json
import logging
import os

import pytest

from edgegram.lsp_server import ignores
from edgegram.lsp_server.dictionary import DictionaryStore, parse_words, workspace_dictionary_path
from edgegram.lsp_server.files import folder_of
from edgegram.lsp_server.ignores import IgnoredSuggestion, IgnoreStore, ignored_file


def test_parse_words_skips_blanks_and_comments():
    assert parse_words("# mine\nedgegram\n\n  Kubernetes  \n") == {"edgegram", "Kubernetes"}


def test_add_creates_the_file_and_knows_the_word(tmp_path):
    store = DictionaryStore(tmp_path / "user" / "dictionary.txt")
    assert not store.knows("teh", None)
    assert store.add("teh", store.user_path) is True
    assert store.add("teh", store.user_path) is False
    assert store.user_path.read_text(encoding="utf-8") == "teh\n"
    assert store.knows("teh", None)
    assert store.knows("Teh", None)  # a lowercase entry covers the capitalised word
    assert not store.knows("tehs", None)


def test_capitalised_entry_does_not_cover_lowercase(tmp_path):
    store = DictionaryStore(tmp_path / "dictionary.txt")
    store.add("Zurich", store.user_path)
    assert store.knows("Zurich", None) and not store.knows("zurich", None)


def test_workspace_dictionary_is_separate(tmp_path):
    store = DictionaryStore(tmp_path / "user.txt")
    folder = tmp_path / "project"
    store.add("edgegram", workspace_dictionary_path(folder))
    assert store.knows("edgegram", folder)
    assert not store.knows("edgegram", None)
    assert workspace_dictionary_path(folder) == folder / ".edgegram" / "dictionary.txt"


def test_outside_edits_are_noticed(tmp_path):
    store = DictionaryStore(tmp_path / "dictionary.txt")
    store.add("one", store.user_path)
    assert store.knows("one", None)
    store.user_path.write_text("one\ntwo-words-later\n", encoding="utf-8")
    assert store.knows("two-words-later", None)


def test_file_without_final_newline_is_extended_properly(tmp_path):
    store = DictionaryStore(tmp_path / "dictionary.txt")
    store.user_path.write_text("alpha", encoding="utf-8")
    store.add("beta", store.user_path)
    assert store.user_path.read_text(encoding="utf-8").splitlines() == ["alpha", "beta"]


@pytest.mark.parametrize("content", [b"\xff\xfe\x00bad", b"word\x00\x01"])
def test_corrupt_dictionary_is_set_aside_and_recreated(tmp_path, caplog, content):
    store = DictionaryStore(tmp_path / "dictionary.txt")
    store.user_path.write_bytes(content)
    with caplog.at_level(logging.WARNING):
        assert not store.knows("word", None)
    backup = tmp_path / "dictionary.txt.bak"
    assert backup.read_bytes() == content
    assert "dictionary.txt" in caplog.text
    store.add("word", store.user_path)
    assert store.user_path.read_text(encoding="utf-8") == "word\n"


def test_dictionary_that_is_a_folder_is_set_aside(tmp_path):
    store = DictionaryStore(tmp_path / "dictionary.txt")
    store.user_path.mkdir()
    store.add("word", store.user_path)
    assert (tmp_path / "dictionary.txt.bak").is_dir()
    assert store.knows("word", None)


def test_rejects_multi_line_words(tmp_path):
    store = DictionaryStore(tmp_path / "dictionary.txt")
    with pytest.raises(ValueError, match="not a dictionary word"):
        store.add("a\nb", store.user_path)


SUGGESTION = IgnoredSuggestion("spelling", "teh", "the")


def test_ignored_in_session_only_without_a_folder():
    store = IgnoreStore()
    store.ignore("untitled:1", SUGGESTION, None, None)
    assert store.ignored("untitled:1", None, None) == {SUGGESTION}
    assert store.ignored("untitled:2", None, None) == set()


def test_ignored_persists_in_the_workspace(tmp_path):
    document = tmp_path / "docs" / "a.md"
    IgnoreStore().ignore("file:///a", SUGGESTION, document, tmp_path)
    data = json.loads(ignored_file(tmp_path).read_text(encoding="utf-8"))
    assert data["documents"] == {"docs/a.md": [{"kind": "spelling", "original": "teh", "replacement": "the"}]}
    assert IgnoreStore().ignored("file:///a", document, tmp_path) == {SUGGESTION}  # a new session
    assert IgnoreStore().ignored("file:///b", tmp_path / "b.md", tmp_path) == set()


def test_malformed_ignore_file_is_set_aside(tmp_path, caplog):
    path = ignored_file(tmp_path)
    path.parent.mkdir()
    path.write_text('{"documents": [1, 2]}', encoding="utf-8")
    document = tmp_path / "a.md"
    with caplog.at_level(logging.WARNING):
        assert IgnoreStore().ignored("file:///a", document, tmp_path) == set()
    assert path.with_name("ignored.json.bak").exists() and not path.exists()
    IgnoreStore().ignore("file:///a", SUGGESTION, document, tmp_path)
    assert IgnoreStore().ignored("file:///a", document, tmp_path) == {SUGGESTION}


def test_folder_of_picks_the_innermost(tmp_path):
    outer, inner = tmp_path, tmp_path / "sub"
    assert folder_of(inner / "x.md", [outer, inner]) == inner
    assert folder_of(outer / "x.md", [inner, outer]) == outer
    assert folder_of(tmp_path.parent / "y.md", [inner]) is None


def test_ignore_file_is_read_again_only_when_it_changes(tmp_path, monkeypatch):
    document = tmp_path / "a.md"
    store = IgnoreStore()
    store.ignore("file:///a", SUGGESTION, document, tmp_path)
    reads = []
    real_read = ignores.read_text_or_set_aside
    monkeypatch.setattr(ignores, "read_text_or_set_aside", lambda path: reads.append(path) or real_read(path))
    for _ in range(3):
        assert store.ignored("file:///b", document, tmp_path) == {SUGGESTION}
    assert reads == []  # cached since the store wrote it
    other = IgnoredSuggestion("article", "a", "an")
    IgnoreStore().ignore("file:///c", other, document, tmp_path)  # another process adds one
    path = ignored_file(tmp_path)
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000))
    before = len(reads)
    assert store.ignored("file:///b", document, tmp_path) == {SUGGESTION, other}
    assert store.ignored("file:///b", document, tmp_path) == {SUGGESTION, other}
    assert len(reads) == before + 1  # read once after the change

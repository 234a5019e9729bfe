"""What lemminflect's tables tell the grammar rules about a word (edgegram.engine.analysis.word_classes)."""

import os
import subprocess
import sys

import pytest

from edgegram.engine.analysis import word_classes as wc


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


@pytest.mark.parametrize(
    "participle, past",
    [("seen", "saw"), ("done", "did"), ("begun", "began"), ("found", None), ("come", None), ("put", None), ("saw", None)],
)
def test_simple_past_of_a_participle_that_is_no_past_itself(participle, past):
    assert wc.past_of_participle(participle) == past


@pytest.mark.parametrize(
    "verb, ing",
    [
        ("hear", "hearing"),
        ("receive", "receiving"),
        ("get", "getting"),
        ("lie", "lying"),
        ("be", "being"),
        ("thing", None),
        # the word list also reads these recorded misspellings as the verb's: "controling", "refering", "tieing"
        ("control", "controlling"),
        ("refer", "referring"),
        ("tie", "tying"),
        ("counsel", "counseling"),
    ],
)
def test_present_participle_is_a_spelling_the_word_list_reads_as_the_verb(verb, ing):
    assert wc.present_participle(verb) == ing


def test_noun_number():
    assert wc.is_singular_noun("approach") and wc.plural("approach") == "approaches"
    assert not wc.is_singular_noun("series") and not wc.is_singular_noun("data") and not wc.is_singular_noun("files")
    assert wc.singular_of_plural("traits") == "trait" and wc.singular_of_plural("class") is None


def test_verb_forms_and_modifiers():
    assert wc.third_person("ensure") == "ensures" and wc.past_tense("go") == "went"
    assert wc.is_modifier("main") and not wc.is_modifier("number")  # "number" is only numb + er
    assert wc.classes("code") == {wc.NOUN, wc.VERB} and wc.classes("the") == frozenset()


def test_the_table_is_read_without_lemminflect(tmp_path):
    # lemminflect's own tables take some 50 MB as Python dicts (and where spaCy is installed
    # it imports spaCy, thinc and torch): a stand-in that fails loudly shows the engine reads
    # its shipped table instead.
    (tmp_path / "lemminflect").mkdir()
    (tmp_path / "lemminflect" / "__init__.py").write_text("raise SystemExit('lemminflect was imported')\n")
    code = (
        "import sys; from edgegram.engine.analysis.word_classes import is_bare_verb, readings; "
        "assert readings('go') and is_bare_verb('declare'); assert 'lemminflect' not in sys.modules; print('ok')"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_forms_table_finds_every_word_and_nothing_else():
    table = wc.FormsTable(b"a\tNOUN=a\t\nb c\tNOUN=b c\tNNS=b cs\n\xc3\xa9t\xc3\xa9\t\tVBD=x,y\n")
    assert table.fields("a") == ("NOUN=a", "") and table.fields("b c") == ("NOUN=b c", "NNS=b cs")
    assert table.fields("été") == ("", "VBD=x,y")
    assert all(table.fields(w) == ("", "") for w in ("", "0", "b", "b cd", "zz", "\udcff"))


def test_readings_and_inflections_are_lemminflects():
    assert wc.readings("'d") == {"AUX": ("will", "have"), "VERB": ("will", "have")}
    assert wc.readings("Went") == {"VERB": ("go",)} and wc.readings("qwzx") == {}
    assert wc._inflections("go", "VBD") == ("went",) and wc._inflections("file", "NNS") == ("files",)
    with pytest.raises(ValueError):
        wc._inflections("go", "VBG")  # not in the table


def test_past_lemmas_are_the_verbs_a_word_is_the_simple_past_of():
    assert wc.past_lemmas("went") == ("go",) and wc.past_lemmas("put") == ("put",)
    assert wc.past_lemmas("passed") == ("pass",)
    assert wc.past_lemmas("go") == () and wc.past_lemmas("gone") == () and wc.past_lemmas("table") == ()


def test_a_simple_past_only_is_no_participle_and_no_bare_form():
    assert wc.simple_past_only("went") and wc.simple_past_only("chose")
    assert not wc.simple_past_only("found")  # a participle too
    assert not wc.simple_past_only("saw") and not wc.simple_past_only("put")  # a bare form too
    assert not wc.simple_past_only("go") and not wc.simple_past_only("table")


def test_a_noun_of_technical_writing_listed_as_a_verb_only_is_a_noun_too():
    from edgegram.engine.analysis.trade_words import nouns
    from edgegram.engine.analysis.word_classes import NOUN, VERB, classes, is_singular_noun, readings

    assert "commit" in nouns() and NOUN not in readings("commit")  # lemminflect: a verb only
    assert classes("commit") == {NOUN, VERB} and is_singular_noun("commit")
    assert classes("Template") == {NOUN, VERB}
    assert NOUN not in classes("deploy") and not is_singular_noun("deploy")  # not on the list

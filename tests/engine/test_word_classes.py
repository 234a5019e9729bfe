"""What lemminflect's tables tell the grammar rules about a word (edgegram.engine.word_classes)."""

import os
import subprocess
import sys

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


def test_lemminflect_is_read_without_importing_spacy(tmp_path):
    # lemminflect imports spaCy where it can (and with it thinc and torch, ~230 MB) to hook
    # into it; a stand-in spaCy that fails loudly shows the engine never lets it.
    (tmp_path / "spacy").mkdir()
    (tmp_path / "spacy" / "__init__.py").write_text("raise SystemExit('spacy was imported')\n")
    code = (
        "import sys; from edgegram.engine.word_classes import is_bare_verb, readings; "
        "assert readings('go') and is_bare_verb('declare'); assert 'spacy' not in sys.modules; print('ok')"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr

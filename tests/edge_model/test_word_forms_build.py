"""The shipped word-class table (engine/words/forms.txt.gz) is what lemminflect answers, with the
readings the tagged corpora add."""

import gzip

import pytest

from edgegram.engine.analysis.word_classes import ADJ, FORMS_TABLE, NOUN, VERB
from edgegram.engine.core.errors import DataError
from edgegram.engine.sentences.lexicon import Lexicon

pytest.importorskip("lemminflect")


def test_shipped_table_is_built_from_the_installed_lemminflect_and_the_tagged_corpora():
    from edge_model.data.word_forms import table_lines, tagged_readings
    from edge_model.pos_tagger import corpora
    from edgegram.engine.core.shared_data import shared_root

    try:
        root = shared_root()
    except DataError:
        pytest.skip("no ../shared: the tagged corpora are not here")
    sentences = (s for train, held in corpora(root).values() for s in (*train, *held))
    with gzip.open(FORMS_TABLE, "rt", encoding="utf-8") as f:
        shipped = f.read().splitlines()
    assert shipped == table_lines(tagged_readings(sentences, Lexicon.load()))


def test_a_class_the_tagged_corpora_give_often_enough_completes_lemminflects():
    """ "complete" tagged an adjective 9 times in 10 gets the reading lemminflect lacks, "bar" a
    noun's; "excess", an adjective in 3 of its 10 uses and a noun too rarely, gets neither; nor does
    a function word or a contraction's stub."""
    from edge_model.data.word_forms import MIN_TAGGED, tagged_readings, with_tagged

    sentences = (
        [[("complete", "JJ")]] * 9
        + [[("complete", "VB")]]
        + [[("excess", "JJ")]] * 3
        + [[("excess", "NN")]] * (MIN_TAGGED - 1)
        + [[("bar", "NN")]] * MIN_TAGGED
        + [[("such", "JJ")]] * MIN_TAGGED
        + [[("didn", "NN")]] * MIN_TAGGED
    )
    tagged = tagged_readings(sentences, Lexicon.load())
    assert tagged == {"complete": {ADJ}, "bar": {NOUN}}
    readings = {"complete": {VERB: ("complete",)}, "bar": {NOUN: ("bar",)}}
    assert with_tagged(readings, tagged) == 1  # "bar" has its noun already
    assert readings == {"complete": {VERB: ("complete",), ADJ: ("complete",)}, "bar": {NOUN: ("bar",)}}

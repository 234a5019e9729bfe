"""The shipped word-class table (engine/words/forms.txt.gz) is what lemminflect answers."""

import gzip

import pytest

from edgegram.engine.analysis.word_classes import FORMS_TABLE

pytest.importorskip("lemminflect")


def test_shipped_table_is_built_from_the_installed_lemminflect():
    from edge_model.data.word_forms import table_lines

    with gzip.open(FORMS_TABLE, "rt", encoding="utf-8") as f:
        shipped = f.read().splitlines()
    assert shipped == table_lines()

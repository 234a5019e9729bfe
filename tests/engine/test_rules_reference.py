"""The rules reference (docs/rules.md) is the registry's, current, and names every id an edit
can carry."""

from pathlib import Path

from edgegram.engine.core.types import EditKind
from edgegram.engine.finders.rules import RULES
from edgegram.engine.finders.rules.reference import MODEL_IDS, SPELLING_IDS, heading_lines, markdown
from edgegram.engine.finders.spelling import Suspect
from edgegram.engine.finders.word_slips import RARE_RULE, WordSlip

ROOT = Path(__file__).resolve().parents[2]


def test_docs_rules_md_is_current():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert text == markdown(RULES), "docs/rules.md is out of date: run python scripts/rules_reference.py"


def test_every_id_has_a_heading_of_its_own():
    text = markdown(RULES)
    lines = heading_lines(text)
    ids = [rule.id for rule in RULES] + list(SPELLING_IDS) + list(MODEL_IDS)
    assert sorted(lines) == sorted(ids)
    assert all(text.splitlines()[lines[i] - 1] == f"### {i}" for i in ids)


def test_the_spellers_and_the_models_ids_are_all_described():
    suspects = [
        Suspect(0, 1, "x", ()),
        Suspect(0, 1, "x", (), contraction=True),
        Suspect(0, 1, "x", (), recorded=("y",)),
    ]
    slips = [WordSlip(0, 1, "x", ()), WordSlip(0, 1, "x", (), RARE_RULE)]
    assert {s.rule for s in suspects} | {s.rule for s in slips} == set(SPELLING_IDS)
    assert set(MODEL_IDS) == {f"model.{kind.value}" for kind in EditKind}


def test_a_rules_examples_show_what_changes():
    text = markdown(RULES)
    assert "We call ~~an~~**a** method here." in text
    assert "It goes to ~~to~~ the park." in text  # a deletion: the space stays outside the marks

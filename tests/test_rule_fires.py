"""scripts/rule_fires.py counts a rule's fixes that the safety net refuses apart from those users
see: a count of fires that no one is shown would overstate what a rule change does."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("rule_fires", ROOT / "scripts" / "rule_fires.py")
assert _spec is not None and _spec.loader is not None
rule_fires = importlib.util.module_from_spec(_spec)
sys.modules["rule_fires"] = rule_fires  # its dataclass looks its module up there
_spec.loader.exec_module(rule_fires)


def test_a_fix_the_safety_net_refuses_is_counted_apart():
    # "Told" inside the sentence is a capitalised word the net keeps as a name ("changes a name")
    found = rule_fires.fires(["HE Told that he was tired.", "He told that he was tired."], {"rules.fixed_phrases"})
    assert [fire[0] for fire in found["rules.fixed_phrases"]] == [1]
    assert [fire[0] for fire in found["rules.fixed_phrases" + rule_fires.REFUSED]] == [0]

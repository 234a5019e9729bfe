"""Batched decoding with the shipped model gives every sentence its one-sentence greedy output:
``scripts/batch_equivalence.py`` on 150 BEA-19 dev and 150 techdocs model inputs (the whole
dev sets: run the script without ``--limit``). Needs ``../shared``; skipped without it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from edgegram.engine.core.errors import DataError
from edgegram.engine.core.shared_data import shared_root

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("batch_equivalence", ROOT / "scripts" / "batch_equivalence.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_batched_outputs_equal_greedy_alone_on_dev_sentences(capsys):
    try:
        shared_root()
    except DataError:
        pytest.skip("../shared is not here: the dev sets are needed")
    assert _script().main(["--sets", "bea19,techdocs", "--limit", "150"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if "differs from greedy alone" in line]
    assert len(lines) == 2 and all("150 model inputs" in line and " on 0;" in line for line in lines)

"""edgegram.engine.core.contract: the one home of the model contract (file names, ids, output limit)."""

from pathlib import Path

from edgegram.engine.core import contract
from edgegram.engine.core.contract import EOS_ID, cut_at_eos, default_model_dir, max_output_length


def test_cut_at_eos_keeps_the_eos_probability():
    assert cut_at_eos([5, 6, EOS_ID, 7], [0.9, 0.8, 0.7, 0.6]) == ([5, 6], [0.9, 0.8, 0.7])
    assert cut_at_eos([EOS_ID], [0.5]) == ([], [0.5])


def test_cut_at_eos_leaves_an_unfinished_output_alone():
    assert cut_at_eos([5, 6], [0.9, 0.8, 0.1]) == ([5, 6], [0.9, 0.8, 0.1])


def test_output_limit_grows_with_the_source():
    assert max_output_length(0) == 10
    assert max_output_length(7) == 24


def test_default_model_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(contract.MODEL_ENV, str(tmp_path))
    assert default_model_dir() == tmp_path
    monkeypatch.delenv(contract.MODEL_ENV)
    assert default_model_dir() == contract.SHIPPED_MODEL_DIR
    assert (Path(contract.SHIPPED_MODEL_DIR) / contract.MODEL_JSON).is_file()


def test_shipped_model_has_every_contract_file():
    for name in contract.MODEL_FILES:
        assert (contract.SHIPPED_MODEL_DIR / name).stat().st_size > 0, name

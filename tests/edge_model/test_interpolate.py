"""edge_model.interpolate: weight-space blends of two checkpoints of one model."""

import pytest
import torch

from edge_model import interpolate


def checkpoint(value: float, config: dict | None = None) -> dict:
    return {
        "config": config or {"d_model": 4},
        "model": {"w": torch.full((2, 2), value, dtype=torch.float16), "steps": torch.tensor([7], dtype=torch.long)},
        "step": int(value),
    }


def test_blend_is_the_weighted_mean_and_keeps_the_tuned_run_s_bookkeeping():
    blended = interpolate.interpolate(checkpoint(0.0), checkpoint(8.0), 0.25)
    assert blended["model"]["w"].dtype == torch.float16
    assert torch.equal(blended["model"]["w"], torch.full((2, 2), 2.0, dtype=torch.float16))
    assert torch.equal(blended["model"]["steps"], torch.tensor([7]))  # not a weight: copied
    assert blended["step"] == 8
    assert torch.equal(
        interpolate.interpolate(checkpoint(1.0), checkpoint(3.0), 0.0)["model"]["w"], checkpoint(1.0)["model"]["w"]
    )


def test_different_models_or_weights_out_of_range_are_refused(tmp_path, capsys):
    with pytest.raises(ValueError, match="different models"):
        interpolate.interpolate(checkpoint(0.0), checkpoint(1.0, {"d_model": 8}), 0.5)
    with pytest.raises(ValueError, match="weight"):
        interpolate.interpolate(checkpoint(0.0), checkpoint(1.0), 1.5)
    torch.save(checkpoint(0.0), tmp_path / "a.pt")
    torch.save(checkpoint(1.0, {"d_model": 8}), tmp_path / "b.pt")
    args = [
        "--base",
        str(tmp_path / "a.pt"),
        "--tuned",
        str(tmp_path / "b.pt"),
        "--weight",
        "0.5",
        "--out",
        str(tmp_path / "c.pt"),
    ]
    assert interpolate.main(args) == 2
    assert "different models" in capsys.readouterr().err
    assert not (tmp_path / "c.pt").exists()

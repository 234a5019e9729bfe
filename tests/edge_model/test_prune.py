"""edge_model.prune: a shallower encoder from a trained one, the dropped layers chosen by dev loss."""

from dataclasses import asdict

import pytest
import torch

from edge_model import prune
from edge_model.batches import Batch
from edge_model.model import EdgeFormer, ModelConfig

CONFIG = ModelConfig(
    vocab_size=40, d_model=16, n_heads=2, ffn_dim=32, enc_layers=4, enc_unique_layers=4, dec_layers=1, max_positions=32
)


def _checkpoint(identity_layer: int) -> dict:
    """A random model whose encoder layer ``identity_layer`` adds nothing to its input."""
    torch.manual_seed(3)
    model = EdgeFormer(CONFIG)
    layer = model.enc_layers[identity_layer]
    with torch.no_grad():
        for linear in (layer.attn.out, layer.ffn.fc2):  # both residual branches add zero
            linear.weight.zero_()
            linear.bias.zero_()
    return {"config": asdict(CONFIG), "model": {k: v.clone() for k, v in model.state_dict().items()}, "step": 9}


def _model(checkpoint: dict) -> EdgeFormer:
    model = EdgeFormer(ModelConfig.from_dict(checkpoint["config"]))
    model.load_state_dict(checkpoint["model"])
    return model.eval()


def _batches() -> list[Batch]:
    torch.manual_seed(5)
    src = torch.randint(3, 40, (3, 7))
    tgt = torch.randint(3, 40, (3, 6))
    bos = torch.full((3, 1), 1)
    eos = torch.full((3, 1), 2)
    return [Batch(src, torch.ones_like(src), torch.cat([bos, tgt], 1), torch.cat([tgt, eos], 1), 3 * 14)]


def test_kept_layers_are_renumbered_and_compute_what_they_computed():
    full = _checkpoint(identity_layer=1)
    pruned = prune.keep_encoder_layers(full, [0, 2, 3])
    assert pruned["config"]["enc_layers"] == pruned["config"]["enc_unique_layers"] == 3
    assert pruned["step"] == 9 and full["config"]["enc_layers"] == 4  # bookkeeping kept, input untouched
    assert torch.equal(pruned["model"]["enc_layers.1.ffn.fc1.weight"], full["model"]["enc_layers.2.ffn.fc1.weight"])
    assert not any(name.startswith("enc_layers.3.") for name in pruned["model"])
    src = _batches()[0].src
    mask = torch.ones_like(src)
    with torch.no_grad():
        # dropping the layer that added nothing leaves the encoder's output as it was
        assert torch.allclose(_model(full).encode(src, mask), _model(pruned).encode(src, mask), atol=1e-6)
        # dropping one that did something changes it
        other = prune.keep_encoder_layers(full, [0, 1, 3])
        assert not torch.allclose(_model(full).encode(src, mask), _model(other).encode(src, mask), atol=1e-3)


def test_every_drop_is_scored_by_dev_loss_and_the_lowest_is_chosen():
    full = _checkpoint(identity_layer=2)
    batches = _batches()
    keep, scored = prune.best_drop(full, 1, batches)
    assert sorted(k for _, k in scored) == [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]
    assert keep == scored[0][1] and [loss for loss, _ in scored] == sorted(loss for loss, _ in scored)
    by_keep = {tuple(k): loss for loss, k in scored}
    # dropping the layer that adds nothing scores exactly the full model's loss; the others differ
    assert by_keep[(0, 1, 3)] == pytest.approx(prune.loss_of(full, batches), abs=1e-5)
    assert all(abs(loss - by_keep[(0, 1, 3)]) > 1e-3 for k, loss in by_keep.items() if k != (0, 1, 3))


def test_bad_requests_are_refused(tmp_path, capsys):
    full = _checkpoint(identity_layer=0)
    for keep in ([], [2, 1], [0, 4], [1, 1]):
        with pytest.raises(ValueError, match="keep must be"):
            prune.keep_encoder_layers(full, keep)
    with pytest.raises(ValueError, match="can drop 1 to 3"):
        prune.best_drop(full, 4, _batches())
    shared = {**full, "config": {**full["config"], "enc_unique_layers": 2}}
    with pytest.raises(ValueError, match="shares layers"):
        prune.keep_encoder_layers(shared, [0, 1])
    torch.save(full, tmp_path / "full.pt")
    assert prune.main(["--checkpoint", str(tmp_path / "full.pt"), "--keep", "0,9", "--out", str(tmp_path / "p.pt")]) == 2
    assert "keep must be" in capsys.readouterr().err and not (tmp_path / "p.pt").exists()
    assert prune.main(["--checkpoint", str(tmp_path / "full.pt"), "--keep", "1,2", "--out", str(tmp_path / "p.pt")]) == 0
    assert torch.load(tmp_path / "p.pt", weights_only=False)["config"]["enc_layers"] == 2

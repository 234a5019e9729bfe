"""Model.load errors: every broken model directory gives a ModelLoadError naming the file
and the problem; a good one loads with the requested threads."""

import json
import shutil

import pytest

from edgegram.engine.core.contract import FORMAT_VERSION
from edgegram.engine.core.errors import EdgegramError, ModelLoadError
from edgegram.engine.finders.runtime import Model


@pytest.fixture
def model_copy(tiny_model_dir, tmp_path):
    target = tmp_path / "model"
    shutil.copytree(tiny_model_dir, target)
    return target


def test_good_directory_loads_and_round_trips_text(tiny_model_dir):
    model = Model.load(tiny_model_dir, threads=1)
    ids = model.tokenize("Ünïcode 😀 text.")
    assert ids[-1] == model.eos_id and model.eos_id not in ids[:-1]
    assert model.detokenize(ids) == "Ünïcode 😀 text."
    assert model.max_source_tokens == json.loads((tiny_model_dir / "model.json").read_text())["max_positions"]


def test_model_dir_from_environment(tiny_model_dir, monkeypatch):
    monkeypatch.setenv("EDGEGRAM_MODEL", str(tiny_model_dir))
    assert Model.load(None, threads=1).model_dir == tiny_model_dir


@pytest.mark.parametrize("name", ["encoder.onnx", "decoder.onnx", "scores.onnx", "model.json", "tokenizer.json"])
def test_missing_file(model_copy, name):
    (model_copy / name).unlink()
    with pytest.raises(ModelLoadError, match=f"{name} is missing"):
        Model.load(model_copy, threads=1)


@pytest.mark.parametrize("name", ["encoder.onnx", "decoder.onnx", "scores.onnx"])
def test_truncated_onnx(model_copy, name):
    data = (model_copy / name).read_bytes()
    (model_copy / name).write_bytes(data[: len(data) // 2])
    with pytest.raises(ModelLoadError, match=f"{name} could not be loaded"):
        Model.load(model_copy, threads=1)


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_wrong_format_version(model_copy, version):
    meta = json.loads((model_copy / "model.json").read_text())
    (model_copy / "model.json").write_text(json.dumps({**meta, "format_version": version}))  # an older export
    with pytest.raises(
        ModelLoadError, match=f"model.json has format_version {version}; this edgegram reads version {FORMAT_VERSION}"
    ):
        Model.load(model_copy, threads=1)


def test_a_format_4_folder_is_named_by_its_version_not_by_its_missing_scores_graph(model_copy):
    meta = json.loads((model_copy / "model.json").read_text())
    (model_copy / "model.json").write_text(json.dumps({**meta, "format_version": 4}))
    (model_copy / "scores.onnx").unlink()  # format 4 had none
    with pytest.raises(ModelLoadError, match="format_version 4"):
        Model.load(model_copy, threads=1)


def test_decoder_in_place_of_scores(model_copy):
    shutil.copyfile(model_copy / "decoder.onnx", model_copy / "scores.onnx")
    with pytest.raises(ModelLoadError, match="scores.onnx has inputs"):
        Model.load(model_copy, threads=1)


def test_vocab_mismatch_between_tokenizer_and_model(model_copy):
    meta = json.loads((model_copy / "model.json").read_text())
    (model_copy / "model.json").write_text(json.dumps({**meta, "vocab_size": meta["vocab_size"] + 1}))
    with pytest.raises(ModelLoadError, match=r"tokenizer.json has \d+ tokens but model.json says vocab_size"):
        Model.load(model_copy, threads=1)


def test_encoder_in_place_of_decoder(model_copy):
    shutil.copyfile(model_copy / "encoder.onnx", model_copy / "decoder.onnx")
    with pytest.raises(ModelLoadError, match="decoder.onnx has inputs"):
        Model.load(model_copy, threads=1)


def test_empty_and_invalid_files(model_copy):
    (model_copy / "tokenizer.json").write_text("{not json")
    with pytest.raises(ModelLoadError, match="tokenizer.json is not a valid tokenizer"):
        Model.load(model_copy, threads=1)
    (model_copy / "model.json").write_text("")
    with pytest.raises(ModelLoadError, match="model.json is empty"):
        Model.load(model_copy, threads=1)


def test_missing_directory_is_an_edgegram_error(tmp_path):
    with pytest.raises(EdgegramError, match="no-such-model"):
        Model.load(tmp_path / "no-such-model", threads=1)

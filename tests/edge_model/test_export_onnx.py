"""ONNX export and int8 quantisation of the tiny model: ORT matches PyTorch (empty cache
included), the int8 graphs keep block and step results in agreement, every large weight is
stored as int8, and the export CLI reads a trainer checkpoint (fp16 weights)."""

import json
import shutil
from dataclasses import asdict

import numpy as np
import onnx
import pytest
from onnx import numpy_helper

from edge_model.export import check_parity
from edge_model.export import main as export_main
from edge_model.quantize import block_vs_step
from edgegram.engine.finders.runtime import Model

torch = pytest.importorskip("torch", reason="torch (the 'train' extra) is needed for export tests")


def test_fp32_graphs_match_pytorch(tiny_torch_model, tiny_model_dir):
    parity = check_parity(tiny_torch_model, tiny_model_dir)
    assert parity.cases == 5  # the last: a padded batch of rows with caches and blocks of different lengths
    assert parity.encoder_max_abs < 1e-4 and parity.decoder_max_abs < 1e-4


def test_empty_cache_block_matches_pytorch_teacher_forcing(tiny_torch_model, tiny_fp32_dir):
    model = Model.load(tiny_fp32_dir, threads=1)
    src = model.tokenize("The cat sat on the mat.")
    state = model.encode([src])[0]
    block = [model.bos_id] + src[:4]
    logits = model.logits(state, block, None)
    _, cache = model.decode(state, block, None)
    assert cache.length == len(block) and logits.shape == (len(block), model.info.vocab_size)
    with torch.no_grad():
        expected = tiny_torch_model(torch.tensor([src]), torch.ones(1, len(src), dtype=torch.long), torch.tensor([block]))[
            0
        ].numpy()
    assert np.abs(logits - expected).max() < 1e-4


def _blocks(model, state):
    """(block, cache) pairs over a sentence: from the start, on a cache, single steps, and random
    tokens (states far from any training sentence)."""
    src = model.tokenize("They is happy and the dog run fast 😀.")
    _, past = model.decode(state, [model.bos_id] + src[:3], None)
    noise = np.random.default_rng(0).integers(4, model.info.vocab_size, 12).tolist()
    return [([model.bos_id] + src[:-1], None), (src[3:9], past), (src[9:10], past), (noise, past)]


@pytest.mark.parametrize("precision", ["int8", "fp32"])
def test_decoder_scores_are_the_full_logits_best_two(tiny_model_dir, tiny_fp32_dir, precision):
    """The argmax and runner-up the decoder gives (its certified shortlist, the scores graph
    where it could not certify) are those of the full logits; exp_sum from the scores graph."""
    model = Model.load(tiny_model_dir if precision == "int8" else tiny_fp32_dir, threads=1)
    state = model.encode([model.tokenize("They is happy and the dog run fast 😀.")])[0]
    for block, cache in _blocks(model, state):
        logits = model.logits(state, block, cache).astype(np.float64)
        scores, _ = model.decode(state, block, cache)
        ordered = np.sort(logits, axis=-1)
        assert scores.best.tolist() == logits.argmax(-1).tolist()
        assert np.abs(scores.top - ordered[:, -1]).max() < 1e-5
        assert np.abs(scores.second - ordered[:, -2]).max() < 1e-5
        full = model.vocab_scores(scores.hidden)
        assert full.best.tolist() == logits.argmax(-1).tolist()
        expected = np.exp(logits - ordered[:, -1:]).sum(-1)
        assert np.abs(full.exp_sum / expected - 1).max() < 1e-5 and (full.exp_sum >= 1).all()
    assert model.shortlist.uncertified < model.shortlist.positions / 2  # the shortlist settles most positions itself


def test_positions_the_shortlist_cannot_certify_are_settled_by_the_scores_graph(tiny_model_dir, tmp_path):
    """With a bound no runner-up can meet, nothing is certified, and every position's argmax and
    runner-up come from the scores graph: the same as the full logits'."""
    for item in tiny_model_dir.iterdir():
        if item.is_file():
            shutil.copyfile(item, tmp_path / item.name)
    decoder = onnx.load(str(tmp_path / "decoder.onnx"))
    slack = next(i for i in decoder.graph.initializer if i.name == "shortlist_slack_abs")
    slack.CopyFrom(numpy_helper.from_array(np.array(1e9, np.float32), slack.name))
    onnx.save(decoder, str(tmp_path / "decoder.onnx"))
    model = Model.load(tmp_path, threads=1)
    state = model.encode([model.tokenize("They is happy and the dog run fast 😀.")])[0]
    for block, cache in _blocks(model, state):
        logits = model.logits(state, block, cache)
        scores, _ = model.decode(state, block, cache)
        assert scores.best.tolist() == logits.argmax(-1).tolist()
        assert np.abs(scores.second - np.sort(logits, axis=-1)[:, -2]).max() < 1e-5
    assert model.shortlist.uncertified == model.shortlist.positions > 0


@pytest.mark.parametrize("suffix", [".fp32.onnx", ".onnx"])
@pytest.mark.parametrize("block", [2, 5])
def test_a_block_gives_each_position_the_logits_single_steps_give_it_bit_for_bit(tiny_model_dir, suffix, block):
    """Lossless IAD: a draft verified in one call must see what greedy's one-token calls see.
    The attention's products never have a single query row (edge_model.model.Attention.attend_cached),
    so no position depends on the others of its call, not even by rounding (which int8
    activations would turn into whole quantisation steps)."""
    model = Model.load(tiny_model_dir, threads=1)
    sentences = ["They is happy and the dog run fast.", "I like reading books in the evening.", "Numbers 1, 2, 3 and 😀 emoji."]
    sequences = [model.tokenize(s) for s in sentences]
    result = block_vs_step(tiny_model_dir / f"encoder{suffix}", tiny_model_dir / f"decoder{suffix}", sequences, block=block)
    assert result.positions == sum(map(len, sequences))
    assert result.argmax_agreement == 1.0
    assert result.max_abs_diff == 0.0


def test_int8_graphs_store_weights_as_int8_and_stay_close(tiny_model_dir):
    decoder = onnx.load(str(tiny_model_dir / "decoder.onnx"))
    scores_graph = onnx.load(str(tiny_model_dir / "scores.onnx")).graph
    for graph in (onnx.load(str(tiny_model_dir / "encoder.onnx")).graph, decoder.graph, scores_graph):
        float_weights = [
            i.name
            for i in graph.initializer
            if i.data_type == onnx.TensorProto.FLOAT and len(i.dims) == 2 and min(i.dims) > 1 and "pos" not in i.name
        ]
        assert float_weights == []  # output projection (embedding^T) and embedding included
    weights = {i.name for i in decoder.graph.initializer}
    products = [n for n in decoder.graph.node if n.op_type == "MatMulInteger" and n.input[1] in weights]
    assert len(products) >= 8  # q,k,v,out; cross q,out; fc1, fc2
    assert [n.op_type for n in scores_graph.node if n.op_type == "MatMul"] == ["MatMul"]  # the projection, int8 stored
    for part in ("encoder", "decoder", "scores"):
        # (int8 scales, int32 column sums, the per-token quantisation's nodes and the fp32
        # position tables weigh more in a tiny model than in the real one: 11.1 of 32.8 MB)
        assert (tiny_model_dir / f"{part}.onnx").stat().st_size < 0.7 * (tiny_model_dir / f"{part}.fp32.onnx").stat().st_size
    int8 = Model.load(tiny_model_dir, threads=1)
    src = int8.tokenize("The children are playing in the garden.")
    scores, _ = int8.decode(int8.encode([src])[0], [int8.bos_id] + src[:-1], None)
    assert (scores.best == np.array(src)).mean() > 0.8  # still copies a sentence it was trained on


@pytest.mark.parametrize("part", ["encoder", "decoder"])
def test_encoder_and_decoder_compute_in_int8_with_activations_quantised_per_token(tiny_model_dir, part):
    graph = onnx.load(str(tiny_model_dir / f"{part}.onnx")).graph
    ops = [n.op_type for n in graph.node]
    assert "MatMulInteger" in ops
    # activations are quantised per token (ReduceMin/ReduceMax over the last axis), never
    # with one scale for the whole call (DynamicQuantizeLinear): a token's result must not
    # depend on its batch-mates (encoder) or on the other draft tokens of its block (the
    # decoder: lossless IAD, see edge_model.quantize)
    assert "DynamicQuantizeLinear" not in ops
    reductions = [n for n in graph.node if n.op_type in ("ReduceMin", "ReduceMax")]
    assert reductions and all(list(a.ints) == [-1] for n in reductions for a in n.attribute if a.name == "axes")
    weights = {i.name for i in graph.initializer}
    assert not [n.name for n in graph.node if n.op_type == "MatMul" and n.input[1] in weights]


def test_the_decoder_shortlist_is_left_as_it_was(tiny_model_dir):
    """The shortlist's own quantisation of the state (edge_model.shortlist) only ranks
    candidates; the per-token quantisation of the layers must not touch it."""
    decoder = onnx.load(str(tiny_model_dir / "decoder.onnx"))
    assert [n.op_type for n in decoder.graph.node].count("MatMulIntegerToFloat") == 1
    shortlist = next(n for n in decoder.graph.node if n.op_type == "MatMulIntegerToFloat")
    quantized = next(n for n in decoder.graph.node if shortlist.input[0] in n.output)
    assert quantized.op_type == "QuantizeLinear"
    assert sorted(n.op_type for n in decoder.graph.node if quantized.output[0] in n.input) == ["Cast", "MatMulIntegerToFloat"]


@pytest.mark.parametrize("part", ["encoder", "decoder"])
def test_matmul_weights_use_7_bits(tiny_model_dir, part):
    """AVX2 CPUs without VNNI sum u8 x s8 products in saturating 16-bit pairs: 7-bit weights
    keep them in range (edge_model.quantize)."""
    graph = onnx.load(str(tiny_model_dir / f"{part}.onnx")).graph
    inits = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    matmul_weights = [inits[n.input[1]] for n in graph.node if n.op_type == "MatMulInteger" and n.input[1] in inits]
    assert matmul_weights
    for w in matmul_weights:
        assert w.dtype == np.int8 and np.abs(w.astype(int)).max() <= 64


def test_a_sentence_encodes_the_same_alone_and_among_others(tiny_model_dir):
    model = Model.load(tiny_model_dir, threads=1)
    short, long = model.tokenize("Hi there."), model.tokenize("A much longer sentence with 😀 and many words in it.")
    alone = model.encode([short])[0]
    among = model.encode([long, short, long])[1]
    for name in ("cross_key", "cross_value", "src_mask"):
        assert np.array_equal(getattr(alone, name), getattr(among, name))
    assert alone.cross_key.shape[4] == alone.cross_value.shape[3] == len(short)  # keys transposed (format 4)


def test_export_cli_reads_an_fp16_trainer_checkpoint(tiny_torch_model, tiny_model_dir, tmp_path, capsys):
    checkpoint = tmp_path / "resume.pt"
    weights = {k: v.half() if v.is_floating_point() else v for k, v in tiny_torch_model.state_dict().items()}
    torch.save({"config": asdict(tiny_torch_model.cfg), "model": weights, "step": 3}, checkpoint)
    out = tmp_path / "model"
    assert (
        export_main(
            [
                "--checkpoint",
                str(checkpoint),
                "--tokenizer",
                str(tiny_model_dir / "tokenizer.json"),
                "--out",
                str(out),
                "--quantize",
            ]
        )
        == 0
    )
    assert "fp32 parity" in capsys.readouterr().out
    loaded = Model.load(out, threads=1)
    assert loaded.info.vocab_size == tiny_torch_model.cfg.vocab_size
    assert sorted(p.name for p in out.iterdir()) == [
        "decoder.fp32.onnx",
        "decoder.onnx",
        "encoder.fp32.onnx",
        "encoder.onnx",
        "model.json",
        "scores.fp32.onnx",
        "scores.onnx",
        "tokenizer.json",
    ]


def test_export_cli_rejects_a_file_that_is_not_a_checkpoint(tmp_path, tiny_model_dir, capsys):
    bogus = tmp_path / "bogus.pt"
    torch.save({"weights": {}}, bogus)
    code = export_main(
        ["--checkpoint", str(bogus), "--tokenizer", str(tiny_model_dir / "tokenizer.json"), "--out", str(tmp_path / "out")]
    )
    assert code == 2
    assert "bogus.pt" in capsys.readouterr().err


def _logits_consumers(path) -> list[str]:
    graph = onnx.load(str(path), load_external_data=False).graph
    return sorted(node.op_type for node in graph.node if "logits" in node.input)


@pytest.mark.parametrize("name", ["scores.fp32.onnx", "scores.onnx"])
def test_exp_sum_comes_from_one_softmax(tiny_model_dir, name):
    """exp_sum is 1 / the largest softmax probability: one [N,V] tensor besides the logits
    while a call runs, where exp(logits - max) and its sum made two."""
    assert _logits_consumers(tiny_model_dir / name) == ["Softmax", "TopK"]


def test_the_shipped_model_takes_exp_sum_from_one_softmax_and_the_decoder_projects_no_logits():
    from edgegram.engine.core.contract import DECODER_FILE, SCORES_FILE, default_model_dir

    assert _logits_consumers(default_model_dir() / SCORES_FILE) == ["Softmax", "TopK"]
    decoder = onnx.load(str(default_model_dir() / DECODER_FILE), load_external_data=False).graph
    assert "logits" not in {name for node in decoder.node for name in node.output}
    assert [n.op_type for n in decoder.node if n.op_type == "MatMulIntegerToFloat"] == ["MatMulIntegerToFloat"]


@pytest.mark.parametrize("where", ["tiny", "shipped"])
def test_the_scores_graph_reads_its_int8_columns_from_the_decoders_file(tiny_model_dir, where):
    """The scores graph's output columns are the decoder's shortlist columns, stored once: in
    decoder.onnx, which scores.onnx names as its weight's external data."""
    from edgegram.engine.core.contract import DECODER_FILE, SCORES_FILE, default_model_dir

    folder = tiny_model_dir if where == "tiny" else default_model_dir()
    own = onnx.load(str(folder / SCORES_FILE), load_external_data=False).graph.initializer
    external = [i for i in own if i.data_location == onnx.TensorProto.EXTERNAL]
    assert len(external) == 1 and {e.key: e.value for e in external[0].external_data}["location"] == DECODER_FILE
    read = {i.name: numpy_helper.to_array(i) for i in onnx.load(str(folder / SCORES_FILE)).graph.initializer}
    columns = next(i for i in onnx.load(str(folder / DECODER_FILE)).graph.initializer if i.name == "shortlist_q")
    assert np.array_equal(read[external[0].name], numpy_helper.to_array(columns))
    assert all(len(i.raw_data) < len(columns.raw_data) / 4 for i in own)  # no copy of its own


def _key_paths(path) -> tuple[list[str], dict[str, set[str]]]:
    """The decoder's input names, and for each key input (``past_key_i``, ``cross_key_i``) the
    op types of the nodes its values pass through (Cast and Concat followed) before they are
    used."""
    graph = onnx.load(str(path)).graph
    consumers: dict[str, list] = {}
    for node in graph.node:
        for name in node.input:
            consumers.setdefault(name, []).append(node)
    paths = {}
    for graph_input in graph.input:
        if "_key_" not in graph_input.name:
            continue
        ops, frontier = set(), [graph_input.name]
        while frontier:
            for node in consumers.get(frontier.pop(), []):
                ops.add(node.op_type)
                if node.op_type in ("Cast", "Concat"):
                    frontier.append(node.output[0])
        paths[graph_input.name] = ops
    return [i.name for i in graph.input], paths


@pytest.mark.parametrize("where", ["tiny", "shipped"])
def test_the_decoder_reads_keys_as_they_are_kept(tiny_model_dir, where):
    """Format 4: caches and the encoder's keys/values come a tensor per layer (never split out
    of a stacked input), and keys arrive transposed and scaled, so no call transposes or scales
    them: each key input reaches its attention MatMul through at most a Cast and a Concat."""
    from edgegram.engine.core.contract import DECODER_FILE, decoder_inputs, default_model_dir

    folder = tiny_model_dir if where == "tiny" else default_model_dir()
    layers = json.loads((folder / "model.json").read_text())["dec_layers"]
    names, paths = _key_paths(folder / DECODER_FILE)
    assert names == decoder_inputs(layers)
    assert sorted(paths) == sorted([f"past_key_{i}" for i in range(layers)] + [f"cross_key_{i}" for i in range(layers)])
    for name, ops in paths.items():
        assert "MatMul" in ops and ops <= {"Cast", "Concat", "MatMul"}, (name, ops)

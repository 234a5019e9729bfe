"""The model contract: the files ``edge_model.export`` writes and ``edgegram.engine.finders.runtime`` reads,
the graphs' input/output names, the special token ids, where the model is found and how
long an output may grow (docs/architecture.md describes the graphs' shapes). The Python
side of the seam is ``edgegram.engine.finders.seam``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from edgegram.engine.core.paths import SHIPPED_MODEL_DIR

# model.json's format_version; 2: the decoder also outputs top_values, top_ids and exp_sum;
# 3: the decoder takes past_lengths (rows of a batch with caches of different lengths) and
# the encoder quantises its activations per token, so a sentence's encoding does not depend
# on the other sentences of its batch; 4: keys are kept transposed, [B,H,Dh,S], and scaled
# (edge_model.model.Attention.cached_keys), and the decoder takes and gives its caches and the
# cross-attention keys/values one tensor per layer (decoder_inputs / decoder_outputs); 5: the
# decoder finds each position's argmax and runner-up on a certified int8 shortlist instead of
# projecting onto the whole vocabulary in fp32 (edge_model.shortlist), and outputs its final
# states; the full logits and exp_sum come from a graph of their own, scores.onnx, run only
# where they are needed
FORMAT_VERSION = 5

# ---- files ---------------------------------------------------------------------------------

MODEL_JSON, TOKENIZER_JSON = "model.json", "tokenizer.json"
# int8: what the engine loads (scores.onnx reads its weight from decoder.onnx's bytes: docs/architecture.md)
ENCODER_FILE, DECODER_FILE, SCORES_FILE = "encoder.onnx", "decoder.onnx", "scores.onnx"
# export's output, quantize's input
ENCODER_FP32_FILE, DECODER_FP32_FILE, SCORES_FP32_FILE = "encoder.fp32.onnx", "decoder.fp32.onnx", "scores.fp32.onnx"
MODEL_FILES = (MODEL_JSON, TOKENIZER_JSON, ENCODER_FILE, DECODER_FILE, SCORES_FILE)  # what a model folder must hold

MODEL_ENV = "EDGEGRAM_MODEL"  # environment variable naming the model folder

# ---- tokens --------------------------------------------------------------------------------

SPECIAL_TOKENS = ("<pad>", "<s>", "</s>", "<unk>")  # ids 0..3 of tokenizer.json
PAD_ID, BOS_ID, EOS_ID = 0, 1, 2

# ---- graphs --------------------------------------------------------------------------------

ENCODER_INPUTS = ["input_ids", "attention_mask"]
ENCODER_OUTPUTS = ["cross_key", "cross_value"]  # every decoder layer's, stacked: [L,B,...]


def per_layer(name: str, layers: int) -> list[str]:
    """The names of a decoder tensor that comes one per layer: ``name_0`` ... ``name_{L-1}``."""
    return [f"{name}_{i}" for i in range(layers)]


def decoder_inputs(layers: int) -> list[str]:
    """The decoder graph's inputs. Caches and the encoder's keys/values come one tensor per
    layer: stacked [L,...], the graph split them apart, copying every one of them on every call
    (a call of 6 rows x 4 tokens 2.1 instead of 2.4 ms, 32 rows x 1 token 3.8 instead of 4.9 ms)."""
    return [
        "input_ids",
        *per_layer("past_key", layers),
        *per_layer("past_value", layers),
        "past_lengths",
        *per_layer("cross_key", layers),
        *per_layer("cross_value", layers),
        "src_mask",
    ]


def decoder_feed(input_ids, past_key, past_value, past_lengths, cross_key, cross_value, src_mask) -> dict:
    """The decoder's inputs by name; caches and cross-attention keys/values indexed by layer
    (stacked [L,...] arrays or one per layer): their items go to the per-layer inputs."""
    layers = len(cross_value)
    feed = {"input_ids": input_ids, "past_lengths": past_lengths, "src_mask": src_mask}
    for name, tensors in (
        ("past_key", past_key),
        ("past_value", past_value),
        ("cross_key", cross_key),
        ("cross_value", cross_value),
    ):
        feed.update(zip(per_layer(name, layers), (tensors[i] for i in range(layers))))
    return feed


def decoder_outputs(layers: int) -> list[str]:
    """The decoder graph's outputs (the caches one tensor per layer, like its inputs): its final
    states ``hidden`` [B,T,D] (the scores graph's input), the caches, and each position's two
    largest logits and their ids, ``top_values`` / ``top_ids`` [B,T,2], which are exact where
    ``certified`` [B,T] is true (elsewhere the scores graph gives them; edge_model.shortlist)."""
    return [
        "hidden",
        *per_layer("present_key", layers),
        *per_layer("present_value", layers),
        "top_values",
        "top_ids",
        "certified",
    ]


# The scores graph: decoder states [N,D] -> the logits [N,V], their two largest values and ids
# [N,2] and exp_sum [N] = sum over the vocabulary of exp(logit - max) (the argmax's probability
# is 1 / exp_sum)
SCORES_INPUTS = ["hidden"]
SCORES_OUTPUTS = ["logits", "top_values", "top_ids", "exp_sum"]


def default_model_dir() -> Path:
    """``$EDGEGRAM_MODEL`` if set, else the model shipped in ``engine/model``."""
    env = os.environ.get(MODEL_ENV)
    return Path(env) if env else SHIPPED_MODEL_DIR


def max_output_length(source_length: int) -> int:
    """Longest output allowed for a source of ``source_length``: twice it plus 10 (tokens
    when decoding, characters when the checker rejects a runaway output)."""
    return 2 * source_length + 10


def cut_at_eos(tokens: Sequence[int], probs: Sequence[float], eos: int = EOS_ID) -> tuple[list[int], list[float]]:
    """The output before its first ``</s>`` and the probabilities of those tokens plus the
    ``</s>``'s own; unchanged when there is no ``</s>``."""
    tokens, probs = list(tokens), list(probs)
    if eos in tokens:
        end = tokens.index(eos)
        return tokens[:end], probs[: end + 1]
    return tokens, probs

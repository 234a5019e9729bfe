"""Errors like technical writers make them (issue 63): the generator's error types for them, the
mix counted from the real-error pairs' types, the technical sentences of the corpus, and the
batch stream's technical copy and error examples."""

import gzip
import json
import random
from dataclasses import replace

import pytest
from tokenizers import Tokenizer, models, pre_tokenizers, trainers

from edge_model.batches import STAGES, BatchStream
from edge_model.data.corpus import tech_lines
from edge_model.data.noise import (
    ERROR_TYPES,
    NoiseConfig,
    Resources,
    SyntheticErrors,
    compound_error,
    doubled_word_error,
    name_case_error,
    tech_weights,
)
from edge_model.data.tech_error_mix import subtype_counts, weights_of

TECH = [
    "Run Xx from the command line to set up the server.",
    "We host the code on GitHub and test it with JavaScript.",
    "The setup takes a minute, and the build script is in the root.",
    "Add the flag to the config file and restart it.",
]


def test_a_small_word_is_written_twice():
    words = "Add it to the list.".split(" ")
    out = doubled_word_error(words, random.Random(1), Resources())
    assert out is not None and len(out) == len(words) + 1
    assert any(a == b for a, b in zip(out, out[1:]))


def test_compounds_are_written_the_wrong_way():
    found = set()
    for seed in range(20):
        out = compound_error(TECH[0].split(" "), random.Random(seed), Resources())
        found.add(" ".join(out) if out else None)
    assert (
        "Run Xx from the commandline to set up the server." in found
        or "Run Xx from the command line to setup the server." in found
    )
    opened = compound_error("The setup is done.".split(" "), random.Random(0), Resources())
    assert opened == "The set up is done.".split(" ")


def test_a_name_loses_its_own_case():
    out = name_case_error("We host it on GitHub.".split(" "), random.Random(0), Resources())
    assert out is not None and out[4] in ("github.", "Github.")
    assert name_case_error("Nothing named here.".split(" "), random.Random(0), Resources()) is None


def test_the_mix_counts_each_part_of_a_joined_subtype():
    pairs = [{"subtype": "non_word"}, {"subtype": "inflection+missing_word"}, {"subtype": "compound"}, {"subtype": "zzz"}]
    counts = subtype_counts(pairs)
    assert counts == {"non_word": 1, "inflection": 1, "missing_word": 1, "compound": 1, "zzz": 1}
    weights, left_out = weights_of(counts)
    assert left_out == ["zzz"] and abs(sum(weights.values()) - 1) < 1e-3
    assert weights["compound"] == pytest.approx(0.25, abs=1e-3) and set(weights) <= set(ERROR_TYPES)


def test_the_committed_mix_is_what_the_pairs_give():
    from edgegram.engine.core.shared_data import shared_root

    try:
        pairs = shared_root() / "data" / "dev" / "realslips" / "dev.jsonl"
    except Exception:
        pytest.skip("no ../shared")
    if not pairs.is_file():
        pytest.skip("no real-error pairs")
    with pairs.open(encoding="utf-8") as lines:
        weights, _ = weights_of(subtype_counts(json.loads(line) for line in lines if line.strip()))
    assert tech_weights() == weights, "run python -m edge_model.data.tech_error_mix"


def test_the_shipped_mix_is_the_generators():
    weights = tech_weights()
    assert set(weights) <= set(ERROR_TYPES) and abs(sum(weights.values()) - 1) < 0.01
    assert {"doubled_word", "compound", "name_case"} <= set(weights)


def test_technical_sentences_are_read_once_each_and_held_out_sources_refused(tmp_path):
    path = tmp_path / "sentences.tsv.gz"
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.write("a/b\tparagraph\tOne sentence here.\n")
        out.write("a/b\tlist_item\tOne sentence here.\n")
        out.write("psf/requests\tparagraph\tA held-out sentence.\n")
        out.write("c/d\tparagraph\tAnother one.\n")
    assert sorted(tech_lines(path)) == ["Another one.", "One sentence here."]


@pytest.fixture(scope="module")
def tokenizer() -> Tokenizer:
    tok = Tokenizer(models.WordLevel(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tok.train_from_iterator(TECH, trainers.WordLevelTrainer(special_tokens=["<pad>", "<s>", "</s>", "<unk>"]))
    return tok


def test_the_stream_makes_technical_copy_and_error_examples(tokenizer):
    noise = SyntheticErrors(NoiseConfig(weights=tech_weights(), protect_tokens=True, keep_prob=0.0))
    stream = BatchStream(
        clean=["A plain sentence."],
        real=[],
        corrupt=lambda s, r: s,
        tokenizer=tokenizer,
        seed=3,
        stage=replace(STAGES["finetune"], tech_copy_share=0.5, tech_share=0.5),
        chunk_size=200,
        tech=TECH,
        corrupt_tech=noise.corrupt,
    )
    pairs = stream.pairs(0)
    assert all(target in TECH for _, target in pairs)
    copies = sum(source == target for source, target in pairs)
    assert 0.3 * len(pairs) < copies < 0.9 * len(pairs)  # the copies, and errors that left a sentence whole
    assert all("Xx" in source for source, target in pairs if "Xx" in target)  # a placeholder is never touched
    with pytest.raises(ValueError, match="tech.txt"):
        replace(stream, tech=[])


def test_the_default_mix_needs_no_technical_sentences(tokenizer):
    assert json.dumps(STAGES["finetune"].tech_share) == "0.0"
    stream = BatchStream(
        clean=["A plain sentence."], real=[], corrupt=lambda s, r: s, tokenizer=tokenizer, seed=3, stage=STAGES["finetune"]
    )
    assert stream.pairs(0)


def test_the_code_placeholder_word_is_protected():
    from edge_model.data.restraint import protected_mask

    assert protected_mask(["Run", "Xx", "on", "Xxs,", "now"]) == [False, True, False, True, False]

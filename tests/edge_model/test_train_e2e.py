"""Micro end-to-end of the training side: the real trainer for a few steps (resumable and
seeded), the fp16 resume checkpoint, ONNX export + int8, loaded and decoded by the engine."""

import json
import re
from pathlib import Path

import pytest

from edgegram.engine.core.errors import DataError

torch = pytest.importorskip("torch", reason="training needs the train extra (torch)")

from edge_model import train  # noqa: E402

TINY = {"d_model": 32, "n_heads": 2, "ffn_dim": 64, "enc_layers": 2, "enc_unique_layers": 1, "dec_layers": 1, "max_positions": 64}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    from conftest import tiny_pairs

    folder = tmp_path_factory.mktemp("corpus")
    pairs = tiny_pairs()
    (folder / "clean.txt").write_text("".join(t + "\n" for _, t in pairs) * 3)
    (folder / "real_train.tsv").write_text("".join(f"{s}\t{t}\n" for s, t in pairs))
    return folder


def tiny_options(corpus: Path) -> list[str]:
    """The trainer's options for the tiny model on the tiny corpus."""
    data = ["--corpus", str(corpus), "--tokenizer", str(corpus / "tokenizer.json")]
    return [*data, "--vocab-size", "300", "--batch-tokens", "600", "--model-config", json.dumps(TINY)]


def run_train(corpus: Path, run: Path, steps: int, monkeypatch, extra: list[str] = (), shared: Path | None = None) -> int:
    # by default no shared data (no misspelling lists, no dev set): it still trains
    monkeypatch.setenv("EDGEGRAM_SHARED", str(shared or run / "no-shared"))
    return train.main(["--run", str(run), *tiny_options(corpus), "--max-steps", str(steps), "--threads", "1", *extra])


def test_train_resume_export_decode(corpus, tmp_path, monkeypatch):
    run = tmp_path / "run"
    resume = tmp_path / "resume.pt"
    assert run_train(corpus, run, 3, monkeypatch, ["--resume-out", str(resume)]) == 0
    first = torch.load(run / "last.pt")
    assert first["step"] == 3 and "optimizer" in first
    small = torch.load(resume)
    assert "optimizer" not in small and all(v.dtype == torch.float16 for v in small["model"].values())

    # resuming continues the step count and the data position instead of starting again
    assert run_train(corpus, run, 5, monkeypatch) == 0
    second = torch.load(run / "last.pt")
    assert second["step"] == 5 and tuple(second["position"]) > tuple(first["position"])

    # export + quantise the resume checkpoint, then the engine loads and decodes it
    from edge_model import export
    from edgegram.engine import Checker, CheckerConfig

    out = tmp_path / "model"
    code = export.main(
        ["--checkpoint", str(resume), "--tokenizer", str(corpus / "tokenizer.json"), "--out", str(out), "--quantize"]
    )
    assert code == 0 and (out / "encoder.onnx").is_file() and (out / "decoder.onnx").is_file()
    checker = Checker(CheckerConfig(model_dir=out, threads=1))
    text = "She go to school every day."
    corrected = checker.correct(text)
    assert isinstance(corrected, str)
    assert checker.stats.sentences >= 1 and checker.stats.decoder_passes >= 1


def test_same_seed_same_weights(corpus, tmp_path, monkeypatch):
    for name in ("a", "b"):
        assert run_train(corpus, tmp_path / name, 2, monkeypatch) == 0
    a, b = (torch.load(tmp_path / n / "last.pt")["model"] for n in ("a", "b"))
    assert all(torch.equal(a[k], b[k]) for k in a)


def test_missing_corpus_is_a_clear_error(tmp_path, monkeypatch, capsys):
    assert run_train(tmp_path / "nothing", tmp_path / "run", 1, monkeypatch) == 2
    err = capsys.readouterr().err
    assert "clean.txt is missing" in err and "edge_model.data.corpus" in err and "Traceback" not in err
    with pytest.raises(DataError, match="clean.txt is missing"):
        train.load_corpus(tmp_path / "nothing")


def test_the_command_line_is_the_train_config():
    """One option per TrainConfig field, with the field's default; values are typed."""
    assert train.parse_args([]) == train.TrainConfig()
    cfg = train.parse_args(
        [
            "--run",
            "r",
            "--max-steps",
            "7",
            "--init",
            "i.pt",
            "--real-share",
            "0.5",
            "--model-config",
            '{"d_model": 64}',
            "--label-smoothing",
            "0.2",
        ]
    )
    assert cfg == train.TrainConfig(
        run_dir=Path("r"), max_steps=7, init=Path("i.pt"), real_share=0.5, model={"d_model": 64}, label_smoothing=0.2
    )
    with pytest.raises(SystemExit):
        train.parse_args(["--precision", "fp16"])


def test_workers_and_dev_loss_are_logged(corpus, tmp_path, monkeypatch):
    dev = tmp_path / "dev.tsv"
    dev.write_text("She go home.\tShe goes home.\nI has a cat.\tI have a cat.\n", encoding="utf-8")
    run = tmp_path / "run"
    extra = ["--workers", "2", "--dev-pairs", str(dev), "--eval-minutes", "0", "--real-share", "0.5"]
    assert run_train(corpus, run, 3, monkeypatch, extra) == 0
    entries = [json.loads(line) for line in (run / "log.jsonl").read_text().splitlines()]
    dev_losses = [e["dev_loss"] for e in entries if "dev_loss" in e]
    assert dev_losses and all(0.0 < loss < 20.0 for loss in dev_losses)
    assert torch.load(run / "last.pt")["step"] == 3


def test_the_training_loss_stays_on_the_device_until_a_log_line_reads_it(corpus, tmp_path, monkeypatch):
    run = tmp_path / "run"
    assert run_train(corpus, run, 4, monkeypatch, ["--log-every", "2"]) == 0
    logged = [json.loads(line) for line in (run / "log.jsonl").read_text().splitlines()]
    losses = [e["loss"] for e in logged if "loss" in e]
    # one line per two steps, each the mean of its steps' losses, read from the summed tensor
    assert len(losses) == 2 and all(isinstance(loss, float) and 0.0 < loss < 20.0 for loss in losses)
    cfg = train.parse_args(["--run", str(run), *tiny_options(corpus)])
    monkeypatch.setenv("EDGEGRAM_SHARED", str(run / "no-shared"))
    trainer = train.Trainer(cfg, lambda text, rng: text, torch.device("cpu"))
    batch = next(iter(trainer.stream.stream(0)))[1]
    loss = trainer.train_step(batch)
    assert isinstance(loss, torch.Tensor) and loss.dim() == 0 and not loss.requires_grad


def test_anneal_schedule_warms_up_then_decays_to_zero():
    cfg = train.TrainConfig(run_dir=Path("r"), corpus_dir=Path("c"), tokenizer=Path("t"), lr=1e-3, warmup=10, anneal_steps=100)
    start = 4585  # an annealing run initialised from a checkpoint continues its step count
    lrs = [train.lr_at(start + k, cfg, start) for k in range(1, 101)]
    assert lrs[0] == pytest.approx(1e-4 * 0.99)  # warmup 1/10 of the peak, already decaying
    assert max(lrs) == pytest.approx(lrs[9]) and lrs[9] < 1e-3  # peak at the end of warmup
    assert all(a >= b for a, b in zip(lrs[9:], lrs[10:]))  # then never rises again
    assert lrs[-1] == 0.0
    # without annealing, the inverse square root schedule is unchanged
    plain = train.TrainConfig(run_dir=Path("r"), corpus_dir=Path("c"), tokenizer=Path("t"), lr=1e-3, warmup=10)
    assert train.lr_at(40, plain) == pytest.approx(1e-3 * 0.5)


def test_anneal_by_minutes_decays_with_training_time():
    cfg = train.TrainConfig(lr=1e-3, warmup=10, anneal_minutes=60.0)
    start = 4585
    assert train.lr_at(start + 5, cfg, start, 0.0) == pytest.approx(5e-4)  # warm-up still counts steps
    assert train.lr_at(start + 50, cfg, start, 15 * 60) == pytest.approx(7.5e-4)
    assert train.lr_at(start + 50, cfg, start, 45 * 60) == pytest.approx(2.5e-4)
    assert train.lr_at(start + 99, cfg, start, 61 * 60) == 0.0


def test_annealing_by_minutes_stops_and_keeps_its_clock(corpus, tmp_path, monkeypatch, capsys):
    run = tmp_path / "anneal-minutes"
    assert run_train(corpus, run, 100, monkeypatch, ["--anneal-minutes", "0.0001", "--warmup", "1"]) == 0
    state = torch.load(run / "last.pt")
    assert state["step"] < 100 and state["anneal_seconds"] >= 0.006
    both = ["--anneal-minutes", "1", "--anneal-steps", "5"]
    assert run_train(corpus, tmp_path / "both", 2, monkeypatch, both) == 2
    assert "give one" in capsys.readouterr().err


def test_annealing_run_stops_at_its_end_and_resumes_from_its_own_start(corpus, tmp_path, monkeypatch):
    base = tmp_path / "base"
    resume = tmp_path / "resume.pt"
    assert run_train(corpus, base, 3, monkeypatch, ["--resume-out", str(resume)]) == 0
    run = tmp_path / "anneal"
    extra = ["--init", str(resume), "--anneal-steps", "4", "--warmup", "1"]
    assert run_train(corpus, run, 5, monkeypatch, extra) == 0  # max-steps 5 is reached first: step 5
    state = torch.load(run / "last.pt")
    assert state["step"] == 5 and state["anneal_start"] == 3
    assert run_train(corpus, run, 100, monkeypatch, extra) == 0  # resumed: stops after 4 annealing steps
    final = torch.load(run / "last.pt")
    assert final["step"] == 7 and final["optimizer"]["param_groups"][0]["lr"] == 0.0  # the last step used lr 0


def _trained_tiny(corpus, tmp_path, monkeypatch):
    from tokenizers import Tokenizer

    from edge_model.model import EdgeFormer, ModelConfig

    run = tmp_path / "run"
    assert run_train(corpus, run, 4, monkeypatch) == 0
    state = torch.load(run / "last.pt")
    model = EdgeFormer(ModelConfig.from_dict(state["config"]))
    model.load_state_dict(state["model"])
    return model, Tokenizer.from_file(str(corpus / "tokenizer.json"))


def test_batched_greedy_ignores_padding(corpus, tmp_path, monkeypatch):
    from edge_model.dev_score import greedy_batch

    model, tokenizer = _trained_tiny(corpus, tmp_path, monkeypatch)
    sources = ["She go to school.", "I has a very long list of things that I want to say here today.", "Hi", ""]
    one_by_one = greedy_batch(model, tokenizer, sources, torch.device("cpu"), batch_size=1)
    batched = greedy_batch(model, tokenizer, sources, torch.device("cpu"), batch_size=4)
    assert batched == one_by_one and len(batched) == len(sources)
    assert model.training  # left in training mode, as the trainer needs it


def test_dev_f05_without_shared_data_is_a_warning(corpus, tmp_path, monkeypatch, capsys):
    run = tmp_path / "run"
    assert run_train(corpus, run, 2, monkeypatch, ["--dev-f05", "5", "--eval-minutes", "0"]) == 0
    assert "warning: no dev F0.5" in capsys.readouterr().out
    assert torch.load(run / "last.pt")["step"] == 2


def test_dev_f05_is_logged(corpus, tmp_path, monkeypatch):
    pytest.importorskip("errant", reason="the dev F0.5 needs the eval extra")
    from edge_model.evaluate import ErrantScorer, EvalUnavailable

    try:
        ErrantScorer()
    except EvalUnavailable as exc:
        pytest.skip(str(exc))
    shared = tmp_path / "shared"
    m2 = shared / "data" / "dev" / "bea19" / "ABCN.dev.gold.bea19.m2"
    m2.parent.mkdir(parents=True)
    m2.write_text(
        "S She go to school .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n"
        "S I has a cat .\nA 1 2|||R:VERB:SVA|||have|||REQUIRED|||-NONE-|||0\n\n"
        "S It is fine .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n",
        encoding="utf-8",
    )
    run = tmp_path / "run"
    assert run_train(corpus, run, 2, monkeypatch, ["--dev-f05", "3", "--eval-minutes", "0"], shared=shared) == 0
    entries = [json.loads(line) for line in (run / "log.jsonl").read_text().splitlines()]
    scored = [e for e in entries if "dev_f05" in e]
    assert scored and all(e["dev_sentences"] == 3 and 0.0 <= e["dev_f05"] <= 100.0 for e in scored)


def test_precision_auto_uses_bf16_only_where_the_cpu_has_it(tmp_path):
    with_bf16, without = tmp_path / "a", tmp_path / "b"
    with_bf16.write_text("processor\t: 0\nflags\t\t: fpu sse avx2 avx512f avx512_bf16 avx512_vnni\n")
    without.write_text("processor\t: 0\nflags\t\t: fpu sse avx2 avx512f avx512_vnni\n")
    assert train.cpu_has_native_bf16(with_bf16) and not train.cpu_has_native_bf16(without)
    assert not train.cpu_has_native_bf16(tmp_path / "missing")
    cpu = torch.device("cpu")
    assert train.use_bf16("bf16", cpu) and not train.use_bf16("fp32", cpu)
    assert train.use_bf16("auto", cpu) == train.cpu_has_native_bf16()
    assert train.use_bf16("auto", torch.device("cuda"))


@pytest.mark.parametrize("precision", ["bf16", "fp32"])
def test_training_runs_in_either_precision(corpus, tmp_path, monkeypatch, capsys, precision):
    assert run_train(corpus, tmp_path / "run", 2, monkeypatch, ["--precision", precision]) == 0
    out = capsys.readouterr().out
    assert f"cpu {precision}" in out
    state = torch.load(tmp_path / "run" / "last.pt")
    assert state["step"] == 2 and all(torch.isfinite(v.float()).all() for v in state["model"].values())


def test_the_restraint_mix_trains_and_needs_its_sentences(corpus, tmp_path, monkeypatch, capsys):
    """Copy, beside and long examples train from the corpus's restraint.txt; without it the run
    stops with a one-line error; --max-len never goes beyond the model's positions."""
    cfg = train.parse_args(
        ["--copy-share", "0.3", "--beside-share", "0.1", "--long-share", "0.05", "--protect-tokens", "--max-len", "256"]
    )
    assert (cfg.copy_share, cfg.beside_share, cfg.long_share, cfg.protect_tokens, cfg.max_len) == (0.3, 0.1, 0.05, True, 256)
    assert train.parse_args([]).protect_tokens is False
    mix = ["--copy-share", "0.3", "--beside-share", "0.2", "--long-share", "0.1", "--protect-tokens", "--max-len", "64"]
    assert run_train(corpus, tmp_path / "no-restraint", 2, monkeypatch, mix) == 2
    assert "restraint.txt" in capsys.readouterr().err
    with_restraint = tmp_path / "corpus"
    with_restraint.mkdir()
    for name in ("clean.txt", "real_train.tsv", "tokenizer.json"):
        if (corpus / name).exists():
            (with_restraint / name).write_bytes((corpus / name).read_bytes())
    docs = [
        "We met 3 people in Paris at 10 am.",
        "They paid $44 for the IEEE book.",
        "",
        "Call 555-0100 or see https://example.com today.",
        "The NASA team came back on 2 May.",
    ]
    (with_restraint / "restraint.txt").write_text("".join(s + "\n" for s in docs), encoding="utf-8")
    run = tmp_path / "run"
    assert run_train(with_restraint, run, 2, monkeypatch, mix) == 0
    assert torch.load(run / "last.pt")["step"] == 2
    too_long = [*mix[:-1], "256"]  # more than the tiny model's 64 positions: pairs stay within them
    assert run_train(with_restraint, tmp_path / "too-long", 1, monkeypatch, too_long) == 0
    assert "max_len 64," in capsys.readouterr().out


def test_distill_loss_is_the_kl_divergence_over_real_target_tokens():
    pad = 0
    target = torch.tensor([[5, 6, pad]])
    student = torch.randn(1, 3, 11)
    assert train.distill_loss(student, student.clone(), target, pad).item() == pytest.approx(0.0, abs=1e-6)
    teacher = torch.randn(1, 3, 11)
    p, q = teacher[0, :2].log_softmax(-1), student[0, :2].log_softmax(-1)
    expected = (p.exp() * (p - q)).sum(-1).mean()
    assert train.distill_loss(student, teacher, target, pad).item() == pytest.approx(expected.item(), rel=1e-5)
    # what the teacher says at padding never counts
    noisy = teacher.clone()
    noisy[0, 2] += 100.0
    assert train.distill_loss(student, noisy, target, pad).item() == pytest.approx(expected.item(), rel=1e-5)


def test_a_teacher_changes_what_is_learnt(corpus, tmp_path, monkeypatch, capsys):
    teacher = tmp_path / "teacher.pt"
    assert run_train(corpus, tmp_path / "t", 3, monkeypatch, ["--resume-out", str(teacher)]) == 0
    init = ["--init", str(teacher)]
    assert run_train(corpus, tmp_path / "plain", 2, monkeypatch, init) == 0
    assert run_train(corpus, tmp_path / "kd", 2, monkeypatch, [*init, "--teacher", str(teacher), "--distill-weight", "1"]) == 0
    assert "teacher " in capsys.readouterr().out
    plain, kd = (torch.load(tmp_path / n / "last.pt") for n in ("plain", "kd"))
    assert kd["step"] == plain["step"] > 3  # both trained on from the same initial weights
    assert any(not torch.equal(plain["model"][k], kd["model"][k]) for k in plain["model"])

    # a teacher that is missing or speaks another vocabulary is a one-line error, not a traceback
    assert run_train(corpus, tmp_path / "x", 1, monkeypatch, ["--teacher", str(tmp_path / "none.pt")]) == 2
    assert "teacher checkpoint" in capsys.readouterr().err
    other = torch.load(teacher)
    other["config"] = {**other["config"], "vocab_size": other["config"]["vocab_size"] + 1}
    torch.save(other, tmp_path / "other.pt")
    assert run_train(corpus, tmp_path / "y", 1, monkeypatch, ["--teacher", str(tmp_path / "other.pt")]) == 2
    err = capsys.readouterr().err
    assert "tokens" in err and "Traceback" not in err


def test_batch_rate_times_the_chunks_a_run_would_train_on(corpus, tmp_path, monkeypatch, capsys):
    import importlib.util

    monkeypatch.setenv("EDGEGRAM_SHARED", str(tmp_path / "no-shared"))
    spec = importlib.util.spec_from_file_location("batch_rate", Path(__file__).resolve().parents[2] / "scripts" / "batch_rate.py")
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main(["--chunks", "2", "--workers", "4", "--", *tiny_options(corpus)]) == 0
    out = capsys.readouterr().out
    chunks = [line for line in out.splitlines() if line.startswith("chunk ")]
    assert len(chunks) == 2 and all(" tokens (" in line for line in chunks)
    one, four = (float(x.replace(",", "")) for x in re.findall(r"([\d,]+) tokens/s", out))
    assert one > 0 and four == pytest.approx(4 * one, rel=1e-3)

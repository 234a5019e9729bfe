"""Resumable training: ``python -m edge_model.train --run runs/main --stage pretrain --minutes 120``.

Staged like the Aggressive Decoding paper: ``pretrain`` on synthetic pairs (clean
sentences and corrupted copies, many left unchanged so the model learns to copy),
then ``finetune`` on real learner pairs mixed with synthetic ones.

State lives in ``<run>/last.pt`` (weights, optimizer, step, data position, RNG);
a run with that file continues where it stopped. ``--init`` starts a fresh run from
a committed resume checkpoint (fp16 weights, no optimizer), ``--resume-out`` writes
one. ``--teacher`` distils: a trained checkpoint's token distributions join the loss
(e.g. a model with fewer encoder layers learning from the shipped one). Runs on CUDA when a
GPU is present, else on the CPU. ``--precision auto`` (the
default) trains in bf16 autocast on a GPU and on a CPU with native bf16 instructions
(avx512_bf16 or AMX: 2.8x the fp32 tokens/s measured on the 2-core dev machine), else fp32.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import signal
import sys
import time
import typing
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import torch
import torch.nn.functional as F
from tokenizers import Tokenizer

from edge_model.batches import STAGES, Batch, BatchStream
from edge_model.model import EdgeFormer, ModelConfig
from edge_model.tokenizer import train_tokenizer
from edgegram.engine.core.errors import DataError

REPO = Path(__file__).resolve().parent.parent


def _option(default: Any = None, help: str | None = None, **argparse_kwargs: Any) -> Any:
    """A TrainConfig field and its command-line option (``--field-name`` unless ``flag`` is
    given; the type comes from the field's annotation)."""
    return field(default=default, metadata={"help": help, **argparse_kwargs})


@dataclass(frozen=True)
class TrainConfig:
    """Everything a training run is given; ``python -m edge_model.train --help`` is built
    from these fields, so each default is written here only."""

    run_dir: Path = _option(REPO / "runs" / "main", "run directory (state, log)", flag="--run")
    corpus_dir: Path = _option(REPO / "runs" / "corpus", "built by edge_model.data.corpus", flag="--corpus")
    tokenizer: Path = _option(REPO / "checkpoints" / "tokenizer.json", "trained here from the corpus if missing")
    stage: str = _option("pretrain", "training stage", choices=sorted(STAGES))
    minutes: float = _option(60.0, "stop after this many minutes")
    max_steps: int = _option(0, "stop at this step (0: no limit)")
    batch_tokens: int = _option(6000, "source + target tokens per batch")
    lr: float = _option(1.5e-3, "peak learning rate")
    warmup: int = _option(300, "warm-up steps")
    label_smoothing: float = _option(0.1)
    clip: float = _option(1.0, "gradient norm clip")
    seed: int = _option(13)
    threads: int = _option(0, "torch threads (0: all cores)")
    log_every: int = _option(25, "steps between log entries")
    save_minutes: float = _option(10.0, "minutes between saves of <run>/last.pt")
    eval_minutes: float = _option(20.0, "how often the dev loss / F0.5 is logged")
    init: Path | None = _option(None, "start from a resume checkpoint (fp16 weights)")
    resume_out: Path | None = _option(None, "also write the fp16 resume checkpoint here")
    teacher: Path | None = _option(None, "distil from this resume checkpoint (same tokenizer): see --distill-weight")
    distill_weight: float = _option(
        0.5, "with --teacher, the loss's share that is the KL divergence from the teacher's token distributions"
    )
    vocab_size: int = _option(8192, "vocabulary of a newly trained tokenizer")
    # ModelConfig overrides for a NEW model (e.g. a tiny one in tests)
    model: dict | None = _option(
        None,
        'ModelConfig fields for a new model, e.g. \'{"d_model": 64, "enc_layers": 2}\'',
        flag="--model-config",
        type=json.loads,
        metavar="JSON",
    )
    real_share: float | None = _option(None, "share of real learner pairs (overrides the stage)")
    copy_share: float = _option(
        0.0, "share of copy pairs: unchanged restraint sentences rich in numbers, URLs, acronyms, names (source == target)"
    )
    beside_share: float = _option(0.0, "share of pairs whose errors sit beside a number, URL, acronym or name, never on it")
    long_share: float = _option(
        0.0, "share of long examples: consecutive sentences or learner pairs joined up to --max-len tokens"
    )
    tech_copy_share: float = _option(0.0, "share of unchanged technical-prose sentences (the corpus's tech.txt)")
    tech_share: float = _option(
        0.0, "share of technical-prose sentences with errors in technical writers' mix (edge_model/data/tech_error_mix.json)"
    )
    protect_tokens: bool = _option(False, "synthetic errors never touch numbers, URLs, acronyms, identifiers")
    max_len: int = _option(128, "longest source or target in tokens (the model has 256 positions)")
    workers: int = _option(0, "processes building batches (0: build them in the training process)")
    dev_pairs: Path | None = _option(None, "TSV source<TAB>target pairs for a dev loss")
    dev_f05: int = _option(0, "also log ERRANT F0.5 on the first N BEA-19 dev sentences (needs the eval extra)", metavar="N")
    anneal_steps: int = _option(0, "warm up, then decay the learning rate linearly to 0 over N steps and stop")
    anneal_minutes: float = _option(
        0.0,
        "like --anneal-steps, but over N minutes of training (wall clock, kept across "
        "resumes): for a shared machine whose speed varies",
        metavar="N",
    )
    precision: str = _option(
        "auto", "bf16 autocast or fp32; auto: bf16 on a GPU or a CPU with native bf16", choices=("auto", "bf16", "fp32")
    )


class TrainError(Exception):
    """A training run that cannot start (reported as one line, exit status 2)."""


def log(msg: str) -> None:
    print(time.strftime("%H:%M:%S"), msg, flush=True)


def load_tech(corpus_dir: Path) -> list[str]:
    """The corpus's technical-prose sentences (tech.txt: python -m edge_model.data.corpus --tech)."""
    path = corpus_dir / "tech.txt"
    if not path.is_file():
        raise DataError(f"{path} is missing (python -m edge_model.data.corpus --out {corpus_dir} --tech SENTENCES --tech-only)")
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line]


def load_restraint(corpus_dir: Path) -> list[str]:
    """The corpus's restraint sentences (document order, "" between documents)."""
    path = corpus_dir / "restraint.txt"
    if not path.is_file() or path.stat().st_size == 0:
        raise DataError(
            f"{path} is missing or empty (copy, beside and long examples need it); "
            f"build it with: python -m edge_model.data.corpus --out {corpus_dir}"
        )
    return path.read_text(encoding="utf-8").split("\n")[:-1]


def load_corpus(corpus_dir: Path) -> tuple[list[str], list[tuple[str, str]]]:
    clean_path, real_path = corpus_dir / "clean.txt", corpus_dir / "real_train.tsv"
    for path in (clean_path, real_path):
        if not path.is_file() or path.stat().st_size == 0:
            raise DataError(
                f"training corpus file {path} is missing or empty; "
                f"build it with: python -m edge_model.data.corpus --out {corpus_dir}"
            )
    clean = clean_path.read_text(encoding="utf-8").splitlines()
    real = []
    for line in real_path.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) == 2:
            real.append((parts[0], parts[1]))
    return clean, real


def cpu_has_native_bf16(cpuinfo: Path = Path("/proc/cpuinfo")) -> bool:
    """True when the CPU computes bf16 in hardware (without it, autocast only emulates it)."""
    try:
        flags = set(cpuinfo.read_text(encoding="utf-8", errors="replace").split())
    except OSError:
        return False
    return bool(flags & {"avx512_bf16", "amx_bf16"})


def use_bf16(precision: str, device: torch.device) -> bool:
    """Whether to train in bf16 autocast: ``precision`` is auto, bf16 or fp32."""
    if precision == "auto":
        return device.type == "cuda" or cpu_has_native_bf16()
    return precision == "bf16"


def load_tokenizer(path: Path, clean: list[str], real: list[tuple[str, str]], vocab: int) -> Tokenizer:
    if path.is_file():
        return Tokenizer.from_file(str(path))
    log(f"training tokenizer ({vocab}) -> {path}")
    sample = clean[:300_000] + [s for s, _ in real] + [t for _, t in real]
    return train_tokenizer(sample, vocab, path)


def lr_at(step: int, cfg: TrainConfig, anneal_start: int = 0, anneal_seconds: float = 0.0) -> float:
    """Inverse square root after warmup; with ``anneal_steps``, warmup then linear decay to 0;
    with ``anneal_minutes``, the same decay over ``anneal_seconds`` of training time.

    Annealing counts from ``anneal_start``, the step the annealing run began at (a run
    initialised from a checkpoint continues its step count), so it resumes exactly.
    """
    if cfg.anneal_steps or cfg.anneal_minutes:
        done = max(step - anneal_start, 1)
        left = 1.0 - (done / cfg.anneal_steps if cfg.anneal_steps else anneal_seconds / (cfg.anneal_minutes * 60))
        return cfg.lr * min(done / cfg.warmup, 1.0) * max(0.0, left)
    step = max(step, 1)
    return cfg.lr * min(step / cfg.warmup, math.sqrt(cfg.warmup / step))


def loss_fn(logits: torch.Tensor, target: torch.Tensor, smoothing: float, pad: int) -> torch.Tensor:
    return F.cross_entropy(
        logits.float().reshape(-1, logits.shape[-1]),
        target.reshape(-1),
        ignore_index=pad,
        label_smoothing=smoothing,
    )


def distill_loss(logits: torch.Tensor, teacher_logits: torch.Tensor, target: torch.Tensor, pad: int) -> torch.Tensor:
    """Mean KL(teacher || student) over the target's non-pad positions (word-level distillation,
    temperature 1: the student learns the teacher's whole distribution, runner-ups included)."""
    keep = target != pad
    student = F.log_softmax(logits[keep].float(), dim=-1)
    teacher = F.log_softmax(teacher_logits[keep].float(), dim=-1)
    return F.kl_div(student, teacher, log_target=True, reduction="sum") / max(int(keep.sum()), 1)


def load_teacher(path: Path, vocab_size: int, device: torch.device) -> EdgeFormer:
    """A frozen model from a resume checkpoint, for ``--teacher``."""
    if not path.is_file():
        raise TrainError(f"teacher checkpoint {path} not found (a resume checkpoint, e.g. checkpoints/resume.pt)")
    checkpoint = torch.load(path, map_location="cpu")
    tokens = ModelConfig.from_dict(checkpoint["config"]).vocab_size
    if tokens != vocab_size:  # before its weights are loaded: those would not fit the model either
        raise TrainError(f"teacher {path} has {tokens} tokens, the model being trained {vocab_size}")
    return EdgeFormer.from_checkpoint(checkpoint).to(device).requires_grad_(False)


def read_dev_pairs(path: Path, limit: int = 3000) -> list[tuple[str, str]]:
    """The first ``limit`` source<TAB>target pairs of a dev-pairs TSV (lines without one tab skipped)."""
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()]
    return [(row[0], row[1]) for row in rows if len(row) == 2][:limit]


@torch.no_grad()
def mean_token_loss(model: EdgeFormer, batches: list[Batch], device: torch.device, bf16: bool) -> float:
    """Mean token cross-entropy (no smoothing) of ``model`` on ``batches`` (the dev loss)."""
    total, count = 0.0, 0
    for batch in batches:
        b = {k: getattr(batch, k).to(device) for k in ("src", "src_mask", "tgt_in", "tgt_out")}
        with torch.autocast(device.type, dtype=torch.bfloat16, enabled=bf16):
            logits = model(b["src"], b["src_mask"], b["tgt_in"])
        n = int((b["tgt_out"] != model.cfg.pad_id).sum())
        total += loss_fn(logits, b["tgt_out"], 0.0, model.cfg.pad_id).item() * n
        count += n
    return total / max(count, 1)


def atomic_save(obj: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    torch.save(obj, tmp)
    os.replace(tmp, path)


def save_resume(model: EdgeFormer, state: dict, path: Path) -> None:
    """fp16 weights + config + progress; no optimizer (the file committed to git)."""
    weights = {k: v.detach().to(torch.float16).cpu() for k, v in model.state_dict().items()}
    atomic_save({"config": asdict(model.cfg), "model": weights, **state}, path)


class Trainer:
    def __init__(self, cfg: TrainConfig, corrupt, device: torch.device, corrupt_beside=None, corrupt_tech=None) -> None:
        self.cfg, self.device = cfg, device
        clean, real = load_corpus(cfg.corpus_dir)
        mix = replace(
            STAGES[cfg.stage],
            real_share=STAGES[cfg.stage].real_share if cfg.real_share is None else cfg.real_share,
            copy_share=cfg.copy_share,
            beside_share=cfg.beside_share,
            long_share=cfg.long_share,
            tech_copy_share=cfg.tech_copy_share,
            tech_share=cfg.tech_share,
        )
        restraint = load_restraint(cfg.corpus_dir) if mix.copy_share or mix.beside_share or mix.long_share else []
        tech = load_tech(cfg.corpus_dir) if mix.tech_copy_share or mix.tech_share else []
        self.tokenizer = load_tokenizer(cfg.tokenizer, clean, real, cfg.vocab_size)
        last = cfg.run_dir / "last.pt"
        ckpt = torch.load(last, map_location="cpu") if last.is_file() else None
        init = torch.load(cfg.init, map_location="cpu") if ckpt is None and cfg.init else None
        source = ckpt or init
        mcfg = (
            ModelConfig.from_dict(source["config"])
            if source
            else ModelConfig.from_dict({**(cfg.model or {}), "vocab_size": self.tokenizer.get_vocab_size()})
        )
        if mcfg.vocab_size != self.tokenizer.get_vocab_size():
            raise TrainError(
                f"tokenizer {cfg.tokenizer} has {self.tokenizer.get_vocab_size()} tokens, model expects {mcfg.vocab_size}"
            )
        self.model = EdgeFormer(mcfg).to(device)
        self.teacher = load_teacher(cfg.teacher, mcfg.vocab_size, device) if cfg.teacher else None
        self.opt = torch.optim.AdamW(
            self.model.parameters(), lr=cfg.lr, betas=(0.9, 0.98), weight_decay=0.01, fused=device.type == "cuda"
        )
        self.step, self.position, self.tokens_seen, self.stage = 0, (0, 0), 0, cfg.stage
        if source:
            self.model.load_state_dict({k: v.float() for k, v in source["model"].items()})
            self.step = source.get("step", 0)
            self.tokens_seen = source.get("tokens_seen", 0)
            if source.get("stage") == cfg.stage:
                self.position = tuple(source.get("position", (0, 0)))
        # the step an annealing run began at: kept in the run's own state, else "now"
        self.anneal_start = ckpt.get("anneal_start", self.step) if ckpt is not None else self.step
        self.anneal_seconds = ckpt.get("anneal_seconds", 0.0) if ckpt is not None else 0.0
        if cfg.anneal_steps and cfg.anneal_minutes:
            raise TrainError("--anneal-steps and --anneal-minutes are two ways to say the same thing: give one")
        if ckpt is not None and "optimizer" in ckpt:
            self.opt.load_state_dict(ckpt["optimizer"])
            random.setstate(ckpt["py_rng"])
            torch.set_rng_state(ckpt["torch_rng"])
        log(
            f"{'resumed' if ckpt else 'initialised from ' + str(cfg.init) if init else 'new'} model: "
            f"{self.model.num_parameters() / 1e6:.2f}M params, step {self.step}, stage {cfg.stage}, "
            f"data position {self.position}, {len(clean)} clean sentences, {len(real)} real pairs, "
            f"{sum(1 for s in restraint if s)} restraint sentences, {len(tech)} technical sentences, mix {mix}, "
            f"max_len {min(cfg.max_len, mcfg.max_positions)}, "
            f"{f'teacher {cfg.teacher} (weight {cfg.distill_weight}), ' if self.teacher else ''}"
            f"{device.type} {'bf16' if use_bf16(cfg.precision, device) else 'fp32'}"
        )
        self.stream = BatchStream(
            clean=clean,
            real=real,
            corrupt=corrupt,
            tokenizer=self.tokenizer,
            seed=cfg.seed + (0 if cfg.stage == "pretrain" else 1000),
            stage=mix,
            batch_tokens=cfg.batch_tokens,
            max_len=min(cfg.max_len, mcfg.max_positions),  # never more than the model's positions
            pad_id=mcfg.pad_id,
            bos_id=mcfg.bos_id,
            eos_id=mcfg.eos_id,
            restraint=restraint,
            corrupt_beside=corrupt_beside,
            tech=tech,
            corrupt_tech=corrupt_tech,
        )
        self.use_bf16 = use_bf16(cfg.precision, device)
        self.dev_batches = self.load_dev(cfg.dev_pairs) if cfg.dev_pairs else []
        self.dev_scorer = self.load_dev_scorer(cfg.dev_f05) if cfg.dev_f05 else None

    @staticmethod
    def load_dev_scorer(sentences: int):
        """The periodic dev F0.5, or None (logged) without ../shared or the eval extra."""
        from edge_model.dev_score import DevF05
        from edge_model.evaluate import EvalUnavailable
        from edgegram.engine.core.shared_data import shared_root

        try:
            return DevF05(shared_root() / "data", sentences)
        except (DataError, EvalUnavailable, FileNotFoundError) as exc:
            log(f"warning: no dev F0.5 ({exc}); logging the dev loss only")
            return None

    def load_dev(self, path: Path) -> list[Batch]:
        return self.stream.collate_pairs(read_dev_pairs(path))

    def dev_loss(self) -> float:
        """Mean token cross-entropy (no smoothing) on the dev pairs."""
        self.model.eval()
        try:
            return mean_token_loss(self.model, self.dev_batches, self.device, self.use_bf16)
        finally:
            self.model.train()

    def evaluate(self) -> None:
        """Log the dev loss and the dev F0.5, whichever are set up."""
        entry: dict = {"step": self.step}
        if self.dev_batches:
            entry["dev_loss"] = round(self.dev_loss(), 4)
        if self.dev_scorer:
            started = time.time()
            score = self.dev_scorer.score(self.model, self.tokenizer, self.device)
            entry.update(
                dev_p=score.precision,
                dev_r=score.recall,
                dev_f05=score.f05,
                dev_sentences=score.sentences,
                dev_seconds=round(time.time() - started, 1),
            )
        if len(entry) > 1:
            self.record(entry)

    def record(self, entry: dict) -> None:
        """Print a log entry and append it to ``<run>/log.jsonl``."""
        log(json.dumps(entry))
        with open(self.cfg.run_dir / "log.jsonl", "a") as fh:
            fh.write(json.dumps(entry) + "\n")

    def progress(self) -> dict:
        return {
            "step": self.step,
            "stage": self.stage,
            "position": list(self.position),
            "tokens_seen": self.tokens_seen,
            "anneal_start": self.anneal_start,
            "anneal_seconds": self.anneal_seconds,
        }

    def save(self) -> None:
        state = {
            "config": asdict(self.model.cfg),
            "model": self.model.state_dict(),
            "optimizer": self.opt.state_dict(),
            "py_rng": random.getstate(),
            "torch_rng": torch.get_rng_state(),
            **self.progress(),
        }
        atomic_save(state, self.cfg.run_dir / "last.pt")
        if self.cfg.resume_out:
            save_resume(self.model, self.progress(), self.cfg.resume_out)
        log(f"saved step {self.step} -> {self.cfg.run_dir / 'last.pt'}")

    def on_device(self, batch: Batch) -> dict[str, torch.Tensor]:
        """The batch's tensors on the training device. To a GPU from pinned memory without
        waiting: the copy queues behind the step the GPU is still running, so the host goes on to
        the next batch (a copy from pageable memory would make it wait for that step)."""
        names = ("src", "src_mask", "tgt_in", "tgt_out")
        if self.device.type != "cuda":
            return {k: getattr(batch, k).to(self.device) for k in names}
        return {k: getattr(batch, k).pin_memory().to(self.device, non_blocking=True) for k in names}

    def train_step(self, batch: Batch) -> torch.Tensor:
        """One optimiser step on ``batch``; its loss is returned on the device, unread: reading it
        (``.item()``) would make the host wait for the device at every step."""
        b = self.on_device(batch)
        for group in self.opt.param_groups:
            group["lr"] = lr_at(self.step + 1, self.cfg, self.anneal_start, self.anneal_seconds)
        with torch.autocast(self.device.type, dtype=torch.bfloat16, enabled=self.use_bf16):
            logits = self.model(b["src"], b["src_mask"], b["tgt_in"])
            if self.teacher is not None:
                with torch.no_grad():
                    teacher_logits = self.teacher(b["src"], b["src_mask"], b["tgt_in"])
        loss = loss_fn(logits, b["tgt_out"], self.cfg.label_smoothing, self.model.cfg.pad_id)
        if self.teacher is not None:
            weight = self.cfg.distill_weight
            kl = distill_loss(logits, teacher_logits, b["tgt_out"], self.model.cfg.pad_id)
            loss = (1 - weight) * loss + weight * kl
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg.clip)
        self.opt.step()
        self.step += 1
        return loss.detach()

    def run(self) -> None:
        cfg = self.cfg
        self.stop_requested = False
        signal.signal(signal.SIGTERM, lambda *_: setattr(self, "stop_requested", True))
        start = time.time()
        self.model.train()
        batches = self.stream.stream(*self.position, workers=cfg.workers)
        try:
            self.train_loop(batches, start)
        finally:
            batches.close()  # stops the data workers, if any

    def train_loop(self, batches, start: float) -> None:
        cfg = self.cfg
        last_save = last_eval = window_start = start
        window_tokens, window_n = 0, 0
        window_loss = torch.zeros((), device=self.device)  # summed on the device, read once a log line
        anneal_base = self.anneal_seconds  # training seconds an annealing run had before this process
        for position, batch in batches:
            self.anneal_seconds = anneal_base + time.time() - start
            loss = self.train_step(batch)
            self.position, self.tokens_seen = position, self.tokens_seen + batch.tokens
            window_tokens, window_loss, window_n = window_tokens + batch.tokens, window_loss + loss, window_n + 1
            now = time.time()
            if self.step % cfg.log_every == 0:
                rate = window_tokens / max(now - window_start, 1e-9)
                record = {
                    "step": self.step,
                    "loss": round(float(window_loss) / window_n, 4),
                    "tok_s": round(rate),
                    "lr": round(lr_at(self.step, cfg, self.anneal_start, self.anneal_seconds), 6),
                    "elapsed_min": round((now - start) / 60, 1),
                    "tokens_seen": self.tokens_seen,
                    "chunk": position[0],
                }
                self.record(record)
                window_tokens, window_n, window_start = 0, 0, now
                window_loss = torch.zeros((), device=self.device)
            if (self.dev_batches or self.dev_scorer) and now - last_eval > cfg.eval_minutes * 60:
                self.evaluate()
                last_eval = time.time()
            out_of_time = now - start > cfg.minutes * 60 or (cfg.max_steps and self.step >= cfg.max_steps)
            self.anneal_seconds = anneal_base + now - start
            annealed = (cfg.anneal_steps and self.step - self.anneal_start >= cfg.anneal_steps) or (
                cfg.anneal_minutes and self.anneal_seconds >= cfg.anneal_minutes * 60
            )
            finished = self.stop_requested or out_of_time or annealed
            if finished or now - last_save > cfg.save_minutes * 60:
                self.save()
                last_save = time.time()
            if finished:
                self.evaluate()
                break


def _argument_type(annotation: Any) -> Any:
    """``Path | None`` -> Path: the type argparse converts an option's text to."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    return args[0] if args else annotation


def parse_args(argv: list[str] | None) -> TrainConfig:
    """A TrainConfig from the command line; one option per field (see TrainConfig)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    hints = typing.get_type_hints(TrainConfig)
    for f in fields(TrainConfig):
        options = dict(f.metadata)
        flag = options.pop("flag", "--" + f.name.replace("_", "-"))
        if hints[f.name] is bool:
            options["action"] = argparse.BooleanOptionalAction
        else:
            options.setdefault("type", _argument_type(hints[f.name]))
        p.add_argument(flag, dest=f.name, default=f.default, **options)
    return TrainConfig(**vars(p.parse_args(argv)))


def make_trainer(cfg: TrainConfig, device: torch.device) -> Trainer:
    """The trainer of ``cfg``, its synthetic errors made with the shared misspelling lists."""
    from edge_model.data.noise import NoiseConfig, SyntheticErrors, load_misspellings, tech_weights
    from edgegram.engine.core.shared_data import shared_root

    try:
        misspellings = load_misspellings(shared_root())
    except Exception as exc:  # the generator works without them, with keyboard noise only
        log(f"warning: no misspelling lists ({exc}); using character noise only")
        misspellings = None
    noise = SyntheticErrors(NoiseConfig(protect_tokens=cfg.protect_tokens), misspellings)
    # technical prose: its writers' mix of errors, never on an identifier, number or name
    tech_noise = SyntheticErrors(NoiseConfig(weights=tech_weights(), protect_tokens=True), misspellings)
    return Trainer(cfg, noise.corrupt, device, noise.corrupt_beside, tech_noise.corrupt)


def main(argv: list[str] | None = None) -> int:
    cfg = parse_args(argv)
    random.seed(cfg.seed)
    torch.manual_seed(cfg.seed)
    if cfg.threads:
        torch.set_num_threads(cfg.threads)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    cfg.run_dir.mkdir(parents=True, exist_ok=True)
    try:
        trainer = make_trainer(cfg, device)
    except (DataError, TrainError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    trainer.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())

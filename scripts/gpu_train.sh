#!/usr/bin/env bash
# Train on a lent GPU machine (see ../.library/device/README.md): one call of the device tool.
#
#   [LR=1.5e-3 WARMUP=500 ANNEAL=0 KEEP=0,1,3,5 EXTRA="..."] bash scripts/gpu_train.sh STAGE MINUTES REAL_SHARE [new]
#
# LR and WARMUP set the schedule's peak and warm-up; ANNEAL=N (N > 0) makes the run decay the
# learning rate linearly to 0 over N steps and stop there (--anneal-steps), across calls.
# EXTRA holds more options for edge_model.train, word-split (e.g. the restraint mix:
# EXTRA="--copy-share 0.1 --beside-share 0.05 --long-share 0.05 --protect-tokens --max-len 256").
# KEEP=0,1,3,5 starts from checkpoints/resume.pt with only those encoder layers (edge_model.prune,
# done there, so the smaller checkpoint need not travel); with EXTRA="--teacher checkpoints/resume.pt"
# the smaller model is distilled from the whole one.
# Expects, carried in the ignored folder .gpu/: corpus.txz (runs/corpus, tarred; see below for
# the whole corpus with its technical sentences, which needs two calls),
# shared/data/wordlists/misspellings_mitton, dev_pairs.tsv (dev loss only, never trained on),
# The run starts from checkpoints/resume.pt (tracked, so it travels) unless a 4th argument
# "new" asks for a new model; its architecture is the checkpoint's (MODEL below is for "new"), so
# a checkpoint from `python -m edge_model.prune` copied there for the call trains the shallower
# model (git checkout checkpoints/resume.pt after). Build .gpu/ here with:
#   echo /.gpu/ >> .git/info/exclude; mkdir -p .gpu/shared/data/wordlists
#   python -m edge_model.data.corpus --out runs/corpus --tech runs/techprose/sentences.tsv.gz
#   tar cf - -C runs corpus | xz -9 -T2 > .gpu/corpus.txz
#   cp -r ../shared/data/wordlists/misspellings_mitton .gpu/shared/data/wordlists/
#   python -c "from pathlib import Path; from edge_model.data.readers import read_m2; \
#     open('.gpu/dev_pairs.tsv','w').writelines(f'{p.source}\t{p.target}\n' for p in \
#     list(read_m2(Path('../shared/data/dev/bea19/ABCN.dev.gold.bea19.m2')))[:3000])"
# What travels must stay under 64 MiB: resume.pt (44 MB) + .gpu (~15 MB) + the rest is near it,
# so move the shipped engine/model/*.onnx (30 MB) out of the tree during the calls
# (mv engine/model/*.onnx /tmp/ before, git checkout engine/model after).
# Call: run(command="bash scripts/gpu_train.sh finetune 8 0.3", carry=[".gpu"], timeout_s=600). The run's full state
# stays in /tmp/edgerun on that machine, so a second call while it is still warm continues
# with the optimizer; the fp16 resume checkpoint comes back in 15 MB pieces under $OUT.
#
# The whole corpus in two calls. With the technical sentences the corpus is 187 MB of text, 44 MB
# as corpus.txz (xz -9), and with resume.pt (37.5 MB) that is over what a call carries. So a
# first call carries .gpu/ with corpus.txz and the tree without the checkpoint and the model
# (mv checkpoints/resume.pt engine/model/*.onnx /tmp/ before it) and only unpacks:
#   run(command="bash scripts/gpu_train.sh unpack", carry=[".gpu"])
# and the next call, at once (the machine goes back after idle_release_s, 30 s), carries the
# checkpoint and .gpu/ without corpus.txz (moved aside) and trains on the whole corpus, which
# stays in /tmp/edgerun. (It is carried as text, not token ids: the synthetic errors are made on
# the text as each batch is built.)
#
# Where the time goes: one data worker builds 250k-370k tokens/s of this mix in 80k-token
# batches on one core of the 2-core machine (python scripts/batch_rate.py -- OPTIONS), so 13 of
# them outrun the 255k-630k tokens/s the GPU trained at many times over; the waits were the
# trainer's, which read the loss at every step and copied each batch from pageable memory, both of
# which make the host wait for the GPU (edge_model.train now reads it once a log line and copies
# from pinned memory without waiting).
set -euo pipefail
W=/tmp/edgerun
export PYTHONUNBUFFERED=1 EDGEGRAM_SHARED=.gpu/shared
mkdir -p "$W"
[ -d "$W/corpus" ] || tar xJf .gpu/corpus.txz -C "$W"
if [ "${1:-}" = unpack ]; then
  wc -l "$W"/corpus/*
  exit 0
fi
STAGE=$1 MINUTES=$2 SHARE=$3  # and optionally a 4th: new
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
INIT=()
if [ ! -f "$W/run/last.pt" ] && [ "${4:-}" != new ] && [ -f checkpoints/resume.pt ]; then
  INIT=(--init checkpoints/resume.pt)
  if [ -n "${KEEP:-}" ]; then
    python3 -m edge_model.prune --checkpoint checkpoints/resume.pt --keep "$KEEP" --out "$W/init.pt"
    INIT=(--init "$W/init.pt")
  fi
fi
MODEL='{"d_model": 384, "n_heads": 6, "ffn_dim": 1536, "enc_layers": 8, "enc_unique_layers": 8, "dec_layers": 2}'
python3 -m edge_model.train --run "$W/run" --corpus "$W/corpus" --stage "$STAGE" --real-share "$SHARE" \
  --minutes "$MINUTES" --batch-tokens 80000 --lr "${LR:-1.5e-3}" --warmup "${WARMUP:-500}" --workers 13 \
  --save-minutes 3 --eval-minutes 1.5 --dev-pairs .gpu/dev_pairs.tsv --model-config "$MODEL" \
  --resume-out "$W/resume.pt" --anneal-steps "${ANNEAL:-0}" ${EXTRA:-} "${INIT[@]}" 2>&1 | tee "$OUT/train.out"
split -b 15M "$W/resume.pt" "$OUT/resume.pt.part-"
cp "$W/run/log.jsonl" "$OUT/log.jsonl"
ls -la "$OUT"

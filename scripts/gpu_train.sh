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
# Expects, carried in the ignored folder .gpu/: corpus.txz (runs/corpus, tarred),
# shared/data/wordlists/misspellings_mitton, dev_pairs.tsv (dev loss only, never trained on),
# The run starts from checkpoints/resume.pt (tracked, so it travels) unless a 4th argument
# "new" asks for a new model; its architecture is the checkpoint's (MODEL below is for "new"), so
# a checkpoint from `python -m edge_model.prune` copied there for the call trains the shallower
# model (git checkout checkpoints/resume.pt after). Build .gpu/ here with:
#   echo /.gpu/ >> .git/info/exclude; mkdir -p .gpu/shared/data/wordlists
#   python -m edge_model.data.corpus --out runs/corpus && tar cJf .gpu/corpus.txz -C runs corpus
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
set -euo pipefail
STAGE=$1 MINUTES=$2 SHARE=$3  # and optionally a 4th: new
W=/tmp/edgerun
export PYTHONUNBUFFERED=1 EDGEGRAM_SHARED=.gpu/shared
mkdir -p "$W"
[ -d "$W/corpus" ] || tar xJf .gpu/corpus.txz -C "$W"
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

#!/usr/bin/env bash
# Train on a lent GPU machine (see ../.library/device/README.md): one call of the device tool.
#
#   bash scripts/gpu_train.sh STAGE MINUTES REAL_SHARE
#
# Expects, carried in the ignored folder .gpu/: corpus.tgz (runs/corpus, tarred),
# shared/data/wordlists/misspellings_mitton, dev_pairs.tsv (dev loss only, never trained on),
# and optionally init.pt.part-* (a resume checkpoint split in pieces). The run's full state
# stays in /tmp/edgerun on that machine, so a second call while it is still warm continues
# with the optimizer; the fp16 resume checkpoint comes back in 15 MB pieces under $OUT.
set -euo pipefail
STAGE=$1 MINUTES=$2 SHARE=$3
W=/tmp/edgerun
export PYTHONUNBUFFERED=1 EDGEGRAM_SHARED=.gpu/shared
mkdir -p "$W"
[ -d "$W/corpus" ] || tar xzf .gpu/corpus.tgz -C "$W"
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
INIT=()
if [ ! -f "$W/run/last.pt" ] && ls .gpu/init.pt.part-* >/dev/null 2>&1; then
  cat .gpu/init.pt.part-* > "$W/init.pt"
  INIT=(--init "$W/init.pt")
fi
MODEL='{"d_model": 384, "n_heads": 6, "ffn_dim": 1536, "enc_layers": 8, "enc_unique_layers": 8, "dec_layers": 2}'
python3 -m edge_model.train --run "$W/run" --corpus "$W/corpus" --stage "$STAGE" --real-share "$SHARE" \
  --minutes "$MINUTES" --batch-tokens 80000 --lr 1.5e-3 --warmup 500 --workers 13 \
  --save-minutes 3 --eval-minutes 1.5 --dev-pairs .gpu/dev_pairs.tsv --model-config "$MODEL" \
  --resume-out "$W/resume.pt" "${INIT[@]}" 2>&1 | tee "$OUT/train.out"
split -b 15M "$W/resume.pt" "$OUT/resume.pt.part-"
cp "$W/run/log.jsonl" "$OUT/log.jsonl"
ls -la "$OUT"

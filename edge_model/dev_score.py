"""Dev F0.5 while training: the torch model decodes the first N BEA-19 dev sentences
(batched greedy, no ONNX) and ERRANT scores them exactly as ``edge_model.evaluate`` does.

Needs the ``eval`` extra (errant, spaCy) and ``../shared``; where either is missing the
trainer logs why once and goes on with the dev loss alone.
"""

from __future__ import annotations

from pathlib import Path

import torch
from tokenizers import Tokenizer

from edge_model.evaluate import M2_SETS, ErrantScorer, M2Score, evaluate_m2, read_m2_blocks, source_text
from edge_model.model import EdgeFormer
from edgegram.engine.core.contract import max_output_length


@torch.no_grad()
def greedy_batch(
    model: EdgeFormer, tokenizer: Tokenizer, sources: list[str], device: torch.device, batch_size: int = 32
) -> list[str]:
    """Greedy corrections of ``sources`` (one string each), decoded in batches with a cache."""
    cfg = model.cfg
    was_training = model.training
    model.eval()
    outputs: list[str] = []
    try:
        for start in range(0, len(sources), batch_size):
            encoded = [
                e.ids[: cfg.max_positions - 1] + [cfg.eos_id]
                for e in tokenizer.encode_batch(sources[start : start + batch_size], add_special_tokens=False)
            ]
            width = max(len(ids) for ids in encoded)
            src = torch.full((len(encoded), width), cfg.pad_id, dtype=torch.long)
            mask = torch.zeros((len(encoded), width), dtype=torch.long)
            for row, ids in enumerate(encoded):
                src[row, : len(ids)] = torch.tensor(ids)
                mask[row, : len(ids)] = 1
            src, mask = src.to(device), mask.to(device)
            ck, cv = model.cross_kv(model.encode(src, mask))
            pk, pv = model.empty_cache(len(encoded), device=device)
            last = torch.full((len(encoded), 1), cfg.bos_id, dtype=torch.long, device=device)
            done = torch.zeros(len(encoded), dtype=torch.bool, device=device)
            tokens: list[torch.Tensor] = []
            for _ in range(min(max_output_length(width), cfg.max_positions)):
                hidden, pk, pv = model.decode_states(last, pk, pv, ck, cv, mask)
                logits = model.logits(hidden)
                last = logits[:, -1].argmax(-1, keepdim=True)
                tokens.append(last[:, 0])
                done |= last[:, 0] == cfg.eos_id
                if bool(done.all()):
                    break
            rows = torch.stack(tokens, dim=1).tolist()
            for row in rows:
                ids = row[: row.index(cfg.eos_id)] if cfg.eos_id in row else row
                outputs.append(tokenizer.decode(ids, skip_special_tokens=True))
    finally:
        model.train(was_training)
    return outputs


class DevF05:
    """ERRANT P/R/F0.5 of the model being trained on the first ``sentences`` BEA-19 dev sentences."""

    def __init__(self, shared_data: Path, sentences: int) -> None:
        self.m2_path = shared_data / M2_SETS["bea19"]
        if not self.m2_path.is_file():
            raise FileNotFoundError(f"{self.m2_path} is missing")
        self.sentences = sentences
        self.sources = [source_text(block) for block in read_m2_blocks(self.m2_path, sentences)]
        self.scorer = ErrantScorer()  # raises EvalUnavailable without the eval extra

    def score(self, model: EdgeFormer, tokenizer: Tokenizer, device: torch.device) -> M2Score:
        corrected = dict(zip(self.sources, greedy_batch(model, tokenizer, self.sources, device)))
        return evaluate_m2(self.m2_path, corrected.__getitem__, self.scorer, self.sentences, "dev F0.5")

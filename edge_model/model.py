"""EdgeFormer-style encoder-heavy Transformer for grammatical error correction.

Deep encoder, shallow (1-2 layer) decoder, one embedding matrix tied between the
encoder input, the decoder input and the output projection, pre-LayerNorm, and
optional cyclic sharing of encoder layers (EdgeFormer's parameter sharing).

The decoder is written once, in the form inference needs: it takes a block of new
tokens on top of a key/value cache (``past_key``/``past_value``, possibly empty)
and cross-attention keys/values computed once per sentence by the encoder side.
Training calls the same code with an empty cache, so the exported ONNX graphs are
the trained computation, not a re-implementation of it. See ``edge_model.export``
for the graph signatures the engine relies on.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from edgegram.engine.core.contract import BOS_ID, EOS_ID, PAD_ID

NEG_INF = -1e9  # additive mask value; finite so a fully masked row never gives NaN
# The decoder's caches and cross-attention keys/values, indexed by layer: a stacked [L,...]
# tensor (the encoder's output) or a list of the layers' tensors (what the decoder returns).
PerLayer = Tensor | Sequence[Tensor]


@dataclass(frozen=True)
class ModelConfig:
    """Architecture hyper-parameters, saved in checkpoints and (with ``format_version``) as
    the exported ``model.json``."""

    vocab_size: int = 8192
    d_model: int = 256
    n_heads: int = 4
    ffn_dim: int = 1024
    enc_layers: int = 6
    enc_unique_layers: int = 6  # < enc_layers shares layers cyclically (EdgeFormer)
    dec_layers: int = 2
    max_positions: int = 256
    dropout: float = 0.1
    pad_id: int = PAD_ID
    bos_id: int = BOS_ID
    eos_id: int = EOS_ID

    @property
    def head_dim(self) -> int:
        return self.d_model // self.n_heads

    @classmethod
    def from_dict(cls, data: dict) -> ModelConfig:
        known = {f for f in cls.__dataclass_fields__}
        return cls(**{k: v for k, v in data.items() if k in known})


class Attention(nn.Module):
    """Multi-head attention on pre-split keys/values (so caches can be passed in)."""

    def __init__(self, cfg: ModelConfig) -> None:
        super().__init__()
        self.n_heads, self.head_dim = cfg.n_heads, cfg.head_dim
        self.q = nn.Linear(cfg.d_model, cfg.d_model)
        self.k = nn.Linear(cfg.d_model, cfg.d_model)
        self.v = nn.Linear(cfg.d_model, cfg.d_model)
        self.out = nn.Linear(cfg.d_model, cfg.d_model)
        self.dropout = cfg.dropout

    def split(self, x: Tensor) -> Tensor:
        b, t, _ = x.shape
        return x.view(b, t, self.n_heads, self.head_dim).transpose(1, 2)

    def keys_values(self, x: Tensor) -> tuple[Tensor, Tensor]:
        return self.split(self.k(x)), self.split(self.v(x))

    def attend(self, x: Tensor, k: Tensor, v: Tensor, mask: Tensor) -> Tensor:
        """x: [B,T,D] queries; k,v: [B,H,S,Dh]; mask: additive, broadcast to [B,H,T,S]."""
        q = self.split(self.q(x))
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask.to(q.dtype), dropout_p=self.dropout if self.training else 0.0)
        return self._merge(y)

    # The decoder's keys, cached ones and the source's, are kept the way its attention reads
    # them: transposed ([B,H,Dh,S]) and multiplied by sqrt(1/sqrt(Dh)), the queries by the same
    # factor. Each key is transposed and scaled once, when it is made, instead of the whole
    # cache and the source's keys on every decoder call: a decoder call of 32 rows x 4 tokens
    # (past 20, source 30) took 9.1 ms instead of 11.1 ms, 16 rows x 1 token 2.3 vs 3.2 ms
    # (2 cores, Xeon, 2026-11-26). The same attention as :meth:`attend`, up to rounding.

    def cached_keys(self, x: Tensor) -> Tensor:
        """Keys of x [B,S,D] as the decoder holds them: [B,H,Dh,S], scaled."""
        return self.split(self.k(x)).transpose(2, 3) * self.key_scale

    def values(self, x: Tensor) -> Tensor:
        return self.split(self.v(x))

    def attend_cached(self, x: Tensor, keys: Tensor, v: Tensor, mask: Tensor) -> Tensor:
        """x: [B,T,D] queries; keys [B,H,Dh,S] from :meth:`cached_keys`; v [B,H,S,Dh]; mask:
        additive, broadcast to [B,H,T,S].

        Out of training, the queries get one row of zeros more (its result dropped), so that
        the two attention products never have a single row: ONNX Runtime computes a product
        of one row by another kernel than one of several, whose sums round differently, and
        a decoder step (T = 1) would then differ from the same position in a block of draft
        tokens. With two rows or more each row's result is the same, bit for bit, whatever
        the other rows and the masked columns (measured: ``edge_model.quantize --measure``),
        which lossless IAD needs once the decoder's activations are quantised to int8 (a
        rounding-level difference there can move a value across a quantisation step)."""
        q = self.split(self.q(x)) * self.key_scale
        mask = mask.to(q.dtype)
        rows = q.shape[2]
        if not self.training:
            q = torch.cat([q, torch.zeros_like(q[:, :, :1])], dim=2)
            if mask.shape[-2] > 1:  # a mask per query row (the self-attention's): one for the extra row too
                mask = torch.cat([mask, mask[..., -1:, :]], dim=-2)
        weights = torch.softmax(q @ keys + mask, dim=-1)
        weights = F.dropout(weights, self.dropout, self.training)
        return self._merge((weights @ v)[:, :, :rows])

    @property
    def key_scale(self) -> float:
        return math.sqrt(1.0 / math.sqrt(self.head_dim))

    def _merge(self, y: Tensor) -> Tensor:
        """Heads [B,H,T,Dh] -> the output projection of [B,T,D]."""
        b, _, t, _ = y.shape
        return self.out(y.transpose(1, 2).reshape(b, t, self.n_heads * self.head_dim))


class FeedForward(nn.Module):
    def __init__(self, cfg: ModelConfig) -> None:
        super().__init__()
        self.fc1 = nn.Linear(cfg.d_model, cfg.ffn_dim)
        self.fc2 = nn.Linear(cfg.ffn_dim, cfg.d_model)
        self.dropout = nn.Dropout(cfg.dropout)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc2(self.dropout(F.gelu(self.fc1(x))))


class EncoderLayer(nn.Module):
    def __init__(self, cfg: ModelConfig) -> None:
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(cfg.d_model), nn.LayerNorm(cfg.d_model)
        self.attn, self.ffn = Attention(cfg), FeedForward(cfg)
        self.dropout = nn.Dropout(cfg.dropout)

    def forward(self, x: Tensor, mask: Tensor) -> Tensor:
        h = self.ln1(x)
        k, v = self.attn.keys_values(h)
        x = x + self.dropout(self.attn.attend(h, k, v, mask))
        return x + self.dropout(self.ffn(self.ln2(x)))


class DecoderLayer(nn.Module):
    def __init__(self, cfg: ModelConfig) -> None:
        super().__init__()
        self.ln1, self.ln2, self.ln3 = (nn.LayerNorm(cfg.d_model) for _ in range(3))
        self.self_attn, self.cross_attn, self.ffn = Attention(cfg), Attention(cfg), FeedForward(cfg)
        self.dropout = nn.Dropout(cfg.dropout)

    def forward(
        self,
        x: Tensor,
        past_k: Tensor,
        past_v: Tensor,
        cross_k: Tensor,
        cross_v: Tensor,
        self_mask: Tensor,
        cross_mask: Tensor,
    ) -> tuple[Tensor, Tensor, Tensor]:
        h = self.ln1(x)
        k, v = self.self_attn.cached_keys(h), self.self_attn.values(h)
        k, v = torch.cat([past_k.to(k.dtype), k], dim=3), torch.cat([past_v.to(v.dtype), v], dim=2)
        x = x + self.dropout(self.self_attn.attend_cached(h, k, v, self_mask))
        x = x + self.dropout(self.cross_attn.attend_cached(self.ln2(x), cross_k, cross_v, cross_mask))
        x = x + self.dropout(self.ffn(self.ln3(x)))
        return x, k, v


def padding_mask(attention_mask: Tensor) -> Tensor:
    """[B,S] 1/0 mask -> additive [B,1,1,S] mask."""
    keep = attention_mask.to(torch.bool)[:, None, None, :]
    return torch.zeros(keep.shape, dtype=torch.float32, device=keep.device).masked_fill(~keep, NEG_INF)


def ragged_block_mask(past_lengths: Tensor, past_len: Tensor | int, block_len: Tensor | int) -> Tensor:
    """Additive [B,1,T,P+T] mask for a batch whose rows hold ``past_lengths[b] <= P`` real
    cache entries (the rest of the P padding): block token i of row b sees that row's real
    cache entries and the block tokens <= i, never padding."""
    q = torch.arange(cast(int, block_len), device=past_lengths.device)[:, None]
    k = torch.arange(cast(int, block_len + past_len), device=past_lengths.device)[None, :]
    in_block = (k >= past_len) & (k - past_len <= q)  # [T, P+T]
    in_past = k[None] < past_lengths[:, None, None]  # [B, 1, P+T]
    keep = (in_block[None] | in_past)[:, None]  # [B, 1, T, P+T]
    return torch.zeros(keep.shape, dtype=torch.float32, device=keep.device).masked_fill(~keep, NEG_INF)


def causal_block_mask(past_len: Tensor | int, block_len: int | Tensor, device=None) -> Tensor:
    """Additive [T, P+T] mask: block token i sees the cache and block tokens <= i."""
    # ints when decoding in Python, 0-d tensors while tracing the ONNX export (dynamic shapes);
    # torch.arange takes both, its stubs say int
    q = torch.arange(cast(int, block_len), device=device)[:, None] + past_len
    k = torch.arange(cast(int, block_len + past_len), device=device)[None, :]
    return torch.zeros(q.shape[0], k.shape[1], device=device).masked_fill(k > q, NEG_INF)


class EdgeFormer(nn.Module):
    def __init__(self, cfg: ModelConfig) -> None:
        super().__init__()
        self.cfg = cfg
        self.embed = nn.Embedding(cfg.vocab_size, cfg.d_model, padding_idx=cfg.pad_id)
        self.enc_pos = nn.Embedding(cfg.max_positions, cfg.d_model)
        self.dec_pos = nn.Embedding(cfg.max_positions, cfg.d_model)
        self.enc_layers = nn.ModuleList(EncoderLayer(cfg) for _ in range(cfg.enc_unique_layers))
        self.dec_layers = nn.ModuleList(DecoderLayer(cfg) for _ in range(cfg.dec_layers))
        self.enc_ln, self.dec_ln = nn.LayerNorm(cfg.d_model), nn.LayerNorm(cfg.d_model)
        self.dropout = nn.Dropout(cfg.dropout)
        self.scale = math.sqrt(cfg.d_model)
        self.reset_parameters()

    @classmethod
    def from_checkpoint(cls, data: dict) -> EdgeFormer:
        """The model (fp32, eval mode) of a checkpoint's ``config`` and ``model`` weights: a
        trainer's ``last.pt`` or an fp16 resume checkpoint."""
        model = cls(ModelConfig.from_dict(data["config"]))
        model.load_state_dict({k: v.float() if v.is_floating_point() else v for k, v in data["model"].items()})
        return model.eval()

    def reset_parameters(self) -> None:
        nn.init.normal_(self.embed.weight, std=self.cfg.d_model**-0.5)
        with torch.no_grad():
            self.embed.weight[self.cfg.pad_id].zero_()
        for pos in (self.enc_pos, self.dec_pos):
            nn.init.normal_(pos.weight, std=0.02)

    # ---- encoder side -------------------------------------------------
    def encode(self, input_ids: Tensor, attention_mask: Tensor) -> Tensor:
        """[B,S] token ids and 1/0 mask -> encoder states [B,S,D]."""
        s = input_ids.shape[1]
        pos = torch.arange(s, device=input_ids.device)
        x = self.dropout(self.embed(input_ids) * self.scale + self.enc_pos(pos)[None])
        mask = padding_mask(attention_mask)
        n = len(self.enc_layers)
        for i in range(self.cfg.enc_layers):
            x = self.enc_layers[i % n](x, mask)
        return self.enc_ln(x)

    def cross_kv(self, memory: Tensor) -> tuple[Tensor, Tensor]:
        """Encoder states -> cross-attention keys [L,B,H,Dh,S] (``Attention.cached_keys``) and
        values [L,B,H,S,Dh], once per sentence."""
        attns = [cast(DecoderLayer, layer).cross_attn for layer in self.dec_layers]
        return torch.stack([a.cached_keys(memory) for a in attns]), torch.stack([a.values(memory) for a in attns])

    # ---- decoder side -------------------------------------------------
    def logits(self, hidden: Tensor) -> Tensor:
        """The output projection: decoder states [...,D] -> logits [...,V] (the embedding, tied)."""
        return hidden @ self.embed.weight.t()

    def decode_states(
        self,
        input_ids: Tensor,
        past_key: PerLayer,
        past_value: PerLayer,
        cross_key: PerLayer,
        cross_value: PerLayer,
        src_mask: Tensor,
        past_lengths: Tensor | None = None,
    ) -> tuple[Tensor, list[Tensor], list[Tensor]]:
        """A block of T new tokens on top of a cache of P tokens.

        Caches and cross-attention keys/values are indexed by layer (``PerLayer``):
        input_ids [B,T]; past_key [B,H,Dh,P] and past_value
        [B,H,P,Dh] a layer (P may be 0; keys as ``Attention.cached_keys`` makes them);
        cross_key [B,H,Dh,S] and cross_value [B,H,S,Dh] a layer (``cross_kv``); src_mask [B,S]
        (1 = token, 0 = padding);
        ``past_lengths`` [B]: how many of the P cache entries of each row are real (the rest
        padding, so rows of a batch may have caches of different lengths; their block tokens
        sit at positions past_lengths[b]...); None: all P, as in training.
        Returns the final decoder states [B,T,D] (normalised; ``logits`` projects them) and the
        layers' present keys [B,H,Dh,P+T] and values [B,H,P+T,Dh] (the block's entries of row b
        after its P cache entries, padding included).
        """
        t = input_ids.shape[1]
        p = past_value[0].shape[2]
        if past_lengths is None:
            pos = (torch.arange(t, device=input_ids.device) + p)[None]
            self_mask = causal_block_mask(p, t, device=input_ids.device)
        else:
            # padding rows' positions may run past the table; clamped, they are never read
            pos = (past_lengths[:, None] + torch.arange(t, device=input_ids.device)[None]).clamp(max=self.cfg.max_positions - 1)
            self_mask = ragged_block_mask(past_lengths, p, t)
        x = self.dropout(self.embed(input_ids) * self.scale + self.dec_pos(pos))
        cross_mask = padding_mask(src_mask)
        keys, values = [], []
        for i, layer in enumerate(self.dec_layers):
            x, k, v = layer(x, past_key[i], past_value[i], cross_key[i], cross_value[i], self_mask, cross_mask)
            keys.append(k)
            values.append(v)
        return self.dec_ln(x), keys, values

    def empty_cache(self, batch: int, device=None) -> tuple[list[Tensor], list[Tensor]]:
        """Each layer's keys [B,H,Dh,0] and values [B,H,0,Dh] of no tokens (see ``decode``)."""
        c = self.cfg
        key, value = (c.n_heads, c.head_dim, 0), (c.n_heads, 0, c.head_dim)
        return (
            [torch.zeros((batch, *key), device=device) for _ in range(c.dec_layers)],
            [torch.zeros((batch, *value), device=device) for _ in range(c.dec_layers)],
        )

    def forward(self, src: Tensor, src_mask: Tensor, tgt_in: Tensor) -> Tensor:
        """Teacher-forced logits [B,T,V] for training."""
        memory = self.encode(src, src_mask)
        ck, cv = self.cross_kv(memory)
        pk, pv = self.empty_cache(src.shape[0], device=src.device)
        hidden, _, _ = self.decode_states(tgt_in, pk, pv, ck, cv, src_mask)
        return self.logits(hidden)

    def num_parameters(self) -> int:
        return sum(p.numel() for p in self.parameters())

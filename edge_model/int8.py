"""Symmetric int8 weights: one scale per slice, the slice's largest magnitude -> 127. The rule
the decoder's int8 weights and embedding rows (``edge_model.quantize``) and the shortlist's int8
output columns (``edge_model.shortlist``) share, so the two hold the same numbers."""

from __future__ import annotations

import numpy as np


def symmetric_int8(weights: np.ndarray, axis: int) -> tuple[np.ndarray, np.ndarray]:
    """int8 values and fp32 scales (one per slice along ``axis``), max |w| -> 127."""
    scale = np.abs(weights).max(axis=axis, keepdims=True) / 127.0
    scale[scale == 0] = 1.0
    q = np.clip(np.rint(weights / scale), -127, 127).astype(np.int8)
    return q, scale.astype(np.float32)


__all__ = ["symmetric_int8"]

"""Grammar checking on CPU: ONNX Runtime inference of the shipped model, lossless
Input-guided Aggressive Decoding, sentence segmentation and character-level edits."""

from edgegram.engine.checker import Checker, CheckerStats
from edgegram.engine.core.errors import EdgegramError, ModelLoadError
from edgegram.engine.core.types import DEFAULT_MARKUP_MIN_CONFIDENCE, DEFAULT_MIN_CONFIDENCE, CheckerConfig, Edit, EditKind

__all__ = [
    "Checker",
    "CheckerConfig",
    "DEFAULT_MARKUP_MIN_CONFIDENCE",
    "DEFAULT_MIN_CONFIDENCE",
    "CheckerStats",
    "Edit",
    "EditKind",
    "EdgegramError",
    "ModelLoadError",
]

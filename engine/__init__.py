"""Grammar checking on CPU: ONNX Runtime inference of the shipped model, lossless
Input-guided Aggressive Decoding, sentence segmentation and character-level edits.

The names below are imported when first used, not with the package: a process that needs one
small module of the engine (the command line reading its files and parsing their prose while
its checking processes start) does not wait for the checker, its rules and ONNX Runtime."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from edgegram.engine.checker import Checker, CheckerStats
    from edgegram.engine.core.errors import EdgegramError, ModelLoadError
    from edgegram.engine.core.types import (
        DEFAULT_MARKUP_MIN_CONFIDENCE,
        DEFAULT_MIN_CONFIDENCE,
        CheckerConfig,
        Edit,
        EditKind,
    )

_HOMES = {
    "Checker": "edgegram.engine.checker",
    "CheckerStats": "edgegram.engine.checker",
    "EdgegramError": "edgegram.engine.core.errors",
    "ModelLoadError": "edgegram.engine.core.errors",
    "DEFAULT_MARKUP_MIN_CONFIDENCE": "edgegram.engine.core.types",
    "DEFAULT_MIN_CONFIDENCE": "edgegram.engine.core.types",
    "CheckerConfig": "edgegram.engine.core.types",
    "Edit": "edgegram.engine.core.types",
    "EditKind": "edgegram.engine.core.types",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # looked up once
    return value


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

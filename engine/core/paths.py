"""Where the engine's own files are: its folder, the word lists and the shipped model beside
the code (package data), and, in a checkout, the repository around it."""

from __future__ import annotations

from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parents[1]
WORDS_DIR = ENGINE_DIR / "words"  # word lists, tables and the tagger (engine/words/README.md)
SHIPPED_MODEL_DIR = ENGINE_DIR / "model"  # the shipped model and its card
REPO_DIR = ENGINE_DIR.parent  # a checkout's root (pyproject.toml, ../shared beside it); not an install's

__all__ = ["ENGINE_DIR", "REPO_DIR", "SHIPPED_MODEL_DIR", "WORDS_DIR"]

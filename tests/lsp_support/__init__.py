"""Test doubles for the language server: a deterministic rule-based checker and its launcher."""

"""User and workspace dictionaries: words that spelling suggestions must leave alone.

The user dictionary lives in ``platformdirs.user_data_dir("edgegram")/dictionary.txt``,
a workspace dictionary in ``<folder>/.edgegram/dictionary.txt``; one word a line, ``#``
starts a comment. An unreadable file is set aside as ``.bak`` and started afresh.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from .files import STATE_DIR, StampedFiles, read_text_or_set_aside, write_atomically

log = logging.getLogger(__name__)

FILE_NAME = "dictionary.txt"


def workspace_dictionary_path(folder: Path) -> Path:
    """Where the dictionary of a workspace folder is kept."""
    return folder / STATE_DIR / FILE_NAME


def parse_words(text: str) -> frozenset[str]:
    """The words of a dictionary file's text."""
    lines = (line.strip() for line in text.splitlines())
    return frozenset(line for line in lines if line and not line.startswith("#"))


def _read_words(path: Path) -> frozenset[str]:
    text = read_text_or_set_aside(path)
    return parse_words(text) if text is not None else frozenset()


@dataclass
class DictionaryStore:
    """Reads (with a cache that notices outside edits) and extends dictionary files."""

    user_path: Path
    _files: StampedFiles[frozenset[str]] = field(default_factory=lambda: StampedFiles(_read_words))

    def words(self, path: Path) -> frozenset[str]:
        """The words in the dictionary file ``path`` (empty when it does not exist)."""
        return self._files.get(path)

    def add(self, word: str, path: Path) -> bool:
        """Add ``word`` to the dictionary file ``path``; False if it was there already."""
        word = word.strip()
        if not word or "\n" in word:
            raise ValueError(f"not a dictionary word: {word!r}")
        words = self.words(path)
        if word in words:
            return False
        text = read_text_or_set_aside(path) or ""
        if text and not text.endswith("\n"):
            text += "\n"
        write_atomically(path, text + word + "\n")
        self._files.forget(path)
        log.info("added %r to %s", word, path)
        return True

    def remove(self, word: str, path: Path) -> bool:
        """Take ``word`` out of the word list ``path``; False if it was not there."""
        word = word.strip()
        text = read_text_or_set_aside(path)
        if text is None or word not in parse_words(text):
            return False
        kept = [line for line in text.splitlines() if line.strip() != word]
        write_atomically(path, "".join(line + "\n" for line in kept))
        self._files.forget(path)
        log.info("removed %r from %s", word, path)
        return True

    def knows(self, word: str, folder: Path | None) -> bool:
        """Whether ``word`` is in the user dictionary or the dictionary of ``folder``.

        A lowercase dictionary entry also covers capitalised forms of the word.
        """
        paths = [self.user_path] + ([workspace_dictionary_path(folder)] if folder else [])
        word = word.strip()
        for path in paths:
            words = self.words(path)
            if word in words or (word.lower() in words and word.lower() != word):
                return True
        return False

"""A persistent, size-bounded store of sentence results on disk, so that a document checked
once is shown again at once, also after a restart.

One SQLite file per model (:func:`model_key` hashes the model's files, edgegram's version
and the decoder's copy penalty: the cache holds candidate edits, before the safety, confidence
and dictionary filters, so no setting changes them), holding up to
``max_sentences`` sentences; the least recently used go first. At most ``KEEP_MODELS``
files are kept in the folder. An unreadable file is set aside and started afresh; any
other database error turns the store off for the session (the checker still works).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import fields
from pathlib import Path

from edgegram.engine.core.contract import MODEL_FILES
from edgegram.engine.core.types import Edit, EditKind
from edgegram.engine.core.version import package_version

log = logging.getLogger(__name__)

FORMAT_VERSION = 3  # 2: every Edit field, by name; 3: with the rule that found it
KEEP_MODELS = 3  # result files of this many models are kept in the folder
MAX_SENTENCES = 200_000  # about 60 MB of results
_CHUNK = 500  # sentences per SQL statement


def model_key(model_dir: Path, copy_penalty: float) -> str:
    """A hash of the model's files, of edgegram's version (which decides how model output
    becomes candidate edits), of the decoder's ``copy_penalty`` (which decides the output) and
    of this store's format."""
    seed = f"edgegram-results-{FORMAT_VERSION}-{package_version()}-{copy_penalty!r}"
    digest = hashlib.blake2b(seed.encode(), digest_size=10)
    for name in MODEL_FILES:
        path = model_dir / name
        if path.is_file():
            with path.open("rb") as stream:
                while block := stream.read(1 << 20):
                    digest.update(block)
    return digest.hexdigest()


_FIELDS = [f.name for f in fields(Edit)]


def _encode(edits: Iterable[Edit]) -> str:
    """Edits as JSON objects of every field (the kind by its value)."""
    return json.dumps([{**{name: getattr(e, name) for name in _FIELDS}, "kind": e.kind.value} for e in edits])


def _decode(text: str) -> tuple[Edit, ...]:
    return tuple(
        Edit(**{**item, "kind": EditKind(item["kind"]), "alternatives": tuple(item.get("alternatives", ()))})
        for item in json.loads(text)
    )


class ResultStore:
    """Sentence -> edits, in ``folder/sentences-<key>.sqlite3``. Thread-safe."""

    def __init__(self, folder: Path, key: str, max_sentences: int = MAX_SENTENCES) -> None:
        self.path = folder / f"sentences-{key}.sqlite3"
        self.max_sentences = max_sentences
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._puts_since_prune = 0
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self._db = self._open()
            self._forget_other_models(folder)
        except (OSError, sqlite3.Error) as error:
            log.warning("no persistent result cache (%s): %s", self.path, error)
            self._db = None

    def _open(self) -> sqlite3.Connection:
        try:
            return self._connect()
        except sqlite3.DatabaseError as error:  # not a database: set it aside and start again
            backup = self.path.with_name(self.path.name + ".bak")
            os.replace(self.path, backup)
            log.warning("%s is unreadable (%s); moved it to %s", self.path, error, backup)
            return self._connect()

    def _connect(self) -> sqlite3.Connection:
        # Another server (a second editor) may hold the file: wait briefly, never seconds.
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=0.5)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("CREATE TABLE IF NOT EXISTS results (sentence TEXT PRIMARY KEY, edits TEXT NOT NULL, used REAL NOT NULL)")
        db.execute("CREATE INDEX IF NOT EXISTS results_used ON results (used)")
        db.execute("SELECT COUNT(*) FROM results").fetchone()  # reads the file: fails now if it is not a database
        return db

    def _forget_other_models(self, folder: Path) -> None:
        others = sorted(
            (p for p in folder.glob("sentences-*.sqlite3") if p != self.path),
            key=lambda p: p.stat().st_mtime,
            reverse=True,
        )
        for old in others[KEEP_MODELS - 1 :]:
            for suffix in ("", "-wal", "-shm"):
                Path(str(old) + suffix).unlink(missing_ok=True)

    @property
    def enabled(self) -> bool:
        return self._db is not None

    def _failed(self, error: Exception) -> None:
        log.warning("persistent result cache turned off (%s): %s", self.path, error)
        self._db = None

    def get_many(self, sentences: list[str]) -> dict[str, tuple[Edit, ...]]:
        """The stored results among ``sentences``."""
        found: dict[str, tuple[Edit, ...]] = {}
        with self._lock:
            if self._db is None or not sentences:
                return found
            try:
                for i in range(0, len(sentences), _CHUNK):
                    chunk = sentences[i : i + _CHUNK]
                    marks = ",".join("?" * len(chunk))
                    for sentence, edits in self._db.execute(
                        f"SELECT sentence, edits FROM results WHERE sentence IN ({marks})", chunk
                    ):
                        found[sentence] = _decode(edits)
                if found:
                    now = time.time()
                    self._db.execute("BEGIN")
                    self._db.executemany("UPDATE results SET used = ? WHERE sentence = ?", ((now, s) for s in found))
                    self._db.execute("COMMIT")
            except (sqlite3.Error, ValueError, TypeError) as error:
                self._failed(error)
        return found

    def put_many(self, results: Mapping[str, tuple[Edit, ...]]) -> None:
        """Store ``results``, dropping the least recently used beyond the bound."""
        with self._lock:
            if self._db is None or not results:
                return
            try:
                now = time.time()
                self._db.execute("BEGIN")
                self._db.executemany(
                    "INSERT OR REPLACE INTO results (sentence, edits, used) VALUES (?, ?, ?)",
                    ((s, _encode(edits), now) for s, edits in results.items()),
                )
                self._db.execute("COMMIT")
                self._puts_since_prune += len(results)
                if self._puts_since_prune >= max(1, self.max_sentences // 20):
                    self._prune()
            except sqlite3.Error as error:
                self._failed(error)

    def _prune(self) -> None:
        self._puts_since_prune = 0
        if self._db is None:
            return
        (count,) = self._db.execute("SELECT COUNT(*) FROM results").fetchone()
        if count > self.max_sentences:
            self._db.execute(
                "DELETE FROM results WHERE sentence IN (SELECT sentence FROM results ORDER BY used LIMIT ?)",
                (count - self.max_sentences,),
            )

    def __len__(self) -> int:
        with self._lock:
            if self._db is None:
                return 0
            return self._db.execute("SELECT COUNT(*) FROM results").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

"""The projects whose documentation and history judge edgegram: no data builder may read them.

Every builder that reads other projects' repositories (the technical vocabulary, the lists of
names and compounds, the technical-prose corpus) asks :func:`refuse_held_out` of each one first.
The realslips dev pairs' 15 projects are development data, not held out; the held-out pairs are
mined from other projects, kept outside this repository. The projects whose docs and code the
false alarms are measured on while edgegram is developed (:data:`DEV_TEXT`, exported by
``scripts/dev_docs.py``) are no builder's either: a ``--mirror`` of every fetched snapshot passes
them by (:func:`is_dev_text`), or the vocabulary would know their words and flatter the measure.
"""

from __future__ import annotations

from pathlib import Path

HELD_OUT = (
    "rust-lang/book",
    "rust-lang/rust-by-example",
    "prometheus/docs",
    "psf/requests",
    "BurntSushi/ripgrep",
    "google/eng-practices",
    "tldr-pages/tldr",
    "rust-lang/rfcs",
    "python/devguide",
    "pypa/packaging.python.org",
    "python/peps",
)


DEV_TEXT = ("cli/cli", "docker/compose", "encode/starlette", "python-poetry/poetry")


def _names(path: Path | str, projects: tuple[str, ...]) -> str | None:
    text = str(Path(path).resolve()).lower()
    for project in projects:
        owner, name = project.lower().split("/")
        if f"{owner}/{name}" in text or f"{owner}+{name}" in text:
            return project
    return None


def is_dev_text(path: Path | str) -> bool:
    """Whether a repository path names a project of :data:`DEV_TEXT`."""
    return _names(path, DEV_TEXT) is not None


def held_out_name(path: Path | str) -> str | None:
    """The held-out project a repository path names (``owner/name`` or the ``owner+name``
    folder the fetch tool makes), or None."""
    return _names(path, HELD_OUT)


class HeldOutError(ValueError):
    """A data builder was given one of the evaluation's sources."""


def refuse_held_out(path: Path | str) -> None:
    """Raise :class:`HeldOutError` if ``path`` is one of the evaluation's sources."""
    project = held_out_name(path)
    if project is not None:
        raise HeldOutError(f"{path} is {project}, one of the evaluation's sources: no data may be built from it")


__all__ = ["DEV_TEXT", "HELD_OUT", "HeldOutError", "held_out_name", "is_dev_text", "refuse_held_out"]

"""The stages a document travels through, in order: one subpackage of the engine each.

A document's prose is extracted (``prose``, which cuts it into ``sentences``: what a sentence
is, the model's single-line view of it, which words are English), and each sentence is read
word by word (``analysis``: its words' classes and parts of speech, the closed word classes,
the names of the trade, how an edit is described); the ``finders`` propose edits (the model and
its decoders, the rules, the speller); the ``judge`` decides which may be shown and how sure
each is (safety, the rules' check of the model's edits, the edit judge); the ``pipeline`` runs
the stages over a document (``checker.Checker``) or many (``parallel``), and gives a document's
edits as its writer is shown them (``document``). ``core`` is what every
stage stands on (edits and their types, errors, caches, the model files' contract).

A module imports only modules of its own stage or an earlier one (``tests/test_import_graph.py``
checks it), so a stage can be read, tested and replaced without the ones after it.
"""

from __future__ import annotations

# (stage, the modules of the engine it holds: a subpackage's name with ".*" for all of its modules)
STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("core", ("core.*",)),
    ("sentences", ("sentences.*",)),
    ("prose", ("prose.*",)),
    ("analysis", ("analysis.*",)),
    ("finders", ("finders.*",)),
    ("judge", ("judge.*",)),
    ("pipeline", ("checker", "document", "parallel", "stages", "__init__")),
)


def stage_of(module: str) -> str | None:
    """The stage of an engine module, by its name under ``edgegram.engine`` ("finders.rules.articles",
    "checker"); None when no stage lists it."""
    for stage, modules in STAGES:
        for name in modules:
            if module == name or (name.endswith(".*") and (module == name[:-2] or module.startswith(name[:-1]))):
                return stage
    return None


__all__ = ["STAGES", "stage_of"]

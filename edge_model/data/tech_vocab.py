"""Build the engine's technical vocabulary (``engine/words/tech.txt.gz``, read by
:mod:`edgegram.engine.sentences.lexicon` beside the English word list).

    python -m edge_model.data.tech_vocab --repo GIT_DIR [--repo GIT_DIR ...] [--min-repos 2] [--min-count 5]
    python -m edge_model.data.tech_vocab --mirror /work/.mirror [--min-repos 2] [--min-count 5]

Well-edited technical prose is full of words no English dictionary has (rustc, kubectl,
struct, enum, async, hostname, yaml, quantile...): a spelling checker that flags them is
wrong there dozens of times per 10,000 words. This collects them from other projects'
documentation and code identifiers: every file of each repository's HEAD (git directories,
e.g. the snapshots the search tool's ``fetch`` brings; ``--mirror`` takes every ``OWNER+NAME/repo``
under a folder) with a text extension is cut into
words and into the parts of its identifiers (snake_case, camelCase); a lower-case word
enters the list when at least ``--min-repos`` repositories use it and it occurs
``--min-count`` times in all, unless it is one letter away from a word the same sources use
twenty times as often and fewer than :data:`TRUSTED_REPOS` repositories use it (a typo a few
sources share, "recieve"; not "semver" beside "server", "umask" beside "unmask"), a misspelling
codespell records ("teh", "existant": code has them too), a contraction or possessive without
its apostrophe ("thats", "todays"; but a plural many repositories use, "booleans"), or hex digits or a letter run
("abcdef", "zzzz"). Words the English list already
has are left out. It refuses the evaluation's sources (:mod:`edge_model.data.held_out`).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from edge_model.data.lexicon import write_word_list
from edge_model.data.tech_prose import add_repository_arguments, chosen_repositories, head_files
from edgegram.engine.analysis.closed_class import CLOSED_CLASS
from edgegram.engine.sentences.lexicon import TECH_LIST, Lexicon, shipped_misspellings

TEXT_EXTENSIONS = {
    ".md", ".markdown", ".rst", ".txt", ".adoc", ".html", ".rs", ".go", ".py", ".js", ".ts",
    ".c", ".h", ".cc", ".cpp", ".java", ".sh", ".toml", ".yaml", ".yml", ".json",
}  # fmt: skip
_IDENT_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_PART_RE = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
TRUSTED_REPOS = 5  # a word this many repositories use is their term, however close to a common word
# A word in "-s" whose possessive is English ("boolean's") is a plural this many repositories use
# ("booleans": 41 of 83; "todays", "repositorys", "mens": 3 to 5).
PLURAL_MIN_REPOS = 10


def words_of(text: str) -> Iterator[str]:
    """The lower-case words of ``text``, three letters or more: a plain word ("kubectl",
    "Hostname") whole, an identifier ("max_len", "mdBook", "HTTPServer") in its parts."""
    for ident in _IDENT_RE.findall(text):
        if ident.isalpha() and (ident.islower() or ident.istitle()):
            parts = [ident]
        else:
            parts = _PART_RE.findall(ident)
        yield from (p.lower() for p in parts if len(p) >= 3)


def repo_files(git_dir: Path) -> Iterator[str]:
    """The text of every file with a text extension at HEAD of the git directory ``git_dir``,
    translations left out (:func:`edge_model.data.tech_prose.head_files`)."""
    return (text for _, text in head_files(git_dir, TEXT_EXTENSIONS))


def _neighbours(word: str) -> Iterable[str]:
    """Every string one deletion, transposition, substitution or insertion away."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    for a, b in splits:
        if b:
            yield a + b[1:]
            yield from (a + c + b[1:] for c in ALPHABET)
        if len(b) > 1:
            yield a + b[1] + b[0] + b[2:]
        yield from (a + c + b for c in ALPHABET)


def _inflects(base: str, word: str) -> bool:
    """Whether ``word`` is ``base`` with an ending ("structs", "nodes", "mapped")."""
    return word.startswith(base) and word[len(base) :] in ("s", "es", "d", "ed", "er", "r")


def _is_junk(word: str) -> bool:
    """Hex digits ("abcdef", "aaeb") and letter runs ("aaaaa", "zzzz") that code is full of."""
    return set(word) <= set("abcdef") or re.search(r"(.)\1\1", word) is not None


def _contraction_without_apostrophe(word: str, known: Lexicon, repos: int) -> bool:
    """Whether ``word``, which ``repos`` repositories use, is an English contraction or possessive
    with its apostrophe left out ("thats", "dont", "youre", "todays"): an "-s" after a word that is
    no function word is a plural where :data:`PLURAL_MIN_REPOS` repositories use it ("booleans",
    "https", "tolerations"; the English list has "boolean's")."""
    for i in range(max(1, len(word) - 3), len(word)):
        base, ending = word[:i], word[i:]
        if known.is_english(f"{base}'{ending}"):
            return ending != "s" or base in CLOSED_CLASS or repos < PLURAL_MIN_REPOS
    return False


def build_tech_list(per_repo: list[Counter[str]], known: Lexicon, min_repos: int, min_count: int) -> list[str]:
    """The words (see the module docstring) of the per-repository counts ``per_repo``."""
    misspellings = shipped_misspellings()
    total: Counter[str] = Counter()
    repos: Counter[str] = Counter()
    for counts in per_repo:
        total.update(counts)
        repos.update(counts.keys())
    kept = []
    for word, count in total.items():
        if count < min_count or repos[word] < min_repos or known.knows(word) or _is_junk(word):
            continue
        if misspellings.corrections(word):
            continue  # a recorded misspelling, however many sources share it
        if _contraction_without_apostrophe(word, known, repos[word]):
            continue  # "thats", "dont"
        if repos[word] < TRUSTED_REPOS and any(
            total.get(n, 0) >= 20 * count and not _inflects(n, word) for n in _neighbours(word)
        ):
            continue  # a shared typo of a much more common word
        kept.append(word)
    return sorted(kept)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_repository_arguments(parser)
    parser.add_argument("--min-repos", type=int, default=2)
    parser.add_argument("--min-count", type=int, default=5)
    parser.add_argument("--out", type=Path, default=TECH_LIST)
    a = parser.parse_args(argv)
    dirs = chosen_repositories(parser, a)
    if dirs is None:
        return 2
    per_repo = []
    for git_dir in dirs:
        counts: Counter[str] = Counter()
        files = 0
        for text in repo_files(git_dir):
            counts.update(words_of(text))
            files += 1
        print(f"{git_dir}: {files} files, {len(counts)} distinct words", file=sys.stderr)
        per_repo.append(counts)
    words = build_tech_list(per_repo, Lexicon.load(), a.min_repos, a.min_count)
    write_word_list(words, a.out)
    print(f"{len(words)} words -> {a.out} ({a.out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

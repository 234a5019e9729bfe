"""Export other projects' Markdown docs as development text for false alarms:
``python scripts/dev_docs.py SNAPSHOT... [--out runs/devdocs] [--files GLOB --limit N]``.

Each SNAPSHOT is a repository the search tool's ``fetch`` brought (``.../OWNER+NAME/repo``),
kept apart from the snapshots the data builders read (``edge_model.data.tech_prose``,
``tech_vocab``), so that nothing was built from the text measured on. Its ``README.md`` and the
``*.md`` files directly under ``docs/`` are written to ``OUT/OWNER+NAME/`` as they are, with
``SOURCE.txt`` naming the repository, its HEAD commit and its licence file; measure them with
``python scripts/techdocs_rate.py --dir OUT/OWNER+NAME``. With ``--files`` the first ``--limit``
paths that match a glob are exported instead (source files for their comments, AsciiDoc pages:
``--files 'pkg/cmd/*.go' --exclude '*_test.go'``), to measure with ``python scripts/prose_rate.py``. The
evaluation's sources are refused (``edge_model.data.held_out``).
"""

from __future__ import annotations

import argparse
import sys
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # edge_model is not installed

from edge_model.data.held_out import HeldOutError, refuse_held_out  # noqa: E402
from edge_model.data.tech_prose import git, git_dir_of, licence_of, repo_name  # noqa: E402


def wanted(path: str) -> bool:
    """README.md, and the Markdown files directly under docs/."""
    parts = path.split("/")
    return path == "README.md" or (len(parts) == 2 and parts[0] == "docs" and path.endswith(".md"))


def export(snapshot: Path, out: Path, pattern: str | None = None, limit: int | None = None, exclude: str | None = None) -> int:
    git_dir = git_dir_of(snapshot)
    refuse_held_out(git_dir)
    name = repo_name(git_dir)
    folder = out / name.replace("/", "+")
    folder.mkdir(parents=True, exist_ok=True)
    paths = git(git_dir, "ls-tree", "-r", "--name-only", "HEAD").splitlines()
    files = [p for p in paths if fnmatch(p, pattern)] if pattern else [p for p in paths if wanted(p)]
    files = [p for p in files if not (exclude and fnmatch(p, exclude))]
    files = files[:limit] if limit else files
    for path in files:
        (folder / path.replace("/", "__")).write_text(git(git_dir, "show", f"HEAD:{path}"), encoding="utf-8")
    head = git(git_dir, "rev-parse", "HEAD").strip()
    (folder / "SOURCE.txt").write_text(f"{name} {head}\nlicence: {licence_of(git_dir)}\nfiles: {len(files)}\n")
    print(f"{name}: {len(files)} files -> {folder}")
    return len(files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("snapshots", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, default=Path("runs/devdocs"))
    parser.add_argument("--files", default=None, metavar="GLOB", help="export the paths that match instead of the docs")
    parser.add_argument("--limit", type=int, default=None, metavar="N", help="at most N files of each snapshot")
    parser.add_argument("--exclude", default=None, metavar="GLOB", help="leave out the paths that match (tests: '*_test.go')")
    a = parser.parse_args(argv)
    try:
        for snapshot in a.snapshots:
            export(snapshot, a.out, a.files, a.limit, a.exclude)
    except HeldOutError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

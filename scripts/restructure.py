"""Issue 18, phase 2: the mechanical part of the restructure, re-runnable on any later tree.

1. ``tests/`` by package: ``git mv`` of the flat ``tests/test_*.py`` files into
   ``tests/engine/``, ``tests/lsp_server/``, ``tests/edge_model/``, ``tests/cli/``, ``tests/e2e/``
   (table below; a flat test file the table does not know stops the script before any change),
   and ``Path(__file__).resolve().parents[1]`` (the repository) becomes ``parents[2]`` in the
   moved files; ``tests/test_x.py`` paths in every text file follow the move.
2. Installed names: ``engine`` -> ``edgegram.engine`` and ``lsp_server`` -> ``edgegram.lsp_server``
   in import statements, dotted names (``engine.runtime.Model``, patch targets, ``-m`` invocations,
   mypy module patterns, docs), whole string literals ``"engine"`` in Python, in tracked
   ``*.py *.toml *.sh *.lua *.md *.ts *.js *.el *.vim`` files. Folder paths (``engine/model``) and
   prose ("the engine") are left alone; a dotted name is rewritten only when its second part is a
   real submodule of the package or a name its ``__init__`` exports, so ``engine.outputs(...)``
   on a local variable called ``engine`` stays as it is.
3. ``ruff check --fix`` and ``ruff format`` over the tree (config in pyproject.toml).

Idempotent: names already under ``edgegram.`` and tests already moved are left alone, so a
second run changes nothing. Run from anywhere: ``python scripts/restructure.py [--dry-run]``.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RENAMED = ("engine", "lsp_server")  # folders installed as edgegram.<folder>
SUFFIXES = {".py", ".toml", ".sh", ".lua", ".md", ".ts", ".js", ".el", ".vim"}
SKIPPED = {"scripts/restructure.py", "scripts/typecheck.py", "edgegram/__init__.py"}  # these name the folders on purpose

# flat test file -> package folder under tests/ (files that test several packages stay at tests/)
TEST_HOMES = {
    "engine": [
        "test_checker_logic",
        "test_checker_model",
        "test_contract",
        "test_decoding_iad",
        "test_edits",
        "test_edits_kinds",
        "test_m2",
        "test_model_text",
        "test_prose_code",
        "test_prose_directives",
        "test_prose_language",
        "test_prose_markup",
        "test_robust_fuzz",
        "test_result_store",
        "test_safety",
        "test_segment",
        "test_geometry",
    ],
    "lsp_server": [
        "test_lsp_actions",
        "test_lsp_main",
        "test_lsp_markup",
        "test_lsp_positions",
        "test_lsp_server",
        "test_lsp_settings",
        "test_lsp_stores",
        "test_robust_server_fuzz",
        "test_scheduler_memory",
        "test_settings_mirror",
    ],
    "edge_model": [
        "test_data_noise",
        "test_data_readers",
        "test_eval_metrics",
        "test_export_model_loading",
        "test_export_onnx",
        "test_train_batches",
        "test_train_e2e",
    ],
    "cli": ["test_cli", "test_cli_model"],
    "e2e": ["test_e2e_nvim"],
    ".": ["test_import_graph", "test_packaging", "test_readme", "test_scripts", "test_version"],
}
# new flat files (another branch's) go by their prefix when the table does not name them
PREFIX_HOMES = (
    ("test_lsp_", "lsp_server"),
    ("test_server_", "lsp_server"),
    ("test_robust_server", "lsp_server"),
    ("test_cli", "cli"),
    ("test_e2e", "e2e"),
    ("test_train", "edge_model"),
    ("test_data_", "edge_model"),
    ("test_export", "edge_model"),
    ("test_eval", "edge_model"),
    ("test_prose_", "engine"),
    ("test_checker", "engine"),
    ("test_decoding", "engine"),
    ("test_edits", "engine"),
)


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=REPO, check=True, capture_output=True, text=True).stdout


def home_of(stem: str) -> str | None:
    for home, stems in TEST_HOMES.items():
        if stem in stems:
            return home
    return next((home for prefix, home in PREFIX_HOMES if stem.startswith(prefix)), None)


def plan_test_moves() -> dict[str, str]:
    """``tests/test_x.py`` -> ``tests/<package>/test_x.py`` for every flat test file still to move."""
    moves, unknown = {}, []
    for path in sorted((REPO / "tests").glob("test_*.py")):
        home = home_of(path.stem)
        if home is None:
            unknown.append(path.name)
        elif home != ".":
            moves[f"tests/{path.name}"] = f"tests/{home}/{path.name}"
    if unknown:
        sys.exit(f"restructure.py: add these tests to TEST_HOMES first (nothing changed): {unknown}")
    return moves


def all_test_homes() -> dict[str, str]:
    """Every known flat test path -> where it lives now (for path references in text)."""
    homes = {}
    for path in (REPO / "tests").rglob("test_*.py"):
        relative = path.relative_to(REPO).as_posix()
        if relative.count("/") == 2:
            homes[f"tests/{path.name}"] = relative
    return homes


def move_tests(moves: dict[str, str], dry_run: bool) -> None:
    for old, new in moves.items():
        print(f"git mv {old} {new}")
        if dry_run:
            continue
        (REPO / new).parent.mkdir(exist_ok=True)
        git("mv", old, new)
        path = REPO / new
        text = path.read_text(encoding="utf-8")
        text = text.replace("Path(__file__).resolve().parents[1]", "Path(__file__).resolve().parents[2]")
        text = text.replace("Path(__file__).resolve().parent.parent", "Path(__file__).resolve().parents[2]")
        path.write_text(text, encoding="utf-8")


def exported_names(package: str) -> set[str]:
    """Submodules of ``package`` and the names its ``__init__`` binds: what ``package.X`` can mean."""
    folder = REPO / package
    names = {p.stem for p in folder.glob("*.py")} | {p.name for p in folder.iterdir() if (p / "__init__.py").exists()}
    tree = ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom | ast.Import):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
    return names - {"__init__"}


class Rewriter:
    """The text rewrites of step 2 (and the test path rewrites of step 1)."""

    def __init__(self, test_homes: dict[str, str]):
        old = "|".join(RENAMED)
        before = r"(?<![\w./-])"  # not already dotted (edgegram.engine), not inside a path or a word
        self.exported = {package: exported_names(package) for package in RENAMED}
        self.dotted = re.compile(before + rf"({old})\.([A-Za-z_]\w*)")
        self.from_import = re.compile(rf"(^\s*from\s+)({old})(?=[\s.])", re.M)
        self.import_line = re.compile(r"^(\s*import\s+)([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)", re.M)
        self.inline_import = re.compile(r"((?:\"|'|;\s*)import\s+)([\w.]+(?:\s*,\s*[\w.]+)*)")  # python -c "import x, y"
        self.inline_from = re.compile(rf"((?:\"|'|;\s*)from\s+)({old})(?=[\s.])")
        self.dash_m = re.compile(rf"(-m\s+|\"-m\",\s*\"|'-m',\s*')({old})(?![\w/-])")
        self.literal = re.compile(rf"([\"'])({old})\1")
        self.test_path = re.compile(r"\btests/(test_\w+\.py)")
        self.test_homes = test_homes

    def _dotted(self, match: re.Match[str]) -> str:
        package, name = match.group(1), match.group(2)
        if name in self.exported[package]:
            return f"edgegram.{package}.{name}"
        return match.group(0)

    @staticmethod
    def _names(match: re.Match[str]) -> str:
        items = re.split(r"(\s*,\s*)", match.group(2))
        renamed = [f"edgegram.{item}" if item.split(".")[0].split()[0] in RENAMED else item for item in items]
        return match.group(1) + "".join(renamed)

    def _test_path(self, match: re.Match[str]) -> str:
        return self.test_homes.get(f"tests/{match.group(1)}", match.group(0))

    def rewrite(self, text: str, suffix: str) -> str:
        text = self.test_path.sub(self._test_path, text)
        text = self.from_import.sub(lambda m: f"{m.group(1)}edgegram.{m.group(2)}", text)
        text = self.inline_from.sub(lambda m: f"{m.group(1)}edgegram.{m.group(2)}", text)
        if suffix in {".py", ".md"}:
            text = self.import_line.sub(self._names, text)
        if suffix == ".py":
            text = self.literal.sub(lambda m: f"{m.group(1)}edgegram.{m.group(2)}{m.group(1)}", text)
        text = self.inline_import.sub(self._names, text)
        text = self.dash_m.sub(lambda m: f"{m.group(1)}edgegram.{m.group(2)}", text)
        return self.dotted.sub(self._dotted, text)


def text_files() -> list[Path]:
    tracked = git("ls-files", "-z").split("\0")
    return [
        REPO / name
        for name in tracked
        if name and Path(name).suffix in SUFFIXES and name not in SKIPPED and (REPO / name).is_file()
    ]


def rewrite_files(rewriter: Rewriter, dry_run: bool) -> list[str]:
    changed = []
    for path in text_files():
        text = path.read_text(encoding="utf-8")
        new = rewriter.rewrite(text, path.suffix)
        if new != text:
            changed.append(path.relative_to(REPO).as_posix())
            if not dry_run:
                path.write_text(new, encoding="utf-8")
    return changed


def ruff() -> bool:
    """Fix what ruff can (imports sorted under their new names, formatting); True when clean."""
    for command in (["check", "--fix-only", "--quiet", "."], ["format", "--quiet", "."]):
        subprocess.run([sys.executable, "-m", "ruff", *command], cwd=REPO, check=True)
    if subprocess.run([sys.executable, "-m", "ruff", "check", "--quiet", "."], cwd=REPO).returncode:
        print("restructure.py: ruff findings above are left to fix by hand", file=sys.stderr)
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dry-run", action="store_true", help="print what would change, change nothing")
    parser.add_argument("--no-ruff", action="store_true", help="skip ruff check --fix and ruff format")
    args = parser.parse_args(argv)
    moves = plan_test_moves()
    move_tests(moves, args.dry_run)
    homes = {**all_test_homes(), **moves}
    changed = rewrite_files(Rewriter(homes), args.dry_run)
    print(f"{len(moves)} test files moved; references rewritten in {len(changed)} files:")
    print("\n".join(f"  {name}" for name in changed))
    if not args.dry_run and not args.no_ruff:
        return 0 if ruff() else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

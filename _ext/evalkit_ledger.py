"""Sphinx extension of the book: the reproduction ledger, built from recorded claims.

Chapters record our value of each claim with :func:`evalkit.claims.record`, which glues
a payload (``<claim id>.record``) into the executed notebook. After every page has been
read (and executed), this extension gathers the payloads from myst-nb's glue files,
derives each verdict again from the registry (:func:`evalkit.claims.ledger_rows`; no
value is recomputed here), and

- replaces the ``{claims-ledger}`` directive with one table per source, filterable by
  verdict, and ``{claims-coverage}`` with the claims-per-verdict counts of each source;
- writes ``ledger.csv`` and ``ledger.json`` to the root of the HTML output;
- warns (which fails the strict build) about a claim no chapter recorded and the registry
  does not mark ``not_attempted``, a claim recorded twice or unknown to the registry, an
  explanation that names no section, and a verdict glued in a chapter that the registry
  no longer gives (the chapter needs executing again).
"""
from __future__ import annotations

import html
import json
import os
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from evalkit import claims

logger = logging.getLogger(__name__)

_VERDICT_TEXT = {
    "reproduced": "reproduced",
    "reproduced-standin": "reproduced (stand-in)",
    "differs-explained": "differs (explained)",
    "source-error": "source error",
    "not-reproduced": "not reproduced",
    "inconclusive": "inconclusive",
    "not-attempted": "not attempted",
    None: "missing",
}


class ledger_placeholder(nodes.General, nodes.Element):
    """Replaced by the ledger's HTML once every page has been read."""


class _LedgerDirective(SphinxDirective):
    what = "ledger"

    def run(self):
        docs = getattr(self.env, "evalkit_ledger_docs", set())
        docs.add(self.env.docname)
        self.env.evalkit_ledger_docs = docs
        return [ledger_placeholder(what=self.what)]


class ClaimsLedger(_LedgerDirective):
    what = "ledger"


class ClaimsCoverage(_LedgerDirective):
    what = "coverage"


def _payloads(app, env):
    folder = Path(app.outdir).parent / "jupyter_execute"
    found = []
    for docname in sorted(env.found_docs):
        path = folder.joinpath(*(docname + ".glue.json").split("/"))
        if not path.exists():
            continue
        for key, output in json.loads(path.read_text(encoding="utf-8")).items():
            if key.endswith(".record"):
                found.append((docname, json.loads(output["data"]["text/plain"])))
    return found


def _collect(app, env):
    payloads = _payloads(app, env)
    try:
        rows = claims.ledger_rows(payloads)
    except ValueError as error:
        logger.warning(f"claims ledger: {error}")
        seen, unique = set(), []
        for chapter, payload in payloads:
            try:
                claims.get_claim(payload["claim_id"])
            except ValueError:
                continue
            if payload["claim_id"] not in seen:
                seen.add(payload["claim_id"])
                unique.append((chapter, payload))
        rows = claims.ledger_rows(unique)
    glued = {p["claim_id"]: (chapter, p.get("verdict")) for chapter, p in payloads}
    labels = env.domaindata["std"]["labels"]
    # a partial build (.ci/build_part) checks only the sources it builds
    only = os.environ.get("EVALKIT_LEDGER_ONLY")
    only = set(only.split(",")) if only else None
    for row in rows:
        if row["verdict"] is None:
            if only is not None and row["source"] not in only:
                continue
            logger.warning(f"claims ledger: claim {row['claim_id']} is recorded by no chapter "
                           f"and its registry gives no not_attempted reason")
            continue
        cid = row["claim_id"]
        if cid in glued and glued[cid][1] != row["verdict"]:
            logger.warning(f"claims ledger: {glued[cid][0]} glued the verdict {glued[cid][1]!r} "
                           f"for {cid}, the registry now gives {row['verdict']!r}; execute "
                           f"the chapter again")
        if row["verdict"] != "not-attempted" and row["explanation"]:
            if row["explanation"] not in labels:
                logger.warning(f"claims ledger: {cid} is explained by {row['explanation']!r}, "
                               f"which labels no section", location=row["chapter"])
    app.evalkit_ledger_rows = rows


def _on_env_updated(app, env):
    _collect(app, env)
    return []


def _on_outdated(app, env, added, changed, removed):
    return sorted(getattr(env, "evalkit_ledger_docs", set()) - set(removed))


def _on_purge(app, env, docname):
    getattr(env, "evalkit_ledger_docs", set()).discard(docname)


def _uri(app, fromdoc, todoc, anchor=""):
    uri = app.builder.get_relative_uri(fromdoc, todoc)
    return uri + ("#" + anchor if anchor else "")


def _explanation_cell(app, env, fromdoc, row):
    text = row["explanation"]
    if not text:
        return ""
    if row["verdict"] == "not-attempted":
        return html.escape(text)
    label = env.domaindata["std"]["labels"].get(text)
    if label is None:
        return html.escape(text)
    docname, anchor, title = label
    return (f'<a href="{html.escape(_uri(app, fromdoc, docname, anchor))}">'
            f"{html.escape(title or text)}</a>")


def _chapter_cell(app, env, fromdoc, chapter):
    if not chapter:
        return ""
    title = env.titles.get(chapter)
    text = title.astext() if title is not None else chapter
    return f'<a href="{html.escape(_uri(app, fromdoc, chapter))}">{html.escape(text)}</a>'


def _coverage_html(rows, sources):
    counts = claims.coverage(rows)
    head = "".join(f"<th>{_VERDICT_TEXT[v]}</th>" for v in claims.VERDICTS)
    body = []
    totals = [0] * (len(claims.VERDICTS) + 1)
    for key, source in sources.items():
        per = counts.get(key, {})
        cells = [sum(per.values())] + [per.get(v, 0) for v in claims.VERDICTS]
        totals = [a + b for a, b in zip(totals, cells)]
        body.append(f"<tr><td>{html.escape(source.title)}</td>"
                    + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    body.append("<tr><th>all sources</th>" + "".join(f"<th>{c}</th>" for c in totals) + "</tr>")
    return ('<div class="ledger-scroll"><table class="table ledger-coverage"><thead><tr>'
            "<th>source</th><th>claims</th>"
            + head + "</tr></thead><tbody>" + "".join(body) + "</tbody></table></div>")


_SCRIPT = """
<script>
function evalkitLedgerFilter(select) {
  var wanted = select.value;
  document.querySelectorAll("table.ledger tbody tr").forEach(function (row) {
    row.style.display = (wanted === "all" || row.dataset.verdict === wanted) ? "" : "none";
  });
}
</script>
"""


def _ledger_html(app, env, fromdoc, rows, sources):
    root = os.path.relpath(".", os.path.dirname(fromdoc) or ".")
    prefix = "" if root == "." else root.replace(os.sep, "/") + "/"
    options = "".join(f'<option value="{v}">{_VERDICT_TEXT[v]}</option>' for v in claims.VERDICTS)
    parts = [
        f'<p>Download: <a href="{prefix}ledger.csv">ledger.csv</a> · '
        f'<a href="{prefix}ledger.json">ledger.json</a></p>',
        _coverage_html(rows, sources),
        '<p><label>Show verdict: <select onchange="evalkitLedgerFilter(this)">'
        f'<option value="all">all</option>{options}</select></label></p>',
        _SCRIPT,
    ]
    # eight columns fit the text column (styled in _static/evalkit.css): where the claim
    # stands goes under its id, the explanation under the chapter that records it
    columns = ("claim", "statement", "source", "evalkit", "difference", "verdict",
               "scale / data", "chapter, explanation")
    for key, source in sources.items():
        mine = [r for r in rows if r["source"] == key]
        parts.append(f'<h2 id="ledger-{key}">{html.escape(source.title)}</h2>')
        parts.append('<div class="ledger-scroll"><table class="table ledger"><thead><tr>'
                     + "".join(f"<th>{c}</th>" for c in columns) + "</tr></thead><tbody>")
        for row in mine:
            standin = [s for s in (row["scale"], row["data"]) if s and s != "source"]
            printed = claims.get_claim(row["claim_id"]).printed
            recorded = [c for c in (_chapter_cell(app, env, fromdoc, row["chapter"]),
                                    _explanation_cell(app, env, fromdoc, row)) if c]
            cells = [
                f"<code>{html.escape(row['claim_id'])}</code>"
                f'<span class="ledger-where">{html.escape(row["where"])}</span>',
                html.escape(row["statement"]),
                html.escape(claims.format_value(row["source_value"], like=printed)),
                html.escape("undecided" if row["evalkit_value"] is None and row["verdict"] == "inconclusive"
                            else claims.format_value(row["evalkit_value"], like=printed)),
                html.escape(claims.format_difference(row["difference"]))
                + (f'<span class="ledger-where">tolerance ±{row["tolerance"]:g}: '
                   f'{html.escape(row["tolerance_reason"])}</span>' if row.get("tolerance_reason") else "")
                + (f'<span class="ledger-where">standard error {row["std_error"] or 0:.2g}'
                   + (f', the source\'s {row["source_std_error"]:.2g}' if row.get("source_std_error") else "")
                   + f'; z = {row["z"]:.1f}</span>' if row.get("z") is not None else ""),
                html.escape(_VERDICT_TEXT[row["verdict"]]),
                html.escape("; ".join(standin)),
                "<br>".join(recorded),
            ]
            parts.append(f'<tr data-verdict="{row["verdict"]}">'
                         + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        parts.append("</tbody></table></div>")
    return "\n".join(parts)


def _on_doctree_resolved(app, doctree, fromdoc):
    rows = getattr(app, "evalkit_ledger_rows", None)
    for node in list(doctree.findall(ledger_placeholder)):
        if rows is None or app.builder.format != "html":
            node.replace_self(nodes.paragraph(text="The ledger is built with the HTML book."))
            continue
        sources = claims.load_registry()
        if node["what"] == "coverage":
            content = _coverage_html(rows, sources)
        else:
            content = _ledger_html(app, app.env, fromdoc, rows, sources)
        node.replace_self(nodes.raw("", content, format="html"))


def _on_build_finished(app, exception):
    rows = getattr(app, "evalkit_ledger_rows", None)
    if exception is None and rows is not None and app.builder.format == "html":
        claims.write_ledger(rows, app.outdir)


def setup(app):
    app.add_node(ledger_placeholder)
    app.add_directive("claims-ledger", ClaimsLedger)
    app.add_directive("claims-coverage", ClaimsCoverage)
    app.connect("env-get-outdated", _on_outdated)
    app.connect("env-purge-doc", _on_purge)
    app.connect("env-updated", _on_env_updated)
    app.connect("doctree-resolved", _on_doctree_resolved)
    app.connect("build-finished", _on_build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}

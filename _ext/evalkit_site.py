"""Sphinx extension of the book: fixes to the pages as readers' browsers load them.

- Sphinx 7.4 registers a script added with ``app.add_js_file(None, body=...)`` after the
  builder started twice (once as ``None``, once as ``''``): sphinx-thebe's inline
  configuration then declares ``const THEBE_JS_URL`` twice, and every page throws
  "Identifier 'THEBE_JS_URL' has already been declared". Each page keeps the first of
  equal scripts.

The browser test (``tests/test_site_browser.py``) fails on such a console error.
"""
from __future__ import annotations


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


def setup(app):
    # first: html-page-context stops at the first handler that returns a template
    app.connect("html-page-context", _unique_scripts, priority=1)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}

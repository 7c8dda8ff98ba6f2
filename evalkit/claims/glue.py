"""The glued values, shown in the notebook: reading a chapter outside the book (an IPython extension).

When the book is built, every value a chapter glues (``myst_nb.glue``, or
:func:`~evalkit.claims.record` and :func:`~evalkit.claims.conclude`) is pasted into its
prose, where a ``{glue:text}`` or ``{glue:md}`` role names it. Opened as a notebook
instead (in JupyterLab through jupytext, in Binder, or executed with nbconvert), the
prose shows those roles as they are written, and a value glued with ``display=False``
is in no visible output. Loaded into the kernel, this extension lists, under each code
cell, the values that cell glued, by the names the roles use::

    %load_ext evalkit.claims.glue

or, for a chapter run by nbconvert, ``--ExecutePreprocessor.extra_arguments=--ext=evalkit.claims.glue``.
Binder loads it in every kernel (``binder/postBuild``); the book's build never loads it,
so the built pages do not change. ``%unload_ext evalkit.claims.glue`` stops it.

A value is listed as glued: unrounded (the format of a role, such as ``:.3f``, is
applied by the book only), a sentence glued for ``{glue:md}`` as its Markdown, a value
glued with ``display=True`` as shown above it. The ledger's payloads (``<id>.record``)
are left out.
"""
from __future__ import annotations

__all__: list[str] = []

HEADER = "Glued in this cell (the book shows these values where the text has {glue:...}`name`):"
_LISTERS = {}  # id(shell) -> the lister of that shell


class _GlueLister:
    """Notes every glue the shell's display publisher sends; lists them after the cell."""

    def __init__(self, shell):
        self.shell = shell
        self.publisher = shell.display_pub
        self.original = self.publisher.publish
        self.had_own = "publish" in vars(self.publisher)
        self.pending = []

    def publish(self, data, metadata=None, *args, **kwargs):
        self.original(data, metadata, *args, **kwargs)
        info = (metadata or {}).get("scrapbook")
        if not isinstance(info, dict) or not isinstance(info.get("name"), str):
            return
        name, prefix = info["name"], info.get("mime_prefix") or ""
        if name.endswith(".record"):
            return
        if not prefix:
            self.pending.append((name, "(shown above)"))
            return
        bundle = {key[len(prefix):]: value for key, value in data.items() if key.startswith(prefix)}
        value = bundle.get("text/markdown", bundle.get("text/plain"))
        if not isinstance(value, str):
            value = "(" + ", ".join(sorted(bundle)) + ")"
        self.pending.append((name, value))

    def flush(self, *_):
        if not self.pending:
            return
        rows, self.pending = self.pending, []
        lines = [HEADER] + [f"  {name} = " + value.strip().replace("\n", "\n      ") for name, value in rows]
        self.original({"text/plain": "\n".join(lines)}, {})

    def clear(self, *_):
        self.pending = []

    def start(self):
        self.publisher.publish = self.publish
        self.shell.events.register("pre_run_cell", self.clear)
        self.shell.events.register("post_run_cell", self.flush)

    def stop(self):
        self.shell.events.unregister("pre_run_cell", self.clear)
        self.shell.events.unregister("post_run_cell", self.flush)
        if self.had_own:
            self.publisher.publish = self.original
        else:
            vars(self.publisher).pop("publish", None)


def load_ipython_extension(ipython):
    """``%load_ext evalkit.claims.glue``: list each cell's glued values under it (IPython's hook)."""
    if id(ipython) not in _LISTERS:
        lister = _LISTERS[id(ipython)] = _GlueLister(ipython)
        lister.start()


def unload_ipython_extension(ipython):
    """``%unload_ext evalkit.claims.glue``: stop listing (IPython's hook)."""
    lister = _LISTERS.pop(id(ipython), None)
    if lister is not None:
        lister.stop()

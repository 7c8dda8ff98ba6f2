"""What an experiment declares about itself without computing it (private).

``@experiment(..., uses={"data": name, "learners": name})`` names the stand-ins an
experiment runs on (:func:`evalkit.claims.standin` gives their words); a stored run's key
covers a module's source less these declarations (:func:`computation_source`), so that
declaring what an experiment runs on does not stale the runs it declares.
"""
from __future__ import annotations

import ast

__all__ = ["DECLARATIONS", "USES", "computation_source"]

#: The kinds of thing an experiment declares it runs on (``uses``)
USES = ("data", "learners")

#: keywords of ``@experiment`` that declare and never compute: a stored run's key leaves them out
#: of a module's source (:func:`computation_source`)
DECLARATIONS = ("uses",)


def computation_source(path):
    r"""The source of a module as a stored run's key covers it: its bytes, less the declarations.

    A keyword of an ``@experiment(...)`` call named in ``DECLARATIONS`` (``uses=``: the
    names of the stand-ins the experiment runs on) is cut out, with the comma before it, so that
    declaring a stand-in does not stale the runs it declares; a module without one is
    covered byte for byte.

    Parameters
    ----------
    path : pathlib.Path
        A module's source file.

    Returns
    -------
    bytes

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> plain = b'@experiment("x-y", scales=S, paper_cost="1 s")\ndef f(): pass\n'
    >>> declared = b'@experiment("x-y", scales=S, paper_cost="1 s",\n            uses={"data": "a stand-in"})\ndef f(): pass\n'
    >>> with tempfile.TemporaryDirectory() as d:
    ...     a, b = Path(d, "a.py"), Path(d, "b.py")
    ...     _ = a.write_bytes(plain), b.write_bytes(declared)
    ...     computation_source(a) == computation_source(b) == plain
    True
    """
    source = path.read_bytes()
    if not any(f"{name}=".encode() in source for name in DECLARATIONS):
        return source
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    cuts = []
    for node in ast.walk(ast.parse(source, filename=str(path))):
        called = getattr(node, "func", None)
        if isinstance(node, ast.Call) and getattr(called, "id", getattr(called, "attr", None)) == "experiment":
            for keyword in node.keywords:
                if keyword.arg in DECLARATIONS:     # ast's columns count UTF-8 bytes
                    start = starts[keyword.lineno - 1] + keyword.col_offset
                    end = starts[keyword.end_lineno - 1] + keyword.end_col_offset
                    while start > 0 and source[start - 1:start] in (b" ", b"\t", b"\n", b"\r"):
                        start -= 1
                    if source[start - 1:start] == b",":
                        start -= 1
                    cuts.append((start, end))
    for start, end in sorted(cuts, reverse=True):
        source = source[:start] + source[end:]
    return source

"""What a computation declares about itself without computing it (private).

``@experiment(..., uses={"data": name, "learners": name})`` names the stand-ins an
experiment runs on (:func:`evalkit.claims.standin` gives their words); :func:`declare` does
the same for a computation a page makes without an experiment (``Declaration``). A stored
run's key covers a module's source less these declarations (:func:`computation_source`), so
that declaring what a computation runs on does not stale the runs it declares.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field

from .._checks import Instance, checks

__all__ = ["DECLARATIONS", "Declaration", "USES", "check_uses", "computation_source", "declare"]

#: The kinds of thing a computation declares it runs on (``uses``)
USES = ("data", "learners")

#: keywords of ``@experiment`` and ``declare`` that declare and never compute: a stored run's key
#: leaves them out of a module's source (:func:`computation_source`)
DECLARATIONS = ("uses",)

#: the calls whose ``DECLARATIONS`` keywords a stored run's key leaves out
_DECLARING_CALLS = ("experiment", "declare")


def _named(value):
    return isinstance(value, str) and bool(value.strip())


def check_uses(uses, who):
    """``uses`` as a dict, checked: each kind of ``USES`` maps to a stand-in's name, None, or a dict.

    A dict maps what a claim may read (a learner, a network: ``{"NN": "ibk-for-ib1"}``) or a
    parameter's value (``{"learners=counts": "count-learners"}``) to a stand-in's name.

    Raises
    ------
    ValueError
        Naming ``who`` and what was expected.
    """
    uses = dict(uses or {})
    ok = not set(uses) - set(USES) and all(
        v is None or _named(v) or (isinstance(v, dict) and v and all(_named(a) and _named(b) for a, b in v.items()))
        for v in uses.values())
    if not ok:
        raise ValueError(f"{who}: uses must map {' and '.join(map(repr, USES))} to the name of a stand-in of the "
                         f"registry's [standins], None, or a dict of what a claim reads (a learner, a network) or "
                         f"'parameter=value' -> stand-in name; got {uses!r}")
    return uses


def standins_named(uses, reads=None, params=None):
    """The stand-ins of ``uses`` that a claim reading ``reads`` rests on, in words (None: none).

    ``reads`` (names of learners, networks ...) matters only where a kind is declared name by
    name; None counts every declared one. A ``"parameter=value"`` entry counts where
    ``params`` (a call's parameters) has that value.
    """
    from ..claims import standin

    named = []
    for kind in USES:
        declared = uses.get(kind)
        if isinstance(declared, dict):
            for key in sorted(declared):
                parameter, is_parameter, value = key.partition("=")
                if is_parameter:
                    hit = params is not None and str(params.get(parameter)) == value
                else:
                    hit = reads is None or key in reads
                if hit:
                    named.append(standin(declared[key]))
        elif declared is not None:
            named.append(standin(declared))
    return "; ".join(dict.fromkeys(named)) or None


@dataclass(frozen=True)
class Declaration:
    """What a computation a page makes without an experiment runs on (made by :func:`declare`).

    Its methods give the records of the claims computed from it their ``data`` (and ``scale``),
    as :class:`~evalkit.reproductions.Experiment`'s do: derived from ``uses``, never typed.
    """

    uses: dict = field(default_factory=dict)

    def standin_of(self, reads=None):
        """The declared stand-ins a claim reading ``reads`` rests on, in words (None: none)."""
        return standins_named(self.uses, reads)

    def provenance(self, *, reads=None, scale=None):
        """A record's ``scale`` and ``data`` (keywords of :func:`evalkit.claims.record_all`)."""
        return {"scale": scale, "data": self.standin_of(None if reads is None else tuple(reads))}

    def claim_provenance(self, claim_ids, *, reads, scale=None, also=None):
        """Per-claim ``options`` for :func:`evalkit.claims.record_all`: ``{claim id: provenance}``.

        ``reads(claim_id)`` names what each claim reads (its learners, networks ...), so that a
        claim reading none of the declared stand-ins carries none; ``also`` adds further options
        by claim id.
        """
        also = also or {}
        return {cid: {**self.provenance(reads=reads(cid), scale=scale), **also.get(cid, {})} for cid in claim_ids}


@checks(uses=Instance(dict, example=lambda: {"data": "lgm-networks"}))
def declare(*, uses):
    """Declare what a computation a page makes without an experiment runs on.

    Parameters
    ----------
    uses : dict
        As :func:`~evalkit.reproductions.experiment`'s: ``{"data": ..., "learners": ...}``,
        each the name of a stand-in in the source's registry (``[standins]``), None for the
        source's own, or a dict of what a claim reads -> stand-in name.

    Returns
    -------
    Declaration

    Examples
    --------
    >>> pima = declare(uses={"data": "pima-for-lost-figure"})
    >>> pima.provenance()["data"][:25]
    'the Pima diabetes data in'
    >>> networks = declare(uses={"data": {"DBLP": "condmat-for-dblp"}})
    >>> networks.standin_of(("Condmat",)) is None, networks.standin_of(("Condmat", "DBLP"))
    (True, 'Condmat in place of DBLP')
    """
    return Declaration(check_uses(uses, "declare()"))


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
        if isinstance(node, ast.Call) and getattr(called, "id", getattr(called, "attr", None)) in _DECLARING_CALLS:
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

"""The set-ups the scott pages share: the Pima Indians diabetes data (comparing-algorithms and
performance-measures pages) and the cells of the lecture's tables of critical values
(ci-test-error and comparing-algorithms pages)."""
from __future__ import annotations

from ..._checks import Text, checks

__all__ = ["load_diabetes", "table_level"]


@checks()
def load_diabetes():
    """The Pima Indians diabetes data (Weka's ARFF) of the comparing-algorithms chapter: ``(X, y)``.

    Returns
    -------
    X : ndarray, shape (768, 8)
        The attributes.
    y : ndarray of int
        The class (1: tested positive).

    Examples
    --------
    >>> X, y = load_diabetes()
    >>> X.shape
    (768, 8)
    """
    from ... import datasets

    data = datasets.load_arff("diabetes")
    return data.X, data.y


@checks(claim_id=Text())
def table_level(claim_id):
    """The confidence level that a claim id of the lecture's tables of critical values names.

    The cells of the normal tables (ci-test-error page) and of the t table
    (comparing-algorithms page) are claims whose id ends in the level:
    ``...c68`` -> 0.68, ``...c975`` -> 0.975.

    Parameters
    ----------
    claim_id : str
        A table cell's claim id, e.g. ``"scott.t-table.df9.c975"``.

    Returns
    -------
    float
        The level.

    Examples
    --------
    >>> table_level("scott.t-table.df9.c975"), table_level("scott.z-table1.c68")
    (0.975, 0.68)
    """
    last = claim_id.rsplit(".", 1)[1]
    if not (last.startswith("c") and last[1:].isdigit()):
        raise ValueError(f"claim id {claim_id!r} does not end in a level such as 'c95'")
    return float("0." + last[1:])

"""The Mantel test between two proximity matrices or partitions, and random-subset cohesion.

Every public name is importable from :mod:`evalkit.clustering`.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._checks import Choice, Either, Integer, Real, checks
from ._common import (
    LABELS as _LABELS,
    SQUARE as _SQUARE,
    two_labelings as _two_labelings,
)
from .external import pair_confusion

__all__ = [
    "MantelResult",
    "mantel_test",
    "random_subset_cohesion",
]


@checks(statistic=Real(-1, 1), pvalue=Real(0, 1, allow_nan=True), permutations=Integer(0))
@dataclass(frozen=True)
class MantelResult:
    """Result of :func:`mantel_test`.

    Parameters
    ----------
    statistic : float
        Pearson correlation of the upper-triangle entries of the two matrices, in [-1, 1].
    pvalue : float
        Permutation p-value, ``(R + 1) / (permutations + 1)``; NaN when ``permutations=0``.
    permutations : int
        Number of permutations drawn.
    alternative : {'greater', 'less', 'two-sided'}
        The alternative the p-value is for.

    Examples
    --------
    >>> MantelResult(statistic=0.5, pvalue=0.01, permutations=99, alternative="greater").statistic
    0.5
    """

    statistic: float
    pvalue: float
    permutations: int
    alternative: str


def _is_symmetric(m, chunk=256):
    """Symmetry check in row blocks (no n x n temporary)."""
    n = m.shape[0]
    return all(np.allclose(m[i : i + chunk], m[:, i : i + chunk].T) for i in range(0, n, chunk))


def _phi_from_pairs(t):
    u11, u10, u01, u00 = (float(v) for v in t.ravel())
    den = np.sqrt((u11 + u10) * (u01 + u00) * (u11 + u01) * (u10 + u00))
    return (u11 * u00 - u10 * u01) / den if den > 0 else np.nan


def _off_diagonal_sum(n, chunk, block_of):
    """Sum of the off-diagonal entries of an n x n matrix given by row blocks.

    ``block_of(rows)`` returns the (writable) rows ``rows`` of the matrix; their diagonal
    entries are zeroed before summing, so a large diagonal (e.g. (0 - mean)^2 for
    distances with a large offset) never enters the sum to be subtracted again.
    """
    total = 0.0
    for start in range(0, n, chunk):
        rows = slice(start, min(n, start + chunk))
        block = block_of(rows)
        r = np.arange(block.shape[0])
        block[r, start + r] = 0.0
        total += float(block.sum())
    return total


def _off_diagonal_mean(a, chunk):
    """Mean of the off-diagonal entries of a square matrix, in row blocks (two passes).

    The second pass adds the mean of the residuals, so the mean is accurate even when the
    entries share a large offset (distances shifted by 1e8).
    """
    n = a.shape[0]
    pairs = n * (n - 1)
    first = _off_diagonal_sum(n, chunk, lambda rows: np.array(a[rows])) / pairs
    return first + _off_diagonal_sum(n, chunk, lambda rows: a[rows] - first) / pairs


def _matrix_stat_factory(x, y, chunk=128):
    """Pearson correlation of the upper triangles of x and y[p][:, p], in row blocks.

    Computed from centred entries (the means of the off-diagonal entries subtracted
    first), so a common offset of the entries changes nothing; no n x n temporary is
    built.
    """
    n = x.shape[0]
    mx, my = _off_diagonal_mean(x, chunk), _off_diagonal_mean(y, chunk)
    sxx = _off_diagonal_sum(n, chunk, lambda rows: (x[rows] - mx) ** 2)
    syy = _off_diagonal_sum(n, chunk, lambda rows: (y[rows] - my) ** 2)
    scale = np.sqrt(sxx) * np.sqrt(syy)

    def stat(p):
        if not scale > 0:
            return np.nan  # a matrix with constant entries above the diagonal

        def block_of(rows):
            block = y[p[rows]][:, p]
            block -= my
            block *= x[rows] - mx
            return block

        # both sums run over i != j, i.e. twice over the pairs: the factors 2 cancel
        return float(np.clip(_off_diagonal_sum(n, chunk, block_of) / scale, -1.0, 1.0))

    return stat


@checks(x=Either(_SQUARE, _LABELS), y=Either(_SQUARE, _LABELS), permutations=Integer(0),
        alternative=Choice("greater", "less", "two-sided"))
def mantel_test(x, y, *, permutations=999, alternative="greater", rng=None):
    r"""Mantel test: correlation of two symmetric matrices, with a permutation p-value.

    The statistic is the Pearson correlation of the :math:`n(n-1)/2` entries above the
    diagonal (the source's equation 1.43, which is this correlation). The p-value permutes
    the points of ``y`` (rows and columns together) and counts permutations whose
    statistic is at least as extreme, ``(R + 1) / (permutations + 1)`` (North et al.).

    Parameters
    ----------
    x, y : array_like
        Square symmetric matrices of the same size, or 1-D label vectors, taken as their
        co-membership matrices (1 = same label) without building them: the statistic is
        then the phi coefficient of :func:`pair_confusion`, O(n) per permutation.
    permutations : int, default 999
        Number of random permutations for the p-value; 0 gives the statistic only
        (p-value NaN).
    alternative : {'greater', 'less', 'two-sided'}, default 'greater'
        Direction of the test.
    rng : None, int or numpy.random.Generator
        Seed or generator of the permutations.

    Returns
    -------
    MantelResult

    Notes
    -----
    The correlation is computed from centred entries (the means subtracted before the
    products), so adding a constant to every distance leaves the statistic unchanged.
    With matrices, the products are accumulated in row blocks, so no further n x n
    matrix is built besides the two inputs. Equals ``skbio.stats.distance.mantel``
    (Pearson) for the statistic, and for the p-value given the same permutations.

    Examples
    --------
    >>> x = [[1, 1, 0], [1, 1, 0], [0, 0, 1]]   # the source's Figure 1.14, ideal
    >>> y = [[1, 0, 1], [0, 1, 0], [1, 0, 1]]   # observed
    >>> mantel_test(x, y, permutations=0).statistic
    -0.5
    >>> round(mantel_test([0, 0, 1], [0, 1, 0], permutations=0).statistic, 6)
    -0.5

    With a seed, the permutation p-value is the same on every run:

    >>> labels = [0, 0, 0, 1, 1, 1, 2, 2, 2]
    >>> mantel_test(labels, [0, 0, 1, 1, 1, 1, 2, 2, 2], permutations=99, rng=1).pvalue
    0.03
    """
    rng = np.random.default_rng(rng)
    xa, ya = np.asarray(x), np.asarray(y)
    if xa.ndim == 1 and ya.ndim == 1:
        a, b = _two_labelings(xa, ya)
        n = a.size

        def stat(p):
            return _phi_from_pairs(pair_confusion(a, b[p]))

    elif xa.ndim == 2 and ya.ndim == 2:
        if xa.shape != ya.shape or xa.shape[0] != xa.shape[1] or xa.shape[0] < 3:
            raise ValueError(f"x and y must be square matrices of the same size (n >= 3); got {xa.shape}, {ya.shape}")
        xf, yf = np.asarray(xa, dtype=float), np.asarray(ya, dtype=float)  # no copy if already float
        if not (_is_symmetric(xf) and _is_symmetric(yf)):
            raise ValueError("x and y must be symmetric")
        n = xf.shape[0]
        stat = _matrix_stat_factory(xf, yf)
    else:
        raise ValueError("x and y must both be square matrices or both be 1-D label vectors")
    identity = np.arange(n)
    observed = float(stat(identity))
    if not np.isfinite(observed):
        raise ValueError("the correlation is undefined: one matrix has constant entries above the diagonal")
    if permutations == 0:
        return MantelResult(observed, float("nan"), 0, alternative)
    null = np.array([stat(rng.permutation(n)) for _ in range(permutations)])
    if alternative == "greater":
        extreme = np.sum(null >= observed - 1e-12)
    elif alternative == "less":
        extreme = np.sum(null <= observed + 1e-12)
    else:
        extreme = np.sum(np.abs(null) >= abs(observed) - 1e-12)
    return MantelResult(observed, float((extreme + 1) / (permutations + 1)), int(permutations), alternative)


# ---------------------------------------------------------- cluster properties


@checks(similarity=_SQUARE, size=Integer(2), n_samples=Integer(1))
def random_subset_cohesion(similarity, size, *, n_samples=1000, rng=None):
    """Mean pairwise similarity (distinct pairs) of random subsets: the null for a cluster's cohesion.

    The Monte Carlo procedure of the graph-mining chapter (Section 1.5.1): draw
    ``n_samples`` subsets of ``size`` points uniformly without replacement and score
    each by its average pairwise similarity. Pass the result to
    :func:`evalkit.stats.monte_carlo_pvalue` with the observed cluster's score.

    Parameters
    ----------
    similarity : array_like of shape (n, n)
        Pairwise similarities.
    size : int
        Points per subset, ``2 <= size <= n``.
    n_samples : int, default 1000
        Number of random subsets.
    rng : None, int or numpy.random.Generator
        Seed or generator.

    Returns
    -------
    ndarray of shape (n_samples,)

    Examples
    --------
    >>> s = np.eye(4) + 0.5 * (1 - np.eye(4))
    >>> random_subset_cohesion(s, 3, n_samples=2, rng=0).tolist()
    [0.5, 0.5]
    """
    s = np.asarray(similarity, dtype=float)
    n = s.shape[0]
    if size > n:
        raise ValueError(f"size must be an integer between 2 and {n}; got {size!r}")
    rng = np.random.default_rng(rng)
    out = np.empty(n_samples)
    iu = np.triu_indices(size, 1)
    for t in range(n_samples):
        idx = rng.choice(n, size=size, replace=False)
        out[t] = s[np.ix_(idx, idx)][iu].mean()
    return out

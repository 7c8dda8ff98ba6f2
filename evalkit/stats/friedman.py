r"""Comparing several algorithms on several data sets: the Friedman test and its post-hoc tests.

Demsar (2006, JMLR 7) recommends, for ``k`` algorithms measured on ``N`` data sets, ranking
the algorithms on each data set (1 the best, average ranks for ties) and testing the average
ranks :math:`R_j`:

- :func:`friedman_test`: whether the algorithms differ at all, by Friedman's statistic
  :math:`\chi^2_F = \frac{12N}{k(k+1)}\left[\sum_j R_j^2 - \frac{k(k+1)^2}{4}\right]`
  (:math:`k - 1` degrees of freedom) and Iman and Davenport's less conservative
  :math:`F_F = \frac{(N-1)\chi^2_F}{N(k-1) - \chi^2_F}`
  (:math:`k - 1` and :math:`(k-1)(N-1)` degrees of freedom);
- :func:`nemenyi_test`: which pairs differ, every pair against every other: two algorithms
  differ when their average ranks differ by at least the critical difference
  :math:`CD = q_\alpha \sqrt{k(k+1)/(6N)}` (:func:`nemenyi_critical_difference`, with
  :math:`q_\alpha` the studentized range's quantile over :math:`\sqrt 2`);
- :func:`control_comparison`: which algorithms differ from one control, by
  :math:`z = (R_0 - R_i) / \sqrt{k(k+1)/(6N)}` and Holm's step-down procedure (or
  Bonferroni's: the Bonferroni-Dunn test).

:func:`evalkit.plotting.plot_critical_difference` draws Demsar's critical-difference diagram.

Where we differ: :func:`friedman_test` corrects :math:`\chi^2_F` for ties by default, as
:func:`scipy.stats.friedmanchisquare` and scikit-posthocs do; ``tie_correction=False`` gives
Demsar's formula as printed. Demsar's worked example (his Table 6: four C4.5 variants on 14
data sets) is in the tests.
"""
from __future__ import annotations

import numpy as np
from scipy import stats as _st

from .._checks import Array, Boolean, Choice, Integer, Real, checks
from .._results import result
from .multiple import bonferroni, holm

__all__ = ["ControlComparisonResult", "FriedmanResult", "NemenyiResult", "average_ranks", "control_comparison",
           "friedman_test", "nemenyi_critical_difference", "nemenyi_test"]

#: scores: one row per data set, one column per algorithm
_SCORES = Array(ndim=2, kind="real", min_size=4)


def _ranks(scores, higher_is_better):
    """Ranks within each data set (row): 1 the best, average ranks for ties."""
    s = np.asarray(scores, dtype=float)
    n, k = s.shape
    if n < 2 or k < 2:
        raise ValueError(f"scores must have at least 2 data sets (rows) and 2 algorithms (columns); got shape {s.shape}")
    return _st.rankdata(-s if higher_is_better else s, axis=1)


def _standard_error(k, n):
    return float(np.sqrt(k * (k + 1) / (6.0 * n)))


@checks(scores=_SCORES, higher_is_better=Boolean())
def average_ranks(scores, *, higher_is_better=True):
    """The average rank of each algorithm over the data sets (1 the best; ties share their average rank).

    Parameters
    ----------
    scores : array_like of shape (N, k)
        One row per data set, one column per algorithm (a DataFrame's columns are kept in order).
    higher_is_better : bool, default True
        Whether a higher score is better (accuracy, AUC); False for errors and costs.

    Returns
    -------
    ndarray of shape (k,)

    Examples
    --------
    >>> from evalkit.stats import average_ranks
    >>> average_ranks([[0.9, 0.8, 0.7], [0.6, 0.6, 0.5]]).tolist()
    [1.25, 1.75, 3.0]
    """
    return _ranks(scores, higher_is_better).mean(axis=0)


@checks(statistic=Real(0, None, allow_inf=True), pvalue=Real(0, 1), iman_davenport_statistic=Real(0, None, allow_inf=True),
        iman_davenport_pvalue=Real(0, 1), average_ranks=Array(ndim=1, low=1), n_datasets=Integer(2),
        tie_correction=Boolean())
@result
class FriedmanResult:
    r"""Result of :func:`friedman_test`.

    Parameters
    ----------
    statistic : float
        Friedman's :math:`\chi^2_F` (corrected for ties if ``tie_correction``).
    pvalue : float
        Its p-value, from the :math:`\chi^2` distribution with :math:`k - 1` degrees of freedom.
    iman_davenport_statistic : float
        Iman and Davenport's :math:`F_F` (infinite when every data set ranks the algorithms alike).
    iman_davenport_pvalue : float
        Its p-value, from the F distribution with :math:`k - 1` and :math:`(k-1)(N-1)` degrees of freedom.
    average_ranks : ndarray of shape (k,)
        The algorithms' average ranks (1 the best).
    n_datasets : int
        ``N``.
    tie_correction : bool
        Whether :math:`\chi^2_F` is corrected for ties (scipy's) or not (Demsar's formula).

    Examples
    --------
    >>> from evalkit.stats import friedman_test
    >>> res = friedman_test([[3, 2, 1], [3, 1, 2], [3, 2, 1], [3, 2, 1]])
    >>> res.average_ranks.tolist(), res.statistic
    ([1.0, 2.25, 2.75], 6.5)
    """

    statistic: float
    pvalue: float
    iman_davenport_statistic: float
    iman_davenport_pvalue: float
    average_ranks: np.ndarray
    n_datasets: int
    tie_correction: bool = True

    @property
    def n_algorithms(self):
        """``k``, the number of algorithms compared."""
        return int(np.size(self.average_ranks))


@checks(scores=_SCORES, higher_is_better=Boolean(), tie_correction=Boolean())
def friedman_test(scores, *, higher_is_better=True, tie_correction=True):
    r"""Friedman's test of ``k`` algorithms on ``N`` data sets, with Iman and Davenport's F form.

    Parameters
    ----------
    scores : array_like of shape (N, k)
        One row per data set, one column per algorithm.
    higher_is_better : bool, default True
        Whether a higher score is better; the statistics do not depend on it, the ranks do.
    tie_correction : bool, default True
        Divide :math:`\chi^2_F` by :math:`1 - \sum (t^3 - t) / (N(k^3 - k))` over the groups of
        ``t`` tied scores, as :func:`scipy.stats.friedmanchisquare` does; False gives Demsar's
        (2006) formula as printed (no correction).

    Returns
    -------
    FriedmanResult

    Examples
    --------
    Four algorithms ranked alike on most of six data sets:

    >>> from evalkit.stats import friedman_test
    >>> scores = [[0.90, 0.85, 0.80, 0.70], [0.88, 0.86, 0.81, 0.75], [0.70, 0.72, 0.69, 0.60],
    ...           [0.95, 0.90, 0.91, 0.85], [0.80, 0.78, 0.77, 0.79], [0.66, 0.64, 0.61, 0.60]]
    >>> res = friedman_test(scores)
    >>> res.average_ranks.round(3).tolist(), round(res.statistic, 2), round(res.pvalue, 4)
    ([1.167, 2.167, 3.0, 3.667], 12.6, 0.0056)
    >>> round(res.iman_davenport_statistic, 2), round(res.iman_davenport_pvalue, 5)
    (11.67, 0.00033)
    """
    ranks = _ranks(scores, higher_is_better)
    n, k = ranks.shape
    mean = ranks.mean(axis=0)
    chi2 = 12.0 * n / (k * (k + 1)) * (np.sum(mean**2) - k * (k + 1) ** 2 / 4.0)
    chi2 = max(float(chi2), 0.0)     # rounding can leave -1e-15 where every rank is the same
    if tie_correction:
        ties = sum(float(np.sum(c.astype(float) ** 3 - c)) for c in (np.unique(row, return_counts=True)[1]
                                                                     for row in ranks))
        correction = 1.0 - ties / (n * (k**3 - k))
        chi2 = chi2 / correction if correction > 0 else 0.0   # every data set ties every algorithm: no evidence
    pvalue = float(_st.chi2.sf(chi2, k - 1))
    denominator = n * (k - 1) - chi2
    if denominator <= 1e-12 * n * k:
        f_stat, f_pvalue = float("inf"), 0.0        # every data set ranks the algorithms the same way
    else:
        f_stat = (n - 1) * chi2 / denominator
        f_pvalue = float(_st.f.sf(f_stat, k - 1, (k - 1) * (n - 1)))
    return FriedmanResult(chi2, pvalue, float(f_stat), f_pvalue, mean, int(n), bool(tie_correction))


@checks(n_algorithms=Integer(2), n_datasets=Integer(2), alpha=Real(0, 1, closed="neither"))
def nemenyi_critical_difference(n_algorithms, n_datasets, *, alpha=0.05):
    r"""The Nemenyi test's critical difference of average ranks, :math:`q_\alpha \sqrt{k(k+1)/(6N)}`.

    :math:`q_\alpha` is the studentized range's :math:`1 - \alpha` quantile for ``k`` means and
    infinite degrees of freedom, over :math:`\sqrt 2` (Demsar's Table 5(a): 2.569 for four
    algorithms at :math:`\alpha = 0.05`).

    Parameters
    ----------
    n_algorithms : int
        ``k``, at least 2.
    n_datasets : int
        ``N``, at least 2.
    alpha : float, default 0.05

    Returns
    -------
    float

    Examples
    --------
    Demsar's example, four algorithms on 14 data sets:

    >>> from evalkit.stats import nemenyi_critical_difference
    >>> round(nemenyi_critical_difference(4, 14), 2), round(nemenyi_critical_difference(4, 14, alpha=0.10), 2)
    (1.25, 1.12)
    """
    k = int(n_algorithms)
    q = float(_st.studentized_range.ppf(1.0 - alpha, k, np.inf)) / np.sqrt(2.0)
    return float(q * _standard_error(k, int(n_datasets)))


@checks(pvalues=Array(ndim=2, low=0, high=1, square=True), average_ranks=Array(ndim=1, low=1),
        critical_difference=Real(0, None, closed="neither"), alpha=Real(0, 1, closed="neither"))
@result
class NemenyiResult:
    """Result of :func:`nemenyi_test`.

    Parameters
    ----------
    pvalues : ndarray of shape (k, k)
        The pairs' p-values (1 on the diagonal), as scikit-posthocs' ``posthoc_nemenyi_friedman``.
    average_ranks : ndarray of shape (k,)
        The algorithms' average ranks (1 the best).
    critical_difference : float
        Two average ranks at least this far apart differ at level ``alpha``.
    alpha : float
        The level.

    Examples
    --------
    >>> from evalkit.stats import nemenyi_test
    >>> res = nemenyi_test([[3, 2, 1]] * 10)
    >>> res.significant.astype(int).tolist()
    [[0, 0, 1], [0, 0, 0], [1, 0, 0]]
    """

    pvalues: np.ndarray
    average_ranks: np.ndarray
    critical_difference: float
    alpha: float

    @property
    def significant(self):
        """``(k, k)`` bools: the pairs whose average ranks differ by at least the critical difference."""
        gap = np.abs(self.average_ranks[:, None] - self.average_ranks[None, :])
        return gap >= self.critical_difference

    @property
    def groups(self):
        """The maximal groups of algorithms (column indices) not significantly different, best first.

        Each holds algorithms adjacent in the order of their average ranks whose ranks span
        less than the critical difference; a group inside another is left out. These are the
        thick bars of the critical-difference diagram.
        """
        order = np.argsort(self.average_ranks, kind="stable")
        ranks = self.average_ranks[order]
        spans = []
        for i in range(order.size):
            j = i
            while j + 1 < order.size and ranks[j + 1] - ranks[i] < self.critical_difference:
                j += 1
            if j > i and (not spans or j > spans[-1][1]):
                spans.append((i, j))
        return [order[i:j + 1].tolist() for i, j in spans]


@checks(scores=_SCORES, alpha=Real(0, 1, closed="neither"), higher_is_better=Boolean())
def nemenyi_test(scores, *, alpha=0.05, higher_is_better=True):
    r"""Nemenyi's post-hoc test: every pair of algorithms, by their average ranks over the data sets.

    The p-value of a pair is the studentized range's upper tail at
    :math:`\sqrt 2\,|R_i - R_j| / \sqrt{k(k+1)/(6N)}` (``k`` means, infinite degrees of freedom), as
    scikit-posthocs' ``posthoc_nemenyi_friedman`` computes it; a pair differs at ``alpha`` when
    its average ranks differ by at least :func:`nemenyi_critical_difference`. Run it after
    :func:`friedman_test` rejects.

    Parameters
    ----------
    scores : array_like of shape (N, k)
        One row per data set, one column per algorithm.
    alpha : float, default 0.05
        Family-wise level of the critical difference.
    higher_is_better : bool, default True

    Returns
    -------
    NemenyiResult

    Examples
    --------
    >>> from evalkit.stats import nemenyi_test
    >>> scores = [[0.90, 0.85, 0.80, 0.70], [0.88, 0.86, 0.81, 0.75], [0.70, 0.72, 0.69, 0.60],
    ...           [0.95, 0.90, 0.91, 0.85], [0.80, 0.78, 0.77, 0.79], [0.66, 0.64, 0.61, 0.60]]
    >>> res = nemenyi_test(scores)
    >>> round(res.critical_difference, 3), res.pvalues[0].round(3).tolist()
    (1.915, [1.0, 0.536, 0.066, 0.004])
    >>> res.groups
    [[0, 1, 2], [1, 2, 3]]
    """
    ranks = _ranks(scores, higher_is_better)
    n, k = ranks.shape
    mean = ranks.mean(axis=0)
    q = np.sqrt(2.0) * np.abs(mean[:, None] - mean[None, :]) / _standard_error(k, n)
    pvalues = np.clip(_st.studentized_range.sf(q, k, np.inf), 0.0, 1.0)
    np.fill_diagonal(pvalues, 1.0)
    return NemenyiResult(pvalues, mean, nemenyi_critical_difference(k, n, alpha=alpha), float(alpha))


@checks(_same_length=[("z", "pvalues"), ("z", "pvalues_adjusted"), ("z", "reject"), ("z", "others")],
        control=Integer(0), others=Array(ndim=1, kind="count"), z=Array(ndim=1), pvalues=Array(ndim=1, low=0, high=1),
        pvalues_adjusted=Array(ndim=1, low=0, high=1), reject=Array(ndim=1, kind="binary"),
        average_ranks=Array(ndim=1, low=1), alpha=Real(0, 1, closed="neither"), method=Choice("holm", "bonferroni"))
@result
class ControlComparisonResult:
    r"""Result of :func:`control_comparison`.

    Parameters
    ----------
    control : int
        The control's column.
    others : ndarray of int
        The other algorithms' columns, in the order of the arrays below.
    z : ndarray
        :math:`(R_i - R_0) / \sqrt{k(k+1)/(6N)}`: positive where algorithm ``i`` ranks worse
        than the control.
    pvalues : ndarray
        Two-sided normal p-values of ``z``.
    pvalues_adjusted : ndarray
        Holm's (or Bonferroni's) adjusted p-values.
    reject : ndarray of bool
        The algorithms that differ from the control at family-wise level ``alpha``.
    average_ranks : ndarray of shape (k,)
    alpha : float
    method : str
        ``'holm'`` or ``'bonferroni'`` (the Bonferroni-Dunn test).

    Examples
    --------
    >>> from evalkit.stats import control_comparison
    >>> control_comparison([[3, 2, 1]] * 5, control=0).reject.tolist()   # z = 1.58 and 3.16
    [False, True]
    """

    control: int
    others: np.ndarray
    z: np.ndarray
    pvalues: np.ndarray
    pvalues_adjusted: np.ndarray
    reject: np.ndarray
    average_ranks: np.ndarray
    alpha: float
    method: str = "holm"


@checks(scores=_SCORES, control=Integer(0), alpha=Real(0, 1, closed="neither"), method=Choice("holm", "bonferroni"),
        higher_is_better=Boolean())
def control_comparison(scores, *, control, alpha=0.05, method="holm", higher_is_better=True):
    r"""Compare every algorithm with a control by their average ranks, with Holm's step-down procedure.

    The statistic of algorithm ``i`` is :math:`z = (R_i - R_0) / \sqrt{k(k+1)/(6N)}` (Demsar 2006,
    Section 3.2.2), its p-value the two-sided normal one; :func:`~evalkit.stats.holm` (or
    :func:`~evalkit.stats.bonferroni`, the Bonferroni-Dunn test) controls the family-wise error
    of the ``k - 1`` comparisons.

    Parameters
    ----------
    scores : array_like of shape (N, k)
        One row per data set, one column per algorithm.
    control : int
        The control algorithm's column.
    alpha : float, default 0.05
    method : {'holm', 'bonferroni'}
    higher_is_better : bool, default True

    Returns
    -------
    ControlComparisonResult

    Raises
    ------
    ValueError
        When ``control`` is not a column of ``scores``.

    Examples
    --------
    >>> from evalkit.stats import control_comparison
    >>> scores = [[0.90, 0.85, 0.80, 0.70], [0.88, 0.86, 0.81, 0.75], [0.70, 0.72, 0.69, 0.60],
    ...           [0.95, 0.90, 0.91, 0.85], [0.80, 0.78, 0.77, 0.79], [0.66, 0.64, 0.61, 0.60]]
    >>> res = control_comparison(scores, control=0)
    >>> res.others.tolist(), res.z.round(3).tolist(), res.reject.tolist()
    ([1, 2, 3], [1.342, 2.46, 3.354], [False, True, True])
    """
    ranks = _ranks(scores, higher_is_better)
    n, k = ranks.shape
    if control >= k:
        raise ValueError(f"control must be a column of scores (0 to {k - 1}); got {control}")
    mean = ranks.mean(axis=0)
    others = np.array([j for j in range(k) if j != control])
    z = (mean[others] - mean[control]) / _standard_error(k, n)
    pvalues = np.clip(2.0 * _st.norm.sf(np.abs(z)), 0.0, 1.0)
    adjusted = (holm if method == "holm" else bonferroni)(pvalues, alpha=alpha)
    return ControlComparisonResult(int(control), others, z, pvalues, adjusted.pvalues_adjusted, adjusted.reject,
                                   mean, float(alpha), method)

"""The framework chapter, Section 3.1: whether a degree product ten times as large makes a new link ten times
as likely -- preferential attachment's calibration, read off its score histogram over all candidate pairs."""
from __future__ import annotations

import numpy as np
from scipy import stats

from ...._checks import Choice, Instance, Real, Values, checks
from ..setups import DISTANCE_NETWORKS, NETWORKS, Network, distance_histograms

__all__ = ["degree_product_calibration", "ours"]

#: the fewest positives (and non-positives) a band needs for the normal approximation of the ratio's interval
_MIN_COUNT = 5


def _example_frame():
    import pandas as pd

    return pd.DataFrame({"ratio, 95% low": [1.3], "ratio, 95% high": [8.5]}, index=["n"])


@checks(networks=Values(Choice(*NETWORKS)), low=Real(1, allow_inf=False), factor=Real(1, allow_inf=False),
        half_width=Real(0, 1, closed="right"), confidence_level=Real(0, 1, closed="neither"))
def degree_product_calibration(networks: tuple[Network, ...] = DISTANCE_NETWORKS, *, low=1_000, factor=10,
                               half_width=0.1, confidence_level=0.95):
    """The share of candidate pairs that link, at degree products near ``low`` and near ``factor * low``.

    A pair's band is a degree product within ``half_width`` decades of the value
    (``10 ** (log10(value) +- half_width)``). The ratio of the two link rates has a
    confidence interval from the usual log-scale normal approximation for a ratio of two
    binomial proportions (Katz et al., 1978), given where each band holds at least 5
    positives and 5 other pairs (else NaN: too few for the approximation).

    Parameters
    ----------
    networks : tuple of str
        Networks.
    low : float
        The smaller degree product (the paper's 1,000).
    factor : float
        How many times larger the other is (the paper's 10).
    half_width : float
        Half the width of each band, in decades.
    confidence_level : float
        Of the ratio's interval.

    Returns
    -------
    pandas.DataFrame
        One row per network: the pairs and positives in each band, their link rates, the
        ratio of the rates and its interval (NaN where a band holds fewer than 5 positives).

    Examples
    --------
    The real networks are loaded from the data sets (seconds to minutes), so the example is not run:

    >>> degree_product_calibration(("email-Eu-core",))["ratio"].round(1)  # doctest: +SKIP
    email-Eu-core    10.9
    Name: ratio, dtype: float64
    """
    import pandas as pd

    z = stats.norm.ppf(0.5 + confidence_level / 2)
    rows = {}
    for name in networks:
        h = distance_histograms(name)["preferential_attachment"].pooled()
        row = {}
        for label, centre in (("low", low), ("high", low * factor)):
            lo, hi = centre * 10 ** -half_width, centre * 10 ** half_width
            positives = int(((h.positive_scores >= lo) & (h.positive_scores < hi)).sum())
            pairs = positives + int(h.negative_counts[(h.negative_values >= lo) & (h.negative_values < hi)].sum())
            row[f"pairs near {centre:,.0f}"] = pairs
            row[f"positives near {centre:,.0f}"] = positives
            row[label] = (positives, pairs)
        (p1, n1), (p2, n2) = row.pop("low"), row.pop("high")
        if min(p1, p2, n1 - p1, n2 - p2) >= _MIN_COUNT:
            ratio = (p2 / n2) / (p1 / n1)
            se = np.sqrt(1 / p1 - 1 / n1 + 1 / p2 - 1 / n2)
            interval = ratio * np.exp(-z * se), ratio * np.exp(z * se)
        else:
            ratio, interval = np.nan, (np.nan, np.nan)
        rows[name] = {**row, "link rate ratio": ratio, "ratio, 95% low": interval[0], "ratio, 95% high": interval[1]}
    return pd.DataFrame(rows).T


@checks(calibration=Instance("DataFrame", example=_example_frame), factor=Real(1, allow_inf=False))
def ours(calibration, *, factor=10):
    """The claim of Section 3.1: on some network a degree product ``factor`` times as large does not make a link
    ``factor`` times as likely (the ratio's interval excludes ``factor``).

    Parameters
    ----------
    calibration : pandas.DataFrame
        :func:`degree_product_calibration`'s table.
    factor : float
        The ratio the paper names (10).

    Returns
    -------
    dict
        ``{"yang.s3.1.degree-product-calibration": bool}``.

    Examples
    --------
    >>> ours(_example_frame())
    {'yang.s3.1.degree-product-calibration': True}
    """
    excludes = (calibration["ratio, 95% high"] < factor) | (calibration["ratio, 95% low"] > factor)
    return {"yang.s3.1.degree-product-calibration": bool(excludes.any())}

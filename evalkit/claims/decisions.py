"""Threshold predicates decided with their Monte Carlo error: the claim holds, fails or is undecided."""
from __future__ import annotations

import dataclasses
import math

import numpy as np

from .._checks import Array, Choice, Real, checks

__all__ = ["DECIDE_Z", "Decision", "decide"]

#: A Monte Carlo estimate decides a threshold predicate when it lies more than this many
#: standard errors from the threshold (a one-sided test at about the 2.3% level)
DECIDE_Z = 2.0


@checks(estimates=Array(ndim=1, kind="real"), threshold=Real(), std_errors=Array(ndim=1, kind="real", low=0),
        side=Choice("above", "below"))
@dataclasses.dataclass(frozen=True)
class Decision:
    """A threshold predicate ("every rate above 5%") over Monte Carlo estimates, and its outcome.

    Made by :func:`decide`; :func:`evalkit.claims.conclude` records it: ``holds`` True or
    False gives the verdict as a bool would, None gives ``"inconclusive"``.

    Parameters
    ----------
    estimates : numpy.ndarray
        The estimates, one per cell the predicate is over (1-d).
    threshold : float
        The threshold.
    std_errors : numpy.ndarray
        Their Monte Carlo standard errors (1-d, as ``estimates``).
    side : {"above", "below"}
        What the claim says of every estimate: above the threshold, or below it.

    Examples
    --------
    >>> d = Decision(np.array([0.08, 0.052]), 0.05, np.array([0.01, 0.01]), "above")
    >>> d.holds, d.closest, round(float(d.z[1]), 2)
    (None, 1, 0.2)
    """

    estimates: np.ndarray
    threshold: float
    std_errors: np.ndarray
    side: str

    @property
    def z(self):
        """Each estimate's distance from the threshold in its standard errors, positive on the claimed side.

        An estimate with no error (a standard error of 0) is infinitely far on its side;
        one exactly at the threshold with no error is on the wrong side (the claim is strict).
        """
        margin = self.estimates - self.threshold if self.side == "above" else self.threshold - self.estimates
        with np.errstate(divide="ignore", invalid="ignore"):
            z = margin / self.std_errors
        exact = self.std_errors == 0
        return np.where(exact, np.where(margin > 0, np.inf, -np.inf), z)

    @property
    def holds(self):
        """True if every estimate is decided on the claimed side, False if one is decided on the other, else None."""
        z = self.z
        if np.any(z < -DECIDE_Z):
            return False
        if np.all(z > DECIDE_Z):
            return True
        return None

    @property
    def repetitions_to_decide(self):
        """For an undecided predicate: the factor by which the repetitions must grow to decide it (None otherwise).

        The undecided cells' largest ``(DECIDE_Z * std_error / margin)**2``, rounded up: at
        that many times the repetitions, their present margins would lie ``DECIDE_Z`` standard
        errors from the threshold. None also when a cell sits exactly on the threshold
        (no scale decides it).
        """
        if self.holds is not None:
            return None
        z = self.z
        undecided = np.abs(z) <= DECIDE_Z
        if np.any(z[undecided] == 0):
            return None
        return int(math.ceil(np.max((DECIDE_Z / np.abs(z[undecided])) ** 2)))

    @property
    def closest(self):
        """The index of the estimate nearest the threshold, in standard errors (the deciding cell)."""
        return int(np.argmin(np.abs(self.z)))

    def describe(self):
        """One clause for a chapter: the outcome with the deciding cell's estimate, error and z.

        Examples
        --------
        >>> decide([0.0517], 0.05, [0.011], side="below").describe()
        'undecided: 0.0517 +- 0.011 is 0.2 standard errors from 0.05 (about 168 times the repetitions would decide it)'
        """
        i = self.closest
        z = float(self.z[i])
        where = (f"{self.estimates[i]:.3g} +- {self.std_errors[i]:.2g} is {abs(z):.1f} standard errors "
                 f"from {self.threshold:g}")
        if self.holds is None:
            k = self.repetitions_to_decide
            scale = "no number of repetitions decides it" if k is None else \
                f"about {k} times the repetitions would decide it"
            return f"undecided: {where} ({scale})"
        return f"{'holds' if self.holds else 'fails'}: the closest, {where}"


@checks(estimate=Array(ndim=(0, 1), kind="real"), threshold=Real(), std_error=Array(ndim=(0, 1), kind="real", low=0),
        side=Choice("above", "below"))
def decide(estimate, threshold, std_error, *, side):
    """Decide "every estimate lies above (below) the threshold" within Monte Carlo error.

    Each estimate is compared with the threshold in its own standard errors, ``z``: the
    predicate holds when every estimate is more than ``DECIDE_Z`` standard errors on the
    claimed side, fails when one is more than ``DECIDE_Z`` on the other side, and is
    undecided otherwise (an estimate of 0.0517 against "below 5%" with a standard error of
    0.011 neither confirms nor refutes it).

    Parameters
    ----------
    estimate : float or array_like
        The Monte Carlo estimates (a rate per cell of a figure).
    threshold : float
        The threshold the claim compares them with.
    std_error : float or array_like
        Their standard errors (broadcast against ``estimate``; non-negative).
    side : {"above", "below"}
        What the claim says: every estimate above the threshold, or every one below.

    Returns
    -------
    Decision
        ``holds`` is True, False or None (undecided).

    Examples
    --------
    >>> decide([0.08, 0.12], 0.05, 0.01, side="above").holds
    True
    >>> decide([0.08, 0.01], 0.05, 0.01, side="above").holds
    False
    >>> d = decide(0.8947, 0.895, 0.01, side="above")
    >>> d.holds, d.repetitions_to_decide
    (None, 4445)
    """
    estimates = np.atleast_1d(np.asarray(estimate, dtype=float))
    errors = np.atleast_1d(np.asarray(std_error, dtype=float))
    if errors.size not in (1, estimates.size):
        raise ValueError(f"std_error must be one value or one per estimate ({estimates.size}); got {errors.size}")
    errors = np.broadcast_to(errors, estimates.shape)
    return Decision(estimates=estimates.copy(), threshold=float(threshold), std_errors=errors.copy(), side=side)

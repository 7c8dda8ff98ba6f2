"""Threshold predicates decided with their Monte Carlo error: the claim holds, fails or is undecided."""
from __future__ import annotations

import dataclasses
import math

import numpy as np

from .._checks import Array, Choice, Instance, Real, Values, checks

__all__ = ["DECIDE_Z", "Decision", "all_of", "decide"]

#: A Monte Carlo estimate decides a threshold predicate when it lies more than this many
#: standard errors from the threshold (a one-sided test at about the 2.3% level)
DECIDE_Z = 2.0


@checks(estimates=Array(ndim=1, kind="real"), thresholds=Array(ndim=1, kind="real"),
        std_errors=Array(ndim=1, kind="real", low=0), sides=Values(Choice("above", "below")))
@dataclasses.dataclass(frozen=True, eq=False)
class Decision:
    """A threshold predicate ("every rate above 5%") over Monte Carlo estimates, and its outcome.

    Made by :func:`decide`; :func:`evalkit.claims.conclude` records it: ``holds`` True or
    False gives the verdict as a bool would, None gives ``"inconclusive"``.

    Parameters
    ----------
    estimates : numpy.ndarray
        The estimates, one per cell the predicate is over (1-d).
    thresholds : numpy.ndarray
        Each cell's threshold (1-d, as ``estimates``).
    std_errors : numpy.ndarray
        Their Monte Carlo standard errors (1-d, as ``estimates``).
    sides : sequence of str
        What the claim says of each estimate: ``"above"`` its threshold, or ``"below"``.

    Examples
    --------
    >>> d = Decision(np.array([0.08, 0.052]), np.array([0.05, 0.05]), np.array([0.01, 0.01]), ["above", "above"])
    >>> d.holds, d.deciding, round(float(d.z[1]), 2)
    (None, 1, 0.2)
    """

    estimates: np.ndarray
    thresholds: np.ndarray
    std_errors: np.ndarray
    sides: tuple

    def __eq__(self, other):
        if not isinstance(other, Decision):
            return NotImplemented
        return all(np.array_equal(getattr(self, f.name), getattr(other, f.name)) for f in dataclasses.fields(self))

    __hash__ = None

    def __post_init__(self):
        for name in ("estimates", "thresholds", "std_errors"):   # arrays, whatever was given
            object.__setattr__(self, name, np.asarray(getattr(self, name), dtype=float))
        object.__setattr__(self, "sides", tuple(str(side) for side in self.sides))
        shapes = {a.shape for a in (self.estimates, self.thresholds, self.std_errors)} | {(len(self.sides),)}
        if len(shapes) != 1:
            raise ValueError(f"estimates, thresholds, std_errors and sides must have one shape; got {shapes}")
        if not set(self.sides) <= {"above", "below"}:
            raise ValueError(f"sides must each be 'above' or 'below'; got {sorted(set(self.sides))}")

    @property
    def margins(self):
        """Each estimate's distance from its threshold, positive on the claimed side."""
        return np.where(np.asarray(self.sides) == "above", self.estimates - self.thresholds, self.thresholds - self.estimates)

    @property
    def z(self):
        """Each estimate's distance from the threshold in its standard errors, positive on the claimed side.

        An estimate with no error (a standard error of 0) is infinitely far on its side;
        one exactly at the threshold with no error is on the wrong side (the claim is strict).
        """
        margin = self.margins
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
    def deciding(self):
        """The index of the cell that decides the outcome.

        For a failure, the estimate farthest on the wrong side; otherwise the one nearest
        the threshold in standard errors (the last to be decided).
        """
        z = self.z
        return int(np.argmin(z)) if self.holds is False else int(np.argmin(np.abs(z)))

    def describe(self):
        """One clause for a chapter: the outcome with the deciding cell's estimate, error and z.

        Examples
        --------
        >>> decide([0.0517], 0.05, [0.011], side="below").describe()
        'undecided: 0.0517 +- 0.011 is 0.2 standard errors from 0.05; about 168 times the repetitions would decide it'
        >>> decide([0.01, 0.09], 0.05, 0.01, side="below").describe()
        'fails: 0.09 +- 0.01 is 4.0 standard errors above 0.05'
        """
        i = self.deciding
        z, estimate, error, threshold = float(self.z[i]), self.estimates[i], self.std_errors[i], self.thresholds[i]
        if error == 0:
            where = f"{estimate:.3g}, with no Monte Carlo error, is {'above' if estimate > threshold else 'not above'}" \
                    f" {threshold:g}"
        elif self.holds is None:
            where = f"{estimate:.3g} +- {error:.2g} is {abs(z):.1f} standard errors from {threshold:g}"
        else:
            where = f"{estimate:.3g} +- {error:.2g} is {abs(z):.1f} standard errors " \
                    f"{'above' if estimate > threshold else 'below'} {threshold:g}"
        if self.holds is None:
            k = self.repetitions_to_decide
            scale = "no number of repetitions decides it" if k is None else \
                f"about {k} times the repetitions would decide it"
            return f"undecided: {where}; {scale}"
        closest = "the closest, " if self.holds and self.estimates.size > 1 else ""
        return f"{'holds' if self.holds else 'fails'}: {closest}{where}"


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
    return Decision(estimates=estimates, thresholds=np.full(estimates.shape, float(threshold)),
                    std_errors=np.broadcast_to(errors, estimates.shape).copy(), sides=[side] * estimates.size)


@checks(decisions=Instance(list, example=lambda: [decide(0.08, 0.05, 0.01, side="above")]))
def all_of(decisions):
    """The conjunction of threshold predicates: it holds when all hold, fails when one fails.

    Parameters
    ----------
    decisions : list of Decision
        The predicates (from :func:`decide`), at least one.

    Returns
    -------
    Decision
        Over every cell of every predicate, each with its own threshold and side: its
        ``z``, ``holds`` and ``repetitions_to_decide`` are those of the cells together.

    Examples
    --------
    >>> rates_high = decide([0.3, 0.2], 0.1, 0.02, side="above")
    >>> power_low = decide(0.28, 0.3, 0.015, side="below")          # 1.3 standard errors below
    >>> all_of([rates_high, power_low]).holds is None
    True
    >>> all_of([rates_high, decide(0.2, 0.3, 0.015, side="below")]).holds
    True
    """
    if not decisions or not all(isinstance(d, Decision) for d in decisions):
        raise ValueError(f"decisions must be a non-empty list of Decision; got {decisions!r}")
    def joined(field):
        return np.concatenate([getattr(d, field) for d in decisions])

    return Decision(estimates=joined("estimates"), thresholds=joined("thresholds"), std_errors=joined("std_errors"),
                    sides=[side for d in decisions for side in d.sides])

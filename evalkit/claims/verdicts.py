"""Verdicts: our value of a claim judged against the source's, recorded and glued into the book."""
from __future__ import annotations

import dataclasses
import json
import math
import numbers
from collections.abc import Mapping

import numpy as np

from .._checks import Array, Boolean, Choice, Either, Function, Instance, Integer, Real, Text, checks
from ._common import EXAMPLE_ID, LABEL, VALUE
from .decisions import Decision
from .registry import Claim, get_claim, source_value

__all__ = [
    "VERDICTS",
    "binomial_count_errors",
    "binomial_rate_errors",
    "Record",
    "conclude",
    "judge",
    "record",
    "record_all",
    "sentences",
]

#: The verdicts, in the order the ledger lists them.
VERDICTS = (
    "reproduced",
    "reproduced-standin",
    "differs-explained",
    "source-error",
    "not-reproduced",
    "inconclusive",
    "not-attempted",
)

#: A Monte Carlo value agrees with the source's when its distance beyond the source's rounding
#: is at most this many combined standard errors ...
AGREE_Z = 2.0
#: ... and differs when it is more than this many; in between the verdict is "inconclusive"
DIFFER_Z = 3.0



_STD_ERROR = Real(0, None, none=True)


@checks(claim=Instance(Claim, example=lambda: get_claim(EXAMPLE_ID)), value=Either(*VALUE.constraints, none=True),
        difference=Real(allow_inf=True, allow_nan=True, none=True), verdict=Choice(*VERDICTS[:-1]),
        scale=LABEL, data=LABEL, explanation=LABEL, source_error=LABEL, std_error=_STD_ERROR,
        source_std_error=_STD_ERROR)
@dataclasses.dataclass(frozen=True)
class Record:
    """Our value for one claim and the verdict derived from the claim's tolerance.

    Parameters
    ----------
    claim : Claim
        The claim recorded.
    value : float, bool, str or None
        Our value (None: a claim our Monte Carlo results cannot settle).
    difference : float or None
        ``value - claim.value`` for a numeric claim, else None.
    verdict : str
        One of ``VERDICTS`` (never ``not-attempted``).
    scale : str or None
        The reduced scale used; None means the source's own.
    data : str or None
        The stand-in data or learners used; None means the source's own.
    explanation : str or None
        The label given of the section that explains a difference.
    source_error : str or None
        The label given of the section that shows the source is wrong.
    std_error : float or None
        The Monte Carlo standard error of our value, if it has one.
    source_std_error : float or None
        The source's own replication noise, where the book can estimate it.

    Examples
    --------
    >>> rec = judge("scott.ci-example.lower", 0.158)
    >>> rec.verdict, rec.within_tolerance
    ('reproduced', True)
    """

    claim: Claim
    value: object
    difference: float | None
    verdict: str
    scale: str | None = None
    data: str | None = None
    explanation: str | None = None
    source_error: str | None = None
    std_error: float | None = None
    source_std_error: float | None = None

    @property
    def combined_std_error(self):
        """``sqrt(std_error**2 + source_std_error**2)``, or None when neither is known."""
        if self.std_error is None and self.source_std_error is None:
            return None
        return math.hypot(self.std_error or 0.0, self.source_std_error or 0.0)

    @property
    def z(self):
        """The distance beyond the source's rounding, in combined standard errors (signed; None without one).

        ``sign(d) * max(0, |d| - tolerance) / combined_std_error`` for the difference ``d``:
        the source's value is known to its rounding, ours to its Monte Carlo error.
        """
        se = self.combined_std_error
        if se is None or self.difference is None:
            return None
        excess = max(0.0, abs(self.difference) - self.claim.tolerance)
        if excess == 0.0:
            return 0.0
        return math.copysign(excess / se if se > 0 else math.inf, self.difference)

    @property
    def repetitions_to_decide(self):
        """For an inconclusive value: how many times our repetitions must grow to decide it (None otherwise).

        The factor ``k`` that brings our standard error to ``std_error / sqrt(k)`` at which the
        present difference would lie ``DIFFER_Z`` combined standard errors beyond the
        rounding; None if the source's own noise alone keeps it undecided.
        """
        if self.verdict != "inconclusive" or not self.std_error:
            return None
        room = (max(0.0, abs(self.difference) - self.claim.tolerance) / DIFFER_Z) ** 2 - (self.source_std_error or 0.0) ** 2
        return math.ceil(self.std_error ** 2 / room) if room > 0 else None

    @property
    def reason(self):
        """The label that accounts for the verdict (the source error's, else the explanation)."""
        return self.source_error if self.verdict == "source-error" else self.explanation

    @property
    def within_tolerance(self):
        """Whether our value agrees with the source's within the claim's tolerance."""
        return self.verdict in ("reproduced", "reproduced-standin")

    def as_payload(self):
        """The JSON-ready record the ledger is built from (see :func:`ledger_rows`)."""
        return {"claim_id": self.claim.id, "value": self.value, "scale": self.scale,
                "data": self.data, "explanation": self.explanation,
                "source_error": self.source_error, "verdict": self.verdict,
                "std_error": self.std_error, "source_std_error": self.source_std_error}



# --------------------------------------------------------------------------- verdicts
def _as_plain(value):
    """A JSON-ready Python scalar (numpy scalars and 0-d arrays included)."""
    if isinstance(value, np.ndarray):
        if value.ndim != 0:
            raise TypeError(f"value must be a scalar; got an array of shape {value.shape}")
        value = value.item()
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, (bool, str)):
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    raise TypeError(f"value must be a number, a bool or a string; got {type(value).__name__}")


def _check_label(name, value):
    if value is not None and (not isinstance(value, str) or not value.strip()):
        raise ValueError(f"{name} must be a non-empty string or None; got {value!r}")
    return value


_OUR_VALUE = Either(Real(allow_inf=True, allow_nan=True), Boolean(), Text(empty=True), Array(kind="any"),
                    none=True)


@checks(claim_id=Either(Text(), Instance(Claim)), value=_OUR_VALUE,
        scale=LABEL, data=LABEL, explanation=LABEL, source_error=LABEL, std_error=_STD_ERROR,
        source_std_error=_STD_ERROR)
def judge(claim_id, value, *, scale=None, data=None, explanation=None, source_error=None, std_error=None,
          source_std_error=None):
    """Compare our value with the source's and derive the verdict; glue nothing.

    Parameters
    ----------
    claim_id : str or Claim
        A registry id.
    value : float, int, bool, str or None
        Our value (a number for a numeric claim, a bool for a qualitative one; a NumPy
        scalar or 0-d array is taken as its Python value). None says that our Monte Carlo
        results cannot settle the claim: a predicate they cannot decide
        (:func:`~evalkit.claims.decide`), a measured value with no likely outcome; the
        verdict is ``"inconclusive"``.
    scale : str, optional
        The reduced scale used, in words ("10 runs of the paper's 100"); None means the
        source's scale. Derived, never typed: an experiment's ``provenance`` gives it.
    data : str, optional
        The stand-in data or learners used, in words ("scikit-learn's CART for Weka's
        J48"); None means the source's own. Derived, never typed: the declaration of the
        computation (``experiment(uses=...)``, ``declare(uses=...)``) gives it.
    explanation : str, optional
        Label of the section that explains why our value differs (used only when it does);
        None means the registry's standing note, if it has one (likewise ``source_error``).
    source_error : str, optional
        Label of the section that shows the source is wrong (used only when we differ).
    std_error : float, optional
        The Monte Carlo standard error of our value (a numeric claim's), from the
        experiment's own repetitions or binomial. With it (or ``source_std_error``) the
        verdict weighs the difference beyond the source's rounding, in combined standard
        errors (:attr:`Record.z`): at most ``AGREE_Z``, it agrees; more than ``DIFFER_Z``, it
        differs (explained, a source error or not reproduced); in between it is
        ``"inconclusive"`` (:attr:`Record.repetitions_to_decide` says what scale would
        decide it).
    source_std_error : float, optional
        The source's own replication noise, where the book can estimate it by the same
        simulation (a count over ten runs, a rate over 100 trials).

    Returns
    -------
    Record
        Our value, the difference and the verdict.

    Examples
    --------
    >>> judge("scott.ci-example.lower", 0.16, explanation="sec-why").verdict
    'differs-explained'

    A Monte Carlo value 0.0025 beyond the rounding of the source's 0.158: within two
    standard errors of 0.002 it agrees; with a standard error of 0.001, 2.5 of them, it
    is undecided; with 0.0005, five, it differs.

    >>> [judge("scott.ci-example.lower", 0.161, std_error=se, explanation="sec-why").verdict
    ...  for se in (0.002, 0.001, 0.0005)]
    ['reproduced', 'inconclusive', 'differs-explained']
    """
    claim = get_claim(claim_id)
    if claim.not_attempted is not None:
        raise ValueError(f"claim {claim.id!r} is marked not_attempted in its registry "
                         f"({claim.not_attempted!r}); remove that line to record it")
    # the registry's standing notes, where the chapter gives none (scale and data are never typed there)
    if explanation is None and source_error is None:
        explanation, source_error = claim.explanation, claim.source_error
    for name, given in (("scale", scale), ("data", data), ("explanation", explanation),
                        ("source_error", source_error)):
        _check_label(name, given)
    if explanation is not None and source_error is not None:
        raise ValueError("give explanation= or source_error=, not both")
    value = None if value is None else _as_plain(value)
    uncertain = std_error is not None or source_std_error is not None
    if uncertain and not claim.is_numeric:
        raise TypeError(f"claim {claim.id!r} is not numeric: std_error and source_std_error go with a number")
    undecided = False
    if value is None:            # a measurement our Monte Carlo results cannot settle
        difference, agrees, undecided = None, False, True
    elif claim.is_numeric:
        if isinstance(value, (bool, str)):
            raise TypeError(f"claim {claim.id!r} is numeric; value must be a number, got {value!r}")
        difference = float(value) - claim.value
        slack = 1e-12 * max(1.0, abs(claim.value))
        agrees = math.isfinite(difference) and abs(difference) <= claim.tolerance + slack
        if uncertain and math.isfinite(difference) and not agrees:
            se = math.hypot(std_error or 0.0, source_std_error or 0.0)
            excess = abs(difference) - claim.tolerance
            agrees = excess <= AGREE_Z * se
            undecided = not agrees and excess <= DIFFER_Z * se
    else:
        if type(value) is not type(claim.value):
            raise TypeError(f"claim {claim.id!r} expects a {type(claim.value).__name__} "
                            f"(the source's value is {claim.printed!r}); got {value!r}")
        difference = None
        agrees = value == claim.value
    if agrees:
        verdict = "reproduced" if scale is None and data is None else "reproduced-standin"
    elif undecided:
        verdict = "inconclusive"
    elif source_error is not None:
        verdict = "source-error"
    elif explanation is not None:
        verdict = "differs-explained"
    else:
        verdict = "not-reproduced"
    return Record(claim=claim, value=value, difference=difference, verdict=verdict,
                  scale=scale, data=data, explanation=explanation, source_error=source_error,
                  std_error=None if std_error is None else float(std_error),
                  source_std_error=None if source_std_error is None else float(source_std_error))


@checks(ours=Instance(Mapping, example=lambda: {"bf.table1.anneal.nb-c45": 5}), n_runs=Integer(1))
def binomial_count_errors(ours, *, n_runs):
    """Test-retest noise of counts over ``n_runs`` runs, as :func:`record_all`'s ``options``.

    A count of outcomes (a test's non-rejections over ten runs) varies when the experiment
    is run again with other random partitions. Read as binomial over ``n_runs`` independent
    runs, and under the hypothesis that ours and the source's come from one rate, both
    carry the standard error ``sqrt(n p (1 - p))`` at the pooled rate ``p = (ours +
    source) / (2 n)``: the source's own replication noise, estimated by the same
    simulation, and ours.

    Parameters
    ----------
    ours : dict
        ``{claim id: our count}`` of numeric claims whose source values are counts over
        ``n_runs`` runs.
    n_runs : int
        Runs each count is over (the source's and ours).

    Returns
    -------
    dict
        ``{claim id: {"std_error": se, "source_std_error": se}}``.

    Examples
    --------
    Ours 7 of 10 against the source's 4: the pooled rate 0.55 gives each count a standard
    error of 1.57, so the difference of 3 (2.5 beyond the rounding) is 1.1 combined standard
    errors: within the noise.

    >>> options = binomial_count_errors({"bf.table1.anneal.nb-c45": 7}, n_runs=10)
    >>> round(options["bf.table1.anneal.nb-c45"]["std_error"], 2)
    1.57
    >>> judge("bf.table1.anneal.nb-c45", 7, **options["bf.table1.anneal.nb-c45"]).verdict
    'reproduced'
    """
    out = {}
    for cid, value in ours.items():
        claim = get_claim(cid)
        if not claim.is_numeric:
            raise ValueError(f"ours[{cid!r}] must be a numeric claim's count; the source's value is {claim.printed!r}")
        counts = (float(_as_plain(value)), claim.value)
        if not all(0 <= c <= n_runs for c in counts):
            raise ValueError(f"ours[{cid!r}]: counts must lie between 0 and n_runs={n_runs}; got {counts}")
        rate = sum(counts) / (2 * n_runs)
        se = math.sqrt(n_runs * rate * (1 - rate))
        out[cid] = {"std_error": se, "source_std_error": se}
    return out


@checks(ours=Instance(Mapping, example=lambda: {"bf.table5.5x2cv.source1": 47.5}), n_trials=Integer(1),
        source_n_trials=Integer(1, none=True), unit=Real(0, None, closed="neither"))
def binomial_rate_errors(ours, *, n_trials, source_n_trials=None, unit=100.0):
    """Monte Carlo errors of rates over independent trials, as :func:`record_all`'s ``options``.

    A share of trials with an outcome (training sets on which a test was consistent, runs
    that rejected) is binomial over the trials. Under the hypothesis that ours and the
    source's estimate one rate, each carries the standard error ``sqrt(p (1 - p) / n)``
    at the pooled rate ``p``, with its own number of trials.

    Parameters
    ----------
    ours : dict
        ``{claim id: our rate}`` of numeric claims whose source values are rates in
        ``unit`` (100 for a percentage).
    n_trials : int
        Trials behind our rates.
    source_n_trials : int, optional
        Trials behind the source's rates (default: ``n_trials``, the source's design).
    unit : float, default 100
        What a rate of one is written as: 100 for percentages, 1 for proportions.

    Returns
    -------
    dict
        ``{claim id: {"std_error": se, "source_std_error": se}}``, in ``unit``.

    Examples
    --------
    Ours 75.0% of 1,000 training sets against the source's 72.3%: the pooled 73.65% gives
    each a standard error of 1.39 points, so the 2.7 points (2.65 beyond the rounding) are
    1.3 combined standard errors: within the noise.

    >>> options = binomial_rate_errors({"bf.table5.5x2cv.source1": 75.0}, n_trials=1000)
    >>> round(options["bf.table5.5x2cv.source1"]["std_error"], 2)
    1.39
    >>> judge("bf.table5.5x2cv.source1", 75.0, **options["bf.table5.5x2cv.source1"]).verdict
    'reproduced'
    """
    source_n_trials = n_trials if source_n_trials is None else source_n_trials
    out = {}
    for cid, value in ours.items():
        claim = get_claim(cid)
        if not claim.is_numeric:
            raise ValueError(f"ours[{cid!r}] must be a numeric claim's rate; the source's value is {claim.printed!r}")
        rates = (float(_as_plain(value)) / unit, claim.value / unit)
        if not all(0 <= r <= 1 for r in rates):
            raise ValueError(f"ours[{cid!r}]: rates must lie between 0 and unit={unit:g}; got "
                             f"{tuple(r * unit for r in rates)}")
        p = (rates[0] * n_trials + rates[1] * source_n_trials) / (n_trials + source_n_trials)
        out[cid] = {"std_error": unit * math.sqrt(p * (1 - p) / n_trials),
                    "source_std_error": unit * math.sqrt(p * (1 - p) / source_n_trials)}
    return out


# --------------------------------------------------------------------------- glue
def _glue(key, value, display=False):
    """Glue into the running notebook (myst-nb); a no-op outside a Jupyter kernel."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython is there wherever a kernel is
        return
    shell = get_ipython()
    if shell is None or not hasattr(shell, "kernel"):
        return
    from myst_nb import glue
    glue(key, value, display=display)


def _glue_payload(key, payload):
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:  # pragma: no cover
        return
    shell = get_ipython()
    if shell is None or not hasattr(shell, "kernel"):
        return
    from myst_nb.ext.glue import GLUE_PREFIX
    # a JSON string as text/plain: the notebook schema allows only strings under a
    # prefixed mime type
    display({GLUE_PREFIX + "text/plain": json.dumps(payload)}, raw=True,
            metadata={"scrapbook": {"name": key, "mime_prefix": GLUE_PREFIX}})


@checks(claim_id=Either(Text(), Instance(Claim)), value=_OUR_VALUE,
        scale=LABEL, data=LABEL, explanation=LABEL, source_error=LABEL, std_error=_STD_ERROR,
        source_std_error=_STD_ERROR)
def record(claim_id, value, *, scale=None, data=None, explanation=None, source_error=None, std_error=None,
           source_std_error=None):
    """Record our value of a claim: derive its verdict and glue it into the chapter.

    Glue keys (for ``{glue:text}`` in the chapter's prose): ``<id>`` (our value),
    ``<id>.source``, ``<id>.difference`` (numeric claims), ``<id>.verdict``, and
    ``<id>.record``, the payload the ledger reads. Outside a Jupyter kernel nothing is
    glued and the :class:`Record` is only returned.

    Parameters
    ----------
    claim_id : str or Claim
        A registry id.
    value : float, int, bool, str or None
        Our value (see :func:`judge`).
    scale : str, optional
        The reduced scale used, in words; None means the source's.
    data : str, optional
        The stand-in data or learners used, in words; None means the source's own.
    explanation : str, optional
        Label of the section that explains why our value differs.
    source_error : str, optional
        Label of the section that shows the source is wrong.
    std_error, source_std_error : float, optional
        Our value's Monte Carlo standard error and the source's replication noise (see
        :func:`judge`).

    Returns
    -------
    Record
        Our value, the difference and the verdict.

    Examples
    --------
    >>> record("scott.ci-example.lower", 0.158).verdict      # outside a notebook: no glue
    'reproduced'
    """
    rec = judge(claim_id, value, scale=scale, data=data, explanation=explanation,
                source_error=source_error, std_error=std_error, source_std_error=source_std_error)
    cid = rec.claim.id
    _glue(cid, rec.value)
    _glue(cid + ".source", rec.claim.value)
    if rec.difference is not None:
        _glue(cid + ".difference", rec.difference)
    _glue(cid + ".verdict", rec.verdict)
    _glue_payload(cid + ".record", rec.as_payload())
    return rec


@checks(claim_id=Either(Text(), Instance(Claim)),
        holds=Either(Boolean(), Instance(Decision, example=lambda: _example_decision()), none=True),
        if_true=Text(), if_false=Text(), if_undecided=Text(none=True))
def conclude(claim_id, holds, *, if_true, if_false, if_undecided=None, **options):
    """Record a qualitative claim from a predicate and glue the sentence that states it.

    Parameters
    ----------
    claim_id : str or Claim
        A qualitative claim's id (its source value is ``true``: the source asserts it).
    holds : bool, Decision or None
        The predicate, computed from the chapter's own results: a bool, or a threshold
        predicate over Monte Carlo estimates decided with their error
        (:func:`~evalkit.claims.decide`), whose ``holds`` may be None: undecided, recorded as
        ``"inconclusive"``. None itself is an undecided predicate.
    if_true : str
        The sentence (Markdown) that states our conclusion when the predicate holds;
        glued as ``<id>.sentence`` for ``{glue:md}`` in the prose.
    if_false : str
        The sentence that states our conclusion when the predicate fails.
    if_undecided : str, optional
        The sentence for an undecided predicate; by default the registry's statement,
        quoted, with the :class:`~evalkit.claims.Decision`'s own account of its margin
        (:meth:`~evalkit.claims.Decision.describe`) where there is one.
    **options
        ``scale``, ``data``, ``explanation``, ``source_error`` as in :func:`judge`.

    Returns
    -------
    Record
        Our value (True, False, or None when undecided) and the verdict.

    Examples
    --------
    >>> cid = "scott.binomial.mean"
    >>> conclude(cid, True, if_true="It holds.", if_false="It fails.").verdict
    'reproduced'
    >>> from evalkit.claims import decide
    >>> conclude(cid, decide(0.0517, 0.05, 0.011, side="below"), if_true="It holds.",
    ...          if_false="It fails.").verdict
    'inconclusive'
    """
    for name, sentence in (("if_true", if_true), ("if_false", if_false), ("if_undecided", if_undecided)):
        if sentence is not None and (not isinstance(sentence, str) or not sentence.strip()):
            raise ValueError(f"{name} must be a non-empty sentence; got {sentence!r}")
    decision = holds if isinstance(holds, Decision) else None
    outcome = decision.holds if decision is not None else holds
    rec = record(claim_id, None if outcome is None else bool(outcome), **options)
    if outcome is None:
        if if_undecided is None:
            statement = rec.claim.statement.rstrip(".")
            margin = f" ({decision.describe()})" if decision is not None else ""
            if_undecided = (f"Within their Monte Carlo error our results neither confirm nor refute "
                            f"the source, which says: {statement}{margin}.")
        sentence = if_undecided
    else:
        sentence = if_true if outcome else if_false
    try:
        from IPython.display import Markdown
    except ImportError:  # pragma: no cover
        return rec
    _glue(rec.claim.id + ".sentence", Markdown(sentence))
    return rec


def _example_decision():
    from .decisions import decide

    return decide(0.08, 0.05, 0.01, side="above")


@checks(claim_id=Either(Text(), Instance(Claim)))
def sentences(claim_id):
    """The two sentences that state our conclusion on a qualitative claim.

    The registry's ``if_true`` and ``if_false`` where it words them; otherwise the
    statement, quoted as the registry words it (its capitals kept: it may start with a
    name such as Adamic/Adar).

    Parameters
    ----------
    claim_id : str or Claim
        A registry id.

    Returns
    -------
    if_true, if_false : str
        The sentences for :func:`conclude`.

    Examples
    --------
    >>> from evalkit import claims
    >>> claim = claims.claims_of("scott.")[0]
    >>> if_true, if_false = claims.sentences(claim.id)
    >>> if_true.startswith("Our results agree with the source: ")
    True
    """
    claim = get_claim(claim_id)
    if claim.if_true is not None:
        return claim.if_true, claim.if_false
    statement = claim.statement.rstrip(".")
    return (f"Our results agree with the source: {statement}.",
            f"Our results do **not** agree with the source, which says: {statement}.")


@checks(ours=Instance(Mapping, example=lambda: {EXAMPLE_ID: source_value(EXAMPLE_ID)}), scale=LABEL, data=LABEL,
        options=Instance(Mapping, none=True, example=lambda: {EXAMPLE_ID: {"explanation": "sec-why"}}),
        sentences=Function(none=True), values=Instance(Mapping, none=True, example=lambda: {"n": 3}),
        provenance=Function(none=True))
def record_all(ours, *, scale=None, data=None, options=None, sentences=None, values=None, provenance=None):
    """Record every claim of ``{claim id: our value}``: numbers with :func:`record`, bools,
    threshold decisions (:func:`~evalkit.claims.decide`) and None with :func:`conclude`.

    Parameters
    ----------
    ours : dict
        ``{claim id: our value}``, as a reproduction's claim functions return it.
    scale : str, optional
        The reduced scale, for every claim (see :func:`judge`).
    data : str, optional
        The stand-in data or learners, for every claim (see :func:`judge`).
    options : dict, optional
        ``{claim id: {"explanation": label, "data": ..., "std_error": ..., ...}}``; per
        claim, overriding ``scale`` and ``data`` (the keywords of :func:`record`).
    sentences : callable, optional
        ``claim id -> (if_true, if_false)`` for the qualitative claims; by default
        :func:`evalkit.claims.sentences` (the registry's).
    values : dict, optional
        Values for the ``{name}`` fields of the sentences (``str.format``), e.g. a rate
        the sentence quotes; a sentence with a field not given raises ``KeyError``.
        Without ``values`` the sentences are used as they are.
    provenance : callable, optional
        ``ours -> {claim id: {"scale": ..., "data": ...}}``: each claim's provenance as the
        computation behind it declares it (a source's ``provenance.options``); ``options``
        given beside it win, key by key.

    Returns
    -------
    list of Record
        One per claim, in the order of ``ours``.

    Examples
    --------
    >>> [r.verdict for r in record_all({"scott.ci-example.lower": 0.158}, scale="a test")]
    ['reproduced-standin']
    """
    make_sentences = sentences if sentences is not None else globals()["sentences"]
    derived = provenance(ours) if provenance is not None else {}
    out = []
    for cid, value in ours.items():
        extra = (options or {}).get(cid, {})
        if cid in derived and isinstance(extra, Mapping):
            extra = {**derived[cid], **extra}
        if not isinstance(extra, Mapping):
            raise TypeError(f"options[{cid!r}] must be a dict of judge()'s keywords; got {extra!r}")
        unknown = set(extra) - {"scale", "data", "explanation", "source_error", "std_error", "source_std_error"}
        if unknown:
            raise ValueError(f"options[{cid!r}] has unknown keys {sorted(unknown)}; expected scale, data, "
                             f"explanation, source_error, std_error or source_std_error")
        opts = {"scale": scale, "data": data, **extra}
        if value is None or isinstance(value, (bool, np.bool_, Decision)):
            if_true, if_false = (sentence.format_map(values) if values else sentence
                                 for sentence in make_sentences(cid))
            holds = value if value is None or isinstance(value, Decision) else bool(value)
            out.append(conclude(cid, holds, if_true=if_true, if_false=if_false, **opts))
        else:
            out.append(record(cid, value, **opts))
    return out

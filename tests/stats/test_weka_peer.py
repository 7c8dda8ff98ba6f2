"""Peer test: evalkit's corrected resampled t test against Weka's own (Weka 3.9 through JPype).

Weka's experimenter runs the corrected resampled t test in
``weka.experiment.PairedCorrectedTTester``, which fills a
``weka.experiment.PairedStatsCorrected(sigLevel, testTrainRatio)`` with ``add(x, y)`` per
run and calls ``calculateDerived()``. From Weka 3.9's source:

* the statistic is ``mean(d) / sqrt((1/n + testTrainRatio) * sd(d)**2)`` over the
  differences ``d = x - y``, ``sd`` with divisor ``n - 1``; it is not stored (no public
  field holds it), only ``differencesStats`` (mean, stdDev, count) and
  ``differencesProbability``;
* ``differencesProbability = Statistics.FProbability(t*t, 1, n - 1)``, the two-sided
  p-value with ``n - 1`` degrees of freedom. ``PairedStatsCorrected`` overrides
  ``calculateDerived`` and ignores ``setDegreesOfFreedom`` (which only the uncorrected
  ``PairedStats`` honours);
* ``PairedCorrectedTTester`` sets ``testTrainRatio`` to the *total* number of test
  instances over the *total* number of training instances of all runs (the
  ``Number_of_testing_instances`` and ``Number_of_training_instances`` columns), 0 when those
  columns are absent;
* zero variance: p = 1 when every difference is 0, p = 0 when they are all equal and non-zero.

So Weka uses df = n - 1, evalkit's default, not the df = n that Bouckaert & Frank (2004) print.
"""
import numpy as np
import pytest

from evalkit import stats
from evalkit.learners import weka

weka.start_jvm()
from jpype import JArray, JClass, JDouble  # noqa: E402  (needs the JVM started above)

PairedStatsCorrected = JClass("weka.experiment.PairedStatsCorrected")


def _weka(x, y, ratio, *, dof=None):
    """Weka's PairedStatsCorrected on the pairs (x, y): (t statistic, two-sided p, n)."""
    ps = PairedStatsCorrected(0.05, float(ratio))
    if dof is not None:
        ps.setDegreesOfFreedom(int(dof))
    for a, b in zip(x, y):
        ps.add(float(a), float(b))
    ps.calculateDerived()
    d = ps.differencesStats
    n = float(ps.count)
    # Weka's own numbers (mean, stdDev, count) in Weka's formula; Weka keeps no field for t
    se = np.sqrt((1.0 / n + ratio) * float(d.stdDev) ** 2)
    t = float(d.mean) / se if se > 0 else (0.0 if float(d.mean) == 0 else np.copysign(np.inf, float(d.mean)))
    return t, float(ps.differencesProbability), n


def _pairs(seed, n):
    """Accuracy pairs of two learners over n resampling runs (the second a little worse on average)."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(0.70, 0.95, n)
    y = np.clip(x - rng.normal(rng.uniform(-0.01, 0.03), 0.02, n), 0, 1)
    return x, y


@pytest.mark.parametrize("n_train, n_test", [(90, 10), (270, 30), (614, 69), (100, 50)])
@pytest.mark.parametrize("n", [10, 30, 100])
@pytest.mark.parametrize("seed", range(5))
def test_corrected_resampled_t_test_equals_weka(seed, n, n_train, n_test):
    x, y = _pairs(seed, n)
    t, p, count = _weka(x, y, n_test / n_train)
    r = stats.corrected_resampled_t_test(x - y, n_train=n_train, n_test=n_test)
    assert count == n and r.df == n - 1
    assert r.statistic == pytest.approx(t, rel=1e-10, abs=1e-10)
    assert r.pvalue == pytest.approx(p, abs=1e-10)
    # Weka's probability is two-sided: the sum of evalkit's two one-sided ones
    less = stats.corrected_resampled_t_test(x - y, n_train=n_train, n_test=n_test, alternative="less").pvalue
    greater = stats.corrected_resampled_t_test(x - y, n_train=n_train, n_test=n_test, alternative="greater").pvalue
    assert 2 * min(less, greater) == pytest.approx(p, abs=1e-10)


@pytest.mark.parametrize("n", [10, 30, 100])
def test_weka_uses_n_minus_1_degrees_of_freedom_not_the_papers_n(n):
    x, y = _pairs(100 + n, n)
    _, p, _ = _weka(x, y, 10 / 90)
    paper = stats.corrected_resampled_t_test(x - y, n_train=90, n_test=10, df=n).pvalue
    default = stats.corrected_resampled_t_test(x - y, n_train=90, n_test=10, df=n - 1).pvalue
    assert default == pytest.approx(p, abs=1e-10)
    assert abs(paper - p) > 1e-6  # df = n is measurably not Weka's choice
    assert paper < p  # more degrees of freedom -> lighter tails -> smaller p


def test_weka_ignores_set_degrees_of_freedom_in_the_corrected_test():
    x, y = _pairs(7, 10)
    _, p_default, _ = _weka(x, y, 10 / 90)
    _, p_set, _ = _weka(x, y, 10 / 90, dof=10)
    assert p_set == p_default


@pytest.mark.parametrize("d, expected_p", [(0.0, 1.0), (2.0 ** -5, 0.0)])
def test_zero_variance_conventions_agree(d, expected_p):
    """Constant differences: Weka gives p = 1 (all 0) or p = 0, and so does evalkit.

    The constant is a power of two so that evalkit's mean is exact; with, say, ten copies
    of 0.01 NumPy's mean is off by rounding, the variance is ~1e-36 instead of 0 and
    evalkit's p-value is ~1e-141 where Weka's running (Welford) variance gives exactly 0.
    """
    x = np.full(10, 0.75)
    _, p, _ = _weka(x, x - d, 10 / 90)
    r = stats.corrected_resampled_t_test(np.full(10, d), n_train=90, n_test=10)
    assert p == expected_p == r.pvalue


def _results_instances(x, y, n_train, n_test):
    """An experimenter result set: one row per (scheme, run) with the columns Weka's testers read."""
    Attribute, ArrayList = JClass("weka.core.Attribute"), JClass("java.util.ArrayList")
    DenseInstance, Instances = JClass("weka.core.DenseInstance"), JClass("weka.core.Instances")
    atts = ArrayList()
    dataset = ArrayList()
    dataset.add("data")
    atts.add(Attribute("Key_Dataset", dataset))
    atts.add(Attribute("Key_Run"))
    schemes = ArrayList()
    for s in ("A", "B"):
        schemes.add(s)
    atts.add(Attribute("Key_Scheme", schemes))
    for name in ("Number_of_training_instances", "Number_of_testing_instances", "Percent_correct"):
        atts.add(Attribute(name))
    out = Instances("results", atts, 2 * len(x))
    for scheme, acc in enumerate((x, y)):
        for run, (a, tr, te) in enumerate(zip(acc, n_train, n_test)):
            out.add(DenseInstance(1.0, JArray(JDouble)([0.0, run + 1.0, float(scheme), float(tr), float(te), 100 * a])))
    return out


@pytest.mark.parametrize("seed", range(3))
def test_paired_corrected_ttester_end_to_end_uses_total_test_over_total_train(seed):
    """Weka's experimenter tester on a result set whose runs differ in size (90/10 and 91/9 splits)."""
    n = 30
    x, y = _pairs(seed, n)
    n_train = np.where(np.arange(n) % 3 == 0, 91, 90)
    n_test = 100 - n_train
    tester = JClass("weka.experiment.PairedCorrectedTTester")()
    results = _results_instances(x, y, n_train, n_test)
    tester.setInstances(results)
    tester.setRunColumn(1)
    tester.setFoldColumn(-1)
    tester.setDatasetKeyColumns(JClass("weka.core.Range")("first"))
    tester.setResultsetKeyColumns(JClass("weka.core.Range")("3"))
    ps = tester.calculateStatistics(results.instance(0), 0, 1, 5)
    assert str(ps.getClass().getName()) == "weka.experiment.PairedStatsCorrected"
    p = float(ps.differencesProbability)
    d = 100 * x - 100 * y  # Percent_correct, as Weka compares it
    totals = stats.corrected_resampled_t_test(d, n_train=int(n_train.sum()), n_test=int(n_test.sum()))
    assert totals.pvalue == pytest.approx(p, abs=1e-10)
    # the ratio is of the totals, not that of the most common split (here measurably different)
    modal = stats.corrected_resampled_t_test(d, n_train=90, n_test=10)
    assert abs(modal.pvalue - p) > 1e-6

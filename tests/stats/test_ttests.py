"""Tests of evalkit.stats.ttests: the t tests (one core, one result type)."""
import numpy as np
import pytest
from scipy import stats as sst

from evalkit.stats import (
    corrected_repeated_cv_t_test,
    corrected_resampled_t_test,
    five_by_two_cv_t_test,
    paired_t_test,
    resampled_t_test,
)


@pytest.mark.parametrize("alternative", ["two-sided", "less", "greater"])
def test_paired_t_test_matches_scipy_on_random_inputs(alternative):
    rng = np.random.default_rng(11)
    for _ in range(100):
        k = int(rng.integers(2, 40))
        x = rng.normal(size=k)
        y = x + rng.normal(rng.normal(0, 0.5), rng.uniform(0.1, 2), size=k)
        level = float(rng.uniform(0.5, 0.99))
        ours = paired_t_test(x, y, alternative=alternative, confidence_level=level)
        ref = sst.ttest_rel(x, y, alternative=alternative)
        assert ours.statistic == pytest.approx(ref.statistic, rel=1e-12)
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-10, abs=1e-300)
        assert ours.df == ref.df
        ci = ref.confidence_interval(confidence_level=level)
        assert ours.low == pytest.approx(ci.low, rel=1e-10) and ours.high == pytest.approx(ci.high, rel=1e-10)


def test_paired_t_test_is_the_lecture_bound():
    # p + t_{c,K-1} s_p with s_p = sqrt(sum (p_i - p)^2 / (K (K - 1)))
    rng = np.random.default_rng(2)
    e1, e2 = rng.uniform(0.1, 0.3, 10), rng.uniform(0.1, 0.3, 10)
    d = e1 - e2
    s_p = np.sqrt(((d - d.mean()) ** 2).sum() / (10 * 9))
    res = paired_t_test(e1, e2, alternative="less", confidence_level=0.95)
    assert res.std_error == pytest.approx(s_p)
    assert res.high == pytest.approx(d.mean() + sst.t.ppf(0.95, 9) * s_p)
    assert (res.high < 0) == (res.pvalue < 0.05)


def test_paired_t_test_zero_variance_is_documented_not_nan():
    res = paired_t_test([0.2, 0.3, 0.4], [0.3, 0.4, 0.5], alternative="less")
    assert res.statistic == -np.inf and res.pvalue == 0.0 and res.low == -np.inf
    same = paired_t_test([0.2, 0.3], [0.2, 0.3])
    assert same.statistic == 0.0 and same.pvalue == 1.0


@pytest.mark.parametrize(
    "x, y, match",
    [([1.0], [2.0], "at least 2 pairs"), ([1, 2], [1, 2, 3], "same length"), ([1, np.nan], [1, 2], "x must be.*NaN")],
)
def test_paired_t_test_bad_input(x, y, match):
    with pytest.raises(ValueError, match=match):
        paired_t_test(x, y)


def test_five_by_two_matches_mlxtend_on_the_same_splits():
    mlx = pytest.importorskip("mlxtend.evaluate")
    from sklearn.model_selection import StratifiedKFold
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    from evalkit import datasets

    data = datasets.load_arff("diabetes")
    X, y = data.X, data.y
    a, b = GaussianNB(), DecisionTreeClassifier(random_state=0)
    t_ref, p_ref = mlx.paired_ttest_5x2cv(estimator1=a, estimator2=b, X=X, y=y, random_seed=1)
    # mlxtend draws each run's seed from RandomState(random_seed).randint(0, 32767) and splits
    # with train_test_split(test_size=0.5); reproduce its differences exactly
    from sklearn.model_selection import train_test_split

    seeds = np.random.RandomState(1)
    d = np.empty((5, 2))
    for i in range(5):
        X1, X2, y1, y2 = train_test_split(X, y, test_size=0.5, random_state=seeds.randint(low=0, high=32767))
        for j, (tr, te) in enumerate([((X1, y1), (X2, y2)), ((X2, y2), (X1, y1))]):
            d[i, j] = a.fit(*tr).score(*te) - b.fit(*tr).score(*te)
    ours = five_by_two_cv_t_test(d)
    assert ours.statistic == pytest.approx(t_ref, rel=1e-12)
    assert ours.pvalue == pytest.approx(p_ref, rel=1e-9)
    assert StratifiedKFold  # imported for readers: the book's designs stratify, mlxtend's does not


def test_resampled_t_test_is_scipy_one_sample():
    rng = np.random.default_rng(7)
    d = rng.normal(0.01, 0.03, size=(10, 10))
    for alt in ("two-sided", "less", "greater"):
        ref = sst.ttest_1samp(d.ravel(), 0.0, alternative=alt)
        ours = resampled_t_test(d, alternative=alt)
        assert ours.statistic == pytest.approx(ref.statistic) and ours.pvalue == pytest.approx(ref.pvalue)


def test_corrected_tests_by_hand():
    rng = np.random.default_rng(8)
    d = rng.normal(0.02, 0.05, size=100)
    n1, n2 = 900, 100
    t_hand = d.mean() / np.sqrt((1 / 100 + n2 / n1) * d.var(ddof=1))
    r = corrected_resampled_t_test(d, n_train=n1, n_test=n2)
    assert r.statistic == pytest.approx(t_hand) and r.df == 99
    assert r.pvalue == pytest.approx(2 * sst.t.sf(abs(t_hand), 99))
    paper = corrected_resampled_t_test(d, n_train=n1, n_test=n2, df=100)  # the paper prints n
    assert paper.statistic == r.statistic and paper.pvalue < r.pvalue
    cv = corrected_repeated_cv_t_test(d.reshape(10, 10), n_train=n1, n_test=n2)
    assert cv.statistic == pytest.approx(t_hand) and cv.df == 99
    # the correction shrinks the statistic relative to the naive test
    assert abs(cv.statistic) < abs(resampled_t_test(d).statistic)
    with pytest.raises(ValueError, match="df must be"):
        corrected_resampled_t_test(d, n_train=9, n_test=1, df=0)
    with pytest.raises(ValueError, match=r"shape \(5, 2\)"):
        five_by_two_cv_t_test(np.zeros((2, 5)))


def test_unpaired_t_test_equals_scipy_ttest_ind_on_random_inputs():
    from scipy import stats as st

    from evalkit.stats import unpaired_t_test

    rng = np.random.default_rng(7)
    for _ in range(50):
        x = rng.normal(size=rng.integers(2, 15))
        y = rng.normal(0.3, 2.0, size=rng.integers(2, 15))
        for alt in ("two-sided", "less", "greater"):
            ours, ref = unpaired_t_test(x, y, alternative=alt), st.ttest_ind(x, y, alternative=alt)
            assert ours.statistic == pytest.approx(ref.statistic, rel=1e-12)
            assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-10, abs=1e-300)
            assert ours.df == ref.df


def test_unpaired_t_test_constant_samples_and_errors():
    from evalkit.stats import unpaired_t_test

    assert unpaired_t_test([0.8, 0.8], [0.7, 0.7]).pvalue == 0.0  # scipy: nan
    assert unpaired_t_test([0.8, 0.8], [0.8, 0.8]).pvalue == 1.0
    with pytest.raises(ValueError, match="at least 2"):
        unpaired_t_test([0.8], [0.7, 0.6])
    with pytest.raises(ValueError, match="x must be"):
        unpaired_t_test([[0.8, 0.7]], [0.7, 0.6])


def test_t_test_from_moments_is_vectorised_and_matches_the_scalar_tests():
    from evalkit.stats import t_test_from_moments

    rng = np.random.default_rng(11)
    d = rng.normal(0.1, 1.0, size=(40, 8))
    mean, se = d.mean(axis=1), d.std(axis=1, ddof=1) / np.sqrt(8)
    for alt in ("two-sided", "less", "greater"):
        stat, p = t_test_from_moments(mean, se, 7, alternative=alt)
        ref = sst.ttest_1samp(d, 0.0, axis=1, alternative=alt)
        np.testing.assert_allclose(stat, ref.statistic, rtol=1e-12)
        np.testing.assert_allclose(p, ref.pvalue, rtol=1e-10)
        for row, s, q in zip(d, stat, p):
            r = resampled_t_test(row, alternative=alt)
            assert (r.statistic, r.pvalue) == (s, q)
    stat, p = t_test_from_moments([0.0, 1.0, -1.0], 0.0, 4)
    assert stat.tolist() == [0.0, np.inf, -np.inf] and p.tolist() == [1.0, 0.0, 0.0]


@pytest.mark.parametrize("paired", [True, False])
def test_t_test_rejections_is_p_below_alpha(paired):
    from evalkit.stats import t_test_rejections

    rng = np.random.default_rng(12)
    a = rng.normal(0.8, 0.05, size=(300, 6))
    b = a + rng.normal(0.02, 0.05, size=(300, 6)) if paired else rng.normal(0.81, 0.05, size=(300, 6))
    ref = (sst.ttest_rel(a, b, axis=-1) if paired else sst.ttest_ind(a, b, axis=-1)).pvalue < 0.05
    np.testing.assert_array_equal(t_test_rejections(a, b, paired=paired, alpha=0.05), ref)
    # zero variance: rejects exactly when the mean difference is not 0
    same = np.full((2, 4), 0.7)
    assert t_test_rejections(same, same, paired=paired).tolist() == [False, False]
    assert t_test_rejections(same + 0.1, same, paired=paired).tolist() == [True, True]
    with pytest.raises(ValueError, match="same shape"):
        t_test_rejections(a, b[:, :3])


def test_one_result_type_and_its_repr():
    from evalkit.stats import TTestResult

    r = paired_t_test([0.25, 0.27, 0.22, 0.30, 0.26], [0.28, 0.27, 0.26, 0.31, 0.30], alternative="less")
    assert isinstance(r, TTestResult) and r.confidence_level == 0.95 and r.df == 4
    assert repr(r).startswith("TTestResult(statistic=-2.9542, pvalue=0.0208973, df=4,") and "high=-0.00" in repr(r)
    s = resampled_t_test([0.02, 0.01, 0.03, 0.00, 0.02])
    assert isinstance(s, TTestResult) and s.low is None and s.confidence_level is None
    assert repr(s) == (f"TTestResult(statistic={s.statistic!r}, pvalue={s.pvalue!r}, df=4.0, "
                       f"mean_difference={s.mean_difference!r}, std_error={s.std_error!r}, alternative='two-sided')")


@pytest.mark.parametrize("paired", [True, False])
@pytest.mark.parametrize("alpha", [0.01, 0.05, 0.1])
def test_t_test_rejections_decide_as_the_critical_value_does(paired, alpha):
    # evalkit 1 decided |mean| > t_crit * se in relational; the one core decides p < alpha:
    # the same decision on 100,000 experiments with accuracies on a grid, as in Neville's studies
    from evalkit.stats import t_test_rejections

    rng = np.random.default_rng(int(alpha * 1000) + paired)
    a = rng.binomial(60, 0.75, size=(100_000, 10)) / 60
    b = rng.binomial(60, 0.72, size=(100_000, 10)) / 60
    k = a.shape[-1]
    if paired:
        d = a - b
        mean, se, df = d.mean(-1), d.std(-1, ddof=1) / np.sqrt(k), k - 1
    else:
        mean = a.mean(-1) - b.mean(-1)
        se, df = np.sqrt((a.var(-1, ddof=1) + b.var(-1, ddof=1)) / k), 2 * k - 2
    with np.errstate(divide="ignore", invalid="ignore"):
        by_critical_value = np.abs(mean) > sst.t.ppf(1 - alpha / 2, df) * se
    zero = se <= 64 * np.finfo(float).eps
    got = t_test_rejections(a, b, paired=paired, alpha=alpha)
    np.testing.assert_array_equal(got[~zero], by_critical_value[~zero])
    assert 0.05 < got.mean() < 0.95  # both decisions occur


def test_t_test_from_moments_rejects_nan_and_unbroadcastable():
    from evalkit.stats import t_test_from_moments

    # NaN used to come back as a NaN statistic and p-value
    with pytest.raises(ValueError, match="mean must be"):
        t_test_from_moments(np.nan, 0.1, 9)
    with pytest.raises(ValueError, match="se must be"):
        t_test_from_moments(0.1, -0.1, 9)
    with pytest.raises(ValueError, match="df must be"):
        t_test_from_moments(0.1, 0.1, 0)
    with pytest.raises(ValueError, match="mean, se and df must broadcast"):
        t_test_from_moments([0.1, 0.2], [0.1, 0.2, 0.3], 9)


def test_t_test_declared_checks():
    from evalkit.stats import t_test_rejections, unpaired_t_test

    with pytest.raises(ValueError, match="y must be"):
        unpaired_t_test([1.0, 2.0], [1.0, np.inf])
    with pytest.raises(TypeError, match="paired must be"):
        t_test_rejections([[1.0, 2.0]], [[1.0, 2.0]], paired="yes")
    with pytest.raises(ValueError, match="x and y must have the same length"):
        paired_t_test([1.0, 2.0, 3.0], [1.0, 2.0])
    with pytest.raises(TypeError, match="n_train must be"):
        corrected_resampled_t_test([0.1, 0.2], n_train=9.5, n_test=1)

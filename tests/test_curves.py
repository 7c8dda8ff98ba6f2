"""Tests of evalkit.curves against scikit-learn, brute force and the lecture's example."""
import dataclasses
import inspect
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn import metrics as skm

from evalkit import curves, metrics

LECTURE_SCORES = [169.752, 109.2, 19.21, 1.905, -2.75, -12.64, -29.124, -83.222, -91.554, -128.212]
LECTURE_LABELS = [1, 1, 0, 1, 1, 0, 0, 0, 1, 0]


def random_case(rng, n, ties):
    y = rng.random(n) < rng.uniform(0.05, 0.95)
    y[rng.integers(n)] = True
    y[rng.integers(n)] = False
    if y.all() or not y.any():
        y[0], y[1] = True, False
    s = rng.normal(size=n) + y * rng.uniform(0, 2)
    if ties:
        s = np.round(s, int(rng.integers(0, 2)))
    return y, s


@pytest.mark.parametrize("seed", range(40))
def test_matches_sklearn_on_random_inputs_with_ties(seed):
    rng = np.random.default_rng(seed)
    y, s = random_case(rng, int(rng.integers(2, 3000)), ties=seed % 4 != 0)
    assert curves.roc_auc(y, s) == pytest.approx(skm.roc_auc_score(y, s), abs=1e-12)
    assert curves.average_precision(y, s) == pytest.approx(skm.average_precision_score(y, s), abs=1e-12)
    assert curves.pr_auc(y, s, interpolation="step") == curves.average_precision(y, s)
    both = curves.roc_auc_and_average_precision(y, s)
    assert both == pytest.approx((skm.roc_auc_score(y, s), skm.average_precision_score(y, s)), abs=1e-12)
    fpr, tpr, thr = curves.roc_curve(y, s)
    ref = skm.roc_curve(y, s, drop_intermediate=False)
    for ours, theirs in zip((fpr, tpr, thr), ref):
        np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-12)
    # the lecture's definitional claims: 'always -' at (0, 0), 'always +' at (1, 1), both rates
    # growing as the threshold falls
    assert (fpr[0], tpr[0]) == (0, 0) and (fpr[-1], tpr[-1]) == (1, 1)
    assert (np.diff(fpr) >= 0).all() and (np.diff(tpr) >= 0).all() and (np.diff(thr) < 0).all()


@pytest.mark.parametrize("seed", range(10))
def test_pr_curve_matches_sklearn_points(seed):
    rng = np.random.default_rng(100 + seed)
    y, s = random_case(rng, 500, ties=True)
    p, r, t = curves.precision_recall_curve(y, s)
    sp, sr, st_ = skm.precision_recall_curve(y, s, drop_intermediate=False)
    # scikit-learn: increasing thresholds, stops after full recall, appends (1, 0)
    ours = dict(zip(t.tolist(), zip(p.tolist(), r.tolist())))
    for thr, pp, rr in zip(st_, sp[:-1], sr[:-1]):
        assert ours[thr] == pytest.approx((pp, rr), abs=1e-12)


def test_lecture_auc_as_area_and_as_pair_count():
    auc = curves.roc_auc(LECTURE_LABELS, LECTURE_SCORES)
    pos = [s for s, y in zip(LECTURE_SCORES, LECTURE_LABELS) if y]
    neg = [s for s, y in zip(LECTURE_SCORES, LECTURE_LABELS) if not y]
    pairs = sum(p > n for p, n in itertools.product(pos, neg)) / (len(pos) * len(neg))
    fpr, tpr, _ = curves.roc_curve(LECTURE_LABELS, LECTURE_SCORES)
    assert auc == pairs == pytest.approx(np.trapezoid(tpr, fpr)) == 0.76


@given(st.lists(st.tuples(st.booleans(), st.integers(-3, 3)), min_size=2, max_size=40))
@settings(max_examples=300, deadline=None)
def test_auc_is_the_tie_corrected_pair_count(pairs):
    y = np.array([p[0] for p in pairs])
    s = np.array([p[1] for p in pairs], dtype=float)
    if y.all() or not y.any():
        return
    pos, neg = s[y], s[~y]
    brute = ((pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()) / (pos.size * neg.size)
    assert curves.roc_auc(y, s) == pytest.approx(brute, abs=1e-12)
    fpr, tpr, _ = curves.roc_curve(y, s)
    assert np.trapezoid(tpr, fpr) == pytest.approx(brute, abs=1e-12)


def test_auc_is_invariant_to_label_encoding_and_monotone_transforms():
    rng = np.random.default_rng(5)
    y, s = random_case(rng, 300, ties=True)
    a = curves.roc_auc(y, s)
    assert curves.roc_auc(y.astype(int), s) == a
    assert curves.roc_auc(np.where(y, 1, -1), s) == a
    assert curves.roc_auc(y, np.exp(s)) == pytest.approx(a, abs=1e-15)
    assert curves.roc_auc(~y, s) == pytest.approx(1 - a, abs=1e-12)


def dense_dg_area(tp, fp, n_pos, steps=20001):
    area, prev = 0.0, (0.0, 0.0)
    for b in zip(tp, fp):
        (ta, fa), (tb, fb) = prev, b
        if tb > ta:
            x = np.linspace(ta, tb, steps)
            f = fa + (fb - fa) / (tb - ta) * (x - ta)
            prec = np.divide(x, x + f, out=np.full_like(x, tb / (tb + fb)), where=x + f > 0)
            area += np.trapezoid(prec, x) / n_pos
        prev = b
    return area


@pytest.mark.parametrize("seed", range(5))
def test_davis_goadrich_area_is_the_integral_of_the_interpolated_curve(seed):
    rng = np.random.default_rng(200 + seed)
    y, s = random_case(rng, 60, ties=True)
    p, r, t = curves.precision_recall_curve(y, s)
    tp = np.round(r * y.sum())
    fp = np.round(tp / p - tp)
    exact = curves.pr_auc(y, s, interpolation="davis-goadrich")
    assert exact == pytest.approx(dense_dg_area(tp, fp, y.sum()), abs=1e-6)


def test_top_k_with_ties_is_the_random_tie_breaking_expectation():
    y = np.array([1, 0, 1, 0, 1, 0])
    s = np.array([5, 4, 4, 4, 1, 0.0])
    # top 2: the 5 (positive) plus one of three tied 4s, one of which is positive
    assert curves.top_k_predictive_rate(y, s, 2) == pytest.approx((1 + 1 / 3) / 2)
    assert curves.top_k_predictive_rate(y, s, 4) == pytest.approx(2 / 4)
    rng = np.random.default_rng(0)
    hits = []
    for _ in range(20000):
        order = np.lexsort((rng.random(6), -s))
        hits.append(y[order[:2]].mean())
    assert np.mean(hits) == pytest.approx(2 / 3, abs=0.01)


def test_convex_hull_and_optimal_point_on_lecture_curve():
    fpr, tpr, _ = curves.roc_curve(LECTURE_LABELS, LECTURE_SCORES)
    hull = curves.roc_convex_hull(fpr, tpr)
    assert hull[0] == 0 and hull[-1] == len(fpr) - 1
    # every ROC point lies on or below the hull's piecewise-linear curve
    assert np.all(tpr <= np.interp(fpr, fpr[hull], tpr[hull]) + 1e-12)
    best = curves.roc_optimal_point(fpr, tpr, n_positive=5, n_negative=5)
    assert best in hull
    # brute force: the minimum expected cost over all thresholds
    cost = 5 * (1 - tpr) + 5 * fpr
    assert cost[best] == cost.min()


@pytest.mark.parametrize(
    "y, s, exc, match",
    [
        ([], [], ValueError, "y_true must be"),
        ([1, 0], [0.5], ValueError, "same length"),
        ([1, 1], [0.5, 0.2], ValueError, "no negatives"),
        ([0, 0], [0.5, 0.2], ValueError, "no positives"),
        ([1, 2, 0], [0.5, 0.2, 0.1], ValueError, "binary"),
        (["a", "b"], [0.5, 0.2], ValueError, r"pos_label must be given.*\['a', 'b'\]"),
        ([1, 2], [0.5, 0.2], ValueError, r"pos_label must be given.*\[1, 2\]"),
        ([1, 0], [np.nan, 0.2], ValueError, "y_score must be.*NaN"),
        ([1, 0], [np.inf, 0.2], ValueError, "y_score must be.*inf"),
        ([1, 0], ["x", "y"], TypeError, "y_score must be"),
        ([[1, 0]], [[0.5, 0.2]], ValueError, "1-D"),
    ],
)
@pytest.mark.parametrize(
    "fn",
    [curves.roc_curve, curves.roc_auc, curves.average_precision, curves.precision_recall_curve],
)
def test_bad_input_is_a_clear_error(fn, y, s, exc, match):
    with pytest.raises(exc, match=match):
        fn(y, s)


def test_other_argument_errors():
    with pytest.raises(ValueError, match="interpolation must be one of"):
        curves.pr_auc([1, 0], [1, 0], interpolation="linear")
    with pytest.raises(TypeError):
        curves.pr_auc([1, 0], [1, 0])  # the interpolation must be named
    with pytest.raises(ValueError, match="k must be an integer between 1 and 2"):
        curves.top_k_predictive_rate([1, 0], [1, 0], 3)
    with pytest.raises(ValueError, match="n_positive must be"):
        curves.roc_optimal_point([0, 1], [0, 1], n_positive=0, n_negative=1)
    with pytest.raises(ValueError, match="fpr must be"):
        curves.roc_convex_hull([0, 2], [0, 1])


# ---------------------------------------------------------------- declared checks (issue 22)
def test_areas_from_counts_empty_first_threshold_is_not_nan():
    # a histogram bin with no example (tp = fp = 0) used to give 0/0 = NaN average precision
    auroc, ap = curves.areas_from_counts([0, 1, 2, 2], [0, 0, 1, 2], 2, 2)
    assert (auroc, ap) == curves.areas_from_counts([1, 2, 2], [0, 1, 2], 2, 2)
    assert np.isfinite(ap)


@pytest.mark.parametrize("fn", [curves.areas_from_counts, curves.davis_goadrich_area])
def test_cumulative_count_functions_reject_bad_counts(fn):
    extra = (2,) if fn is curves.areas_from_counts else ()
    with pytest.raises(ValueError, match="n_pos must be"):
        fn([1, 2], [0, 2], 0, *extra)  # used to divide by zero (inf / NaN)
    with pytest.raises(ValueError, match="tp must be cumulative"):
        fn([2, 1], [0, 2], 2, *extra)
    with pytest.raises(ValueError, match="tp and fp must have the same length"):
        fn([1, 2], [0, 1, 2], 2, *extra)
    with pytest.raises(ValueError, match="fp must be"):
        fn([1, 2], [np.nan, 2], 2, *extra)


def test_davis_goadrich_area_accepts_lists():
    # lists used to escape as AttributeError ('list' object has no attribute 'astype')
    assert curves.davis_goadrich_area([1, 2], [0, 2], 2) == curves.davis_goadrich_area(np.array([1, 2]),
                                                                                      np.array([0, 2]), 2)


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: curves.roc_optimal_point([0, 1], [0, 1], n_positive=np.nan, n_negative=1), "n_positive must be"),
        (lambda: curves.roc_optimal_point([0, 1], [0, 1, 1], n_positive=1, n_negative=1), "same length"),
        (lambda: curves.roc_dominates([0, 1], [0, 1], [0, 0.5, 1], [0, 1]), "fpr_2 and tpr_2 must have the same"),
        (lambda: curves.pr_curve_interpolated([1, 0], [0.9, 0.1], [np.nan]), "recall must be"),
        (lambda: curves.probability_cost(np.nan), "p_positive must be"),
        (lambda: curves.cost_curve([0.2], [0.7, 0.8]), "same length"),
        (lambda: curves.multiclass_roc_auc([0, 1, 2], [[0.1, np.nan, 0.2]] * 3), "y_score must be"),
        (lambda: curves.multiclass_roc_auc([0, 1, 2], [[0.1, 0.2, 0.7]] * 2), "same length"),
        (lambda: curves.delong_test([1, 0, 1, 0], [1, 2, 3, 4], [1, 2, 3]), "same length"),
    ],
)
def test_declared_checks_name_the_argument(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_top_k_rejects_a_float_k():
    with pytest.raises(TypeError, match="k must be an integer"):
        curves.top_k_predictive_rate([1, 0], [0.9, 0.1], 1.0)


# ---------------------------------------------------------------- the positive class (pos_label)
#: label encodings of a boolean "is positive": (name, encode, pos_label to pass)
ENCODINGS = [
    ("{0, 1}", lambda b: b.astype(int), None),
    ("{-1, 1}", lambda b: np.where(b, 1, -1), None),
    ("bool", lambda b: b, None),
    ("{'neg', 'pos'}", lambda b: np.where(b, "pos", "neg"), "pos"),
    ("{'neg', 'pos'}, 'neg' positive", lambda b: np.where(b, "neg", "pos"), "neg"),
    ("{1, 2}", lambda b: np.where(b, 2, 1), 2),
    ("{0, 1}, 0 positive", lambda b: np.where(b, 0, 1), 0),
]
ENCODING_IDS = [e[0] for e in ENCODINGS]


@pytest.mark.parametrize("name, encode, pos_label", ENCODINGS, ids=ENCODING_IDS)
@pytest.mark.parametrize("seed", range(4))
def test_curves_match_sklearn_for_every_label_encoding(name, encode, pos_label, seed):
    rng = np.random.default_rng(300 + seed)
    y, s = random_case(rng, 400, ties=True)
    yt = encode(y)
    pos = 1 if pos_label is None else pos_label
    # scikit-learn's roc_auc_score has no pos_label (it takes the greater label as positive):
    # skm.roc_auc_score(yt == pos, s); the curves and average precision take pos_label
    assert curves.roc_auc(yt, s, pos_label=pos_label) == pytest.approx(skm.roc_auc_score(yt == pos, s), abs=1e-12)
    if pos_label is None:  # {0, 1}, {-1, 1}, bool: as in scikit-learn, no pos_label needed
        assert curves.roc_auc(yt, s) == pytest.approx(skm.roc_auc_score(yt, s), abs=1e-12)
    assert curves.average_precision(yt, s, pos_label=pos_label) == pytest.approx(
        skm.average_precision_score(yt, s, pos_label=pos), abs=1e-12)
    ours = curves.roc_curve(yt, s, pos_label=pos_label)
    theirs = skm.roc_curve(yt, s, pos_label=pos, drop_intermediate=False)
    for a, b in zip(ours, theirs):
        np.testing.assert_allclose(a, b, rtol=0, atol=1e-12)


def _flat(result):
    if dataclasses.is_dataclass(result):
        return [np.asarray(getattr(result, f.name), dtype=float) for f in dataclasses.fields(result)
                if np.asarray(getattr(result, f.name)).dtype.kind in "biuf"]
    if isinstance(result, tuple):
        return [np.asarray(x, dtype=float) for x in result]
    return [np.asarray(result, dtype=float)]


WITH_POS_LABEL = {name: getattr(curves, name) for name in curves.__all__
                  if callable(getattr(curves, name)) and not inspect.isclass(getattr(curves, name))
                  and "pos_label" in inspect.signature(getattr(curves, name)).parameters}


def test_every_labelled_curve_function_takes_pos_label():
    assert set(WITH_POS_LABEL) == {
        "roc_curve", "roc_auc", "precision_recall_curve", "average_precision", "roc_auc_and_average_precision",
        "pr_auc", "top_k_predictive_rate", "pr_curve_interpolated", "delong_placements",
        "roc_auc_confidence_interval", "delong_test"}


@pytest.mark.parametrize("fname", sorted(WITH_POS_LABEL))
def test_curve_functions_take_the_positive_class_from_pos_label(fname):
    func = WITH_POS_LABEL[fname]
    rng = np.random.default_rng(8)
    y, s = random_case(rng, 60, ties=True)
    extra = {"y_score_2": np.round(rng.normal(size=60), 1), "k": 7, "recall": [0.25, 0.5, 1.0],
             "interpolation": "davis-goadrich"}
    required = [p.name for p in inspect.signature(func).parameters.values()
                if p.default is p.empty and p.name not in ("y_true", "y_score", "y_score_1")]
    kwargs = {name: extra[name] for name in required}

    def call(labels, **more):
        return func(labels, s, **kwargs, **more)

    reference = _flat(call(y))
    for encoded, pos_label in ((np.where(y, "pos", "neg"), "pos"), (np.where(y, 1, -1), None),
                               (np.where(y, 2, 1), 2), (np.where(y, 0, 1), 0), (y.astype(float), 1.0)):
        got = _flat(call(encoded, pos_label=pos_label))
        assert len(got) == len(reference)
        for a, b in zip(got, reference):
            np.testing.assert_allclose(a, b, rtol=0, atol=1e-12)
    strings = np.where(y, "pos", "neg")
    with pytest.raises(ValueError, match=r"pos_label must be given.*\['neg', 'pos'\]"):
        call(strings)
    with pytest.raises(ValueError, match=r"pos_label='yes' is not a label of y_true"):
        call(strings, pos_label="yes")
    with pytest.raises(ValueError, match="pos_label must be a class label"):
        call(strings, pos_label=float("nan"))


def test_both_modules_refuse_labels_without_a_default_positive_class():
    y = np.array(["neg", "pos", "pos", "neg"])
    s = [0.1, 0.4, 0.35, 0.8]
    for call in (lambda: curves.roc_auc(y, s), lambda: curves.roc_curve(y, s),
                 lambda: metrics.confusion_matrix(y, y[::-1])):
        with pytest.raises(ValueError, match=r"pos_label must be given.*\['neg', 'pos'\]"):
            call()


@pytest.mark.parametrize("name, encode, pos_label", ENCODINGS, ids=ENCODING_IDS)
def test_metrics_and_curves_agree_on_the_positive_class(name, encode, pos_label):
    # thresholding the scores at each ROC threshold gives a confusion matrix whose
    # rates are that ROC point: the two modules take the same class as positive
    rng = np.random.default_rng(21)
    y, s = random_case(rng, 200, ties=True)
    yt = encode(y)
    positive, negative = yt[y][0], yt[~y][0]
    fpr, tpr, thresholds = curves.roc_curve(yt, s, pos_label=pos_label)
    for i in range(1, thresholds.size, 7):
        cm = metrics.confusion_matrix(yt, np.where(s >= thresholds[i], positive, negative), pos_label=pos_label)
        assert metrics.true_positive_rate(cm) == pytest.approx(tpr[i], abs=1e-12)
        assert metrics.false_positive_rate(cm) == pytest.approx(fpr[i], abs=1e-12)

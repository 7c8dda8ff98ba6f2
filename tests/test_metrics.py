"""Tests of evalkit.metrics against scikit-learn, in the sources' [[TP, FN], [FP, TN]] orientation."""
import warnings

import numpy as np
import pytest
from sklearn import metrics as skm

from evalkit import claims
from evalkit import metrics


def random_binary(rng, n=200):
    y = rng.random(n) < rng.uniform(0.1, 0.9)
    p = np.where(rng.random(n) < 0.7, y, ~y)
    return y.astype(int), p.astype(int)


@pytest.mark.parametrize("seed", range(30))
def test_binary_metrics_match_sklearn(seed):
    rng = np.random.default_rng(seed)
    y, p = random_binary(rng)
    cm = metrics.confusion_matrix(y, p)
    # ours is sklearn's with labels=[1, 0]: positive class first
    np.testing.assert_array_equal(cm, skm.confusion_matrix(y, p, labels=[1, 0]))
    assert metrics.accuracy(cm) == pytest.approx(skm.accuracy_score(y, p))
    assert metrics.error_rate(cm) == pytest.approx(1 - skm.accuracy_score(y, p))
    assert metrics.true_positive_rate(cm) == pytest.approx(skm.recall_score(y, p))
    assert metrics.true_negative_rate(cm) == pytest.approx(skm.recall_score(y, p, pos_label=0))
    assert metrics.precision(cm) == pytest.approx(skm.precision_score(y, p))
    assert metrics.precision(cm, positive=False) == pytest.approx(skm.precision_score(y, p, pos_label=0))
    for beta in (0.5, 1, 2, 3.7):
        assert metrics.f_measure(cm, beta=beta) == pytest.approx(skm.fbeta_score(y, p, beta=beta))
    assert metrics.false_positive_rate(cm) + metrics.true_negative_rate(cm) == pytest.approx(1)
    assert metrics.false_negative_rate(cm) + metrics.true_positive_rate(cm) == pytest.approx(1)


def test_multiclass_confusion_matrix_matches_sklearn():
    rng = np.random.default_rng(3)
    y = rng.choice(["cat", "dog", "eel"], 300)
    p = rng.choice(["cat", "dog", "eel"], 300)
    np.testing.assert_array_equal(metrics.confusion_matrix(y, p), skm.confusion_matrix(y, p))
    labels = ["eel", "cat", "dog"]
    np.testing.assert_array_equal(
        metrics.confusion_matrix(y, p, labels=labels), skm.confusion_matrix(y, p, labels=labels)
    )


def test_scott_imbalanced_example():
    # 20 positives, 980 negatives; h1: 2/20 and 965/980 right; always negative; h2: 19/20, 930/980
    h1, always_neg, h2 = [[2, 18], [15, 965]], [[0, 20], [0, 980]], [[19, 1], [50, 930]]
    for claim_id, matrix in [("scott.imbalanced.h1", h1), ("scott.imbalanced.always-negative", always_neg),
                             ("scott.imbalanced.h2", h2)]:  # the lecture's accuracies
        assert claims.judge(claim_id, metrics.accuracy(matrix)).verdict == "reproduced"
    assert metrics.true_positive_rate(h2) > metrics.true_positive_rate(h1) > metrics.true_positive_rate(always_neg)


def test_zero_denominator_warns_and_is_documented():
    with pytest.warns(metrics.UndefinedMetricWarning, match="precision is undefined"):
        assert np.isnan(metrics.precision([[0, 20], [0, 980]]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert metrics.precision([[0, 20], [0, 980]], zero_division=0.0) == 0.0
    with pytest.raises(ValueError, match="zero_division"):
        metrics.precision([[0, 20], [0, 980]], zero_division="zero")


@pytest.mark.parametrize(
    "cm, exc, match",
    [
        ([[1, 2, 3]], ValueError, "square"),
        ([[1, -2], [3, 4]], ValueError, r"cm must be .* in \[0, inf\].*out of range"),
        ([["a", "b"], ["c", "d"]], TypeError, "cm must be"),
        ([[1, np.nan], [3, 4]], ValueError, "cm must be .*NaN"),
    ],
)
def test_bad_matrices(cm, exc, match):
    with pytest.raises(exc, match=match):
        metrics.accuracy(cm)


def test_binary_only_metrics_reject_bigger_matrices():
    with pytest.raises(ValueError, match="2x2"):
        metrics.true_positive_rate([[1, 0, 0], [0, 1, 0], [0, 0, 1]])
    with pytest.raises(ValueError, match="all zeros"):
        metrics.accuracy([[0, 0], [0, 0]])


def test_confusion_matrix_errors():
    with pytest.raises(ValueError, match="same length"):
        metrics.confusion_matrix([1, 0], [1])
    with pytest.raises(ValueError, match="y_true must be .*too few entries"):
        metrics.confusion_matrix([], [])
    with pytest.raises(ValueError, match="not in labels"):
        metrics.confusion_matrix([1, 2], [1, 2], labels=[1])
    with pytest.raises(ValueError, match=r"beta must be a real number in \(0, inf\]"):
        metrics.f_measure([[1, 1], [1, 1]], beta=0)


# ------------------------------------------------------------- the positive class (pos_label)

#: label encodings of a boolean "is positive": (name, encode, pos_label to pass, pos_label for scikit-learn)
ENCODINGS = [
    ("{0, 1}", lambda b: b.astype(int), None, 1),
    ("{-1, 1}", lambda b: np.where(b, 1, -1), None, 1),
    ("bool", lambda b: b, None, True),
    ("{0., 1.}", lambda b: b.astype(float), None, 1.0),
    ("{'neg', 'pos'}", lambda b: np.where(b, "pos", "neg"), "pos", "pos"),
    ("{'neg', 'pos'}, 'neg' positive", lambda b: np.where(b, "neg", "pos"), "neg", "neg"),
    ("{1, 2}", lambda b: np.where(b, 2, 1), 2, 2),
    ("{0, 1}, 0 positive", lambda b: np.where(b, 0, 1), 0, 0),
]


@pytest.mark.parametrize("name, encode, pos_label, sk_pos", ENCODINGS, ids=[e[0] for e in ENCODINGS])
@pytest.mark.parametrize("seed", range(5))
def test_binary_metrics_match_sklearn_for_every_label_encoding(name, encode, pos_label, sk_pos, seed):
    rng = np.random.default_rng(seed)
    y, p = random_binary(rng)
    yt, yp = encode(y.astype(bool)), encode(p.astype(bool))
    cm = metrics.confusion_matrix(yt, yp, pos_label=pos_label)
    # the same counts whatever the encoding: positive class first
    np.testing.assert_array_equal(cm, metrics.confusion_matrix(y, p))
    negative = [v for v in np.unique(yt).tolist() if v != sk_pos][0]
    # scikit-learn: skm.confusion_matrix(yt, yp, labels=[pos, neg]), recall_score(..., pos_label=pos), ...
    np.testing.assert_array_equal(cm, skm.confusion_matrix(yt, yp, labels=[sk_pos, negative]))
    assert metrics.true_positive_rate(cm) == pytest.approx(skm.recall_score(yt, yp, pos_label=sk_pos))
    assert metrics.precision(cm) == pytest.approx(skm.precision_score(yt, yp, pos_label=sk_pos))
    assert metrics.f_measure(cm) == pytest.approx(skm.f1_score(yt, yp, pos_label=sk_pos))
    assert metrics.true_negative_rate(cm) == pytest.approx(skm.recall_score(yt, yp, pos_label=negative))


def test_minus_one_one_labels_take_one_as_positive():
    # the case: sorted labels put -1 first, and the "true positive rate" was that of -1 (1.0)
    y, p = [1, 1, -1, -1], [1, -1, -1, -1]
    cm = metrics.confusion_matrix(y, p)
    assert metrics.true_positive_rate(cm) == skm.recall_score(y, p) == 0.5  # skm.recall_score([1, 1, -1, -1], [1, -1, -1, -1])
    assert cm.tolist() == [[1, 1], [0, 2]]


@pytest.mark.parametrize("y, p", [(["neg", "pos", "pos"], ["neg", "neg", "pos"]), ([1, 2, 2], [1, 1, 2]),
                                  (["a", "a"], ["a", "a"])])
def test_labels_without_a_default_positive_class_need_pos_label(y, p):
    with pytest.raises(ValueError, match=r"pos_label must be given.*labels of y_true and y_pred are \["):
        metrics.confusion_matrix(y, p)


def test_pos_label_must_be_consistent_with_the_labels():
    y, p = ["neg", "pos", "pos"], ["neg", "neg", "pos"]
    with pytest.raises(ValueError, match=r"pos_label='yes' is not a label of y_true and y_pred.*\['neg', 'pos'\]"):
        metrics.confusion_matrix(y, p, pos_label="yes")
    with pytest.raises(ValueError, match="pos_label=1 is not a label"):
        metrics.confusion_matrix(y, p, pos_label=1)
    with pytest.raises(ValueError, match=r"pos_label=2 applies to two classes; y_true and y_pred have 3 labels"):
        metrics.confusion_matrix([0, 1, 2], [2, 1, 0], pos_label=2)
    # explicit labels keep their order; pos_label must then be labels[0]
    assert metrics.confusion_matrix(y, p, labels=["pos", "neg"]).tolist() == [[1, 1], [0, 1]]
    assert metrics.confusion_matrix(y, p, labels=["pos", "neg"], pos_label="pos").tolist() == [[1, 1], [0, 1]]
    assert metrics.confusion_matrix(y, p, labels=["neg", "pos"]).tolist() == [[1, 0], [1, 1]]
    with pytest.raises(ValueError, match=r"labels=\['neg', 'pos'\] puts 'neg' first .* but pos_label='pos'"):
        metrics.confusion_matrix(y, p, labels=["neg", "pos"], pos_label="pos")
    with pytest.raises(ValueError, match=r"pos_label='yes' is not in labels"):
        metrics.confusion_matrix(y, p, labels=["pos", "neg"], pos_label="yes")
    with pytest.raises(ValueError, match="pos_label='pos' applies to two classes; labels has 3 entries"):
        metrics.confusion_matrix(y, p, labels=["pos", "neg", "other"], pos_label="pos")
    with pytest.raises(ValueError, match="pos_label must be a class label"):
        metrics.confusion_matrix(y, p, pos_label=float("nan"))
    with pytest.raises(TypeError, match="pos_label must be a class label"):
        metrics.confusion_matrix(y, p, pos_label=["pos"])


def test_one_class_present_still_gives_the_binary_matrix():
    assert metrics.confusion_matrix([0, 0], [0, 0]).tolist() == [[0, 0], [0, 2]]
    assert metrics.confusion_matrix([-1, -1], [-1, 1]).tolist() == [[0, 0], [1, 1]]
    assert metrics.confusion_matrix(["a", "a"], ["a", "a"], pos_label="a").tolist() == [[2, 0], [0, 0]]
    assert metrics.confusion_matrix(["a", "a"], ["a", "a"], pos_label="b").tolist() == [[0, 0], [0, 2]]
    # three or more classes keep their sorted order, as in scikit-learn
    assert metrics.confusion_matrix([-1, 0, 1], [-1, 0, 0]).tolist() == [[1, 0, 0], [0, 1, 0], [0, 1, 0]]


@pytest.mark.parametrize("name, encode, pos_label, sk_pos", ENCODINGS, ids=[e[0] for e in ENCODINGS])
def test_brier_score_takes_pos_label_like_sklearn(name, encode, pos_label, sk_pos):
    rng = np.random.default_rng(11)
    y = rng.random(100) < 0.4
    prob = rng.random(100)
    yt = encode(y)
    # skm.brier_score_loss(yt, prob, pos_label=pos): prob is the probability of the positive class
    assert metrics.brier_score(yt, prob, pos_label=pos_label) == pytest.approx(
        skm.brier_score_loss(yt, prob, pos_label=sk_pos))
    assert metrics.brier_score(yt, prob, pos_label=pos_label) == pytest.approx(metrics.brier_score(y, prob))


def test_brier_score_pos_label_errors():
    with pytest.raises(ValueError, match=r"pos_label must be given.*\['no', 'yes'\]"):
        metrics.brier_score(["yes", "no"], [0.8, 0.3])
    with pytest.raises(ValueError, match="y_true must be binary"):
        metrics.brier_score([0, 1, 2], [0.8, 0.3, 0.1])
    with pytest.raises(ValueError, match="pos_label=1 applies to binary y_true"):
        metrics.brier_score([0, 1], [[0.5, 0.5], [0.2, 0.8]], pos_label=1)



# ------------------------------------------------------------- multi-level metrics

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.extra.numpy import arrays  # noqa: E402
from pycm import ConfusionMatrix  # noqa: E402

SOURCE_3X3 = [[2, 1, 1], [1, 2, 1], [1, 2, 3]]
SOURCE_2X2 = [[4, 1], [2, 1]]


def square_counts(min_k=2, max_k=5):
    return st.integers(min_k, max_k).flatmap(
        lambda k: arrays(np.int64, (k, k), elements=st.integers(1, 40))
    )


def pycm_of(m):
    k = len(m)
    return ConfusionMatrix(matrix={i: {j: int(m[i][j]) for j in range(k)} for i in range(k)})


def labels_of(m):
    """Label vectors whose confusion matrix is m (for scikit-learn)."""
    k = len(m)
    y = np.repeat(np.repeat(np.arange(k), k), np.asarray(m).ravel())
    p = np.repeat(np.tile(np.arange(k), k), np.asarray(m).ravel())
    return y, p


@given(square_counts())
@settings(max_examples=150, deadline=None)
def test_multilevel_metrics_match_pycm_and_sklearn(m):
    cm = pycm_of(m)
    k = len(m)
    order = list(range(k))
    np.testing.assert_allclose(metrics.hit_rate(m), [cm.class_stat["TPR"][i] for i in order])
    # PyCM's Jaccard index J is the source's critical success index (threat score)
    np.testing.assert_allclose(metrics.critical_success_index(m), [cm.class_stat["J"][i] for i in order])
    assert metrics.cohens_kappa(m) == pytest.approx(cm.overall_stat["Kappa"])
    assert metrics.scotts_pi(m) == pytest.approx(cm.overall_stat["Scott PI"])
    assert metrics.alpha_reliability(m) == pytest.approx(cm.overall_stat["Krippendorff Alpha"])
    assert metrics.gwet_ac1(m) == pytest.approx(cm.overall_stat["Gwet AC1"])
    assert metrics.accuracy(m) == pytest.approx(cm.overall_stat["Overall ACC"])
    y, p = labels_of(m)
    assert metrics.cohens_kappa(m) == pytest.approx(skm.cohen_kappa_score(y, p))
    np.testing.assert_array_equal(metrics.confusion_matrix(y, p, labels=list(range(k))), m)
    for i in order:
        two = metrics.one_vs_rest(m, i)
        assert two[0, 0] == cm.class_stat["TP"][i] and two[1, 1] == cm.class_stat["TN"][i]
        # PyCM's per-class ACC is the accuracy of the one-vs-rest matrix
        assert metrics.accuracy(two) == pytest.approx(cm.class_stat["ACC"][i])


@given(arrays(np.int64, (2, 2), elements=st.integers(1, 60)))
@settings(max_examples=150, deadline=None)
def test_binary_extras_match_pycm(m):
    cm = pycm_of(m)  # class 0 = positive
    assert metrics.g_mean(m) == pytest.approx(cm.class_stat["GM"][0])
    assert metrics.odds_ratio(m) == pytest.approx(cm.class_stat["DOR"][0])
    assert metrics.peirce_skill_score(m) == pytest.approx(cm.class_stat["BM"][0])
    assert metrics.f_measure(m) == pytest.approx(cm.class_stat["F1"][0])
    assert metrics.precision(m, positive=False) == pytest.approx(cm.class_stat["NPV"][0])


def test_names_that_mean_different_things_in_pycm():
    cm = pycm_of(SOURCE_3X3)
    # PyCM's overall "CSI" is its classification success index, not the critical success index
    assert cm.overall_stat["CSI"] != pytest.approx(np.mean(metrics.critical_success_index(SOURCE_3X3)))
    # PyCM's "G" is the G-measure sqrt(PPV * TPR); the source's G-mean is PyCM's "GM"
    two = pycm_of(SOURCE_2X2)
    assert two.class_stat["G"][0] != pytest.approx(metrics.g_mean(SOURCE_2X2))
    assert two.class_stat["GM"][0] == pytest.approx(metrics.g_mean(SOURCE_2X2))
    # the source's R package prints one-vs-rest accuracies as "Hit Rate"
    assert [cm.class_stat["ACC"][i] for i in range(3)] == pytest.approx([10 / 14, 9 / 14, 9 / 14])
    assert metrics.hit_rate(SOURCE_3X3).tolist() == [0.5, 0.5, 0.5]


def test_source_worked_examples():
    # Figure 1.2 / the R output of twoCrossConfusionMatrixMetrics, and Figure 1.4 /
    # multilevelConfusionMatrixMetrics: the printed values come from the claims registry
    ours = {
        "gm.r-2x2.accuracy": metrics.accuracy(SOURCE_2X2),
        "gm.r-2x2.g-mean": metrics.g_mean(SOURCE_2X2),
        "gm.r-2x2.f-pos": metrics.f_measure(SOURCE_2X2),
        "gm.r-multilevel.pi": metrics.scotts_pi(SOURCE_3X3),
        "gm.r-multilevel.kappa": metrics.cohens_kappa(SOURCE_3X3),
        "gm.r-multilevel.alpha": metrics.alpha_reliability(SOURCE_3X3, definition="source"),
        "gm.r-multilevel.mae": metrics.diagonal_mae(SOURCE_3X3, denominator="total"),
    }
    for k, (csi, bias, gss) in enumerate(zip(metrics.critical_success_index(SOURCE_3X3), metrics.bias(SOURCE_3X3),
                                             metrics.gilbert_skill_score(SOURCE_3X3)), start=1):
        ours.update({f"gm.r-multilevel.csi.class{k}": csi, f"gm.r-multilevel.bias.class{k}": bias,
                     f"gm.r-multilevel.gss.class{k}": gss})
    for claim_id, value in ours.items():
        assert claims.judge(claim_id, value).verdict == "reproduced", claim_id
    assert metrics.cohens_kappa(SOURCE_2X2) == pytest.approx(1 / 7)
    assert metrics.gwet_chance_agreement(SOURCE_2X2) == pytest.approx(2 * 11 / 16 * 5 / 16)
    assert metrics.total_cost([[3, 2], [2, 1]], [[-20, 100], [45, -10]]) == 220


def test_degenerate_matrices_have_documented_results():
    never_predicted = [[3, 0], [2, 0]]  # class 2 never predicted
    with pytest.warns(metrics.UndefinedMetricWarning):
        assert np.isnan(metrics.bias(never_predicted)[1])
    never_present = [[3, 1, 0], [1, 3, 0], [0, 0, 0]]  # class 3 never occurs nor predicted
    with pytest.warns(metrics.UndefinedMetricWarning):
        hr = metrics.hit_rate(never_present)
    assert np.isnan(hr[2]) and hr[0] == 0.75
    assert metrics.hit_rate(never_present, zero_division=0.0)[2] == 0.0
    assert metrics.g_mean([[5, 0], [5, 0]], zero_division=0.0) == 0.0  # TNR = 0
    perfect = [[5, 0], [0, 5]]
    assert metrics.cohens_kappa(perfect) == 1.0 and metrics.alpha_reliability(perfect) == 1.0


def test_brier_score_matches_sklearn():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 200)
    p = rng.random(200)
    assert metrics.brier_score(y, p) == pytest.approx(skm.brier_score_loss(y, p))
    probs = rng.dirichlet(np.ones(3), 100)
    labels = rng.integers(0, 3, 100)
    brute = np.mean([np.sum((probs[i] - np.eye(3)[labels[i]]) ** 2) for i in range(100)])
    assert metrics.brier_score(labels, probs) == pytest.approx(brute)
    with pytest.raises(ValueError, match=r"y_prob must be .*in \[0, 1\]"):
        metrics.brier_score([1, 0], [1.2, 0.1])


def test_multilevel_argument_errors():
    with pytest.raises(ValueError, match="label_index"):
        metrics.one_vs_rest(SOURCE_3X3, 3)
    with pytest.raises(ValueError, match="denominator"):
        metrics.diagonal_mae(SOURCE_3X3, denominator="rows")
    with pytest.raises(ValueError, match="definition"):
        metrics.alpha_reliability(SOURCE_3X3, definition="cronbach")
    with pytest.raises(ValueError, match="shape of cm"):
        metrics.total_cost(SOURCE_3X3, [[1, 2], [3, 4]])


# ------------------------------------------------- huge float counts, limits of beta

SCALE_FREE = [
    metrics.accuracy, metrics.error_rate, metrics.true_positive_rate, metrics.false_negative_rate,
    metrics.true_negative_rate, metrics.false_positive_rate, metrics.precision,
    lambda m: metrics.precision(m, positive=False), metrics.f_measure,
    lambda m: metrics.f_measure(m, beta=2), metrics.g_mean, metrics.odds_ratio, metrics.hit_rate,
    metrics.critical_success_index, metrics.bias, metrics.gilbert_skill_score, metrics.scotts_pi,
    metrics.cohens_kappa, metrics.peirce_skill_score, metrics.gwet_chance_agreement, metrics.gwet_ac1,
    lambda m: metrics.alpha_reliability(m, definition="source"), metrics.gandin_murphy_skill_score,
    lambda m: metrics.diagonal_mae(m, denominator="total"),
]


def test_true_positive_rate_of_huge_float_counts():
    assert metrics.true_positive_rate([[1e308, 1e308], [1e308, 1e308]]) == 0.5
    assert metrics.f_measure([[1e308, 1e308], [1e308, 1e308]]) == 0.5
    assert metrics.odds_ratio([[1e308, 1e308], [1e308, 1e308]]) == 1.0
    assert metrics.accuracy([[1e308, 1e308], [1e308, 1e308]]) == 0.5


@pytest.mark.parametrize("metric", SCALE_FREE)
def test_ratio_metrics_do_not_overflow_on_huge_float_counts(metric):
    small = np.array([[3.0, 1.0], [2.0, 5.0]])
    huge = small * 3e307  # every entry finite, their sum above the float64 maximum
    np.testing.assert_allclose(metric(huge), metric(small), rtol=1e-12)


def test_non_scale_free_metrics_on_huge_float_counts():
    small = np.array([[3.0, 1.0], [2.0, 5.0]])
    assert metrics.diagonal_mae(small * 3e307) == pytest.approx(metrics.diagonal_mae(small) * 3e307)
    # Krippendorff's alpha depends on n through n(n - 1); at huge n it is its large-sample limit
    big_n = metrics.alpha_reliability(small * 1e12)
    assert metrics.alpha_reliability(small * 3e307) == pytest.approx(big_n, rel=1e-9)


def test_odds_ratio_without_underflow():
    # FP x FN = 1e-400 underflows to 0; the odds ratio is 1e200
    assert metrics.odds_ratio([[1.0, 1e-200], [1e-200, 1e-200]]) == pytest.approx(1e200, rel=1e-9)
    assert metrics.odds_ratio([[1e-200, 1.0], [1.0, 1e-200]]) == pytest.approx(0.0)
    assert metrics.odds_ratio([[1e-160, 1e-160], [1e-160, 1e-160]]) == pytest.approx(1.0)


def test_one_vs_rest_keeps_float_counts_as_floats():
    m = np.array(SOURCE_3X3, dtype=float) * 1e300
    two = metrics.one_vs_rest(m, 0)
    assert two.dtype == float
    np.testing.assert_allclose(two, np.array([[2, 2], [2, 8]]) * 1e300)
    assert metrics.one_vs_rest(SOURCE_3X3, 0).dtype == np.int64
    halves = metrics.one_vs_rest([[0.5, 1.5], [1.0, 2.0]], 1)
    assert halves.tolist() == [[2.0, 1.0], [1.5, 0.5]]


def test_one_vs_rest_refuses_to_overflow():
    with pytest.raises(ValueError, match="cm: the one-vs-rest counts overflow float64"):
        metrics.one_vs_rest(np.full((3, 3), 1e308), 0)
    with pytest.raises(ValueError, match="cm: the one-vs-rest counts exceed the int64 range"):
        metrics.one_vs_rest(np.full((3, 3), 2**62, dtype=np.int64), 0)


def test_f_measure_limits_of_beta():
    cm = [[19, 1], [50, 930]]
    recall, prec = metrics.true_positive_rate(cm), metrics.precision(cm)
    assert metrics.f_measure(cm, beta=float("inf")) == recall
    assert metrics.f_measure(cm, beta=1e200) == pytest.approx(recall)
    assert metrics.f_measure(cm, beta=1e-200) == pytest.approx(prec)
    assert metrics.f_measure(cm, beta=1e6) == pytest.approx(recall, rel=1e-9)
    with pytest.raises(ValueError, match="beta"):
        metrics.f_measure(cm, beta=float("nan"))
    with pytest.raises(ValueError, match="beta"):
        metrics.f_measure(cm, beta=-1.0)


def test_bad_arguments_raise_value_or_type_errors_naming_them():
    with pytest.raises(TypeError, match="label_index"):
        metrics.one_vs_rest(SOURCE_3X3, 1.0)
    with pytest.raises(ValueError, match="label_index"):
        metrics.one_vs_rest(SOURCE_3X3, -1)
    with pytest.raises(TypeError, match="y_true"):
        metrics.confusion_matrix(None, [1])
    with pytest.raises(ValueError, match="y_true"):
        metrics.confusion_matrix([[1, 0]], [[1, 0]])
    with pytest.raises(ValueError, match="labels"):
        metrics.confusion_matrix([1, 0], [1, 0], labels=[[1, 0]])
    with pytest.raises(ValueError, match="cost_matrix"):
        metrics.total_cost(SOURCE_2X2, [[1, np.inf], [0, 1]])
    with pytest.raises(ValueError, match="actual_counts"):
        metrics.gandin_murphy_weights([3])

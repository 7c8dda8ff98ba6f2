"""What Scott's lecture prints that the chapters compute from: its worked examples, as data.

The lecture's own values that we compare *against* (the interval bounds, the accuracies,
the critical values of its tables) are in ``claims.toml`` only.

Examples
--------
>>> from evalkit.reproductions.scott import source
>>> source.CI_EXAMPLE
{'mistakes': 12, 'n_samples': 40}
>>> len(source.ROC_EXAMPLES["confidence"]), source.ROC_EXAMPLES["label"].count("+")
(10, 5)
"""

__all__ = ["CI_EXAMPLE", "IMBALANCED_EXAMPLE", "ROC_EXAMPLES", "TEN_VERSUS_ELEVEN"]

#: the opening question: "If a tree has error 10% and an ANN has error 11%, is the tree absolutely better?"
TEN_VERSUS_ELEVEN = {"tree": 0.10, "ANN": 0.11}

#: the confidence-interval example: h misclassifies 12 of the 40 examples of the test set
CI_EXAMPLE = {"mistakes": 12, "n_samples": 40}

#: the imbalanced test set of the performance-measures section: positives, negatives, and
#: per hypothesis the (positives right, negatives right)
IMBALANCED_EXAMPLE = {
    "n_positive": 20,
    "n_negative": 980,
    "hypotheses": {"h1": (2, 965), "always-negative": (0, 980), "h2": (19, 930)},
}

#: the ten test examples x1..x10 of the ROC slide: the classifier's confidence and the true label
ROC_EXAMPLES = {
    "confidence": (169.752, 109.200, 19.210, 1.905, -2.75, -12.640, -29.124, -83.222, -91.554, -128.212),
    "label": ("+", "+", "-", "+", "+", "-", "-", "-", "+", "-"),
}

"""Checking that a page's qualitative claims can fail: each confirmed on the shared fake inputs,
refuted on inputs changed for it."""


def assert_each_refuted(ours, inputs, cases):
    """``ours(**inputs)`` says True for every claim of ``cases``; ``ours(**{**inputs, **cases[claim]})``
    says False for it.

    Parameters
    ----------
    ours : callable
        A page's claim function.
    inputs : dict
        Its keyword arguments, on which every claim of ``cases`` holds.
    cases : dict
        Claim id -> the keyword arguments that replace ``inputs``'s to refute it.
    """
    confirmed = ours(**inputs)
    for cid, changed in cases.items():
        assert confirmed[cid] is True, f"{cid} does not hold on the confirming inputs"
        assert ours(**{**inputs, **changed})[cid] is False, f"{cid} is not refuted by its counter-example"

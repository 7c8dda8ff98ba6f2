"""Fake results shaped like the network cross-validation experiments', for the tests of the pages' claims."""
import pandas as pd
import pytest


def _trials(props, *, handicapped="wvRN", spread=0.004):
    """A fake within-network study: RS rejects more often than NCV, falling with the share labelled.

    The networks (also the held-out pieces of Fig. 5) differ by ``spread`` about the mean.
    """
    rows = []
    for prop in props:
        for proc, base in (("rrs", 0.4), ("ncv", 0.12)):
            for network in range(4):
                paired = base - prop / 2 + spread * (network - 1.5)
                unpaired = base / 3 - prop / 10 + spread * (network - 1.5)
                rows.append({"procedure": proc, "prop_labeled": prop, "network": network, "held_out": network,
                             "paired": paired,
                             "unpaired": max(unpaired, 0.0), "wilcoxon": paired - 0.01,
                             "handicapped": handicapped, "handicap": max(0.0, 0.3 - prop),
                             "mean_difference": (-1) ** network * 0.001,
                             "var_mean_difference": 2e-3, "var_paired": 1e-3, "var_unpaired": 3e-3,
                             "accuracy_correlation": 0.5})
    return pd.DataFrame(rows)


def _variant(rates, **extra):
    """A fake Fig. 2a-design run: ``rates`` maps procedure -> Type I error per share labelled (0.1 .. 0.9)."""
    props = (0.1, 0.3, 0.5, 0.7, 0.9)
    return pd.DataFrame([{**extra, "procedure": proc, "prop_labeled": p, "type1_error": r, "n_trials": 1000,
                          "n_simulations": 10} for proc, rs in rates.items() for p, r in zip(props, rs)])


def _inference_trials(rho_shared, rho_alone, k=10):
    """Fake NCV trials whose variance ratio implies the given fold correlations."""
    rows = []
    for inference, rho in (("all", rho_shared), ("test", rho_alone)):
        for i, prop in enumerate((0.1, 0.2, 0.3, 0.4)):
            for network in range(4):
                r = rho + 0.001 * (i + network)  # distinct cells, no ties
                ratio = (1 + (k - 1) * r) / (1 - r)
                rows.append({"inference": inference, "procedure": "ncv", "prop_labeled": prop, "network": network,
                             "paired": 0.1, "unpaired": 0.05, "mean_difference": 0.01, "error_correlation": 0.1,
                             "var_paired": 1e-3, "var_mean_difference": ratio * 1e-3})
    return pd.DataFrame(rows)


def _at_gap():
    """Fake power at a 5-point gap, 300 and 600 nodes: 600 nodes 0.1 more powerful everywhere."""
    at_gap = {(size, p, t): v for size in (300, 600)
              for (p, t), v in {("rrs", "paired"): 0.7, ("rrs", "unpaired"): 0.6, ("ncv", "paired"): 0.25,
                                ("ncv", "unpaired"): 0.03}.items()}
    return {k: v + (0.1 if k[0] == 600 else 0.0) for k, v in at_gap.items()}


@pytest.fixture(scope="session")
def fake_trials():
    return _trials


@pytest.fixture(scope="session")
def fake_variant():
    return _variant


@pytest.fixture(scope="session")
def fake_inference_trials():
    return _inference_trials


def _power():
    """A fake Fig. 4 run whose power at a 5-point gap is :func:`_at_gap`'s, give or take 0.003 by network."""
    at_gap = _at_gap()
    rows = []
    for (size, proc, test), value in at_gap.items():
        for rate, gap, step in ((0.025, 0.0, -0.05), (0.3, 0.1, 0.05)):
            for network in range(4):
                rows.append({"nodes": size, "worse_rate": rate, "network": network, "procedure": proc,
                             "calibration_gap": gap, "test": test, "power": value + step + 0.002 * (network - 1.5)})
    frame = pd.DataFrame(rows).pivot_table(index=["nodes", "worse_rate", "network", "procedure", "calibration_gap"],
                                           columns="test", values="power").reset_index()
    frame.columns.name = None
    return frame


@pytest.fixture(scope="session")
def fake_at_gap():
    return _at_gap()


@pytest.fixture(scope="session")
def fake_power():
    return _power()

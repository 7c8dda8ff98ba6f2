"""Tests of evalkit.reproductions.network_cv (the package): its experiments are registered under the
source's slug, with the version-2 names as aliases, and every one has a command-line form."""
import argparse

import pytest

from evalkit.reproductions import _experiment
from evalkit.reproductions import network_cv as ncv

NAMES = ("network-cv-overlap", "network-cv-formulas", "network-cv-fig2", "network-cv-theorems", "network-cv-theorem3",
         "network-cv-lgm", "network-cv-lgm-sensitivity", "network-cv-fig3", "network-cv-fig4", "network-cv-table5",
         "network-cv-fig5", "network-cv-sec5-variants", "network-cv-inference-sets")


def test_registered_with_old_cli_names_as_aliases():
    for name in NAMES:
        spec = _experiment.REGISTRY[name]
        assert spec.source == "network_cv" and {"book", "paper"} <= set(spec.scales) and spec.paper_cost
    for old in ("neville-fig2", "neville-fig3", "neville-fig4"):
        assert _experiment.REGISTRY[old].name == old.replace("neville", "network-cv")
    assert _experiment.REGISTRY["network-cv-fig2"].parallel and _experiment.REGISTRY["network-cv-fig3"].parallel
    assert not _experiment.REGISTRY["network-cv-lgm"].parallel
    assert {s.name for s in _experiment.REGISTRY.values() if s.source == "network_cv"} == set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_command_line_form(name):
    spec = _experiment.REGISTRY[name]
    parser = argparse.ArgumentParser()
    _experiment.add_experiment_parser(parser.add_subparsers(), spec)
    args = parser.parse_args([name, "--scale", "small" if "small" in spec.scales else "book"])
    assert args.experiment is spec


def test_the_package_re_exports_the_pages():
    assert ncv.fig2 is ncv.simulated.fig2 and ncv.within_network_study is ncv.method.within_network_study
    assert all(hasattr(ncv, name) for name in ncv.__all__)

"""Tests of the @experiment decorator (evalkit/reproductions/_experiment.py): names, aliases, the
scale paragraph it writes."""
import pytest

from evalkit import reproductions
from evalkit.reproductions import _experiment
from evalkit.reproductions._experiment import REGISTRY, experiment


def _demo(name="demo-doc", doc="Demo.\n\n    Parameters\n    ----------\n    n : int\n        How many.\n    ",
          scales=None):
    def demo(*, n: int = None, progress: bool = False):
        return n

    demo.__doc__ = doc
    try:
        return experiment(name, scales=scales or {"book": {"n": 1}, "paper": {"n": 2}, "small": {"n": 0}},
                          paper_cost="instant")(demo)
    finally:
        REGISTRY.pop(name, None)


def test_the_scale_paragraph_is_written_from_the_presets():
    run = _demo()
    doc = run.__doc__
    assert doc.index("scale : {\"book\", \"paper\", \"small\"}, default \"book\"") < doc.index("n : int")
    assert '"small" a quick run' in doc and '"paper" the source\'s scale' in doc
    assert all(len(line) <= 100 for line in doc.splitlines())
    # without a Parameters section, one is added
    assert "scale : {\"book\", \"paper\"}" in _demo(doc="Demo.", scales={"book": {}, "paper": {}}).__doc__


def test_a_docstring_may_not_write_the_scale_paragraph_itself():
    with pytest.raises(ValueError, match="writes that"):
        _demo(doc="Demo.\n\n    Parameters\n    ----------\n    scale : str\n        Which.\n")


def test_every_experiment_is_named_after_its_source_slug_and_documents_its_scales():
    for spec in reproductions.experiments():
        slug = spec.source.replace("_", "-")
        assert spec.source in reproductions.SOURCES
        assert spec.name.startswith(slug + "-"), spec.name
        assert spec.function.__doc__.count("    scale : {") == 1, spec.name


def test_the_version_2_names_are_aliases():
    for former, slug in [("yang-fig7", "link-prediction-fig7"), ("neville-fig2", "network-cv-fig2"),
                         ("bouckaert-frank-table5", "replicability-table5")]:
        assert reproductions.get_experiment(former).name == slug
    assert set(_experiment._FORMER_PREFIXES) <= {s.replace("_", "-") for s in reproductions.SOURCES}


def test_a_source_experiment_must_start_with_its_slug():
    def fig(*, progress: bool = False):
        """Demo."""

    fig.__module__ = "evalkit.reproductions.network_cv.simulated"
    with pytest.raises(ValueError, match="slug"):
        experiment("neville-figx", scales={"book": {}, "paper": {}}, paper_cost="instant")(fig)
    assert "neville-figx" not in REGISTRY


def test_an_experiment_declares_what_it_runs_on_by_the_registrys_names():
    declared = [spec for spec in reproductions.experiments() if spec.uses]
    assert declared, "no experiment declares a stand-in"
    for spec in declared:
        assert spec.standin and spec.provenance("paper")["data"] == spec.standin   # every name resolves
    with pytest.raises(ValueError, match="uses must map"):
        experiment("demo-bad-uses", scales={"book": {}, "paper": {}}, paper_cost="instant",
                   uses={"networks": "lgm-networks"})
    with pytest.raises(ValueError, match="uses must map"):
        experiment("demo-bad-uses", scales={"book": {}, "paper": {}}, paper_cost="instant", uses={"data": " "})

    @experiment("demo-unknown-standin", scales={"book": {}, "paper": {}}, paper_cost="instant",
                uses={"data": "no-such-standin"})
    def demo():
        """Demo."""
    try:
        with pytest.raises(ValueError, match="no registry's"):
            demo.experiment.provenance()
        assert REGISTRY["demo-unknown-standin"].uses == {"data": "no-such-standin"}
    finally:
        REGISTRY.pop("demo-unknown-standin", None)

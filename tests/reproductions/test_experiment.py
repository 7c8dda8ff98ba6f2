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


def test_a_stand_in_may_be_declared_by_name_or_by_a_parameters_value():
    @experiment("demo-keyed-uses", scales={"book": {"learners": "counts"}, "paper": {"learners": "weka"}},
                paper_cost="instant",
                uses={"data": {"DBLP": "condmat-for-dblp"}, "learners": {"learners=counts": "count-learners-for-weka"}})
    def demo(*, learners: str = None):
        """Demo."""
    try:
        spec = demo.experiment
        from evalkit import claims
        counts, dblp = claims.standin("count-learners-for-weka"), claims.standin("condmat-for-dblp")
        assert spec.provenance("paper", reads=("Condmat",))["data"] is None         # the paper's network, its learners
        assert spec.provenance("paper", reads=("DBLP",))["data"] == dblp
        assert spec.provenance("book", reads=("Condmat",))["data"] == counts       # the preset's value
        assert spec.provenance("paper", reads=(), learners="counts")["data"] == counts   # a value given
        assert spec.provenance("book", reads=("DBLP",))["data"] == f"{dblp}; {counts}"
    finally:
        REGISTRY.pop("demo-keyed-uses", None)
    for bad in ({"data": {}}, {"data": {"DBLP": ""}}, {"data": {"DBLP": 3}}, {"learners": ["x"]}):
        with pytest.raises(ValueError, match="uses must map"):
            experiment("demo-bad-uses", scales={"book": {}, "paper": {}}, paper_cost="instant", uses=bad)


def test_a_page_computation_declares_what_it_runs_on_as_an_experiment_does():
    from evalkit import claims

    declared = reproductions.declare(uses={"data": {"Enron": "email-eu-core-for-enron"}, "learners": "sklearn-linear-svm"})
    svm = claims.standin("sklearn-linear-svm")
    assert declared.provenance(reads=("Condmat",)) == {"scale": None, "data": svm}
    assert declared.provenance(reads=("Enron",))["data"] == f"{claims.standin('email-eu-core-for-enron')}; {svm}"
    options = declared.claim_provenance(["a", "b"], reads={"a": (), "b": ("Enron",)}.get, also={"a": {"std_error": 0.1}})
    assert options["a"] == {"scale": None, "data": svm, "std_error": 0.1} and "Enron" in options["b"]["data"]
    with pytest.raises(ValueError, match="declare\\(\\): uses must map"):
        reproductions.declare(uses={"networks": "x"})


def test_a_declaration_does_not_change_a_stored_runs_key(tmp_path):
    from evalkit.reproductions._declarations import computation_source

    plain = tmp_path / "a.py"
    declared = tmp_path / "b.py"
    plain.write_text("X = declare()\n")
    declared.write_text('X = declare(uses={"data": "a-stand-in"})\n')
    assert computation_source(plain) == computation_source(declared) == b"X = declare()\n"

"""Tests of evalkit.reproductions.network_cv.real_data: Table 5 and Fig. 5 on the labelled networks we
have, and the page's claims."""
import numpy as np
import pandas as pd
import pytest

from evalkit import claims
from evalkit import relational as rel
from evalkit.reproductions.network_cv import real_data, setups, source


@pytest.mark.slow
def test_real_data_small():
    table = real_data.table5(scale="small", prop_labeled=(0.5,))
    assert list(table.columns) == ["data set", "task", "positives", "error corr.", "autocorr.", "autocorr. C*"]
    assert (table["autocorr. C*"] >= table["autocorr."].abs() - 1e-12).all()
    assert table.iloc[1]["autocorr."] == pytest.approx(
        rel.label_autocorrelation(*setups.table5_tasks()[("Political books", "Neutral?")]))
    res = real_data.fig5(scale="small", prop_labeled=(0.3,))
    assert len(res["pieces"]) == 6 and set(res["trials"].held_out) == set(range(6))
    assert np.ptp(res["pieces"].positive) < 0.01  # the stratified pieces look alike


def test_paper_table5_comes_from_the_registry():
    table = real_data.paper_table5()
    assert len(table) == 6
    for key, (data, task) in source.TABLE5_PAPER_ROWS.items():
        row = table[(table["data set"] == data) & (table.task == task)].iloc[0]
        assert (row["error corr."], row["autocorr."]) == (claims.source_value(f"neville.table5.{key}.error-corr"),
                                                          claims.source_value(f"neville.table5.{key}.autocorr"))
    key = "neville.table5.reality-student.error-corr"
    assert table.iloc[-1]["error corr."] == claims.source_value(key)


def test_table5_and_fig5_claims(fake_trials):
    measured = pd.DataFrame({"data set": ["Enron email", "Political books", "Cora"], "task": ["Executive?", "Neutral?", "x?"],
                             "error corr.": [0.01, 0.2, 0.3], "autocorr.": [0.02, 0.2, 0.6]})
    ours = real_data.ours(measured=measured)
    assert ours["neville.table5.polbooks-neutral.error-corr"] == 0.2
    # three tasks in the same order: Kendall's one-sided p is 1/6, so they cannot decide
    assert ours["neville.sec4.error-corr-tracks-autocorr"] is None and ours["neville.sec4.all-trials-error-corr"]
    assert real_data.tracks([0.1, 0.2, 0.3, 0.5, 0.6], [0.0, 0.05, 0.1, 0.3, 0.35]) is True
    assert real_data.tracks([0.1, 0.2, 0.3, 0.5, 0.6], [0.35, 0.3, 0.1, 0.05, 0.0]) is False
    with pytest.raises(ValueError, match="one length"):
        real_data.tracks([0.1, 0.2], [0.1, 0.2, 0.3])
    fig5 = real_data.ours(fig5=fake_trials((0.1, 0.2, 0.3, 0.4, 0.5)))
    assert fig5["neville.fig5.resampling-up-to-40"] == pytest.approx(0.35)
    assert fig5["neville.fig5.ncv-more-reasonable"] and fig5["neville.sec7.converge-50-60"]
    verdicts = {r.claim.id: r.verdict for r in claims.record_all(fig5, **real_data.fig5.experiment.provenance())}
    assert verdicts["neville.fig5.ncv-more-reasonable"] == "reproduced-standin"  # the experiment's declared stand-in


def test_fig5_predicates_are_decided_with_the_spread_over_the_pieces(fake_trials):
    """Each of Fig. 5's comparisons says True on a confirming run, False on a counter-example and
    None when the pieces disagree too much to tell."""
    props = (0.1, 0.2, 0.3, 0.4, 0.5)
    keys = ("neville.fig5.like-synthetic", "neville.fig5.ncv-more-reasonable", "neville.fig5.falls-with-labelled")
    confirming = real_data.ours(fig5=fake_trials(props))
    assert [confirming[k].holds for k in keys] == [True, True, True]
    trials = fake_trials(props)
    swapped = trials.assign(procedure=trials.procedure.map({"rrs": "ncv", "ncv": "rrs"}))   # NCV rejects more
    rising = trials.assign(prop_labeled=0.6 - trials.prop_labeled)                          # errors grow with labels
    assert [real_data.ours(fig5=swapped)[k].holds for k in keys[:2]] == [False, False]
    assert real_data.ours(fig5=rising)["neville.fig5.falls-with-labelled"].holds is False
    # pieces that disagree on the comparisons (a spread common to both procedures would cancel)
    wobble = np.where(trials.procedure == "ncv", 0.4 * (trials.held_out - 1.5) * (1 - trials.prop_labeled), 0.0)
    noisy = real_data.ours(fig5=trials.assign(paired=trials.paired + wobble, unpaired=trials.unpaired + wobble))
    assert [noisy[k].holds for k in keys] == [None, None, None]
    verdicts = {r.claim.id: r.verdict for r in claims.record_all(noisy)}
    assert {verdicts[k] for k in keys} == {"inconclusive"}
    with pytest.raises(ValueError, match="held_out"):
        real_data.ours(fig5=trials.drop(columns="held_out"))
    with pytest.raises(ValueError, match="two held-out pieces"):
        real_data.ours(fig5=trials[trials.held_out == 0])


def test_bad_arguments_are_refused_before_anything_runs():
    with pytest.raises(ValueError, match="models"):
        real_data.table5(models=("wvrn", "svm"))
    with pytest.raises(TypeError, match="measured"):
        real_data.ours(measured={"data set": []})


def test_all_trials_error_corr_fails_on_a_negative_correlation():
    measured = pd.DataFrame({"data set": ["Enron email", "Political books", "Cora"], "task": ["Executive?", "Neutral?", "x?"],
                             "error corr.": [0.01, 0.2, 0.3], "autocorr.": [0.02, 0.2, 0.6]})
    assert real_data.ours(measured=measured)["neville.sec4.all-trials-error-corr"] is True
    negative = measured.assign(**{"error corr.": [-0.05, 0.2, 0.3]})
    assert real_data.ours(measured=negative)["neville.sec4.all-trials-error-corr"] is False

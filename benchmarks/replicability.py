"""Bouckaert & Frank's experiment: Weka's learners against the scikit-learn stand-ins, and
evalkit's runner against a plain scikit-learn loop.

First, the cost of the paper's own learners: the same design (5x2 CV, 100 random
subsamples, 10x10-fold CV, three learners) with Weka's NaiveBayes, J48 and IBk run inside
one JVM per process (splits made by Weka) against the scikit-learn stand-ins, as fits per
second, serially on a warm JVM; and Table 5's simulation per training set with Weka's
NaiveBayes and J48 against the vectorised count learners.

The runner fits each learner once per split and reuses the scores for every test and
every pair of learners, with a NumPy preprocessor. The baseline does the same statistical
work the way one would write it with scikit-learn alone: for every pair of learners and
every design, ``cross_val_score`` for both learners (standard ColumnTransformer
pipelines), so each learner is fitted again for each pair. Both run on the same data sets
and seeds; the script prints fits per second and the time ratio.

    python benchmarks/replicability.py          # 3 data sets, 2 repetitions (about two minutes)
    python benchmarks/replicability.py --quick  # labor only; Table 5: one training set of one source (the book's build)
    python benchmarks/replicability.py --full   # + the paper's full design, 27 data sets x 10 repetitions
                                                #   (170,100 fits), with Weka's learners and with the
                                                #   stand-ins, n_jobs=2 (about 15 minutes on 2 cores)
"""
import sys
import time

from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.model_selection import RepeatedStratifiedKFold, ShuffleSplit, cross_val_score
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import MinMaxScaler, OneHotEncoder
from sklearn.tree import DecisionTreeClassifier

from evalkit import datasets
from evalkit.reproductions import replicability as bf

SUBSET = ("labor", "vote", "diabetes")


def sklearn_learners(data):
    target = data.attributes[data.target]
    kinds = [a.kind for a in data.attributes if a is not target]
    num = [j for j, k in enumerate(kinds) if k == "numeric"]
    nom = [j for j, k in enumerate(kinds) if k == "nominal"]

    def prep(scale):
        parts = []
        if num:
            parts.append(("num", make_pipeline(SimpleImputer(), *([MinMaxScaler()] if scale else [])), num))
        if nom:
            parts.append(("nom", make_pipeline(SimpleImputer(strategy="most_frequent"),
                                               OneHotEncoder(handle_unknown="ignore", sparse_output=False)), nom))
        return ColumnTransformer(parts)

    return {"NB": make_pipeline(prep(False), GaussianNB()),
            "C4.5": make_pipeline(prep(False), DecisionTreeClassifier(criterion="entropy", min_samples_leaf=2)),
            "NN": make_pipeline(prep(True), KNeighborsClassifier(1))}


def baseline(names, repetitions):
    fits = 0
    for name in names:
        data = datasets.load_arff(name)
        keep = data.y >= 0
        X, y = data.X[keep], data.y[keep]
        learners = sklearn_learners(data)
        for seed in range(repetitions):
            designs = [RepeatedStratifiedKFold(n_splits=2, n_repeats=5, random_state=seed),
                       ShuffleSplit(n_splits=100, test_size=0.1, random_state=seed),
                       RepeatedStratifiedKFold(n_splits=10, n_repeats=10, random_state=seed)]
            for a, b in bf.PAIRS:
                for cv in designs:
                    cross_val_score(learners[a], X, y, cv=cv)
                    cross_val_score(learners[b], X, y, cv=cv)
                    fits += 2 * cv.get_n_splits()
    return fits


def weka_against_standins(names, repetitions):
    """Fits per second of the two learner sets on the same design, serially (the JVM warm)."""
    from evalkit.learners import start_jvm

    start_jvm()
    bf.run_replication(["iris"], repetitions=2, learners="weka")  # warm the JVM's compiler
    out = {}
    for learners in ("weka", "standins"):
        res = bf.run_replication(names, repetitions=repetitions, learners=learners, n_jobs=1)
        out[learners] = res
    w, s = out["weka"], out["standins"]
    print(f"the paper's design on {len(names)} data sets x {repetitions} repetitions, serially:")
    print(f"  Weka's learners (JVM): {w.fits} fits in {w.seconds:.1f} s ({w.fits / w.seconds:.0f} fits/s)")
    print(f"  scikit-learn stand-ins: {s.fits} fits in {s.seconds:.1f} s ({s.fits / s.seconds:.0f} fits/s)")
    ratio = s.seconds / w.seconds
    print(f"  Weka's learners are {'faster' if ratio >= 1 else 'slower'}: x{max(ratio, 1 / ratio):.1f}")


def table5_weka_against_counts(training_sets, repetitions=10, n_sources=4):
    """Table 5's cost per training set: Weka's NaiveBayes and J48 against the count learners."""
    sources, _ = bf.simulation_sources(learners="counts")
    sources = sources[:n_sources]
    bf.run_simulation(sources[:1], n_training_sets=1, repetitions=1, learners="weka", n_jobs=1)  # warm the JVM
    times = {}
    for learners in ("weka", "counts"):
        res = bf.run_simulation(sources, n_training_sets=training_sets, repetitions=repetitions, learners=learners,
                                n_jobs=1)
        times[learners] = res.seconds / (len(sources) * training_sets)
    fits = repetitions * 210 * 2  # every split of every repetition, two learners
    print(f"Table 5, {fits} fits per training set of 300 cases, serially:")
    for learners, t in times.items():
        print(f"  {learners}: {t:.2f} s per training set ({fits / t:.0f} fits/s); the paper's 4 x 1,000 "
              f"training sets: {4000 * t / 60 / 2:.0f} min on 2 cores")
    print(f"  the count learners are x{times['weka'] / times['counts']:.1f} faster")


def main(full=False, quick=False):
    subset = SUBSET[:1] if quick else SUBSET
    weka_against_standins(subset, 2)
    table5_weka_against_counts(1, n_sources=1) if quick else table5_weka_against_counts(2)
    start = time.perf_counter()
    ours = bf.run_replication(subset, repetitions=2, learners="standins")
    t_ours = time.perf_counter() - start
    start = time.perf_counter()
    base_fits = baseline(subset, 2)
    t_base = time.perf_counter() - start
    print(f"same statistical work on {len(subset)} data set(s) x 2 repetitions, stand-in learners:")
    print(f"  evalkit runner: {ours.fits} fits in {t_ours:.1f} s ({ours.fits / t_ours:.0f} fits/s)")
    print(f"  cross_val_score per pair: {base_fits} fits in {t_base:.1f} s ({base_fits / t_base:.0f} fits/s)")
    print(f"  speed-up x{t_base / t_ours:.1f} (fewer fits: x{base_fits / ours.fits:.1f}; "
          f"faster fits: x{(ours.fits / t_ours) / (base_fits / t_base):.1f})")
    if full:
        names = list(bf.PAPER_DATASET_NAMES)
        for learners in ("weka", "standins"):
            res = bf.run_replication(names, repetitions=10, learners=learners, n_jobs=2, progress=True)
            print(f"paper's full design with {learners} (27 data sets x 10 repetitions, n_jobs=2): {res.fits} fits "
                  f"in {res.seconds / 60:.1f} min ({res.fits / res.seconds:.0f} fits/s)")


if __name__ == "__main__":
    main(full="--full" in sys.argv, quick="--quick" in sys.argv)

"""Bouckaert & Frank's experiment: evalkit's runner against a plain scikit-learn loop.

The runner fits each learner once per split and reuses the scores for every test and
every pair of learners, with a NumPy preprocessor. The baseline does the same statistical
work the way one would write it with scikit-learn alone: for every pair of learners and
every design, ``cross_val_score`` for both learners (standard ColumnTransformer
pipelines), so each learner is fitted again for each pair. Both run on the same data sets
and seeds; the script prints fits per second and the time ratio.

    python benchmarks/replicability.py          # 3 data sets, 2 repetitions (about a minute)
    python benchmarks/replicability.py --full   # + the paper's full design: 27 data sets x 10 repetitions
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
from evalkit.reproductions import bouckaert_frank as bf

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


def main(full=False):
    start = time.perf_counter()
    ours = bf.run_replication(SUBSET, repetitions=2)
    t_ours = time.perf_counter() - start
    start = time.perf_counter()
    base_fits = baseline(SUBSET, 2)
    t_base = time.perf_counter() - start
    print(f"same statistical work on {len(SUBSET)} data sets x 2 repetitions:")
    print(f"  evalkit runner: {ours.fits} fits in {t_ours:.1f} s ({ours.fits / t_ours:.0f} fits/s)")
    print(f"  cross_val_score per pair: {base_fits} fits in {t_base:.1f} s ({base_fits / t_base:.0f} fits/s)")
    print(f"  speed-up x{t_base / t_ours:.1f} (fewer fits: x{base_fits / ours.fits:.1f}; "
          f"faster fits: x{(ours.fits / t_ours) / (base_fits / t_base):.1f})")
    if full:
        res = bf.run_replication(datasets.UCI_DATASETS, repetitions=10, n_jobs=2, progress=True)
        print(f"paper's full design (27 data sets x 10 repetitions, n_jobs=2): {res.fits} fits in "
              f"{res.seconds / 60:.1f} min ({res.fits / res.seconds:.0f} fits/s)")
        for test, per_pair in bf.summary_tables(res).items():
            print(f"  {test}: " + "; ".join(
                f"{pair} {s.consistent}/{s.almost_consistent}/R={s.replicability:.3f}" for pair, s in per_pair.items()))


if __name__ == "__main__":
    main(full="--full" in sys.argv)

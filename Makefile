# The two commands of the README. Each creates .venv and installs requirements.txt
# (the book's pinned stack plus evalkit itself, editable) when needed.
#   make test   unit tests, evalkit doctests, loader tests
#   make book   strict build: any Sphinx warning or cell error fails it
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: test book results check-book bench publish pdf clean clean-book venv

venv: $(STAMP)

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $(STAMP)

# the test files spread over the cores (pytest-xdist; a file's tests stay together, so a module's
# fixtures are built once); PYTEST_WORKERS=0 runs them in this process
PYTEST_WORKERS ?= auto
test: $(STAMP)
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --maxprocesses 4 --dist loadfile

# every stored run the experiments declare that results/ lacks or holds stale (hours; resumable)
results: $(STAMP)
	$(BIN)/evalkit results --n-jobs -1

# OpenBLAS picks its kernels by the processor, and they round matrix products differently:
# the results store is recorded and replayed with one of them, Haswell (STORE_KERNEL of
# evalkit/reproductions/_machine.py), on any x86-64 processor that can run it (AVX2), whatever
# the environment says
BLAS_KERNEL := $(shell grep -qw avx2 /proc/cpuinfo 2>/dev/null && echo Haswell)
ifneq ($(BLAS_KERNEL),)
export OPENBLAS_CORETYPE := $(BLAS_KERNEL)
endif

# which units of each stored run the build recomputes: fixed by the commit, another for the next
export EVALKIT_SPOT_CHECK_SEED ?= $(shell git rev-parse HEAD 2>/dev/null)

book: $(STAMP)
	@# MPLBACKEND=Agg (set on some CI machines) would stop the kernels drawing figures inline.
	@# EVALKIT_RESULT_CACHE: results several chapters share are computed once per build and kept
	@# in _build/.evalkit_cache, keyed by evalkit's code and the data (evalkit/reproductions/_cache.py)
	@# .ci/jupyter_book is jupyter-book with Sphinx's parallel read: it executes EVALKIT_BUILD_JOBS
	@# chapters side by side (default: 2, or 1 on one core). So the performance appendix's benchmarks
	@# run first, one at a time and alone, and the appendix prints what they measured (benchmarks/_quick.py)
	rm -rf _build/.benchmarks
	@# .ci/timed prints each step's wall and CPU time (the build's profile, in the log)
	.ci/timed "quick benchmarks" $(BIN)/python benchmarks/_quick.py _build/.benchmarks
	@# EVALKIT_STORE_LOG: which stored runs the chapters read (and spot-checked) or computed, printed
	@# below rather than on the pages (each page states its runs' provenance itself)
	mkdir -p _build && rm -f _build/store.log
	env -u MPLBACKEND EVALKIT_RESULT_CACHE=$(CURDIR)/_build/.evalkit_cache \
	  EVALKIT_BENCHMARK_OUTPUT=$(CURDIR)/_build/.benchmarks EVALKIT_STORE_LOG=$(CURDIR)/_build/store.log \
	  .ci/timed "the chapters (read and executed, then written)" \
	  $(BIN)/python .ci/jupyter_book build . --warningiserror --nitpick --keep-going
	@echo "== the results store in this build (_build/store.log) =="; cat _build/store.log 2>/dev/null || echo "(no stored run used)"
	.ci/timed "book tests" $(BIN)/python -m pytest -m book tests/test_book.py
	@# every page in headless Chromium at 1366 and 390 px (skipped, saying why, without Chromium)
	.ci/timed "browser test of the site" $(BIN)/python -m pytest -m book -rs tests/test_site_browser.py

# the whole book as one PDF (_build/pdf/evalkit-book.pdf): the single-page build, printed by Chromium
pdf: book
	env -u MPLBACKEND $(BIN)/jupyter-book build . --builder singlehtml
	$(BIN)/python .ci/book_pdf

# the built site to the gh-pages branch of origin (GitHub Pages; the Colab buttons open its notebooks)
publish: book
	.ci/publish

bench: $(STAMP)
	for script in benchmarks/[a-z]*.py; do $(BIN)/python $$script || exit 1; done

clean-book:
	rm -rf _build

clean: clean-book
	rm -rf $(VENV) .pytest_cache .hypothesis *.egg-info

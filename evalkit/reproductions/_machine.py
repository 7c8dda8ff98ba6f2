"""The machine a stored run is computed on: its processor, and the BLAS kernels it computes with (private).

OpenBLAS, the BLAS of NumPy's and SciPy's wheels, picks its kernels by the processor at
load time, and kernels for different instruction sets round a matrix product
differently. Most stored runs do not notice, but two do (measured on 2026-11-28, an
AMD EPYC beside the Intel Xeon the store was recorded on): Fig. 8's gradient boosting
differs by an ulp, and Tables 1-4's nearest-neighbour stand-in orders equally near
neighbours differently, so 64 of its 270 units change. The Xeon's OpenBLAS had picked
its SkylakeX kernels, the EPYC's (told by its environment) Haswell; forcing
``OPENBLAS_CORETYPE=SkylakeX`` on the EPYC made Fig. 8's units and the five of the 64
differing units tried bit-identical to the store. So the store is kept with one kernel, :data:`STORE_KERNEL`, the one every x86-64
processor with AVX2 can run: ``make`` (and Binder's ``binder/start``) set
``OPENBLAS_CORETYPE`` to it, the book's own store records only with it, each new run notes
the kernels in its provenance, and a spot check that fails under other kernels says so.

The runs recorded on the Xeon before the note existed were checked under Haswell on
2026-11-29: those two recorded again, and every unit of the others recomputed
bit-identically (null copies, Scott's coverage, the network-CV runs, the link-prediction
runs with Table 2's 400), except the two Weka runs (Table 5's 4,000 units and Tables 1-4's
270), whose learners run in Java and whose units agreed in every spot check so far.
"""
from __future__ import annotations

import os
import platform
from pathlib import Path

__all__ = ["STORE_KERNEL", "blas_kernels", "describe_machine", "kernel_advice", "require_store_kernel"]

#: The OpenBLAS kernel (``OPENBLAS_CORETYPE``) the results store is recorded and replayed with.
STORE_KERNEL = "Haswell"


def describe_machine():
    """The cores, processor, system and Python of this machine, in words (a run's provenance).

    Examples
    --------
    >>> "Python" in describe_machine()
    True
    """
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({cpu}), {platform.system()}, Python {platform.python_version()}"


def blas_kernels():
    """The kernels of every OpenBLAS this process has loaded (NumPy's and SciPy's), sorted.

    Returns
    -------
    tuple of str
        E.g. ``("SkylakeX",)``; empty when no OpenBLAS is loaded (another BLAS).

    Examples
    --------
    >>> all(isinstance(k, str) for k in blas_kernels())
    True
    """
    import numpy  # noqa: F401  (loads NumPy's OpenBLAS)
    import scipy.linalg  # noqa: F401  (loads SciPy's, which scikit-learn's distances use)
    from threadpoolctl import threadpool_info

    return tuple(sorted({info.get("architecture") or "unknown" for info in threadpool_info()
                         if info.get("internal_api") == "openblas"}))


def kernel_advice(recorded=None):
    """A sentence on this process's BLAS kernels beside a run's, for a spot check that failed.

    Parameters
    ----------
    recorded : sequence of str, optional
        The kernels the run's provenance notes; a run without the note (recorded before it
        existed) is taken to be kept with :data:`STORE_KERNEL`.

    Returns
    -------
    str
        Empty when this process computes with the run's kernels (or with no OpenBLAS).

    Examples
    --------
    >>> kernel_advice(recorded=blas_kernels())
    ''
    >>> advice = kernel_advice(recorded=["NoSuchKernel"])   # empty where no OpenBLAS is seen
    >>> "OPENBLAS_CORETYPE=NoSuchKernel" in advice if blas_kernels() else advice == ""
    True
    """
    wanted = tuple(sorted(recorded)) if recorded else (STORE_KERNEL,)
    here = blas_kernels()
    if not here or here == wanted:
        return ""
    forced = os.environ.get("OPENBLAS_CORETYPE")
    return (f" This process computes with OpenBLAS's {', '.join(here)} kernels"
            f"{f' (OPENBLAS_CORETYPE={forced})' if forced else ''}, the run was recorded with "
            f"{', '.join(wanted)}, and they can round a matrix product differently: set "
            f"OPENBLAS_CORETYPE={wanted[0]} before Python starts (make does, on a processor with AVX2).")


def require_store_kernel():
    """Stop a recording into the book's store under other kernels than :data:`STORE_KERNEL`.

    A run recorded so could not be replayed bit for bit by a build with the store's kernels.

    Raises
    ------
    RuntimeError
        Naming this process's kernels and how to set the store's.

    Examples
    --------
    >>> if blas_kernels() in ((), (STORE_KERNEL,)):
    ...     require_store_kernel()  # nothing to say
    """
    here = blas_kernels()
    if here and here != (STORE_KERNEL,):
        raise RuntimeError(f"the book's results store is recorded with OpenBLAS's {STORE_KERNEL} kernels, this "
                           f"process computes with {', '.join(here)}: run `make results`, or set "
                           f"OPENBLAS_CORETYPE={STORE_KERNEL} before Python starts")

"""Timing helper shared by the benchmark scripts: best of several repeats."""
import time


def best_time(fn, *, repeat=5, number=1):
    """Best wall-clock seconds of ``number`` calls of ``fn`` over ``repeat`` repeats."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def report(name, ours, theirs, alternative):
    ratio = theirs / ours
    print(f"{name}: evalkit {ours * 1e3:.2f} ms, {alternative} {theirs * 1e3:.2f} ms, "
          f"speed-up x{ratio:.1f}" if ratio >= 1 else
          f"{name}: evalkit {ours * 1e3:.2f} ms, {alternative} {theirs * 1e3:.2f} ms, "
          f"evalkit is slower: x{1 / ratio:.1f}")
    return {"benchmark": name, "evalkit_ms": ours * 1e3, "alternative": alternative,
            "alternative_ms": theirs * 1e3, "speedup": ratio}

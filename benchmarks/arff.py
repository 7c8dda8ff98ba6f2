"""Reading the 26 UCI ARFF files that scipy can read: evalkit's reader vs scipy.io.arff.

Both parse the same decompressed text held in memory (no disk or checksum time), and
the parsed values are compared. soybean.arff is left out because scipy rejects it.
Run: ``python benchmarks/arff.py``.
"""
import gzip
import io
import sys
from pathlib import Path

from scipy.io import arff as scipy_arff

sys.path.insert(0, str(Path(__file__).parent))
from _timing import best_time, report  # noqa: E402

from evalkit import datasets  # noqa: E402
from evalkit.datasets import parse_arff  # noqa: E402


def main():
    texts = [
        gzip.decompress(datasets.fetch(f"uci/{name}.arff.gz").read_bytes()).decode()
        for name in datasets.UCI_DATASETS
        if name != "soybean"
    ]
    for text in texts:
        ref, _ = scipy_arff.loadarff(io.StringIO(text))
        assert len(ref) == parse_arff(text).shape[0]
    t_ours = best_time(lambda: [parse_arff(t) for t in texts], repeat=3)
    t_scipy = best_time(lambda: [scipy_arff.loadarff(io.StringIO(t)) for t in texts], repeat=3)
    return [report(f"{len(texts)} UCI ARFF files", t_ours, t_scipy, "scipy.io.arff.loadarff")]


if __name__ == "__main__":
    main()

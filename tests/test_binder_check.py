""".ci/binder_check: pages executed as a Binder reader would, with time and peak memory reported.

The check runs each page as a fresh notebook on one core and, where a memory cgroup can be
made (root, a memory controller), under a memory limit without swap. These tests run it on
small pages written here and on one short chapter; the whole book's table (every chapter,
about 15 minutes on one core) is made by hand and quoted in the notes:
``.venv/bin/python .ci/binder_check --json binder.json``.
"""
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
CHECK = ROOT / ".ci" / "binder_check"

HEADER = """\
---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---
"""


def _page(tmp_path, name, *cells):
    body = "".join(f"\n```{{code-cell}} ipython3\n{textwrap.dedent(c).strip()}\n```\n" for c in cells)
    path = tmp_path / f"{name}.md"
    path.write_text(HEADER + body)
    return path


def _check(tmp_path, *args):
    out = tmp_path / "table.json"
    proc = subprocess.run([sys.executable, str(CHECK), *map(str, args), "--json", str(out)],
                          capture_output=True, text=True, timeout=600)
    rows = json.loads(out.read_text()) if out.is_file() else None
    return proc, rows


def test_a_page_that_runs_is_reported_with_its_time_and_memory_and_its_scale_can_be_set(tmp_path):
    page = _page(tmp_path, "scaled", 'SCALE = "book"\nimport numpy as np',
                 'assert SCALE == "binder", SCALE\nprint(np.arange(3).sum())')
    proc, rows = _check(tmp_path, page, "--set", "SCALE=binder")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (row,) = rows
    assert row["page"].endswith("scaled.md") and row["outcome"] == "ran" and 0 < row["seconds"] < 300
    if "no memory cgroup" not in proc.stderr:
        assert 0 < row["peak_mb"] <= 1536
    # without --set the page's own assignment holds, and its assertion fails the page
    proc, rows = _check(tmp_path, page)
    assert proc.returncode == 1 and rows[0]["outcome"].startswith("failed: AssertionError")


def test_a_page_over_the_time_limit_fails_the_check(tmp_path):
    page = _page(tmp_path, "slow", "import time\ntime.sleep(3)")
    proc, rows = _check(tmp_path, page, "--max-seconds", "1")
    assert proc.returncode == 1 and rows[0]["outcome"] == "ran (over 1 s)"


def test_a_page_that_needs_more_memory_than_the_box_is_killed(tmp_path):
    page = _page(tmp_path, "greedy", "import numpy as np\nblock = np.ones(100 * 2**20)  # 800 MB, touched")
    proc, rows = _check(tmp_path, page, "--memory-gb", "0.4")
    if "no memory cgroup" in proc.stderr:
        pytest.skip("no memory cgroup can be made here (not root, or no memory controller): the limit cannot hold")
    assert proc.returncode == 1 and rows[0]["outcome"] == "killed (out of memory)", rows


def test_a_short_chapter_runs_in_a_binder_sized_box(tmp_path):
    proc, rows = _check(tmp_path, ROOT / "chapters" / "scott" / "ci-test-error.md")
    assert proc.returncode == 0, proc.stdout + proc.stderr[-3000:]
    assert rows[0]["page"] == "chapters/scott/ci-test-error.md" and rows[0]["outcome"] == "ran"

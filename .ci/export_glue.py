#!/usr/bin/env python
"""Export every glued value of the book's executed notebooks, one line each, sorted.

    python .ci/export_glue.py _build > glue.tsv          # from a build (_build/jupyter_execute/*.glue.json)
    python .ci/export_glue.py chapters/scott/index.md    # execute chapter(s) first, then export

Each line is ``page <TAB> key <TAB> mime type <TAB> value``; images are shown by the
sha256 of their bytes. Two builds glue the same numbers when the two exports are equal
(``diff``); a refactor must leave them so (timings, glued as ``*seconds*``, ``*minutes*`` keys, excepted
with ``--skip-timings``).
"""
import argparse
import hashlib
import json
import os
import pathlib
import sys


PREFIX = "application/papermill.record/"


def _strip(data):
    return {(mime[len(PREFIX):] if mime.startswith(PREFIX) else mime): value for mime, value in data.items()}


def _glue_outputs(nb):
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            meta = out.get("metadata", {}).get("scrapbook")
            if meta:
                yield meta["name"], _strip(out.get("data", {}))


def _built_pages(build):
    """(page, [(key, data)]) of a build: myst-nb keeps the glue in <page>.glue.json beside each notebook."""
    root = build / "jupyter_execute"
    for path in sorted(root.rglob("*.glue.json")):
        page = path.relative_to(root).as_posix()[:-len(".glue.json")]
        yield page, [(key, _strip(out.get("data", {}))) for key, out in json.loads(path.read_text()).items()]


def _value(mime, data):
    if mime.startswith("image/"):
        blob = data if isinstance(data, str) else "".join(data)
        return "sha256:" + hashlib.sha256(blob.encode()).hexdigest()[:16]
    text = data if isinstance(data, str) else "".join(data)
    return json.dumps(text)


def _execute(md):
    import jupytext
    import nbclient

    nb = jupytext.read(md)
    env = dict(os.environ)
    env.pop("MPLBACKEND", None)
    client = nbclient.NotebookClient(nb, timeout=3600, kernel_name="python3",
                                     resources={"metadata": {"path": str(pathlib.Path(md).parent)}})
    client.execute()
    return nb


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="+", help="a build folder (_build) or chapter .md files to execute")
    parser.add_argument("--skip-timings", action="store_true", help="leave out timings (keys naming seconds or minutes)")
    args = parser.parse_args(argv)
    lines = []
    for path in map(pathlib.Path, args.paths):
        if path.is_dir():
            pages = list(_built_pages(path))
        else:
            pages = [(path.with_suffix("").as_posix(), list(_glue_outputs(_execute(path))))]
        for page, glued in pages:
            for key, data in glued:
                if args.skip_timings and any(w in key for w in ("seconds", "minutes")):
                    continue
                for mime in sorted(data):
                    lines.append(f"{page}\t{key}\t{mime}\t{_value(mime, data[mime])}")
    sys.stdout.write("".join(line + "\n" for line in sorted(lines)))


if __name__ == "__main__":
    main()

"""Tests of evalkit.reproductions._declarations: what an experiment declares without computing it."""
from evalkit.reproductions import _declarations


def test_a_declaration_of_what_an_experiment_runs_on_keeps_its_key(tmp_path):
    """``uses=`` of @experiment declares and never computes: the key's source of a module leaves it
    out (with the comma before it), wherever it stands in the call; any other change still counts."""
    plain = ('@experiment("demo-x", scales={"book": {}, "paper": {}},\n'
             '            paper_cost="1 s", data=())\ndef f():\n    return 1\n')
    last = plain.replace('data=())', 'data=(), uses={"data": "lgm-networks"})')
    first = plain.replace('scales=', 'uses={"data": "lgm-networks", "learners": None}, scales=')
    other = plain.replace("return 1", "return 2")
    paths = {}
    for name, text in (("plain", plain), ("last", last), ("first", first), ("other", other)):
        paths[name] = tmp_path / f"{name}.py"
        paths[name].write_text(text)
    source = {name: _declarations.computation_source(path) for name, path in paths.items()}
    assert source["last"] == source["first"] == source["plain"] == plain.encode()
    assert source["other"] != source["plain"]
    # a uses= outside an @experiment call is code like any other
    (tmp_path / "call.py").write_text('g(uses={"data": "x"})\n')
    assert _declarations.computation_source(tmp_path / "call.py") == b'g(uses={"data": "x"})\n'

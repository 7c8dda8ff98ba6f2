"""Tests of evalkit.claims: the registries, verdicts derived from tolerances, the ledger.

Besides the module's own behaviour, two checks hold the book to its registries: every
registry loads and is well formed, and no source value is typed outside its registry
(in a chapter, in evalkit's code, or in a test). That a registry claim is recorded by no
chapter, or a chapter records a claim no registry holds, is checked on the built ledger
(``tests/test_book.py``, after ``make book``) and by the build itself.
"""
import csv
import io
import json
import math
import re
import tokenize
from pathlib import Path

import numpy as np
import pytest

from evalkit import claims

ROOT = Path(__file__).resolve().parents[1]


def make_claim(printed, **fields):
    value, tolerance = claims.parse_printed(printed)
    base = dict(id="test.example.value", source="test", where="p. 1", kind="numeric",
                statement="a value", printed=str(printed), value=value, tolerance=tolerance)
    base.update(fields)
    return claims.Claim(**base)


# --------------------------------------------------------------------------- parsing
@pytest.mark.parametrize("printed, value, tolerance", [
    ("0.158", 0.158, 0.0005),
    ("0.30", 0.3, 0.005),
    ("12.706", 12.706, 0.0005),
    ("-0.4848485", -0.4848485, 5e-8),
    ("20%", 0.2, 0.005),
    ("72.3%", 0.723, 0.0005),
    ("23,133", 23133.0, 0.5),
    ("27", 27.0, 0.5),
    ("1.2e-5", 1.2e-5, 5e-7),
    ("−0.5", -0.5, 0.05),
])
def test_parse_printed_keeps_the_rounding(printed, value, tolerance):
    got_value, got_tolerance = claims.parse_printed(printed)
    assert got_value == pytest.approx(value, rel=1e-12)
    assert got_tolerance == pytest.approx(tolerance, rel=1e-9)


def test_a_printed_fraction_is_exact():
    assert claims.parse_printed("8/7") == (8 / 7, 0.0)
    assert claims.parse_printed("-3 / 4") == (-0.75, 0.0)
    claim = make_claim("8/7")
    assert claims.judge(claim, 16 / 14).verdict == "reproduced"
    assert claims.judge(claim, 1.1429).verdict == "not-reproduced"     # 8/7 rounded is not 8/7
    with pytest.raises(ValueError, match="denominator"):
        claims.parse_printed("1/0")


def test_parse_printed_exact_values():
    assert claims.parse_printed(True) == (True, None)
    assert claims.parse_printed("PA > CN") == ("PA > CN", None)


def test_parse_printed_refuses_an_unquoted_number():
    with pytest.raises(TypeError, match="in quotes"):
        claims.parse_printed(0.158)


# --------------------------------------------------------------------------- verdicts
def test_verdict_reproduced_within_rounding_only():
    claim = make_claim("0.158")
    assert claims.judge(claim, 0.1584).verdict == "reproduced"
    assert claims.judge(claim, 0.1575).verdict == "reproduced"  # the rounding boundary
    assert claims.judge(claim, 0.1586).verdict == "not-reproduced"
    assert claims.judge(claim, 0.1586).difference == pytest.approx(0.0006)


def test_verdict_names_stand_ins_and_reduced_scales():
    claim = make_claim("0.158")
    assert claims.judge(claim, 0.158, scale="10 runs").verdict == "reproduced-standin"
    assert claims.judge(claim, 0.158, data="CART for C4.5").verdict == "reproduced-standin"
    # a stand-in never turns a difference into agreement
    assert claims.judge(claim, 0.2, data="CART for C4.5").verdict == "not-reproduced"


def test_verdict_explanations_apply_only_to_differences():
    claim = make_claim("0.158")
    assert claims.judge(claim, 0.2, explanation="sec-why").verdict == "differs-explained"
    assert claims.judge(claim, 0.2, source_error="errata-x").verdict == "source-error"
    rec = claims.judge(claim, 0.158, explanation="sec-why")
    assert rec.verdict == "reproduced" and rec.reason == "sec-why"
    with pytest.raises(ValueError, match="not both"):
        claims.judge(claim, 0.2, explanation="a", source_error="b")


def test_verdict_of_a_nan_is_never_agreement():
    assert claims.judge(make_claim("0.158"), float("nan")).verdict == "not-reproduced"


def test_qualitative_claims_compare_exactly():
    claim = make_claim(True, kind="qualitative")
    assert claims.judge(claim, True).verdict == "reproduced"
    assert claims.judge(claim, np.bool_(False)).verdict == "not-reproduced"
    with pytest.raises(TypeError, match="expects a bool"):
        claims.judge(claim, 1.0)
    with pytest.raises(TypeError, match="numeric"):
        claims.judge(make_claim("0.5"), True)


def test_numpy_scalars_become_plain_values():
    rec = claims.judge(make_claim("27"), np.int64(27))
    assert type(rec.value) is int and rec.verdict == "reproduced"
    rec = claims.judge(make_claim("0.5"), np.asarray(0.5))
    assert type(rec.value) is float
    with pytest.raises(TypeError, match="scalar"):
        claims.judge(make_claim("0.5"), np.ones(2))


def test_unknown_claim_id_names_close_matches():
    with pytest.raises(ValueError, match="did you mean scott.ci-example.lower"):
        claims.get_claim("scott.ci-example.lowr")


def test_bad_labels_are_refused():
    with pytest.raises(ValueError, match="explanation"):
        claims.judge(make_claim("0.5"), 0.6, explanation="")


def test_record_outside_a_notebook_returns_the_record():
    rec = claims.record("scott.ci-example.lower", 0.158)
    assert rec.verdict == "reproduced" and rec.claim.id == "scott.ci-example.lower"


def test_conclude_checks_its_arguments():
    with pytest.raises(TypeError, match="holds"):
        claims.conclude("scott.ci-example.lower", 0.5, if_true="x", if_false="y")


# --------------------------------------------------------------------------- registries
REGISTRY_FILES = sorted((ROOT / "evalkit" / "reproductions").glob("*/claims.toml"))


def test_every_registry_loads_in_book_order():
    sources = claims.load_registry()
    assert list(sources)[:5] == ["scott", "gm", "bf", "neville", "yang"]
    assert len(REGISTRY_FILES) == len(sources)


def test_claim_ids_are_unique_across_sources_and_prefixed_by_their_source():
    seen = set()
    for key, source in claims.load_registry().items():
        for cid, claim in source.claims.items():
            assert cid.startswith(key + ".") and claim.source == key
            assert cid not in seen
            seen.add(cid)
            assert claim.kind in claims.KINDS
            assert claim.statement.strip(), f"{cid} has no statement"
            if claim.is_numeric:
                assert claim.tolerance is not None and claim.tolerance >= 0


def test_a_widened_tolerance_needs_a_reason():
    with pytest.raises(ValueError, match="tolerance_reason"):
        claims._claim_from_entry(
            {"id": "test.a.b", "where": "w", "kind": "numeric", "statement": "s",
             "value": "0.5", "tolerance": 0.2}, "test", "test.toml")


def test_a_number_r_printed_has_rs_precision():
    entry = {"id": "test.a.b", "where": "w", "kind": "example", "statement": "s", "value": "1", "printed_by": "R"}
    claim = claims._claim_from_entry(entry, "test", "test.toml")
    assert claim.value == 1.0 and claim.tolerance == 5e-7          # not 1 +- 0.5
    zero = claims._claim_from_entry({**entry, "value": "0"}, "test", "test.toml")
    assert zero.tolerance == 0.0
    # the registry's R outputs: the text's 0.5 for cluster 3's entropy no longer passes for R's 1
    assert claims.get_claim("gm.r-matching.entropy.cluster3").tolerance == 5e-7
    assert claims.judge("gm.r-matching.entropy.cluster3", 0.5).verdict != "reproduced"
    assert claims.judge("gm.r-matching.entropy.cluster3", 1.0000004).verdict == "reproduced"
    with pytest.raises(ValueError, match="printed_by"):
        claims._claim_from_entry({**entry, "printed_by": "SAS"}, "test", "test.toml")
    with pytest.raises(ValueError, match="printed_by"):
        claims._claim_from_entry({**entry, "value": True, "kind": "qualitative"}, "test", "test.toml")


def test_malformed_entries_are_refused():
    entry = {"id": "test.a.b", "where": "w", "kind": "numeric", "statement": "s", "value": "0.5"}
    with pytest.raises(ValueError, match="kind"):
        claims._claim_from_entry({**entry, "kind": "rumour"}, "test", "t.toml")
    with pytest.raises(ValueError, match="look like"):
        claims._claim_from_entry({**entry, "id": "other.a.b"}, "test", "t.toml")
    with pytest.raises(ValueError, match="unknown fields"):
        claims._claim_from_entry({**entry, "verdict": "reproduced"}, "test", "t.toml")
    with pytest.raises(ValueError, match="glue keys"):
        claims._claim_from_entry({**entry, "id": "test.a.source"}, "test", "t.toml")


def test_entries_may_hold_the_sentences_and_standing_notes():
    entry = {"id": "test.a.b", "where": "w", "kind": "qualitative", "statement": "it holds", "value": True,
             "if_true": "It holds here.", "if_false": "Here it fails.", "explanation": "sec-why"}
    claim = claims._claim_from_entry(entry, "test", "t.toml")
    assert (claim.if_true, claim.if_false, claim.explanation) == ("It holds here.", "Here it fails.", "sec-why")
    with pytest.raises(ValueError, match="come together"):
        claims._claim_from_entry({k: v for k, v in entry.items() if k != "if_false"}, "test", "t.toml")
    numeric = {"id": "test.a.c", "where": "w", "kind": "numeric", "statement": "s", "value": "0.5"}
    with pytest.raises(ValueError, match="qualitative"):
        claims._claim_from_entry({**numeric, "if_true": "a", "if_false": "b"}, "test", "t.toml")
    with pytest.raises(ValueError, match="not both"):
        claims._claim_from_entry({**numeric, "explanation": "sec-a", "source_error": "sec-b"}, "test", "t.toml")
    with pytest.raises(ValueError, match="non-empty"):
        claims._claim_from_entry({**numeric, "explanation": "  "}, "test", "t.toml")


def test_a_registry_entry_cannot_type_what_a_record_rests_on():
    numeric = {"id": "test.a.c", "where": "w", "kind": "numeric", "statement": "s", "value": "0.5"}
    for typed in ({"data": "a stand-in"}, {"scale": "10 runs"}):
        with pytest.raises(ValueError, match="derived from the computation"):
            claims._claim_from_entry({**numeric, **typed}, "test", "t.toml")


def test_standing_notes_apply_when_the_chapter_gives_none():
    claim = make_claim("0.5", explanation="sec-why")
    assert claims.judge(claim, 0.5).verdict == "reproduced"
    assert claims.judge(claim, 0.5, data="a stand-in").verdict == "reproduced-standin"
    assert claims.judge(claim, 0.9).verdict == "differs-explained"
    assert claims.judge(claim, 0.9, source_error="errata-x").verdict == "source-error"
    assert claims.judge(make_claim("0.5"), 0.9).verdict == "not-reproduced"


def test_registry_sentences_are_used_and_filled():
    claim = make_claim("true", kind="qualitative", if_true="It holds: {rate:.2f}.", if_false="It fails: {rate:.2f}.")
    assert claims.sentences(claim) == ("It holds: {rate:.2f}.", "It fails: {rate:.2f}.")
    plain = make_claim("true", kind="qualitative", statement="a thing is so")
    assert claims.sentences(plain)[0] == "Our results agree with the source: a thing is so."
    # record_all fills the fields from values=; without values the sentences are used as they are
    shown = []
    real = claims.verdicts.conclude

    def spy(cid, holds, *, if_true, if_false, **options):
        shown.append(if_true if holds else if_false)
        return real(cid, holds, if_true=if_true, if_false=if_false, **options)

    claims.verdicts.conclude, saved = spy, real
    try:
        claims.record_all({"scott.binomial.mean": True}, sentences=lambda cid: claims.sentences(claim),
                          values={"rate": 0.123})
        claims.record_all({"scott.binomial.mean": False}, sentences=lambda cid: claims.sentences(claim))
        with pytest.raises(KeyError):
            claims.record_all({"scott.binomial.mean": True}, sentences=lambda cid: claims.sentences(claim),
                              values={"other": 1})
    finally:
        claims.verdicts.conclude = saved
    assert shown == ["It holds: 0.12.", "It fails: {rate:.2f}."]


def test_not_attempted_claims_cannot_be_recorded():
    marked = [c for s in claims.load_registry().values() for c in s.claims.values()
              if c.not_attempted is not None]
    for claim in marked[:3]:
        assert claim.not_attempted.strip()
        with pytest.raises(ValueError, match="not_attempted"):
            claims.judge(claim.id, claim.value)


# --------------------------------------------------------------------------- the ledger
def test_ledger_rows_rederive_verdicts_and_list_every_claim():
    payloads = [("chapters/scott/ci-test-error", claims.judge("scott.ci-example.lower", 0.2,
                                                                explanation="sec-x").as_payload())]
    rows = claims.ledger_rows(payloads)
    everything = [c for s in claims.load_registry().values() for c in s.claims]
    assert [r["claim_id"] for r in rows] == everything
    row = next(r for r in rows if r["claim_id"] == "scott.ci-example.lower")
    assert row["verdict"] == "differs-explained" and row["explanation"] == "sec-x"
    assert row["chapter"] == "chapters/scott/ci-test-error"
    assert row["difference"] == pytest.approx(0.2 - 0.158)
    for r in rows:
        if r["claim_id"] != "scott.ci-example.lower":
            assert r["verdict"] in (None, "not-attempted")


def test_ledger_rows_refuse_duplicates_and_unknown_claims():
    payload = claims.judge("scott.ci-example.lower", 0.158).as_payload()
    with pytest.raises(ValueError, match="recorded twice"):
        claims.ledger_rows([("a", payload), ("b", payload)])
    with pytest.raises(ValueError, match="no source's registry"):
        claims.ledger_rows([("a", {**payload, "claim_id": "scott.no-such.claim"})])


def test_ledger_files_have_the_published_columns(tmp_path):
    rows = claims.ledger_rows([("ch", claims.judge("scott.ci-example.lower", 0.158).as_payload())])
    csv_path, json_path = claims.write_ledger(rows, tmp_path)
    data = json.loads(json_path.read_text())
    assert list(data[0]) == list(claims.LEDGER_COLUMNS) == [
        "claim_id", "source", "where", "kind", "statement", "source_value", "evalkit_value",
        "difference", "tolerance", "tolerance_reason", "std_error", "source_std_error", "z", "verdict", "scale",
        "data", "chapter", "explanation"]
    table = list(csv.DictReader(io.StringIO(csv_path.read_text())))
    assert [r["claim_id"] for r in table] == [r["claim_id"] for r in data]
    widened = {r["claim_id"]: r for r in data if r["tolerance_reason"]}
    assert "scott.z-table1.c68" in widened      # a widened tolerance is published with its reason
    assert all(claims.get_claim(cid).tolerance_reason == r["tolerance_reason"] for cid, r in widened.items())
    counts = claims.coverage(rows)
    assert counts["scott"]["reproduced"] >= 1
    assert sum(sum(v.values()) for v in counts.values()) == len(rows)


def test_ledger_json_is_strict_with_infinite_numbers(tmp_path):
    # a difference beyond the rounding over a zero standard error is infinitely many of them
    rec = claims.judge("scott.ci-example.lower", 0.2, std_error=0.0, explanation="sec-why")
    assert rec.z == math.inf and rec.verdict == "differs-explained"
    rows = claims.ledger_rows([("ch", rec.as_payload())])
    _, json_path = claims.write_ledger(rows, tmp_path)
    text = json_path.read_text()
    assert "Infinity" not in text and "NaN" not in text
    row = next(r for r in json.loads(text) if r["claim_id"] == "scott.ci-example.lower")
    assert float(row["z"]) == math.inf and row["evalkit_value"] == 0.2


def verdict_agrees_with_tolerance(row):
    """The rule every ledger row must obey, written independently of evalkit.claims."""
    verdict = row["verdict"]
    if verdict == "not-attempted":
        return row["evalkit_value"] is None and bool(row["explanation"])
    undecided = False
    if row["evalkit_value"] is None:         # results that cannot settle it (a predicate, a random measurement)
        within, undecided = False, True
    elif isinstance(row["source_value"], (int, float)) and not isinstance(row["source_value"], bool):
        gap = abs(row["evalkit_value"] - row["source_value"])
        within = math.isfinite(row["evalkit_value"]) and \
            gap <= row["tolerance"] + 1e-12 * max(1, abs(row["source_value"]))
        se = math.sqrt((row.get("std_error") or 0) ** 2 + (row.get("source_std_error") or 0) ** 2)
        if se > 0 and not within and math.isfinite(gap):   # Monte Carlo: 2 and 3 standard errors beyond the rounding
            within = gap - row["tolerance"] <= 2 * se
            undecided = not within and gap - row["tolerance"] <= 3 * se
    else:
        within = row["evalkit_value"] == row["source_value"]
    standin = row["scale"] != "source" or row["data"] != "source"
    if within:
        return verdict == ("reproduced-standin" if standin else "reproduced")
    if undecided:
        return verdict == "inconclusive"
    if verdict in ("differs-explained", "source-error"):
        return bool(row["explanation"])
    return verdict == "not-reproduced"


def test_a_threshold_predicate_is_decided_with_its_standard_error():
    # "every rate below 5%": decided only more than two standard errors from 0.05
    assert claims.decide([0.01, 0.02], 0.05, 0.01, side="below").holds is True
    assert claims.decide([0.01, 0.08], 0.05, 0.01, side="below").holds is False     # 3 s.e. above
    knife_edge = claims.decide([0.01, 0.0517], 0.05, [0.01, 0.011], side="below")
    assert knife_edge.holds is None and knife_edge.deciding == 1
    assert knife_edge.z[1] == pytest.approx(-0.0017 / 0.011)
    # at k times the trials the margin 0.0017 is 2 standard errors: 0.011 / sqrt(k) = 0.00085
    assert knife_edge.repetitions_to_decide == math.ceil((2 * 0.011 / 0.0017) ** 2)
    assert "undecided" in knife_edge.describe() and "0.0517" in knife_edge.describe()
    # one decided failure outweighs an undecided cell; an exact value needs no error
    assert claims.decide([0.0517, 0.2], 0.05, 0.011, side="below").holds is False
    assert claims.decide(0.06, 0.05, 0.0, side="above").holds is True
    assert claims.decide(0.05, 0.05, 0.0, side="above").holds is False     # strict: on it is not above
    assert claims.decide(0.05, 0.05, 0.01, side="above").repetitions_to_decide is None
    with pytest.raises(ValueError, match="std_error"):
        claims.decide([0.1, 0.2, 0.3], 0.05, [0.01, 0.02], side="above")
    with pytest.raises(ValueError, match="std_error"):
        claims.decide(0.1, 0.05, -0.01, side="above")
    with pytest.raises(ValueError, match="side"):
        claims.decide(0.1, 0.05, 0.01, side="over")


def test_an_undecided_predicate_is_recorded_inconclusive():
    cid = "scott.binomial.mean"
    rec = claims.conclude(cid, claims.decide(0.0517, 0.05, 0.011, side="below"), if_true="yes", if_false="no")
    assert rec.verdict == "inconclusive" and rec.value is None and not rec.within_tolerance
    assert claims.conclude(cid, claims.decide(0.01, 0.05, 0.011, side="below"),
                           if_true="yes", if_false="no").verdict == "reproduced"
    assert claims.conclude(cid, claims.decide(0.09, 0.05, 0.011, side="below"), if_true="yes", if_false="no",
                           explanation="sec-why").verdict == "differs-explained"
    assert [r.verdict for r in claims.record_all({cid: None})] == ["inconclusive"]
    row = next(r for r in claims.ledger_rows([("ch", rec.as_payload())]) if r["claim_id"] == cid)
    assert row["verdict"] == "inconclusive" and row["evalkit_value"] is None
    assert verdict_agrees_with_tolerance(row)
    # a measured number the results cannot settle (a stable rate no rate is likely to be)
    assert claims.judge("scott.ci-example.lower", None).verdict == "inconclusive"


def test_binomial_rate_errors_pool_the_rates_with_each_sides_trials():
    cid = "bf.table5.5x2cv.source1"                     # the paper's 72.3% of 1,000 training sets
    ours = claims.binomial_rate_errors({cid: 62.3}, n_trials=100, source_n_trials=1000)[cid]
    p = (0.623 * 100 + 0.723 * 1000) / 1100
    assert ours["std_error"] == pytest.approx(100 * math.sqrt(p * (1 - p) / 100))
    assert ours["source_std_error"] == pytest.approx(100 * math.sqrt(p * (1 - p) / 1000))
    with pytest.raises(ValueError, match="between 0 and unit"):
        claims.binomial_rate_errors({cid: 120.0}, n_trials=100)
    with pytest.raises(ValueError, match="numeric"):
        claims.binomial_rate_errors({"scott.binomial.mean": 0.5}, n_trials=100)


def test_a_monte_carlo_value_is_judged_with_its_standard_error():
    cid = "scott.ci-example.lower"          # the source prints 0.158: tolerance 0.0005
    assert claims.judge(cid, 0.161).verdict == "not-reproduced"
    agree = claims.judge(cid, 0.161, std_error=0.002)          # 0.0025 beyond the rounding: 1.25 s.e.
    assert agree.verdict == "reproduced" and agree.z == pytest.approx(1.25)
    undecided = claims.judge(cid, 0.161, std_error=0.001)      # 2.5 s.e.
    assert undecided.verdict == "inconclusive" and undecided.z == pytest.approx(2.5)
    assert undecided.repetitions_to_decide == 2                # s.e. 0.001 / sqrt(2): 3.5 s.e.
    differs = claims.judge(cid, 0.155, std_error=0.0005, explanation="sec-why")   # -2.5e-3 / 5e-4 = -5
    assert differs.verdict == "differs-explained" and differs.z == pytest.approx(-5)
    # the source's own noise widens the band: 0.0025 / hypot(0.001, 0.001) = 1.77 s.e.
    assert claims.judge(cid, 0.161, std_error=0.001, source_std_error=0.001).verdict == "reproduced"
    assert claims.judge(cid, 0.158, std_error=0.0).z == 0.0   # within the rounding: z 0
    with pytest.raises(TypeError, match="numeric"):
        claims.judge("scott.ci.rule-95", True, std_error=0.01)
    with pytest.raises(ValueError, match="std_error"):
        claims.judge(cid, 0.16, std_error=-1.0)
    row = claims.ledger_rows([("ch", undecided.as_payload())])
    mine = next(r for r in row if r["claim_id"] == cid)
    assert mine["verdict"] == "inconclusive" and mine["std_error"] == 0.001 and mine["z"] == pytest.approx(2.5)
    from test_claims import verdict_agrees_with_tolerance
    assert verdict_agrees_with_tolerance(mine)
    assert not verdict_agrees_with_tolerance({**mine, "verdict": "reproduced"})
    shown = claims.table([agree, undecided])
    assert list(shown.columns)[-3:] == ["standard error", "z", "verdict"] and shown["z"].tolist() == ["1.3", "2.5"]


def test_the_tolerance_check_can_fail():
    row = dict(verdict="reproduced", source_value=0.158, evalkit_value=0.2, tolerance=0.0005,
               scale="source", data="source", explanation=None)
    assert not verdict_agrees_with_tolerance(row)
    assert verdict_agrees_with_tolerance({**row, "verdict": "not-reproduced"})
    assert not verdict_agrees_with_tolerance({**row, "verdict": "differs-explained"})
    assert verdict_agrees_with_tolerance({**row, "evalkit_value": 0.158})
    assert not verdict_agrees_with_tolerance({**row, "evalkit_value": 0.158, "data": "CART"})


# --------------------------------------------------------------------------- typed values
def significant_digits(token):
    digits = token.replace(",", "").replace("-", "").replace("−", "").rstrip("%")
    if "e" in digits.lower():
        digits = re.split("[eE]", digits)[0]
    if "." in digits:
        return len(digits.replace(".", "").lstrip("0"))
    return len(digits.lstrip("0").rstrip("0"))


def normal_form(token):
    """A number token as a canonical string: '0.1580' and '.158' -> '0.158'."""
    text = token.replace(",", "").replace("−", "-")
    try:
        return repr(float(text))
    except ValueError:
        return None


def distinctive(token):
    """Whether a number is too specific to appear by chance: a decimal with three or more
    significant digits, or an integer with four or more (counts such as a data set's 898
    rows are facts of the data file that loaders' tests check, not copies of a source)."""
    has_point = "." in token.rstrip("%") or "e" in token.lower()
    return significant_digits(token) >= (3 if has_point else 4)


# Numbers that equal a source value by coincidence: (file, token, why it is not the source's).
COINCIDENCES = {
    ("tests/relational/test_simulated.py", "0.271"):
        "the error rate of Neville et al.'s printed Table 7 formula, computed by hand; "
        "equal to a cell of Scott's t table by chance",
}


def typed_source_values():
    """Distinctive source values (see ``distinctive``), by canonical form."""
    values = {}
    for source in claims.load_registry().values():
        for claim in source.claims.values():
            if claim.is_numeric and distinctive(claim.printed):
                if claim.printed.endswith("%"):
                    form = normal_form(claim.printed[:-1])
                else:
                    form = normal_form(claim.printed)
                values.setdefault(form, []).append(claim.id)
    return values


NUMBER = re.compile(r"(?<![\w.])\d[\d,]*\.?\d*(?:[eE][-+]?\d+)?(?![\w])")


def _python_numbers(text):
    """Number literals of Python code (not in strings or comments), with their lines."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return []
    return [(tok.string, tok.start[0]) for tok in tokens if tok.type == tokenize.NUMBER]


def _markdown_numbers(text):
    """Numbers of a chapter: code cells' literals, and prose outside math, code and roles."""
    found = []
    cells = re.findall(r"```\{code-cell\}[^\n]*\n(.*?)```", text, flags=re.S)
    for cell in cells:
        found += [n for n, _ in _python_numbers(cell)]
    prose = re.sub(r"```.*?```", " ", text, flags=re.S)              # code and directives
    prose = re.sub(r"\$\$.*?\$\$", " ", prose, flags=re.S)           # display math
    prose = re.sub(r"\$[^$\n]+\$", " ", prose)                        # inline math
    prose = re.sub(r"\{[\w:-]+\}`[^`]*`", " ", prose)                 # roles: glue, cite, doc
    prose = re.sub(r"`[^`]*`", " ", prose)                            # inline code
    prose = re.sub(r"\]\([^)]*\)", "]", prose)                        # link targets
    found += NUMBER.findall(prose)
    return found


def test_no_source_value_is_typed_outside_its_registry():
    values = typed_source_values()
    offenders = []
    files = sorted((ROOT / "chapters").rglob("*.md")) + [ROOT / "intro.md"]
    for path in files:
        for token in _markdown_numbers(path.read_text()):
            form = normal_form(token)
            name = path.relative_to(ROOT).as_posix()
            if form in values and distinctive(token) and (name, token) not in COINCIDENCES:
                offenders.append(f"{name}: {token} ({values[form][0]})")
    for path in sorted((ROOT / "evalkit").rglob("*.py")) + sorted((ROOT / "tests").rglob("*.py")):
        if path.name == "test_claims.py":
            continue
        for token, line in _python_numbers(path.read_text()):
            form = normal_form(token)
            name = path.relative_to(ROOT).as_posix()
            if form in values and distinctive(token) and (name, token) not in COINCIDENCES:
                offenders.append(f"{name}:{line}: {token} ({values[form][0]})")
    assert not offenders, "source values typed outside the registry:\n" + "\n".join(offenders)


def test_the_typed_value_scan_finds_numbers():
    assert _markdown_numbers("Ours is 0.158 here.\n\n```{code-cell} ipython3\nx = 12.706\n```\n") \
        == ["12.706", "0.158"]
    assert _markdown_numbers("in math $z = 1.96$ and glue {glue:text}`a.b:.3f`") == []
    assert _python_numbers("x = 0.737  # 0.816\ns = '0.5'\n") == [("0.737", 1)]
    assert normal_form("0.1580") == normal_form("0.158")
    assert significant_digits("0.0230") == 3 and significant_digits("1000") == 1
    assert distinctive("0.158") and not distinctive("0.30") and not distinctive("898")
    assert distinctive("13,873") and distinctive("1.2e-5") is False


# --------------------------------------------------------------------------- prose
_REFERENCE = re.compile(
    r"(?:Fig(?:ure)?s?\.?|Tables?|Sections?|Sec\.|§|[Ee]q(?:uation)?s?\.?|Theorems?|Lemmas?|"
    r"Corollar(?:y|ies)|Definitions?|Propositions?|Examples?|Chapters?|Exercises?|Algorithm|"
    r"Weka|version|from|and|to|or|,|-|–)\s*\(?\s*$")

# Decimal numbers a chapter's prose may type: the settings of its experiments and the
# thresholds it names (inputs, never results). A number of ours is glued; a source's value
# is glued from its registry (`<claim id>.source`).
PROSE_INPUTS = {
    "chapters/appendices/errata.md": {"0.05", "0.1", "0.5"},  # example true error, P(err), AUC
    "chapters/appendices/performance.md": {"1.0", "1.5", "2.4"},  # targets; candidate pairs
    "chapters/graph-metrics/binary-metrics.md": {"0.5"},  # the AUC of chance
    "chapters/graph-metrics/cost-validation-imbalance.md": {"97.5"},  # the source's l%
    "chapters/graph-metrics/multilevel-metrics.md": {"0.0"},  # the source's typo, quoted
    "chapters/graph-metrics/significance-enrichment.md": {"0.1", "1.5", "97.5"},  # section 1.5
    "chapters/link-prediction/distance.md": {"0.5"},  # the AUROC of chance
    "chapters/link-prediction/framework.md": {"0.5", "24.8"},  # chance; SNAP's 24.8k users
    "chapters/link-prediction/sampling.md": {"0.01", "0.007"},  # the "stable" threshold; the paper's deviations
    "chapters/network-cv/real-classifiers.md": {"0.003", "0.005", "0.1", "0.4", "0.6", "0.75", "0.9"},  # model
    "chapters/network-cv/simulated.md": {"0.01", "0.1", "1.5"},  # thresholds, P(err)
    "chapters/network-cv/theorems.md": {"0.1", "4.5"},  # error rate; the tests' tolerance
    "chapters/replicability/simulation.md": {"0.05", "0.5", "3.3", "3.9"},  # level; tolerance; Weka versions
    "chapters/replicability/uci-tables.md": {"0.25", "3.3"},  # J48's default confidence; Weka's version
    "chapters/scott/ci-test-error.md": {"0.02", "0.05", "0.1", "0.3", "0.95"},  # true errors, level
    "chapters/scott/estimating-error.md": {"0.1"},  # true error
    "chapters/scott/performance-measures.md": {"0.5"},  # the AUC of chance
}


def prose_decimals(text):
    """Decimal numbers in a page's prose (outside code, math, roles and references)."""
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)
    prose = re.sub(r"```.*?```", " ", text, flags=re.S)
    prose = re.sub(r"\$\$.*?\$\$", " ", prose, flags=re.S)
    prose = re.sub(r"\$[^$\n]+\$", " ", prose)
    prose = re.sub(r"\{[\w:-]+\}`[^`]*`", " ", prose)
    prose = re.sub(r"`[^`]*`", " ", prose)
    prose = re.sub(r"\]\([^)]*\)", "]", prose)
    found = []
    for match in re.finditer(r"(?<![\w.])(\d+\.\d+)(?![\w.]*\d)", prose):
        before = prose[max(0, match.start() - 25):match.start()]
        if _REFERENCE.search(before):
            continue
        if before.rstrip().endswith("(") and prose[match.end():match.end() + 1] in (")", "-", "–"):
            continue  # an equation number or range, (1.15), (1.47-1.48)
        found.append(match.group(1))
    return found


def test_prose_types_no_number_but_named_inputs():
    typed = {}
    for path in sorted((ROOT / "chapters").rglob("*.md")) + [ROOT / "intro.md"]:
        name = path.relative_to(ROOT).as_posix()
        extra = sorted(set(prose_decimals(path.read_text())) - PROSE_INPUTS.get(name, set()))
        if extra:
            typed[name] = extra
    assert not typed, f"numbers typed in prose (glue them, or name them as inputs): {typed}"


def test_the_prose_scan_skips_references_math_and_glue():
    text = "See Fig. 1.2 and Section 4.3, eq. (1.15); $p = 0.5$; {glue:text}`a:.2f`; ours is 0.731."
    assert prose_decimals(text) == ["0.731"]


def test_bad_arguments_raise_errors_naming_them():
    with pytest.raises(ValueError, match="records"):
        claims.table([])                       # was a KeyError from pandas
    with pytest.raises(ValueError, match="payloads"):
        claims.ledger_rows([("ch", {"value": 1.0})])   # was a KeyError
    with pytest.raises(ValueError, match="rows"):
        claims.coverage([{"verdict": None}])    # was a KeyError
    with pytest.raises(ValueError, match="options"):
        claims.record_all({"scott.ci-example.lower": 0.158}, options={"scott.ci-example.lower": {"reason": "x"}})


# --------------------------------------------------------------------------- glued values in a notebook
def _execute(cells, **options):
    """Display outputs (text/plain) of each code cell, run in a fresh kernel."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in cells])
    nbclient.NotebookClient(nb, kernel_name="python3", timeout=120, **options).execute()
    return [[out.get("data", {}).get("text/plain", "") for out in cell.outputs if out.output_type == "display_data"]
            for cell in nb.cells]


def test_glued_values_are_listed_under_their_cell_outside_the_book():
    from evalkit.claims.glue import HEADER

    glue_cell = ("from myst_nb import glue\nfrom IPython.display import Markdown\nfrom evalkit import claims\n"
                 "glue('rate', 0.25, display=False)\nglue('sentence', Markdown('It *holds*.'), display=False)\n"
                 "claims.record('scott.ci-example.lower', claims.get_claim('scott.ci-example.lower').value)")
    # loaded as README's nbconvert command loads it (the kernel's --ext)
    listed, unloaded, reloaded = _execute([glue_cell, "%unload_ext evalkit.claims.glue\n" + glue_cell,
                                           "%load_ext evalkit.claims.glue\nglue('count', 7, display=False)"],
                                          extra_arguments=["--ext=evalkit.claims.glue"])
    assert listed[-1].splitlines() == [HEADER, "  rate = 0.25", "  sentence = It *holds*.",
                                       "  scott.ci-example.lower = 0.158", "  scott.ci-example.lower.source = 0.158",
                                       "  scott.ci-example.lower.difference = 0.0",
                                       "  scott.ci-example.lower.verdict = 'reproduced'"]
    assert not any(HEADER in text for text in unloaded)     # as in the book's build: nothing listed
    assert reloaded[-1] == HEADER + "\n  count = 7"


def test_the_glue_list_leaves_the_publisher_as_it_was():
    from types import SimpleNamespace

    from evalkit.claims import glue as listing

    sent, callbacks = [], {}

    class Publisher:
        def publish(self, data, metadata=None):
            sent.append(data)

    events = SimpleNamespace(register=lambda event, f: callbacks.setdefault(event, []).append(f),
                             unregister=lambda event, f: callbacks[event].remove(f))
    shell = SimpleNamespace(display_pub=Publisher(), events=events)
    listing.load_ipython_extension(shell)
    listing.load_ipython_extension(shell)                   # a second load changes nothing
    try:
        assert len(callbacks["post_run_cell"]) == 1
        prefix = "application/papermill.record/"
        shell.display_pub.publish({prefix + "text/plain": "'a\\nb'"}, {"scrapbook": {"name": "s", "mime_prefix": prefix}})
        shell.display_pub.publish({"text/plain": "3"}, {"scrapbook": {"name": "shown", "mime_prefix": ""}})
        shell.display_pub.publish({prefix + "text/plain": "{}"}, {"scrapbook": {"name": "x.record", "mime_prefix": prefix}})
        shell.display_pub.publish({"text/plain": "plain output"})
        callbacks["post_run_cell"][0](None)
        assert sent[-1] == {"text/plain": listing.HEADER + "\n  s = 'a\\nb'\n  shown = (shown above)"}
        assert len(sent) == 5
    finally:
        listing.unload_ipython_extension(shell)
    assert "publish" not in vars(shell.display_pub) and callbacks["post_run_cell"] == []


def test_binomial_count_errors_pool_the_two_counts():
    options = claims.binomial_count_errors({"bf.table1.anneal.nb-c45": 7}, n_runs=10)   # the paper: 4
    se = options["bf.table1.anneal.nb-c45"]
    assert se["std_error"] == se["source_std_error"] == pytest.approx(math.sqrt(10 * 0.55 * 0.45))
    # the same count differs from the source's when the noise is small: 10 of 10 against 4 is 6 apart
    far = claims.binomial_count_errors({"bf.table1.anneal.nb-c45": 10}, n_runs=10)["bf.table1.anneal.nb-c45"]
    assert claims.judge("bf.table1.anneal.nb-c45", 10, **far).verdict != "reproduced"
    with pytest.raises(ValueError, match="between 0 and n_runs"):
        claims.binomial_count_errors({"bf.table1.anneal.nb-c45": 11}, n_runs=10)
    with pytest.raises(ValueError, match="numeric"):
        claims.binomial_count_errors({"scott.ci.rule-95": 1}, n_runs=10)

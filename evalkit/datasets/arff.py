"""A small, strict reader for Weka's ARFF format (:func:`~evalkit.datasets.load_arff` reads the UCI files with it).

Written because :func:`scipy.io.arff.loadarff` rejects files that Weka reads, such as
``soybean.arff``, whose nominal declaration has a space after a comma. It follows
Weka's reading rules: keywords are case-insensitive, names and values may be quoted
with ``'`` or ``"`` (backslash escapes), whitespace around values is ignored, an
unquoted ``?`` is a missing value while a quoted ``'?'`` is an ordinary nominal
value (``anneal.arff`` declares ``'?'`` as a category), and sparse rows
``{index value, ...}`` are expanded (absent entries are 0, or the first nominal
value, as in Weka).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from .._checks import Array, Choice, Instance, Integer, Text, Values, checks
from .._results import result

__all__ = ["ArffAttribute", "ArffData", "ArffError", "parse_arff"]

_NUMERIC = {"numeric", "real", "integer"}
_MISSING = object()
_TOKEN = re.compile(
    r"""\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([^,]*?))\s*(,|$)""",
    re.DOTALL,
)
_ESCAPE = re.compile(r"\\(.)")


class ArffError(ValueError):
    """The text is not valid ARFF; the message gives the line number."""


def _unescape(s):
    return _ESCAPE.sub(lambda m: {"n": "\n", "t": "\t", "r": "\r"}.get(m.group(1), m.group(1)), s)


def _split_values(text, lineno):
    """Split a comma-separated list into values; unquoted '?' becomes _MISSING."""
    if "'" not in text and '"' not in text:  # fast path: nothing quoted
        return [_MISSING if v == "?" else v for v in (part.strip() for part in text.split(","))]
    out = []
    pos = 0
    n = len(text)
    while True:
        m = _TOKEN.match(text, pos)
        if m is None:
            raise ArffError(f"line {lineno}: cannot parse values in {text!r}")
        single, double, bare, sep = m.groups()
        if single is not None:
            out.append(_unescape(single))
        elif double is not None:
            out.append(_unescape(double))
        else:
            out.append(_MISSING if bare == "?" else bare)
        pos = m.end()
        if sep == "" or pos >= n:
            if sep == ",":
                out.append("")
            break
    return out


def _take_name(rest, lineno):
    """Split '<name> <rest>' where name may be quoted."""
    rest = rest.strip()
    if rest[:1] in ("'", '"'):
        q = rest[0]
        m = re.match(rf"{q}((?:[^{q}\\]|\\.)*){q}", rest)
        if m is None:
            raise ArffError(f"line {lineno}: unterminated quoted name in {rest!r}")
        return _unescape(m.group(1)), rest[m.end():].strip()
    parts = rest.split(None, 1)
    if not parts:
        raise ArffError(f"line {lineno}: missing name")
    return parts[0], (parts[1].strip() if len(parts) > 1 else "")


@checks(name=Text(empty=True), kind=Choice("numeric", "nominal"), values=Values(of=Text(empty=True), min_len=0))
@dataclass(frozen=True)
class ArffAttribute:
    """One ``@attribute``: its name, kind (``'numeric'`` or ``'nominal'``) and nominal values.

    Parameters
    ----------
    name : str
        The attribute's name.
    kind : {'numeric', 'nominal'}
        What its values are.
    values : tuple of str, default ()
        The declared values of a nominal attribute, in order (codes index into it).

    Examples
    --------
    >>> ArffAttribute("colour", "nominal", ("red", "green")).values
    ('red', 'green')
    """

    name: str
    kind: str
    values: tuple = ()


@checks(relation=Text(empty=True),
        attributes=Values(of=Instance(ArffAttribute, example=lambda: ArffAttribute("x", "numeric"))),
        data=Array(ndim=2, kind="any", min_size=0).with_example(lambda: np.zeros((2, 2))), target=Integer())
@result
class ArffData:
    """A parsed ARFF file.

    Parameters
    ----------
    relation : str
        The ``@relation`` name.
    attributes : tuple of ArffAttribute
        The header, one per column of ``data``.
    data : ndarray of float, shape (n_instances, n_attributes)
        Numeric attributes as numbers, nominal ones as 0-based codes into
        ``attribute.values``; NaN marks a missing value.
    target : int
        Index of the class attribute (Weka's default: the last one).

    Examples
    --------
    >>> d = ArffData("t", (ArffAttribute("x", "numeric"), ArffAttribute("c", "nominal", ("a", "b"))),
    ...              np.array([[1.5, 0.0], [2.5, 1.0]]))
    >>> d.X.ravel().tolist(), d.y.tolist(), d.target_names
    ([1.5, 2.5], [0, 1], ['a', 'b'])
    """

    def __post_init__(self):
        n = len(self.attributes)
        if np.shape(self.data)[1] != n:
            raise ValueError(f"data must have one column per attribute ({n}); got shape {np.shape(self.data)}")
        if not -n <= self.target < n:
            raise ValueError(f"target must index an attribute (-{n} <= target < {n}); got {self.target}")

    relation: str
    attributes: tuple
    data: np.ndarray = field(repr=False)
    target: int = -1

    @property
    def feature_names(self):
        t = self.target % len(self.attributes)
        return [a.name for i, a in enumerate(self.attributes) if i != t]

    @property
    def X(self):
        """Every column but the target, as floats (nominal codes, NaN where missing)."""
        t = self.target % len(self.attributes)
        return np.delete(self.data, t, axis=1)

    @property
    def y(self):
        """The target column, as integer codes for a nominal class (-1 if missing), else floats."""
        col = self.data[:, self.target]
        attr = self.attributes[self.target]
        if attr.kind == "nominal":
            return np.where(np.isnan(col), -1, col).astype(np.int64)
        return col

    @property
    def target_names(self):
        """Class labels of a nominal target, in declaration order."""
        return list(self.attributes[self.target].values)

    @property
    def shape(self):
        return self.data.shape

    def __repr__(self):
        return f"ArffData(relation={self.relation!r}, shape={self.data.shape}, target={self.attributes[self.target].name!r})"


def _convert(value, attr, lineno, lookup):
    if value is _MISSING:
        return np.nan
    if attr.kind == "numeric":
        try:
            return float(value)
        except ValueError:
            raise ArffError(f"line {lineno}: {value!r} is not a number (attribute {attr.name!r})") from None
    try:
        return lookup[value]
    except KeyError:
        raise ArffError(
            f"line {lineno}: {value!r} is not a declared value of attribute {attr.name!r} {list(attr.values)}"
        ) from None


@checks(text=Text(empty=True))
def parse_arff(text: str) -> ArffData:
    """Parse ARFF text. Raises :class:`ArffError` naming the offending line.

    Parameters
    ----------
    text : str
        The content of an ARFF file.

    Returns
    -------
    ArffData
        The header and the data (nominal values as codes, NaN where missing).

    Examples
    --------
    >>> d = parse_arff('''@relation t
    ... @attribute x real
    ... @attribute c { a, 'b c'}
    ... @data
    ... 1.5, a
    ... ?, 'b c'
    ... ''')
    >>> d.data
    array([[1.5, 0. ],
           [nan, 1. ]])
    >>> d.target_names
    ['a', 'b c']
    """
    relation = None
    attributes = []
    lookups = []
    rows = []
    linenos = []
    in_data = False
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("%"):
            continue
        if not in_data:
            if not line.startswith("@"):
                raise ArffError(f"line {lineno}: expected a header line starting with '@', got {line[:40]!r}")
            keyword, _, rest = line.partition(" ")
            if "\t" in keyword:
                keyword, _, more = keyword.partition("\t")
                rest = more + " " + rest
            keyword = keyword.lower()
            if keyword == "@relation":
                relation, _ = _take_name(rest, lineno)
            elif keyword == "@attribute":
                name, typ = _take_name(rest, lineno)
                if typ.startswith("{"):
                    if not typ.endswith("}"):
                        raise ArffError(f"line {lineno}: nominal declaration of {name!r} lacks a closing '}}'")
                    values = [v for v in _split_values(typ[1:-1], lineno)]
                    if any(v is _MISSING for v in values):
                        raise ArffError(f"line {lineno}: unquoted '?' cannot be a nominal value of {name!r}")
                    values = tuple(values)
                    attributes.append(ArffAttribute(name, "nominal", values))
                    lookups.append({v: float(i) for i, v in enumerate(values)})
                else:
                    kind = typ.split()[0].lower() if typ else ""
                    if kind not in _NUMERIC:
                        raise ArffError(
                            f"line {lineno}: attribute {name!r} has type {typ!r}; supported are "
                            "numeric/real/integer and nominal {...}"
                        )
                    attributes.append(ArffAttribute(name, "numeric"))
                    lookups.append(None)
            elif keyword == "@data":
                if not attributes:
                    raise ArffError(f"line {lineno}: @data before any @attribute")
                in_data = True
            else:
                raise ArffError(f"line {lineno}: unknown keyword {keyword!r}")
            continue
        d = len(attributes)
        if line.startswith("{"):
            row = [0.0] * d
            body = line[1:-1].strip() if line.endswith("}") else None
            if body is None:
                raise ArffError(f"line {lineno}: sparse row lacks a closing '}}'")
            for item in _split_values(body, lineno) if body else []:
                if item is _MISSING or " " not in item.strip():
                    raise ArffError(f"line {lineno}: sparse entry {item!r} is not 'index value'")
                idx, val = item.strip().split(None, 1)
                j = int(idx)
                if not 0 <= j < d:
                    raise ArffError(f"line {lineno}: sparse index {j} out of range 0..{d - 1}")
                row[j] = _convert(_split_values(val, lineno)[0], attributes[j], lineno, lookups[j])
        else:
            row = _split_values(line, lineno)
            if len(row) != d:
                raise ArffError(f"line {lineno}: {len(row)} values, expected {d}")
        rows.append(row)
        linenos.append(lineno)
    if relation is None:
        raise ArffError("no @relation line")
    if not in_data:
        raise ArffError("no @data section")
    data = np.empty((len(rows), len(attributes)), dtype=float)
    for j, (attr, lookup) in enumerate(zip(attributes, lookups)):
        column = [row[j] for row in rows]
        try:  # fast path: the whole column at once
            if attr.kind == "numeric":
                data[:, j] = [np.nan if v is _MISSING else v for v in column]
            else:
                data[:, j] = [v if isinstance(v, float) else np.nan if v is _MISSING else lookup[v] for v in column]
        except (KeyError, ValueError, TypeError):  # find the offending line for the message
            for lineno, value in zip(linenos, column):
                if not isinstance(value, float):
                    _convert(value, attr, lineno, lookup)
            raise  # pragma: no cover - _convert raises first
    return ArffData(relation=relation, attributes=tuple(attributes), data=data)

"""Loads a `puzzlelab export` CSV into pandas with every column's declared type.

    from puzzlelab_dask.csvload import read_export
    frame = read_export("class_3.csv", kind="math-crossword", bin=".build/release/puzzlelab")

`puzzlelab export --kind K --list-columns --summary json` declares each
column's type (docs/RESEARCH.md, "Loading a CSV with its types"). Read as
plain text, one failed seed (a row of empty metrics) turns pandas' integer
and boolean columns into float and object; here an empty cell is a missing
value and the column keeps its type:

    count, integer  -> Int64 (nullable)
    decimal         -> Float64 (nullable)
    bool            -> boolean (nullable)
    label           -> category with the declared labels, in their order
    text            -> string
    counts, words, json -> Python lists and objects (object column)

A cell that is not a value of its column's type is an error naming the file,
the line and the column.
"""

import csv
import json
import subprocess

import pandas as pd

# Arrow/Dask type names (shard.ARROW_TYPES) of each declared type.
ARROW_NAMES = {"count": "int64", "integer": "int64", "decimal": "float64", "bool": "bool", "label": "category",
               "text": "string", "counts": "string", "words": "string", "json": "string"}
BOOLS = {"true": True, "false": False}


def list_columns(kind, bin="puzzlelab"):
    """The family's columns as `export --list-columns --summary json` declares them."""
    out = subprocess.run([str(bin), "export", "--kind", kind, "--list-columns", "--summary", "json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["columns"]


def read_export(path, kind=None, columns=None, bin="puzzlelab"):
    """The export CSV at `path` as a DataFrame whose columns have their declared types.

    `columns` is the list `list_columns` returns (pass it to read many files
    without running the binary each time); without it the columns of `kind`
    are asked of the binary `bin`; without `kind` either, of each family in
    turn until one's columns are the file's header.
    """
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    if not rows:
        raise ValueError(f"{path}: empty file; expected a header line")
    header, body = rows[0], rows[1:]
    if columns is None:
        columns = _columns_for(header, kind, bin, path)
    names = [c["name"] for c in columns]
    if header != names:
        raise ValueError(f"{path}:1: the header is not the declared columns "
                         f"({len(header)} columns, expected {len(names)} from {names[0]} to {names[-1]})")
    for line, row in enumerate(body, start=2):
        if len(row) != len(names):
            raise ValueError(f"{path}:{line}: expected {len(names)} fields, found {len(row)}")
    data = {}
    for index, column in enumerate(columns):
        cells = [row[index] for row in body]
        data[column["name"]] = _convert(cells, column, path)
    return pd.DataFrame(data, index=pd.RangeIndex(len(body)))


def _columns_for(header, kind, bin, path):
    if kind is not None:
        return list_columns(kind, bin)
    families = json.loads(subprocess.run([str(bin), "families", "--format", "json"],
                                         check=True, capture_output=True, text=True).stdout)
    for family in families:
        columns = list_columns(family["name"], bin)
        if [c["name"] for c in columns] == header:
            return columns
    raise ValueError(f"{path}:1: the header is no family's export columns; pass kind= or columns=")


def _convert(cells, column, path):
    kind, name = column["type"], column["name"]

    def each(parse):
        values = []
        for line, cell in enumerate(cells, start=2):
            if cell == "":
                values.append(None)
                continue
            try:
                values.append(parse(cell))
            except (ValueError, KeyError):
                raise ValueError(f"{path}:{line}: column {name} holds {cell!r}, expected a {kind} value") from None
        return values

    if kind in ("count", "integer"):
        return pd.array(each(_whole(kind == "count")), dtype="Int64")
    if kind == "decimal":
        return pd.array(each(float), dtype="Float64")
    if kind == "bool":
        return pd.array(each(BOOLS.__getitem__), dtype="boolean")
    if kind == "label":
        labels = column.get("labels", [])
        return pd.Categorical(each(_one_of(labels)), categories=labels)
    if kind == "text":
        return pd.array(each(str), dtype="string")
    if kind in ("counts", "words", "json"):
        return pd.Series(each(json.loads), dtype=object).array
    raise ValueError(f"{path}: column {name} has the unknown type {kind!r}; a newer puzzlelab? update the reader")


def _whole(non_negative):
    def parse(cell):
        value = int(cell)
        if str(value) != cell or (non_negative and value < 0):
            raise ValueError(cell)
        return value
    return parse


def _one_of(labels):
    def parse(cell):
        if cell not in labels:
            raise ValueError(cell)
        return cell
    return parse

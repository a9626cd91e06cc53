"""csvload.read_export: every export column loads with its declared type.

    PUZZLELAB_BIN=.build/release/puzzlelab .venv-research/bin/python -m pytest research/tests/test_csvload.py
"""

import csv
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

RESEARCH = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RESEARCH))

from puzzlelab_dask import csvload  # noqa: E402

BIN = Path(os.environ.get("PUZZLELAB_BIN", RESEARCH.parent / ".build/release/puzzlelab")).resolve()
DTYPES = {"count": "Int64", "integer": "Int64", "decimal": "Float64", "bool": "boolean", "label": "category",
          "text": "string", "counts": "object", "words": "object", "json": "object"}


def export(tmp_path, *args, name="e.csv"):
    out = tmp_path / name
    subprocess.run([str(BIN), "export", *args, "--jobs", "1", "--out", str(out)], check=True, capture_output=True)
    return out


def raw(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("kind", ["math-crossword", "cross-sums", "number-search", "drills", "morse"])
def test_every_family_loads_with_its_declared_types(tmp_path, kind):
    path = export(tmp_path, "--kind", kind, "--count", "12")
    columns = csvload.list_columns(kind, BIN)
    frame = csvload.read_export(path, kind=kind, bin=BIN)
    assert list(frame.columns) == [c["name"] for c in columns]
    assert len(frame) == 12
    for c in columns:
        assert str(frame[c["name"]].dtype) == DTYPES[c["type"]], c["name"]
        if c["type"] == "label":
            assert list(frame[c["name"]].cat.categories) == c["labels"], c["name"]
    # Every value is its cell read back.
    for row, cells in zip(frame.itertuples(index=False), raw(path)):
        for c, value in zip(columns, row):
            cell = cells[c["name"]]
            if cell == "":
                assert pd.isna(value), c["name"]
            elif c["type"] in ("count", "integer"):
                assert value == int(cell)
            elif c["type"] == "decimal":
                assert value == float(cell)
            elif c["type"] == "bool":
                assert value == (cell == "true")
            elif c["type"] in ("counts", "words", "json"):
                assert isinstance(value, (list, dict))
            else:
                assert value == cell


def test_a_failed_seed_keeps_integer_and_boolean_columns(tmp_path):
    # --min-blanks 14 is beyond about half the class_2 layouts (seeds 1…30: 14 fail): some seeds fail, with empty metrics.
    path = export(tmp_path, "--profile", "class_2", "--unique", "--min-blanks", "14", "--count", "30")
    frame = csvload.read_export(path, bin=BIN)  # the family found from the header
    failed = frame["status"] == "failed"
    assert failed.any() and (~failed).any(), "the test needs both outcomes"
    assert frame.loc[failed, "blanks"].isna().all() and frame.loc[~failed, "blanks"].notna().all()
    assert str(frame["blanks"].dtype) == "Int64" and str(frame["complete"].dtype) == "boolean"
    # pandas' own reading of the same file turns them into float and object.
    plain = pd.read_csv(path)
    assert plain["blanks"].dtype == "float64"


def test_lists_are_json_arrays(tmp_path):
    path = export(tmp_path, "--kind", "number-search", "--count", "5")
    frame = csvload.read_export(path, kind="number-search", bin=BIN)
    for counts, directions in zip(frame["pathCounts"], frame["directions"]):
        assert counts and all(isinstance(n, int) and n >= 1 for n in counts)
        assert len(directions) == len(counts) and all(isinstance(d, str) for d in directions)
    drills = csvload.read_export(export(tmp_path, "--kind", "drills", "--count", "3", name="d.csv"), kind="drills", bin=BIN)
    assert all(isinstance(e, list) and "exercise" in e[0] for e in drills["exerciseFeatures"])


def test_a_bad_cell_names_the_file_line_and_column(tmp_path):
    path = export(tmp_path, "--count", "4")
    lines = path.read_bytes().decode("utf-8").split("\r\n")
    header = lines[0].split(",")
    cells = lines[2].split(",")
    cells[header.index("blanks")] = "1.5"
    lines[2] = ",".join(cells)
    path.write_bytes("\r\n".join(lines).encode("utf-8"))
    with pytest.raises(ValueError, match=r"e\.csv:3: column blanks holds '1\.5', expected a count value"):
        csvload.read_export(path, kind="math-crossword", bin=BIN)
    other = export(tmp_path, "--kind", "drills", "--count", "2", name="d.csv")
    with pytest.raises(ValueError, match=r"d\.csv:1: the header is not the declared columns"):
        csvload.read_export(other, kind="math-crossword", bin=BIN)

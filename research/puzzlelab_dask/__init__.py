"""Research-scale `puzzlelab export` runs on Dask, written as one Parquet dataset.

    python -m puzzlelab_dask --kind math-crossword --count 200000 --bin .build/release/puzzlelab --out runs/mcw

(run from research/, or with research/ on PYTHONPATH). `read_dataset(DIR)`
reads a dataset back as one pandas DataFrame.
"""

import os

import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq

PARTITIONING = ds.partitioning(pa.schema([("family", pa.string()), ("profile", pa.string())]), flavor="hive")


def read_table(path, columns=None, filter=None):
    """The dataset at `path` as one Arrow table (family and profile from the folder names)."""
    common = os.path.join(path, "_common_metadata")
    schema = None
    if os.path.exists(common):
        schema = pq.read_schema(common)
        schema = schema.append(pa.field("family", pa.string())).append(pa.field("profile", pa.string()))
    dataset = ds.dataset(path, format="parquet", partitioning=PARTITIONING, schema=schema)
    return dataset.to_table(columns=columns, filter=filter)


def read_dataset(path, columns=None, filter=None):
    """The dataset at `path` as one pandas DataFrame, sorted by family, profile and seed."""
    frame = read_table(path, columns, filter).to_pandas()
    keys = [k for k in ("family", "profile", "seed") if k in frame.columns]
    return frame.sort_values(keys, kind="stable").reset_index(drop=True) if keys else frame

"""What runs on a Dask worker: one `puzzlelab export` shard, written as one
Parquet part file, and the marker that says it is done.

A shard is the seeds FIRST … FIRST+COUNT-1 of one (family, profile). Its part
file is `OUT/family=F/profile=P/seeds-FIRST-LAST.parquet`; it is written to a
dot-named temporary file beside it (readers skip dot files) and renamed into
place, then `OUT/_done/F/P/seeds-FIRST-LAST.json` records the shard's summary
(the same write-then-rename). A shard counts as done only when both exist.
"""

import json
import os
import subprocess
import uuid

import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

# Value types `puzzlelab export --summary json` reports per column, and the
# Arrow types a declared type accepts them into.
ARROW_TYPES = {
    "int64": pa.int64(),
    "float64": pa.float64(),
    "bool": pa.bool_(),
    "string": pa.string(),
    "category": pa.dictionary(pa.int32(), pa.string()),
}
ACCEPTS = {
    "int64": {"int"},
    "float64": {"double", "int"},
    "bool": {"bool"},
    "string": {"string", "json", "int", "double", "bool"},
    "category": {"string"},
}
PARTITIONS = ("family", "profile")
COMPRESSION = "zstd"


class ShardError(RuntimeError):
    """A shard that could not be exported or written; the message is one line."""


def shard_name(first, count):
    return f"seeds-{first}-{first + count - 1}"


def part_path(out, family, profile, first, count):
    return os.path.join(out, f"family={family}", f"profile={profile}", shard_name(first, count) + ".parquet")


def marker_path(out, family, profile, first, count):
    return os.path.join(out, "_done", family, profile, shard_name(first, count) + ".json")


def arrow_schema(columns):
    """The files' schema: [{"name", "type"}] without the partition columns."""
    return pa.schema([pa.field(c["name"], ARROW_TYPES[c["type"]]) for c in columns if c["name"] not in PARTITIONS])


def run_export(binary, family, profile, first, count, extra=(), jobs=1):
    """Runs `puzzlelab export` for the seeds and returns (CSV bytes, summary dict)."""
    command = [binary, "export", "--kind", family, "--profile", profile, "--seed", str(first),
               "--count", str(count), "--jobs", str(jobs), "--out", "-", "--summary", "json", *extra]
    try:
        done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, check=False)
    except OSError as error:
        raise ShardError(f"{binary}: cannot run it: {error.strerror or error}") from None
    lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
    if done.returncode != 0:
        last = lines[-1] if lines else "(no message)"
        raise ShardError(f"{os.path.basename(binary)} export exited with status {done.returncode}: {last}")
    try:
        summary = json.loads(lines[-1])
    except (IndexError, ValueError):
        raise ShardError(f"{os.path.basename(binary)} export printed no JSON summary on stderr "
                         f"(is --bin a puzzlelab with `export --summary json`?)") from None
    return done.stdout, summary


def csv_table(data, family_columns, declared):
    """Reads the CSV with the declared types; empty fields are nulls."""
    types = {name: ARROW_TYPES[declared[name]] for name in family_columns}
    options = pacsv.ConvertOptions(column_types=types, strings_can_be_null=True, null_values=[""],
                                   true_values=["true"], false_values=["false"])
    try:
        return pacsv.read_csv(pa.BufferReader(data), convert_options=options)
    except (pa.ArrowInvalid, pa.ArrowTypeError) as error:
        raise ShardError(f"the CSV does not fit the declared column types: {str(error).splitlines()[0]}") from None


def check_shard(table, summary, family, profile, first, count, declared):
    """Every seed once, in order; the profile asked for; each column's values of a declared type."""
    names = [c["name"] for c in summary["columns"]]
    if table.column_names != names:
        raise ShardError(f"the CSV header differs from the summary's columns ({len(table.column_names)} vs {len(names)})")
    if summary["rows"] != count or table.num_rows != count:
        raise ShardError(f"{table.num_rows} rows (summary: {summary['rows']}), expected {count}")
    seeds = table.column("seed").to_pylist()
    if seeds != list(range(first, first + count)):
        raise ShardError(f"seeds are not {first}…{first + count - 1} in order")
    profiles = set(table.column("profile").to_pylist())
    if profiles != {profile}:
        raise ShardError(f"profile column holds {sorted(map(str, profiles))}, expected {profile}")
    for column in summary["columns"]:
        kind, name = column["type"], column["name"]
        if name not in declared:
            raise ShardError(f"column {name} is not in the dataset's schema (_dataset.json); write to a new --out")
        if kind != "null" and kind not in ACCEPTS[declared[name]]:
            raise ShardError(f"column {name} holds {kind} values but the dataset declares {declared[name]} "
                             f"(_dataset.json); write to a new --out")


def write_atomically(path, write):
    directory = os.path.dirname(path)
    os.makedirs(directory, exist_ok=True)
    temporary = os.path.join(directory, f".{os.path.basename(path)}.{uuid.uuid4().hex}.tmp")
    try:
        write(temporary)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def export_shard(spec):
    """Exports one shard and writes its part file and marker; returns the marker's contents.

    `spec`: binary, out, family, profile, first, count, extra (export options),
    jobs, columns (the dataset's [{"name", "type"}], partition columns included).
    """
    family, profile, first, count = spec["family"], spec["profile"], spec["first"], spec["count"]
    label = f"{family}/{profile} seeds {first}…{first + count - 1}"
    declared = {c["name"]: c["type"] for c in spec["columns"]}
    try:
        data, summary = run_export(spec["binary"], family, profile, first, count, spec["extra"], spec["jobs"])
        family_columns = [c["name"] for c in summary["columns"]]
        table = csv_table(data, [n for n in family_columns if n in declared], declared)
        check_shard(table, summary, family, profile, first, count, declared)
    except ShardError as error:
        raise ShardError(f"{label}: {error}") from None
    schema = arrow_schema(spec["columns"])
    arrays = [table.column(f.name) if f.name in table.column_names else pa.nulls(count, f.type) for f in schema]
    part = pa.Table.from_arrays(arrays, schema=schema)
    path = part_path(spec["out"], family, profile, first, count)
    write_atomically(path, lambda p: pq.write_table(part, p, compression=COMPRESSION))
    marker = {
        "family": family, "profile": profile, "firstSeed": first, "count": count,
        "rows": summary["rows"], "failed": summary["failed"], "wallSeconds": summary["wallSeconds"],
        "part": os.path.relpath(path, spec["out"]), "bytes": os.path.getsize(path), "csvBytes": len(data),
    }
    marker_file = marker_path(spec["out"], family, profile, first, count)
    write_atomically(marker_file, lambda p: _write_json(p, marker))
    return marker


def _write_json(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, indent=1, sort_keys=True)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())


def probe(binary, family, profile, first, count, extra=()):
    """The column types a short export reports (the driver declares the schema from them)."""
    _, summary = run_export(binary, family, profile, first, count, extra)
    return summary


def list_columns(binary, family):
    """`puzzlelab export --kind F --list-columns --summary json`: profiles and columns."""
    command = [binary, "export", "--kind", family, "--list-columns", "--summary", "json"]
    try:
        done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, check=False)
    except OSError as error:
        raise ShardError(f"{binary}: cannot run it: {error.strerror or error}") from None
    if done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise ShardError(f"{os.path.basename(binary)} export --list-columns --kind {family} exited with status "
                         f"{done.returncode}: {lines[-1] if lines else '(no message)'}")
    try:
        return json.loads(done.stdout)
    except ValueError:
        raise ShardError(f"{os.path.basename(binary)} export --list-columns --summary json printed no JSON "
                         f"(is --bin a puzzlelab with `--summary json`?)") from None

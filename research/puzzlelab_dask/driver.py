"""The driver: plans the shards, declares the schema, runs the shards on a Dask
cluster and reports progress and failures. docs/RESEARCH.md, "Research-scale runs
(Dask, Parquet)", describes it."""

import argparse
import json
import logging
import os
import re
import sys
import time

import tempfile
import zipfile

import dask
import pyarrow.parquet as pq
from dask.distributed import Client, LocalCluster, as_completed

from . import csvload
from . import shard as shards
from .shard import ShardError

DATASET_FILE = "_dataset.json"
FORMAT = 2  # 2: column types from the declared kinds (1 guessed them from a probe)
# Text columns of these units (profile, failure reasons, technique codes) are
# dictionary-encoded.
CATEGORY_UNITS = {"", "name"}


class UsageError(Exception):
    """A bad argument or an output folder that does not fit; one line, exit 2."""


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="python -m puzzlelab_dask",
        description="Run `puzzlelab export` shards on a Dask cluster and write one Parquet dataset "
                    "partitioned by family and profile (hive style). Re-running the same command after "
                    "an interruption skips the finished shards.")
    p.add_argument("--kind", action="append", metavar="FAMILY",
                   help="a puzzle family (repeat for several; default math-crossword)")
    p.add_argument("--profile", action="append", metavar="NAME",
                   help="a profile (repeat for several; FAMILY:NAME for one family's, FAMILY:all, all); "
                        "default every profile of every family")
    p.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    p.add_argument("--count", type=int, required=True, help="seeds per profile")
    p.add_argument("--shard-size", type=int, default=10000, help="seeds per task (default 10000)")
    p.add_argument("--bin", required=True, metavar="PATH", help="the puzzlelab binary (as the workers see it)")
    p.add_argument("--out", required=True, metavar="DIR", help="the dataset folder (shared by the workers)")
    p.add_argument("--unique", action="store_true", help="pass --unique to export")
    p.add_argument("--min-blanks", type=int, metavar="N", help="pass --min-blanks N to export")
    p.add_argument("--retries", type=int, default=2, help="retries of a failed shard (default 2)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="connect to this Dask scheduler instead of a LocalCluster")
    p.add_argument("--workers", type=int, metavar="N",
                   help="LocalCluster workers (default: the cores, here %d)" % available_cores())
    p.add_argument("--jobs", type=int, default=1, help="export --jobs per shard (default 1: one core per worker)")
    p.add_argument("--probe", type=int, default=200, metavar="N",
                   help="seeds per profile exported first to learn the column types (default 200)")
    args = p.parse_args(argv)
    for name in ("count", "shard_size", "jobs", "probe"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.retries < 0:
        p.error("--retries must be at least 0")
    if args.workers is not None and args.workers < 1:
        p.error("--workers must be at least 1")
    args.kind = list(dict.fromkeys(args.kind or ["math-crossword"]))
    args.out = os.path.abspath(args.out)
    if os.sep in args.bin or args.scheduler is None:
        args.bin = os.path.abspath(args.bin)
    return args


def available_cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def log(message):
    print(message, file=sys.stderr, flush=True)


def select_profiles(kinds, listed, asked):
    """(family, profile) pairs in order: every profile, or the ones --profile names."""
    if not asked or "all" in asked:
        return [(k, p) for k in kinds for p in listed[k]["profiles"]]
    pairs, used = [], set()
    for k in kinds:
        mine = []
        for name in asked:
            family, _, profile = name.rpartition(":")
            if family and family != k:
                continue
            if profile == "all":
                mine += listed[k]["profiles"]
            elif profile in listed[k]["profiles"]:
                mine.append(profile)
            else:
                continue
            used.add(name)
        if not mine:
            raise UsageError(f"no --profile names a profile of {k} (its profiles: {', '.join(listed[k]['profiles'])})")
        pairs += [(k, p) for p in dict.fromkeys(mine)]
    unknown = [name for name in asked if name not in used]
    if unknown:
        raise UsageError(f"--profile {unknown[0]} is not a profile of {', '.join(kinds)}")
    return pairs


def declare_columns(kinds, listed):
    """The dataset's columns in first-seen order, each with one type for every family.

    A column's type is the one its kind in `export --list-columns --summary json`
    declares (csvload.DECLARED), never a guess from the values seen: a decimal
    column whose values all happen to be whole is still float64.
    """
    columns, seen = [], set()
    for k in kinds:
        for c in listed[k]["columns"]:
            if c["name"] in seen:
                continue
            seen.add(c["name"])
            kind = csvload.ARROW_NAMES[c["type"]]
            if kind == "string" and c["type"] == "text" and c["unit"] in CATEGORY_UNITS:
                kind = "category"
            columns.append({"name": c["name"], "type": kind, "unit": c["unit"], "timing": c["timing"]})
    return columns


def settle_dataset(out, columns, options, shard_size):
    """Reads or writes OUT/_dataset.json; a re-run must fit the dataset already there."""
    path = os.path.join(out, DATASET_FILE)
    if not os.path.exists(path):
        os.makedirs(out, exist_ok=True)
        dataset = {"format": FORMAT, "options": options, "shardSize": shard_size,
                   "partitioning": list(shards.PARTITIONS),
                   "columns": [{k: c[k] for k in ("name", "type", "unit", "timing")} for c in columns]}
        shards.write_atomically(path, lambda p: shards._write_json(p, dataset))
        return dataset
    try:
        with open(path, encoding="utf-8") as f:
            dataset = json.load(f)
    except (OSError, ValueError) as error:
        raise UsageError(f"{path}: cannot read it ({error}); write to a new --out")
    if dataset.get("format") != FORMAT:
        raise UsageError(f"{path}: format {dataset.get('format')}, this driver writes {FORMAT}; write to a new --out")
    if dataset["options"] != options:
        raise UsageError(f"{path}: the dataset was written with {json.dumps(dataset['options'], sort_keys=True)}, "
                         f"this run asks for {json.dumps(options, sort_keys=True)}; write to a new --out")
    if dataset["shardSize"] != shard_size:
        raise UsageError(f"{path}: the dataset's shards hold {dataset['shardSize']} seeds; "
                         f"run with --shard-size {dataset['shardSize']} or write to a new --out")
    declared = {c["name"]: c["type"] for c in dataset["columns"]}
    for c in columns:
        if c["name"] not in declared:
            raise UsageError(f"{path}: column {c['name']} is not in the dataset (another family or version); "
                             f"write to a new --out")
        if c["type"] != declared[c["name"]]:
            raise UsageError(f"{path}: column {c['name']} is {declared[c['name']]} in the dataset, "
                             f"{c['type']} in this run; write to a new --out")
    return dataset


SHARD_FILE = re.compile(r"^seeds-(-?\d+)-(-?\d+)\.(parquet|json)$")


def existing_ranges(out, family, profile):
    """Seed ranges of part files and markers already in OUT for one (family, profile)."""
    found = {}
    for directory in (os.path.dirname(shards.part_path(out, family, profile, 0, 1)),
                      os.path.dirname(shards.marker_path(out, family, profile, 0, 1))):
        if not os.path.isdir(directory):
            continue
        for name in os.listdir(directory):
            if name.startswith(".") and name.endswith(".tmp"):
                os.unlink(os.path.join(directory, name))  # left by a killed run
                continue
            m = SHARD_FILE.match(name)
            if m:
                found[(int(m.group(1)), int(m.group(2)))] = name
    return found


def plan(args, pairs):
    """Every shard (family, profile, first, count), and which of them are done."""
    todo, done = [], []
    for family, profile in pairs:
        ranges = existing_ranges(args.out, family, profile)
        first, end = args.seed, args.seed + args.count
        while first < end:
            count = min(args.shard_size, end - first)
            last = first + count - 1
            for a, b in ranges:
                if (a, b) != (first, last) and a <= last and first <= b:
                    raise UsageError(f"{family}/{profile}: seeds {first}…{last} overlap {ranges[(a, b)]} already in "
                                     f"{args.out} (another --seed or --shard-size); write to a new --out")
            item = (family, profile, first, count)
            marker = shards.marker_path(args.out, family, profile, first, count)
            part = shards.part_path(args.out, family, profile, first, count)
            if os.path.exists(marker) and os.path.exists(part):
                with open(marker, encoding="utf-8") as f:
                    done.append((item, json.load(f)))
            else:
                todo.append(item)
            first += count
    return todo, done


class Progress:
    """Shards done/total, rows/s and ETA on stderr, at most once a second."""

    def __init__(self, total_shards, total_rows, skipped_shards, skipped_rows):
        self.total_shards, self.total_rows = total_shards, total_rows
        self.shards, self.rows = skipped_shards, skipped_rows
        self.new_rows, self.failed = 0, 0
        self.start = time.monotonic()
        self.last = 0.0
        self.shown = None

    def add(self, rows):
        self.shards += 1
        self.rows += rows
        self.new_rows += rows
        self.show()

    def fail(self):
        self.failed += 1
        self.show()

    def rate(self):
        elapsed = time.monotonic() - self.start
        return self.new_rows / elapsed if elapsed > 0 else 0.0

    def show(self, final=False):
        now = time.monotonic()
        state = (self.shards, self.failed)
        if state == self.shown or (not final and now - self.last < 1.0 and sum(state) < self.total_shards):
            return
        self.last, self.shown = now, state
        rate = self.rate()
        left = self.total_rows - self.rows
        eta = f"{left / rate:,.0f} s" if rate > 0 else "?"
        failed = f", {self.failed} failed" if self.failed else ""
        log(f"shards {self.shards}/{self.total_shards}{failed}, rows {self.rows:,}/{self.total_rows:,}, "
            f"{rate:,.0f} rows/s, ETA {eta if left else '0 s'}")


def start_client(args):
    if args.scheduler:
        client = Client(args.scheduler)
        upload_package(client)
        return client, None
    workers = args.workers or available_cores()
    if "DASK_DISTRIBUTED__WORKER__MULTIPROCESSING_METHOD" not in os.environ:
        # Workers forked from a server that imported distributed once start in about a
        # third of the time of spawned ones (each re-imports it) and stop at once.
        dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"})
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                           dashboard_address=None, silence_logs=logging.ERROR)
    return Client(cluster), cluster


def upload_package(client):
    """Sends this package to the scheduler and the workers of a cluster started elsewhere,
    which then need dask and pyarrow only."""
    package = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "puzzlelab_dask.zip")
        with zipfile.ZipFile(path, "w") as archive:
            for name in sorted(os.listdir(package)):
                if name.endswith(".py"):
                    archive.write(os.path.join(package, name), f"puzzlelab_dask/{name}")
        client.upload_file(path)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    started = time.monotonic()
    client = cluster = None
    try:
        client, cluster = start_client(args)
        return run(args, client, started)
    except UsageError as error:
        log(f"puzzlelab_dask: {error}")
        return 2
    except KeyboardInterrupt:
        log("puzzlelab_dask: interrupted; finished shards are kept: run the same command to continue")
        return 130
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()


def gather_or_fail(client, function, items, what, labels):
    futures = [client.submit(function, *item, pure=False) for item in items]
    results = []
    for future, label in zip(futures, labels):
        try:
            results.append(future.result())
        except ShardError as error:
            raise UsageError(f"{what} {label}: {error}")
    return results


def run(args, client, started):
    workers = len(client.scheduler_info()["workers"])
    log(f"cluster: {workers} workers ({args.scheduler or 'LocalCluster'}), ready in {time.monotonic() - started:.1f} s")
    listed = dict(zip(args.kind, gather_or_fail(
        client, shards.list_columns, [(args.bin, k) for k in args.kind], "listing the columns of", args.kind)))
    pairs = select_profiles(args.kind, listed, args.profile)
    extra = (["--unique"] if args.unique else []) + (["--min-blanks", str(args.min_blanks)] if args.min_blanks else [])
    probes = gather_or_fail(client, shards.probe, [(args.bin, k, p, args.seed, min(args.probe, args.count), extra)
                                                   for k, p in pairs], "probing", [f"{k}/{p}" for k, p in pairs])
    versions = {s["toolkitVersion"] for s in probes}
    options = {"unique": args.unique, "minBlanks": args.min_blanks, "toolkitVersion": ",".join(sorted(versions))}
    dataset = settle_dataset(args.out, declare_columns(args.kind, listed), options, args.shard_size)
    columns = [{"name": c["name"], "type": c["type"]} for c in dataset["columns"]]

    todo, done = plan(args, pairs)
    total_shards = len(todo) + len(done)
    progress = Progress(total_shards, len(pairs) * args.count, len(done), sum(m["rows"] for _, m in done))
    log(f"{args.out}: {len(pairs)} profiles × {args.count:,} seeds in {total_shards} shards of {args.shard_size:,}; "
        f"{len(done)} already done, {len(todo)} to run")
    futures = {}
    for family, profile, first, count in todo:
        spec = {"binary": args.bin, "out": args.out, "family": family, "profile": profile, "first": first,
                "count": count, "extra": extra, "jobs": args.jobs, "columns": columns}
        future = client.submit(shards.export_shard, spec, retries=args.retries, pure=False,
                               key=f"shard-{family}-{profile}-{first}-{count}")
        futures[future] = (family, profile, first, count)
    failures, markers = [], [m for _, m in done]
    for future in as_completed(futures):
        try:
            marker = future.result()
        except Exception as error:  # noqa: BLE001 - every failure is reported, none dropped
            family, profile, first, count = futures[future]
            text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            if not isinstance(error, ShardError):
                text = f"{family}/{profile} seeds {first}…{first + count - 1}: {type(error).__name__}: {text}"
            failures.append(text)
            progress.fail()
            continue
        markers.append(marker)
        progress.add(marker["rows"])
    progress.show(final=True)

    if failures:
        for text in failures:
            log(f"puzzlelab_dask: shard failed after {args.retries + 1} attempts: {text}")
        log(f"puzzlelab_dask: {len(failures)} of {total_shards} shards failed; the others are kept: "
            f"fix the cause and run the same command to finish")
        return 1
    pq.write_metadata(shards.arrow_schema(columns), os.path.join(args.out, "_common_metadata"))
    rows = sum(m["rows"] for m in markers)
    failed = sum(m["failed"] for m in markers)
    size = sum(m["bytes"] for m in markers)
    csv_size = sum(m["csvBytes"] for m in markers)
    log(f"{args.out}: {rows:,} rows in {total_shards} shards ({len(done)} skipped as done), {failed:,} failed "
        f"generations; Parquet {size / 1e6:,.1f} MB (CSV {csv_size / 1e6:,.1f} MB); "
        f"{progress.new_rows:,} new rows in {time.monotonic() - progress.start:,.1f} s, {progress.rate():,.0f} rows/s; "
        f"{time.monotonic() - started:,.1f} s in all")
    return 0

"""The Dask driver end to end, on a 2-worker LocalCluster and the real binary.

    PUZZLELAB_BIN=.build/release/puzzlelab .venv-research/bin/python -m pytest research/tests

Small ranges: 2 families × 2 profiles × 4 shards. Checks that the Parquet rows
equal one `puzzlelab export` of the same seeds in every non-timing column,
that a run killed mid-way completes on the re-run without a duplicate or
missing seed (finished shards are not redone), and that a failing shard is
retried, reported with its error and a non-zero exit.
"""

import csv
import io
import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pytest

RESEARCH = Path(__file__).resolve().parents[1]
ROOT = RESEARCH.parent
sys.path.insert(0, str(RESEARCH))

import puzzlelab_dask  # noqa: E402

BIN = Path(os.environ.get("PUZZLELAB_BIN", ROOT / ".build/release/puzzlelab")).resolve()
PAIRS = [("math-crossword", "class_1"), ("math-crossword", "class_2"),
         ("number-search", "level-1"), ("number-search", "level-2")]
PROFILE_ARGS = ["--kind", "math-crossword", "--kind", "number-search",
                "--profile", "class_1", "--profile", "class_2", "--profile", "level-1", "--profile", "level-2"]


@pytest.fixture(scope="session", autouse=True)
def binary():
    assert BIN.is_file() and os.access(BIN, os.X_OK), f"no puzzlelab binary at {BIN}: build it or set PUZZLELAB_BIN"
    return BIN


def driver_command(out, count, shard_size, binary=BIN, *extra):
    return [sys.executable, "-m", "puzzlelab_dask", *PROFILE_ARGS, "--count", str(count),
            "--shard-size", str(shard_size), "--bin", str(binary), "--out", str(out), "--workers", "2", *extra]


def run_driver(*args, **kwargs):
    done = subprocess.run(driver_command(*args, **kwargs), cwd=RESEARCH, capture_output=True, text=True, timeout=300)
    return done


def export_csv(tmp_path, family, profile, seed, count):
    """One plain `puzzlelab export` of the seeds: header and records as text."""
    out = tmp_path / f"{family}-{profile}.csv"
    done = subprocess.run([str(BIN), "export", "--kind", family, "--profile", profile, "--seed", str(seed),
                           "--count", str(count), "--out", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    records = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"), newline="")))
    return records[0], records[1:]


def timing_columns(family):
    done = subprocess.run([str(BIN), "export", "--kind", family, "--list-columns", "--summary", "json"],
                          capture_output=True, text=True, check=True)
    return {c["name"] for c in json.loads(done.stdout)["columns"] if c["timing"]}


def cli_text(value):
    """A Parquet value as `puzzlelab export` writes it in CSV."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = f"{value:.6f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(value)


def dataset_rows(out, family, profile):
    table = puzzlelab_dask.read_table(str(out))
    rows = [r for r in table.to_pylist() if r["family"] == family and r["profile"] == profile]
    return sorted(rows, key=lambda r: r["seed"])


def markers(out):
    return sorted((out / "_done").rglob("*.json"))


def test_parquet_rows_equal_one_export_in_every_non_timing_column(tmp_path):
    out = tmp_path / "dataset"
    done = run_driver(out, 1000, 250)
    assert done.returncode == 0, done.stderr
    assert "shards 16/16" in done.stderr
    assert len(markers(out)) == 16
    assert len(list(out.rglob("*.parquet"))) == 16
    table = puzzlelab_dask.read_table(str(out))
    assert table.num_rows == 4000
    # Declared types: integers int64, floats float64 (even when a value prints as "2"),
    # labels dictionary-encoded, lists of names plain strings, empty metrics null.
    schema = table.schema
    assert schema.field("seed").type == pa.int64()
    assert schema.field("crossingsPerEquationMean").type == pa.float64()
    assert schema.field("forcedShare").type == pa.float64()
    assert schema.field("complete").type == pa.bool_()
    assert pa.types.is_dictionary(schema.field("gradeLabel").type)
    assert pa.types.is_dictionary(schema.field("failureReason").type)
    assert schema.field("directions").type == pa.string()
    assert schema.field("revealed").type == pa.int64()
    assert table.column("failureReason").null_count == 4000
    mcw = [r for r in table.to_pylist() if r["family"] == "math-crossword"]
    assert all(r["directions"] is None and r["questions"] is None for r in mcw)
    for family, profile in PAIRS:
        header, records = export_csv(tmp_path, family, profile, 1, 1000)
        timing = timing_columns(family)
        assert timing == {"generationMicroseconds", "solveMicroseconds", "gradeMicroseconds"}
        rows = dataset_rows(out, family, profile)
        assert [r["seed"] for r in rows] == list(range(1, 1001))
        compared = [name for name in header if name not in timing]
        for record, row in zip(records, rows):
            expected = dict(zip(header, record))
            got = {name: cli_text(row[name]) for name in compared}
            assert got == {name: expected[name] for name in compared}, f"{family}/{profile} seed {row['seed']}"
        # the timing columns are there, as numbers
        assert all(isinstance(rows[0][name], float) for name in timing)


def test_a_killed_run_completes_on_the_rerun_without_duplicate_or_missing_seeds(tmp_path):
    out = tmp_path / "dataset"
    count, shard_size = 8000, 2000
    process = subprocess.Popen(driver_command(out, count, shard_size), cwd=RESEARCH, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while len(markers(out)) < 2 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        # the driver, its LocalCluster and the exports running on it, as a crash would
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    before = markers(out)
    assert 2 <= len(before) < 16, f"{len(before)} shards done when the run was killed"
    kept = {m: (out / json.loads(m.read_text())["part"]).stat().st_mtime_ns for m in before}

    done = run_driver(out, count, shard_size)
    assert done.returncode == 0, done.stderr
    assert f"{len(before)} already done, {16 - len(before)} to run" in done.stderr
    for marker, mtime in kept.items():  # finished shards were skipped, not rewritten
        assert (out / json.loads(marker.read_text())["part"]).stat().st_mtime_ns == mtime
    assert len(markers(out)) == 16
    assert not [p for p in out.rglob(".*") if p.is_file()], "temporary files left behind"
    table = puzzlelab_dask.read_table(str(out), columns=["seed", "family", "profile"])
    assert table.num_rows == 4 * count
    for family, profile in PAIRS:
        seeds = sorted(r["seed"] for r in table.to_pylist() if r["family"] == family and r["profile"] == profile)
        assert seeds == list(range(1, count + 1))


def failing_binary(tmp_path, seed, fail_times):
    """A puzzlelab that fails the shard starting at `seed` `fail_times` times, counting its attempts."""
    attempts = tmp_path / f"attempts-{seed}"
    script = tmp_path / f"puzzlelab-failing-{seed}"
    script.write_text(f"""#!/bin/sh
prev=
for a in "$@"; do
  if [ "$prev" = "--seed" ] && [ "$a" = "{seed}" ]; then
    echo attempt >> "{attempts}"
    if [ "$(wc -l < "{attempts}")" -le {fail_times} ]; then
      echo "injected failure at seed {seed}" >&2
      exit 3
    fi
  fi
  prev=$a
done
exec "{BIN}" "$@"
""")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script, attempts


def test_a_failing_shard_is_retried_reported_and_exits_non_zero(tmp_path):
    out = tmp_path / "dataset"
    binary, attempts = failing_binary(tmp_path, 251, fail_times=99)
    done = run_driver(out, 1000, 250, binary, "--retries", "2")
    assert done.returncode == 1, done.stderr
    assert len(attempts.read_text().splitlines()) == 4 * 3  # each profile's shard 251…500, 1 + 2 retries
    failed = [line for line in done.stderr.splitlines() if "shard failed after 3 attempts" in line]
    assert len(failed) == 4, done.stderr
    assert all("seeds 251…500" in line and "injected failure at seed 251" in line for line in failed)
    assert "4 of 16 shards failed" in done.stderr
    assert len(markers(out)) == 12
    assert not list(out.rglob("seeds-251-500.parquet"))
    # The cause fixed, the same command runs only the four failed shards.
    again = run_driver(out, 1000, 250)
    assert again.returncode == 0, again.stderr
    assert "12 already done, 4 to run" in again.stderr
    assert puzzlelab_dask.read_table(str(out), columns=["seed"]).num_rows == 4000


def test_a_shard_that_fails_once_succeeds_on_its_retry(tmp_path):
    out = tmp_path / "dataset"
    binary, attempts = failing_binary(tmp_path, 501, fail_times=1)
    done = run_driver(out, 1000, 250, binary, "--retries", "1")
    assert done.returncode == 0, done.stderr
    assert len(attempts.read_text().splitlines()) == 5  # one failure, then the four shards at seed 501
    assert len(markers(out)) == 16


def test_a_bad_binary_or_a_mismatched_rerun_is_one_line_and_non_zero(tmp_path):
    out = tmp_path / "dataset"
    done = run_driver(out, 100, 50, tmp_path / "no-such-puzzlelab")
    assert done.returncode != 0
    assert "no-such-puzzlelab: cannot run it" in done.stderr
    assert run_driver(out, 100, 50).returncode == 0
    other = run_driver(out, 100, 25)
    assert other.returncode == 2
    assert "shards hold 50 seeds" in other.stderr
    shifted = subprocess.run(driver_command(out, 100, 50) + ["--seed", "26"], cwd=RESEARCH,
                             capture_output=True, text=True, timeout=300)
    assert shifted.returncode == 2
    assert "overlap" in shifted.stderr


def test_a_cluster_started_elsewhere_runs_the_shards(tmp_path):
    """--scheduler: workers started in another folder, without this package on their path."""
    scheduler_file = tmp_path / "scheduler.json"
    bindir = Path(sys.executable).parent
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    started = [subprocess.Popen([str(bindir / "dask"), "scheduler", "--scheduler-file", str(scheduler_file),
                                 "--port", "0", "--dashboard-address", ":0"],
                                cwd=tmp_path, env=env, start_new_session=True,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        deadline = time.monotonic() + 60
        while not scheduler_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        started.append(subprocess.Popen([str(bindir / "dask"), "worker", "--scheduler-file", str(scheduler_file),
                                         "--nworkers", "2", "--nthreads", "1", "--dashboard-address", ":0"],
                                        cwd=tmp_path, env=env, start_new_session=True,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        address = json.loads(scheduler_file.read_text())["address"]
        out = tmp_path / "dataset"
        command = driver_command(out, 400, 200)
        command = command[:command.index("--workers")] + ["--scheduler", address]
        done = subprocess.run(command, cwd=RESEARCH, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert f"({address})" in done.stderr
        table = puzzlelab_dask.read_table(str(out), columns=["seed", "family", "profile"])
        assert table.num_rows == 4 * 400
        assert len(markers(out)) == 8
    finally:
        for process in reversed(started):
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=60)

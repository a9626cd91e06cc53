#!/usr/bin/env python3
"""Counts each level of a JSON Lines file in a process of its own and
measures the process's user CPU time, which, unlike `solve`'s
`timeMicroseconds` (wall-clock), does not grow with the machine's load.

Usage: percase.py BIN levels.jsonl out.csv [solve options ...]

Writes `solve --format csv`'s row of every level with a `userSeconds`
column added, then prints the user-time percentiles (p50, p90, max), the
incomplete counts and the nodes. The user time includes the start of the
process (about 0.01 s).
"""
import csv
import io
import subprocess
import sys
import tempfile


def main():
    binary, levels, out = sys.argv[1], sys.argv[2], sys.argv[3]
    options = sys.argv[4:]
    rows = []
    with open(levels) as f, tempfile.TemporaryDirectory() as work:
        for line in f:
            if not line.strip():
                continue
            level = f"{work}/level.jsonl"
            with open(level, "w") as one:
                one.write(line)
            run = subprocess.run(["/usr/bin/time", "-f", "%U", "-o", f"{work}/time", binary, "solve", level,
                                  "--format", "csv", *options], capture_output=True, text=True, check=True)
            row = next(csv.DictReader(io.StringIO(run.stdout)))
            with open(f"{work}/time") as t:
                row["userSeconds"] = t.read().strip().splitlines()[-1]
            rows.append(row)
    with open(out, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)
    times = sorted(float(r["userSeconds"]) for r in rows)
    nodes = sorted(int(r["nodes"]) for r in rows)
    incomplete = [r["id"] for r in rows if r["complete"] != "true"]
    slowest = max(rows, key=lambda r: float(r["userSeconds"]))
    print(f"{out}: {len(rows)} levels; user s p50 {times[len(times) // 2]:.2f} p90 "
          f"{times[min(len(times) - 1, int(0.9 * len(times)))]:.2f} max {times[-1]:.2f} ({slowest['id']});"
          f" over 1 s {sum(1 for t in times if t > 1)}; incomplete {len(incomplete)} {' '.join(incomplete)};"
          f" largest count {max(int(r['solutionCount']) for r in rows)}; nodes p50 {nodes[len(nodes) // 2]}"
          f" max {nodes[-1]} total {sum(nodes)}")


if __name__ == "__main__":
    main()

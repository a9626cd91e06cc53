#!/usr/bin/env python3
"""Compares two `puzzlelab solve --format csv` files of the same levels, level
by level: typically a full count against the plain search of the same binary
(`solve FILE --limit 1000000000`, a solution limit nobody reaches, never
counts by components). Checks that the counts agree where both are complete (a count a budget stopped is a lower
bound: those levels are listed apart), then lists the levels
where the first file took more nodes, or more time (over 10 % and over
20 ms), than the second.

Usage: compare.py counted.csv plain.csv
"""
import csv
import sys


def load(name):
    with open(name, newline="") as f:
        return list(csv.DictReader(f))


def main():
    first, second = load(sys.argv[1]), load(sys.argv[2])
    if [r["id"] for r in first] != [r["id"] for r in second]:
        sys.exit("the files hold different levels")
    pairs = list(zip(first, second))
    stopped = [(a["id"], a["complete"] == "true", b["complete"] == "true") for a, b in pairs
               if a["complete"] != "true" or b["complete"] != "true"]
    for level, done_a, done_b in stopped:
        print(f"  incomplete {level}: first {'complete' if done_a else 'stopped'}, second {'complete' if done_b else 'stopped'}")
    pairs = [(a, b) for a, b in pairs if a["complete"] == "true" and b["complete"] == "true"]
    differing = [a["id"] for a, b in pairs if a["solutionCount"] != b["solutionCount"]]
    if differing:
        sys.exit(f"counts differ on {len(differing)} levels: {' '.join(differing)}")
    more_nodes, slower = [], []
    for a, b in pairs:
        na, nb = int(a["nodes"]), int(b["nodes"])
        ta, tb = int(a["timeMicroseconds"]), int(b["timeMicroseconds"])
        if na > nb:
            more_nodes.append((na / nb, a["id"], na, nb))
        if ta > 1.1 * tb and ta > 20_000:
            slower.append((ta / tb, a["id"], ta, tb))
    print(f"{len(first)} levels, {len(pairs)} complete in both, their counts identical; more nodes on {len(more_nodes)}, slower on {len(slower)}")
    for label, rows, unit in (("nodes", more_nodes, ""), ("time", slower, " µs")):
        for ratio, level, a, b in sorted(rows, reverse=True)[:10]:
            print(f"  {label} {level}: {a:,}{unit} vs {b:,}{unit} ({ratio:.2f}×)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Summarises `puzzlelab solve --format csv` files: time percentiles, how many
counts stopped incomplete, the largest count and the nodes.

Usage: summary.py counts.csv [more.csv ...]
"""
import csv
import sys


def main():
    for name in sys.argv[1:]:
        with open(name, newline="") as f:
            rows = list(csv.DictReader(f))
        if not rows:
            print(f"{name}: no rows")
            continue
        times = sorted(int(r["timeMicroseconds"]) for r in rows)
        nodes = sorted(int(r["nodes"]) for r in rows)

        def at(q):
            return times[min(len(times) - 1, int(q * len(times)))]

        incomplete = sum(1 for r in rows if r["complete"] != "true")
        largest = max(int(r["solutionCount"]) for r in rows)
        print(f"{name}: {len(rows)} levels; time µs p50 {at(0.5)} p90 {at(0.9)} p99 {at(0.99)} max {times[-1]};"
              f" incomplete {incomplete}; largest count {largest}; nodes p50 {nodes[len(nodes) // 2]} max {nodes[-1]}"
              f" total {sum(nodes)}")


if __name__ == "__main__":
    main()

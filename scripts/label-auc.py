#!/usr/bin/env python3
"""Adjacent-profile separation by grade label, from `puzzlelab export` CSVs.

    scripts/label-auc.py [--labels easy,medium,hard,expert,guess-required] [--size blanks] A.csv B.csv ...

The CSVs are given easiest profile first. For each file: the rows graded
(status ok), the label mix, the median label and Spearman's rho between
gradeScore and the size column (default `blanks`). For each adjacent pair
(A, B): the AUC over the ordinal label, the probability that a puzzle of B
is labelled harder than one of A, ties counting half (0.5: no separation).
Standard library only.
"""
import argparse
import csv
import sys


def ranks(values):
    """Ranks 1..n, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(xs, ys):
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    if n < 2:
        return float("nan")
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else float("nan")


def auc(easier, harder):
    """P(harder > easier) + P(tie) / 2 over all pairs, by counting per rank."""
    top = max(easier + harder, default=0) + 1
    count_e = [0] * top
    for r in easier:
        count_e[r] += 1
    below = 0.0
    for r in harder:
        below += sum(count_e[:r]) + count_e[r] / 2
    return below / (len(easier) * len(harder)) if easier and harder else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--labels", default="easy,medium,hard,expert,guess-required",
                        help="the family's labels, easiest first")
    parser.add_argument("--size", default="blanks", help="the size column for Spearman's rho")
    parser.add_argument("csv", nargs="+")
    args = parser.parse_args()
    labels = args.labels.split(",")
    profiles = []
    for path in args.csv:
        with open(path, newline="") as f:
            rows = [r for r in csv.DictReader(f) if r.get("status", "ok") == "ok" and r.get("gradeLabel")]
        unknown = sorted({r["gradeLabel"] for r in rows} - set(labels))
        if unknown:
            sys.exit(f"{path}: labels {unknown} are not among --labels {args.labels}")
        rank = [labels.index(r["gradeLabel"]) for r in rows]
        mix = " ".join(f"{label} {rank.count(i)}" for i, label in enumerate(labels))
        median = labels[sorted(rank)[len(rank) // 2]] if rank else "-"
        rho = spearman([float(r["gradeScore"]) for r in rows], [float(r[args.size]) for r in rows])
        name = rows[0]["profile"] if rows else path
        print(f"{name}: {len(rows)} rows; {mix}; median {median}; rho(score, {args.size}) {rho:.2f}")
        profiles.append((name, rank))
    for (a, ra), (b, rb) in zip(profiles, profiles[1:]):
        print(f"AUC {a} -> {b}: {auc(ra, rb):.3f}")


if __name__ == "__main__":
    main()

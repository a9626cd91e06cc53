#!/usr/bin/env python3
"""Plots `puzzlelab drills simulate --format csv` output: how closely the
current (1/n gain) model and the uncertainty model follow a cohort of
learners who improve with practice and forget over breaks.

    python3 notebooks-data/drills_tracking.py simulations/drills-tracking.csv figures/drills-tracking.png

Left: RMSE of the ability estimate against the true ability after N answers
of every learner (and the cohort's mean true ability, right axis). Right:
RMSE of the exercise ratings against the true difficulties after N answers
in the whole bank. Called by regenerate.sh.
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

LABELS = {"current": "current model (gain 4/(n+4), floor 0.1)", "uncertainty": "uncertainty model"}
STYLES = {"current": {"color": "#888888", "linestyle": "--", "marker": "o"},
          "uncertainty": {"color": "#1f6fb4", "linestyle": "-", "marker": "s"}}


def read(path):
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle))
    required = {"table", "model", "answers", "rmse", "meanAbility"}
    if not rows or not required <= set(rows[0]):
        sys.exit(f"{path}:1: expected the columns of `puzzlelab drills simulate --format csv` "
                 f"({', '.join(sorted(required))})")
    return rows


def series(rows, table, model, column="rmse"):
    points = [(int(r["answers"]), float(r[column])) for r in rows
              if r["table"] == table and r["model"] == model and r[column] != ""]
    points.sort()
    return [p[0] for p in points], [p[1] for p in points]


def main(argv):
    if len(argv) != 3:
        sys.exit("usage: drills_tracking.py SIMULATION.csv OUT.png")
    rows = read(argv[1])
    first = rows[0]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    for model in ("current", "uncertainty"):
        x, y = series(rows, "ability", model)
        left.plot(x, y, label=LABELS[model], **STYLES[model])
        x, y = series(rows, "items", model)
        right.plot([max(v, 1) for v in x], y, label=LABELS[model], **STYLES[model])
    x, y = series(rows, "ability", "current", "meanAbility")
    twin = left.twinx()
    twin.plot(x, y, color="#d08a1c", linewidth=1, alpha=0.7, label="mean true ability")
    twin.set_ylabel("mean true ability (logits)", color="#d08a1c")
    left.set_xlabel("answers per learner")
    left.set_ylabel("RMSE of ability estimate (logits)")
    left.set_title("Ability tracking, learners who improve and forget")
    left.set_ylim(bottom=0)
    left.legend(loc="upper right", fontsize=8)
    right.set_xscale("log")
    right.set_xlabel("answers in the whole bank (log scale; 0 shown at 1)")
    right.set_ylabel("RMSE of exercise rating (logits)")
    right.set_title("Exercise ratings against true difficulty")
    right.set_ylim(bottom=0)
    right.legend(loc="lower left", fontsize=8)
    fig.suptitle(f"puzzlelab drills simulate: {first.get('learners', '?')} learners, seed {first.get('seed', '?')}, "
                 f"range {first.get('range', '?')}, PuzzleLab {first.get('toolkitVersion', '?')}", fontsize=10)
    fig.tight_layout()
    fig.savefig(argv[2], dpi=110)
    print(f"wrote {argv[2]}")


if __name__ == "__main__":
    main(sys.argv)

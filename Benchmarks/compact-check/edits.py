"""Compact math crossword levels with one edit each, for comparing the
refusals of two builds (verify.sh):

    python3 Benchmarks/compact-check/edits.py OUT.jsonl IN.jsonl…

Each level of the input files (compact JSON Lines) gets the next of twelve
edits in turn: an equation's orientation, row, column or length changed;
an equation dropped, repeated or swapped with another; a grid token
changed; a `current` entry somewhere; a pool tile dropped; a solution
value off by one; none. Seeded, so the file is the same every time.
"""
import json
import random
import sys


def edited(level, kind, rng):
    runs = level["equations"]
    j = rng.randrange(len(runs))
    if kind == 0:
        runs[j][0] = rng.choice(["h", "v", "x", "H"])
    elif kind == 1:
        runs[j][1] += rng.choice([-1, 1, 50])
    elif kind == 2:
        runs[j][2] += rng.choice([-1, 1])
    elif kind == 3:
        runs[j][3] += rng.choice([-2, -1, 1, 2, 100])
    elif kind == 4:
        runs.pop(j)
    elif kind == 5:
        runs.insert(rng.randrange(len(runs)), list(runs[j]))
    elif kind == 6:
        k = rng.randrange(len(runs))
        runs[j], runs[k] = runs[k], runs[j]
    elif kind == 7:
        row = rng.randrange(len(level["grid"]))
        cells = level["grid"][row].split(" ")
        cells[rng.randrange(len(cells))] = rng.choice([".", "?", "=", "+", "x", "7", "07", "a", ""])
        level["grid"][row] = " ".join(cells)
    elif kind == 8:
        level["current"] = [{"row": rng.randrange(-1, level["rows"] + 1),
                             "column": rng.randrange(level["columns"]), "value": rng.choice([1, -1])}]
    elif kind == 9:
        level["numberPool"] = level["numberPool"][1:]
    elif kind == 10 and level.get("solution"):
        level["solution"][0]["value"] += 1
    return level


def main():
    rng = random.Random(43)
    out, inputs = sys.argv[1], sys.argv[2:]
    lines = []
    for path in inputs:
        with open(path) as f:
            for line in f:
                if line.strip():
                    level = edited(json.loads(line), len(lines) % 12, rng)
                    lines.append(json.dumps(level, separators=(",", ":"), sort_keys=True))
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Count math crossword solutions with OR-Tools CP-SAT and compare with PuzzleLab.

Usage:
  puzzlelab generate --profile class_4 --count 200 --format jsonl > c4.jsonl
  puzzlelab solve c4.jsonl --format csv > c4.csv
  python3 Benchmarks/compare_cpsat.py c4.jsonl c4.csv

Builds the same model as PuzzleLab's CrosswordModel (one integer variable per
empty cell over the pool's distinct values, one allowed-assignments table per
equation, exact tile counts), with its own left-to-right arithmetic, counts
all solutions with CP-SAT (enumerate_all_solutions, one worker), checks that
the counts agree and prints median times. Needs `pip install ortools`.
"""
import csv
import itertools
import json
import statistics
import sys
import time

from ortools.sat.python import cp_model

OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "x": lambda a, b: a * b}


def left_value(operands, operators):
    value = operands[0]
    for op, b in zip(operators, operands[1:]):
        if op == "/":
            if b == 0 or value % b != 0:
                return None
            value //= b
        else:
            value = OPS[op](value, b)
    return value


def model_of(level):
    cells = {(c["position"]["row"], c["position"]["column"]): c for c in level["cells"]}
    pool = level["numberPool"]
    values = sorted(set(pool))
    blanks = sorted(p for p, c in cells.items() if c["type"] == "emptyOperand")
    m = cp_model.CpModel()
    x = {p: m.NewIntVarFromDomain(cp_model.Domain.FromValues(values), f"x{p}") for p in blanks}
    for eq in level["equations"]:
        pos = [(p["row"], p["column"]) for p in eq["cellPositions"]]
        operands, operators = pos[0::2], [cells[p]["operatorSymbol"] for p in pos[1:-2:2]]
        free = [p for p in operands if p in x]
        if not free:
            continue
        allowed = []
        for combo in itertools.product(values, repeat=len(free)):
            assign = dict(zip(free, combo))
            nums = [assign.get(p, cells[p].get("fixedValue")) for p in operands]
            v = left_value(nums[:-1], operators)
            if v is not None and v >= 0 and v == nums[-1]:
                allowed.append(list(combo))
        m.AddAllowedAssignments([x[p] for p in free], allowed)
    for v in values:
        lits = []
        for p in blanks:
            b = m.NewBoolVar("")
            m.Add(x[p] == v).OnlyEnforceIf(b)
            m.Add(x[p] != v).OnlyEnforceIf(b.Not())
            lits.append(b)
        m.Add(sum(lits) == pool.count(v))
    return m


class Counter(cp_model.CpSolverSolutionCallback):
    def __init__(self):
        super().__init__()
        self.count = 0

    def on_solution_callback(self):
        self.count += 1


def main(jsonl, puzzlelab_csv):
    ours = {r["id"]: r for r in csv.DictReader(open(puzzlelab_csv))}
    times, mismatches = [], 0
    for line in open(jsonl):
        level = json.loads(line)
        m = model_of(level)
        solver = cp_model.CpSolver()
        solver.parameters.enumerate_all_solutions = True
        solver.parameters.num_workers = 1
        counter = Counter()
        start = time.perf_counter()
        solver.Solve(m, counter)
        times.append((time.perf_counter() - start) * 1e6)
        if str(counter.count) != ours[level["id"]]["solutionCount"]:
            mismatches += 1
            print("count differs:", level["id"], counter.count, ours[level["id"]]["solutionCount"])
    mine = [int(r["timeMicroseconds"]) for r in ours.values()]
    a, b = statistics.median(times), statistics.median(mine)
    print(f"{len(times)} puzzles, {mismatches} count mismatches; CP-SAT median {a:.0f} µs, "
          f"PuzzleLab median {b:.1f} µs, ratio {a / max(b, 1):.0f}x")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

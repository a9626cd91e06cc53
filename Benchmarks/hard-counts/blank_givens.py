#!/usr/bin/env python3
"""Turns math crossword levels (JSON Lines, docs/FORMATS.md section 2) into
hard-count levels: every given operand becomes an empty cell and its value
joins the pool, so the pool holds every operand value of the grid.

Usage: blank_givens.py < levels.jsonl > hard.jsonl

Reads one level per line and writes one per line, in the same order, with
the same keys; a `solution` key, when present, is dropped (the level now has
other solutions).
"""
import json
import sys


def blank_givens(level):
    pool = list(level["numberPool"])
    for cell in level["cells"]:
        if cell.get("type") == "fixedOperand":
            pool.append(cell["fixedValue"])
            cell["type"] = "emptyOperand"
            cell.pop("fixedValue", None)
            cell.pop("currentValue", None)
    level["numberPool"] = sorted(pool)
    level.pop("solution", None)
    return level


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        print(json.dumps(blank_givens(json.loads(line)), separators=(",", ":")))


if __name__ == "__main__":
    main()

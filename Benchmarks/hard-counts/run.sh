#!/bin/sh
# Builds the hard-count sets and counts them with BIN:
#   Benchmarks/hard-counts/run.sh .build/release/puzzlelab OUTDIR
# For each of class_4, c4v10.json and c4v20.json (a class_4 grid with values
# to 10 or 20): 200 unique levels (seeds 1…200), every given blanked
# (blank_givens.py), then `solve --format csv` and summary.py.
set -eu
BIN=$1
OUT=$2
HERE=$(dirname "$0")
mkdir -p "$OUT"
for profile in class_4 "$HERE/c4v10.json" "$HERE/c4v20.json"; do
    name=$(basename "$profile" .json)
    "$BIN" generate --profile "$profile" --unique --count 200 --format jsonl 2>/dev/null \
        | python3 "$HERE/blank_givens.py" > "$OUT/hard-$name.jsonl"
    "$BIN" solve "$OUT/hard-$name.jsonl" --format csv > "$OUT/hard-$name.csv"
done
python3 "$HERE/summary.py" "$OUT"/hard-*.csv

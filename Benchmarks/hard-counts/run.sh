#!/bin/sh
# Builds the hard-count sets and counts them with BIN:
#   Benchmarks/hard-counts/run.sh .build/release/puzzlelab OUTDIR
# For each of class_4, c4v10.json and c4v20.json (a class_4 grid with values
# to 10 or 20): 200 unique levels (seeds 1…200), every given blanked
# (blank_givens.py), then `solve --format csv` (the full count) and
# `solve --limit 1000000000` (the plain search alone, which never counts by
# components) right after it, summary.py over both and compare.py of the two.
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
    "$BIN" solve "$OUT/hard-$name.jsonl" --limit 1000000000 --format csv > "$OUT/hard-$name.plain.csv"
done
python3 "$HERE/summary.py" "$OUT"/hard-*.csv
for name in class_4 c4v10 c4v20; do
    echo "$name, full count against the plain search:"
    python3 "$HERE/compare.py" "$OUT/hard-$name.csv" "$OUT/hard-$name.plain.csv"
done

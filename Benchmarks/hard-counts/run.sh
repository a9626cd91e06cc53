#!/bin/sh
# Builds the hard-count sets and counts them with BIN:
#   Benchmarks/hard-counts/run.sh .build/release/puzzlelab OUTDIR          # the class_4-sized sets
#   Benchmarks/hard-counts/run.sh .build/release/puzzlelab OUTDIR big      # the big sets
# The class_4-sized sets: for each of class_4, c4v10.json and c4v20.json (a
# class_4 grid with values to 10 or 20), 200 unique levels (seeds 1…200).
# The big sets: 20 unique levels (seeds 1…20) of sq20.json (the 20×20
# profile of Benchmarks/Profiles, values to 1000), sq20v99.json (the same
# grid with values 10–99), pub14.json (a published-style 14×14 grid,
# values 10–99, 33–43 operands) and pub14v30.json (the same with values
# 10–30: hundreds to tens of thousands of solutions), each count within `--timeout 10` (CPU seconds, the default budget).
# Every given is blanked (blank_givens.py), then `solve --format csv` (the
# full count) and `solve --limit 1000000000` (the plain search alone, which
# never counts by components) right after it, summary.py over both and
# compare.py of the two.
set -eu
BIN=$1
OUT=$2
SET=${3:-class}
HERE=$(dirname "$0")
case "$SET" in
    class) PROFILES="class_4 $HERE/c4v10.json $HERE/c4v20.json"; COUNT=200; TIMEOUT=10 ;;
    big) PROFILES="$HERE/../Profiles/sq20.json $HERE/sq20v99.json $HERE/pub14.json $HERE/pub14v30.json"; COUNT=20; TIMEOUT=10 ;;
    *) echo "run.sh: the set is class or big, not $SET" >&2; exit 2 ;;
esac
mkdir -p "$OUT"
for profile in $PROFILES; do
    name=$(basename "$profile" .json)
    "$BIN" generate --profile "$profile" --unique --count "$COUNT" --format jsonl 2>/dev/null \
        | python3 "$HERE/blank_givens.py" > "$OUT/hard-$name.jsonl"
    "$BIN" solve "$OUT/hard-$name.jsonl" --timeout "$TIMEOUT" --format csv > "$OUT/hard-$name.csv"
    "$BIN" solve "$OUT/hard-$name.jsonl" --timeout "$TIMEOUT" --limit 1000000000 --format csv > "$OUT/hard-$name.plain.csv"
done
for profile in $PROFILES; do
    name=$(basename "$profile" .json)
    python3 "$HERE/summary.py" "$OUT/hard-$name.csv" "$OUT/hard-$name.plain.csv"
done
for profile in $PROFILES; do
    name=$(basename "$profile" .json)
    echo "$name, full count against the plain search:"
    python3 "$HERE/compare.py" "$OUT/hard-$name.csv" "$OUT/hard-$name.plain.csv"
done

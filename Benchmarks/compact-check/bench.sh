#!/bin/sh
# CPU time a level of `check --quiet` on compact 40×40 levels, for one or
# more builds run one after the other in each round:
#   Benchmarks/compact-check/bench.sh ROUNDS LEVELS.jsonl BIN…
# LEVELS.jsonl is e.g. `$B generate --profile Benchmarks/Profiles/sq40.json
# --count 200 --format jsonl --compact` (198 levels); it is also repeated
# ×20. The margin a level, (×20 − ×1) user + sys ÷ (19 × levels), leaves
# the process start out. Each round prints the load and every build's
# margin in ms; take the median of the per-round ratios.
set -eu
ROUNDS=$1
LEVELS=$2
shift 2
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
for _ in $(seq 20); do cat "$LEVELS"; done > "$WORK/x20.jsonl"
COUNT=$(grep -c . "$LEVELS")
cpu() {  # binary file
    /usr/bin/time -f "%U %S" -o "$WORK/time" "$1" check --quiet "$2" > /dev/null
    awk '{ print $1 + $2 }' "$WORK/time"
}
for round in $(seq "$ROUNDS"); do
    line="round $round, load $(cut -d' ' -f1 /proc/loadavg):"
    for bin in "$@"; do
        one=$(cpu "$bin" "$LEVELS")
        twenty=$(cpu "$bin" "$WORK/x20.jsonl")
        line="$line $(basename "$bin") $(awk -v a="$one" -v b="$twenty" -v n="$COUNT" 'BEGIN { printf "%.4f ms", (b - a) / (19 * n) * 1000 }')"
    done
    echo "$line"
done

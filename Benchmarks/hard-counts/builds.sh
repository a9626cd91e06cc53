#!/bin/sh
# Runs two builds alternately on the same levels and prints, per run, the
# user CPU time, the search nodes and the user time per node of the plain
# search (`solve --limit 1000000000`) and of the full count (`solve`):
#   Benchmarks/hard-counts/builds.sh OLD_BIN NEW_BIN LEVELS.jsonl [ROUNDS]
# Both builds read the same file, so their node counts compare level by
# level (summary.py, compare.py on the CSV files left in $TMPDIR). The
# machine may be shared: user time, not wall time, and alternate runs.
set -eu
OLD=$1
NEW=$2
LEVELS=$3
ROUNDS=${4:-3}
WORK=$(mktemp -d)
run() {  # label binary extra-args...
    label=$1; bin=$2; shift 2
    /usr/bin/time -f "%U" -o "$WORK/time" "$bin" solve "$LEVELS" --format csv "$@" > "$WORK/$label.csv"
    python3 - "$label" "$(cat "$WORK/time")" "$WORK/$label.csv" <<'PY'
import csv, sys
label, user, name = sys.argv[1], float(sys.argv[2]), sys.argv[3]
rows = list(csv.DictReader(open(name, newline="")))
nodes = sum(int(r["nodes"]) for r in rows)
incomplete = sum(1 for r in rows if r["complete"] != "true")
print(f"{label:10} user {user:7.2f} s  nodes {nodes:>10,}  {1e6 * user / max(nodes, 1):6.2f} µs/node  incomplete {incomplete}")
PY
}
for round in $(seq "$ROUNDS"); do
    echo "round $round"
    run old-plain "$OLD" --limit 1000000000
    run new-plain "$NEW" --limit 1000000000
    run old-full "$OLD"
    run new-full "$NEW"
done
echo "CSV files: $WORK"

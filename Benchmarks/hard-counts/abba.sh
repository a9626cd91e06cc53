#!/bin/sh
# Per-node time of two builds, in ABBA order (old, new, new, old, …) so that
# a drift of the machine weighs on both alike:
#   Benchmarks/hard-counts/abba.sh OLD_BIN NEW_BIN LEVELS.jsonl NODES PAIRS
# Each run is the plain search with a node budget (`solve LEVELS --nodes
# NODES --limit 1000000000 --timeout 100`), so both builds visit the same
# nodes; each pair prints both user + sys CPU times, their ratio new ÷ old
# and the load. Take the median ratio: single pairs spread widely on a
# shared or virtual machine.
set -eu
OLD=$1
NEW=$2
LEVELS=$3
NODES=$4
PAIRS=$5
WORK=$(mktemp -d)
cpu() {  # binary
    /usr/bin/time -f "%U %S" -o "$WORK/time" "$1" solve "$LEVELS" --nodes "$NODES" --limit 1000000000 --timeout 100 --format csv > /dev/null
    awk '{ print $1 + $2 }' "$WORK/time"
}
for pair in $(seq "$PAIRS"); do
    if [ $((pair % 2)) = 1 ]; then old=$(cpu "$OLD"); new=$(cpu "$NEW"); else new=$(cpu "$NEW"); old=$(cpu "$OLD"); fi
    awk -v old="$old" -v new="$new" -v load="$(cut -d' ' -f1 /proc/loadavg)" \
        'BEGIN { printf "old %.2f s  new %.2f s  new/old %.3f  load %s\n", old, new, new / old, load }'
done
rm -r "$WORK"

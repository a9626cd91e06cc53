#!/usr/bin/env bash
# Fuzzes every family reader with libFuzzer for SECONDS each (default 30):
# builds `puzzlelab-fuzz` with --sanitize fuzzer (in .build-fuzz/), seeds one
# corpus per family from the generator (text and JSON, and the math
# crossword's compact JSON level, in a temporary folder),
# adds the family's reproducers from Tests/Fixtures/crashes/ (files named
# FAMILY-*), runs the family's reader, and prints executions and coverage per
# family. A crash or hang leaves its input in fuzz-crashes/FAMILY/ and exits
# 1: add it to Tests/Fixtures/crashes/ as FAMILY-WHAT.EXT with a line in its
# README.md once fixed (CrashCorpusTests then runs it on every test run).
#
#   scripts/fuzz.sh [SECONDS [PUZZLELAB]]    # PUZZLELAB: a release binary for the corpora
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
bin=${2:-.build/release/puzzlelab}
[ -x "$bin" ] || swift build -c release --product puzzlelab
swift build -c release --product puzzlelab-fuzz --sanitize fuzzer --scratch-path .build-fuzz
fuzzer=.build-fuzz/release/puzzlelab-fuzz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
for family in math-crossword cross-sums number-search drills morse; do
  corpus="$work/$family"
  mkdir -p "$corpus"
  for seed in 1 2 3 4 5 6; do
    "$bin" generate --kind "$family" --seed "$seed" > "$corpus/text-$seed"
    "$bin" generate --kind "$family" --seed "$seed" --format json > "$corpus/json-$seed"
    if [ "$family" = math-crossword ]; then
      "$bin" generate --kind "$family" --seed "$seed" --format json --compact > "$corpus/compact-$seed"
    fi
  done
  find Tests/Fixtures/crashes -maxdepth 1 -type f -name "$family-*" -exec cp {} "$corpus/" \;
  crashes="fuzz-crashes/$family"
  mkdir -p "$crashes"
  log="$work/$family.log"
  if PUZZLE_FUZZ_FAMILY=$family SWIFT_BACKTRACE=enable=no "$fuzzer" "$corpus" -max_total_time="$seconds" \
       -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$crashes/" -print_final_stats=1 > "$log" 2>&1; then
    rmdir "$crashes" 2>/dev/null || true
  else
    failed=1
    echo "$family: the fuzzer found a failing input (in $crashes/):"
    grep -E "ERROR|Fatal|fatal|Test unit written" "$log" | head -5
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
  echo "$family: ${runs:-?} executions in $seconds s, $cov (coverage points), corpus $(ls "$corpus" | wc -l) inputs"
done
rmdir fuzz-crashes 2>/dev/null || true
exit $failed

#!/usr/bin/env bash
# The differential fuzzer on demand (docs/DEVELOPMENT.md, "Differential
# fuzzing"): CASES random puzzles per family (default 20000) from SEED
# (default: a new one, printed), each counted by the library (built directly
# and through its text format) and by the test target's brute force; every
# disagreement prints the puzzle in its text format and how to rerun it.
# Runs the DifferentialFuzzTests suites in a release build of the tests
# (in .build-difffuzz/); `swift test` runs the same suites
# for a fixed number of cases from seed 1.
#
#   scripts/diff-fuzz.sh [CASES [SEED]]
set -euo pipefail
cd "$(dirname "$0")/.."
cases=${1:-20000}
seed=${2:-$(( $(date +%s) % 1000000 ))}
echo "differential fuzzing: $cases cases per family from PUZZLELAB_DIFF_SEED=$seed"
start=$SECONDS
PUZZLELAB_DIFF_CASES=$cases PUZZLELAB_DIFF_SEED=$seed \
  swift test -c release --scratch-path .build-difffuzz --filter DifferentialFuzzTests
echo "differential fuzzing: $cases cases per family, seed $seed, passed in $((SECONDS - start)) s (build included)"

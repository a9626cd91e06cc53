#!/usr/bin/env bash
# Builds the DocC documentation of every library target (the "regular" targets
# of Package.swift, each with its catalogue Sources/<Target>/<Target>.docc) and
# fails on any warning: a broken ``symbol`` link, a parameter missing from a
# documented list, a catalogue page that does not resolve.
#
#   scripts/check-docs.sh        # archives in .build/plugins/Swift-DocC/outputs/
set -euo pipefail
cd "$(dirname "$0")/.."

targets=$(swift package dump-package | python3 -c '
import json, sys
print(" ".join(t["name"] for t in json.load(sys.stdin)["targets"] if t["type"] == "regular"))')
args=()
for target in $targets; do args+=(--target "$target"); done
echo "documentation for: $targets"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift package generate-documentation "${args[@]}" > "$log" 2>&1; then
  cat "$log"
  echo "check-docs: generate-documentation failed" >&2
  exit 1
fi
grep '^Finished building documentation' "$log" || true
if grep -q 'warning:' "$log"; then
  grep -A4 'warning:' "$log"
  echo "check-docs: $(grep -c 'warning:' "$log") DocC warnings" >&2
  exit 1
fi
test "$(grep -c '^Finished building documentation' "$log")" -eq "$(echo $targets | wc -w)"
echo "check-docs: no warnings"

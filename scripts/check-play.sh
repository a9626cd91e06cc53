#!/usr/bin/env bash
# Checks the play page in headless Chromium: every family solved through the
# page's own UI to the level-complete banner, a hint shown, a wrong mark
# costing a life in cross sums, no console error (scripts/check-play.mjs,
# node 20 over the DevTools protocol); the play log of those games read with
# pandas; then a 10-second load test with 20 players. Installs chromium with
# apt when it is missing.
#
#     scripts/check-play.sh [BIN]     # BIN: the puzzlelab binary (default .build/release/puzzlelab)
#
# PANDAS_PYTHON names a Python with pandas (default .venv-notebook/bin/python, which
# notebooks-data/regenerate.sh makes).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/puzzlelab}")
python=${PANDAS_PYTHON:-.venv-notebook/bin/python}
"$python" -c 'import pandas' || { echo "check-play: $python has no pandas (run notebooks-data/regenerate.sh, or set PANDAS_PYTHON)" >&2; exit 1; }

if ! command -v chromium >/dev/null; then
  apt-get update
  apt-get install -y chromium
fi

work=$(mktemp -d)
server="" browser=""
cleanup() {
  for pid in $server $browser; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$bin" serve --port 0 --solutions --log "$work/play.jsonl" > "$work/stdout" 2> "$work/stderr" &
server=$!
for _ in $(seq 100); do grep -q '^serving' "$work/stdout" && break; sleep 0.1; done
port=$(sed -n 's|^serving http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/stdout")
[ -n "$port" ] || { cat "$work/stdout" "$work/stderr"; echo "check-play: the server did not start" >&2; exit 1; }

chromium --headless=new --no-sandbox --disable-gpu --no-first-run --window-size=1280,900 \
  --user-data-dir="$work/profile" --remote-debugging-port=0 about:blank > "$work/chromium.log" 2>&1 &
browser=$!
for _ in $(seq 200); do [ -s "$work/profile/DevToolsActivePort" ] && break; sleep 0.1; done
devtools=$(head -1 "$work/profile/DevToolsActivePort" 2>/dev/null || true)
[ -n "$devtools" ] || { cat "$work/chromium.log"; echo "check-play: chromium did not start" >&2; exit 1; }

node --experimental-websocket --no-warnings scripts/check-play.mjs "$devtools" "$port"

# The play log of those games, as a researcher loads it (FORMATS.md section 9).
"$python" - "$work/play.jsonl" <<'PY'
import json, sys
import pandas as pd
# The recipe of FORMATS.md section 9: one frame per record kind.
records = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
moves = pd.json_normalize([r for r in records if r["record"] == "move"])
finishes = pd.json_normalize([r for r in records if r["record"] == "finish"])
for column in ["step", "elapsedMs", "version", "seed"]:
    assert str(moves[column].dtype) == "int64", f"{column}: {moves[column].dtype}"
for column in ["solveMs", "moves", "mistakes", "hints", "score"]:
    assert str(finishes[column].dtype) == "int64", f"{column}: {finishes[column].dtype}"
assert str(moves["hint"].dtype) == "bool", moves["hint"].dtype
assert set(moves.result) <= {"right", "wrong", "neutral", "refused"}, set(moves.result)
assert set(moves["move.action"]) >= {"place", "keep", "remove", "select", "answer", "type", "press", "pause", "hint"}, set(moves["move.action"])
completed = finishes[finishes.outcome == "completed"]
kinds = sorted(set(completed.kind))
assert kinds == ["cross-sums", "drills", "math-crossword", "morse", "number-search"], kinds
features = finishes.filter(like="features.")
assert (features["features.steps"] > 0).all()
print(f"check-play: play log read by pandas: {len(moves)} moves, {len(finishes)} finished games "
      f"({len(completed)} completed, {len(finishes) - len(completed)} lost or given up), {features.shape[1]} feature columns")
PY
scripts/load-test.sh "$bin" 20 10
echo "check-play: ok"

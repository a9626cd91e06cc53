#!/usr/bin/env bash
# Checks the play page in headless Chromium: every family solved through the
# page's own UI to the level-complete banner, a hint shown, a wrong mark
# costing a life in cross sums, no console error (scripts/check-play.mjs,
# node 20 over the DevTools protocol); then a 10-second load test with 20
# players. Installs chromium with apt when it is missing.
#
#     scripts/check-play.sh [BIN]     # BIN: the puzzlelab binary (default .build/release/puzzlelab)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/puzzlelab}")

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

"$bin" serve --port 0 --solutions > "$work/stdout" 2> "$work/stderr" &
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
scripts/load-test.sh "$bin" 20 10
echo "check-play: ok"

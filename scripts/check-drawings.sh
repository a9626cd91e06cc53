#!/usr/bin/env bash
# Checks the drawings as a person sees them: one SVG per family rasterised by
# rsvg-convert (exit 0, a PNG with ink on it) and a review page opened in
# headless Chromium (a screenshot with ink on it, no console output, and a
# click on a step shows its highlight); a worksheet of every family made into
# a PDF and rasterised page by page by pdftoppm (ink on every page, the
# boards expected on each); then a review page of 40 generated puzzles
# worked through as a designer does (scripts/check-review.mjs: filter, sort,
# accept and reject, export), the exported seeds packed again, and the page
# printed to PDF (every page rasterised by pdftoppm, with ink). Installs
# librsvg2-bin, chromium and poppler-utils with apt when they are missing.
#
#     scripts/check-drawings.sh [BIN]     # BIN: the puzzlelab binary (default .build/release/puzzlelab)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/puzzlelab}")

if ! command -v rsvg-convert >/dev/null || ! command -v chromium >/dev/null || ! command -v pdftoppm >/dev/null; then
  apt-get update
  apt-get install -y librsvg2-bin chromium poppler-utils
fi

work=$(mktemp -d)
browser=
cleanup() {
  if [ -n "$browser" ]; then kill "$browser" 2>/dev/null || true; wait "$browser" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# ink PNG MIN: fails unless at least MIN of the PNG's pixels are dark (the
# image is not blank nor one colour). Decodes 8-bit PNGs with zlib only.
ink() {
  python3 - "$1" "$2" <<'PY'
import struct, sys, zlib
path, least = sys.argv[1], float(sys.argv[2])
data = open(path, "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit(f"{path}: not a PNG")
pos, idat, header = 8, b"", None
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        header = struct.unpack(">IIBBBBB", body)
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
width, height, depth, colour, _, _, interlace = header
channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
if depth != 8 or channels is None or interlace != 0:
    sys.exit(f"{path}: expected an 8-bit non-interlaced grey or RGB(A) PNG")
raw, stride = zlib.decompress(idat), width * channels
previous, dark, colours = bytearray(stride), 0, set()
for y in range(height):
    kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        left = line[i - channels] if i >= channels else 0
        up, corner = previous[i], previous[i - channels] if i >= channels else 0
        if kind == 1: line[i] = (line[i] + left) & 255
        elif kind == 2: line[i] = (line[i] + up) & 255
        elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
        elif kind == 4:
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
    for x in range(0, stride, channels):
        pixel = bytes(line[x:x + channels])
        colours.add(pixel)
        grey = pixel[0] if channels <= 2 else (pixel[0] + pixel[1] + pixel[2]) // 3
        opaque = channels in (1, 3) or pixel[-1] > 127
        dark += opaque and grey < 128
    previous = line
share = dark / (width * height)
print(f"{path}: {width}x{height}, {len(colours)} colours, {share:.2%} dark pixels")
if len(colours) < 2 or share < least:
    sys.exit(f"{path}: blank (expected at least {least:.2%} dark pixels)")
PY
}

echo "== one drawing per family through rsvg-convert"
files=()
for kind in math-crossword:mcw cross-sums:xsum number-search:nsearch drills:drill morse:morse; do
  family=${kind%%:*} ext=${kind##*:}
  "$bin" generate --kind "$family" --seed 3 > "$work/$family.$ext"
  files+=("$work/$family.$ext")
  "$bin" render "$work/$family.$ext" --step 1 --out "$work/$family.svg"
  rsvg-convert "$work/$family.svg" -o "$work/$family.png"
  test -s "$work/$family.png"
  ink "$work/$family.png" 0.002
done

echo "== a worksheet of every family, as a PDF, rasterised page by page"
# kind:count:per-page — 5 puzzles 2 to a page: pages of 2, 2, 1, then the answer pages alike.
for kind in math-crossword:5:2 cross-sums:5:2 number-search:5:2 drills:5:2 morse:5:2; do
  IFS=: read -r family count per <<<"$kind"
  sheet="$work/sheet-$family"
  "$bin" worksheet --kind "$family" --count "$count" --per-page "$per" --out "$sheet" --pdf "$sheet.pdf"
  pdftoppm -r 50 -png "$sheet.pdf" "$sheet-page"
  pngs=("$sheet"-page-*.png)
  test "${#pngs[@]}" -eq 6 || { echo "$family: expected 6 PDF pages, found ${#pngs[@]}" >&2; exit 1; }
  for png in "${pngs[@]}"; do ink "$png" 0.002; done
  # The boards on each page, in the PDF's order: puzzle pages, then answer pages.
  boards=$(for svg in "$sheet"/page-{1..3}.svg "$sheet"/answers-{1..3}.svg; do grep -c '<g class="puzzle"' "$svg"; done | tr '\n' ' ')
  test "$boards" = "2 2 1 2 2 1 " || { echo "$family: boards per page $boards, expected 2 2 1 2 2 1" >&2; exit 1; }
done
# The done-when of issue 38: 12 class_2 puzzles, 3 to a page, make 4 pages and 4 answer pages.
"$bin" worksheet --profile class_2 --count 12 --unique --per-page 3 --out "$work/class_2" --pdf "$work/class_2.pdf"
pdftoppm -r 50 -png "$work/class_2.pdf" "$work/class_2-page"
test "$(ls "$work"/class_2-page-*.png | wc -l)" -eq 8
for png in "$work"/class_2-page-*.png; do ink "$png" 0.002; done

echo "== a review page in headless Chromium"
page="$work/review.html"
"$bin" review "${files[@]}" --out "$page"
chrome=(chromium --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0)
"${chrome[@]}" --window-size=1200,1600 --screenshot="$work/review.png" "file://$page" 2>"$work/screenshot.log" >/dev/null
ink "$work/review.png" 0.005
# The page itself logs nothing: any console line is an error or a stray message.
"${chrome[@]}" --dump-dom "file://$page" 2>"$work/console.log" >"$work/dom.html"
if grep 'CONSOLE' "$work/console.log"; then
  echo "the review page wrote to the console (above)" >&2
  exit 1
fi
grep -q '<section class="puzzle"' "$work/dom.html"
# A click on each puzzle's first step shows that step's highlight and no
# other, on the starting board; a click on its last step shows the board as
# it stands before it: the writes of every earlier step and no later one.
cat > "$work/probe.js" <<'JS'
<script>
var report = Array.from(document.querySelectorAll("section.puzzle")).map(function (s) {
  var items = s.querySelectorAll("ol.steps li");
  items[0].click();
  var first = s.querySelectorAll("g.step[visibility=visible]").length + "@" + s.querySelector("g.step[visibility=visible]").getAttribute("data-step")
    + "+" + s.querySelectorAll("g.write[visibility=visible]").length;
  items[0].click();
  var last = items[items.length - 1];
  last.click();
  var n = Number(last.getAttribute("data-step"));
  var before = Array.from(s.querySelectorAll("g.write")).filter(function (w) { return Number(w.getAttribute("data-step")) < n; }).length;
  return first + " " + s.querySelectorAll("g.write[visibility=visible]").length + "/" + before;
});
console.log("review-check: " + report.join(" "));
</script>
JS
python3 - "$page" "$work/probe.js" "$work/probe.html" <<'PY'
import sys
page, probe, out = sys.argv[1:]
open(out, "w").write(open(page).read().replace("</body>", open(probe).read() + "</body>"))
PY
"${chrome[@]}" --dump-dom "file://$work/probe.html" 2>"$work/probe.log" >/dev/null
grep -o '"review-check: [^"]*"' "$work/probe.log"
python3 - "$work/probe.log" <<'PY'
import re, sys
line = re.search(r'"review-check: ([^"]*)"', open(sys.argv[1]).read()).group(1).split()
sections = list(zip(line[0::2], line[1::2]))
assert len(sections) == 5, f"expected 5 puzzles, found {len(sections)}"
for first, last in sections:
    assert first == "1@1+0", f"step 1 should show its highlight alone on the starting board, found {first}"
    shown, expected = map(int, last.split("/"))
    assert shown == expected, f"the last step should show the {expected} earlier writes, found {shown}"
assert any(int(last.split("/")[1]) > 0 for _, last in sections), "no puzzle's last step shows an earlier write"
PY
if grep 'CONSOLE' "$work/probe.log" | grep -v 'review-check'; then
  echo "clicking a step wrote to the console (above)" >&2
  exit 1
fi
echo "== a batch of 40 math crosswords reviewed in headless Chromium: filter, sort, accept and reject, export"
batch="$work/batch.html"
"$bin" review --kind math-crossword --profile class_3 --count 40 --out "$batch"
mkdir -p "$work/downloads"
chromium --headless=new --no-sandbox --disable-gpu --no-first-run --window-size=1100,1400 \
  --user-data-dir="$work/profile" --remote-debugging-port=0 about:blank > "$work/chromium.log" 2>&1 &
browser=$!
for _ in $(seq 200); do [ -s "$work/profile/DevToolsActivePort" ] && break; sleep 0.1; done
devtools=$(head -1 "$work/profile/DevToolsActivePort" 2>/dev/null || true)
[ -n "$devtools" ] || { cat "$work/chromium.log"; echo "check-drawings: chromium did not start" >&2; exit 1; }
node --experimental-websocket --no-warnings scripts/check-review.mjs "$devtools" "$batch" hard "$work/downloads" "$work/batch.png"
kill "$browser"; wait "$browser" 2>/dev/null || true; browser=
ink "$work/batch.png" 0.005

echo "== the accepted seeds packed again: exactly those puzzles, in order"
accepted="$work/downloads/accepted-seeds.txt"
"$bin" pack --kind math-crossword --profile class_3 --seeds "$accepted" --out "$work/accepted.json"
for seed in $(grep -v '^#' "$accepted"); do
  "$bin" generate --kind math-crossword --profile class_3 --seed "$seed" --format jsonl
done > "$work/expected.jsonl"
python3 - "$work/accepted.json" "$work/expected.jsonl" <<'PY'
import json, sys
# A version 2 pack (docs/FORMATS.md section 12): its ids, down to the cells', are the pack's own.
levels = [level["puzzle"] for level in json.load(open(sys.argv[1]))["levels"]]
expected = [json.loads(line) for line in open(sys.argv[2])]
def strip(value):
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items() if k != "id"}
    return [strip(v) for v in value] if isinstance(value, list) else value
assert len(levels) == len(expected) > 0, f"{len(levels)} levels for {len(expected)} seeds"
assert [strip(l) for l in levels] == [strip(p) for p in expected], "the pack's levels are not the accepted seeds' puzzles"
print(f"the pack holds the {len(levels)} accepted puzzles, in order")
PY

echo "== the batch page printed to PDF: every page has ink"
chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer --print-to-pdf="$work/batch.pdf" "file://$batch" \
  > "$work/print.log" 2>&1
pdftoppm -r 40 -png "$work/batch.pdf" "$work/print"
pages=("$work"/print-*.png)
[ "${#pages[@]}" -ge 5 ] || { echo "the printed page has ${#pages[@]} pages, expected at least 5 for 40 puzzles" >&2; exit 1; }
for png in "${pages[@]}"; do ink "$png" 0.002; done

echo "drawings passed"

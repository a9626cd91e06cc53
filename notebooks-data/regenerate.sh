#!/usr/bin/env bash
# Regenerates the notebook data sets and the notebook's figures in one go:
# release build, `puzzlelab export` for every (family, profile) below, then
# `jupyter nbconvert --execute --to notebook --inplace` on a copy of analysis.ipynb with the
# pinned packages of requirements.txt (in a virtualenv, .venv-notebook/ by default),
# then the drills tracking simulation (simulations/drills-tracking.csv) and its figure
# (figures/drills-tracking.png, drawn by drills_tracking.py).
#
#   notebooks-data/regenerate.sh                 # CSVs and figures/ in notebooks-data/; the executed
#                                                # notebook in notebooks-data/executed/ (gitignored)
#   notebooks-data/regenerate.sh --rows 200 --out /tmp/nb --bin .build/release/puzzlelab
#                                                # small exports, executed copy in /tmp/nb (CI)
#   notebooks-data/regenerate.sh --parquet runs/big --out /tmp/nb-big
#                                                # the notebook on a Parquet dataset of research/puzzlelab_dask
#
# Options:
#   --rows N   N rows per profile instead of the per-family counts below
#   --out DIR  write the CSVs, figures/ and an executed copy of analysis.ipynb to DIR;
#              the files in notebooks-data/ stay untouched
#   --bin PATH use this puzzlelab binary instead of `swift build -c release`
#   --parquet DIR  read the rows from this Parquet dataset (`python -m puzzlelab_dask`) instead of
#              exporting CSVs (no build, no export); needs --out
# Environment: PUZZLELAB_VENV (virtualenv folder, default .venv-notebook at the repository root),
# PYTHON (interpreter that creates it, default python3).
set -euo pipefail

# Families and profiles to export, easiest profile first; rows per profile.
# A new family: add a line "family rows profile…" (the CLI's `export --help` lists them).
FAMILIES=(
  "math-crossword 1000 class_1 class_2 class_3 class_4"
  "cross-sums 500 easy medium hard extra-hard"
  "number-search 500 level-1 level-2 level-3 level-4 level-5"
  "drills 500 very-easy easy medium hard"
  "morse 500 code-to-word-beginner code-to-word-intermediate code-to-word-advanced word-to-code-beginner word-to-code-intermediate word-to-code-advanced sentence-to-code-advanced"
)

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
rows=""
out=""
bin=""
parquet=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rows) rows="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --bin) bin="$2"; shift 2 ;;
    --parquet) parquet="$2"; shift 2 ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "regenerate.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
  esac
done

if [ -n "$parquet" ]; then
  [ -n "$out" ] || { echo "regenerate.sh: --parquet needs --out DIR (the committed notebook stays as it is)" >&2; exit 64; }
  [ -d "$parquet" ] || { echo "regenerate.sh: $parquet: no such folder" >&2; exit 66; }
  parquet="$(cd "$parquet" && pwd)"
fi

cd "$root"
start=$SECONDS
if [ -n "$parquet" ]; then
  bin=skipped
elif [ -z "$bin" ]; then
  echo "== release build"
  swift build -c release
  bin=.build/release/puzzlelab
fi
[ -n "$parquet" ] || bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

if [ -n "$out" ]; then
  mkdir -p "$out"
  data="$(cd "$out" && pwd)"
  notebook="$data/analysis.ipynb"
else
  data="$here"
  # The committed notebook carries no outputs: execute a copy, never the file itself.
  mkdir -p "$here/executed"
  notebook="$here/executed/analysis.ipynb"
fi
cp "$here/analysis.ipynb" "$notebook"
figures="$data/figures"

if [ -n "$parquet" ]; then
  echo "== rows from the Parquet dataset $parquet (no export)"
  rows_from="$parquet"
else
rows_from="$data"
echo "== export ($data)"
known=$("$bin" export --help | tr -s '\n ' '  ' | sed -n 's/.*(values: \([^;)]*\)[;)].*/\1/p' | tr -d ',')
for entry in "${FAMILIES[@]}"; do
  read -r family count profiles <<< "$entry"
  for profile in $profiles; do
    "$bin" export --kind "$family" --profile "$profile" --count "${rows:-$count}" --force \
      --out "$data/$family-$profile.csv"
  done
  known=$(echo " $known " | sed "s/ $family / /")
done
for family in $known; do
  echo "note: the CLI also knows '$family', which is not exported: add it to FAMILIES in $0" >&2
done
fi

echo "== notebook environment"
venv="${PUZZLELAB_VENV:-$root/.venv-notebook}"
stamp="$venv/requirements.txt"
if ! cmp -s "$here/requirements.txt" "$stamp" 2>/dev/null; then
  rm -rf "$venv"
  "${PYTHON:-python3}" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
  cp "$here/requirements.txt" "$stamp"
fi

echo "== execute $notebook"
rm -f "$figures"/*.png "$figures/findings.md"
PUZZLELAB_DATA="$rows_from" PUZZLELAB_FIGURES="$figures" MPLBACKEND=Agg \
  "$venv/bin/jupyter" nbconvert --execute --to notebook --inplace \
  --ExecutePreprocessor.timeout=600 "$notebook"
if [ -z "$parquet" ]; then
  # The simulation needs the binary, which a run on a Parquet dataset does not build.
  echo "== drills tracking figure (puzzlelab drills simulate, then drills_tracking.py)"
  mkdir -p "$data/simulations"
  "$bin" drills simulate --learners 1000 --answers 200 --seed 1 --format csv > "$data/simulations/drills-tracking.csv"
  MPLBACKEND=Agg "$venv/bin/python" "$here/drills_tracking.py" "$data/simulations/drills-tracking.csv" "$figures/drills-tracking.png"
fi
echo "figures: $(ls "$figures"/*.png | wc -l) PNG files in $figures"
echo "done in $((SECONDS - start)) s"

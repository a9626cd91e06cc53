#!/bin/bash
# Whether two builds write and check alike: `generate --format jsonl`
# with and without `--compact` for class_1…class_4 (500 seeds each), then
# check, check --quiet, solve (its µs column dropped) and grade on those
# files and on any files given, stdout, stderr and status compared:
#   Benchmarks/compact-check/verify.sh OLD_BIN NEW_BIN [FILE.jsonl…]
# Prints each difference and, last, "fail=0" when there is none.
set -u
OLD=$1
NEW=$2
shift 2
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail=0
files=()
for profile in class_1 class_2 class_3 class_4; do
    for compact in "" --compact; do
        file="$WORK/$profile${compact:+-compact}.jsonl"
        "$OLD" generate --profile "$profile" --count 500 --seed 9 --format jsonl $compact > "$file" 2> /dev/null
        "$NEW" generate --profile "$profile" --count 500 --seed 9 --format jsonl $compact 2> /dev/null | cmp -s - "$file" \
            || { echo "generate differs: $profile $compact"; fail=1; }
        files+=("$file")
    done
done
run() {  # binary command… file
    "$@" 2> "$WORK/stderr" | sed -E 's/, [0-9]+ µs$//'
    echo "status ${PIPESTATUS[0]}"
    cat "$WORK/stderr"
}
for file in "${files[@]}" "$@"; do
    for command in check "check --quiet" solve grade; do
        [ "$(run "$OLD" $command "$file")" == "$(run "$NEW" $command "$file")" ] \
            || { echo "differs: $command $file"; fail=1; }
    done
done
echo "fail=$fail"

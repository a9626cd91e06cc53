#!/usr/bin/env python3
"""Runs every `$ puzzlelab …` example of README.md and docs/**/*.md and
compares its output with the text shown, so the documents cannot drift from
the tool.

    scripts/check-doc-examples.py --bin .build/release/puzzlelab [FILE.md …]

The rules (docs/DEVELOPMENT.md, "Executed documentation"):

- An example is a fenced code block whose lines start with `$ `. Every
  command of a block runs in order, with `bash -c`, in one scratch folder per
  Markdown file (so a file written by one example is there for the next),
  with `puzzlelab` on the PATH and the repository's `profiles/` beside it; standard output and standard error are
  compared together with the lines shown until the next `$ ` line or the
  end of the block.
- A block is skipped when the line before its fence is
  `<!-- not executed: REASON -->`, and a command that does not start with
  `puzzlelab`, `printf`, `head`, `echo` or `cat` is not run (`swift run …`,
  the README's first block, is the CI's release build itself).
- `…` alone on a line matches any number of lines; a line ending in `…`
  matches any line that starts with the text before it.
- Machine-dependent figures are masked on both sides before comparing:
  numbers before `µs`, `ms`, `s` and `/s`, JSON values of keys ending in
  `Microseconds`, `Seconds`, `PerSecond`, `PerSecondPerCore` or
  `Megabytes` (and CSV cells under such a column), the load average and the
  `machine:` line.

Exits 1 with a unified diff for every example that differs.
"""
import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

RUN_FIRST_WORDS = {"puzzlelab", "printf", "head", "echo", "cat"}
SKIP_MARK = re.compile(r"<!--\s*not executed:")
MASKS = [
    (re.compile(r"\b\d+(?:\.\d+)?(?=\s?(?:µs|ms|s|/s)\b)"), "N"),
    (re.compile(r'("\w*(?:Microseconds|Seconds|PerSecond|PerSecondPerCore|Megabytes)"):\s*-?[0-9.e+]+'), r"\1:N"),
    (re.compile(r"load average [0-9.]+"), "load average N"),
    (re.compile(r"^machine: .*$"), "machine: …"),
]


TIMING_KEY = re.compile(r"(?:Microseconds|Seconds|PerSecond|PerSecondPerCore|Megabytes)$")


def mask(lines):
    """The lines with machine-dependent figures replaced by `N`; in CSV, the
    cells under a header column named like a timing key too."""
    masked, timing = [], None
    for line in lines:
        for pattern, replacement in MASKS:
            line = pattern.sub(replacement, line)
        cells = line.rstrip().split(",")
        if any(TIMING_KEY.search(cell) for cell in cells):
            timing = (len(cells), [i for i, cell in enumerate(cells) if TIMING_KEY.search(cell)])
        elif timing and len(cells) == timing[0]:
            cells = ["N" if i in timing[1] else cell for i, cell in enumerate(cells)]
        masked.append(",".join(cells))
    return masked


def matches(expected, actual):
    """Whether the actual lines fit the expected ones, with `…` wildcards."""
    memo = {}

    def fit(i, j):
        if (i, j) in memo:
            return memo[i, j]
        if i == len(expected):
            result = j == len(actual)
        elif expected[i].strip() == "…":
            result = any(fit(i + 1, k) for k in range(j, len(actual) + 1))
        elif j == len(actual):
            result = False
        elif expected[i].endswith("…"):
            result = actual[j].startswith(expected[i][:-1].rstrip()) and fit(i + 1, j + 1)
        else:
            result = expected[i] == actual[j] and fit(i + 1, j + 1)
        memo[i, j] = result
        return result

    return fit(0, 0)


def examples(path):
    """(line number, command, expected lines) for every example of a file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found, i = [], 0
    while i < len(lines):
        if not lines[i].startswith("```"):
            i += 1
            continue
        skip = i > 0 and SKIP_MARK.search(lines[i - 1])
        j = i + 1
        block = []
        while j < len(lines) and not lines[j].startswith("```"):
            block.append((j + 1, lines[j]))
            j += 1
        if not skip and block and block[0][1].startswith("$ "):
            current = None
            for number, text in block:
                if text.startswith("$ "):
                    current = [number, text[2:], []]
                    found.append(current)
                elif current is not None:
                    current[2].append(text)
        i = j + 1
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the puzzlelab binary")
    parser.add_argument("files", nargs="*", help="Markdown files (default: README.md and docs/**/*.md)")
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    files = [Path(f) for f in args.files] or [root / "README.md", *sorted((root / "docs").rglob("*.md"))]
    binary = Path(args.bin).resolve()
    bindir = tempfile.mkdtemp(prefix="puzzlelab-bin-")
    os.symlink(binary, os.path.join(bindir, "puzzlelab"))
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""), LC_ALL="C.UTF-8")
    failures = ran = skipped = 0
    for path in files:
        with tempfile.TemporaryDirectory(prefix="puzzlelab-doc-") as work:
            os.symlink(root / "profiles", os.path.join(work, "profiles"))  # the example profiles the documents name
            for number, command, expected in examples(path):
                if command.split()[0] not in RUN_FIRST_WORDS:
                    skipped += 1
                    continue
                ran += 1
                done = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True,
                                      timeout=600)
                actual = mask((done.stdout + done.stderr).splitlines())
                want = mask(expected)
                if not matches(want, actual):
                    failures += 1
                    print(f"{path.relative_to(root) if path.is_absolute() else path}:{number}: $ {command}")
                    sys.stdout.writelines(difflib.unified_diff([l + "\n" for l in want], [l + "\n" for l in actual],
                                                               "shown", "printed", n=1))
    print(f"examples: {ran - failures} passed, {failures} failed, {skipped} skipped")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

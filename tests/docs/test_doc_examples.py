#!/usr/bin/env python3
"""The examples in the docs are true: every fenced block whose lines start
with "$ mockd3d12 ..." is run with this build's CLI (in the source
directory, so paths are the repository's), and each line shown
after a command (other than "...") must be a line of its output, in order.

usage: test_doc_examples.py PATH/TO/mockd3d12 SOURCE_DIR
"""
import glob
import os
import shlex
import subprocess
import sys

cli, source_dir = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(os.path.join(source_dir, "docs", "*.md"))) + [os.path.join(source_dir, "README.md")]


def examples(path):
    """(line number, command arguments, expected lines) of each "$ mockd3d12" in a fenced block."""
    found, fenced, current = [], False, None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.startswith("```"):
                fenced, current = not fenced, None
                continue
            if not fenced:
                continue
            if line.startswith("$ mockd3d12 ") or line == "$ mockd3d12":
                current = (number, shlex.split(line[2:])[1:], [])
                found.append(current)
            elif line.startswith("$ "):
                current = None
            elif current is not None and line.strip() != "...":
                current[2].append(line.rstrip())
    return found


failed = total = 0
env = {k: v for k, v in os.environ.items() if not k.startswith("MOCKD3D12_")}
for path in files:
    for number, args, expected in examples(path):
        total += 1
        where = "%s:%d" % (os.path.relpath(path, source_dir), number)
        result = subprocess.run([cli] + args, env=env, capture_output=True, text=True, cwd=source_dir)
        lines = [l.rstrip() for l in (result.stdout + result.stderr).splitlines()]
        position, missing = 0, None
        for want in expected:
            try:
                position = lines.index(want, position) + 1
            except ValueError:
                missing = want
                break
        if missing is None:
            print("ok   %s: mockd3d12 %s" % (where, " ".join(args)))
        else:
            failed += 1
            print("FAIL %s: mockd3d12 %s\n  the docs show this line, the command does not print it (in order):\n  %s"
                  % (where, " ".join(args), missing))
if total == 0:
    print("FAIL no examples found: the docs' \"$ mockd3d12\" blocks are what this test reads")
    failed += 1
print("%d examples, %d failed" % (total, failed))
sys.exit(1 if failed else 0)

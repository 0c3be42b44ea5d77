#!/usr/bin/env bash
# Line and branch coverage of the libraries and the CLI (docs/coverage.md).
#
#   scripts/coverage.sh [BUILD_DIR]       (default out/coverage)
#
# Builds with -DMOCKD3D12_COVERAGE=ON (gcc --coverage -O0), clears the counters,
# runs the CTest suite except the Windows stage (label "windows": PE binaries
# under Wine, which gcov cannot see), and has gcovr (Debian package gcovr) read
# gcov's counts of the sources of the libraries and the CLI (src/, tools/cli/
# and the generated C compiled into them), in the objects some test ran (not
# those of tests/, bench/ and fuzz/), once, into BUILD_DIR/coverage.json. From
# that it prints gcovr's text reports (per file, the lines executed, then the
# branches taken at least once, each with the lines that miss some), then the
# totals of src/ and of everything. Set MOCKD3D12_COVERAGE_MARKDOWN=1 for one
# Markdown table instead of the text reports, MOCKD3D12_COVERAGE_UNCOVERED=src/caps/
# to list every line of those files never executed or with a branch never
# taken, with each branch's count. Exits non-zero if a test fails or src/'s line or branch
# figure is below tests/coverage/floor.txt (gcovr --fail-under-line and
# --fail-under-branch; the "coverage floor" stage of scripts/test.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dir=${1:-out/coverage}
jobs=$(nproc)
floor_file=tests/coverage/floor.txt
scripts/install-deps.sh test || { echo "install-deps failed"; exit 1; }
command -v gcov >/dev/null || { echo "coverage: gcov not found (Debian package gcc)"; exit 1; }
command -v gcovr >/dev/null || { echo "coverage: gcovr not found (Debian package gcovr)"; exit 1; }

# The floor: a "lines PCT" and a "branches PCT" line; '#' starts a comment.
floor() { # lines|branches
  awk -v key="$1" '{ sub(/#.*/, "") } $1 == key && NF == 2 && $2 ~ /^[0-9]+(\.[0-9]+)?$/ { print $2; found = 1 }
                   END { exit !found }' "$floor_file"
}
floor_lines=$(floor lines) && floor_branches=$(floor branches) \
  || { echo "coverage: $floor_file states no 'lines PCT' and 'branches PCT'"; exit 1; }

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
# Notes an earlier run set aside and could not put back (below).
find "$dir" -name '*.gcno.unrun' -exec sh -c 'for f; do mv -f "$f" "${f%.unrun}"; done' sh {} +
# gcc (Debian's default cc): gcov reads gcc's notes. Naming the compiler here
# would make CMake drop an existing cache, and the option with it.
cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=Debug -DMOCKD3D12_COVERAGE=ON >"$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
grep -q '^MOCKD3D12_COVERAGE:BOOL=ON' "$dir/CMakeCache.txt" || { echo "coverage: $dir is not a coverage build"; exit 1; }
cmake --build "$dir" -j"$jobs" >"$dir.build.log" 2>&1 || { tail -n 60 "$dir.build.log"; exit 1; }
find "$dir" -name '*.gcda' -delete
status=0
ctest --test-dir "$dir" --output-on-failure -j"$jobs" -LE '^windows$' || status=$?

# gcovr's filters are regular expressions over absolute paths.
re() { printf '%s' "$1" | sed 's/[][\.*^$()+?{}|]/\\&/g'; }
# gcovr runs gcov on every .gcda and merges a header's lines over the objects
# that include it. It would also read each .gcno without a .gcda as never
# executed: here those are the objects without code (tables, IIDs) and, in a
# directory built before a source was removed or moved, the notes of objects
# no longer built; so they are set aside while gcovr runs (as .gcno.unrun,
# put back on exit, or by the next run if this one was killed), and measured
# are the objects some test ran. One thread: gcovr 5.2 waits forever when a
# worker thread meets gcov output it cannot parse.
unrun=()
while IFS= read -r -d '' notes; do
  [ -e "${notes%.gcno}.gcda" ] || unrun+=("$notes")
done < <(find "$dir" -name '*.gcno' -print0)
put_back() { local f; for f in "${unrun[@]}"; do [ -e "$f.unrun" ] && mv -f "$f.unrun" "$f"; done; }
trap put_back EXIT
for notes in "${unrun[@]}"; do mv -f "$notes" "$notes.unrun"; done
if ! gcovr --root "$root" --filter "$(re "$root")/src/" --filter "$(re "$root")/tools/cli/" \
     --filter "$(re "$dir")/generated/" --exclude-directories "$(re "$dir")/(tests|bench|fuzz)\$" \
     --json "$dir/coverage.json" "$dir"; then
  echo "coverage: gcovr failed"; exit 1
fi
put_back
trap - EXIT
report() { # gcovr arguments...: a report of BUILD_DIR/coverage.json
  gcovr --root "$root" --add-tracefile "$dir/coverage.json" "$@"
}

# Each report goes to stdout or to a file of BUILD_DIR: gcovr 5.2 checks that it
# can write an output file by creating it and then deleting it, so it must never
# be given one it may not delete (--output /dev/null would remove /dev/null).
if [ "${MOCKD3D12_COVERAGE_MARKDOWN:-0}" = 1 ]; then
  # gcovr 5.2 writes no Markdown: its JSON summary as a table.
  report --json-summary "$dir/coverage-summary.json" || status=1
  report --filter "$(re "$root")/src/" --json-summary "$dir/coverage-summary-src.json" || status=1
  python3 - "$dir/coverage-summary.json" "$dir/coverage-summary-src.json" <<'PY' || status=1
import json, sys
def pct(p):  # gcovr's percentage (one decimal, truncated), None without lines or branches
    return "-" if p is None else "%.1f%%" % p
def row(name, f, bold=False):
    b = "**" if bold else ""
    print("| %s | %d/%d | %s%s%s | %d/%d | %s%s%s |" % (
        name, f["line_covered"], f["line_total"], b, pct(f["line_percent"]), b,
        f["branch_covered"], f["branch_total"], b, pct(f["branch_percent"]), b))
every, src = (json.load(open(p)) for p in sys.argv[1:3])
print("| File | Lines | Line % | Branches | Branch % |")
print("|---|---:|---:|---:|---:|")
for f in every["files"]:
    row(f["filename"], f)
row("**src/**", src, True)
row("**Total**", every, True)
PY
else
  report --txt || status=1
  report --txt --branches || status=1
fi

if [ -n "${MOCKD3D12_COVERAGE_UNCOVERED:-}" ]; then
  # Each line of the files under the prefix never executed, or with a branch
  # never taken: gcovr's count of each branch in source order ('-' for never).
  report --filter "$(re "$root/$MOCKD3D12_COVERAGE_UNCOVERED")" --json "$dir/coverage-uncovered.json" || status=1
  python3 - "$dir/coverage-uncovered.json" "$root" <<'PY' || status=1
import json, os, sys
for f in sorted(json.load(open(sys.argv[1]))["files"], key=lambda f: f["file"]):
    path = os.path.join(sys.argv[2], f["file"])
    text = open(path, encoding="utf-8", errors="replace").read().splitlines() if os.path.exists(path) else []
    for line in f["lines"]:
        if line["gcovr/noncode"] or line["gcovr/excluded"]:
            continue
        counts = [b["count"] for b in line["branches"]]
        if line["count"] and all(counts):
            continue
        n = line["line_number"]
        what = "never executed" if not line["count"] else "branches " + ",".join(str(c) if c else "-" for c in counts)
        print("%s:%d: %s: %s" % (f["file"], n, what, text[n - 1].strip() if n <= len(text) else ""))
PY
fi

echo "coverage: everything (the libraries, the CLI, the generated C):"
report --print-summary --json-summary "$dir/coverage-summary.json" || status=1
echo "coverage: src/, against the floor of $floor_file (lines $floor_lines %, branches $floor_branches %):"
if ! report --filter "$(re "$root")/src/" --print-summary --json-summary "$dir/coverage-summary-src.json" \
     --fail-under-line "$floor_lines" --fail-under-branch "$floor_branches"; then
  echo "coverage: src/ is below the floor (see above)"; status=1
fi
[ "$status" -eq 0 ] || echo "coverage: some tests failed or a figure is below the floor (see above)"
exit "$status"

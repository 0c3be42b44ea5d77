#!/usr/bin/env bash
# Line and branch coverage of the libraries and the CLI (docs/coverage.md).
#
#   scripts/coverage.sh [BUILD_DIR]       (default out/coverage)
#
# Builds with -DMOCKD3D12_COVERAGE=ON (gcc --coverage -O0), clears the counters,
# runs the CTest suite except the Windows stage (label "windows": PE binaries
# under Wine, which gcov cannot see), and prints per source file the lines
# executed and the branches taken at least once, then the totals of src/ and
# of everything (tools/coverage_report.py over gcov's JSON). Set
# MOCKD3D12_COVERAGE_MARKDOWN=1 for a Markdown table, MOCKD3D12_COVERAGE_UNCOVERED=src/caps/
# to list every line of those files with a branch never taken. Exits non-zero
# if a test fails or src/'s line or branch figure is below tests/coverage/floor.txt
# (the "coverage" stage of scripts/test.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dir=${1:-out/coverage}
jobs=$(nproc)
scripts/install-deps.sh test || { echo "install-deps failed"; exit 1; }
command -v gcov >/dev/null || { echo "coverage: gcov not found (Debian package gcc)"; exit 1; }

mkdir -p "$dir"
# gcc (Debian's default cc): gcov reads gcc's notes. Naming the compiler here
# would make CMake drop an existing cache, and the option with it.
cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=Debug -DMOCKD3D12_COVERAGE=ON >"$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
grep -q '^MOCKD3D12_COVERAGE:BOOL=ON' "$dir/CMakeCache.txt" || { echo "coverage: $dir is not a coverage build"; exit 1; }
cmake --build "$dir" -j"$jobs" >"$dir.build.log" 2>&1 || { tail -n 60 "$dir.build.log"; exit 1; }
find "$dir" -name '*.gcda' -delete
status=0
ctest --test-dir "$dir" --output-on-failure -j"$jobs" -LE '^windows$' || status=$?
args=()
[ "${MOCKD3D12_COVERAGE_MARKDOWN:-0}" = 1 ] && args+=(--markdown)
[ -n "${MOCKD3D12_COVERAGE_UNCOVERED:-}" ] && args+=(--uncovered "$MOCKD3D12_COVERAGE_UNCOVERED")
args+=(--floor tests/coverage/floor.txt)
python3 tools/coverage_report.py "$dir" "$root" "${args[@]}" || status=1
[ "$status" -eq 0 ] || echo "coverage: some tests failed or a figure is below the floor (see above)"
exit "$status"

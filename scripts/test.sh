#!/usr/bin/env bash
# The README's test command: installs what is missing (apt-get), builds every
# variant and runs every test. Exits non-zero if anything fails. Every build
# treats warnings as errors; each toolchain has a Release build (-O3 brings
# warnings -O0 does not) of everything: gcc's in 6, clang's in 3, mingw-w64's in 1b.
#
#   1. Debug build, the CTest suite but the Windows stage (unit tests, header and client tests)
#   1b. the Windows stage of the same build (label "windows": the mingw-w64 cross build, Release,
#      of everything, run under Wine)
#   2. AddressSanitizer + UndefinedBehaviorSanitizer build, the whole suite again
#   3. ThreadSanitizer build (clang, Release with -g), the stress tests (label "stress")
#   4. libFuzzer targets (clang), every one the build defines, each for MOCKD3D12_FUZZ_SECONDS
#      (default 60), two at a time on two cores (scripts/fuzz.sh; docs/fuzzing.md)
#   5. Valgrind memcheck over the unit tests (label "memcheck")
#   6. Release build of everything (what the README's install builds, and the tests), the CLI run once
#   7. Coverage build (gcc --coverage), the suite but the Windows stage, and src/'s line and branch
#      figures from gcovr against tests/coverage/floor.txt (scripts/coverage.sh; docs/coverage.md)
#   8. The packages (scripts/package.sh; docs/install.md): the Debian packages and lintian, the
#      Windows zip, each installed into a scratch root or unpacked and used by C, C++ and
#      Windows (Wine) clients
#
# Set MOCKD3D12_TEST_QUICK=1 to run stage 1 only (the developer loop: about a minute).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
jobs=$(nproc)
scripts/install-deps.sh test || { echo "install-deps failed"; exit 1; }

passed=0
failed=0
failures=()
# Each stage's output also goes to out/stage-N.log; a failed stage's lines
# that name a failure are printed again at the end, so a log cut in the
# middle still says what failed.
stage() { # name, command...
  local name=$1 log status; shift
  log=$root/out/stage-$((passed + failed + 1)).log
  echo "=== $name"
  "$@" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  if [ "$status" -eq 0 ]; then passed=$((passed + 1)); echo "=== $name: ok"
  else failed=$((failed + 1)); failures+=("$name|$log"); echo "=== $name: FAILED"; fi
}
build() { # dir, cmake args...
  local dir=$1; shift
  cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=Debug "$@" >"$dir.configure.log" 2>&1 \
    || { cat "$dir.configure.log"; return 1; }
  cmake --build "$dir" -j"$jobs" >"$dir.build.log" 2>&1 || { tail -n 60 "$dir.build.log"; return 1; }
}
suite() { # dir, ctest args...
  local dir=$1; shift
  ctest --test-dir "$dir" --output-on-failure -j"$jobs" "$@"
}

mkdir -p out
stage "debug build" build out/debug
stage "debug suite" suite out/debug -LE windows
if [ "${MOCKD3D12_TEST_QUICK:-0}" != 1 ]; then
  stage "windows (wine)" suite out/debug -L windows
  stage "asan+ubsan build" build out/asan -DMOCKD3D12_SANITIZE=ON
  # installed_clients builds uninstrumented programs out of tree against the
  # installed library, and the Wine stage checks the cross build: the Debug
  # stage runs both. cli_fault_check(_html) time a sweep of one-second runs of
  # an instrumented program, which the sanitizers' slowdown stretches past
  # their timeout: the Debug stage runs them (the sweep itself is the CLI's).
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  stage "asan+ubsan suite" suite out/asan -E '^(installed_clients|cli_fault_check|cli_fault_check_html)$' -LE windows
  # clang's Release build of everything (-g: the reports' stacks name lines).
  stage "tsan build" build out/tsan -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-g -DCMAKE_CXX_FLAGS=-g \
    -DMOCKD3D12_TSAN=ON -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++
  export TSAN_OPTIONS=halt_on_error=1
  stage "tsan stress" suite out/tsan -L stress
  if [ -f fuzz/CMakeLists.txt ]; then
    stage "fuzz build" build out/fuzz -DMOCKD3D12_FUZZ=ON -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
      -DMOCKD3D12_BUILD_TESTS=OFF
    stage "fuzz run" scripts/fuzz.sh out/fuzz "${MOCKD3D12_FUZZ_SECONDS:-60}"
  fi
  release_smoke() {
    build out/release -DCMAKE_BUILD_TYPE=Release \
      && out/release/tools/mockd3d12 caps >/dev/null && out/release/tools/mockd3d12 adapters --summary >/dev/null
  }
  stage "release build" release_smoke
  stage "packages" scripts/package.sh out/package
  # One more full build; fails when src/'s coverage falls below tests/coverage/floor.txt.
  stage "coverage floor" scripts/coverage.sh out/coverage
  if command -v valgrind >/dev/null; then
    stage "valgrind memcheck" suite out/debug -L memcheck -T memcheck \
      --overwrite MemoryCheckCommandOptions="--leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99"
  fi
fi

echo
for f in "${failures[@]}"; do
  echo "failed stage: ${f%%|*} (its failures, from ${f#*|}):"
  grep -E 'FAILED|Failed|\*\*\*|[Ee]rror|expected|below the floor|^\[  ERROR|assert' "${f#*|}" | grep -v ' 0 failed\|0 errors' | tail -n 40 | sed 's/^/  /'
done
echo "stages: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

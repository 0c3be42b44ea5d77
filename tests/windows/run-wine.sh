#!/usr/bin/env bash
# The Windows stage: cross-builds d3d12.dll, dxgi.dll, d3d11.dll, dxcore.dll, their import
# libraries, mockd3d12.exe and the test programs (wintest.exe, wind3d11.exe,
# winprobe.exe, adapter_selection.exe, engine_startup.exe, and the CMocka suites test_d3d11.exe,
# test_dxgi.exe, test_dxcore.exe and every suite of tests/unit/, linked with CMocka) with
# mingw-w64, a Release build (-O3, warnings as errors) of everything the cross build
# defines, then runs them under Wine with our four DLLs forced.
#
# usage: tests/windows/run-wine.sh SOURCE_DIR BUILD_DIR [LINUX_CLI [MINGW_PREFIX]]
#   BUILD_DIR   the cross build (configured here with cmake/toolchain-mingw64.cmake);
#               the Wine prefix lives in BUILD_DIR/wineprefix
#   LINUX_CLI   the Linux mockd3d12 program: the Windows CLI must print the same
#   MINGW_PREFIX  where jansson and CMocka for mingw-w64 are, passed to the cross
#               build as CMAKE_PREFIX_PATH (default SOURCE_DIR/out/mingw-deps/x86_64-w64-mingw32,
#               which scripts/mingw-deps.sh builds from Debian's source packages)
#
# Exit status 0 when everything passed, 77 when mingw-w64, Wine or the mingw-w64
# jansson and CMocka are missing (scripts/install-deps.sh test provides all
# three), 1 otherwise.
set -uo pipefail
src=$1
build=$2
linux_cli=${3:-}
prefix=${4:-$src/out/mingw-deps/x86_64-w64-mingw32}
limit=${MOCKD3D12_WINE_TIMEOUT:-300}

wine=$(command -v wine || command -v wine64 || true)
if ! command -v x86_64-w64-mingw32-gcc >/dev/null || [ -z "$wine" ]; then
  echo "windows: mingw-w64 or wine is not installed (scripts/install-deps.sh test)"
  exit 77
fi
if [ ! -f "$prefix/lib/cmake/jansson/janssonConfig.cmake" ] || [ ! -f "$prefix/lib/cmake/cmocka/cmocka-config.cmake" ]; then
  echo "windows: no mingw-w64 jansson and CMocka in $prefix (scripts/install-deps.sh test builds them)"
  exit 77
fi

failures=0
fail() { echo "windows: FAILED: $*"; failures=$((failures + 1)); }

echo "windows: building in $build"
mkdir -p "$build"
# The built-in adapters are baked by a native mk_bake (the Linux build's,
# MOCKD3D12_HOST_BAKER, which tests/windows.cmake sets).
if [ -z "${MOCKD3D12_HOST_BAKER:-}" ]; then
  echo "windows: MOCKD3D12_HOST_BAKER names no native mk_bake"; exit 1
fi
if ! cmake -S "$src" -B "$build" --toolchain "$src/cmake/toolchain-mingw64.cmake" -DCMAKE_BUILD_TYPE=Release \
     -DMOCKD3D12_HOST_BAKER="$MOCKD3D12_HOST_BAKER" -DCMAKE_PREFIX_PATH="$prefix" \
     >"$build/configure.log" 2>&1; then
  cat "$build/configure.log"; exit 1
fi
if ! cmake --build "$build" --target d3d12 wintest -j"$(nproc)" >"$build/build.log" 2>&1; then
  tail -n 60 "$build/build.log"; exit 1
fi
# dxgi.dll, d3d11.dll and their programs: a failure here still lets
# d3d12.dll's own tests run below.
if ! cmake --build "$build" --target dxgi d3d11 dxcore wind3d11 winprobe adapter_selection engine_startup present_frames -j"$(nproc)" \
     >"$build/build-dxgi.log" 2>&1; then
  grep -E 'error|Error' "$build/build-dxgi.log" | head -n 20; fail "dxgi.dll, d3d11.dll, dxcore.dll or their tests do not build"
fi
# The table-driven CMocka suites (tests/windows/CMakeLists.txt builds them),
# linked statically with CMocka from MINGW_PREFIX.
suites=(test_d3d11 test_d3d11_resources test_d3d11_states test_d3d11_copy test_d3d11_views test_d3d11_shaders test_d3d11_pipeline test_d3d11_clear test_dxgi test_dxgi_outputs test_dxgi_swapchain test_d3d11_swapchain test_d3d11on12 test_dxcore test_api_coverage_dxgi_d3d11 test_device test_alloc_failure test_alloc_failure_dxgi_d3d11
        test_clamp_policy test_debug_device test_features test_formats test_tables test_answer_sheet test_profiles
        test_vulkan_import test_vulkan_formats test_clamp_runtime test_clamp_engine test_adapter_db test_clamp_device
        test_debug_layer test_infoqueue test_bad_input test_abi test_api_coverage_stubs test_api_coverage_d3d12
        test_api_reflect test_clamp_exported test_fence test_descriptor_heap test_descriptors test_command_list test_query_heap test_queries
        test_root_signature test_resource_layout test_resource_tiling test_pipeline_state test_resource test_heap test_state_object test_work_graph
        test_shader_cache)
if ! cmake --build "$build" --target "${suites[@]}" -j"$(nproc)" \
     >"$build/build-suites.log" 2>&1; then
  grep -E 'error|Error' "$build/build-suites.log" | head -n 20; fail "the CMocka suites do not build"
fi
# The CLI links every library it reports on (d3d11, dxgi): a room that does
# not build for Windows yet shows up here, after the DLL's own tests ran.
if ! cmake --build "$build" --target mockd3d12_cli -j"$(nproc)" >"$build/build-cli.log" 2>&1; then
  grep -E 'error|Error' "$build/build-cli.log" | head -n 20; fail "mockd3d12.exe does not build"
fi
# And whatever else the cross build defines (target all): CI's Release build of everything
# with mingw-w64.
if ! cmake --build "$build" -j"$(nproc)" >"$build/build-all.log" 2>&1; then
  grep -E 'error|Error' "$build/build-all.log" | head -n 20; fail "the cross build's target all does not build"
fi
for f in d3d12.dll libd3d12.dll.a d3d12.lib wintest.exe tools/mockd3d12.exe \
         dxgi.dll libdxgi.dll.a dxgi.lib d3d11.dll libd3d11.dll.a d3d11.lib dxcore.dll libdxcore.dll.a dxcore.lib \
         wind3d11.exe winprobe.exe adapter_selection.exe engine_startup.exe present_frames.exe "${suites[@]/%/.exe}"; do
  [ -f "$build/$f" ] || fail "$f was not built"
done

python3 "$src/tests/windows/check_exports.py" x86_64-w64-mingw32-objdump "$build/d3d12.dll" \
  || fail "d3d12.dll's export table"
# The conformance suites import no mockd3d12_* function: without our DLLs next
# to them, they run against the real runtime (docs/testing.md).
conformance=(test_d3d11_resources test_d3d11_states test_d3d11_views test_d3d11_copy test_d3d11_shaders test_d3d11_pipeline
             test_d3d11_clear)
for program in "${conformance[@]}"; do
  imports=$(x86_64-w64-mingw32-objdump -p "$build/$program.exe" 2>/dev/null) \
    || { fail "$program.exe: objdump -p"; continue; }
  grep -q 'D3D11CreateDevice' <<<"$imports" || fail "$program.exe does not import D3D11CreateDevice"
  ! grep -q 'mockd3d12_' <<<"$imports" || fail "$program.exe imports the control API: $(grep -o 'mockd3d12_[a-z0-9_]*' <<<"$imports" | sort -u | tr '\n' ' ')"
done

# Ours, not Wine's builtin d3d12/dxgi/d3d11 (wind3d11.exe checks the loaded
# modules export the mock's control API).
export WINEPREFIX=$build/wineprefix WINEDEBUG=-all WINEDLLOVERRIDES="d3d12,dxgi,d3d11,dxcore=n;mscoree,mshtml=" WINEARCH=win64
unset DISPLAY WAYLAND_DISPLAY
for v in $(env | grep -o '^\(MOCKD3D12\|CMOCKA\)_[A-Z0-9_]*'); do unset "$v"; done
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  echo "windows: creating the Wine prefix $WINEPREFIX"
  timeout "$limit" wineboot -i >"$build/wineboot.log" 2>&1 || { cat "$build/wineboot.log"; exit 1; }
fi
# One wineserver for all the programs below, started here with no pipe open.
# A program that finds no server starts one, which inherits its stdout and
# stderr; when those are a pipe (`wine prog | tr` below), the reader waits
# for the server to exit, 3 s after the program, and the next program starts
# another: 2-3 s per program, a minute over the CLI comparisons. This one
# stays 10 s after the last client and is ended at the end.
# Windows without a display: Wine's null graphics driver makes real windows
# (CreateWindow, GetClientRect, IsIconic) with no X server, so the swap-chain
# suites and present_frames.exe run as on a desktop (docs/windows.md).
timeout "$limit" "$wine" reg add 'HKCU\Software\Wine\Drivers' /v Graphics /d null /f >"$build/wine-reg.log" 2>&1 \
  || { cat "$build/wine-reg.log"; fail "the Wine prefix's null graphics driver"; }
# The desktop process wineboot started keeps the driver it started with:
# every Wine process of the prefix ends, so the next ones start with the setting.
wineserver -k </dev/null >/dev/null 2>&1 || true
wineserver -w </dev/null >/dev/null 2>&1 || true
wineserver -p10 </dev/null >/dev/null 2>&1 || true

# The test programs, next to the DLLs as a harness ships them: the two
# Windows programs, which end with "N passed, N failed", then the suites that
# run on Linux too (tests/d3d11/test_d3d11.c, tests/dxgi/test_dxgi.c, and the
# tests/unit/ files tests/windows/CMakeLists.txt lists), which end with
# CMocka's summary.
run_program() { # program [VAR=value...]: its output in BUILD_DIR/program.log (no CRs), shown without the runtime's chatter
  local status
  (cd "$build" && env "${@:2}" timeout "$limit" "$wine" "$1.exe") >"$build/$1.raw.log" 2>&1
  status=$?
  tr -d '\r' <"$build/$1.raw.log" >"$build/$1.log"
  grep -v '^D3D12 \(WARNING\|ERROR\)\|^mockd3d12: ' "$build/$1.log"; echo
  return "$status"
}
for program in wintest wind3d11; do
  echo "windows: wine $program.exe"
  run_program "$program"
  status=$?
  summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$build/$program.log" || true)
  if [ "$status" -ne 0 ] || [ -z "$summary" ] || [ "${summary#* passed, }" != "0 failed" ] \
     || [ "${summary%% passed, *}" -eq 0 ]; then
    fail "$program.exe (exit status $status, '${summary:-no summary}')"
  fi
done
# The suites' data (tests/CMakeLists.txt sets the same on Linux): profile
# files, read through Wine's Z: drive, which is the Linux root; and the CLI
# test_bad_input runs (tests/stress.cmake on Linux), this build's.
export MOCKD3D12_TEST_DATA="Z:$(cd "$src" && pwd)/tests/data"
export MOCKD3D12_CLI="Z:$(cd "$build" && pwd)/tools/mockd3d12.exe"
# CMocka 1.1's summary: "[==========] Running N test(s).", then
# "[==========] N test(s) run.", "[  PASSED  ] N test(s).", and
# "[  SKIPPED ] N test(s), listed below:" / "[  FAILED  ] N test(s), listed
# below:" when there are any; its exit status is the number of failed tests
# and errors. A suite passes when it exits 0, fails none, passes at least one,
# and ran every test it announced, each passed or skipped: a crash, an error in
# a fixture or a summary lost on the way fails it.
cmocka_count() { # log, pattern with one \([0-9]*\): the first count it matches, empty if none
  sed -n "s/^$2\$/\1/p" "$1" | head -n 1
}
# The conformance suites (tests/d3d11.cmake, docs/testing.md) create their
# devices on the default adapter, which is the nvidia-rtx-4090 profile for
# them, as on Linux.
for program in "${conformance[@]}"; do
  [[ " ${suites[*]} " == *" $program "* ]] || fail "the conformance suite $program is not among the suites"
done
for program in "${suites[@]}"; do
  echo "windows: wine $program.exe"
  vars=()
  [[ " ${conformance[*]} " == *" $program "* ]] && vars=(MOCKD3D12_ADAPTER=nvidia-rtx-4090)
  run_program "$program" "${vars[@]}"
  status=$?
  log=$build/$program.log
  announced=$(cmocka_count "$log" '\[==========\] Running \([0-9]*\) test(s)\.')
  ran=$(cmocka_count "$log" '\[==========\] \([0-9]*\) test(s) run\.')
  passed=$(cmocka_count "$log" '\[  PASSED  \] \([0-9]*\) test(s)\.')
  skipped=$(cmocka_count "$log" '\[  SKIPPED \] \([0-9]*\) test(s), listed below:')
  failed=$(cmocka_count "$log" '\[  FAILED  \] \([0-9]*\) test(s), listed below:')
  summary="${announced:-?} announced, ${ran:-?} run, ${passed:-?} passed, ${skipped:-0} skipped, ${failed:-0} failed"
  if [ "$status" -ne 0 ] || [ -z "$announced" ] || [ -z "$passed" ] || [ "$passed" -eq 0 ] \
     || [ "${failed:-0}" -ne 0 ] || [ "${ran:-}" != "$announced" ] \
     || [ $((passed + ${skipped:-0})) -ne "$announced" ]; then
    fail "$program.exe (exit status $status; $summary)"
  else
    echo "windows: $program.exe: $summary"
  fi
done

# A program's whole output (stdout and stderr, no CRs) under extra variables.
run_with() { # VAR=value ... -- program args...
  local -a vars=()
  while [ "$1" != "--" ]; do vars+=("$1"); shift; done
  shift
  (cd "$build" && env "${vars[@]}" timeout "$limit" "$wine" "$@" 2>&1 | tr -d '\r')
}

# The seed sample's adapter selection (examples/adapter_selection.cpp) under
# several machines, as tests/dxgi.cmake on Linux: MOCKD3D12_ADAPTERS ("-":
# unset) | arguments | the one line it must print. Every description is a
# mock profile's, which Wine's own dxgi.dll would never report. "warp": no
# hardware adapter, so the sample passes a null adapter, which is the
# machine's first (WARP), as on Windows.
while IFS='|' read -r adapters args expected; do
  [ -n "$adapters" ] || continue
  vars=(WINEDEBUG=-all)
  [ "$adapters" = "-" ] || vars+=("MOCKD3D12_ADAPTERS=$adapters")
  # shellcheck disable=SC2086
  out=$(run_with "${vars[@]}" -- adapter_selection.exe $args)
  [ "$out" = "$expected" ] || fail "adapter_selection.exe $args with MOCKD3D12_ADAPTERS=$adapters: '$out', expected '$expected'"
done <<'ROWS'
-||picked: NVIDIA GeForce RTX 5070 Ti
intel-iris-xe,nvidia-rtx-4090||picked: Intel(R) Iris(R) Xe Graphics
intel-iris-xe,nvidia-rtx-4090|--high-performance|picked: NVIDIA GeForce RTX 4090
nvidia-rtx-4090|--warp|picked: Microsoft Basic Render Driver [software]
warp-22621,amd-rx-580||picked: AMD Radeon RX 580
warp||picked: Microsoft Basic Render Driver [software]
ROWS

# The engine start-up example (examples/engine-startup/) on every built-in
# adapter, as tests/engine_startup.cmake does on Linux: the checker runs
# engine_startup.exe under Wine, both ways, and the Linux CLI lists the
# adapters.
# The windowed start-up (examples/present_frames.cpp) on the machines
# tests/dxgi.cmake runs it on: adapters | what it prints.
while IFS='|' read -r adapters expected; do
  [ -n "$adapters" ] || continue
  vars=(WINEDEBUG=-all)
  [ "$adapters" = "-" ] || vars+=("MOCKD3D12_ADAPTERS=$adapters")
  out=$(run_with "${vars[@]}" -- present_frames.exe 10)
  [ "$out" = "$expected" ] || fail "present_frames.exe 10 with MOCKD3D12_ADAPTERS=$adapters: '$out', expected '$expected'"
done <<'ROWS'
-|presented 10 frames at 800x600, tearing yes, colour space sRGB, present count 10
desktop-hdr|presented 10 frames at 800x600, tearing yes, colour space HDR10, present count 10
desktop-sdr|presented 10 frames at 800x600, tearing no, colour space sRGB, present count 10
ROWS

if [ -n "$linux_cli" ]; then
  if (cd "$build" && WINEDEBUG=-all python3 "$src/tests/examples/check_engine_startup.py" run "$linux_cli" \
        "$src/examples/engine-startup/shaders" engine_startup.exe timeout "$limit" "$wine") \
        >"$build/engine-startup.log" 2>&1; then
    echo "windows: engine_startup.exe: $(tail -n 1 "$build/engine-startup.log")"
  else
    cat "$build/engine-startup.log"; fail "engine_startup.exe on the built-in adapters"
  fi
fi

# The Indonesian seed's feature-level probe (tests/d3d11/feature_level_probe.c):
# MOCKD3D12_ADAPTER | MOCKD3D12_D3D11_RUNTIME ("-": unset) | its output.
while IFS='|' read -r adapter runtime expected; do
  [ -n "$adapter" ] || continue
  vars=("MOCKD3D12_ADAPTER=$adapter")
  [ "$runtime" = "-" ] || vars+=("MOCKD3D12_D3D11_RUNTIME=$runtime")
  out=$(run_with "${vars[@]}" -- winprobe.exe)
  [ "$out" = "$expected" ] || fail "winprobe.exe with ${vars[*]}: '$out', expected '$expected'"
done <<'ROWS'
nvidia-rtx-4090|-|hr 0x00000001 level b_1
nvidia-rtx-4090|11.0|failed: 0x80070057
fl11-minimal|-|hr 0x00000001 level b_0
warp|11.2|hr 0x00000001 level b_1
ROWS

# The CLI: the default adapter's caps, and the same text as on Linux.
[ -f "$build/tools/mockd3d12.exe" ] || { echo "windows: $failures failure(s)"; exit 1; }
cli() { (cd "$build" && timeout "$limit" "$wine" tools/mockd3d12.exe "$@" 2>&1 | tr -d '\r'); }
caps=$(cli caps)
for line in "Adapter   nvidia-rtx-5070-ti: NVIDIA GeForce RTX 5070 Ti" \
            "    MaxSupportedFeatureLevel                         D3D_FEATURE_LEVEL_12_2"; do
  grep -qxF "$line" <<<"$caps" || fail "mockd3d12.exe caps has no line '$line'"
done
# `caps --api d3d11` loads d3d11.dll and d3d12.dll from the CLI's directory:
# without them it says so; with them it prints what Linux prints (below).
rm -f "$build"/tools/{d3d11,d3d12,dxgi}.dll
out=$(cli caps --api d3d11)
grep -qF "needs mockd3d12's d3d11.dll and d3d12.dll next to mockd3d12.exe" <<<"$out" \
  || fail "mockd3d12.exe caps --api d3d11 without the DLLs: '$out'"
cp "$build"/{d3d11,d3d12,dxgi}.dll "$build/tools/"
# `matrix` runs no cell on Windows yet (docs/matrix.md): it says so, exit 2.
(cd "$build" && timeout "$limit" "$wine" tools/mockd3d12.exe matrix --adapters warp -- cmd /c exit 0 \
  >"$build/matrix.log" 2>&1)
status=$?
grep -qF "mockd3d12 matrix: not supported on Windows yet" "$build/matrix.log" && [ "$status" -eq 2 ] \
  || fail "mockd3d12.exe matrix: status $status, '$(cat "$build/matrix.log")'"
# Nor does `forward-check` (docs/forward-check.md).
(cd "$build" && timeout "$limit" "$wine" tools/mockd3d12.exe forward-check --adapters warp -- cmd /c exit 0 \
  >"$build/forward-check.log" 2>&1)
status=$?
grep -qF "mockd3d12 forward-check: not supported on Windows yet" "$build/forward-check.log" && [ "$status" -eq 2 ] \
  || fail "mockd3d12.exe forward-check: status $status, '$(cat "$build/forward-check.log")'"
if [ -n "$linux_cli" ]; then
  while IFS= read -r args; do
    # shellcheck disable=SC2086
    if ! diff <("$linux_cli" $args 2>&1) <(cli $args) >"$build/cli-diff.log"; then
      fail "mockd3d12.exe $args differs from the Linux CLI:"; head -n 20 "$build/cli-diff.log"
    fi
  done <<ARGS
caps
caps --json
adapters --json
caps --adapter nextgen --sdk-version 620 --json
caps --adapter warp --explain
clamp-table
matrix --list --adapters baselines,warp --runtimes retail:616,preview:620:721 --shard 2/3
caps --api d3d11
caps --api d3d11 --adapter fl11-minimal
caps --api d3d11 --adapter warp --feature-levels 11_1,11_0
caps --api d3d11 --adapter nvidia-rtx-4090 --runtime retail:616:717
caps --api d3d11 --adapter $src/tests/data/profiles/good.json
caps --api d3d11 --adapter $src/tests/data/profiles/bad-syntax.json
caps --api d3d11 --adapter nosuch
ARGS
fi

wineserver -k >/dev/null 2>&1 || true
echo "windows: $failures failure(s)"
[ "$failures" -eq 0 ]

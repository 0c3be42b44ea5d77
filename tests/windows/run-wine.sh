#!/usr/bin/env bash
# The Windows stage: cross-builds d3d12.dll, its import library, mockd3d12.exe
# and wintest.exe with mingw-w64, then runs them under Wine with our DLL forced.
#
# usage: tests/windows/run-wine.sh SOURCE_DIR BUILD_DIR [LINUX_CLI]
#   BUILD_DIR   the cross build (configured here with cmake/toolchain-mingw64.cmake);
#               the Wine prefix lives in BUILD_DIR/wineprefix
#   LINUX_CLI   the Linux mockd3d12 program: the Windows CLI must print the same
#
# Exit status 0 when everything passed, 77 when mingw-w64 or Wine is missing
# (scripts/install-deps.sh test installs both), 1 otherwise.
set -uo pipefail
src=$1
build=$2
linux_cli=${3:-}
limit=${MOCKD3D12_WINE_TIMEOUT:-300}

wine=$(command -v wine || command -v wine64 || true)
if ! command -v x86_64-w64-mingw32-gcc >/dev/null || [ -z "$wine" ]; then
  echo "windows: mingw-w64 or wine is not installed (scripts/install-deps.sh test)"
  exit 77
fi

failures=0
fail() { echo "windows: FAILED: $*"; failures=$((failures + 1)); }

echo "windows: building in $build"
mkdir -p "$build"
if ! cmake -S "$src" -B "$build" --toolchain "$src/cmake/toolchain-mingw64.cmake" -DCMAKE_BUILD_TYPE=Debug \
     >"$build/configure.log" 2>&1; then
  cat "$build/configure.log"; exit 1
fi
if ! cmake --build "$build" --target d3d12 wintest -j"$(nproc)" >"$build/build.log" 2>&1; then
  tail -n 60 "$build/build.log"; exit 1
fi
# The CLI links every library it reports on (d3d11, dxgi): a room that does
# not build for Windows yet shows up here, after the DLL's own tests ran.
if ! cmake --build "$build" --target mockd3d12_cli -j"$(nproc)" >"$build/build-cli.log" 2>&1; then
  grep -E 'error|Error' "$build/build-cli.log" | head -n 20; fail "mockd3d12.exe does not build"
fi
for f in d3d12.dll libd3d12.dll.a d3d12.lib wintest.exe tools/mockd3d12.exe; do
  [ -f "$build/$f" ] || fail "$f was not built"
done

python3 "$src/tests/windows/check_exports.py" x86_64-w64-mingw32-objdump "$build/d3d12.dll" \
  || fail "d3d12.dll's export table"

export WINEPREFIX=$build/wineprefix WINEDEBUG=-all WINEDLLOVERRIDES="d3d12=n;mscoree,mshtml=" WINEARCH=win64
unset DISPLAY WAYLAND_DISPLAY
for v in $(env | grep -o '^MOCKD3D12_[A-Z_]*'); do unset "$v"; done
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  echo "windows: creating the Wine prefix $WINEPREFIX"
  timeout "$limit" wineboot -i >"$build/wineboot.log" 2>&1 || { cat "$build/wineboot.log"; exit 1; }
fi

# The test program, next to the DLL as a harness ships it.
echo "windows: wine wintest.exe"
(cd "$build" && timeout "$limit" "$wine" wintest.exe) >"$build/wintest.log" 2>&1
status=$?
tr -d '\r' <"$build/wintest.log" | grep -v '^D3D12 \(WARNING\|ERROR\)\|^mockd3d12: ' ; echo
summary=$(tr -d '\r' <"$build/wintest.log" | grep -E '^[0-9]+ passed, [0-9]+ failed$' || true)
if [ "$status" -ne 0 ] || [ -z "$summary" ] || [ "${summary#* passed, }" != "0 failed" ]; then
  fail "wintest.exe (exit status $status, '${summary:-no summary}')"
fi

# The CLI: the default adapter's caps, and the same text as on Linux.
[ -f "$build/tools/mockd3d12.exe" ] || { echo "windows: $failures failure(s)"; exit 1; }
cli() { (cd "$build" && timeout "$limit" "$wine" tools/mockd3d12.exe "$@" 2>&1 | tr -d '\r'); }
caps=$(cli caps)
for line in "Adapter   nvidia-rtx-5070-ti: NVIDIA GeForce RTX 5070 Ti" \
            "    MaxSupportedFeatureLevel                         D3D_FEATURE_LEVEL_12_2"; do
  grep -qxF "$line" <<<"$caps" || fail "mockd3d12.exe caps has no line '$line'"
done
if [ -n "$linux_cli" ]; then
  while IFS= read -r args; do
    # shellcheck disable=SC2086
    if ! diff <("$linux_cli" $args 2>&1) <(cli $args) >"$build/cli-diff.log"; then
      fail "mockd3d12.exe $args differs from the Linux CLI:"; head -n 20 "$build/cli-diff.log"
    fi
  done <<'ARGS'
caps
caps --json
adapters --json
caps --adapter nextgen --sdk-version 620 --json
caps --adapter warp --explain
clamp-table
ARGS
fi

wineserver -k >/dev/null 2>&1 || true
echo "windows: $failures failure(s)"
[ "$failures" -eq 0 ]

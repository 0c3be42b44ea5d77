#!/usr/bin/env bash
# Installs, with apt-get, the Debian packages mockd3d12 needs and the machine lacks.
# usage: scripts/install-deps.sh [build|test]
#   build: what building the libraries and the CLI needs (mingw-w64-common: the DXGI and
#          D3D11 headers libdxgi/libd3d11 compile natively)
#   test:  that plus what the full test run needs (CMocka, clang/libFuzzer, valgrind, gcovr,
#          mingw-w64 and Wine for the Windows drop-in, Chromium for the HTML report), then jansson and CMocka
#          cross-built for mingw-w64 from Debian's source packages (dpkg-dev:
#          apt-get source) into out/mingw-deps/x86_64-w64-mingw32, once
#          (scripts/mingw-deps.sh; docs/windows.md)
set -euo pipefail
mode=${1:-build}
want=(build-essential cmake pkg-config python3 directx-headers-dev libjansson-dev mingw-w64-common)
if [ "$mode" = test ]; then
  want+=(libcmocka-dev clang libclang-rt-14-dev valgrind gcovr) # gcovr: scripts/coverage.sh
  want+=(mingw-w64 wine wine64 dpkg-dev) # the Windows drop-in: d3d12.dll cross-built and run under Wine
  want+=(chromium) # headless, to load the matrix's HTML report in a real browser (tests/cli.cmake, docs/matrix.md)
  # The packages (scripts/package.sh, docs/install.md): dpkg-buildpackage with debhelper, lintian,
  # llvm-dlltool for the MSVC import libraries, lld-link to link against them, unzip for the zip,
  # man and groff for the manual pages.
  want+=(debhelper lintian llvm lld unzip man-db groff-base)
fi
missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# Debian has no mingw-w64 build of jansson or CMocka: the Windows stage
# (tests/windows/run-wine.sh) links the ones this builds. Does nothing when
# the prefix is up to date.
if [ "$mode" = test ]; then
  "$(dirname "$0")/mingw-deps.sh"
fi

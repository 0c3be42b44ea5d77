#!/usr/bin/env bash
# Installs, with apt-get, the Debian packages mockd3d12 needs and the machine lacks.
# usage: scripts/install-deps.sh [build|test]
#   build: what building the libraries and the CLI needs (mingw-w64-common: the DXGI and
#          D3D11 headers libdxgi/libd3d11 compile natively)
#   test:  that plus what the full test run needs (CMocka, clang/libFuzzer, valgrind,
#          mingw-w64 and Wine for the Windows drop-in)
set -euo pipefail
want=(build-essential cmake pkg-config python3 directx-headers-dev libjansson-dev mingw-w64-common)
if [ "${1:-build}" = test ]; then
  want+=(libcmocka-dev clang libclang-rt-14-dev valgrind)
  want+=(mingw-w64 wine wine64) # the Windows drop-in: d3d12.dll cross-built and run under Wine
fi
missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "install-deps: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

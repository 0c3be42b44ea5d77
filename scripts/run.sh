#!/usr/bin/env bash
# The main job: build mockd3d12 (installing what is missing) and show what the
# built-in default adapter reports. Extra arguments go to `mockd3d12 caps`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh build
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DMOCKD3D12_BUILD_TESTS=OFF -DBUILD_TESTING=OFF >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
exec build/tools/mockd3d12 caps "$@"

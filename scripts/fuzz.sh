#!/usr/bin/env bash
# Runs every libFuzzer target of a -DMOCKD3D12_FUZZ=ON build (docs/fuzzing.md):
#   scripts/fuzz.sh BUILD_DIR SECONDS
# For each target: first replays fuzz/regressions/<target>/ (every crash found
# so far), then fuzzes for SECONDS from a scratch copy of fuzz/corpus/<target>/
# (the checked-in corpus is never modified). Fails if any target crashes,
# leaks, breaks an invariant or times out. Logs and crash inputs go to
# BUILD_DIR/fuzz-run/.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=${1:?usage: scripts/fuzz.sh BUILD_DIR SECONDS}
seconds=${2:-60}
run_dir=$build/fuzz-run
rm -rf "$run_dir"
mkdir -p "$run_dir"
failed=0

for target in fuzz_feature fuzz_profile fuzz_infoqueue fuzz_root_signature; do
  exe=$build/fuzz/$target
  if [ ! -x "$exe" ]; then
    echo "fuzz: $exe is missing (configure with -DMOCKD3D12_FUZZ=ON and clang)"; failed=1; continue
  fi
  args=(-timeout=10 -rss_limit_mb=2048 -artifact_prefix="$run_dir/$target-")
  [ -f "$root/fuzz/$target.dict" ] && args+=(-dict="$root/fuzz/$target.dict")

  regressions=("$root"/fuzz/regressions/$target/*)
  if [ -e "${regressions[0]}" ]; then
    if ! "$exe" "${args[@]}" "${regressions[@]}" >"$run_dir/$target.regressions.log" 2>&1; then
      echo "fuzz: $target: a regression input fails again:"; tail -n 30 "$run_dir/$target.regressions.log"
      failed=1; continue
    fi
    echo "fuzz: $target: ${#regressions[@]} regression inputs pass"
  fi

  corpus=$run_dir/$target.corpus
  cp -r "$root/fuzz/corpus/$target" "$corpus"
  if "$exe" "${args[@]}" -max_total_time="$seconds" -print_final_stats=1 "$corpus" >"$run_dir/$target.log" 2>&1; then
    echo "fuzz: $target: $(grep -E "^#[0-9]+[[:space:]]+DONE" "$run_dir/$target.log" | tail -n 1)"
  else
    echo "fuzz: $target FAILED:"; grep -E 'invariant failed|ERROR|SUMMARY|runtime error' "$run_dir/$target.log" | head -n 20
    ls "$run_dir"/$target-* 2>/dev/null
    failed=1
  fi
done
exit $failed

#!/usr/bin/env bash
# Runs every libFuzzer target of a -DMOCKD3D12_FUZZ=ON build (docs/fuzzing.md):
#   scripts/fuzz.sh BUILD_DIR SECONDS
# The targets are those the build defines: fuzz/CMakeLists.txt writes them, one
# "name<TAB>program" line each, to BUILD_DIR/fuzz/fuzz-targets.txt.
# For each target: first replays fuzz/regressions/<target>/ (every crash found
# so far), then fuzzes for SECONDS from a scratch copy of fuzz/corpus/<target>/
# (the checked-in corpus is never modified). Fails if any target crashes,
# leaks, breaks an invariant or times out, or if the build defines none.
# MOCKD3D12_FUZZ_JOBS targets run at a time (default: the number of cores),
# each on one core, so the stage takes about SECONDS times the number of
# targets divided by the jobs. Logs and crash inputs go to BUILD_DIR/fuzz-run/.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=${1:?usage: scripts/fuzz.sh BUILD_DIR SECONDS}
seconds=${2:-60}
jobs=${MOCKD3D12_FUZZ_JOBS:-$(nproc)}
list=$build/fuzz/fuzz-targets.txt
run_dir=$build/fuzz-run
rm -rf "$run_dir"
mkdir -p "$run_dir"

if [ ! -s "$list" ]; then
  echo "fuzz: $list is missing or empty (configure with -DMOCKD3D12_FUZZ=ON and clang, then build)"
  exit 1
fi
targets=()
programs=()
while IFS=$'\t' read -r target exe; do
  [ -n "$target" ] || continue
  targets+=("$target")
  programs+=("$exe")
done <"$list"
echo "fuzz: ${#targets[@]} targets (${targets[*]}), $seconds s each, $jobs at a time"

# One target: its report goes to RUN_DIR/<target>.report, its status to
# RUN_DIR/<target>.status (0 passed).
fuzz_one() { # target, program
  local target=$1 exe=$2 status=0
  local -a args regressions
  exec >"$run_dir/$target.report" 2>&1
  if [ ! -x "$exe" ]; then
    echo "fuzz: $exe is missing (build $build first)"; echo 1 >"$run_dir/$target.status"; return
  fi
  if [ ! -d "$root/fuzz/corpus/$target" ]; then
    echo "fuzz: $target has no seed corpus fuzz/corpus/$target/"; echo 1 >"$run_dir/$target.status"; return
  fi
  args=(-timeout=10 -rss_limit_mb=2048 -artifact_prefix="$run_dir/$target-")
  [ -f "$root/fuzz/$target.dict" ] && args+=(-dict="$root/fuzz/$target.dict")

  regressions=("$root"/fuzz/regressions/$target/*)
  if [ -e "${regressions[0]}" ]; then
    if ! "$exe" "${args[@]}" "${regressions[@]}" >"$run_dir/$target.regressions.log" 2>&1; then
      echo "fuzz: $target: a regression input fails again:"; tail -n 30 "$run_dir/$target.regressions.log"
      echo 1 >"$run_dir/$target.status"; return
    fi
    echo "fuzz: $target: ${#regressions[@]} regression inputs pass"
  fi

  local corpus=$run_dir/$target.corpus
  cp -r "$root/fuzz/corpus/$target" "$corpus"
  if "$exe" "${args[@]}" -max_total_time="$seconds" -print_final_stats=1 "$corpus" >"$run_dir/$target.log" 2>&1; then
    echo "fuzz: $target: $(grep -E "^#[0-9]+[[:space:]]+DONE" "$run_dir/$target.log" | tail -n 1)"
  else
    echo "fuzz: $target FAILED:"; grep -E 'invariant failed|ERROR|SUMMARY|runtime error' "$run_dir/$target.log" | head -n 20
    ls "$run_dir"/"$target"-* 2>/dev/null
    status=1
  fi
  echo "$status" >"$run_dir/$target.status"
}

for i in "${!targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  fuzz_one "${targets[$i]}" "${programs[$i]}" &
done
wait

failed=0
for target in "${targets[@]}"; do
  cat "$run_dir/$target.report"
  [ "$(cat "$run_dir/$target.status" 2>/dev/null)" = 0 ] || failed=1
done
exit $failed

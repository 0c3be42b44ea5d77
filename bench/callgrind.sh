#!/bin/sh
# Instructions per call of the benchmark's hot loops, under callgrind:
#   bench/callgrind.sh [path/to/bench]
# The bench's --callgrind mode zeroes the counters before each loop and dumps
# them after it (callgrind client requests), so each dump holds one loop; this
# prints the dump's instruction total divided by the loop's call count.
set -eu
bench=${1:-build-bench/bench/bench}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$dir/cg.out" "$bench" --callgrind --no-vkd3d >"$dir/counts" 2>"$dir/log"
printf '%-22s %14s %10s\n' loop instructions per-call
for f in $(ls -v "$dir"/cg.out.*); do
    name=$(sed -n 's/^desc: Trigger: Client Request: //p' "$f")
    [ -n "$name" ] || continue
    total=$(sed -n 's/^summary: //p;s/^totals: //p' "$f" | head -n 1 | cut -d' ' -f1)
    calls=$(awk -v n="$name" '$1 == n { print $2 }' "$dir/counts")
    [ -n "$calls" ] || continue
    awk -v n="$name" -v t="$total" -v c="$calls" 'BEGIN { printf "%-22s %14d %10.1f\n", n, t, t / c }'
done
queries=$(awk '$1 == "sweep_queries" { print $2 }' "$dir/counts")
echo "(sweep: one call = one whole sweep of $queries queries)"

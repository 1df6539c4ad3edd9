#!/usr/bin/env bash
# Interleaved A/B of two ember binaries on the ncnn benchmark graphs (generated weights): per thread count,
# R rounds, each round running every network on A and then on B (the order alternates per round; one
# `ember bench` call per binary and round); prints per network the median over rounds of each binary's
# median ms and the ratio A / B (> 1: B is faster). --busy runs both beside one busy-loop process (a shell
# `while :; do :; done`, pinned to no core), as tools/bench_contended.sh does.
#   tools/ab_bench.sh A_EMBER B_EMBER [--rounds R] [--threads "1 2"] [--loops N] [--busy] [NET...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { sed -n 2,8p "$0"; exit 2; }
a=$1 b=$2
shift 2
rounds=5 threads="1 2" loops=10 nets=() busy=0
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --loops) loops=$2; shift 2 ;;
    --busy) busy=1; shift ;;
    *) nets+=("$1"); shift ;;
  esac
done
[ ${#nets[@]} -gt 0 ] || nets=(squeezenet mobilenet mobilenet_v2 shufflenet_v2 resnet18 googlenet mobilenet_yolo yolov4-tiny vgg16)
graphs=$(cd "$here/../shared/bench/ncnn" && pwd)
models=()
for n in "${nets[@]}"; do models+=("$graphs/$n.param"); done
tmp=$(mktemp -d)
busy_pid=""
trap 'rm -rf "$tmp"; [ -z "$busy_pid" ] || kill "$busy_pid" 2>/dev/null' EXIT
if [ "$busy" -eq 1 ]; then
  bash -c 'while :; do :; done' &
  busy_pid=$!
fi
run() {  # BINARY THREADS LABEL -> appends "net median" lines to $tmp/LABEL.THREADS
  "$1" bench "${models[@]}" --generate-weights --threads "$2" --loops "$loops" --warmup 2 |
    awk -v names="${nets[*]}" 'BEGIN { split(names, n, " ") } $1 == "model" { row = 1; next }
                               row { print n[row++], $5 }' >>"$tmp/$3.$2"  # rows in the order given
}
mid() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for t in $threads; do
  for ((r = 0; r < rounds; r++)); do
    if ((r % 2 == 0)); then run "$a" "$t" A; run "$b" "$t" B; else run "$b" "$t" B; run "$a" "$t" A; fi
  done
done
printf '%-16s %3s %10s %10s %8s\n' net thr "A ms" "B ms" "A/B"
for n in "${nets[@]}"; do
  for t in $threads; do
    ma=$(awk -v n="$n" '$1 == n { print $2 }' "$tmp/A.$t" | mid)
    mb=$(awk -v n="$n" '$1 == n { print $2 }' "$tmp/B.$t" | mid)
    printf '%-16s %3s %10.2f %10.2f %8.3f\n' "$n" "$t" "$ma" "$mb" "$(awk -v x="$ma" -v y="$mb" 'BEGIN { print x / y }')"
  done
done

#!/usr/bin/env bash
# Interleaved A/B of two ember binaries on the ncnn benchmark graphs (generated weights): per network and
# thread count, R rounds, each round running A and B back to back (the order alternates per round); prints
# the median over rounds of each binary's median ms and the ratio A / B (> 1: B is faster).
#   tools/ab_bench.sh A_EMBER B_EMBER [--rounds R] [--threads "1 2"] [--loops N] [NET...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { sed -n 2,5p "$0"; exit 2; }
a=$1 b=$2
shift 2
rounds=5 threads="1 2" loops=10 nets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --loops) loops=$2; shift 2 ;;
    *) nets+=("$1"); shift ;;
  esac
done
[ ${#nets[@]} -gt 0 ] || nets=(squeezenet mobilenet mobilenet_v2 shufflenet_v2 resnet18 googlenet mobilenet_yolo yolov4-tiny vgg16)
graphs="$here/../shared/bench/ncnn"
median_ms() {  # BINARY NET THREADS -> the median column of `ember bench`
  "$1" bench "$graphs/$2.param" --generate-weights --threads "$3" --loops "$loops" --warmup 2 |
    tail -n 1 | awk '{ print $5 }'
}
mid() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-16s %3s %10s %10s %8s\n' net thr "A ms" "B ms" "A/B"
for net in "${nets[@]}"; do
  for t in $threads; do
    ra=() rb=()
    for ((r = 0; r < rounds; r++)); do
      if ((r % 2 == 0)); then ra+=("$(median_ms "$a" "$net" "$t")"); rb+=("$(median_ms "$b" "$net" "$t")")
      else rb+=("$(median_ms "$b" "$net" "$t")"); ra+=("$(median_ms "$a" "$net" "$t")"); fi
    done
    ma=$(printf '%s\n' "${ra[@]}" | mid) mb=$(printf '%s\n' "${rb[@]}" | mid)
    printf '%-16s %3s %10.2f %10.2f %8.3f\n' "$net" "$t" "$ma" "$mb" "$(awk -v x="$ma" -v y="$mb" 'BEGIN { print x / y }')"
  done
done

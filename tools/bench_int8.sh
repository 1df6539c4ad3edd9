#!/usr/bin/env bash
# int8 against float32 on ncnn's benchmark graphs, Ember beside ncnn's own int8 (issue 21):
#
#   tools/bench_int8.sh [--ember PATH] [--rounds R] [--loops N] [--threads "1 2"] [NET...]
#
# Per network: the graph with generated weights (`ember convert --generate-weights`), quantized by `ember
# quantize --method minmax` on 4 uniform random inputs (speed does not depend on the calibration), then per round
# and thread count, interleaved: Ember float32 (f32), Ember on its quantized model (int8), and where ncnn has the
# graph's int8 version (../shared/bench/ncnn/NET_int8.param, int8 weights and scales generated) Ember on it
# (g8: its int8 convs as quantized_conv2d) and ncnn's harness on it (ncnn8: ncnn's int8 layers, zero weights).
# Each cell is the median over R rounds of each run's median of N loops. Ratios above 1 favour the second:
# f32/int8 (Ember's int8 against its float32), ncnn8/g8 (Ember against ncnn on the same int8 graph).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
ember="$here/build-linux-full/ember"
rounds=3 loops=10 threads="1 2" nets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --ember) ember=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --loops) loops=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    -h|--help) sed -n 2,13p "$0"; exit 0 ;;
    -*) echo "bench_int8.sh: unknown option $1" >&2; exit 2 ;;
    *) nets+=("$1"); shift ;;
  esac
done
[ ${#nets[@]} -gt 0 ] || nets=(resnet18 mobilenet_v2 mobilenet squeezenet yolov4-tiny)
graphs="${EMBER_BENCH_DIR:-$here/../shared/bench/ncnn}"
ncnn="$graphs/bin/ncnn_median_x86_64"
[ -x "$ember" ] || { echo "bench_int8.sh: no ember binary at $ember (build it, or pass --ember)" >&2; exit 1; }
[ -x "$ncnn" ] || ncnn=""
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/tools/ncnn_harness.sh"

median() { sort -g | awk '{ v[NR] = $1 } END { if (!NR) print "-"; else if (NR % 2) print v[(NR + 1) / 2];
                                                else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }'; }
ember_ms() {  # ember_ms MODEL THREADS [--generate-weights]
  [ -f "$1" ] || [ -d "$1" ] || return 0
  "$ember" bench "$1" --no-limit --threads "$2" --loops "$loops" ${3:-} 2>/dev/null |
    awk 'NF >= 9 && $4 + 0 > 0 { v = $4 } END { if (v != "") print v }'
}
ncnn_int8_ms() {  # ncnn_int8_ms NET THREADS: ncnn's defaults (its int8 layers on an _int8 graph)
  local param="$graphs/${1}_int8.param" w h c
  [ -n "$ncnn" ] && [ -f "$param" ] || return 0
  read -r w h c < <(input_whc "$param")
  "$ncnn" "$param" "$w" "$h" "$c" "$2" 2 "$loops" 2>&1 | awk '$1 == "median_ms" { print $2 }'
}
calib() {  # calib PARAM DIR: 4 uniform random inputs of the graph's input shape as .npy
  local w h c
  read -r w h c < <(input_whc "$1")
  /usr/bin/python3 - "$2" "$c" "$h" "$w" <<'PY'
import sys, numpy as np
d, c, h, w = sys.argv[1], *map(int, sys.argv[2:])
for i in range(4):
    np.save("%s/%d.npy" % (d, i), np.random.RandomState(i).uniform(-1, 1, (1, c, h, w)).astype(np.float32))
PY
}

for net in "${nets[@]}"; do
  mkdir -p "$tmp/$net/calib"
  "$ember" convert --generate-weights "$graphs/$net.param" "$tmp/$net/float" >/dev/null
  calib "$graphs/$net.param" "$tmp/$net/calib"
  "$ember" quantize "$tmp/$net/float" "$tmp/$net/int8" --method minmax --calib "$tmp/$net/calib" |
    awk -v n="$net" '/^calibrated on/ { sub(/.*; /, ""); print n ": " $0 }'
done
printf "%-14s %3s %9s %9s %9s %9s %9s %9s\n" net thr "f32 ms" "int8 ms" "g8 ms" "ncnn8 ms" f32/int8 ncnn8/g8
for t in $threads; do
  for net in "${nets[@]}"; do
    : > "$tmp/f" ; : > "$tmp/q" ; : > "$tmp/g" ; : > "$tmp/n"
    for _ in $(seq "$rounds"); do
      ember_ms "$tmp/$net/float" "$t" >> "$tmp/f"
      ember_ms "$tmp/$net/int8" "$t" >> "$tmp/q"
      ember_ms "$graphs/${net}_int8.param" "$t" --generate-weights >> "$tmp/g"
      ncnn_int8_ms "$net" "$t" >> "$tmp/n"
    done
    f=$(median < "$tmp/f") q=$(median < "$tmp/q") g=$(median < "$tmp/g") n=$(median < "$tmp/n")
    printf "%-14s %3s %9s %9s %9s %9s %9s %9s\n" "$net" "$t" "$f" "$q" "$g" "$n" "$(ratio "$f" "$q")" \
      "$(ratio "$n" "$g")"
  done
done

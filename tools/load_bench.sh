#!/usr/bin/env bash
# Loading ONNX models: Ember beside ONNX Runtime, interleaved per round (1 thread).
#   tools/load_bench.sh [--ember PATH] [--rounds R] MODEL.onnx...
# Per engine and model, the median over R rounds of: load (Ember: Model::Load, `ember bench`'s "load ms"; ORT:
# InferenceSession.create), the first run after it (packing and first touches), and the process's peak RSS
# (GNU time). ORT's figure includes node's own ~53 MB (a bare `node -e 'require(...)'`). ORT comes from
# ${EMBER_CACHE:-~/.cache/ember}/ort as in tools/bench_onnx.sh (ORT_MODULE to override); its inputs are given
# their static shapes (dynamic dims 1).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ember="$root/build-linux-full/ember" rounds=3
while [ $# -gt 0 ]; do
  case "$1" in
    --ember) ember=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    -*) echo "load_bench.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: tools/load_bench.sh [--ember PATH] [--rounds R] MODEL.onnx..." >&2; exit 2; }
ort_module=${ORT_MODULE:-${EMBER_CACHE:-$HOME/.cache/ember}/ort/node_modules/onnxruntime-node}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-34s | %9s %9s %8s | %9s %9s %8s\n' model "ember ms" "first ms" "RSS MB" "ort ms" "first ms" "RSS MB"
for model in "$@"; do
  : > "$tmp/e" && : > "$tmp/o"
  for ((r = 0; r < rounds; r++)); do
    /usr/bin/time -o "$tmp/t" -f "%M" "$ember" bench --threads 1 --loops 1 --warmup 0 --no-limit "$model" 2>&1 |
      awk 'NF >= 9 && $2 + 0 > 0 { l = $2; f = $3 } END { printf "%s %s ", l, f }' >> "$tmp/e"
    echo "$(cat "$tmp/t")" >> "$tmp/e"
    ORT_MODULE=$ort_module /usr/bin/time -o "$tmp/t" -f "%M" node "$root/tools/ort_bench.js" "$model" --loops 1 \
      --warmup 1 | awk '$1 == "LOAD" { printf "%s %s ", $2, $3 }' >> "$tmp/o"
    echo "$(cat "$tmp/t")" >> "$tmp/o"
  done
  col() { awk -v c="$2" '{ print $c }' "$1" | median; }
  mb() { col "$1" 3 | awk '{ printf "%.1f", $1 / 1024 }'; }
  printf '%-34s | %9s %9s %8s | %9s %9s %8s\n' "$(basename "$model")" "$(col "$tmp/e" 1)" "$(col "$tmp/e" 2)" \
    "$(mb "$tmp/e")" "$(col "$tmp/o" 1)" "$(col "$tmp/o" 2)" "$(mb "$tmp/o")"
done

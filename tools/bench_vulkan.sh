#!/usr/bin/env bash
# Ember's Vulkan path beside ncnn's Vulkan build and beside Ember on the CPU, on ncnn's benchmark graphs (issue 20):
#
#   tools/bench_vulkan.sh [--ember PATH] [--rounds R] [--loops N] [NET...]
#
# Per round and network, interleaved: Ember `--device vulkan` (every op of these graphs on the GPU), ncnn's
# harness with NCNN_USE_VULKAN=1 NCNN_FP32=1 (fp32 storage and arithmetic, as Ember), and Ember on the CPU (1
# thread), all at the graph's declared input size with generated weights. Each cell is the median over R rounds
# of each run's median of N loops after 1 warmup. ncnn/vk: above 1, Ember's GPU path is faster than ncnn's.
# Without a GPU this runs on lavapipe (mesa-vulkan-drivers), which runs the shaders on these same CPU cores: it
# measures dispatch overhead and shader work, not a phone GPU.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
ember="$here/build-linux-full/ember"
rounds=3 loops=3 nets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --ember) ember=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --loops) loops=$2; shift 2 ;;
    -h|--help) sed -n 2,11p "$0"; exit 0 ;;
    -*) echo "bench_vulkan.sh: unknown option $1" >&2; exit 2 ;;
    *) nets+=("$1"); shift ;;
  esac
done
[ ${#nets[@]} -gt 0 ] || nets=(squeezenet mobilenet mobilenet_v2 shufflenet_v2 resnet18 googlenet yolov4-tiny)
graphs="${EMBER_BENCH_DIR:-$here/../shared/bench/ncnn}"
ncnn="$graphs/bin/ncnn_median_vk_x86_64"
[ -x "$ember" ] || { echo "bench_vulkan.sh: no ember binary at $ember (build it, or pass --ember)" >&2; exit 1; }
[ -x "$ncnn" ] || { echo "bench_vulkan.sh: no ncnn Vulkan harness at $ncnn" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/tools/ncnn_harness.sh"

median() { sort -g | awk '{ v[NR] = $1 } END { if (!NR) print "-"; else if (NR % 2) print v[(NR + 1) / 2];
                                                else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }'; }
ember_ms() {  # ember_ms PARAM DEVICE: the run's median ms (column 4 of `ember bench`)
  "$ember" bench "$1" --generate-weights --ncnn-data --device "$2" --threads 1 --loops "$loops" --warmup 1 2>/dev/null |
    awk 'row { print $4; exit } $1 == "model" { row = 1 }'
}

for r in $(seq "$rounds"); do
  for net in "${nets[@]}"; do
    param="$graphs/$net.param"
    ember_ms "$param" vulkan >> "$tmp/$net.vk"
    NCNN_USE_VULKAN=1 ncnn_median_ms "$ncnn" "$param" 1 1 "$loops" >> "$tmp/$net.ncnn"
    ember_ms "$param" cpu >> "$tmp/$net.cpu"
  done
done
printf "%-16s %9s %10s %9s %9s %8s\n" net "input" "ember vk" "ncnn vk" "ember cpu" "ncnn/vk"
for net in "${nets[@]}"; do
  read -r w h _ < <(input_whc "$graphs/$net.param")
  vk=$(median < "$tmp/$net.vk") nc=$(median < "$tmp/$net.ncnn") cpu=$(median < "$tmp/$net.cpu")
  printf "%-16s %9s %10s %9s %9s %8s\n" "$net" "${w}x${h}" "$vk" "$nc" "$cpu" "$(ratio "$nc" "$vk")"
done
echo "ms: median over $rounds round(s) of each run's median of $loops loops after 1 warmup; ember cpu: 1 thread"

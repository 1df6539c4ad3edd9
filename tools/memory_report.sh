#!/usr/bin/env bash
# Per benchmark graph (shared/bench/ncnn, fp32, generated weights, batch 1): weights, planned activation
# peak vs the lower bound (largest sum of simultaneously live tensors), no-reuse total, process peak RSS,
# load time and time to the first result. Each graph runs in its own process.
#   tools/memory_report.sh [path/to/ember] [graph.param ...]
set -euo pipefail
cd "$(dirname "$0")/.."
ember=${1:-build-linux-full/ember}
shift || true
graphs=("$@")
[ ${#graphs[@]} -gt 0 ] || graphs=($(ls ../shared/bench/ncnn/*.param | grep -v _int8))
printf "%-22s %9s %9s %9s %6s %9s %9s %8s %9s\n" graph "weights" "planned" "bound" "ratio" "no-reuse" "peak RSS" "load ms" "first ms"
for g in "${graphs[@]}"; do
  name=$(basename "$g" .param)
  extra=()
  [ "$name" = FastestDet ] && extra=(--shape in0=1,3,352,352)  # its Input layer declares no shape
  mem=$("$ember" inspect "$g" --memory --generate-weights "${extra[@]}" 2>&1) || { printf "%-22s %s\n" "$name" "$(echo "$mem" | tail -1)"; continue; }
  bench=$("$ember" bench "$g" --generate-weights --loops 1 --warmup 0 "${extra[@]}" 2>&1 | tail -1)
  val() { echo "$mem" | grep "$1" | sed -E 's/.*: *([0-9.]+) MiB.*/\1/'; }
  ratio=$(echo "$mem" | grep "lower bound" | sed -E 's/.*= ([0-9.]+).*/\1/')
  load=$(echo "$bench" | awk '{print $2}')
  first=$(echo "$bench" | awk '{print $3}')
  printf "%-22s %8sM %8sM %8sM %6s %8sM %8sM %8s %9s\n" "$name" "$(val '^weights, held')" "$(val 'activations, planned')" \
    "$(val 'lower bound')" "$ratio" "$(val 'no reuse')" "$(val 'peak RSS')" "$load" "$first"
done

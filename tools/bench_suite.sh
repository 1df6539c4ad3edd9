#!/usr/bin/env bash
# Runs the ncnn benchmark graphs (../shared/bench/ncnn, generated weights) with `ember bench` at 1 and 2
# threads and prints one table: median ms, GFLOP/s and % of this machine's measured FMA limit (same run).
#
#   tools/bench_suite.sh [--ember PATH] [--baseline PATH] [--loops N] [--warmup N] [NET...]
#
# --baseline PATH adds the median ms of a second ember binary (e.g. a -DEMBER_X86_KERNELS=OFF build) on the
# same graphs, run right after, and the speed-up. Default nets: the issue's list. EMBER_ISA applies as usual.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
ember="$here/build-x86/ember"
[ -x "$ember" ] || ember="$here/build-linux-full/ember"
baseline=""
loops=10
warmup=2
nets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --ember) ember=$2; shift 2 ;;
    --baseline) baseline=$2; shift 2 ;;
    --loops) loops=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    -h|--help) sed -n 2,8p "$0"; exit 0 ;;
    *) nets+=("$1"); shift ;;
  esac
done
[ ${#nets[@]} -gt 0 ] || nets=(squeezenet mobilenet mobilenet_v2 shufflenet_v2 resnet18 googlenet mobilenet_yolo yolov4-tiny vgg16)
graphs="${EMBER_BENCH_DIR:-$here/../shared/bench/ncnn}"
[ -x "$ember" ] || { echo "bench_suite: no ember binary at $ember (build it, or pass --ember)" >&2; exit 1; }

# bench BIN THREADS NET -> "median gflops pct" (or "- - -" when the run fails)
bench() {
  local out
  out=$("$1" bench "$graphs/$3.param" --generate-weights --threads "$2" --loops "$loops" --warmup "$warmup" 2>/dev/null) ||
    { echo "- - -"; return; }
  echo "$out" | awk -v f="$graphs/$3.param" 'substr($1, 1, 30) == substr(f, 1, 30) && NF >= 9 { print $4, $8, $9 }' | tail -1
}

"$ember" bench --threads 2 2>/dev/null | head -2 || true
printf "%-16s | %9s %7s %6s | %9s %7s %6s" network "1t ms" "GFLOP/s" "%lim" "2t ms" "GFLOP/s" "%lim"
[ -n "$baseline" ] && printf " | %11s %7s %11s %7s" "base 1t ms" "speedup" "base 2t ms" "speedup"
printf "\n"
for net in "${nets[@]}"; do
  [ -f "$graphs/$net.param" ] || { printf "%-16s | missing %s\n" "$net" "$graphs/$net.param"; continue; }
  read -r m1 g1 p1 <<<"$(bench "$ember" 1 "$net")"
  read -r m2 g2 p2 <<<"$(bench "$ember" 2 "$net")"
  printf "%-16s | %9s %7s %6s | %9s %7s %6s" "$net" "$m1" "$g1" "$p1" "$m2" "$g2" "$p2"
  if [ -n "$baseline" ]; then
    read -r b1 _ _ <<<"$(bench "$baseline" 1 "$net")"
    read -r b2 _ _ <<<"$(bench "$baseline" 2 "$net")"
    s1=$(awk -v a="$b1" -v b="$m1" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2fx", a / b; else print "-" }')
    s2=$(awk -v a="$b2" -v b="$m2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2fx", a / b; else print "-" }')
    printf " | %11s %7s %11s %7s" "$b1" "$s1" "$b2" "$s2"
  fi
  printf "\n"
done

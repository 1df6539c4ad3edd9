#!/usr/bin/env bash
# The ncnn benchmark graphs on a busy CPU, and peak memory, Ember beside ncnn's own harness (issue 18):
#
#   tools/bench_contended.sh [--ember PATH] [--rounds R] [--loops N] [--warmup N] [NET...]
#   (also: tools/bench_suite.sh --contended ...)
#
# Per round and network: Ember at 1 thread on the quiet machine, then, beside one busy-loop process (a shell
# `while :; do :; done`, pinned to no core, started before and killed after the network's busy runs), Ember at
# 1 and 2 threads and ncnn's harness (../shared/bench/ncnn/bin/ncnn_median_x86_64, float32, zero weights) at 1
# and 2 threads. Each cell is the median over R rounds of each run's median of N loops after W warmup runs.
# Columns: busy2/quiet1 = Ember's 2-thread time under contention / its quiet 1-thread time (the issue's goal:
# at most 1.3); busy2/busy1 = its 2-thread / 1-thread time under the same contention (goal: at most 1.0).
# Memory: peak RSS (GNU time's %M) of one 1-thread run of each engine on the quiet machine: Ember's CLI (`ember
# bench`, dynamically linked: ~7 MiB of it is code and libraries, 3.4 MiB for ncnn's static harness) and the
# static min_run beside it (tools/size_probe: libstdc++ linked in, as an app embeds the static library; loads
# and runs the graph once), each over ncnn's.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
ember="$here/build-linux-full/ember"
rounds=3 loops=10 warmup=2 nets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --ember) ember=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --loops) loops=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --contended) shift ;;
    -h|--help) sed -n 2,14p "$0"; exit 0 ;;
    -*) echo "bench_contended.sh: unknown option $1" >&2; exit 2 ;;
    *) nets+=("$1"); shift ;;
  esac
done
[ ${#nets[@]} -gt 0 ] || nets=(squeezenet mobilenet mobilenet_v2 shufflenet_v2 resnet18 googlenet mobilenet_yolo yolov4-tiny)
graphs="${EMBER_BENCH_DIR:-$here/../shared/bench/ncnn}"
ncnn="$graphs/bin/ncnn_median_x86_64"
[ -x "$ember" ] || { echo "bench_contended.sh: no ember binary at $ember (build it, or pass --ember)" >&2; exit 1; }
[ -x "$ncnn" ] || ncnn=""

tmp=$(mktemp -d)
busy_pid=""
stop_busy() { [ -z "$busy_pid" ] || { kill "$busy_pid" 2>/dev/null || true; wait "$busy_pid" 2>/dev/null || true; }; busy_pid=""; }
trap 'stop_busy; rm -rf "$tmp"' EXIT
start_busy() { bash -c 'while :; do :; done' & busy_pid=$!; sleep 0.2; }

median() { sort -g | awk '{ v[NR] = $1 } END { if (!NR) print "-"; else if (NR % 2) print v[(NR + 1) / 2];
                                                else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }'; }
. "$here/tools/ncnn_harness.sh"
ember_ms() {  # ember_ms NET THREADS
  "$ember" bench "$graphs/$1.param" --generate-weights --no-limit --threads "$2" --loops "$loops" --warmup "$warmup" \
    2>/dev/null | awk 'NF >= 9 && $4 + 0 > 0 { v = $4 } END { if (v != "") print v }'
}
ncnn_ms() {  # ncnn_ms NET THREADS
  [ -n "$ncnn" ] || return 0
  ncnn_median_ms "$ncnn" "$graphs/$1.param" "$2" "$warmup" "$loops"
}
rss_mib() {  # rss_mib COMMAND... -> peak RSS in MiB of one run
  /usr/bin/time -f "%M" -o "$tmp/rss" "$@" >/dev/null 2>&1 || { echo "-"; return; }
  awk '{ printf "%.1f\n", $1 / 1024 }' "$tmp/rss"
}

for r in $(seq "$rounds"); do
  for net in "${nets[@]}"; do
    ember_ms "$net" 1 >>"$tmp/$net.q1"
    start_busy
    ember_ms "$net" 1 >>"$tmp/$net.b1"
    ember_ms "$net" 2 >>"$tmp/$net.b2"
    ncnn_ms "$net" 1 >>"$tmp/$net.n1"
    ncnn_ms "$net" 2 >>"$tmp/$net.n2"
    stop_busy
  done
done

printf '%-15s | %8s | %8s %8s %12s %11s | %8s %8s | %8s %8s %8s %9s %11s\n' network "quiet 1t" "busy 1t" "busy 2t" \
  "busy2/quiet1" "busy2/busy1" "ncnn b1" "ncnn b2" "RSS MiB" "static" "ncnn MiB" "RSS/ncnn" "static/ncnn"
for net in "${nets[@]}"; do
  q1=$(median <"$tmp/$net.q1") b1=$(median <"$tmp/$net.b1") b2=$(median <"$tmp/$net.b2")
  n1=$(median <"$tmp/$net.n1") n2=$(median <"$tmp/$net.n2")
  e_rss=$(rss_mib "$ember" bench "$graphs/$net.param" --generate-weights --no-limit --threads 1 --loops "$loops" --warmup "$warmup")
  s_rss="-" n_rss="-"
  [ -x "$(dirname "$ember")/min_run" ] && s_rss=$(rss_mib "$(dirname "$ember")/min_run" "$graphs/$net.param")
  if [ -n "$ncnn" ]; then
    read -r w h c < <(input_whc "$graphs/$net.param")
    n_rss=$(NCNN_FP32=1 rss_mib "$ncnn" "$graphs/$net.param" "$w" "$h" "$c" 1 "$warmup" "$loops")
  fi
  printf '%-15s | %8s | %8s %8s %12s %11s | %8s %8s | %8s %8s %8s %9s %11s\n' "$net" "$q1" "$b1" "$b2" \
    "$(ratio "$b2" "$q1")" "$(ratio "$b2" "$b1")" "$n1" "$n2" "$e_rss" "$s_rss" "$n_rss" "$(ratio "$e_rss" "$n_rss")" \
    "$(ratio "$s_rss" "$n_rss")"
done
echo "ms: median over $rounds round(s) of each run's median of $loops loops after $warmup warmup; busy = beside one" \
     "busy-loop process; RSS: peak resident set of one 1-thread run on the quiet machine (GNU time): the CLI's and" \
     "the static min_run's."

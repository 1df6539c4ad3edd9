#!/usr/bin/env bash
# Runs the ncnn benchmark graphs (../shared/bench/ncnn, generated weights) with `ember bench` at 1 and 2
# threads and prints one table: median ms, GFLOP/s and % of this machine's measured FMA limit (same run).
#
#   tools/bench_suite.sh [--ember PATH] [--baseline PATH] [--peers] [--rounds R] [--loops N] [--warmup N] [NET...]
#
# --baseline PATH adds the median ms of a second ember binary (e.g. a -DEMBER_X86_KERNELS=OFF build) on the
# same graphs, run right after, and the speed-up. Default nets: the issue's list. EMBER_ISA applies as usual.
# --peers runs tools/peer_bench.py (Debian's python3-torch and python3-opencv) on each net right after
# Ember's runs of it, same threads/loops/warmup: PyTorch (jit.freeze + optimize_for_inference) and OpenCV
# DNN on an exact re-implementation of the graph (checked against Ember: shapes, GFLOP, and the outputs on
# the same weights and input), and prints one row per network x threads: Ember ms, GFLOP/s, % of limit,
# then PyTorch ms, OpenCV ms and ncnn's own harness (../shared/bench/ncnn/bin, float32, its zero weights),
# each with the ratio peer ms / Ember ms (>1: Ember is faster), e.g.
#   tools/bench_suite.sh --ember build/ember --peers squeezenet resnet18
# --rounds R (with --peers) repeats each network's Ember and peer runs R times back to back and prints the
# median of the R medians per cell, ratios included (a shared machine's load moves single runs by 10-30%).
# PEER_PYTHON overrides the interpreter (default /usr/bin/python3).
# --onnx [--rounds R] [--loops N] [--warmup N] [--ember PATH] [NAME...] runs the ONNX model set instead (the
# torchvision exports, the OCR models, UltraFace, the graphs above as ONNX) beside ONNX Runtime, outputs compared
# first: tools/bench_onnx.sh, which documents it.
# --contended [--rounds R] [--loops N] [--warmup N] [--ember PATH] [NET...] runs the graphs beside a busy-loop
# process (Ember at 1 and 2 threads, ncnn's harness too) and prints peak memory beside ncnn's:
# tools/bench_contended.sh, which documents it.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
for a in "$@"; do
  [ "$a" = --contended ] && exec "$here/tools/bench_contended.sh" "$@"
  if [ "$a" = --onnx ]; then
    args=()
    for b in "$@"; do [ "$b" = --onnx ] || [ "$b" = --peers ] || args+=("$b"); done
    exec "$here/tools/bench_onnx.sh" "${args[@]}"
  fi
done
ember="$here/build-x86/ember"
[ -x "$ember" ] || ember="$here/build-linux-full/ember"
baseline=""
peers=0
rounds=1
loops=10
warmup=2
nets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --ember) ember=$2; shift 2 ;;
    --baseline) baseline=$2; shift 2 ;;
    --peers) peers=1; shift ;;
    --rounds) rounds=$2; shift 2 ;;
    --loops) loops=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    -h|--help) sed -n 2,20p "$0"; exit 0 ;;
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

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2fx", a / b; else print "-" }'; }
# ncnn's own harness on the same graph (its zero weights, float32; shared/bench/ncnn/README): median ms or "-".
ncnn="$graphs/bin/ncnn_median_x86_64"
. "$here/tools/ncnn_harness.sh"
ncnn_ms() {  # ncnn_ms NET THREADS
  [ -x "$ncnn" ] || { echo -; return; }
  local v
  v=$(ncnn_median_ms "$ncnn" "$graphs/$1.param" "$2" "$warmup" "$loops")
  echo "${v:--}"
}

"$ember" bench --threads 2 2>/dev/null | head -2 || true
if [ "$peers" = 1 ]; then
  python=${PEER_PYTHON:-/usr/bin/python3}
  peer_log=$(mktemp); notes=$(mktemp); ratios=$(mktemp); runs=$(mktemp)
  trap 'rm -f "$peer_log" "$notes" "$ratios" "$runs"' EXIT
  printf "%-16s %3s | %9s %7s %6s | %10s %7s | %10s %7s | %9s %7s" network thr "ember ms" "GFLOP/s" "%lim" \
    "pytorch ms" "ratio" "opencv ms" "ratio" "ncnn ms" "ratio"
  [ -n "$baseline" ] && printf " | %9s %7s" "base ms" "speedup"
  printf "\n"
  for net in "${nets[@]}"; do
    [ -f "$graphs/$net.param" ] || { printf "%-16s | missing %s\n" "$net" "$graphs/$net.param"; continue; }
    # Each round: Ember at 1 and 2 threads (and the baseline), then the peers; one line per round in $runs:
    # "m1 g1 p1 m2 g2 p2 b1 b2 pt1 oc1 pt2 oc2 nc1 nc2". The first round also checks the re-implementation.
    : >"$runs"
    for ((r = 1; r <= rounds; r++)); do
      read -r m1 g1 p1 <<<"$(bench "$ember" 1 "$net")"
      read -r m2 g2 p2 <<<"$(bench "$ember" 2 "$net")"
      b1=-; b2=-
      if [ -n "$baseline" ]; then
        read -r b1 _ _ <<<"$(bench "$baseline" 1 "$net")"
        read -r b2 _ _ <<<"$(bench "$baseline" 2 "$net")"
      fi
      check=(--ember "$ember" --check-values)
      [ "$r" -gt 1 ] && check=()
      "$python" "$here/tools/peer_bench.py" "${check[@]}" --graphs "$graphs" --threads 1,2 \
        --loops "$loops" --warmup "$warmup" "$net" >"$peer_log" 2>>"$notes" || true
      grep '^# .*peers stop before' "$peer_log" | sed 's/^# /note: /' >>"$notes" || true
      grep '^PEER .* - ' "$peer_log" | sed 's/^PEER \([^ ]*\) \([0-9]*\) \([a-z]*\) - /note: \1 \2t \3: /' >>"$notes" || true
      peer() { awk -v t="$1" -v e="$2" '$1 == "PEER" && $3 == t && $4 == e { print $5 }' "$peer_log"; }
      pt1=$(peer 1 pytorch); oc1=$(peer 1 opencv); pt2=$(peer 2 pytorch); oc2=$(peer 2 opencv)
      nc1=$(ncnn_ms "$net" 1) nc2=$(ncnn_ms "$net" 2)
      echo "$m1 $g1 $p1 $m2 $g2 $p2 $b1 $b2 ${pt1:--} ${oc1:--} ${pt2:--} ${oc2:--} $nc1 $nc2" >>"$runs"
    done
    # median over the rounds of column $1 ("-" when no round has a number)
    med() { awk -v c="$1" '$c + 0 > 0 { print $c }' "$runs" | sort -g |
             awk '{ v[NR] = $1 } END { if (!NR) print "-"; else if (NR % 2) print v[(NR + 1) / 2];
                    else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
    m1=$(med 1) g1=$(med 2) p1=$(med 3) m2=$(med 4) g2=$(med 5) p2=$(med 6) b1=$(med 7) b2=$(med 8)
    pt1=$(med 9) oc1=$(med 10) pt2=$(med 11) oc2=$(med 12) nc1=$(med 13) nc2=$(med 14)
    for t in 1 2; do
      if [ "$t" = 1 ]; then m=$m1 g=$g1 p=$p1 b=$b1 pt=$pt1 oc=$oc1 nc=$nc1; else m=$m2 g=$g2 p=$p2 b=$b2 pt=$pt2 oc=$oc2 nc=$nc2; fi
      printf "%-16s %3s | %9s %7s %6s | %10s %7s | %10s %7s | %9s %7s" "$net" "$t" "$m" "$g" "$p" "${pt:--}" \
        "$(ratio "${pt:--}" "$m")" "${oc:--}" "$(ratio "${oc:--}" "$m")" "$nc" "$(ratio "$nc" "$m")"
      [ -n "$baseline" ] && printf " | %9s %7s" "$b" "$(ratio "$b" "$m")"
      printf "\n"
      echo "$t $m ${pt:--} ${oc:--} $nc" >>"$ratios"
    done
  done
  # geometric mean of peer ms / Ember ms per thread count, over the nets where both ran
  awk '{ if ($2 + 0 > 0 && $3 + 0 > 0) { lp[$1] += log($3 / $2); np[$1]++ }
         if ($2 + 0 > 0 && $4 + 0 > 0) { lo[$1] += log($4 / $2); no[$1]++ }
         if ($2 + 0 > 0 && $5 + 0 > 0) { ln[$1] += log($5 / $2); nn[$1]++ } }
       function g(l, n) { return n ? sprintf("%.2fx", exp(l / n)) : "-" }
       END { for (t = 1; t <= 2; t++)
               printf "geomean ratio, %d thread%s: pytorch %s (%d nets), opencv %s (%d nets), ncnn %s (%d nets)\n", t,
                      (t > 1 ? "s" : ""), g(lp[t], np[t]), np[t], g(lo[t], no[t]), no[t], g(ln[t], nn[t]), nn[t] }' "$ratios"
  echo "ratio = peer ms / Ember ms (>1: Ember is faster); medians of $loops runs after $warmup warmup, same run;" \
    "each cell the median of $rounds round(s)."
  [ -s "$notes" ] && grep -v '^$' "$notes" | sort -u
  exit 0
fi
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
    printf " | %11s %7s %11s %7s" "$b1" "$(ratio "$b1" "$m1")" "$b2" "$(ratio "$b2" "$m2")"
  fi
  printf "\n"
done

#!/usr/bin/env bash
# Ember beside ncnn on ncnn's benchmark graphs, both aarch64 builds under qemu-aarch64 (no ARM hardware here),
# interleaved (Ember then ncnn per round), the median of each engine's per-round medians.
#   tools/arm_bench.sh [--rounds R] [--loops N] [--threads T] [--ember PATH] [--profile] [NET...]
#   tools/arm_bench.sh --gemm [MxNxK...]   ember_gemm_bench under qemu: NEON SGEMM beside the plain one, GFLOP/s
#   tools/arm_bench.sh --insns [NET...]    (a NET may be a .param path) guest instructions per inference of each engine (a qemu plugin,
#                                          tools/qemu_insn_count): exact and repeatable, unlike qemu's time, which
#                                          varies with the machine's load and with the operands of float ops
#   tools/arm_bench.sh --functions [NET...]  Ember's instructions per inference by function (the plugin's block
#                                          counts mapped to the binary's symbols; ncnn's build is stripped)
# qemu's time follows the instructions executed (each NEON instruction costs several host ones), not caches
# or memory bandwidth: the ratio compares how much work each engine's code does, a proxy for a phone, not a
# phone's figure. ncnn runs with NCNN_FP32=1 (its fp16 defaults are emulated slowly by qemu; Ember is fp32).
# Both run the same data, ncnn's benchmark's (every weight 0, inputs 0.01: Ember's --ncnn-data): qemu emulates
# float arithmetic in software, and an FMA with a zero operand costs about 0.6x one without (so data that differ
# would skew the ratio).
# --profile also prints Ember's per-op table (which kernel ran, where the time goes) for each net.
# Default nets: the slim profiles' networks. Ember: build-arm64-test/ember (tools/arm_test.sh builds it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bench="$root/../shared/bench/ncnn"
ember="$root/build-arm64-test/ember"
rounds=3 loops=3 threads=1 profile=0 gemm=0 insns=0 functions=0
nets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --loops) loops=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --ember) ember=$2; shift 2 ;;
    --profile) profile=1; shift ;;
    --gemm) gemm=1; shift ;;
    --insns) insns=1; shift ;;
    --functions) insns=1 functions=1; shift ;;
    -*) echo "arm_bench.sh: unknown option $1" >&2; exit 2 ;;
    *) nets+=("$1"); shift ;;
  esac
done
if [ "$gemm" = 1 ]; then  # shapes of the nets' 1x1 convs, small enough for qemu (Cout x H*W x Cin)
  [ ${#nets[@]} -eq 0 ] && nets=(64x3136x32 128x784x128 256x196x256 512x49x512 1024x49x1024)
  exec qemu-aarch64 -L /usr/aarch64-linux-gnu "$(dirname "$ember")/ember_gemm_bench" --reps "$rounds" \
    --threads "$threads" "${nets[@]}"
fi
[ ${#nets[@]} -eq 0 ] && nets=(mobilenet mobilenet_v2 squeezenet shufflenet_v2 resnet18 mobilenet_ssd)
[ -x "$ember" ] || { echo "arm_bench.sh: $ember missing (tools/arm_test.sh builds it)" >&2; exit 2; }
qemu=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
. "$root/tools/ncnn_harness.sh"  # input_whc
if [ "$insns" = 1 ]; then
  # Each engine runs 1 and then 3 timed loops; the difference / 2 is one inference (loading, warm-up and set-up
  # cancel). Ember skips its FMA-limit loop (time-budgeted, so its count varies).
  plugin=$(mktemp -d)/libinsn_count.so
  gcc -shared -fPIC -O2 -fvisibility=hidden "$root/tools/qemu_insn_count/insn_count.c" -o "$plugin"
  count() { "$@" 2>&1 >/dev/null | awk '$1 == "guest_insns" {print $2}'; }
  if [ "$functions" = 1 ]; then
    tbs=$(dirname "$plugin")
    for net in "${nets[@]}"; do
      param="$bench/$net.param"; [[ "$net" == *.param ]] && param=$net
      for l in 1 3; do
        qemu-aarch64 -L /usr/aarch64-linux-gnu -plugin "$plugin,tbs=$tbs/$l.tbs" "$ember" bench "$param" \
          --generate-weights --ncnn-data --no-limit --threads 1 --loops $l --warmup 0 >/dev/null 2>&1
      done
      echo "== $net"
      python3 "$root/tools/qemu_insn_count/functions.py" "$ember" "$tbs/1.tbs" "$tbs/3.tbs"
    done
    exit 0
  fi
  printf '%-16s %14s %14s %12s\n' net "ember insns" "ncnn insns" "ncnn/ember"
  for net in "${nets[@]}"; do
    param="$bench/$net.param"; [[ "$net" == *.param ]] && param=$net
    read -r w h c < <(input_whc "$param")
    for l in 1 3; do
      e[$l]=$(count qemu-aarch64 -L /usr/aarch64-linux-gnu -plugin "$plugin" "$ember" bench "$param" --generate-weights \
                --ncnn-data --no-limit --threads 1 --loops $l --warmup 0)
      n[$l]=$(NCNN_FP32=1 count qemu-aarch64 -plugin "$plugin" "$bench/bin/ncnn_median_aarch64" "$param" "$w" "$h" "$c" 1 0 $l)
    done
    awk -v net="$net" -v e=$(( (e[3] - e[1]) / 2 )) -v n=$(( (n[3] - n[1]) / 2 )) \
      'BEGIN {printf "%-16s %14d %14d %12.2f\n", net, e, n, n / e}'
  done
  exit 0
fi
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

printf '%-16s %12s %12s %14s\n' net "ember ms" "ncnn ms" "ncnn/ember"
for net in "${nets[@]}"; do
  param="$bench/$net.param"; [[ "$net" == *.param ]] && param=$net
  read -r w h c < <(input_whc "$param")
  e=() n=()
  for ((r = 0; r < rounds; ++r)); do
    e+=("$("${qemu[@]}" "$ember" bench "$param" --generate-weights --ncnn-data --threads "$threads" --loops "$loops" --warmup 1 \
          | awk 'found {print $(NF - 5); exit} $1 == "model" {found = 1}')")
    n+=("$(NCNN_FP32=1 qemu-aarch64 "$bench/bin/ncnn_median_aarch64" "$param" "$w" "$h" "$c" "$threads" 1 "$loops" 2>&1 \
          | awk '$1 == "median_ms" {print $2}')")
  done
  em=$(printf '%s\n' "${e[@]}" | median)
  nm=$(printf '%s\n' "${n[@]}" | median)
  printf '%-16s %12.0f %12.0f %14.2f\n' "$net" "$em" "$nm" "$(awk -v a="$em" -v b="$nm" 'BEGIN {print b / a}')"
  if [ "$profile" = 1 ]; then
    "${qemu[@]}" "$ember" bench "$param" --generate-weights --ncnn-data --threads "$threads" --loops 1 --warmup 1 --profile | sed 's/^/    /'
  fi
done

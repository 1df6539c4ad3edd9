#!/usr/bin/env bash
# Whole networks on aarch64 (under qemu-aarch64) against x86, same model, same input: every compared output
# within 1e-4 of the x86 output's range. MobileNetV2 (ncnn's graph, generated weights; its logits fc7 and
# softmax output) and the PP-OCRv4 recognizer (ONNX, trained; input 1x3x48x320).
#   tools/arm_parity.sh [X86_EMBER] [ARM64_EMBER]   defaults: build-linux-full/ember, build-arm64-test/ember
#   tools/arm_parity.sh --slim ARM64_SLIM_EMBER [X86_EMBER]
#       the slim runtime (tools/build.sh linux-arm64 mobilenet --slim): MobileNet (ncnn's graph, generated weights)
#       written as a slim model by the x86 tool (`ember convert --slim`) and run by the aarch64 slim build, against
#       x86 running the original .param: logits fc7 and the softmax output within 1e-4 of their range
# Needs the OCR models in ${EMBER_CACHE:-$HOME/.cache/ember}/ocr (tools/fetch_ocr_models.sh; the x86 suite's
# test_ocr_net fetches them).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
slim=""
if [ "${1:-}" = --slim ]; then
  slim=${2:?arm_parity.sh --slim needs ARM64_SLIM_EMBER}
  shift 2
fi
x86=${1:-$root/build-linux-full/ember}
arm=${2:-$root/build-arm64-test/ember}
ocr="${EMBER_CACHE:-$HOME/.cache/ember}/ocr"
[ -n "$slim" ] || [ -f "$ocr/ch_PP-OCRv4_rec_infer.onnx" ] || "$root/tools/fetch_ocr_models.sh" >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
py=/usr/bin/python3  # Debian's, which has numpy

# check NAME MODEL FEED SHAPE FETCH... [-- extra ember args]   (ARM_MODEL, when set: the model the ARM side runs)
check() {
  local name=$1 model=$2 feed=$3 shape=$4
  local arm_model=${ARM_MODEL:-$model}
  shift 4
  local fetches=() extra=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do fetches+=("$1"); shift; done
  [ $# -gt 0 ] && { shift; extra=("$@"); }
  "$py" -c 'import sys, numpy as np
shape = [int(d) for d in sys.argv[2].split(",")]
np.save(sys.argv[1], np.random.RandomState(7).uniform(-1, 1, shape).astype(np.float32))' "$work/in.npy" "$shape"
  local outs_x86=() outs_arm=()
  for f in "${fetches[@]}"; do
    outs_x86+=(--output "$f=$work/x86_${f//\//_}.npy")
    outs_arm+=(--output "$f=$work/arm_${f//\//_}.npy")
  done
  "$x86" run "$model" "${extra[@]}" --input "$feed=$work/in.npy" "${outs_x86[@]}" >/dev/null
  local t0=$SECONDS
  local arm_extra=("${extra[@]}")
  [ -n "${ARM_MODEL:-}" ] && arm_extra=()  # a slim model holds its weights
  qemu-aarch64 -L /usr/aarch64-linux-gnu "$arm" run "$arm_model" "${arm_extra[@]}" --input "$feed=$work/in.npy" \
    "${outs_arm[@]}" >/dev/null
  for f in "${fetches[@]}"; do
    "$py" -c 'import sys, numpy as np
a, b = np.load(sys.argv[1]), np.load(sys.argv[2])
assert a.shape == b.shape, f"shapes differ: x86 {a.shape}, arm64 {b.shape}"
rng = float(a.max() - a.min())
d = float(np.abs(a.astype(np.float64) - b).max())
ok = d <= 1e-4 * rng
verdict = "ok" if ok else "FAIL"
print(f"arm_parity: {sys.argv[3]:<28} {str(list(a.shape)):<16} max|x86-arm64| {d:.3g} = {d / rng if rng else 0:.2g} of range {rng:.3g}  {verdict}")
sys.exit(0 if ok else 1)' "$work/x86_${f//\//_}.npy" "$work/arm_${f//\//_}.npy" "$name $f"
  done
  echo "arm_parity: $name under qemu took $((SECONDS - t0)) s"
}

if [ -n "$slim" ]; then
  mobilenet="$root/../shared/bench/ncnn/mobilenet.param"
  "$x86" convert "$mobilenet" "$work/mobilenet.ember" --slim --generate-weights >/dev/null
  arm=$slim ARM_MODEL="$work/mobilenet.ember" check mobilenet_slim "$mobilenet" data 1,3,224,224 fc7 output -- \
    --generate-weights
  exit 0
fi
check mobilenet_v2 "$root/../shared/bench/ncnn/mobilenet_v2.param" data 1,3,224,224 fc7 output -- --generate-weights
check ppocr_v4_rec "$ocr/ch_PP-OCRv4_rec_infer.onnx" x 1,3,48,320 softmax_11.tmp_0

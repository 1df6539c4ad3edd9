#!/usr/bin/env bash
# ONNX models in Ember beside ONNX Runtime (tools/bench_suite.sh --onnx runs this).
#
#   tools/bench_onnx.sh [--ember PATH] [--rounds R] [--loops N] [--warmup N] [--no-peer] [NAME...]
#
# The model set of issue 17: the torchvision exports of tools/pytorch_parity.py (a small ViT among them; with --bench:
# mobilenet_v3_large, resnet50), PP-OCRv4 det (640x640) and rec (48x480), UltraFace RFB-320, and ncnn's
# benchmark graphs re-implemented in PyTorch and exported to ONNX by tools/peer_bench.py --export-onnx.
# Also issue 22's transformer blocks: an opset-23 LLaMA-style stack written by tools/make_transformer_onnx.py.
# Missing files are made first when their generator can (nothing is downloaded here except by
# tools/fetch_ocr_models.sh, which needs the npm registry).
# Before timing, both engines run the same input (a fixed sine pattern; drawn text lines for the text
# detector) and the largest output difference
# is printed as a fraction of the output's range (column "diff"). Then per round: Ember at 1 and 2 threads
# (`ember bench`), ORT at 1 and 2 threads (tools/ort_bench.js: intra-op threads T, inter-op 1, all graph
# optimizations); each cell is the median over R rounds of each run's median of N loops.
# ratio = ORT ms / Ember ms: above 1, Ember is faster.
# ONNX Runtime comes from npm (onnxruntime-node, installed with --ignore-scripts into
# ${EMBER_CACHE:-~/.cache/ember}/ort when missing); ORT_MODULE points at another copy.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cache=${EMBER_CACHE:-$HOME/.cache/ember}
ember="$here/build-linux-full/ember"
rounds=3 loops=10 warmup=2 peer=1 names=()
while [ $# -gt 0 ]; do
  case "$1" in
    --ember) ember=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --loops) loops=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --no-peer) peer=0; shift ;;
    -h|--help) sed -n 2,20p "$0"; exit 0 ;;
    -*) echo "bench_onnx.sh: unknown option $1" >&2; exit 2 ;;
    *) names+=("$1"); shift ;;
  esac
done
[ -x "$ember" ] || { echo "bench_onnx.sh: no ember binary at $ember (build it, or pass --ember)" >&2; exit 1; }
parity="$cache/parity" graphs="$cache/bench_onnx" ocr="$cache/ocr"
ultraface="$here/../shared/models/onnx/ultraface/version-RFB-320.onnx"

# The text detector sees nothing in a sine pattern (its output is ~1e-7 everywhere): it gets lines of text
# drawn with PIL (python3-pil, which torchvision brings) and scaled up, normalized as PP-OCR does, as raw float32 [1, 3, 640, 640].
det_input() {
  /usr/bin/python3 - "$1" <<'PY'
import sys
import numpy as np
from PIL import Image, ImageDraw
small = Image.new("RGB", (213, 213), "white")
draw = ImageDraw.Draw(small)
for i, line in enumerate(["Ember runs ONNX", "models beside", "ONNX Runtime", "0123456789", "on a phone"]):
    draw.text((8, 12 + 40 * i), line, fill=(20, 20, 20))
img = np.asarray(small.resize((640, 640), Image.BILINEAR), np.float32) / 255
x = (img - [0.485, 0.456, 0.406]) / [0.229, 0.224, 0.225]
x.transpose(2, 0, 1).astype("<f4").tofile(sys.argv[1])
PY
}

# name | model path | --shape arguments (for inputs with unknown dims)
models=()
for n in resnet18 mobilenet_v2 mobilenet_v3_small mobilenet_v3_large squeezenet1_1 shufflenet_v2_x1_0 googlenet \
         efficientnet_b0 resnet50 vit_tiny; do
  models+=("tv_$n|$parity/$n.onnx|")
done
models+=("ocr_det|$ocr/ch_PP-OCRv4_det_infer.onnx|x=1,3,640,640" "ocr_rec|$ocr/ch_PP-OCRv4_rec_infer.onnx|x=1,3,48,480"
         "ultraface|$ultraface|")
ncnn_nets=(squeezenet mobilenet mobilenet_v2 shufflenet_v2 resnet18 googlenet)
for n in "${ncnn_nets[@]}"; do models+=("ncnn_$n|$graphs/$n.onnx|"); done
models+=("transformer23|$graphs/transformer23.onnx|")

# Make what is missing.
if [ ! -f "$parity/resnet50.onnx" ] || [ ! -f "$parity/resnet18.onnx" ]; then
  /usr/bin/python3 "$here/tools/pytorch_parity.py" --bench >&2
fi
missing_graphs=()
for n in "${ncnn_nets[@]}"; do [ -f "$graphs/$n.onnx" ] || missing_graphs+=("$n"); done
if [ ${#missing_graphs[@]} -gt 0 ]; then
  mkdir -p "$graphs"
  /usr/bin/python3 "$here/tools/peer_bench.py" --export-onnx "$graphs" "${missing_graphs[@]}" >/dev/null
fi
[ -f "$graphs/transformer23.onnx" ] ||
  /usr/bin/python3 "$here/tools/make_transformer_onnx.py" "$graphs/transformer23.onnx" >/dev/null
[ -f "$ocr/ch_PP-OCRv4_rec_infer.onnx" ] || "$here/tools/fetch_ocr_models.sh" >&2 || true
if [ "$peer" = 1 ]; then
  export ORT_MODULE=${ORT_MODULE:-$cache/ort/node_modules/onnxruntime-node}
  if [ ! -d "$ORT_MODULE" ]; then
    echo "bench_onnx.sh: installing onnxruntime-node (npm, --ignore-scripts) into $cache/ort" >&2
    mkdir -p "$cache/ort" && (cd "$cache/ort" && npm install --ignore-scripts --silent onnxruntime-node >&2)
  fi
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -g | awk '{ v[NR] = $1 } END { if (!NR) print "-"; else if (NR % 2) print v[(NR + 1) / 2];
                                                else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2fx", a / b; else print "-" }'; }
ember_ms() {  # ember_ms MODEL THREADS SHAPE_ARGS... -> median ms, or nothing
  local m=$1 t=$2; shift 2
  "$ember" bench "$m" --threads "$t" --loops "$loops" --warmup "$warmup" "$@" 2>/dev/null |
    awk 'NF >= 9 && $4 + 0 > 0 { v = $4 } END { if (v != "") print v }'
}
ort_ms() {  # ort_ms MODEL THREADS SHAPE_ARGS...
  local m=$1 t=$2; shift 2
  node "$here/tools/ort_bench.js" "$m" --threads "$t" --loops "$loops" --warmup "$warmup" "$@" 2>/dev/null |
    awk '$1 == "ORT" { print $2 }'
}
# Largest |Ember - ORT| over the outputs, as a fraction of ORT's output range.
compare() {  # compare MODEL SHAPE_ARGS...
  local m=$1; shift
  rm -f "$tmp"/*
  local io given=()
  if [ "$m" = "$ocr/ch_PP-OCRv4_det_infer.onnx" ]; then det_input "$tmp/given.bin" && given=(--input "x=$tmp/given.bin"); fi
  io=$(node "$here/tools/ort_bench.js" "$m" --loops 1 --warmup 0 --output-dir "$tmp" "${given[@]}" "$@" 2>&1 |
       awk '$1 == "IO"') ||
    { echo "ort-failed"; return; }
  [ -n "$io" ] || { echo "ort-failed"; return; }
  local ins outs args=()
  ins=$(echo "$io" | sed 's/.*inputs=\([^ ]*\).*/\1/') outs=$(echo "$io" | sed 's/.*outputs=\([^ ]*\).*/\1/')
  IFS=, read -ra in_list <<<"$ins"
  IFS=, read -ra out_list <<<"$outs"
  for i in "${in_list[@]}"; do args+=(--input "$i=$tmp/$i.in.bin"); done
  for o in "${out_list[@]}"; do args+=(--output "$o=$tmp/$(echo "$o" | tr -c 'A-Za-z0-9_.\n-' _).ember.bin"); done
  for s in "$@"; do [ "$s" = --shape ] || args+=(--shape "$s"); done
  "$ember" run "$m" "${args[@]}" >/dev/null 2>"$tmp/ember.err" || { echo "ember-failed"; return; }
  /usr/bin/python3 - "$tmp" "${out_list[@]}" <<'PY'
import re, sys
import numpy as np
d, worst = sys.argv[1], 0.0
for o in sys.argv[2:]:
    f = re.sub(r"[^A-Za-z0-9_.-]", "_", o)
    a, b = np.fromfile(f"{d}/{f}.ember.bin", np.float32), np.fromfile(f"{d}/{f}.ort.bin", np.float32)
    if a.size != b.size:
        print("size-differs"); sys.exit()
    worst = max(worst, float(np.abs(a - b).max() / max(float(b.max() - b.min()), 1e-12)))
print(f"{worst:.1e}")
PY
}

printf "%-22s | %9s %9s | %9s %9s | %7s %7s | %s\n" model "ember 1t" "ort 1t" "ember 2t" "ort 2t" "ratio1" "ratio2" diff
sel() { [ ${#names[@]} -eq 0 ] && return 0; for n in "${names[@]}"; do [ "$n" = "$1" ] && return 0; done; return 1; }
for spec in "${models[@]}"; do
  IFS='|' read -r name path shape <<<"$spec"
  sel "$name" || continue
  [ -f "$path" ] || { printf "%-22s | missing %s\n" "$name" "$path"; continue; }
  shape_args=()
  [ -z "$shape" ] || shape_args=(--shape "$shape")
  diff=-
  [ "$peer" = 0 ] || diff=$(compare "$path" "${shape_args[@]}")
  : >"$tmp/e1"; : >"$tmp/e2"; : >"$tmp/o1"; : >"$tmp/o2"
  for ((r = 0; r < rounds; r++)); do
    ember_ms "$path" 1 "${shape_args[@]}" >>"$tmp/e1" || true
    ember_ms "$path" 2 "${shape_args[@]}" >>"$tmp/e2" || true
    if [ "$peer" = 1 ]; then
      ort_ms "$path" 1 "${shape_args[@]}" >>"$tmp/o1" || true
      ort_ms "$path" 2 "${shape_args[@]}" >>"$tmp/o2" || true
    fi
  done
  e1=$(median <"$tmp/e1") e2=$(median <"$tmp/e2") o1=$(median <"$tmp/o1") o2=$(median <"$tmp/o2")
  printf "%-22s | %9s %9s | %9s %9s | %7s %7s | %s\n" "$name" "$e1" "$o1" "$e2" "$o2" "$(ratio "$o1" "$e1")" \
    "$(ratio "$o2" "$e2")" "$diff"
done
echo "ms: median over $rounds round(s) of each run's median of $loops loops after $warmup warmup; ratio = ORT / Ember" \
  "(above 1: Ember is faster); diff = max |Ember - ORT| / ORT's output range on the same input."

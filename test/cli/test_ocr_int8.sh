#!/usr/bin/env bash
# OCR with int8 models (issue 21): `ember quantize` makes the PP-OCRv4 detector int8 (minmax) and the
# recognizer int8 (the default method, auto) from eight rendered lines, then `ember ocr --det-model --rec-model`
# must read the four-line receipt of make_receipt.py (fonts, rotation, noise, JPEG) and six other rendered phrases
# exactly, each text equal to the one drawn. (kl alone clips the recognizer's activations so that it reads
# nothing, docs/BENCH.md: auto must not keep it.) Needs the OCR models (tools/fetch_ocr_models.sh).
# usage: test_ocr_int8.sh PATH/TO/ember
set -euo pipefail
ember=$1
here=$(cd "$(dirname "$0")" && pwd)
models="${EMBER_CACHE:-${HOME:-/tmp}/.cache/ember}/ocr"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/calib"
i=0
for t in "Corner Cafe" "Latte 2x 7.80" "Invoice 4471 due 12/01" "The quick brown fox" "Total 11.05" \
         "Ember OCR int8" "Hello World 2026" "0123456789"; do
  i=$((i + 1))
  "$ember" ocr --text "$t" --font-size $((24 + 3 * i)) --models "$models" --save "$tmp/calib/$i.png" >/dev/null
done
"$ember" quantize "$models/ch_PP-OCRv4_det_infer.onnx" "$tmp/det" --calib "$tmp/calib" --method minmax \
  --shape x=1,3,96,640 --pixel-scale 4.42 --pixel-bias -2.02 | grep "convs int8"
"$ember" quantize "$models/ch_PP-OCRv4_rec_infer.onnx" "$tmp/rec" --calib "$tmp/calib" \
  --shape x=1,3,48,320 --pixel-scale 2 --pixel-bias -1 | grep "method"
int8=(--models "$models" --det-model "$tmp/det" --rec-model "$tmp/rec")
"$here/read_receipt.sh" "int8: " "$ember" "${int8[@]}"
for t in "Fresh bread 4.50" "Order 1289 ready" "Monday 09:30" "Ember on ARM" "Grand total 23.40" "Paris London Tokyo"; do
  got=$("$ember" ocr --text "$t" "${int8[@]}" | sed -n 's/^text: //p')
  [ "$got" = "$t" ] || { echo "int8: '$t' read as '$got'" >&2; exit 1; }
  echo "int8: '$t' read exactly"
done

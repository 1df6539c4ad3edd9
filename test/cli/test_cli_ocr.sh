#!/usr/bin/env bash
# `ember ocr` end to end on a page with two known lines: --json gives their texts in reading order and boxes
# around their ink in the page's pixels (the page is not a multiple of 32, so the detector's resize must be
# undone), --draw writes the page with the boxes drawn and nothing else changed. Prints "N passed, N failed".
# Needs the OCR models (tools/fetch_ocr_models.sh) in ${EMBER_CACHE:-$HOME/.cache/ember}/ocr.
# usage: test_cli_ocr.sh PATH/TO/ember
set -u
ember=$1
here=$(cd "$(dirname "$0")" && pwd)
models="${EMBER_CACHE:-${HOME:-/tmp}/.cache/ember}/ocr"
. "$(dirname "$0")/check.sh"  # $tmp, check NAME RC REGEX -- command...
[ -f "$models/ch_PP-OCRv4_rec_infer.onnx" ] ||
  { echo "OCR models not found in $models: run tools/fetch_ocr_models.sh"; echo "0 passed, 1 failed"; exit 1; }
py="$here/ocr_check.py"

# The page: two lines rendered by `ember ocr --text`, pasted on a 700 x 300 canvas.
check "render line 1" 0 "text: Hello World 2026$" -- \
  "$ember" ocr --models "$models" --text "Hello World 2026" --save "$tmp/l1.png"
check "render line 2" 0 "text: Ember reads text$" -- \
  "$ember" ocr --models "$models" --text "Ember reads text" --font-size 40 --save "$tmp/l2.png"
check "compose the page" 0 "^\[\[" -- \
  bash -c "python3 '$py' compose '$tmp/page.png' 700 300 60 40 '$tmp/l1.png' 300 170 '$tmp/l2.png' > '$tmp/ink.json' &&
    cat '$tmp/ink.json'"

check "--json --draw runs" 0 "" -- \
  bash -c "'$ember' ocr '$tmp/page.png' --models '$models' --json --draw '$tmp/drawn.png' > '$tmp/ocr.json'"
check "--json: stdout is one JSON object, nothing else" 0 "^json ok$" -- \
  python3 -c 'import json, sys; json.load(open(sys.argv[1])); print("json ok")' "$tmp/ocr.json"
check "--json: the image size" 0 "^700 300$" -- \
  python3 -c 'import json, sys; i = json.load(open(sys.argv[1]))["image"]; print(i["width"], i["height"])' \
    "$tmp/ocr.json"
check "--json: both texts in reading order, boxes around their ink inside the page" 0 "^ok: 2 lines" -- \
  python3 "$py" json "$tmp/ocr.json" "$tmp/ink.json" "Hello World 2026" "Ember reads text"
check "--draw: the page's size, boxes drawn, every other pixel unchanged" 0 "^ok: boxes drawn" -- \
  python3 "$py" draw "$tmp/page.png" "$tmp/drawn.png" "$tmp/ocr.json"
# The checks fail where they should: an undrawn page, swapped texts, boxes that miss their ink.
check "the draw check rejects the undrawn page" 1 "pixels changed inside box" -- \
  python3 "$py" draw "$tmp/page.png" "$tmp/page.png" "$tmp/ocr.json"
check "the json check rejects other texts" 1 "wanted \['Ember reads text', 'Hello World 2026'\]" -- \
  python3 "$py" json "$tmp/ocr.json" "$tmp/ink.json" "Ember reads text" "Hello World 2026"
check "the json check rejects boxes away from the ink" 1 "does not fit its ink box" -- \
  bash -c "echo '[[300, 202, 640, 232], [87, 70, 356, 93]]' > '$tmp/ink2.json' &&
    python3 '$py' json '$tmp/ocr.json' '$tmp/ink2.json' 'Hello World 2026' 'Ember reads text'"

check "text output: the lines and where --draw wrote" 0 "drew 2 box\(es\) on .*drawn2.png" -- \
  "$ember" ocr "$tmp/page.png" --models "$models" --draw "$tmp/drawn2.png"
check "--draw into a missing folder" 1 "ember ocr: error: cannot write $tmp/no/d.png" -- \
  "$ember" ocr "$tmp/page.png" --models "$models" --draw "$tmp/no/d.png"
check "--json on a blank page: no lines" 0 "^0 lines$" -- \
  bash -c "python3 '$py' compose '$tmp/blank.png' 64 64 > /dev/null &&
    '$ember' ocr '$tmp/blank.png' --models '$models' --json |
    python3 -c 'import json, sys; print(len(json.load(sys.stdin)[\"lines\"]), \"lines\")'"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# `ember ocr` reads a four-line receipt (four fonts, rotated 2 degrees, noise, JPEG; make_receipt.py) exactly:
# four lines, in order, each text equal to the one drawn. Needs the OCR models (tools/fetch_ocr_models.sh).
# usage: test_ocr_receipt.sh PATH/TO/ember
set -euo pipefail
ember=$1
here=$(cd "$(dirname "$0")" && pwd)
models="${EMBER_CACHE:-${HOME:-/tmp}/.cache/ember}/ocr"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 "$here/make_receipt.py" "$tmp/receipt.jpg" >"$tmp/expected.txt"
"$ember" ocr "$tmp/receipt.jpg" --models "$models" --json >"$tmp/out.json"
/usr/bin/python3 - "$tmp/out.json" "$tmp/expected.txt" <<'PY'
import json, sys
lines = [l["text"] for l in json.load(open(sys.argv[1]))["lines"]]
expected = open(sys.argv[2]).read().split("\n")[:4]
if lines != expected:
    sys.exit("receipt read as %r, drawn as %r" % (lines, expected))
print("receipt read exactly: %r" % lines)
PY

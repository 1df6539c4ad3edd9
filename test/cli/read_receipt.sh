#!/usr/bin/env bash
# The four-line receipt of make_receipt.py (four fonts, rotated 2 degrees, noise, JPEG) read by `ember ocr` with
# OCR_ARG...: it must give four lines, in order, each text equal to the one drawn. Shared by test_ocr_receipt.sh
# and test_ocr_int8.sh.
# usage: read_receipt.sh LABEL PATH/TO/ember OCR_ARG...
set -euo pipefail
label=$1 ember=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 "$here/make_receipt.py" "$tmp/receipt.jpg" >"$tmp/expected.txt"
"$ember" ocr "$tmp/receipt.jpg" "$@" --json >"$tmp/out.json"
/usr/bin/python3 - "$tmp/out.json" "$tmp/expected.txt" "$label" <<'PY'
import json, sys
lines = [l["text"] for l in json.load(open(sys.argv[1]))["lines"]]
expected = open(sys.argv[2]).read().split("\n")[:4]
if lines != expected:
    sys.exit("%sreceipt read as %r, drawn as %r" % (sys.argv[3], lines, expected))
print("%sreceipt read exactly: %r" % (sys.argv[3], lines))
PY

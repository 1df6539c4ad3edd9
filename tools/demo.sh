#!/usr/bin/env bash
# End to end on a fresh Debian machine: install dependencies, build, and recognise a handwritten digit
# with a trained PaddlePaddle MNIST model (shared/models/paddle/mnist_mlp_handwriting, or $EMBER_MODELS_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install_deps.sh
tools/build.sh linux full >/dev/null
models=${EMBER_MODELS_DIR:-../shared/models}
model="$models/paddle/mnist_mlp_handwriting"
[ -d "$model" ] || { echo "demo.sh: model folder $model not found (set EMBER_MODELS_DIR)" >&2; exit 1; }
# The model was trained on 28x28 grayscale digits scaled to [-1, 1].
build-linux-full/ember run "$model" --input "image=$model/infer_3.png" --pixel-scale 2 --pixel-bias -1 --top 3

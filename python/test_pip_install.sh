#!/usr/bin/env bash
# `pip install .` as a user runs it on Debian: a venv over the system's packages (numpy, setuptools and pybind11
# from Debian; PyPI is not reachable, hence --no-build-isolation), setup.py building the module with CMake for a
# slim profile (mnist, without link-time optimization as tools/test.sh builds it: a few minutes on 2 cores, seconds
# when ccache has tools/test.sh's objects), then the installed package, imported from outside the source
# tree, reads MNIST's digit 3 and refuses an op outside its profile naming it.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
models=${EMBER_MODELS_DIR:-$repo/../shared/models}
work=$(mktemp -d)
# The CMake build folder inside the checkout, where ccache (when installed) hashes the sources' paths relative to
# it: the objects of tools/test.sh's mnist build (the same flags) are reused, only the module is compiled.
build=$(mktemp -d "$repo/build-pip-test.XXXXXX")
trap 'rm -rf "$work" "$build"' EXIT
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
EMBER_NET=mnist EMBER_BUILD_DIR="$build" EMBER_CMAKE_ARGS=-DEMBER_LTO=OFF \
  "$work/venv/bin/pip" install --no-build-isolation --no-index --no-deps -q "$repo"
cd "$work"
"$work/venv/bin/python" - "$models" <<'PY'
import os, sys
import numpy as np
import ember
models = sys.argv[1]
assert os.path.dirname(ember.__file__).startswith(sys.prefix), ember.__file__  # the installed copy
assert ember.net_profile == "mnist" and ember.__version__ == "0.1.0"
folder = os.path.join(models, "paddle", "mnist_mlp_handwriting")
ref = os.path.join(folder, "refdata_npref")
x = np.fromfile(os.path.join(ref, "input_image.bin"), "<f4").reshape(1, 1, 28, 28)
expected = np.fromfile(os.path.join(ref, "output_save_infer_model_scale_0.tmp_4.bin"), "<f4").reshape(1, 10)
model = ember.Model(folder)
out = model.predictor().run({"image": x})[model.output_names[0]]
assert np.max(np.abs(out - expected)) < 1e-4 and int(np.argmax(out)) == 3, out
try:
    ember.Model(os.path.join(models, "paddle", "paddlejs_gesture_rec"))
    raise SystemExit("a model with ops outside the mnist profile loaded")
except ember.Error as e:
    assert "not in this build" in str(e) and "mnist" in str(e), str(e)
print("pip install: the installed module (profile mnist) reads the digit 3")
PY

#!/usr/bin/env bash
# A slim build's Vulkan path (its profile's adapters and their shaders only: vk_op_adapters.cpp,
# cmake/embed_spirv.cmake) on MNIST's MLP: every op on the GPU, digit 3 read from its image, and the output
# within 1e-4 of the numpy reference Paddle wrote (Debian's numpy: /usr/bin/python3).
#   test_vulkan_slim.sh EMBER MNIST_DIR   (EMBER_REQUIRE_VULKAN=1: a machine without a Vulkan device fails)
set -euo pipefail
ember=$1 mnist=$2
# The linker keeps the shaders of the kernels the build keeps: MNIST's fc, not the convolutions'.
shaders=$(nm -C "$ember" | sed -n 's/.* ember::vulkan::shaders::\([a-z0-9_]*\)$/\1/p' | sort | tr '\n' ' ')
case " $shaders" in *" fc "*) ;; *) echo "FAIL: no fc shader in the build (shaders: $shaders)"; exit 1 ;; esac
case " $shaders" in *" conv2d"*) echo "FAIL: conv2d shaders in the mnist build (shaders: $shaders)"; exit 1 ;; esac
echo "shaders in the build: $shaders"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! "$ember" inspect "$mnist" --device vulkan > "$tmp/inspect.txt" 2>&1; then
  cat "$tmp/inspect.txt"
  [ "${EMBER_REQUIRE_VULKAN:-0}" = 1 ] && { echo "FAIL: no Vulkan device, and EMBER_REQUIRE_VULKAN=1"; exit 1; }
  echo "skipped: no Vulkan device"; exit 0
fi
grep -q "^4 ops on vulkan, 0 on the CPU" "$tmp/inspect.txt" || { cat "$tmp/inspect.txt"; echo "FAIL: not every op on vulkan"; exit 1; }
"$ember" run "$mnist" --input "image=$mnist/infer_3.png" --pixel-scale 2 --pixel-bias -1 --top 1 --device vulkan \
  > "$tmp/run.txt" 2>&1
grep -q "top-1: 3 " "$tmp/run.txt" || { cat "$tmp/run.txt"; echo "FAIL: digit 3 not read on vulkan"; exit 1; }
ref=$mnist/refdata_npref
"$ember" run "$mnist" --input "image=$ref/input_image.bin" --device vulkan \
  --output "save_infer_model/scale_0.tmp_4=$tmp/out.npy" > /dev/null
/usr/bin/python3 - "$tmp/out.npy" "$ref/output_save_infer_model_scale_0.tmp_4.bin" <<'PY'
import sys
import numpy as np
got = np.load(sys.argv[1]).ravel()
want = np.fromfile(sys.argv[2], dtype=np.float32)
assert got.shape == want.shape, (got.shape, want.shape)
err = float(np.abs(got - want).max()) / float(want.max() - want.min())
print(f"vulkan against the numpy reference: max error {err:.2e} of the output's range")
sys.exit(0 if err <= 1e-4 else 1)
PY
echo "ok: a slim build's Vulkan path"

#!/usr/bin/env bash
# The ember CLI end to end: the README's demo (a handwritten 3 through the trained MNIST model), inspect,
# file outputs, and clear errors (exit 1, never a crash) for bad input. Prints "N passed, N failed".
# usage: test_cli.sh PATH/TO/ember
set -u
ember=$1
models=${EMBER_MODELS_DIR:-$(dirname "$0")/../../../shared/models}
mnist="$models/paddle/mnist_mlp_handwriting"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {  # check NAME EXPECTED_RC REGEX -- command...
  local name=$1 want_rc=$2 regex=$3
  shift 4
  local out rc
  out=$("$@" 2>&1)
  rc=$?
  if [ "$rc" -eq "$want_rc" ] && grep -Eq -- "$regex" <<<"$out"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAILED: $name (exit $rc, wanted $want_rc; output must match /$regex/)"
    echo "$out" | head -20
  fi
}
[ -d "$mnist" ] || { echo "shared models not found at $models (set EMBER_MODELS_DIR)"; echo "0 passed, 1 failed"; exit 1; }

check "demo: infer_3.png is a 3" 0 "top-3: 3 \(" -- \
  "$ember" run "$mnist" --input "image=$mnist/infer_3.png" --pixel-scale 2 --pixel-bias -1 --top 3
check "raw .bin input, .npy output" 0 "wrote save_infer_model/scale_0.tmp_4" -- \
  "$ember" run "$mnist" --input "image=$mnist/refdata_npref/input_image.bin" --output "save_infer_model/scale_0.tmp_4=$tmp/out.npy"
check "written .npy: magic, 128-byte header, 40 bytes of data" 0 "^NUMPY 168$" -- \
  bash -c "printf '%s %s' \"\$(head -c 6 '$tmp/out.npy' | tail -c 5)\" \"\$(stat -c %s '$tmp/out.npy')\""
check ".npy input round trip" 0 "shape \[1,10\]" -- \
  "$ember" run "$mnist" --input "save_infer_model/scale_0.tmp_4=$tmp/out.npy" --no-optimize
check "no input is a clear error" 1 "needs input\(s\): image \[-1,1,28,28\]" -- "$ember" run "$mnist"
check "inspect" 0 "ops missing from this build \(profile 'full'\): none" -- "$ember" inspect "$mnist"
check "inspect shows fusion" 0 "mul +3 -> 0" -- "$ember" inspect "$mnist"
check "inspect --passes: what fuse_fc did" 0 "fuse_fc +removed 3 elementwise_add, 3 mul; added 3 fc" -- \
  "$ember" inspect "$mnist" --passes
check "inspect --disable-pass: the pass is off, the others run" 0 "fuse_fc +disabled" -- \
  "$ember" inspect "$mnist" --passes --disable-pass fuse_fc
check "an unknown pass name lists the passes" 1 "no pass named 'fuse_everything' \(passes: dropout_to_scale, " -- \
  "$ember" run "$mnist" --input "image=$mnist/infer_3.png" --disable-pass fuse_everything
check "run with a pass disabled still reads the 3" 0 "top-3: 3 \(" -- \
  "$ember" run "$mnist" --input "image=$mnist/infer_3.png" --pixel-scale 2 --pixel-bias -1 --top 3 --disable-pass fuse_fc
head -c 3000 /dev/urandom > "$tmp/garbage.pdmodel"
check "garbage model" 1 "error: model .*garbage.pdmodel: not a Paddle ProgramDesc" -- "$ember" run "$tmp/garbage.pdmodel" --input x=y
check "missing model" 1 "error: no such file or folder" -- "$ember" run "$tmp/nothing" --input x=y
check "wrong input size" 1 "has 12 bytes" -- bash -c "printf 'abcdefghijkl' > '$tmp/small.bin'; '$ember' run '$mnist' --input image='$tmp/small.bin'"
check "unknown option" 1 "unknown option --bogus" -- "$ember" run "$mnist" --bogus
printf '7767517\n2 2\nInput data 0 1 data\nConvolution conv 1 1 data out 0=4 1=3 5=1 6=108\n' > "$tmp/noshape.param"
check "bench: an input of unknown channel count asks for --shape" 1 "feed 'data' has an unknown channel count.*--shape data=" -- \
  "$ember" bench "$tmp/noshape.param" --generate-weights --loops 1
check "bench: --shape gives it" 0 "noshape.param" -- \
  "$ember" bench "$tmp/noshape.param" --generate-weights --loops 1 --shape data=1,3,16,16
check "bench profile names the kernel" 0 "conv2d .*\[1,4,14,14\].*(gemm|winograd|portable)" -- \
  "$ember" bench "$tmp/noshape.param" --generate-weights --loops 1 --shape data=1,3,16,16 --profile
check "bench with a per-op profile" 0 "per-op profile.*(.|\n)*fc +\[1,10\]|fc .*\[1,10\]" -- \
  "$ember" bench "$mnist" --loops 3 --warmup 1 --profile
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

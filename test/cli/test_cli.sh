#!/usr/bin/env bash
# The ember CLI end to end: the README's demo (a handwritten 3 through the trained MNIST model), inspect,
# file outputs, and clear errors (exit 1, never a crash) for bad input. Prints "N passed, N failed".
# usage: test_cli.sh PATH/TO/ember
set -u
ember=$1
models=${EMBER_MODELS_DIR:-$(dirname "$0")/../../../shared/models}
mnist="$models/paddle/mnist_mlp_handwriting"
. "$(dirname "$0")/check.sh"  # $tmp, check NAME RC REGEX -- command...
[ -d "$mnist" ] || { echo "shared models not found at $models (set EMBER_MODELS_DIR)"; echo "0 passed, 1 failed"; exit 1; }

check "demo: infer_3.png is a 3" 0 "top-3: 3 \(" -- \
  "$ember" run "$mnist" --input "image=$mnist/infer_3.png" --pixel-scale 2 --pixel-bias -1 --top 3
check "raw .bin input, .npy output" 0 "wrote save_infer_model/scale_0.tmp_4" -- \
  "$ember" run "$mnist" --input "image=$mnist/refdata_npref/input_image.bin" --output "save_infer_model/scale_0.tmp_4=$tmp/out.npy"
check "written .npy: magic, 128-byte header, 40 bytes of data" 0 "^NUMPY 168$" -- \
  bash -c "printf '%s %s' \"\$(head -c 6 '$tmp/out.npy' | tail -c 5)\" \"\$(stat -c %s '$tmp/out.npy')\""
check ".npy input round trip" 0 "shape \[1,10\]" -- \
  "$ember" run "$mnist" --input "save_infer_model/scale_0.tmp_4=$tmp/out.npy" --no-optimize
# .npy of the types ONNX models take: bool through ONNX Not, float16 (widened) through Abs, int8 through Add.
npy() {  # npy FILE DESCR SHAPE VALUE...: a .npy file written with python3's struct (no numpy needed)
  python3 - "$@" <<'PY'
import struct, sys
path, descr, shape, vals = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
fmt = {"|b1": "?", "<f2": "e", "|i1": "b"}[descr]
conv = (lambda v: v == "1") if fmt == "?" else (float if fmt == "e" else int)
header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, shape)
header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<%d%s" % (len(vals), fmt), *[conv(v) for v in vals]))
PY
}
onnx_node=/usr/share/libonnx-testdata/data/node
here_onnx23="$models/onnx-node-1.23"
npy "$tmp/b.npy" "|b1" "1, 3" 1 0 1
check "bool .npy in, bool .npy out (ONNX Not)" 0 "wrote not" -- \
  "$ember" run "$onnx_node/test_not_2d/model.onnx" --input "x=$tmp/b.npy" --output "not=$tmp/not.npy" --shape x=1,3
check "the bool output holds the negation" 0 "^0 1 0$" -- \
  bash -c "tail -c 3 '$tmp/not.npy' | od -An -tu1 | tr -s ' ' | sed 's/^ //'"
npy "$tmp/h.npy" "<f2" "1, 1, 3" -1.5 2 0.25
check "float16 .npy in (ONNX Abs)" 0 "1\.5.*2.*0\.25" -- \
  "$ember" run "$onnx_node/test_abs/model.onnx" --input "x=$tmp/h.npy"
npy "$tmp/i.npy" "|i1" "1, 1, 3" -128 5 -7
npy "$tmp/j.npy" "|i1" "1, 1, 3" -1 5 7
check "int8 .npy in (ONNX Add of int8 wraps around)" 0 "127.*10.*0" -- \
  "$ember" run "$here_onnx23/test_add_int8/model.onnx" --input "x=$tmp/i.npy" --input "y=$tmp/j.npy"
check "no input is a clear error" 1 "needs input\(s\): image \[-1,1,28,28\]" -- "$ember" run "$mnist"
check "inspect" 0 "ops missing from this build \(profile 'full'\): none" -- "$ember" inspect "$mnist"
check "inspect shows fusion" 0 "mul +3 -> 0" -- "$ember" inspect "$mnist"
# inspect --device vulkan (lavapipe in CI; a build or machine without Vulkan says so and these are not run).
yolo=$models/../bench/ncnn/yolov4-tiny.param
if "$ember" inspect "$yolo" --generate-weights --device vulkan --shape data=1,3,128,128 > "$tmp/vk.txt" 2>&1; then
  check "inspect --device vulkan: 35 ops on the GPU, one submit" 0 "35 ops on vulkan, 1 on the CPU.* 1 submits" -- \
    cat "$tmp/vk.txt"
  check "inspect --device vulkan: the detection output on the CPU, and why" 0 \
    "1x ncnn_yolo_detection_output: no Vulkan kernel" -- cat "$tmp/vk.txt"
  check "inspect --device vulkan: GPU activation memory beside the CPU plan's" 0 \
    "activations: [0-9.]+ MiB of vulkan memory" -- cat "$tmp/vk.txt"
  # The GPU's planned arena: the CPU plan's intermediates plus its copy of the input (3x128x128 floats, 0.1875
  # MiB), within rounding.
  gpu_cpu=$(sed -n 's/^activations: \([0-9.]*\) MiB of vulkan .* arena \([0-9.]*\) MiB.*/\1 \2/p' "$tmp/vk.txt")
  check "inspect --device vulkan: the GPU arena is the CPU plan plus the input ($gpu_cpu MiB)" 0 "" -- \
    awk -v g="${gpu_cpu% *}" -v c="${gpu_cpu#* }" 'BEGIN { exit !(c > 0 && g >= c && g <= c + 0.1875 + 0.02) }'
  # The GPU's float32 weight copies within 2% of the weights as loaded (packing pads filters), halves 0.48-0.55 of
  # them (biases and small weights stay float32).
  "$ember" inspect "$yolo" --generate-weights --device vulkan --vulkan-fp16-weights --shape data=1,3,128,128 \
    > "$tmp/vk16.txt" 2>&1
  f32=$(sed -n 's/^weights: \([0-9.]*\) MiB on vulkan (float32.*, \([0-9.]*\) MiB as loaded$/\1 \2/p' "$tmp/vk.txt")
  f16=$(sed -n 's/^weights: \([0-9.]*\) MiB on vulkan (halves.*/\1/p' "$tmp/vk16.txt")
  check "inspect --device vulkan: the GPU's weight copies as loaded, in halves about half" 0 "^ok$" -- \
    awk -v a="$f32" -v h="$f16" 'BEGIN { split(a, v, " "); r = h / v[1];
      print (v[1] > 0 && v[1] <= 1.02 * v[2] && v[1] >= v[2] && r >= 0.48 && r <= 0.55) ? "ok" : "got " a " / " h }'
else
  grep -q "no Vulkan" "$tmp/vk.txt" || { cat "$tmp/vk.txt"; fail=$((fail + 1)); }
  echo "skipped inspect --device vulkan: $(head -c 200 "$tmp/vk.txt")"
fi
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
check "bench: --ncnn-data needs generated weights" 1 "ncnn-data needs --generate-weights" -- \
  "$ember" bench "$tmp/noshape.param" --ncnn-data --loops 1 --shape data=1,3,16,16
check "bench: --ncnn-data runs" 0 "noshape.param" -- \
  "$ember" bench "$tmp/noshape.param" --generate-weights --ncnn-data --loops 1 --shape data=1,3,16,16
check "bench: --disable-pass NAME before the model skips that pass and still times the model" 0 "noshape.param" -- \
  "$ember" bench --disable-pass fuse_activation "$tmp/noshape.param" --generate-weights --loops 1 --shape data=1,3,16,16
check "bench: --disable-pass with an unknown pass names the passes" 1 "no pass named 'nope' \(passes: dropout_to_scale" -- \
  "$ember" bench --disable-pass nope "$tmp/noshape.param" --generate-weights --loops 1 --shape data=1,3,16,16
check "bench with a per-op profile" 0 "per-op profile.*(.|\n)*fc +\[1,10\]|fc .*\[1,10\]" -- \
  "$ember" bench "$mnist" --loops 3 --warmup 1 --profile
# ember profile: the ops a slim build needs, from the program after the passes (building nothing).
check "profile: MNIST runs fc (mul + add + relu fused; the scale by 1 removed) and softmax" 0 "^  fc feed fetch softmax$" -- \
  "$ember" profile "$mnist"
check "profile: no mul, elementwise_add, relu or scale left for the slim build" 1 "^$" -- \
  bash -c "'$ember' profile '$mnist' | grep -v '^#' | grep -Ew 'mul|elementwise_add|relu|scale'"
check "profile: the header names the command and the model" 0 "^# Net profile 'mnist_mlp_handwriting', generated by \`ember profile .*mnist_mlp_handwriting\`" -- \
  "$ember" profile "$mnist"
printf '7767517\n3 3\nInput data 0 1 data 0=16 1=16 2=3\nConvolution conv 1 1 data c 0=4 1=3 5=1 6=108\nPooling pool 1 1 c out 0=0 1=2 2=2\n' > "$tmp/convpool.param"
check "profile: an ncnn graph with generated weights; the layout pass may add layout_transform" 0 \
  "^  conv2d feed fetch layout_transform pool2d$" -- "$ember" profile "$tmp/convpool.param" --name convpool
check "profile -o writes the file" 0 "set\(EMBER_NET_OPS" -- \
  bash -c "'$ember' profile '$tmp/convpool.param' -o '$tmp/convpool.cmake' && cat '$tmp/convpool.cmake'"
check "profile: two models, one list" 0 "^  conv2d fc feed fetch layout_transform pool2d softmax$" -- \
  "$ember" profile "$tmp/convpool.param" "$mnist" --name both
printf '7767517\n2 2\nInput data 0 1 data 0=32 1=32 2=3\nConvolution conv 1 1 data out 0=8 1=4 3=4 5=1 6=384\n' \
  > "$tmp/patchstem.param"
check "profile: a 4x4 stride-4 stem keeps the patch conv kernel" 0 "^  gemm patch$" -- \
  "$ember" profile "$tmp/patchstem.param" --name patchstem
printf '7767517\n3 3\nInput data 0 1 data 0=8 1=8 2=3\nConvolution conv 1 1 data c 0=4 1=3 4=1 5=1 6=108 9=4\n%s\n' \
  'TanH tanh 1 1 c out' > "$tmp/acts.param"
check "profile: a fused sigmoid and a standalone tanh keep their activations" 0 "^  act_sigmoid act_tanh gemm winograd$" -- \
  "$ember" profile "$tmp/acts.param" --name acts
check "profile: no model" 1 "ember profile: error: no MODEL given" -- "$ember" profile --name x
check "profile: unknown option" 1 "ember profile: error: unknown option --bogus" -- "$ember" profile "$mnist" --bogus
check "profile: a bad name" 1 "--name 'a/b': use letters, digits and _" -- "$ember" profile "$mnist" --name a/b
check "profile: a missing model is named" 1 "ember profile: error: $tmp/nothing: " -- "$ember" profile "$tmp/nothing"
check "profile: -o into a missing folder" 1 "cannot write $tmp/no/such.cmake" -- "$ember" profile "$mnist" -o "$tmp/no/such.cmake"
# --fp16-weights: the weights as half, read back and still reading the 3; the params file about half the size.
check "convert --fp16-weights stores the weights as fp16" 0 "^stored [1-9][0-9]* float32 weights as fp16$" -- \
  "$ember" convert "$mnist" "$tmp/mlp_fp16" --fp16-weights
check "convert --fp16-weights: still a 3" 0 "top-3: 3 \(" -- \
  "$ember" run "$tmp/mlp_fp16" --input "image=$mnist/infer_3.png" --pixel-scale 2 --pixel-bias -1 --top 3
check "convert --fp16-weights: params under 0.52 of float32's" 0 "^ok$" -- bash -c \
  "'$ember' convert '$mnist' '$tmp/mlp_fp32' >/dev/null && a=\$(stat -c %s '$tmp/mlp_fp32/model.pdiparams') && \
   b=\$(stat -c %s '$tmp/mlp_fp16/model.pdiparams') && [ \$((b * 100)) -lt \$((a * 52)) ] && echo ok"
cp -r "$mnist" "$tmp/mlp_big" && chmod -R u+w "$tmp/mlp_big" &&
  python3 -c "import struct,sys; f=open(sys.argv[1],'r+b'); f.seek(-8,2); f.write(struct.pack('<2f',1e6,-7e4))" \
    "$tmp/mlp_big/fc_2.w_0"  # the last two weights beyond the half range
check "convert --fp16-weights: a weight beyond the half range stays float32, named" 0 \
  "kept 1 weight\(s\) float32, holding values beyond the half range: fc_2.w_0" \
  -- "$ember" convert "$tmp/mlp_big" "$tmp/mlp_big_fp16" --fp16-weights
# quantize: the ONNX MNIST CNN's two wide convs to int8 (the thin first one stays float; --min-k 0 keeps none
# float for having few products), calibrated on the 3; the written Paddle model loads onto quantized_conv2d and
# still reads the 3.
onnx_mnist="$models/onnx/mnist"
check "quantize: int8 convs load onto the int8 kernel" 0 "^loaded back: 2 quantized_conv2d op\(s\) run on the int8" \
  -- "$ember" quantize "$onnx_mnist/mnist.onnx" "$tmp/mnist_q" --calib "$onnx_mnist/infer_3.png" --method minmax \
  --min-k 0
check "quantize: the int8 model still reads the 3" 0 "top-1: 3 \(" -- \
  "$ember" run "$tmp/mnist_q" --input "images=$onnx_mnist/infer_3.png" --top 1
check "quantize: by default a conv of K = 72 stays float" 0 "K = 72 < --min-k" -- \
  "$ember" quantize "$onnx_mnist/mnist.onnx" "$tmp/mnist_q4" --calib "$onnx_mnist/infer_3.png"
check "quantize: by default each method tried, the closest kept" 0 "method (kl|minmax|percentile) \(auto: the closest\)" \
  -- "$ember" quantize "$onnx_mnist/mnist.onnx" "$tmp/mnist_q5" --calib "$onnx_mnist/infer_3.png" --min-k 0
check "quantize --report: each int8 conv's error alone" 0 "int8 \([0-9.]+e-[0-9]+\)" -- \
  "$ember" quantize "$onnx_mnist/mnist.onnx" "$tmp/mnist_q2" --calib "$onnx_mnist" --report
check "quantize: no --calib" 1 "ember quantize: error: quantize needs calibration inputs" -- \
  "$ember" quantize "$onnx_mnist/mnist.onnx" "$tmp/mnist_q3"
check "quantize: a missing calibration file is named" 1 "calibration input '$tmp/none.npy' does not exist" -- \
  "$ember" quantize "$onnx_mnist/mnist.onnx" "$tmp/mnist_q3" --calib "$tmp/none.npy"
check "quantize: an unknown method" 1 "calibration method 'entropy' is not one of auto, kl, minmax, percentile" -- \
  "$ember" quantize "$onnx_mnist/mnist.onnx" "$tmp/mnist_q3" --calib "$onnx_mnist/infer_3.png" --method entropy
# The command line (CLI11): generated help per subcommand, --version, unknown options and values.
for sub_opt in "inspect --memory" "run --pixel-bias" "convert --no-infer" "convert --fp16-weights" "ocr --json" \
               "quantize --calib" "quantize --keep-float" \
               "ocr --draw" "bench --shape" \
               "bench --sgemm" "ops --formats" "profile --name"; do
  set -- $sub_opt
  check "$1 --help names $2" 0 "^ +$2( |$)" -- "$ember" "$1" --help
done
check "--help lists every command" 0 " inspect .* run .* convert .* quantize .* ocr .* bench .* ops .* profile " -- \
  bash -c "'$ember' --help | tr '\n' ' '"
check "no command: the help, exit 2" 2 "Usage: ember" -- "$ember"
check "--version: the release" 0 "^ember 0\.1\.0$" -- "$ember" --version
check "--version: the ISA level in use" 0 "^isa: (avx512|avx2\+fma|generic|neon[a-z0-9+]*) \(" -- "$ember" --version
check "--version: EMBER_ISA lowers the level" 0 "^isa: generic \(" -- env EMBER_ISA=generic "$ember" --version
check "--version: the net profile" 0 "^net profile: full$" -- "$ember" --version
check "unknown option: exit 1, on stderr, naming the valid ones" 1 \
  "^ember bench: error: unknown option --bogus \(options:.* --loops .*--shape" -- \
  bash -c "'$ember' bench --bogus 2>&1 >/dev/null"
check "unknown option: nothing on stdout" 0 "^0$" -- bash -c "'$ember' bench --bogus 2>/dev/null | wc -c"
commands="inspect run convert quantize ocr bench ops profile"
check "unknown command" 1 "unknown command frobnicate \(commands: $commands\)" -- \
  "$ember" frobnicate
check "an extra argument" 1 "ember ops: error: unexpected argument extra" -- "$ember" ops extra
check "a bad value" 1 "ember run: error: --threads: wants an integer from 1 to 1024, got '0'" -- \
  "$ember" run "$mnist" --threads 0
check "a missing value" 1 "ember run: error: --input" -- "$ember" run "$mnist" --input
check "a bad --shape" 1 "--shape: wants NAME=d0,d1,... with integer dims >= 1, got 'data=1,x'" -- \
  "$ember" bench "$tmp/noshape.param" --generate-weights --shape data=1,x
check "options before the MODEL, --name=value form" 0 "top-3: 3 \(" -- \
  "$ember" run --input="image=$mnist/infer_3.png" --pixel-scale=2 --pixel-bias=-1 --top 3 "$mnist"
check "ops --formats" 0 "^ONNX converters \([0-9]+\):" -- "$ember" ops --formats
# Progress of long work: on a terminal only (python's pty stands in for one), never in a pipe.
check "bench over two models: both rows, no progress when piped" 0 "^rows 2, progress lines 0$" -- \
  bash -c "'$ember' bench '$tmp/noshape.param' '$tmp/noshape.param' --generate-weights --loops 1 --no-limit \
    --shape data=1,3,16,16 >'$tmp/bench.out' 2>'$tmp/bench.err' &&
    echo \"rows \$(grep -c noshape '$tmp/bench.out'), progress lines \$(grep -c '/2\]' '$tmp/bench.err')\""
check "bench over two models: progress on a terminal" 0 "\[2/2\] bench .*noshape.param" -- \
  python3 -c 'import pty, sys; pty.spawn(sys.argv[1:])' "$ember" bench "$tmp/noshape.param" "$tmp/noshape.param" \
    --generate-weights --loops 1 --no-limit --shape data=1,3,16,16
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

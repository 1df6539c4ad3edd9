#!/usr/bin/env bash
# `ember --plugin LIB.so`: models whose built-in ReLUs are renamed to a plugin's custom op, in all three formats
# (the Paddle MNIST MLP, the ONNX MNIST CNN, ncnn blazeface on generated weights), load, show in inspect and in
# bench --profile with kernel `custom`, and run to the original model's outputs; without the plugin they fail
# naming the type; a plugin that cannot be loaded, lacks ember_plugin_init or whose init fails is an error naming
# the file (exit 1). Prints "N passed, N failed".
# usage: test_cli_plugin.sh EMBER PLUGIN FAILING_PLUGIN CC_PLUGIN
#   PLUGIN registers my_relu (C API), FAILING_PLUGIN's init returns 1, CC_PLUGIN registers MyLeakyReLU (C++ API).
set -u
ember=$1 plugin=$2 plugin_fail=$3 plugin_cc=$4
models=${EMBER_MODELS_DIR:-$(dirname "$0")/../../../shared/models}
ncnn_dir=${EMBER_NCNN_BENCH_DIR:-$models/../bench/ncnn}
mnist="$models/paddle/mnist_mlp_handwriting"
onnx="$models/onnx/mnist"
. "$(dirname "$0")/check.sh"  # $tmp, check NAME RC REGEX -- command...
for f in "$mnist/__model__" "$onnx/mnist.onnx" "$ncnn_dir/blazeface.param"; do
  [ -f "$f" ] || {
    echo "model $f not found (set EMBER_MODELS_DIR, EMBER_NCNN_BENCH_DIR)"; echo "0 passed, 1 failed"; exit 1
  }
done

# rename_op IN OUT OLD NEW F1,F2,...: copies the protobuf file IN to OUT with every string field at field path
# F1.F2... (submessages, then the string) that equals OLD set to NEW; prints how many it renamed.
rename_op() {
  python3 - "$@" <<'PY'
import sys

def varint(b, i):
    n = shift = 0
    while True:
        c = b[i]
        i += 1
        n |= (c & 0x7F) << shift
        shift += 7
        if c < 0x80:
            return n, i

def enc(n):
    out = bytearray()
    while True:
        c, n = n & 0x7F, n >> 7
        out.append(c | (0x80 if n else 0))
        if not n:
            return bytes(out)

def rewrite(buf, path, old, new):  # the lengths of the enclosing messages change with the string's
    out, i, count = bytearray(), 0, 0
    while i < len(buf):
        start = i
        key, i = varint(buf, i)
        field, wire = key >> 3, key & 7
        if wire == 0:
            i = varint(buf, i)[1]
        elif wire in (1, 5):
            i += 8 if wire == 1 else 4
        elif wire == 2:
            n, at = varint(buf, i)
            body, i = buf[at:at + n], at + n
            if field == path[0]:
                if len(path) > 1:
                    body, c = rewrite(body, path[1:], old, new)
                    count += c
                elif body == old:
                    body, count = new, count + 1
                out += enc(key) + enc(len(body)) + body
                continue
        else:
            sys.exit("unsupported protobuf wire type %d" % wire)
        out += buf[start:i]
    return bytes(out), count

src, dst, old, new, path = sys.argv[1:6]
data, count = rewrite(open(src, "rb").read(), [int(f) for f in path.split(",")], old.encode(), new.encode())
open(dst, "wb").write(data)
print(count)
PY
}
# same A B: the raw float32 files hold the same number (> 0) of values, each within 1e-6 of its own size (softmax
# outputs near 0 differ there when an op does).
same() {
  python3 - "$1" "$2" <<'PY'
import struct, sys
a, b = (open(p, "rb").read() for p in sys.argv[1:3])
x, y = (struct.unpack("<%df" % (len(v) // 4), v) for v in (a, b))
worst = max((abs(p - q) / max(1e-30, abs(q)) for p, q in zip(x, y)), default=1.0)
print("values %d %d, worst %g" % (len(x), len(y), worst))
sys.exit(0 if len(x) == len(y) and x and worst <= 1e-6 else 1)
PY
}

# The models with renamed ops: Paddle's ProgramDesc blocks(1).ops(4).type(3), ONNX's ModelProto
# graph(7).node(1).op_type(4), ncnn's layer type (blazeface's ReLUs given a slope, param 0, to use an attribute).
mkdir "$tmp/mlp"
cp "$mnist"/fc_* "$tmp/mlp/"
check "Paddle MLP: 2 relu ops renamed my_relu" 0 "^2$" -- \
  rename_op "$mnist/__model__" "$tmp/mlp/__model__" relu my_relu 1,4,3
check "ONNX CNN: 4 Relu nodes renamed my_relu" 0 "^4$" -- \
  rename_op "$onnx/mnist.onnx" "$tmp/cnn.onnx" Relu my_relu 7,1,4
sed 's/^ReLU \(.*\)$/ReLU \1 0=1.000000e-01/' "$ncnn_dir/blazeface.param" > "$tmp/face.param"
sed 's/^ReLU /MyLeakyReLU /' "$tmp/face.param" > "$tmp/face_custom.param"
check "ncnn blazeface: 17 ReLU layers renamed MyLeakyReLU" 0 "^17$" -- grep -c "^MyLeakyReLU .* 0=1.000000e-01$" \
  "$tmp/face_custom.param"

# inspect: the custom op in the op counts, before and after the passes, and not missing.
check "inspect Paddle: my_relu counted" 0 "^  my_relu +2 -> 2$" -- "$ember" inspect --plugin "$plugin" "$tmp/mlp"
check "inspect Paddle: no op missing" 0 "ops missing from this build \(profile 'full'\): none" -- \
  "$ember" inspect --plugin "$plugin" "$tmp/mlp"
check "inspect Paddle without the plugin: my_relu missing" 0 \
  "ops missing from this build \(profile 'full'\): my_relu$" -- "$ember" inspect "$tmp/mlp"
check "inspect ONNX: my_relu counted" 0 "^  my_relu +4 -> 4$" -- "$ember" inspect --plugin "$plugin" "$tmp/cnn.onnx"
check "inspect ncnn, two plugins: MyLeakyReLU counted" 0 "^  MyLeakyReLU +17 -> 17$" -- \
  "$ember" inspect --plugin "$plugin" --plugin "$plugin_cc" "$tmp/face_custom.param" --generate-weights

# run: the custom op's outputs equal the built-in's.
mnist_in=(--input "image=$mnist/infer_3.png" --pixel-scale 2 --pixel-bias -1)
mlp_out=save_infer_model/scale_0.tmp_4
check "run Paddle with my_relu" 0 "top-1: 3 \(" -- "$ember" run --plugin "$plugin" "$tmp/mlp" "${mnist_in[@]}" --top 1 \
  --output "$mlp_out=$tmp/mlp_custom.bin"
check "run Paddle, built-in relu" 0 "wrote" -- "$ember" run "$mnist" "${mnist_in[@]}" --output "$mlp_out=$tmp/mlp.bin"
check "Paddle: my_relu's output is relu's" 0 "values 10 10" -- same "$tmp/mlp_custom.bin" "$tmp/mlp.bin"
check "run ONNX with my_relu, 2 threads" 0 "top-1: 3 \(" -- \
  "$ember" run --plugin "$plugin" "$tmp/cnn.onnx" --threads 2 --input "images=$onnx/infer_3.png" --top 1 \
  --output "output=$tmp/cnn_custom.bin"
check "run ONNX, built-in Relu, 2 threads" 0 "wrote" -- "$ember" run "$onnx/mnist.onnx" --threads 2 \
  --input "images=$onnx/infer_3.png" --output "output=$tmp/cnn.bin"
check "ONNX: my_relu's output is Relu's" 0 "values 10 10" -- same "$tmp/cnn_custom.bin" "$tmp/cnn.bin"
python3 -c "import struct, sys; open(sys.argv[1], 'wb').write(struct.pack('<49152f',
  *[(i * 7919 % 255) / 255.0 - 0.5 for i in range(49152)]))" "$tmp/face_in.bin"
face_run=(--generate-weights --input "data=$tmp/face_in.bin")
check "run ncnn with MyLeakyReLU" 0 "wrote output" -- "$ember" run --plugin "$plugin_cc" "$tmp/face_custom.param" \
  "${face_run[@]}" --output "output=$tmp/face_custom.bin"
check "run ncnn, built-in leaky ReLU" 0 "wrote output" -- "$ember" run "$tmp/face.param" "${face_run[@]}" \
  --output "output=$tmp/face.bin"
check "ncnn: MyLeakyReLU's output is ReLU's with the slope" 0 "values 6144 6144" -- \
  same "$tmp/face_custom.bin" "$tmp/face.bin"
check "run ncnn, ReLU without the slope" 0 "wrote output" -- "$ember" run "$ncnn_dir/blazeface.param" "${face_run[@]}" \
  --output "output=$tmp/face_noslope.bin"
check "the comparison tells outputs apart (MyLeakyReLU read its slope)" 1 "values 6144 6144" -- \
  same "$tmp/face_custom.bin" "$tmp/face_noslope.bin"

# bench --profile: the custom op's rows with kernel `custom`.
bench=(--loops 1 --warmup 0 --no-limit --profile)
check "bench --profile Paddle: my_relu runs kernel custom" 0 "^ +[0-9]+ +my_relu .* custom$" -- \
  "$ember" bench --plugin "$plugin" "$tmp/mlp" "${bench[@]}"
check "bench --profile ONNX: my_relu runs kernel custom" 0 "^ +[0-9]+ +my_relu .* custom$" -- \
  "$ember" bench --plugin "$plugin" "$tmp/cnn.onnx" "${bench[@]}"
check "bench --profile ncnn: MyLeakyReLU runs kernel custom" 0 "^ +[0-9]+ +MyLeakyReLU .* custom$" -- \
  "$ember" bench --plugin "$plugin_cc" "$tmp/face_custom.param" --generate-weights "${bench[@]}"

# convert and profile load models too.
check "convert ONNX with my_relu to Paddle" 0 "wrote $tmp/conv/model.pdmodel" -- \
  "$ember" convert --plugin "$plugin" "$tmp/cnn.onnx" "$tmp/conv"
check "the converted model runs with the plugin" 0 "wrote output" -- "$ember" run --plugin "$plugin" "$tmp/conv" \
  --threads 2 --input "images=$onnx/infer_3.png" --output "output=$tmp/conv.bin"
check "converted: the same output" 0 "values 10 10" -- same "$tmp/conv.bin" "$tmp/cnn.bin"
check "profile: the model's built-in ops, not the plugin's" 0 \
  "^  conv2d fc feed fetch layout_transform pool2d reshape2$" -- "$ember" profile --plugin "$plugin" "$tmp/cnn.onnx"
check "profile: a model with a custom op builds the custom op registry" 0 "^set\(EMBER_NET_CUSTOM_OPS ON\)$" -- \
  "$ember" profile --plugin "$plugin" "$tmp/cnn.onnx"
check "profile: a model without one leaves it out" 1 "^$" -- \
  bash -c "'$ember' profile --plugin '$plugin' '$onnx/mnist.onnx' 2>&1 | grep EMBER_NET_CUSTOM_OPS"

# Without the plugin: the missing type is named.
check "run ONNX without the plugin names my_relu" 1 "no converter for 'my_relu'" -- \
  "$ember" run "$tmp/cnn.onnx" --input "images=$onnx/infer_3.png"
check "run Paddle without the plugin names my_relu" 1 "error: .*my_relu" -- "$ember" run "$tmp/mlp" "${mnist_in[@]}"
check "run ncnn without the plugin names MyLeakyReLU" 1 "error: .*MyLeakyReLU" -- \
  "$ember" run "$tmp/face_custom.param" "${face_run[@]}"
check "bench without the plugin names my_relu" 1 "error: .*my_relu" -- "$ember" bench "$tmp/cnn.onnx" "${bench[@]}"

# Bad plugins: exit 1 with the file named, never a crash.
check "a missing plugin file" 1 "^ember run: error: plugin $tmp/none.so: cannot load it: .*No such file" -- \
  "$ember" run --plugin "$tmp/none.so" "$tmp/cnn.onnx"
libm=$(ls /lib/x86_64-linux-gnu/libm.so.6 /lib/*-linux-gnu*/libm.so.6 /lib64/libm.so.6 2>/dev/null | head -1)
check "a library without ember_plugin_init (libm)" 1 \
  "^ember inspect: error: plugin ${libm:-libm}: has no ember_plugin_init\(\) \(.*undefined symbol" -- \
  "$ember" inspect --plugin "${libm:-libm}" "$tmp/cnn.onnx"
check "a plugin whose init fails, with Ember's reason" 1 \
  "^ember bench: error: plugin $plugin_fail: ember_plugin_init\(\) failed, returning 1 .*'relu' is a built-in op" -- \
  "$ember" bench --plugin "$plugin_fail" "$tmp/cnn.onnx" "${bench[@]}"
check "the same plugin twice: its second init fails" 1 \
  "plugin $plugin: ember_plugin_init\(\) failed, .*already registered" -- \
  "$ember" run --plugin "$plugin" --plugin "$plugin" "$tmp/cnn.onnx"
check "not a shared library" 1 "^ember convert: error: plugin $tmp/face.param: cannot load it: " -- \
  "$ember" convert --plugin "$tmp/face.param" "$tmp/cnn.onnx" "$tmp/conv2"
check "profile: a bad plugin" 1 "^ember profile: error: plugin $tmp/none.so: cannot load it" -- \
  "$ember" profile --plugin "$tmp/none.so" "$tmp/cnn.onnx"
for sub in inspect run bench convert profile; do
  check "$sub --help names --plugin" 0 "^ +--plugin LIB.so " -- "$ember" "$sub" --help
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

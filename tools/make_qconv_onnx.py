#!/usr/bin/python3
"""Writes a small ResNet-like stack of quantized convolutions as an ONNX model for timing the int8 conv path
(issue 21): QuantizeLinear -> QLinearConv x 6 (uint8 activations, int8 weights, per-channel weight scales,
int32 bias) -> DequantizeLinear; with --float, the same convolutions as float Conv for comparison. Fixed
random weights; pure Python (the protobuf is encoded here, no onnx or numpy needed).

    python3 tools/make_qconv_onnx.py OUT.onnx [--float]
    ember bench --profile OUT.onnx
"""
import argparse
import random
import struct

FLOAT, UINT8, INT8, INT32 = 1, 2, 3, 6  # TensorProto.DataType
ATTR_INTS = 7
# (cin, cout, kernel, stride) at 56 x 56: ResNet-50's stage-2 shapes, then a stride-2 step to 28 x 28.
LAYERS = [(64, 64, 3, 1), (64, 256, 1, 1), (256, 64, 1, 1), (64, 64, 3, 1), (64, 128, 3, 2), (128, 128, 3, 1)]


def varint(v):
    v &= (1 << 64) - 1
    out = bytearray()
    while True:
        out.append(v & 0x7F | (0x80 if v > 0x7F else 0))
        v >>= 7
        if not v:
            return bytes(out)


def field(num, value):
    if isinstance(value, int):
        return varint(num << 3) + varint(value)
    if isinstance(value, str):
        value = value.encode()
    return varint(num << 3 | 2) + varint(len(value)) + value


def tensor(name, dtype, dims, raw):
    return b"".join(field(1, d) for d in dims) + field(2, dtype) + field(8, name) + field(9, raw)


def floats(vs):
    return struct.pack("<%df" % len(vs), *vs)


def attr_ints(name, vs):
    return field(1, name) + field(20, ATTR_INTS) + b"".join(field(8, int(v)) for v in vs)


def node(op, inputs, outputs, name, *attrs):
    return (b"".join(field(1, i) for i in inputs) + b"".join(field(2, o) for o in outputs) + field(3, name) +
            field(4, op) + b"".join(field(5, a) for a in attrs))


def value_info(name, elem_type, dims):
    shape = b"".join(field(1, field(1, int(d))) for d in dims)
    return field(1, name) + field(2, field(1, field(1, elem_type) + field(2, shape)))


def build(use_float):
    rng = random.Random(0)
    nodes, inits = [], []

    def init(name, dtype, dims, raw):
        inits.append(tensor(name, dtype, dims, raw))
        return name

    act_scale = init("act_scale", FLOAT, [], floats([0.05]))
    act_zp = init("act_zp", UINT8, [], bytes([128]))
    x = "x"
    if not use_float:
        nodes.append(node("QuantizeLinear", ["x", act_scale, act_zp], ["q0"], "quantize"))
        x = "q0"
    for i, (cin, cout, k, stride) in enumerate(LAYERS):
        attrs = [attr_ints("kernel_shape", [k, k]), attr_ints("strides", [stride, stride]),
                 attr_ints("pads", [k // 2] * 4)]
        out = "c%d" % (i + 1)
        n = cout * cin * k * k
        if use_float:
            w = init("w%d" % i, FLOAT, [cout, cin, k, k], floats([rng.uniform(-0.1, 0.1) for _ in range(n)]))
            b = init("b%d" % i, FLOAT, [cout], floats([rng.uniform(-0.1, 0.1) for _ in range(cout)]))
            nodes.append(node("Conv", [x, w, b], [out], "conv%d" % i, *attrs))
        else:
            w = init("w%d" % i, INT8, [cout, cin, k, k], bytes(rng.getrandbits(8) for _ in range(n)))
            ws = init("ws%d" % i, FLOAT, [cout], floats([rng.uniform(0.001, 0.003) for _ in range(cout)]))
            wz = init("wz%d" % i, INT8, [cout], bytes(cout))
            b = init("b%d" % i, INT32, [cout], struct.pack("<%di" % cout, *[rng.randint(-500, 500)
                                                                            for _ in range(cout)]))
            nodes.append(node("QLinearConv", [x, act_scale, act_zp, w, ws, wz, act_scale, act_zp, b], [out],
                              "qconv%d" % i, *attrs))
        x = out
    if not use_float:
        nodes.append(node("DequantizeLinear", [x, act_scale, act_zp], ["y"], "dequantize"))
        x = "y"
    hw = 56 // 2
    graph = (b"".join(field(1, n) for n in nodes) + field(2, "qconv") + b"".join(field(5, t) for t in inits) +
             field(11, value_info("x", FLOAT, [1, 64, 56, 56])) +
             field(12, value_info(x, FLOAT, [1, LAYERS[-1][1], hw, hw])))
    return (field(1, 8) + field(2, "ember tools/make_qconv_onnx.py") + field(8, field(1, "") + field(2, 13)) +
            field(7, graph))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--float", action="store_true", help="float Conv instead of QLinearConv")
    a = ap.parse_args()
    with open(a.out, "wb") as f:
        f.write(build(a.float))


if __name__ == "__main__":
    main()

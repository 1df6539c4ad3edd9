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

from onnx_proto import FLOAT, INT8, INT32, UINT8, attr_ints, graph, model, node, raw_tensor, value_info

# (cin, cout, kernel, stride) at 56 x 56: ResNet-50's stage-2 shapes, then a stride-2 step to 28 x 28.
LAYERS = [(64, 64, 3, 1), (64, 256, 1, 1), (256, 64, 1, 1), (64, 64, 3, 1), (64, 128, 3, 2), (128, 128, 3, 1)]


def floats(vs):
    return struct.pack("<%df" % len(vs), *vs)


def build(use_float):
    rng = random.Random(0)
    nodes, inits = [], []

    def init(name, dtype, dims, raw):
        inits.append(raw_tensor(name, dtype, dims, raw))
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
    g = graph("qconv", nodes, inits, [value_info("x", FLOAT, [1, 64, 56, 56])],
              [value_info(x, FLOAT, [1, LAYERS[-1][1], hw, hw])])
    return model(g, "ember tools/make_qconv_onnx.py", 13, 8)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--float", action="store_true", help="float Conv instead of QLinearConv")
    a = ap.parse_args()
    with open(a.out, "wb") as f:
        f.write(build(a.float))


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Writes a LLaMA-style decoder block stack as an opset-23 ONNX model (RMSNormalization, RotaryEmbedding,
grouped-query Attention, SiLU-gated MLP; fixed random weights) for issue 22's transformer-block benchmark
beside ONNX Runtime (tools/bench_onnx.sh makes it when missing). Needs only numpy: the protobuf is encoded here.

    /usr/bin/python3 tools/make_transformer_onnx.py [OUT.onnx] [--layers 6] [--seq 128]

OUT defaults to ${EMBER_CACHE:-~/.cache/ember}/bench_onnx/transformer23.onnx.
"""
import argparse
import os
import struct

import numpy as np

HIDDEN, Q_HEADS, KV_HEADS, HEAD, MLP = 256, 4, 2, 64, 688
FLOAT, INT64 = 1, 7  # TensorProto.DataType
ATTR_FLOAT, ATTR_INT, ATTR_INTS = 1, 2, 7  # AttributeProto.AttributeType


# Protobuf wire format: a field is a varint key (number << 3 | wire type) and its value.
def varint(v):
    v &= (1 << 64) - 1  # negative int64 as its 64-bit two's complement (10 bytes)
    out = bytearray()
    while True:
        out.append(v & 0x7F | (0x80 if v > 0x7F else 0))
        v >>= 7
        if not v:
            return bytes(out)


def field(num, value):
    """int -> varint (wire type 0); float -> fixed32 (5); str/bytes -> length-delimited (2)."""
    if isinstance(value, int):
        return varint(num << 3) + varint(value)
    if isinstance(value, float):
        return varint(num << 3 | 5) + struct.pack("<f", value)
    if isinstance(value, str):
        value = value.encode()
    return varint(num << 3 | 2) + varint(len(value)) + value


def packed(num, ints):
    return field(num, b"".join(varint(int(v)) for v in ints))


def tensor(name, array):
    array = np.ascontiguousarray(array)
    out = b"".join(field(1, int(d)) for d in array.shape) + field(8, name)
    if array.dtype == np.int64:
        return out + field(2, INT64) + packed(7, array.ravel())  # int64_data [packed = true]
    return out + field(2, FLOAT) + field(9, array.astype("<f4").tobytes())  # raw_data


def attr_int(name, v):
    return field(1, name) + field(20, ATTR_INT) + field(3, int(v))


def attr_float(name, v):
    return field(1, name) + field(20, ATTR_FLOAT) + field(2, float(v))


def attr_ints(name, vs):
    return field(1, name) + field(20, ATTR_INTS) + b"".join(field(8, int(v)) for v in vs)


def node(op, inputs, outputs, name, *attrs):
    return (b"".join(field(1, i) for i in inputs) + b"".join(field(2, o) for o in outputs) + field(3, name) +
            field(4, op) + b"".join(field(5, a) for a in attrs))


def value_info(name, elem_type, dims):
    shape = b"".join(field(1, field(1, int(d))) for d in dims)
    return field(1, name) + field(2, field(1, field(1, elem_type) + field(2, shape)))


def graph(name, nodes, initializers, inputs, outputs):
    return (b"".join(field(1, n) for n in nodes) + field(2, name) + b"".join(field(5, t) for t in initializers) +
            b"".join(field(11, v) for v in inputs) + b"".join(field(12, v) for v in outputs))


def model(graph_bytes, opset=23):
    return (field(1, 10) + field(2, "ember tools/make_transformer_onnx.py") +
            field(8, field(1, "") + field(2, opset)) + field(7, graph_bytes))


def transformer(layers, seq):
    rng = np.random.default_rng(0)
    nodes, inits = [], []

    def weight(name, *shape):
        inits.append(tensor(name, rng.standard_normal(shape, np.float32) * 0.02))
        return name

    def norm_weight(name):
        inits.append(tensor(name, 1 + rng.standard_normal(HIDDEN, np.float32) * 0.02))
        return name

    def op(kind, inputs, out, *attrs):
        nodes.append(node(kind, inputs, [out], out, *attrs))
        return out

    def rms_norm(x, w, out):
        return op("RMSNormalization", [x, w], out, attr_int("axis", -1), attr_float("epsilon", 1e-5))

    inv_freq = 1.0 / 10000.0 ** (np.arange(0, HEAD, 2, dtype=np.float64) / HEAD)
    angles = np.outer(np.arange(seq, dtype=np.float64), inv_freq)  # [seq, HEAD / 2]
    inits += [tensor("cos_cache", np.cos(angles).astype(np.float32)),
              tensor("sin_cache", np.sin(angles).astype(np.float32)),
              tensor("position_ids", np.arange(seq, dtype=np.int64).reshape(1, seq))]
    x = "x"
    for i in range(layers):
        p = f"layers.{i}."
        h = rms_norm(x, norm_weight(p + "input_layernorm.weight"), p + "input_norm")
        q = op("MatMul", [h, weight(p + "q_proj.weight", HIDDEN, Q_HEADS * HEAD)], p + "q")
        k = op("MatMul", [h, weight(p + "k_proj.weight", HIDDEN, KV_HEADS * HEAD)], p + "k")
        v = op("MatMul", [h, weight(p + "v_proj.weight", HIDDEN, KV_HEADS * HEAD)], p + "v")
        q = op("RotaryEmbedding", [q, "cos_cache", "sin_cache", "position_ids"], p + "q_rope",
               attr_int("interleaved", 0), attr_int("num_heads", Q_HEADS))
        k = op("RotaryEmbedding", [k, "cos_cache", "sin_cache", "position_ids"], p + "k_rope",
               attr_int("interleaved", 0), attr_int("num_heads", KV_HEADS))
        a = op("Attention", [q, k, v], p + "attn", attr_int("is_causal", 1), attr_int("q_num_heads", Q_HEADS),
               attr_int("kv_num_heads", KV_HEADS))
        o = op("MatMul", [a, weight(p + "o_proj.weight", Q_HEADS * HEAD, HIDDEN)], p + "o")
        x = op("Add", [x, o], p + "attn_residual")
        h = rms_norm(x, norm_weight(p + "post_attention_layernorm.weight"), p + "post_attn_norm")
        g = op("MatMul", [h, weight(p + "gate_proj.weight", HIDDEN, MLP)], p + "gate")
        u = op("MatMul", [h, weight(p + "up_proj.weight", HIDDEN, MLP)], p + "up")
        silu = op("Mul", [g, op("Sigmoid", [g], p + "gate_sigmoid")], p + "gate_silu")
        m = op("Mul", [silu, u], p + "mlp_hidden")
        x = op("Add", [x, op("MatMul", [m, weight(p + "down_proj.weight", MLP, HIDDEN)], p + "down")],
               p + "mlp_residual")
    rms_norm(x, norm_weight("norm.weight"), "y")
    return graph("transformer23", nodes, inits, [value_info("x", FLOAT, [1, seq, HIDDEN])],
                 [value_info("y", FLOAT, [1, seq, HIDDEN])])


def main():
    cache = os.environ.get("EMBER_CACHE") or os.path.expanduser("~/.cache/ember")
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", default=os.path.join(cache, "bench_onnx", "transformer23.onnx"))
    ap.add_argument("--layers", type=int, default=6)
    ap.add_argument("--seq", type=int, default=128)
    args = ap.parse_args()
    data = model(transformer(args.layers, args.seq))
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "wb") as f:
        f.write(data)
    print(f"{args.out}: {args.layers} layers, seq {args.seq}, {len(data) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()

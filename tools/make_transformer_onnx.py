#!/usr/bin/python3
"""Writes a LLaMA-style decoder block stack as an opset-23 ONNX model (RMSNormalization, RotaryEmbedding,
grouped-query Attention, SiLU-gated MLP; fixed random weights) for issue 22's transformer-block benchmark
beside ONNX Runtime (tools/bench_onnx.sh makes it when missing). Needs only numpy: the protobuf is encoded here.

    /usr/bin/python3 tools/make_transformer_onnx.py [OUT.onnx] [--layers 6] [--seq 128]

OUT defaults to ${EMBER_CACHE:-~/.cache/ember}/bench_onnx/transformer23.onnx.
"""
import argparse
import os

import numpy as np
from onnx_proto import FLOAT, INT64, attr_float, attr_int, field, graph, node, packed, value_info
from onnx_proto import model as onnx_model

HIDDEN, Q_HEADS, KV_HEADS, HEAD, MLP = 256, 4, 2, 64, 688


def tensor(name, array):
    array = np.ascontiguousarray(array)
    out = b"".join(field(1, int(d)) for d in array.shape) + field(8, name)
    if array.dtype == np.int64:
        return out + field(2, INT64) + packed(7, array.ravel())  # int64_data [packed = true]
    return out + field(2, FLOAT) + field(9, array.astype("<f4").tobytes())  # raw_data


def model(graph_bytes, opset=23):
    return onnx_model(graph_bytes, "ember tools/make_transformer_onnx.py", opset, 10)


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

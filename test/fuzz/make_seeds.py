#!/usr/bin/env python3
"""Writes the derived seed files of the fuzz corpora from ../shared/models (run once; the outputs are
checked in). The ONNX seeds are ONNX's own node-test models (libonnx-testdata) plus small_cnn.onnx
(protoc --encode=ember.onnx.ModelProto from data/small_cnn.onnx.txt); the ncnn seeds are bench .param files
(FastestDet, blazeface, nanodet_m, squeezenet, vision_transformer, yolo-fastestv2: the ones that
load and run in well under a second under ASan) plus conv_fc_with_bin (see fuzz_ncnn.cpp for the layout)."""
import os, struct, sys

here = os.path.dirname(os.path.abspath(__file__))
models = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, '..', '..', '..', 'shared', 'models')
paddle = os.path.join(models, 'paddle')

def read(*p):
    with open(os.path.join(*p), 'rb') as f:
        return f.read()

def write(target, name, data):
    d = os.path.join(here, 'corpus', target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), 'wb') as f:
        f.write(data)

def varint(v):
    out = b''
    v &= (1 << 64) - 1
    while True:
        b = v & 0x7f
        v >>= 7
        if v:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])

def tensor(dtype, dims, payload, lod=()):
    """A Paddle serialized LoDTensor: version, LoD levels, tensor version, TensorDesc, data."""
    desc = b'\x08' + varint(dtype) + b''.join(b'\x10' + varint(d) for d in dims)
    out = struct.pack('<I', 0) + struct.pack('<Q', len(lod))
    for level in lod:
        out += struct.pack('<Q', 8 * len(level)) + b''.join(struct.pack('<Q', x) for x in level)
    return out + struct.pack('<I', 0) + struct.pack('<i', len(desc)) + desc + payload

# fuzz_paddle_params: mode byte (see fuzz_paddle_params.cpp) + bytes.
simple_params = read(paddle, 'pl_simple_model', 'model.pdiparams')
write('fuzz_paddle_params', 'combined_pl_simple', b'\x00' + simple_params)
write('fuzz_paddle_params', 'combined_pl_simple_zero_copy', b'\x80' + simple_params)
bias = read(paddle, 'mnist_mlp_handwriting', 'fc_2.b_0')
write('fuzz_paddle_params', 'fp32_rank1_mnist_bias', bytes([0x01 | (0 << 1) | (1 << 4)]) + bias)
write('fuzz_paddle_params', 'fp32_rank1_mnist_bias_zero_copy', bytes([0x81 | (0 << 1) | (1 << 4)]) + bias)
# dtype index: 0 fp32, 1 fp16, 2 fp64, 3 int32, 4 int64, 5 int8, 6 uint8, 7 bool (Paddle numbers below).
write('fuzz_paddle_params', 'fp16_rank1', bytes([0x01 | (1 << 1) | (1 << 4)]) + tensor(4, [3], struct.pack('<3e', 1, -2, 0.5)))
write('fuzz_paddle_params', 'fp64_rank2', bytes([0x01 | (2 << 1) | (2 << 4)]) + tensor(6, [2, 2], struct.pack('<4d', 1, 2, 3, 4)))
write('fuzz_paddle_params', 'int32_rank1_lod', bytes([0x81 | (3 << 1) | (1 << 4)]) + tensor(2, [4], struct.pack('<4i', 1, 2, 3, 4), lod=[[0, 2, 4]]))
write('fuzz_paddle_params', 'int64_rank2', bytes([0x81 | (4 << 1) | (2 << 4)]) + tensor(3, [2, 1], struct.pack('<2q', 7, -7)))
write('fuzz_paddle_params', 'int8_rank3', bytes([0x01 | (5 << 1) | (3 << 4)]) + tensor(21, [1, 2, 2], bytes([1, 255, 3, 4])))
write('fuzz_paddle_params', 'uint8_rank0', bytes([0x01 | (6 << 1) | (0 << 4)]) + tensor(20, [], bytes([9])))
write('fuzz_paddle_params', 'bool_rank4', bytes([0x01 | (7 << 1) | (4 << 4)]) + tensor(0, [1, 1, 1, 3], bytes([1, 0, 1])))

# fuzz_paddle_program: real ProgramDescs.
write('fuzz_paddle_program', 'pl_simple_model.pdmodel', read(paddle, 'pl_simple_model', 'model.pdmodel'))
write('fuzz_paddle_program', 'mnist_mlp.pdmodel', read(paddle, 'mnist_mlp_handwriting', '__model__'))

# fuzz_paddle_model: 4-byte length (top bit: generate weights) + program + combined params.
def model_input(program, params=b'', generate=False):
    return struct.pack('<I', len(program) | (0x80000000 if generate else 0)) + program + params
simple = read(paddle, 'pl_simple_model', 'model.pdmodel')
write('fuzz_paddle_model', 'pl_simple_model', model_input(simple, simple_params))
write('fuzz_paddle_model', 'mnist_mlp_generated', model_input(read(paddle, 'mnist_mlp_handwriting', '__model__'), generate=True))

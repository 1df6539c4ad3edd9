"""A minimal ONNX protobuf writer in pure Python (no onnx package): the wire format and the ModelProto,
GraphProto, NodeProto, AttributeProto and ValueInfoProto fields the tools/make_*_onnx.py scripts use."""
import struct

FLOAT, UINT8, INT8, INT32, INT64 = 1, 2, 3, 6, 7  # TensorProto.DataType
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


def raw_tensor(name, dtype, dims, raw):
    """A TensorProto from its little-endian bytes (raw_data)."""
    return b"".join(field(1, int(d)) for d in dims) + field(2, dtype) + field(8, name) + field(9, raw)


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


def model(graph_bytes, producer, opset, ir_version):
    return (field(1, ir_version) + field(2, producer) + field(8, field(1, "") + field(2, opset)) +
            field(7, graph_bytes))

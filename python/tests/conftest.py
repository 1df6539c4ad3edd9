"""Shared fixtures: where the test models are, and readers for their reference files."""
import json
import os

import numpy as np
import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="session")
def models_dir():
    path = os.environ.get("EMBER_MODELS_DIR") or os.path.join(REPO, "..", "shared", "models")
    if not os.path.isdir(path):
        pytest.fail("no test models at %s (set EMBER_MODELS_DIR to shared/models)" % path)
    return path


def read_refdata(folder):
    """meta.json's inputs and outputs as {name: array} (little-endian float32 .bin files)."""
    with open(os.path.join(folder, "meta.json")) as f:
        meta = json.load(f)

    def load(entries):
        return {name: np.fromfile(os.path.join(folder, e["file"]), "<f4").reshape(e["shape"])
                for name, e in entries.items()}
    return load(meta["inputs"]), load(meta["outputs"]), meta


def _varint(buf, i):
    value, shift = 0, 0
    while True:
        b = buf[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return value, i


def read_tensor_proto(path):
    """A float32 ONNX TensorProto file (dims, raw_data or float_data): enough for the test sets used here."""
    buf = open(path, "rb").read()
    dims, raw, floats, i = [], None, [], 0
    while i < len(buf):
        key, i = _varint(buf, i)
        field, wire = key >> 3, key & 7
        if wire == 0:
            value, i = _varint(buf, i)
            if field == 1:
                dims.append(value)
        elif wire == 2:
            n, i = _varint(buf, i)
            chunk = buf[i:i + n]
            i += n
            if field == 1:  # packed dims
                j = 0
                while j < len(chunk):
                    d, j = _varint(chunk, j)
                    dims.append(d)
            elif field == 9:
                raw = chunk
            elif field == 4:
                floats = list(np.frombuffer(chunk, "<f4"))
        elif wire == 5:
            i += 4
        elif wire == 1:
            i += 8
        else:
            raise ValueError("%s: unexpected wire type %d" % (path, wire))
    data = np.frombuffer(raw, "<f4") if raw is not None else np.array(floats, np.float32)
    return data.reshape(dims)


def close(actual, expected, tol=1e-4):
    """Max difference within tol of the expected output's range (at least 1)."""
    scale = max(1.0, float(np.max(expected) - np.min(expected)))
    return float(np.max(np.abs(actual - expected))) <= tol * scale

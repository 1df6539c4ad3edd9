"""`ember quantize` end to end on trained models: the int8 model (written as a Paddle quantized program, loaded
here through the module onto quantized_conv2d) agrees with the float model on inputs it was not calibrated on:
UltraFace's face boxes (IoU >= 0.9) and the ONNX MNIST CNN's digit. The CLI comes from EMBER_CLI (CTest sets it).
tools/quantize_eval.py is the longer measurement (docs/BENCH.md)."""
import os
import subprocess

import ember
import numpy as np
import pytest

from conftest import read_tensor_proto


def ember_cli():
    path = os.environ.get("EMBER_CLI")
    if not path or not os.path.exists(path):
        pytest.fail("EMBER_CLI does not name the ember binary (CTest sets it)")
    return path


def perturbed(base, n, seed, lo, hi):
    rng = np.random.RandomState(seed)
    return [np.clip(np.roll(base, tuple(rng.randint(-3, 4, size=2)), axis=(2, 3)) * rng.uniform(0.85, 1.15) +
                    rng.normal(0, 0.05, base.shape), lo, hi).astype(np.float32) for _ in range(n)]


def quantize(model, out, calib, tmp_path, *extra):
    cdir = tmp_path / "calib"
    cdir.mkdir(exist_ok=True)
    for i, x in enumerate(calib):
        np.save(cdir / ("%d.npy" % i), x)
    text = subprocess.run([ember_cli(), "quantize", model, str(out), "--calib", str(cdir)] + list(extra),
                          check=True, capture_output=True, text=True).stdout
    assert "quantized_conv2d" in text
    return ember.Model(str(out))


def iou(a, b):
    w = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    h = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    return w * h / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - w * h + 1e-12)


def faces(out, threshold):
    scores, boxes = out["scores"][0, :, 1], out["boxes"][0]
    kept = []
    for i in [i for i in np.argsort(-scores) if scores[i] > threshold]:
        if all(iou(boxes[i], boxes[j]) < 0.3 for j in kept):
            kept.append(i)
    return [boxes[i] for i in kept]


def test_ultraface_int8_finds_the_float_faces(models_dir, tmp_path):
    d = os.path.join(models_dir, "onnx", "ultraface")
    base = read_tensor_proto(os.path.join(d, "test_data_set_0", "input_0.pb"))
    f = ember.Model(os.path.join(d, "version-RFB-320.onnx"))
    q = quantize(os.path.join(d, "version-RFB-320.onnx"), tmp_path / "q", perturbed(base, 6, 1, -1, 1), tmp_path,
                 "--method", "minmax")
    total = found = 0
    for x in [base] + perturbed(base, 4, 2, -1, 1):
        want = faces(f.predictor().run({"input": x}), 0.7)
        out = q.predictor().run({"input": x})
        assert len(want) > 0
        total += len(want)
        found += sum(1 for w in want if any(iou(w, g) >= 0.9 for g in faces(out, 0.7)))
        # Every float face has an int8 box over it scoring > 0.5 (NMS may keep a neighbouring anchor).
        near = [b for b, s in zip(out["boxes"][0], out["scores"][0, :, 1]) if s > 0.5]
        assert all(any(iou(w, g) >= 0.9 for g in near) for w in want)
    assert found >= 0.97 * total


def test_mnist_int8_reads_the_digit(models_dir, tmp_path):
    d = os.path.join(models_dir, "onnx", "mnist")
    base = read_tensor_proto(os.path.join(d, "test_data_set_0", "input_0.pb"))
    f = ember.Model(os.path.join(d, "mnist.onnx"))
    q = quantize(os.path.join(d, "mnist.onnx"), tmp_path / "q", perturbed(base, 8, 3, 0, 1), tmp_path, "--min-k", "0")
    name = f.input_names[0]
    tests = [base] + perturbed(base, 20, 4, 0, 1)
    assert int(np.argmax(f.predictor().run({name: base})[f.output_names[0]])) == 3
    for x in tests:
        want = np.argmax(f.predictor().run({name: x})[f.output_names[0]])
        assert np.argmax(q.predictor().run({name: x})[q.output_names[0]]) == want

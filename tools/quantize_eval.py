#!/usr/bin/env python3
"""Accuracy of `ember quantize` on the trained models in shared/models, int8 against the float model (issue 21).

For each model: calibration inputs (16 perturbed copies of its input, as .npy) -> `ember quantize` with each
method (and kl with --quantize-first-last, kl and minmax with --min-k 0: every conv but depthwise) -> both
models run through the Python module on the model's own input and 100 other perturbed copies:
  - ONNX MNIST CNN, Paddle gesture recognizer: top-1 of int8 equal to float's;
  - UltraFace RFB-320: the face boxes of the float model (score > 0.7, NMS 0.3) the int8 model finds with
    IoU >= 0.9, after the same threshold and NMS and among its boxes scoring over 0.5 (1.jpg, 20 perturbed copies);
and the params file sizes, float (`ember convert`) and int8.
--parity DIR (the torchvision exports tools/parity.sh writes, ~/.cache/ember/parity): each network calibrated on
16 random-normal inputs and tested on 200 others, int8 against float (the issue's PyTorch-parity check). These
exports carry torchvision's random initial weights, no trained ones, so their float top-1 is one class for every
input and top-1 agreement alone says little: the table also gives how many classes the float top-1 takes, the
overlap of the top-5 sets, and the median over inputs of max |int8 - float| / the float logits' range.

usage: PYTHONPATH=build-linux-full/python /usr/bin/python3 tools/quantize_eval.py [--ember build-linux-full/ember]
       [--models ../shared/models] [--out /tmp/quantize_eval] [--parity DIR [--methods "kl minmax"]]
"""
import argparse
import os
import subprocess

import cv2
import ember
import numpy as np


def perturbed(base, n, seed, shift, noise, lo, hi, gain=0.0):
    rng = np.random.RandomState(seed)
    out = []
    for _ in range(n):
        x = base.copy()
        if shift:
            dy, dx = rng.randint(-shift, shift + 1, size=2)
            x = np.roll(x, (dy, dx), axis=(2, 3))
        if gain:
            x = x * (1.0 + rng.uniform(-gain, gain))
        x = x + rng.normal(0, noise, x.shape)
        out.append(np.clip(x, lo, hi).astype(np.float32))
    return out


def mnist_input(models):
    img = cv2.imread(os.path.join(models, "onnx/mnist/infer_3.png"), cv2.IMREAD_GRAYSCALE)
    return (cv2.resize(img, (28, 28), interpolation=cv2.INTER_AREA) / 255.0).astype(np.float32)[None, None]


def ultraface_input(models):
    img = cv2.imread(os.path.join(models, "onnx/ultraface/1.jpg"))[:, :, ::-1]
    img = cv2.resize(img, (320, 240)).astype(np.float32)
    return ((img - 127.0) / 128.0).transpose(2, 0, 1)[None].copy()


def gesture_input():
    n = 3 * 224 * 224
    return (np.arange(n, dtype=np.float32) / n).reshape(1, 3, 224, 224)


def run(model, x):
    pred = model.predictor()
    return pred.run({model.input_names[0]: x})


def top1_agreement(f, q, inputs):
    same = 0
    for x in inputs:
        a, b = run(f, x), run(q, x)
        name = f.output_names[0]
        same += int(np.argmax(a[name]) == np.argmax(b[name]))
    return same


def logit_agreement(f, q, inputs):
    """Top-1 equal, distinct float top-1 classes, mean top-5 overlap (of 5), median max error / float range."""
    name = f.output_names[0]
    same, classes, top5, errs = 0, set(), [], []
    for x in inputs:
        a, b = run(f, x)[name].ravel(), run(q, x)[name].ravel()
        same += int(np.argmax(a) == np.argmax(b))
        classes.add(int(np.argmax(a)))
        top5.append(len(set(np.argsort(-a)[:5]) & set(np.argsort(-b)[:5])))
        errs.append(float(np.abs(a - b).max() / (a.max() - a.min() + 1e-12)))
    return same, len(classes), float(np.mean(top5)), float(np.median(errs))


def iou(a, b):
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[2], b[2]), min(a[3], b[3])
    inter = max(0.0, x1 - x0) * max(0.0, y1 - y0)
    area = lambda r: (r[2] - r[0]) * (r[3] - r[1])
    return inter / (area(a) + area(b) - inter + 1e-12)


def faces(out):
    scores, boxes = out["scores"][0, :, 1], out["boxes"][0]
    order = [i for i in np.argsort(-scores) if scores[i] > 0.7]
    kept = []
    for i in order:
        if all(iou(boxes[i], boxes[j]) < 0.3 for j in kept):
            kept.append(i)
    return [boxes[i] for i in kept]


def faces_found(f, q, inputs):
    """Float faces the int8 model finds with IoU >= 0.9: after its own threshold and NMS, and among all its boxes
    scoring over 0.5 (a face whose int8 score fell just under 0.7, or where NMS kept a neighbouring anchor)."""
    total = found = near = 0
    for x in inputs:
        out = run(q, x)
        want, got = faces(run(f, x)), faces(out)
        anchors = [b for b, s in zip(out["boxes"][0], out["scores"][0, :, 1]) if s > 0.5]
        total += len(want)
        found += sum(1 for w in want if any(iou(w, g) >= 0.9 for g in got))
        near += sum(1 for w in want if any(iou(w, g) >= 0.9 for g in anchors))
    return found, near, total


def quantize(ember_bin, model, out, calib_dir, method, extra):
    cmd = [ember_bin, "quantize", model, out, "--calib", calib_dir, "--method", method] + extra
    text = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return [l for l in text.splitlines() if l.startswith("calibrated on")][0]


def size(path):
    return os.path.getsize(os.path.join(path, "model.pdiparams"))


PARITY_NETS = ["resnet18", "mobilenet_v2", "squeezenet1_1", "googlenet", "shufflenet_v2_x1_0", "efficientnet_b0",
               "mobilenet_v3_small"]


def parity_eval(a):
    """Top-1 agreement of int8 and float on the torchvision exports, over 200 random-normal inputs."""
    print("| network | method | convs int8 | params float / int8 | top-1 same | float top-1 classes | top-5 overlap |"
          " median max err / range |")
    print("|---|---|---|---|---|---|---|---|")
    for net in PARITY_NETS:
        path = os.path.join(a.parity, net + ".onnx")
        if not os.path.exists(path):
            print("| %s | - | - | - | not exported (tools/parity.sh --generate-only) |" % net)
            continue
        f = ember.Model(path)
        shape = f.inspect()["inputs"][0]["shape"]
        work = os.path.join(a.out, "parity", net)
        calib = os.path.join(work, "calib")
        os.makedirs(calib, exist_ok=True)
        rng = np.random.RandomState(1)
        for i in range(16):
            np.save(os.path.join(calib, "%02d.npy" % i), rng.standard_normal(shape).astype(np.float32))
        rng = np.random.RandomState(2)
        tests = [rng.standard_normal(shape).astype(np.float32) for _ in range(200)]
        fdir = os.path.join(work, "float")
        subprocess.run([a.ember, "convert", path, fdir], check=True, capture_output=True)
        for method in a.methods.split():
            qdir = os.path.join(work, method)
            line = quantize(a.ember, path, qdir, calib, method, [])
            convs = line.split("; ")[1].replace(" convs int8", "")
            same, classes, top5, err = logit_agreement(f, ember.Model(qdir), tests)
            print("| %s | %s | %s | %.2f / %.2f MB | %d of %d | %d | %.2f | %.3g |" % (
                net, method, convs, size(fdir) / 1e6, size(qdir) / 1e6, same, len(tests), classes, top5, err),
                flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ember", default="build-linux-full/ember")
    ap.add_argument("--models", default="../shared/models")
    ap.add_argument("--out", default="/tmp/quantize_eval")
    ap.add_argument("--parity", default="")
    ap.add_argument("--methods", default="kl minmax")
    a = ap.parse_args()
    if a.parity:
        parity_eval(a)
        return
    m = a.models
    cases = [
        ("ONNX MNIST CNN", os.path.join(m, "onnx/mnist/mnist.onnx"), mnist_input(m),
         dict(shift=2, noise=0.05, lo=0.0, hi=1.0), "top1"),
        ("Paddle gesture_rec", os.path.join(m, "paddle/paddlejs_gesture_rec"), gesture_input(),
         dict(shift=0, noise=0.05, lo=-1.0, hi=2.0), "top1"),
        ("UltraFace RFB-320", os.path.join(m, "onnx/ultraface/version-RFB-320.onnx"), ultraface_input(m),
         dict(shift=4, noise=0.06, lo=-1.0, hi=1.0, gain=0.2), "faces"),
    ]
    print("| model | method | convs int8 | params float / int8 | agreement with float |")
    print("|---|---|---|---|---|")
    for name, path, base, p, metric in cases:
        work = os.path.join(a.out, name.split()[-1].lower())
        calib = os.path.join(work, "calib")
        os.makedirs(calib, exist_ok=True)
        for i, x in enumerate(perturbed(base, 16, 1, **p)):
            np.save(os.path.join(calib, "%02d.npy" % i), x)
        tests = [base.astype(np.float32)] + perturbed(base, 100 if metric == "top1" else 20, 2, **p)
        fdir = os.path.join(work, "float")
        subprocess.run([a.ember, "convert", path, fdir], check=True, capture_output=True)
        f = ember.Model(path)
        runs = [("kl", []), ("minmax", []), ("percentile", []), ("kl", ["--quantize-first-last"]),
                ("kl", ["--min-k", "0"]), ("minmax", ["--min-k", "0"])]
        for method, extra in runs:
            qdir = os.path.join(work, "_".join([method] + [e.strip("-") for e in extra]))
            line = quantize(a.ember, path, qdir, calib, method, extra)
            convs = line.split("; ")[1].replace(" convs int8", "")
            q = ember.Model(qdir)
            if metric == "top1":
                agree = "top-1 same on %d of %d" % (top1_agreement(f, q, tests), len(tests))
            else:
                found, near, total = faces_found(f, q, tests)
                agree = "%d of %d float faces found with IoU >= 0.9 after NMS; %d among boxes scoring > 0.5" % (
                    found, total, near)
            label = " ".join([method] + extra)
            print("| %s | %s | %s | %.2f / %.2f MB | %s |" % (name, label, convs, size(fdir) / 1e6, size(qdir) / 1e6,
                                                              agree), flush=True)


if __name__ == "__main__":
    main()

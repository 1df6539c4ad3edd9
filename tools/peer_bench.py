#!/usr/bin/python3
"""Peer benchmark: PyTorch and OpenCV DNN on the same ncnn benchmark graphs Ember runs.

    /usr/bin/python3 tools/peer_bench.py [--threads 1,2] [--loops 10] [--warmup 2] [--engines pytorch,opencv]
                                         [--ember BUILD/ember] [--graphs DIR] [--opset 11] NET|PATH.param ...

Each ncnn .param graph (magic 7767517, then `Type Name nin nout bottoms... tops... k=v ...`, arrays as
`-23300-id=n,a,b,...`) is re-implemented layer by layer as a torch.nn.Module with the same attributes
(convolution pads incl. right/bottom and -233/-234 SAME, dilation, groups, fused activation_type 1..6;
pooling with ncnn's pad_mode full/valid/same and global/adaptive pooling; ...) and random seeded weights
drawn like Ember's --generate-weights (uniform +-sqrt(3/fan_in) for filters). Detection-output layers
(Yolov3DetectionOutput, YoloDetectionOutput, DetectionOutput) are not run: the module stops before them
and returns their inputs (Ember's time for those nets includes a small NMS the peers skip).

The re-implementation is checked before timing: every blob's shape against the file's own -23330 shape
hints, and with --ember, every op output shape Ember reports (`ember bench --profile`) and Ember's total
GFLOP (same counting: conv/deconv/fc multiply-adds x 2) against this module's.

Engines (same warmup and loops as `ember bench`; median of the loops):
  pytorch  torch.jit.trace -> torch.jit.freeze -> torch.jit.optimize_for_inference (oneDNN), at
           torch.set_num_threads(T)
  opencv   the same module exported with torch.onnx.export (opset 11 by default), cv2.dnn.readNetFromONNX,
           DNN_BACKEND_OPENCV / DNN_TARGET_CPU, cv2.setNumThreads(T); its outputs are compared with PyTorch's.

Machine-readable result lines (one per net x threads x engine), for tools/bench_suite.sh:
  PEER <net> <threads> <engine> <median_ms or -> [reason]
  PEERINFO <net> gflop=<G> layers=<n> shapes_checked=<n> stopped_before=<layer types or ->
Needs Debian's python3-torch and python3-opencv (run with /usr/bin/python3).
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import warnings


def missing(module, package):
    print(f"peer_bench: the Python module '{module}' is missing: install Debian's {package} "
          f"(apt-get install -y {package}) and run this script with /usr/bin/python3", file=sys.stderr)


try:
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
except ImportError:
    missing("torch", "python3-torch")
    sys.exit(2)
try:
    import cv2
except ImportError:
    cv2 = None

DETECTION = {"Yolov3DetectionOutput", "YoloDetectionOutput", "DetectionOutput"}


class GraphError(Exception):
    pass


# ---------------------------------------------------------------------------------------------- parsing
def parse_value(s):
    if re.search(r"[.eE]", s) and not s.lstrip("-").isdigit():
        return float(s)
    return int(s)


class Params:
    """One layer's `k=v` dictionary (ncnn ParamDict): scalars by id, arrays (written -23300-id) by id."""

    def __init__(self, tokens, where):
        self.v, self.a = {}, {}
        for t in tokens:
            if "=" not in t:
                raise GraphError(f"{where}: bad parameter '{t}'")
            k, val = t.split("=", 1)
            k = int(k)
            if k <= -23300:
                items = val.split(",")
                n = int(items[0])
                arr = [parse_value(x) for x in items[1:]]
                if len(arr) != n:
                    raise GraphError(f"{where}: array {k} declares {n} values, has {len(arr)}")
                self.a[-k - 23300] = arr
            else:
                self.v[k] = parse_value(val)

    def i(self, k, d):
        return int(self.v.get(k, d))

    def f(self, k, d):
        return float(self.v.get(k, d))

    def arr(self, k):
        return self.a.get(k, [])


class Layer:
    def __init__(self, type_, name, bottoms, tops, params):
        self.type, self.name, self.bottoms, self.tops, self.p = type_, name, bottoms, tops, params


def parse_param(path):
    with open(path) as f:
        lines = [ln.strip() for ln in f if ln.strip()]
    if not lines or lines[0] != "7767517":
        raise GraphError(f"{path}: not an ncnn text param (magic 7767517 missing)")
    nlayers, _nblobs = (int(x) for x in lines[1].split())
    layers = []
    for ln in lines[2:2 + nlayers]:
        tok = ln.split()
        t, name, nin, nout = tok[0], tok[1], int(tok[2]), int(tok[3])
        bottoms, tops = tok[4:4 + nin], tok[4 + nin:4 + nin + nout]
        layers.append(Layer(t, name, bottoms, tops, Params(tok[4 + nin + nout:], f"{path}: layer {name}")))
    if len(layers) != nlayers:
        raise GraphError(f"{path}: header says {nlayers} layers, file has {len(layers)}")
    return layers


def shape_hints(layer):
    """The -23330 shape hints of a layer's tops: ncnn shape (outermost first), one per top."""
    h = layer.p.arr(30)
    out = []
    for i in range(0, len(h) - 3, 4):
        dims, w, hh, c = h[i:i + 4]
        out.append({1: [w], 2: [hh, w], 3: [c, hh, w]}.get(dims))
    return out


# ------------------------------------------------------------------------------------------- the module
class Gen:
    """Weights drawn like Ember's GenerateWeights: filters/matrices U(+-sqrt(3/fan_in)), vectors U(+-0.1)."""

    def __init__(self, seed):
        self.g = torch.Generator().manual_seed(seed)

    def u(self, shape, lo, hi):
        return torch.rand(shape, generator=self.g) * (hi - lo) + lo

    def filt(self, shape, fan_in):
        r = math.sqrt(3.0 / max(fan_in, 1))
        return self.u(shape, -r, r)

    def vec(self, n, lo=-0.1, hi=0.1):
        return self.u((n,), lo, hi)


def activation(t, params):
    """ncnn activation_type/activation_params as a callable, or None."""
    if t == 0:
        return None
    if t == 1:
        return F.relu
    if t == 2:
        slope = params[0] if params else 0.0
        return (lambda x: F.leaky_relu(x, slope)) if slope != 0 else F.relu
    if t == 3:
        lo, hi = (params + [0.0, 0.0])[:2]
        if lo == 0.0 and hi == 6.0:
            return F.relu6
        return lambda x: torch.clamp(x, lo, hi)
    if t == 4:
        return torch.sigmoid
    if t == 5:
        return F.mish
    if t == 6:
        alpha, beta = (params + [1 / 6, 0.5])[:2] if params else (1 / 6, 0.5)
        if abs(alpha - 1 / 6) < 1e-6 and abs(beta - 0.5) < 1e-6:
            return F.hardswish
        return lambda x: x * torch.clamp(x * alpha + beta, 0.0, 1.0)
    raise GraphError(f"activation_type {t} is not supported")


def ncnn_axis(axis, rank):
    a = axis + rank if axis < 0 else axis
    if not 0 <= a < rank:
        raise GraphError(f"axis {axis} out of range for a {rank}-D blob")
    return a + 1  # tensors carry a leading batch dim


class Fn(nn.Module):
    """A layer without weights: fn(*inputs) -> tuple of outputs."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *xs):
        return self.fn(*xs)


class Conv(nn.Module):
    def __init__(self, conv, pad, act, to_image, crop=None):
        super().__init__()
        self.conv, self.pad, self.act, self.to_image, self.crop = conv, pad, act, to_image, crop

    def forward(self, x):
        if self.to_image:
            x = x.reshape(1, -1, 1, 1)
        if self.pad is not None:
            x = F.pad(x, self.pad)
        y = self.conv(x)
        if self.crop is not None:
            t, b, l, r = self.crop
            y = y[:, :, t:y.shape[2] - b, l:y.shape[3] - r]
        if self.act is not None:
            y = self.act(y)
        return (y,)


class Linear(nn.Module):
    def __init__(self, fc, act, rows):
        super().__init__()
        self.fc, self.act, self.rows = fc, act, rows

    def forward(self, x):
        y = self.fc(x if self.rows else x.reshape(1, -1))
        if self.act is not None:
            y = self.act(y)
        return (y,)


class Affine(nn.Module):
    """BatchNorm / Scale: y = x * a + b per channel (per row for 2-D, per element for 1-D)."""

    def __init__(self, a, b, rank):
        super().__init__()
        view = {1: (1, -1), 2: (1, -1, 1), 3: (1, -1, 1, 1)}[rank]
        self.register_buffer("a", a.reshape(view))
        self.register_buffer("b", b.reshape(view) if b is not None else None)

    def forward(self, x):
        return (x * self.a + self.b,) if self.b is not None else (x * self.a,)


class Const(nn.Module):
    def __init__(self, t):
        super().__init__()
        self.register_buffer("t", t)

    def forward(self):
        return (self.t,)


class Net(nn.Module):
    """Runs the layers in file order on a dict of blobs; returns the graph outputs as a tuple."""

    def __init__(self, mods, wiring, inputs, outputs):
        super().__init__()
        self.mods = nn.ModuleList(mods)
        self.wiring = wiring  # (bottom names, top names) per module
        self.inputs, self.outputs = inputs, outputs

    def forward(self, *xs):
        blobs = dict(zip(self.inputs, xs))
        for m, (bots, tops) in zip(self.mods, self.wiring):
            ys = m(*[blobs[b] for b in bots])
            for t, y in zip(tops, ys):
                blobs[t] = y
        return tuple(blobs[o] for o in self.outputs)


class Builder:
    """Builds the module layer by layer, running each layer eagerly on the example input so every
    value-dependent parameter (SAME pads, -233 slices, 0 in reshape) resolves to a constant."""

    def __init__(self, layers, seed, where):
        self.layers, self.where = layers, where
        self.gen = Gen(seed)
        self.blobs = {}  # name -> example tensor ([1, ncnn dims...])
        self.flops = 0.0
        self.mods, self.wiring = [], []
        self.inputs, self.example = [], []
        self.stopped = []
        self.bin = {}  # layer name -> [(tagged, tensor)] in ncnn .bin order and layout
        self.alias = {}  # Split/Noop top -> the blob it forwards (Ember names no variable after it)

    def rank(self, t):
        return t.dim() - 1

    def build(self):
        consumers = {}
        for L in self.layers:
            for b in L.bottoms:
                consumers.setdefault(b, []).append(L)
        # Outputs: tops no layer reads, and the inputs of detection layers (which are not run; the prior
        # boxes of a DetectionOutput, computed from shapes only, are left out with it).
        outs = []
        for L in self.layers:
            if L.type in DETECTION:
                self.stopped.append(L.type)
                ins = L.bottoms[:2] if L.type == "DetectionOutput" else L.bottoms
                outs += [b for b in ins if b not in outs]
            else:
                outs += [t for t in L.tops if t not in consumers and t not in outs]
        # Keep only the layers the outputs need, as Ember and ncnn run only those. A Noop forwards bottom
        # i to top i (the last bottom to any further top), so extra bottoms are not needed.
        producer = {t: L for L in self.layers for t in L.tops}
        need, stack = set(), list(outs)
        while stack:
            b = stack.pop()
            L = producer.get(b)
            if L is None or id(L) in need:
                continue
            need.add(id(L))
            stack += L.bottoms[:max(len(L.tops), 1)] if L.type == "Noop" else L.bottoms
        self.hint_checks = 0
        for L in self.layers:
            if id(L) not in need or L.type in DETECTION:
                continue
            where = f"{self.where}: layer {L.type} {L.name}"
            try:
                self.add(L)
            except GraphError as e:
                raise GraphError(f"{where}: {e}") from None
            except (RuntimeError, ValueError, IndexError, KeyError) as e:
                raise GraphError(f"{where}: {type(e).__name__}: {e}") from None
            for t, h in zip(L.tops, shape_hints(L)):
                if h is None:
                    continue
                got = list(self.blobs[t].shape[1:])
                if got != h:
                    raise GraphError(f"{where}: top {t} has shape {got}, the file's shape hint says {h}")
                self.hint_checks += 1
        return Net(self.mods, self.wiring, self.inputs, outs), tuple(self.example)

    def emit(self, L, mod, bottoms=None):
        bots = L.bottoms if bottoms is None else bottoms
        with torch.no_grad():
            ys = mod(*[self.blobs[b] for b in bots])
        if len(ys) != len(L.tops):
            raise GraphError(f"gives {len(ys)} outputs for {len(L.tops)} tops")
        for t, y in zip(L.tops, ys):
            self.blobs[t] = y
        self.mods.append(mod)
        self.wiring.append((list(bots), list(L.tops)))

    def one(self, L):
        if len(L.bottoms) != 1 or len(L.tops) != 1:
            raise GraphError(f"expects 1 input and 1 output, has {len(L.bottoms)} and {len(L.tops)}")
        return self.blobs[L.bottoms[0]]

    # -- layers
    def add(self, L):
        t, p = L.type, L.p
        if t == "Input":
            w, h, c = p.i(0, 0), p.i(1, 0), p.i(2, 0)
            hs = shape_hints(L)
            if w <= 0 and h <= 0 and c <= 0 and hs and hs[0]:
                s = hs[0]  # outermost first
                w, h, c = s[-1], s[-2] if len(s) >= 2 else 0, s[-3] if len(s) >= 3 else 0
            if w <= 0 and h <= 0 and c <= 0:
                raise GraphError("the Input has no shape (no w/h/c and no -23330 hint)")
            shape = [c, max(h, 1), max(w, 1)] if c > 0 else [max(h, 1), max(w, 1)] if h > 0 else [w]
            x = self.gen.u([1] + shape, -1.0, 1.0)
            self.inputs.append(L.tops[0])
            self.example.append(x)
            self.blobs[L.tops[0]] = x
            return
        if t == "MemoryData":
            w, h, c = p.i(0, 0), p.i(1, 0), p.i(2, 0)
            shape = [c, max(h, 1), max(w, 1)] if c > 0 else [max(h, 1), max(w, 1)] if h > 0 else [w]
            v = self.gen.vec(int(torch.Size(shape).numel()))
            self.bin[L.name] = [(False, v)]
            return self.emit(L, Const(v.reshape([1] + shape)), [])
        if t == "Split":
            n = len(L.tops)
            for t_ in L.tops:
                self.alias[t_] = self.alias.get(L.bottoms[0], L.bottoms[0])
            return self.emit(L, Fn(lambda x, n=n: (x,) * n), L.bottoms[:1])
        if t == "Noop":  # top i is bottom i (the last bottom for any further top)
            bots = [L.bottoms[min(i, len(L.bottoms) - 1)] for i in range(len(L.tops))]
            for t_, b_ in zip(L.tops, bots):
                self.alias[t_] = self.alias.get(b_, b_)
            return self.emit(L, Fn(lambda *xs: xs), bots)
        if t in ("Convolution", "ConvolutionDepthWise"):
            return self.conv(L, t == "ConvolutionDepthWise")
        if t in ("Deconvolution", "DeconvolutionDepthWise"):
            return self.deconv(L, t == "DeconvolutionDepthWise")
        if t == "Pooling":
            return self.pooling(L)
        if t == "InnerProduct":
            return self.inner_product(L)
        if t == "Eltwise":
            op, coeffs = p.i(0, 0), [float(c) for c in p.arr(1)]
            if op not in (0, 1, 2):
                raise GraphError(f"op_type {op} is not supported")
            if coeffs and (op != 1 or len(coeffs) != len(L.bottoms)):
                raise GraphError("coefficients need op_type 1 (sum) and one per input")

            def eltwise(*xs, op=op, coeffs=coeffs):
                if op == 1 and coeffs:
                    y = xs[0] * coeffs[0]
                    for x, c in zip(xs[1:], coeffs[1:]):
                        y = y + x * c
                    return (y,)
                y = xs[0]
                for x in xs[1:]:
                    y = y * x if op == 0 else y + x if op == 1 else torch.maximum(y, x)
                return (y,)
            return self.emit(L, Fn(eltwise))
        if t == "Concat":
            d = ncnn_axis(p.i(0, 0), self.rank(self.blobs[L.bottoms[0]]))
            return self.emit(L, Fn(lambda *xs, d=d: (torch.cat(xs, d),)))
        if t == "Slice":
            return self.slice(L)
        if t == "Crop":
            return self.crop(L)
        if t == "Softmax":
            d = ncnn_axis(p.i(0, 0), self.rank(self.one(L)))
            return self.emit(L, Fn(lambda x, d=d: (torch.softmax(x, d),)))
        if t == "ShuffleChannel":
            g, rev = p.i(0, 1), p.i(1, 0)
            x = self.one(L)
            if self.rank(x) != 3 or x.shape[1] % g:
                raise GraphError(f"cannot shuffle {list(x.shape)} in {g} groups")
            c, h, w = x.shape[1:]
            a, b = (c // g, g) if rev else (g, c // g)
            return self.emit(L, Fn(lambda x, a=a, b=b, c=c, h=h, w=w:
                                   (x.reshape(1, a, b, h, w).transpose(1, 2).reshape(1, c, h, w),)))
        if t == "BatchNorm":
            c, eps = p.i(0, 0), p.f(1, 0.0)
            slope, mean = self.gen.vec(c), self.gen.vec(c)
            var, bias = self.gen.vec(c, 0.5, 1.5), self.gen.vec(c)
            a = slope / torch.sqrt(var + eps)
            self.bin[L.name] = [(False, slope), (False, mean), (False, var), (False, bias)]
            return self.emit(L, Affine(a, bias - mean * a, self.rank(self.one(L))))
        if t == "Scale":
            n, bias = p.i(0, 0), p.i(1, 0)
            if n <= 0:
                raise GraphError(f"scale_data_size {n} (a second scale blob) is not supported")
            s, bv = self.gen.vec(n, 0.8, 1.2), self.gen.vec(n) if bias else None
            self.bin[L.name] = [(False, s)] + ([(False, bv)] if bias else [])
            return self.emit(L, Affine(s, bv, self.rank(self.one(L))))
        if t == "Interp":
            return self.interp(L)
        if t in ("Flatten", "Reshape"):
            return self.reshape(L)
        if t == "Permute":
            return self.permute(L)
        if t == "Padding":
            return self.padding(L)
        if t == "BinaryOp":
            return self.binary(L)
        if t == "UnaryOp":
            return self.unary(L)
        if t == "Reduction":
            return self.reduction(L)
        if t == "LRN":
            region, size = p.i(0, 0), p.i(1, 5)
            alpha, beta, bias = p.f(2, 1.0), p.f(3, 0.75), p.f(4, 1.0)
            if region != 0:
                raise GraphError(f"region_type {region} (within channel) is not supported")
            # ncnn: x * (bias + alpha/size * sum of squares over `size` channels)^-beta; so is torch's,
            # and ONNX's LRN (exported as that one op, which OpenCV runs natively).
            return self.emit(L, LRN(size, alpha, beta, bias))
        if t == "PReLU":
            n = p.i(0, 0)
            v = self.gen.vec(n)
            self.bin[L.name] = [(False, v)]
            return self.emit(L, PRelu(v, self.rank(self.one(L))))
        simple = {
            "ReLU": lambda: (lambda x, s=p.f(0, 0.0): F.leaky_relu(x, s)) if p.f(0, 0.0) != 0 else F.relu,
            "Clip": lambda: (lambda x, lo=p.f(0, -3.4e38), hi=p.f(1, 3.4e38): torch.clamp(x, lo, hi)),
            "Sigmoid": lambda: torch.sigmoid,
            "TanH": lambda: torch.tanh,
            "AbsVal": lambda: torch.abs,
            "Swish": lambda: F.silu,
            "Mish": lambda: F.mish,
            "GELU": lambda: F.gelu,
            "ELU": lambda: (lambda x, a=p.f(0, 0.1): F.elu(x, a)),
            "HardSwish": lambda: activation(6, [p.f(0, 0.2), p.f(1, 0.5)]),
            "HardSigmoid": lambda: ((lambda x, a=p.f(0, 0.2), b=p.f(1, 0.5): torch.clamp(x * a + b, 0.0, 1.0))
                                    if abs(p.f(0, 0.2) - 1 / 6) > 1e-6 or p.f(1, 0.5) != 0.5 else F.hardsigmoid),
            "Dropout": lambda: (lambda x, s=p.f(0, 1.0): x * s) if p.f(0, 1.0) != 1.0 else (lambda x: x),
        }
        if t in simple:
            self.one(L)
            fn = simple[t]()
            return self.emit(L, Fn(lambda x, fn=fn: (fn(x),)))
        raise GraphError("layer type is not supported by peer_bench")

    def conv(self, L, depthwise):
        p = L.p
        num_output, kw = p.i(0, 0), p.i(1, 0)
        kh, dw = p.i(11, kw), p.i(2, 1)
        dh, sw = p.i(12, dw), p.i(3, 1)
        sh, pl = p.i(13, sw), p.i(4, 0)
        pr, pt = p.i(15, pl), p.i(14, pl)
        pb = p.i(16, pt)
        bias, wsize = p.i(5, 0), p.i(6, 0)
        group = p.i(7, 1) if depthwise else 1
        if p.f(18, 0.0) != 0.0:
            raise GraphError("pad_value != 0 is not supported")
        if p.i(19, 0):
            raise GraphError("dynamic_weight is not supported")
        if p.i(8, 0):
            raise GraphError("int8 convolution is not part of the fp32 comparison")
        x = self.one(L)
        to_image = self.rank(x) == 1
        if to_image:
            x = x.reshape(1, -1, 1, 1)
        if self.rank(x) != 3:
            raise GraphError(f"convolution of a {self.rank(x)}-D blob is not supported")
        cin, h, w = x.shape[1:]
        in_per_group = wsize // (num_output * kw * kh)
        if in_per_group * group != cin or num_output % group:
            raise GraphError(f"weight_data_size {wsize} / group {group} do not fit {cin} input channels")
        ekw, ekh = dw * (kw - 1) + 1, dh * (kh - 1) + 1
        if pl in (-233, -234) or pt in (-233, -234):
            wpad = max(0, ekw + (w - 1) // sw * sw - w)
            hpad = max(0, ekh + (h - 1) // sh * sh - h)
            if pl == -233 or pt == -233:  # SAME_UPPER: the extra pixel goes right/bottom
                pl, pr, pt, pb = wpad // 2, wpad - wpad // 2, hpad // 2, hpad - hpad // 2
            else:  # SAME_LOWER
                pl, pr, pt, pb = wpad - wpad // 2, wpad // 2, hpad - hpad // 2, hpad // 2
        if min(pl, pr, pt, pb) < 0:
            raise GraphError(f"pads {pl},{pr},{pt},{pb} are not supported")
        sym = pl == pr and pt == pb
        conv = nn.Conv2d(cin, num_output, (kh, kw), (sh, sw), (pt, pl) if sym else 0, (dh, dw), group, bool(bias))
        with torch.no_grad():
            conv.weight.copy_(self.gen.filt(conv.weight.shape, in_per_group * kh * kw))
            if bias:
                conv.bias.copy_(self.gen.vec(num_output))
        self.bin[L.name] = [(True, conv.weight.detach())] + ([(False, conv.bias.detach())] if bias else [])
        act = activation(p.i(9, 0), [float(v) for v in p.arr(10)])
        self.emit(L, Conv(conv, None if sym else (pl, pr, pt, pb), act, to_image))
        y = self.blobs[L.tops[0]]
        self.flops += 2.0 * y.numel() * in_per_group * kh * kw

    def deconv(self, L, depthwise):
        p = L.p
        num_output, kw = p.i(0, 0), p.i(1, 0)
        kh, dw = p.i(11, kw), p.i(2, 1)
        dh, sw = p.i(12, dw), p.i(3, 1)
        sh, pl = p.i(13, sw), p.i(4, 0)
        pr, pt = p.i(15, pl), p.i(14, pl)
        pb = p.i(16, pt)
        opr = p.i(18, 0)
        opb = p.i(19, opr)
        bias, wsize = p.i(5, 0), p.i(6, 0)
        group = p.i(7, 1) if depthwise else 1
        if p.i(20, 0) or p.i(21, 0) or min(pl, pr, pt, pb) < 0:
            raise GraphError("output_w/h and automatic pads are not supported")
        x = self.one(L)
        if self.rank(x) != 3:
            raise GraphError("deconvolution needs a 3-D blob")
        cin = x.shape[1]
        in_per_group = wsize // (num_output * kw * kh)
        if in_per_group * group != cin or num_output % group:
            raise GraphError(f"weight_data_size {wsize} / group {group} do not fit {cin} input channels")
        sym = pl == pr and pt == pb and opr < max(sw, dw) and opb < max(sh, dh)
        dc = nn.ConvTranspose2d(cin, num_output, (kh, kw), (sh, sw), (pt, pl) if sym else 0,
                                (opb, opr) if sym else 0, group, bool(bias), (dh, dw))
        with torch.no_grad():
            # Ember's filter [in, out/group, kh, kw]: fan_in = out/group * kh * kw.
            dc.weight.copy_(self.gen.filt(dc.weight.shape, num_output // group * kh * kw))
            if bias:
                dc.bias.copy_(self.gen.vec(num_output))
        # ncnn's deconvolution weight is [group][out/group][in/group][kh][kw]; torch's [in][out/group][kh][kw].
        wt = dc.weight.detach().reshape(group, cin // group, num_output // group, kh, kw).transpose(1, 2)
        self.bin[L.name] = [(True, wt)] + ([(False, dc.bias.detach())] if bias else [])
        act = activation(p.i(9, 0), [float(v) for v in p.arr(10)])
        if sym:
            self.emit(L, Conv(dc, None, act, False))
        else:  # full output, output pads appended right/bottom (bias only), then the pads cut
            self.emit(L, Conv(dc, None, act, False, crop=(pt, pb - opb, pl, pr - opr)))
        # Counted as Ember counts conv2d_transpose / depthwise_conv2d_transpose: 2 x input x out/group x kh x kw.
        self.flops += 2.0 * x.numel() * (num_output // group) * kh * kw

    def pooling(self, L):
        p = L.p
        ptype, kw = p.i(0, 0), p.i(1, 0)
        kh, sw = p.i(11, kw), p.i(2, 1)
        sh, pl = p.i(12, sw), p.i(3, 0)
        pr, pt = p.i(14, pl), p.i(13, pl)
        pb = p.i(15, pt)
        glob, mode, incl, adaptive = p.i(4, 0), p.i(5, 0), p.i(6, 0), p.i(7, 0)
        if ptype not in (0, 1):
            raise GraphError(f"pooling_type {ptype} is not supported")
        x = self.one(L)
        if self.rank(x) != 3:
            raise GraphError("pooling needs a 3-D blob")
        avg = ptype == 1
        if glob:  # ncnn: a 1-D blob of channels
            fn = (lambda x: (x.mean((2, 3)),)) if avg else (lambda x: (x.amax((2, 3)),))
            return self.emit(L, Fn(fn))
        if adaptive:
            ow = p.i(8, 0)
            oh = p.i(18, ow)
            fn = F.adaptive_avg_pool2d if avg else F.adaptive_max_pool2d
            return self.emit(L, Fn(lambda x, fn=fn, s=(oh, ow): (fn(x, s),)))
        h, w = x.shape[2:]
        if mode == 0:  # full: extra right/bottom pad so the last window fits (ncnn's tail pad)
            wt = (w + pl + pr - kw) % sw
            ht = (h + pt + pb - kh) % sh
            pr2, pb2 = pr + (sw - wt if wt else 0), pb + (sh - ht if ht else 0)
        elif mode == 1:  # valid
            pr2, pb2 = pr, pb
        elif mode in (2, 3):  # SAME upper / lower
            wpad = max(0, kw + (w - 1) // sw * sw - w)
            hpad = max(0, kh + (h - 1) // sh * sh - h)
            lo_w, lo_h = (wpad // 2, hpad // 2) if mode == 2 else (wpad - wpad // 2, hpad - hpad // 2)
            pl, pr2, pt, pb2 = lo_w, wpad - lo_w, lo_h, hpad - lo_h
            pr, pb = pr2, pb2
        else:
            raise GraphError(f"pad_mode {mode} is not supported")
        ow, oh = (w + pl + pr2 - kw) // sw + 1, (h + pt + pb2 - kh) // sh + 1
        
        # A native torch pool (padding = the left/top pads) when it visits the same windows: same output
        # size; for max pooling and for avg pooling that excludes pads the result is then the same (pads
        # never win a max; both divide by the input pixels under the window); avg pooling that includes pads
        # divides by the whole window in ncnn, so its windows must stay inside torch's padded extent.
        def torch_out(n, k, s, pad, ceil):
            o = (n + 2 * pad - k + ((s - 1) if ceil else 0)) // s + 1
            if ceil and (o - 1) * s >= n + pad:
                o -= 1
            return o
        native = None
        if pl <= kw // 2 and pt <= kh // 2:
            for ceil in (False, True):
                if (torch_out(w, kw, sw, pl, ceil), torch_out(h, kh, sh, pt, ceil)) != (ow, oh):
                    continue
                if avg and incl and ((ow - 1) * sw + kw > w + 2 * pl or (oh - 1) * sh + kh > h + 2 * pt):
                    continue
                native = ceil
                break
        if native is not None:
            if avg:
                fn = (lambda x, k=(kh, kw), s=(sh, sw), pd=(pt, pl), c=native, i=bool(incl):
                      (F.avg_pool2d(x, k, s, pd, c, i),))
            else:
                fn = (lambda x, k=(kh, kw), s=(sh, sw), pd=(pt, pl), c=native: (F.max_pool2d(x, k, s, pd, 1, c),))
            return self.emit(L, Fn(fn))
        pads = (pl, pr2, pt, pb2)
        if not avg:  # ncnn pads max pooling with -FLT_MAX
            fn = lambda x, k=(kh, kw), s=(sh, sw), pd=pads: (F.max_pool2d(F.pad(x, pd, value=float(torch.finfo(torch.float32).min)), k, s),)
        elif incl:  # divisor: the whole window, tail pad included
            fn = lambda x, k=(kh, kw), s=(sh, sw), pd=pads: (F.avg_pool2d(F.pad(x, pd), k, s),)
        else:  # divisor: the input pixels under the window
            ones = F.pad(torch.ones(1, 1, h, w), pads)
            cnt = F.avg_pool2d(ones, (kh, kw), (sh, sw))
            return self.emit(L, PoolExcl(cnt, (kh, kw), (sh, sw), pads))
        return self.emit(L, Fn(fn))

    def inner_product(self, L):
        p = L.p
        num_output, bias, wsize = p.i(0, 0), p.i(1, 0), p.i(2, 0)
        if p.i(8, 0):
            raise GraphError("int8 inner product is not part of the fp32 comparison")
        x = self.one(L)
        num_input = wsize // num_output
        rows = self.rank(x) == 2 and x.shape[2] == num_input
        if not rows and x.numel() != num_input:
            raise GraphError(f"input {list(x.shape[1:])} does not have {num_input} values")
        fc = nn.Linear(num_input, num_output, bool(bias))
        with torch.no_grad():
            fc.weight.copy_(self.gen.filt(fc.weight.shape, num_input))
            if bias:
                fc.bias.copy_(self.gen.vec(num_output))
        self.bin[L.name] = [(True, fc.weight.detach())] + ([(False, fc.bias.detach())] if bias else [])
        self.emit(L, Linear(fc, activation(p.i(9, 0), [float(v) for v in p.arr(10)]), rows))
        self.flops += 2.0 * self.blobs[L.tops[0]].numel() * num_input

    def slice(self, L):
        p = L.p
        slices, axis = p.arr(0), p.i(1, 0)
        if p.arr(1):
            raise GraphError("slice indices are not supported")
        x = self.blobs[L.bottoms[0]]
        d = ncnn_axis(axis, self.rank(x))
        n, size = len(L.tops), x.shape[d]
        if len(slices) != n:
            raise GraphError(f"{len(slices)} slices for {n} tops")
        sizes, q = [], 0
        for i, s in enumerate(slices):
            if s == -233:
                s = (size - q) // (n - i)
            sizes.append(s)
            q += s
        if q > size:
            raise GraphError(f"slices {sizes} exceed {size}")
        starts = [sum(sizes[:i]) for i in range(n)]
        return self.emit(L, Fn(lambda x, d=d, st=starts, sz=sizes:
                               tuple(x.narrow(d, a, b) for a, b in zip(st, sz))), L.bottoms[:1])

    def crop(self, L):
        p = L.p
        x = self.one(L)
        r = self.rank(x)
        ncnn_shape = list(x.shape[1:])
        idx = [slice(None)] * (r + 1)
        if p.arr(9) or p.arr(10) or p.arr(11):
            st, en, ax = p.arr(9), p.arr(10), p.arr(11)
            if not (len(st) == len(en) == len(ax)):
                raise GraphError("starts/ends/axes differ in length")
            for s, e, a in zip(st, en, ax):
                d = ncnn_axis(a, r)
                n = x.shape[d]
                s = s + n if s < 0 else s
                e = n if e == -233 or e >= n else (e + n if e < 0 else e)
                idx[d] = slice(s, e)
        else:
            off = {"w": p.i(0, 0), "h": p.i(1, 0), "c": p.i(2, 0)}
            size = {"w": p.i(3, 0), "h": p.i(4, 0), "c": p.i(5, 0)}
            off2 = {"w": p.i(6, 0), "h": p.i(7, 0), "c": p.i(8, 0)}
            names = {1: ["w"], 2: ["h", "w"], 3: ["c", "h", "w"]}[r]
            for i, k in enumerate(names):
                n = ncnn_shape[i]
                s = size[k] if size[k] > 0 else n - off[k] - off2[k]
                idx[i + 1] = slice(off[k], off[k] + s)
        idx = tuple(idx)
        return self.emit(L, Fn(lambda x, idx=idx: (x[idx],)))

    def interp(self, L):
        p = L.p
        rtype, hs, ws, oh, ow = p.i(0, 0), p.f(1, 1.0), p.f(2, 1.0), p.i(3, 0), p.i(4, 0)
        align = bool(p.i(6, 0))
        if p.i(5, 0) or len(L.bottoms) != 1:
            raise GraphError("interp to a reference size is not supported")
        mode = {1: "nearest", 2: "bilinear", 3: "bicubic"}.get(rtype)
        if mode is None:
            raise GraphError(f"resize_type {rtype} is not supported")
        kw = {} if mode == "nearest" else {"align_corners": align}
        if oh > 0 and ow > 0:
            return self.emit(L, Fn(lambda x, s=(oh, ow), m=mode, kw=kw: (F.interpolate(x, size=s, mode=m, **kw),)))
        return self.emit(L, Fn(lambda x, s=(hs, ws), m=mode, kw=kw:
                               (F.interpolate(x, scale_factor=s, mode=m, **kw),)))

    def reshape(self, L):
        x = self.one(L)
        if L.type == "Flatten":
            return self.emit(L, Fn(lambda x: (x.reshape(1, -1),)))
        p = L.p
        w, h, d, c = p.i(0, -233), p.i(1, -233), p.i(11, -233), p.i(2, -233)
        if p.i(3, 0):
            raise GraphError("permute=1 reshape is not supported")
        r = self.rank(x)
        src = dict(zip({1: ["w"], 2: ["h", "w"], 3: ["c", "h", "w"]}[r], x.shape[1:]))
        if h == -233:
            tgt = [("w", w)]
        elif c == -233:
            tgt = [("h", h), ("w", w)]
        elif d == -233:
            tgt = [("c", c), ("h", h), ("w", w)]
        else:
            raise GraphError("4-D reshape is not supported")
        shape = [1] + [int(src.get(k, 1)) if v == 0 else v for k, v in tgt]
        return self.emit(L, Fn(lambda x, s=shape: (x.reshape(s),)))

    def permute(self, L):
        x = self.one(L)
        order = L.p.i(0, 0)
        r = self.rank(x)
        if r == 2 and order in (0, 1):
            axes = [0, 1, 2] if order == 0 else [0, 2, 1]
        elif r == 3 and 0 <= order <= 5:
            # order_type names the output's (w, h, c) in the input's terms: 0 whc 1 hwc 2 wch 3 cwh 4 hcw 5 chw
            axes = [[0, 1, 2, 3], [0, 1, 3, 2], [0, 2, 1, 3], [0, 2, 3, 1], [0, 3, 1, 2], [0, 3, 2, 1]][order]
        else:
            raise GraphError(f"order_type {order} on a {r}-D blob is not supported")
        return self.emit(L, Fn(lambda x, a=axes: (x.permute(a).contiguous(),)))

    def padding(self, L):
        p = L.p
        top, bottom, left, right, ptype = p.i(0, 0), p.i(1, 0), p.i(2, 0), p.i(3, 0), p.i(4, 0)
        value, front, behind = p.f(5, 0.0), p.i(7, 0), p.i(8, 0)
        if p.i(6, 0) or len(L.bottoms) != 1:
            raise GraphError("per-channel pad values / pads from a blob are not supported")
        x = self.one(L)
        if self.rank(x) != 3:
            raise GraphError("padding needs a 3-D blob")
        mode = {0: "constant", 1: "replicate", 2: "reflect"}.get(ptype)
        if mode is None:
            raise GraphError(f"type {ptype} is not supported")
        pads = (left, right, top, bottom, front, behind) if front or behind else (left, right, top, bottom)
        if mode == "constant":
            return self.emit(L, Fn(lambda x, pd=pads, v=value: (F.pad(x, pd, value=v),)))
        if front or behind:
            raise GraphError("channel padding with edge/reflect is not supported")
        return self.emit(L, Fn(lambda x, pd=pads, m=mode: (F.pad(x, pd, mode=m),)))

    def binary(self, L):
        p = L.p
        op, with_scalar, b = p.i(0, 0), p.i(1, 0), p.f(2, 0.0)
        fns = [torch.add, torch.sub, torch.mul, torch.div, torch.maximum, torch.minimum, torch.pow,
               lambda x, y: y - x, lambda x, y: y / x, lambda x, y: torch.pow(y, x)]
        if not 0 <= op < len(fns):
            raise GraphError(f"op_type {op} is not supported")
        fn = fns[op]
        if with_scalar or len(L.bottoms) == 1:
            self.one(L)
            bt = torch.tensor(b)
            return self.emit(L, Fn(lambda x, fn=fn, bt=bt: (fn(x, bt),)))
        A, B = self.blobs[L.bottoms[0]], self.blobs[L.bottoms[1]]
        ra, rb = self.rank(A), self.rank(B)

        # ncnn broadcasting: a 1-D operand against a 3-D one is per channel; otherwise numpy alignment.
        def view(r_self, r_other):
            if r_self == 1 and r_other == 3:
                return (1, -1, 1, 1)
            return None
        va, vb = view(ra, rb), view(rb, ra)
        return self.emit(L, Fn(lambda x, y, fn=fn, va=va, vb=vb:
                               (fn(x if va is None else x.reshape(va), y if vb is None else y.reshape(vb)),)))

    def unary(self, L):
        t = L.p.i(0, 0)
        fns = {0: torch.abs, 1: torch.neg, 2: torch.floor, 3: torch.ceil, 4: torch.square, 5: torch.sqrt,
               6: torch.rsqrt, 7: torch.exp, 8: torch.log, 9: torch.sin, 10: torch.cos, 11: torch.tan,
               12: torch.asin, 13: torch.acos, 14: torch.atan, 15: torch.reciprocal, 16: torch.tanh,
               17: torch.log10, 18: torch.round, 19: torch.trunc}
        if t not in fns:
            raise GraphError(f"op_type {t} is not supported")
        self.one(L)
        return self.emit(L, Fn(lambda x, fn=fns[t]: (fn(x),)))

    def reduction(self, L):
        p = L.p
        op, reduce_all, coeff, axes, keep = p.i(0, 0), p.i(1, 1), p.f(2, 1.0), p.arr(3), p.i(4, 0)
        x = self.one(L)
        r = self.rank(x)
        dims = list(range(1, r + 1)) if reduce_all or not axes else [ncnn_axis(a, r) for a in axes]
        fn = {0: torch.sum, 3: torch.mean, 4: torch.amax}.get(op)
        if fn is None:
            raise GraphError(f"operation {op} is not supported")
        flat = (reduce_all or not axes) and not keep

        def red(x, fn=fn, dims=dims, keep=bool(keep), coeff=coeff, flat=flat):
            y = fn(x, dim=dims, keepdim=keep)
            if flat:
                y = y.reshape(1, 1)
            return (y * coeff if coeff != 1.0 else y,)
        return self.emit(L, Fn(red))


class LRNFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, size, alpha, beta, k):  # noqa: D102 - used only for the ONNX export
        return F.local_response_norm(x, size, alpha, beta, k)

    @staticmethod
    def symbolic(g, x, size, alpha, beta, k):  # noqa: D102
        return g.op("LRN", x, size_i=size, alpha_f=alpha, beta_f=beta, bias_f=k)


class LRN(nn.Module):
    def __init__(self, size, alpha, beta, k):
        super().__init__()
        self.size, self.alpha, self.beta, self.k = size, alpha, beta, k
        self.onnx = False  # set while exporting: one ONNX LRN op instead of torch's decomposition

    def forward(self, x):
        if self.onnx:
            return (LRNFn.apply(x, self.size, self.alpha, self.beta, self.k),)
        return (F.local_response_norm(x, self.size, self.alpha, self.beta, self.k),)


class PRelu(nn.Module):
    def __init__(self, slope, rank):
        super().__init__()
        view = {1: (1, -1), 2: (1, -1, 1), 3: (1, -1, 1, 1)}[rank] if slope.numel() > 1 else (1,)
        self.register_buffer("s", slope.reshape(view))

    def forward(self, x):
        return (torch.where(x > 0, x, x * self.s),)


class PoolExcl(nn.Module):
    """Average pooling over explicit pads whose divisor counts only the input pixels under the window."""

    def __init__(self, count, k, s, pads):
        super().__init__()
        self.register_buffer("count", count)
        self.k, self.s, self.pads = k, s, pads

    def forward(self, x):
        return (F.avg_pool2d(F.pad(x, self.pads), self.k, self.s) / self.count,)


# ----------------------------------------------------------------------------------------------- timing
def timed(fn, warmup, loops):
    fn()  # first run (Ember reports it separately)
    for _ in range(warmup):
        fn()
    ts = []
    for _ in range(loops):
        t0 = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ts)


def pytorch_frozen(net, example):
    with torch.no_grad():
        traced = torch.jit.trace(net.eval(), example, check_trace=False)
        frozen = torch.jit.freeze(traced.eval())
        return torch.jit.optimize_for_inference(frozen)


def run_ember_profile(ember, path):
    """(op output name, shape) rows and total GFLOP from one `ember bench --profile` run."""
    cmd = [ember, "bench", path, "--generate-weights", "--threads", "1", "--loops", "1", "--warmup", "0",
           "--profile"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise GraphError(f"ember failed on {path}: {r.stderr.strip()[-300:]}")
    rows, gflop = [], None
    for ln in r.stdout.splitlines():
        m = re.match(r"\s+\d+\s+(\S+)\s+(\S+)\s+\[([\d,]*)\]\s", ln)
        if m:
            rows.append((m.group(1), m.group(2), [int(v) for v in m.group(3).split(",") if v]))
            continue
        f = ln.split()
        if len(f) >= 9 and path.startswith(f[0][:30]) and gflop is None:
            try:
                gflop = float(f[6])
            except ValueError:
                pass
    return rows, gflop


def verify_with_ember(ember, path, blobs, gflop):
    rows, egflop = run_ember_profile(ember, path)
    by_prefix = {}
    for name, t in blobs.items():
        by_prefix.setdefault(name[:34], []).append(list(t.shape))
    checked, problems = 0, []
    for typ, name, shape in rows:
        if "@" in name or name not in by_prefix:
            continue  # Ember's own temporaries, or blobs past the detection layer
        want = by_prefix[name]
        if len(shape) == 5 and shape[4] == 16:  # an NCHW16c region's tensor: [N, ceil(C/16), H, W, 16]
            want = [[s[0], (s[1] + 15) // 16, s[2], s[3], 16] for s in want if len(s) == 4]
        if shape in want:
            checked += 1
        else:
            problems.append(f"{name} ({typ}): ember {shape}, peer {by_prefix[name]}")
    if problems:
        raise GraphError("shape mismatch with Ember: " + "; ".join(problems[:5]))
    if egflop is None:
        raise GraphError("could not read Ember's GFLOP")
    if abs(egflop - gflop) > 0.0015 + 2e-3 * egflop:
        raise GraphError(f"FLOPs disagree: ember {egflop:.3f} GFLOP, peer {gflop:.3f}")
    return checked, egflop


def weight_counts(L):
    """(tagged, count) of each weight a layer stores in an ncnn .bin, for layers the module does not run."""
    p, t = L.p, L.type
    if t in ("Convolution", "ConvolutionDepthWise", "Deconvolution", "DeconvolutionDepthWise"):
        return [(True, p.i(6, 0))] + ([(False, p.i(0, 0))] if p.i(5, 0) else [])
    if t == "InnerProduct":
        return [(True, p.i(2, 0))] + ([(False, p.i(0, 0))] if p.i(1, 0) else [])
    if t == "BatchNorm":
        return [(False, p.i(0, 0))] * 4
    if t == "Scale":
        return [(False, p.i(0, 0))] * (2 if p.i(1, 0) else 1)
    if t == "PReLU":
        return [(False, p.i(0, 0))]
    if t == "MemoryData":
        return [(False, max(p.i(0, 0), 1) * max(p.i(1, 0), 1) * max(p.i(2, 0), 1))]
    return []


def write_ncnn_bin(builder, layers, path):
    """The module's weights as an ncnn .bin (float32; tagged blobs start with the 0 = fp32 flag)."""
    import numpy as np
    with open(path, "wb") as f:
        for L in layers:
            if L.name in builder.bin:
                items = [(tag, t.contiguous().numpy().astype("<f4")) for tag, t in builder.bin[L.name]]
            else:  # a layer the outputs do not need: zeros, so later layers' weights stay in place
                items = [(tag, np.zeros(n, "<f4")) for tag, n in weight_counts(L)]
            for tag, a in items:
                if tag:
                    f.write(b"\0\0\0\0")
                f.write(a.tobytes())


def check_values(ember, path, layers, builder, net, example):
    """Runs Ember on this module's weights and input; returns the worst max|diff| / max|ref| over outputs."""
    import numpy as np
    with tempfile.TemporaryDirectory(prefix="peer_values_") as d:
        base = os.path.join(d, "net")
        with open(path) as src, open(base + ".param", "w") as dst:
            dst.write(src.read())
        write_ncnn_bin(builder, layers, base + ".bin")
        cmd = [ember, "run", base + ".param", "--threads", "1"]
        for i, (name, x) in enumerate(zip(net.inputs, example)):
            np.save(os.path.join(d, f"in{i}.npy"), x.numpy())
            cmd += ["--input", f"{name}={os.path.join(d, f'in{i}.npy')}"]
        for i, name in enumerate(net.outputs):
            cmd += ["--output", f"{builder.alias.get(name, name)}={os.path.join(d, f'out{i}.npy')}"]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        if r.returncode != 0:
            raise GraphError(f"ember run failed: {(r.stderr or r.stdout).strip()[-300:]}")
        with torch.no_grad():
            ref = net(*example)
        worst = 0.0
        for i, (name, want) in enumerate(zip(net.outputs, ref)):
            got = np.load(os.path.join(d, f"out{i}.npy"))
            want = want.numpy()
            if got.size != want.size:
                raise GraphError(f"output {name}: ember {list(got.shape)}, peer {list(want.shape)}")
            worst = max(worst, float(np.abs(got.reshape(want.shape) - want).max() / (np.abs(want).max() + 1e-12)))
        return worst


def cv_error_text(e):
    """The informative part of a cv2.error (its message spans lines of paths and '>' markers)."""
    text = " ".join(ln.strip(" >") for ln in str(e).splitlines() if ln.strip(" >"))
    text = re.sub(r"OpenCV\([\d.]+\) \S+: ", "", text)
    return re.sub(r"\s+", " ", text)[:200] or type(e).__name__


def export_onnx(net, example, path, opset):
    """The module as an ONNX file: inputs in0.., outputs out0..; LRN as one ONNX LRN op."""
    lrns = [m for m in net.modules() if isinstance(m, LRN)]
    try:
        for m in lrns:
            m.onnx = True
        with torch.no_grad():
            outs = net(*example)
            torch.onnx.export(net, example, path, opset_version=opset,
                              input_names=[f"in{i}" for i in range(len(example))],
                              output_names=[f"out{i}" for i in range(len(outs))])
    finally:
        for m in lrns:
            m.onnx = False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("nets", nargs="+", help="net names (in --graphs) or .param paths")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--loops", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--engines", default="pytorch,opencv")
    ap.add_argument("--ember", default="", help="ember binary: check shapes and GFLOP against it")
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--graphs", default=os.environ.get("EMBER_BENCH_DIR",
                                                       os.path.join(here, "..", "shared", "bench", "ncnn")))
    ap.add_argument("--check-values", action="store_true",
                    help="with --ember: also run Ember on this module's weights (written as an ncnn .bin) and "
                         "input and compare the outputs")
    ap.add_argument("--opset", type=int, default=11)
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--export-onnx", default="", metavar="DIR",
                    help="write each re-implementation, exported to ONNX, as DIR/NET.onnx and time nothing "
                         "(tools/bench_suite.sh --onnx runs them in Ember and ONNX Runtime)")
    a = ap.parse_args()
    threads = [int(t) for t in a.threads.split(",") if t]
    engines = [e for e in a.engines.split(",") if e]
    for e in engines:
        if e not in ("pytorch", "opencv"):
            ap.error(f"unknown engine {e}")
    print(f"peer_bench: torch {torch.__version__}, opencv {cv2.__version__ if cv2 else 'missing'}; "
          f"{a.warmup} warmup + {a.loops} loops, median", flush=True)
    if "opencv" in engines and cv2 is None:
        missing("cv2", "python3-opencv")
    torch.set_num_interop_threads(1)
    warnings.filterwarnings("ignore", category=UserWarning)
    warnings.filterwarnings("ignore", category=FutureWarning)
    if cv2 is not None:
        try:
            cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)
        except AttributeError:
            pass
    rc = 0
    for spec in a.nets:
        path = spec if spec.endswith(".param") else os.path.join(a.graphs, spec + ".param")
        net_name = os.path.basename(path)[:-len(".param")]
        try:
            layers = parse_param(path)
            b = Builder(layers, a.seed, path)
            net, example = b.build()
        except (GraphError, OSError, ValueError) as e:
            print(f"peer_bench: {e}", file=sys.stderr)
            for t in threads:
                for e2 in engines:
                    print(f"PEER {net_name} {t} {e2} - cannot re-implement the graph", flush=True)
            rc = 1
            continue
        stopped = ",".join(sorted(set(b.stopped))) or "-"
        checked = "-"
        if a.ember:
            try:
                n, eg = verify_with_ember(a.ember, path, b.blobs, b.flops / 1e9)
                checked = str(n)
                print(f"# {net_name}: {n} op output shapes and total GFLOP ({eg:.3f}) agree with Ember", flush=True)
                if a.check_values:
                    err = check_values(a.ember, path, layers, b, net, example)
                    if not err < 1e-3:
                        raise GraphError(f"Ember's outputs on the same weights differ: max rel err {err:.2e}")
                    print(f"# {net_name}: Ember's outputs on the same weights and input match "
                          f"(max |diff| / max |ref| = {err:.1e})", flush=True)
            except (GraphError, subprocess.TimeoutExpired, OSError, ValueError) as e:
                print(f"peer_bench: {net_name}: verification against Ember failed: {e}", file=sys.stderr)
                for t in threads:
                    for e2 in engines:
                        print(f"PEER {net_name} {t} {e2} - re-implementation disagrees with Ember", flush=True)
                rc = 1
                continue
        print(f"PEERINFO {net_name} gflop={b.flops / 1e9:.3f} layers={len(b.mods)} "
              f"hints_checked={b.hint_checks} shapes_checked={checked} stopped_before={stopped}", flush=True)
        if stopped != "-":
            print(f"# {net_name}: peers stop before {stopped}; Ember's time includes that layer (box decode + NMS)",
                  flush=True)
        if a.export_onnx:
            export_onnx(net, example, os.path.join(a.export_onnx, net_name + ".onnx"), a.opset)
            print(f"# {net_name}: exported to {a.export_onnx}/{net_name}.onnx", flush=True)
            continue
        frozen, onnx_path, ref = None, None, None
        if "pytorch" in engines or "opencv" in engines:
            with torch.no_grad():
                ref = [o.numpy() for o in net(*example)]
        if "pytorch" in engines:
            try:
                frozen = pytorch_frozen(net, example)
            except Exception as e:  # noqa: BLE001 - report any scripting failure and go on
                print(f"peer_bench: {net_name}: torch.jit freeze/optimize failed: {e}", file=sys.stderr)
        cvnet = None
        cv_reason = "python3-opencv is not installed" if cv2 is None else ""
        if "opencv" in engines and cv2 is not None:
            fd, onnx_path = tempfile.mkstemp(suffix=".onnx", prefix=f"peer_{net_name}_")
            os.close(fd)
            try:
                export_onnx(net, example, onnx_path, a.opset)
                cvnet = cv2.dnn.readNetFromONNX(onnx_path)
                cvnet.setPreferableBackend(cv2.dnn.DNN_BACKEND_OPENCV)
                cvnet.setPreferableTarget(cv2.dnn.DNN_TARGET_CPU)
                outs = [f"out{i}" for i in range(len(ref))]
                for i, x in enumerate(example):
                    cvnet.setInput(x.numpy(), f"in{i}")
                got = cvnet.forward(outs)
                worst = 0.0
                for g, r in zip(got, ref):
                    g = g.reshape(r.shape)
                    worst = max(worst, float(abs(g - r).max() / (abs(r).max() + 1e-6)))
                if worst > 1e-3:
                    raise GraphError(f"OpenCV's outputs differ from PyTorch's (max rel err {worst:.2e})")
                print(f"# {net_name}: OpenCV outputs match PyTorch (max rel err {worst:.1e})", flush=True)
            except Exception as e:  # noqa: BLE001 - OpenCV cannot load/run the net: say why, skip it
                cv_reason = "OpenCV cannot run it: " + cv_error_text(e)
                cvnet = None
            finally:
                os.unlink(onnx_path)
        for t in threads:
            for eng in engines:
                if eng == "pytorch":
                    if frozen is None:
                        print(f"PEER {net_name} {t} pytorch - torch.jit freeze failed", flush=True)
                        continue
                    torch.set_num_threads(t)
                    with torch.no_grad():
                        ms = timed(lambda: frozen(*example), a.warmup, a.loops)
                else:
                    if cvnet is None:
                        print(f"PEER {net_name} {t} opencv - {cv_reason}", flush=True)
                        continue
                    cv2.setNumThreads(t)

                    def run_cv(n=cvnet, outs=[f"out{i}" for i in range(len(ref))]):
                        for i, x in enumerate(example):
                            n.setInput(x.numpy(), f"in{i}")
                        return n.forward(outs)
                    ms = timed(run_cv, a.warmup, a.loops)
                print(f"PEER {net_name} {t} {eng} {ms:.3f}", flush=True)
    return rc


if __name__ == "__main__":
    sys.exit(main())

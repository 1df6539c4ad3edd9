#!/usr/bin/python3
"""Generates the PyTorch parity data: torchvision networks with fixed random weights, exported to ONNX, with
PyTorch's own outputs for fixed inputs.

Run with Debian's python3-torch and python3-torchvision (no network: nothing pretrained is downloaded):

    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 tools/pytorch_parity.py [--out DIR] [--force] [--check] [--bench]

DIR defaults to ${EMBER_CACHE:-$HOME/.cache/ember}/parity. For each network NET it writes
    NET.onnx         the exported model (one input "input" [1,3,224,224], one output "output")
    NET.input.bin    the input, little-endian float32, NCHW
    NET.output.bin   PyTorch's output for it, little-endian float32
    NET.txt          "input <name> <dims...>" and "output <name> <dims...>" lines
and finally COMPLETE, which names this script's SHA-256, the torch version and the networks. A run whose
COMPLETE stamp matches (same script, same torch) does nothing unless --force is given; test_pytorch_parity_net
reads the files. Every file is written under a temporary name and renamed, so an interrupted run never leaves
a half-written file that looks complete.
"""
import argparse
import hashlib
import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

NETS = ["resnet18", "mobilenet_v2", "mobilenet_v3_small", "squeezenet1_1", "shufflenet_v2_x1_0", "googlenet",
        "efficientnet_b0", "vit_tiny"]
# Exported only with --bench (tools/bench_suite.sh --onnx times them; no parity test reads them).
BENCH_NETS = ["mobilenet_v3_large", "resnet50"]
ALL_NETS = NETS + BENCH_NETS
OPSET = 13


def default_dir():
    cache = os.environ.get("EMBER_CACHE") or os.path.join(os.environ.get("HOME") or "/tmp", ".cache", "ember")
    return os.path.join(cache, "parity")


def script_hash():
    with open(os.path.abspath(__file__), "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def stamp_text(torch_version):
    return "script %s\ntorch %s\nopset %d\nnets %s\n" % (script_hash(), torch_version, OPSET, " ".join(NETS))


def write_atomic(path, data):
    tmp = path + ".tmp%d" % os.getpid()
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def build(name, torch, models):
    """The torchvision architecture with deterministic random weights, in eval mode."""
    torch.manual_seed(20240 + ALL_NETS.index(name))
    if name == "googlenet":
        net = models.googlenet(weights=None, aux_logits=False, init_weights=True)
    elif name == "vit_tiny":
        # torchvision's VisionTransformer, small: what exporters write for transformers (layer norms as nine
        # ops, GELU with Erf, attention matmuls and reshapes) at a size a test can afford.
        from torchvision.models.vision_transformer import VisionTransformer
        net = VisionTransformer(image_size=224, patch_size=32, num_layers=2, num_heads=4, hidden_dim=128, mlp_dim=256)
    else:
        net = getattr(models, name)(weights=None)
    # Default init leaves batch norms as identities (mean 0, var 1, scale 1, shift 0): give them random
    # statistics and affine parameters so the folded conv+bn path is really exercised.
    g = torch.Generator().manual_seed(7 + ALL_NETS.index(name))
    with torch.no_grad():
        for m in net.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                c = m.num_features
                m.running_mean.copy_(torch.randn(c, generator=g) * 0.1)
                m.running_var.copy_(torch.rand(c, generator=g) * 1.0 + 0.5)
                m.weight.copy_(torch.rand(c, generator=g) * 1.0 + 0.5)
                m.bias.copy_(torch.randn(c, generator=g) * 0.1)
        for p in net.parameters():  # the head and class token start at 0
            if p.abs().max() == 0:
                p.normal_(0, 0.05, generator=g)
    return net.eval()


def generate(name, out_dir, torch, models):
    net = build(name, torch, models)
    g = torch.Generator().manual_seed(1000 + ALL_NETS.index(name))
    x = torch.rand(1, 3, 224, 224, generator=g) * 2 - 1
    with torch.no_grad():
        y = net(x)
    onnx_path = os.path.join(out_dir, name + ".onnx")
    tmp = onnx_path + ".tmp%d" % os.getpid()
    # Autograd on for the transformer's export: eval-mode MultiheadAttention under no_grad takes a fast path
    # that torch 1.13 cannot export.
    with torch.enable_grad() if name == "vit_tiny" else torch.no_grad():
        torch.onnx.export(net, x, tmp, opset_version=OPSET, input_names=["input"], output_names=["output"],
                          do_constant_folding=True)
    os.replace(tmp, onnx_path)
    write_atomic(os.path.join(out_dir, name + ".input.bin"), x.numpy().astype("<f4").tobytes())
    write_atomic(os.path.join(out_dir, name + ".output.bin"), y.numpy().astype("<f4").tobytes())
    meta = "input input %s\noutput output %s\n" % (" ".join(map(str, x.shape)), " ".join(map(str, y.shape)))
    write_atomic(os.path.join(out_dir, name + ".txt"), meta.encode())
    return float(y.min()), float(y.max())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=default_dir())
    ap.add_argument("--force", action="store_true", help="regenerate even when COMPLETE matches")
    ap.add_argument("--check", action="store_true", help="only report whether the cache is complete (exit 0/1)")
    ap.add_argument("--bench", action="store_true",
                    help="also export %s when missing (for tools/bench_suite.sh --onnx)" % " ".join(BENCH_NETS))
    args = ap.parse_args()
    try:
        import torch
        import torchvision.models as models
    except ImportError as e:
        sys.exit("pytorch_parity.py: needs Debian's python3-torch and python3-torchvision (tools/install_deps.sh "
                 "installs them): %s" % e)
    torch.set_num_threads(1)
    os.makedirs(args.out, exist_ok=True)
    stamp_path = os.path.join(args.out, "COMPLETE")
    want = stamp_text(torch.__version__)
    have = open(stamp_path).read() if os.path.exists(stamp_path) else ""
    complete = have == want and all(
        os.path.exists(os.path.join(args.out, n + ext)) for n in NETS
        for ext in (".onnx", ".input.bin", ".output.bin", ".txt"))
    if args.check:
        print("parity cache %s: %s" % (args.out, "complete" if complete else "incomplete"))
        return 0 if complete else 1
    if args.bench:
        for name in BENCH_NETS:
            if args.force or not os.path.exists(os.path.join(args.out, name + ".txt")):
                lo, hi = generate(name, args.out, torch, models)
                print("%-20s exported, output range [%.4g, %.4g]" % (name, lo, hi), flush=True)
    if complete and not args.force:
        print("parity cache %s is complete (torch %s); nothing to do" % (args.out, torch.__version__))
        return 0
    if os.path.exists(stamp_path):
        os.remove(stamp_path)
    t_all = time.time()
    for name in NETS:
        t0 = time.time()
        lo, hi = generate(name, args.out, torch, models)
        print("%-20s exported, output range [%.4g, %.4g], %.1f s" % (name, lo, hi, time.time() - t0), flush=True)
    write_atomic(stamp_path, want.encode())
    print("parity cache %s written in %.1f s (torch %s, opset %d)" % (args.out, time.time() - t_all,
                                                                      torch.__version__, OPSET))
    return 0


if __name__ == "__main__":
    sys.exit(main())

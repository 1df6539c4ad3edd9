"""PyTorch as a peer, driven from Python: torchvision networks with fixed random weights, exported to ONNX in a
temporary folder, run by Ember through the module and by PyTorch on the same input."""
import os

import numpy as np
import pytest

import ember
from conftest import close

import torch  # Debian's python3-torch and python3-torchvision (tools/install_deps.sh installs them)
import torchvision.models as models


@pytest.mark.parametrize("net", ["resnet18", "mobilenet_v3_small", "shufflenet_v2_x1_0"])
def test_torchvision_net_matches_pytorch(net, tmp_path):
    torch.manual_seed(1234)
    module = getattr(models, net)(weights=None).eval()
    x = torch.randn(1, 3, 224, 224)
    with torch.no_grad():
        expected = module(x).numpy()
    path = str(tmp_path / (net + ".onnx"))
    torch.onnx.export(module, x, path, input_names=["input"], output_names=["output"], opset_version=13)
    model = ember.Model(path)
    out = model.predictor(threads=2).run({"input": x.numpy()})["output"]
    assert out.shape == expected.shape
    assert close(out, expected), float(np.max(np.abs(out - expected)))

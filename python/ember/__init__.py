"""Ember: on-device neural-network inference for Paddle, ONNX and ncnn models.

    import ember, numpy as np
    model = ember.Model("mnist_model/")            # immutable; share it between threads
    predictor = model.predictor(threads=2)        # one per thread; cheap
    out = predictor.run({"image": np.zeros((1, 1, 28, 28), np.float32)})

Errors from the engine raise ember.Error (a RuntimeError) with the native message and .code
("NotFound", "InvalidArgument", "ParseError", "Unimplemented", "OutOfMemory", "Internal").
"""
from ._ember import Error, Model, Predictor, net_profile  # noqa: F401
from ._ember import __version__  # noqa: F401

__all__ = ["Error", "Model", "Predictor", "net_profile", "__version__"]

"""Bad input raises a Python exception with the native message; the process survives."""
import os

import numpy as np
import pytest

import ember


@pytest.fixture(scope="module")
def mnist(models_dir):
    return ember.Model(os.path.join(models_dir, "paddle", "mnist_mlp_handwriting"))


def test_missing_file_names_it():
    with pytest.raises(ember.Error) as e:
        ember.Model("/no/such/model.onnx")
    assert e.value.code == "NotFound" and "/no/such/model.onnx" in str(e.value)
    assert isinstance(e.value, RuntimeError)


def test_garbage_and_truncated_models(models_dir, tmp_path):
    garbage = tmp_path / "garbage.onnx"
    garbage.write_bytes(bytes(range(256)) * 7)
    with pytest.raises(ember.Error) as e:
        ember.Model(str(garbage))
    assert "garbage.onnx" in str(e.value)
    whole = open(os.path.join(models_dir, "onnx", "mnist", "mnist.onnx"), "rb").read()
    with pytest.raises(ember.Error) as e:
        ember.Model.from_bytes(whole[: len(whole) // 2])
    assert e.value.code in ("ParseError", "InvalidArgument")
    with pytest.raises(ember.Error):
        ember.Model.from_bytes(b"")


def test_wrong_input_name_shape_and_dtype(mnist):
    p = mnist.predictor()
    x = np.zeros((1, 1, 28, 28), np.float32)
    with pytest.raises(ember.Error) as e:
        p.run({"imagee": x})
    assert e.value.code == "NotFound" and "imagee" in str(e.value)
    with pytest.raises(ember.Error) as e:
        p.run({"image": np.zeros((28, 28), np.float32)})
    assert e.value.code == "InvalidArgument" and "image" in str(e.value)
    with pytest.raises(ember.Error) as e:
        p.run({"image": np.zeros((1, 1, 28, 27), np.float32)})  # 783 values into an fc of 784
    assert e.value.code == "InvalidArgument"
    with pytest.raises(TypeError) as e:
        p.run({"image": x.astype(np.float64)})
    assert "float64" in str(e.value) and "float32" in str(e.value)
    with pytest.raises(TypeError) as e:
        p.run({"image": [[0.0] * 28] * 28})
    assert "numpy array" in str(e.value)
    with pytest.raises(ember.Error) as e:
        p.run({"image": x}, outputs=["no_such_output"])
    assert "no_such_output" in str(e.value)
    # After every failure the predictor still answers.
    out = p.run({"image": x})
    assert out[mnist.output_names[0]].shape == (1, 10)


def test_input_not_fed(mnist):
    with pytest.raises(ember.Error) as e:
        mnist.predictor().run({})
    assert "image" in str(e.value)


def test_bad_options(mnist, models_dir):
    with pytest.raises(ember.Error) as e:
        ember.Model(os.path.join(models_dir, "onnx", "mnist", "mnist.onnx"), disabled_passes=["no_such_pass"])
    assert "no_such_pass" in str(e.value)
    with pytest.raises(ember.Error):
        mnist.predictor(threads=-3)
    with pytest.raises(TypeError):
        mnist.predictor(threads="two")

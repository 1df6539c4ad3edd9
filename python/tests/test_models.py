"""Real models give their known answers through the Python module (references from shared/models' README)."""
import os

import numpy as np
import pytest

import ember
from conftest import close, read_refdata, read_tensor_proto


def test_paddle_mnist_mlp_reads_the_digit_3(models_dir):
    folder = os.path.join(models_dir, "paddle", "mnist_mlp_handwriting")
    inputs, outputs, meta = read_refdata(os.path.join(folder, "refdata_npref"))
    model = ember.Model(folder)
    assert model.input_names == ["image"]
    out = model.predictor().run(inputs)
    (name, expected), = outputs.items()
    assert out[name].dtype == np.float32 and out[name].shape == (1, 10)
    assert close(out[name], expected)
    assert int(np.argmax(out[name])) == meta["outputs"][name]["argmax"] == 3


def test_paddle_gesture_rec_matches_reference(models_dir):
    folder = os.path.join(models_dir, "paddle", "paddlejs_gesture_rec")
    inputs, outputs, _ = read_refdata(os.path.join(folder, "refdata_npref"))
    out = ember.Model(folder).predictor(threads=2).run(inputs)
    for name, expected in outputs.items():
        assert close(out[name].reshape(expected.shape), expected), name


def test_onnx_mnist_from_file_and_from_bytes(models_dir):
    folder = os.path.join(models_dir, "onnx", "mnist")
    x = read_tensor_proto(os.path.join(folder, "test_data_set_0", "input_0.pb"))
    expected = read_tensor_proto(os.path.join(folder, "test_data_set_0", "output_0.pb"))
    path = os.path.join(folder, "mnist.onnx")
    for model in (ember.Model(path), ember.Model.from_bytes(open(path, "rb").read())):
        (name,) = model.output_names
        out = model.predictor().run({model.input_names[0]: x})[name]
        assert close(out, expected)
        assert int(np.argmax(out)) == 3


def test_onnx_ultraface_scores_and_boxes(models_dir):
    folder = os.path.join(models_dir, "onnx", "ultraface")
    model_file = [f for f in os.listdir(folder) if f.endswith(".onnx")][0]
    model = ember.Model(os.path.join(folder, model_file))
    x = read_tensor_proto(os.path.join(folder, "test_data_set_0", "input_0.pb"))
    out = model.predictor().run({model.input_names[0]: x})
    for i, name in enumerate(model.output_names):
        expected = read_tensor_proto(os.path.join(folder, "test_data_set_0", "output_%d.pb" % i))
        assert close(out[name], expected), name


def test_inspect_describes_the_model(models_dir):
    info = ember.Model(os.path.join(models_dir, "paddle", "mnist_mlp_handwriting")).inspect()
    assert info["format"] == "paddle"
    assert info["inputs"] == [{"name": "image", "shape": [-1, 1, 28, 28], "dtype": "FP32"}]
    assert info["ops_loaded"]["mul"] == 3 and info["ops_loaded"]["relu"] == 2
    assert info["ops"].get("fc") == 3 and "mul" not in info["ops"]  # the passes fused mul + add -> fc
    assert info["parameters"] == 784 * 100 + 100 + 100 * 100 + 100 + 100 * 10 + 10  # 784-100-100-10
    assert info["net_profile"] == ember.net_profile


def test_ncnn_graph_with_generated_weights(models_dir):
    graph = os.path.join(models_dir, "..", "bench", "ncnn", "squeezenet.param")
    if not os.path.exists(graph):
        pytest.fail("missing " + graph)
    model = ember.Model(graph, generate_weights=True)
    info = model.inspect()
    assert info["format"] == "ncnn" and info["ops_loaded"]["conv2d"] >= 26
    p = model.predictor(profile=True)
    x = np.random.default_rng(0).standard_normal((1, 3, 227, 227)).astype(np.float32)
    out = p.run({model.input_names[0]: x})
    (probs,) = out.values()
    assert probs.size == 1000 and abs(float(probs.sum()) - 1.0) < 1e-4  # softmax over the classes
    profile = p.profile()
    assert len(profile) >= 26 and all(r["ms"] >= 0 for r in profile)
    assert any(r["op"] == "conv2d" for r in profile)


def test_outputs_are_copies_that_later_runs_leave_alone(models_dir):
    folder = os.path.join(models_dir, "paddle", "mnist_mlp_handwriting")
    inputs, _, _ = read_refdata(os.path.join(folder, "refdata_npref"))
    model = ember.Model(folder)
    p = model.predictor()
    first = p.run(inputs)[model.output_names[0]]
    kept = first.copy()
    p.run({"image": np.zeros((1, 1, 28, 28), np.float32)})
    assert np.array_equal(first, kept)


def test_non_contiguous_and_batched_inputs(models_dir):
    folder = os.path.join(models_dir, "paddle", "mnist_mlp_handwriting")
    inputs, outputs, _ = read_refdata(os.path.join(folder, "refdata_npref"))
    (expected,) = outputs.values()
    x = inputs["image"]
    batch = np.concatenate([np.zeros_like(x), x, -x])  # batch 3, the reference image second
    strided = np.asfortranarray(batch)                 # not C-contiguous: the module makes it so
    model = ember.Model(folder)
    out = model.predictor().run({"image": strided})[model.output_names[0]]
    assert out.shape == (3, 10)
    assert close(out[1:2], expected)


def test_outputs_take_the_predictors_memory_and_weights_stay_safe(models_dir):
    folder = os.path.join(models_dir, "paddle", "mnist_mlp_handwriting")
    inputs, outputs, _ = read_refdata(os.path.join(folder, "refdata_npref"))
    model = ember.Model(folder, optimize=False)  # keeps the weight variables as the program names them
    p = model.predictor()
    name = model.output_names[0]
    out = p.run(inputs)[name]
    assert not out.flags.owndata and out.base is not None  # numpy over the output's own memory: no copy
    weight = p.run(inputs, outputs=[name, "fc_0.w_0"])["fc_0.w_0"]
    assert weight.shape == (784, 100)
    weight[:] = 0  # a weight comes out as a copy: writing it must not reach the model
    again = p.run(inputs)[name]
    assert close(again, outputs[name]) and np.array_equal(again, out)


def test_slim_model_from_file_and_from_bytes(models_dir, tmp_path):
    """`ember convert --slim` (EMBER_CLI) writes the gesture recognizer after the passes; the module reads it from a
    path and from bytes, with the batch norms folded, and it still matches the numpy reference."""
    cli = os.environ.get("EMBER_CLI")
    if not cli or not os.path.exists(cli):
        pytest.fail("EMBER_CLI does not name the ember binary (CTest sets it)")
    import subprocess
    folder = os.path.join(models_dir, "paddle", "paddlejs_gesture_rec")
    slim = str(tmp_path / "gesture.ember")
    subprocess.run([cli, "convert", folder, slim, "--slim"], check=True, capture_output=True)
    inputs, outputs, _ = read_refdata(os.path.join(folder, "refdata_npref"))
    for model in (ember.Model(slim), ember.Model.from_bytes(open(slim, "rb").read())):
        info = model.inspect()
        assert info["format"] == "slim"
        out = model.predictor().run(inputs)
        for name, expected in outputs.items():
            assert close(out[name].reshape(expected.shape), expected), name

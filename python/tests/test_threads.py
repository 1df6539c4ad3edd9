"""One Model shared by threads: each with its own Predictor, or one Predictor shared (calls wait for each other)."""
import os
import threading

import numpy as np

import ember


def _inputs(n):
    rng = np.random.default_rng(7)
    return [rng.standard_normal((1, 3, 224, 224)).astype(np.float32) for _ in range(n)]


def _run_threads(target, n):
    errors = []

    def wrapped(i):
        try:
            target(i)
        except Exception as e:  # surfaced below: a thread's exception would otherwise be lost
            errors.append(e)
    threads = [threading.Thread(target=wrapped, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_threads_with_their_own_predictors_match_one_thread(models_dir):
    model = ember.Model(os.path.join(models_dir, "paddle", "paddlejs_gesture_rec"))
    name_in, name_out = model.input_names[0], model.output_names[0]
    xs = _inputs(6)
    single = model.predictor()
    expected = [single.run({name_in: x})[name_out] for x in xs]
    got = [None] * len(xs)

    def work(i):
        p = model.predictor()
        for _ in range(3):
            got[i] = p.run({name_in: xs[i]})[name_out]
    _run_threads(work, len(xs))
    for e, g in zip(expected, got):
        assert np.array_equal(e, g)  # same kernels, same order: bit for bit


def test_one_predictor_shared_by_threads(models_dir):
    model = ember.Model(os.path.join(models_dir, "paddle", "paddlejs_gesture_rec"))
    name_in, name_out = model.input_names[0], model.output_names[0]
    xs = _inputs(4)
    shared = model.predictor()
    expected = [model.predictor().run({name_in: x})[name_out] for x in xs]
    got = [None] * len(xs)

    def work(i):
        for _ in range(3):
            got[i] = shared.run({name_in: xs[i]})[name_out]
    _run_threads(work, len(xs))
    for e, g in zip(expected, got):
        assert np.array_equal(e, g)

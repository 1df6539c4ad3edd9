package org.ember;

import static org.junit.Assert.assertArrayEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.Test;

/** Eight Java threads, each with its own Predictor on one shared Model, match a single-threaded run bit for bit. */
public class ThreadTest {
  static final int THREADS = 8;
  static final int ROUNDS = 3;

  // Input k: the reference input, shifted by k/8 (each thread sees every input, in its own order).
  static float[] input(float[] base, int k) {
    float[] x = base.clone();
    for (int i = 0; i < x.length; ++i) x[i] += k / 8f;
    return x;
  }

  @Test
  public void eightThreadsOwnPredictorsOneModel() throws Exception {
    float[] base = TestData.gestureInput();
    try (Model model = Model.load(TestData.gesture().toString())) {
      String out = model.outputNames()[0];
      float[][] expected = new float[THREADS][];
      try (Predictor p = model.newPredictor()) {
        for (int k = 0; k < THREADS; ++k) {
          p.setInput("img", input(base, k), TestData.GESTURE_SHAPE);
          p.run();
          expected[k] = p.getOutput(out).floatData();
        }
      }
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      List<Future<float[][]>> results = new ArrayList<>();
      for (int t = 0; t < THREADS; ++t) {
        final int first = t;
        results.add(pool.submit(() -> {
          float[][] got = new float[THREADS][];
          try (Predictor p = model.newPredictor()) {
            for (int r = 0; r < ROUNDS; ++r)
              for (int i = 0; i < THREADS; ++i) {
                int k = (first + i) % THREADS;
                p.setInput("img", input(base, k), TestData.GESTURE_SHAPE);
                p.run();
                got[k] = p.getOutput(out).floatData();
              }
          }
          return got;
        }));
      }
      pool.shutdown();
      for (Future<float[][]> f : results) {
        float[][] got = f.get();
        for (int k = 0; k < THREADS; ++k) assertArrayEquals("input " + k, expected[k], got[k], 0f);
      }
    }
  }
}

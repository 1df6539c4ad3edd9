package org.ember;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Paths;
import org.junit.Test;

/** Creating and closing models and predictors in a loop does not grow the process's resident memory. */
public class MemoryTest {
  // The process's resident set (VmRSS of /proc/self/status), in KiB.
  static long rssKib() throws Exception {
    for (String line : Files.readAllLines(Paths.get("/proc/self/status")))
      if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("[^0-9]", ""));
    throw new AssertionError("no VmRSS in /proc/self/status");
  }

  static void cycle(byte[] program, byte[] params, float[] input) {
    try (Model m = Model.fromBytes(program, params);
        Predictor p = m.newPredictor()) {
      p.setInput("img", input, TestData.GESTURE_SHAPE);
      p.run();
      assertEquals(9, p.getOutput(m.outputNames()[0]).size());
    }
  }

  @Test
  public void createCloseLoopKeepsRssFlat() throws Exception {
    byte[] program = TestData.bytes(TestData.gesture().resolve("__model__"));
    byte[] params = TestData.bytes(TestData.gesture().resolve("params")); // 2.9 MB of weights per load
    float[] input = TestData.gestureInput();
    for (int i = 0; i < 30; ++i) cycle(program, params, input); // warm up: allocator pools, JIT, thread pool
    System.gc();
    long before = rssKib();
    final int loops = 300;
    for (int i = 0; i < loops; ++i) cycle(program, params, input);
    System.gc();
    long after = rssKib();
    long growth = after - before;
    System.out.println("MemoryTest: " + loops + " x (load 2.9 MB model from bytes + predictor + run + close): RSS "
        + before + " KiB -> " + after + " KiB (" + (growth >= 0 ? "+" : "") + growth + " KiB)");
    // A leak of the weights alone would add 300 x 2.9 MB = 860 MB; allow 8 MB of allocator noise.
    assertTrue("RSS grew " + growth + " KiB over " + loops + " create/close cycles", growth < 8 * 1024);
  }
}

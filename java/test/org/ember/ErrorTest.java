package org.ember;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.Arrays;
import org.junit.Test;

/** Bad models and misuse become Java exceptions with useful messages; the JVM survives every one. */
public class ErrorTest {
  interface Call {
    void run() throws Exception;
  }

  // Runs `c`, expects an exception of `type` whose message contains each of `words`.
  static <T extends Throwable> T expect(Class<T> type, Call c, String... words) {
    try {
      c.run();
    } catch (Throwable t) {
      if (!type.isInstance(t)) throw new AssertionError("expected " + type.getSimpleName() + ", got " + t, t);
      for (String w : words)
        assertTrue("message '" + t.getMessage() + "' lacks '" + w + "'", t.getMessage().contains(w));
      return type.cast(t);
    }
    fail("expected " + type.getSimpleName() + " " + Arrays.toString(words));
    return null;
  }

  @Test
  public void garbageAndTruncatedModelsThrow() throws Exception {
    byte[] garbage = new byte[4096];
    new java.util.Random(7).nextBytes(garbage);
    garbage[0] = 0x0a; // looks like a Paddle program's first field
    expect(EmberException.class, () -> Model.fromBytes(garbage, null), "<memory>");
    byte[] onnx = TestData.bytes(TestData.mnistOnnx());
    for (int cut : new int[] {1, 17, onnx.length / 3, onnx.length / 2, onnx.length - 1}) {
      byte[] truncated = Arrays.copyOf(onnx, cut);
      EmberException e = expect(EmberException.class, () -> Model.fromBytes(truncated, null));
      assertTrue(e.code(), e.code().equals("ParseError") || e.code().equals("InvalidArgument"));
    }
    // A Paddle program whose params were cut short names what is missing.
    byte[] program = TestData.bytes(TestData.gesture().resolve("__model__"));
    byte[] params = TestData.bytes(TestData.gesture().resolve("params"));
    expect(EmberException.class, () -> Model.fromBytes(program, Arrays.copyOf(params, params.length / 2)), "params");
    expect(EmberException.class, () -> Model.fromBytes(new byte[0], null), "empty");
    // Garbage behind each format's first bytes (the loader picks the format from them) fails in that loader.
    byte[][] heads = {{0x08, 0x07}, "7767517\n".getBytes("US-ASCII"), {(byte) 0x9d, (byte) 0xfe, 0x76, 0x00}, {0x3a}};
    for (byte[] head : heads) {
      byte[] g = garbage.clone();
      System.arraycopy(head, 0, g, 0, head.length);
      expect(EmberException.class, () -> Model.fromBytes(g, null), "<memory>");
    }
  }

  @Test
  public void outputBuffersThatCannotTakeTheOutput() throws Exception {
    try (Model model = Model.load(TestData.mnistPaddle().toString());
        Predictor p = model.newPredictor()) {
      p.setInput("image", TestData.mnistThree(), TestData.MNIST_SHAPE);
      p.run();
      java.nio.FloatBuffer direct = java.nio.ByteBuffer.allocateDirect(4 * 64).order(java.nio.ByteOrder.nativeOrder()).asFloatBuffer();
      expect(java.nio.ReadOnlyBufferException.class, () -> p.getOutput("save_infer_model/scale_0.tmp_4", direct.asReadOnlyBuffer()));
      direct.limit(9); // room for 9 of the 10 outputs: the limit counts, not the capacity
      expect(EmberException.class, () -> p.getOutput("save_infer_model/scale_0.tmp_4", direct), "10", "9");
      direct.limit(64);
      direct.put(10, 42f);
      direct.limit(10);
      p.getOutput("save_infer_model/scale_0.tmp_4", direct);
      direct.limit(64);
      assertEquals(42f, direct.get(10), 0f); // nothing written past the output
    }
  }

  @Test
  public void missingFilesNameThePath() {
    EmberException e = expect(EmberException.class, () -> Model.load("/nonexistent/model_dir"), "/nonexistent/model_dir");
    assertEquals("NotFound", e.code());
    expect(EmberException.class, () -> Model.load("/nonexistent/net.onnx"), "/nonexistent/net.onnx");
  }

  @Test
  public void wrongInputsAndOutputsAreNamed() throws Exception {
    try (Model model = Model.load(TestData.mnistPaddle().toString());
        Predictor p = model.newPredictor()) {
      float[] x = TestData.mnistThree();
      expect(EmberException.class, () -> p.setInput("imagee", x, TestData.MNIST_SHAPE), "imagee");
      expect(IllegalArgumentException.class, () -> p.setInput("image", x, new long[] {1, 1, 28, 27}), "image", "756", "784");
      expect(IllegalArgumentException.class, () -> p.setInput("image", x, new long[] {-1, 1, 28, 28}), "negative");
      expect(IllegalArgumentException.class, () -> p.setInput("image", x, new long[] {1L << 62, 4}), "overflows");
      // Right element count, wrong shape for the network: the run names the op or variable.
      p.setInput("image", x, new long[] {1, 784, 1, 1});
      try {
        p.run(); // an MLP flattens its input, so this shape may be accepted
      } catch (EmberException e) {
        assertTrue(e.getMessage(), !e.getMessage().isEmpty());
      }
      p.setInput("image", new float[5 * 5], new long[] {1, 1, 5, 5});
      expect(EmberException.class, p::run);
      p.setInput("image", x, TestData.MNIST_SHAPE);
      p.run();
      expect(EmberException.class, () -> p.getOutput("no_such_output"), "no_such_output");
      assertEquals(3, p.getOutput("save_infer_model/scale_0.tmp_4").argmax()); // still usable after errors
    }
  }

  @Test
  public void nullsThrowNullPointerException() throws Exception {
    expect(NullPointerException.class, () -> Model.load(null), "path");
    expect(NullPointerException.class, () -> Model.fromBytes(null, null), "model");
    try (Model model = Model.load(TestData.mnistPaddle().toString());
        Predictor p = model.newPredictor()) {
      expect(NullPointerException.class, () -> p.setInput(null, new float[1], new long[] {1}), "name");
      expect(NullPointerException.class, () -> p.setInput("image", (float[]) null, TestData.MNIST_SHAPE), "data");
      expect(NullPointerException.class, () -> p.setInput("image", new float[784], null), "shape");
      expect(NullPointerException.class, () -> p.getOutput(null), "name");
      expect(NullPointerException.class, () -> model.newPredictor(null), "options");
    }
  }

  @Test
  public void closedObjectsThrowIllegalState() throws Exception {
    Model model = Model.load(TestData.mnistPaddle().toString());
    Predictor p = model.newPredictor();
    model.close();
    model.close(); // twice is harmless
    assertTrue(model.isClosed());
    expect(IllegalStateException.class, model::newPredictor, "closed");
    expect(IllegalStateException.class, model::inputNames, "closed");
    // The predictor keeps the native model alive: it still runs after the Model is closed.
    p.setInput("image", TestData.mnistThree(), TestData.MNIST_SHAPE);
    p.run();
    assertEquals(3, p.getOutput("save_infer_model/scale_0.tmp_4").argmax());
    p.close();
    p.close();
    expect(IllegalStateException.class, p::run, "closed");
    expect(IllegalStateException.class, () -> p.setInput("image", new float[784], TestData.MNIST_SHAPE), "closed");
    expect(IllegalStateException.class, () -> p.getOutput("save_infer_model/scale_0.tmp_4"), "closed");
  }

  @Test
  public void badOptionsAndMissingOps() throws Exception {
    expect(IllegalArgumentException.class, () -> new Predictor.Options().threads(0), "threads");
    // An int64 output read as float names the output and both types.
    try (Model model = Model.load(ModelTest.ONNX_NODE + "test_argmax_keepdims_example/model.onnx");
        Predictor p = model.newPredictor()) {
      p.setInput(model.inputNames()[0], new float[] {2, 1, 3, 10}, new long[] {2, 2});
      p.run();
      expect(IllegalStateException.class, () -> p.getOutput(model.outputNames()[0]).floatData(), "INT64", "FLOAT32");
      expect(EmberException.class, () -> p.getOutput(model.outputNames()[0],
          java.nio.ByteBuffer.allocateDirect(64).order(java.nio.ByteOrder.nativeOrder()).asFloatBuffer()), "float32");
      expect(EmberException.class, () -> p.getOutput(model.outputNames()[0], java.nio.FloatBuffer.allocate(16)), "float32");
    }
  }
}

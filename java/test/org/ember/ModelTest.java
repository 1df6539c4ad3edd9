package org.ember;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.FileInputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import org.junit.Test;

/** Real models from shared/models give their known answers, however they are loaded and fed. */
public class ModelTest {
  // The README's "Using Ember from Java / Android" snippet is this test's body.
  @Test
  public void readmeExample() throws Exception {
    String modelDir = TestData.mnistPaddle().toString();
    float[] pixels = TestData.mnistThree(); // [1,1,28,28], x/255*2-1
    try (Model model = Model.load(modelDir);
        Predictor predictor = model.newPredictor(new Predictor.Options().threads(2))) {
      predictor.setInput(model.inputNames()[0], pixels, new long[] {1, 1, 28, 28});
      predictor.run();
      Tensor probs = predictor.getOutput(model.outputNames()[0]);
      assertEquals(3, probs.argmax()); // the digit 3
    }
  }

  @Test
  public void mnistPaddleMatchesTheNumpyReference() throws Exception {
    float[] expected = TestData.floats(TestData.mnistPaddle().resolve("refdata_npref/output_save_infer_model_scale_0.tmp_4.bin"));
    try (Model model = Model.load(TestData.mnistPaddle().toString());
        Predictor p = model.newPredictor()) {
      assertArrayEquals(new String[] {"image"}, model.inputNames());
      assertArrayEquals(new String[] {"save_infer_model/scale_0.tmp_4"}, p.outputNames());
      p.setInput("image", TestData.mnistThree(), TestData.MNIST_SHAPE);
      p.run();
      Tensor out = p.getOutput("save_infer_model/scale_0.tmp_4");
      assertEquals(Tensor.DataType.FLOAT32, out.dataType());
      assertArrayEquals(new long[] {1, 10}, out.shape());
      assertTrue("max diff " + TestData.maxAbsDiff(out.floatData(), expected), TestData.maxAbsDiff(out.floatData(), expected) < 1e-5f);
      assertEquals(3, out.argmax());
    }
  }

  @Test
  public void gestureFromPathAndFromDirectBuffersMatchTheReference() throws Exception {
    float[] expected = TestData.gestureOutput();
    byte[] program = TestData.bytes(TestData.gesture().resolve("__model__"));
    byte[] params = TestData.bytes(TestData.gesture().resolve("params"));
    ByteBuffer directParams = ByteBuffer.allocateDirect(params.length);
    directParams.put(params).flip();
    ByteBuffer directProgram = ByteBuffer.allocateDirect(program.length);
    directProgram.put(program).flip();
    try (Model fromPath = Model.load(TestData.gesture().toString());
        Model inPlace = Model.fromBuffers(directProgram, directParams);
        Model copied = Model.fromBytes(program, params)) {
      for (Model m : new Model[] {fromPath, inPlace, copied}) {
        try (Predictor p = m.newPredictor()) {
          p.setInput("img", TestData.gestureInput(), TestData.GESTURE_SHAPE);
          p.run();
          float[] got = p.getOutput(m.outputNames()[0]).floatData();
          // 1e-4 of the output range (about 13): float32 summation order differs from numpy's float64.
          assertTrue("max diff " + TestData.maxAbsDiff(got, expected), TestData.maxAbsDiff(got, expected) < 2e-3f);
        }
      }
    }
  }

  @Test
  public void onnxFromFileBytesAndStreamAllReadTheThree() throws Exception {
    float[] pixels = TestData.mnistThree();
    for (int i = 0; i < pixels.length; ++i) pixels[i] = (pixels[i] + 1) / 2; // this export takes x/255
    float[] first = null;
    try (InputStream in = new FileInputStream(TestData.mnistOnnx().toFile());
        Model fromFile = Model.load(TestData.mnistOnnx().toString());
        Model fromBytes = Model.fromBytes(TestData.bytes(TestData.mnistOnnx()), null);
        Model fromStream = Model.fromStreams(in, null)) {
      for (Model m : new Model[] {fromFile, fromBytes, fromStream}) {
        try (Predictor p = m.newPredictor()) {
          p.setInput(m.inputNames()[0], pixels, TestData.MNIST_SHAPE);
          p.run();
          Tensor out = p.getOutput(m.outputNames()[0]);
          assertEquals(3, out.argmax());
          if (first == null) first = out.floatData();
          else assertArrayEquals(first, out.floatData(), 0f);
        }
      }
    }
  }

  @Test
  public void directFloatBuffersInAndOut() throws Exception {
    float[] pixels = TestData.mnistThree();
    FloatBuffer in = ByteBuffer.allocateDirect(4 * (pixels.length + 3)).order(ByteOrder.nativeOrder()).asFloatBuffer();
    in.position(3); // not at the start: the native side must honour the position
    in.put(pixels);
    in.position(3);
    FloatBuffer out = ByteBuffer.allocateDirect(4 * 12).order(ByteOrder.nativeOrder()).asFloatBuffer();
    out.position(2);
    try (Model model = Model.load(TestData.mnistPaddle().toString());
        Predictor p = model.newPredictor()) {
      p.setInput("image", in, TestData.MNIST_SHAPE);
      p.run();
      long[] shape = p.getOutput("save_infer_model/scale_0.tmp_4", out);
      assertArrayEquals(new long[] {1, 10}, shape);
      assertEquals(2, out.position());
      float[] viaBuffer = new float[10];
      out.get(viaBuffer);
      assertArrayEquals(p.getOutput("save_infer_model/scale_0.tmp_4").floatData(), viaBuffer, 0f);
      // A heap buffer and a big-endian direct one take the copying path and agree.
      FloatBuffer heap = FloatBuffer.wrap(pixels);
      p.setInput("image", heap, TestData.MNIST_SHAPE);
      p.run();
      assertArrayEquals(viaBuffer, p.getOutput("save_infer_model/scale_0.tmp_4").floatData(), 0f);
      FloatBuffer bigEndian = ByteBuffer.allocateDirect(4 * pixels.length).order(ByteOrder.BIG_ENDIAN).asFloatBuffer();
      bigEndian.put(pixels).flip();
      p.setInput("image", bigEndian, TestData.MNIST_SHAPE);
      p.run();
      assertArrayEquals(viaBuffer, p.getOutput("save_infer_model/scale_0.tmp_4").floatData(), 0f);
    }
  }

  // ONNX's own conformance models (Debian's libonnx-testdata), with values worked by hand from the op's spec.
  static final String ONNX_NODE = "/usr/share/libonnx-testdata/data/node/";

  @Test
  public void int64InputGatherElements() throws Exception {
    // GatherElements, axis 1: y[i][j] = data[i][indices[i][j]].
    try (Model model = Model.load(ONNX_NODE + "test_gather_elements_0/model.onnx");
        Predictor p = model.newPredictor()) {
      String[] in = model.inputNames();
      p.setInput(in[0], new float[] {1, 2, 3, 4}, new long[] {2, 2});
      p.setInput(in[1], new long[] {0, 0, 1, 0}, new long[] {2, 2});
      p.run();
      Tensor y = p.getOutput(model.outputNames()[0]);
      assertArrayEquals(new long[] {2, 2}, y.shape());
      assertArrayEquals(new float[] {1, 1, 4, 3}, y.floatData(), 0f);
    }
  }

  @Test
  public void int64OutputArgMax() throws Exception {
    // ArgMax over axis 1 with keepdims: [[2, 1], [3, 10]] -> [[0], [1]] as int64.
    try (Model model = Model.load(ONNX_NODE + "test_argmax_keepdims_example/model.onnx");
        Predictor p = model.newPredictor()) {
      p.setInput(model.inputNames()[0], new float[] {2, 1, 3, 10}, new long[] {2, 2});
      p.run();
      Tensor r = p.getOutput(model.outputNames()[0]);
      assertEquals(Tensor.DataType.INT64, r.dataType());
      assertArrayEquals(new long[] {2, 1}, r.shape());
      assertArrayEquals(new long[] {0, 1}, r.longData());
    }
  }

  @Test
  public void lightModeOffKeepsIntermediatesReadable() throws Exception {
    try (Model model = Model.load(TestData.mnistPaddle().toString());
        Predictor p = model.newPredictor(new Predictor.Options().lightMode(false))) {
      p.setInput("image", TestData.mnistThree(), TestData.MNIST_SHAPE);
      p.run();
      assertEquals(3, p.getOutput("save_infer_model/scale_0.tmp_4").argmax());
    }
  }
}

package org.ember;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Where the tests' models are (shared/models beside the checkout) and readers for their reference data. */
public final class TestData {
  private TestData() {}

  /** shared/models: the system property ember.models (set by java/run_junit.sh). */
  static Path models() {
    return Paths.get(System.getProperty("ember.models", "../shared/models"));
  }

  static Path mnistPaddle() {
    return models().resolve("paddle/mnist_mlp_handwriting");
  }

  static Path mnistOnnx() {
    return models().resolve("onnx/mnist/mnist.onnx");
  }

  static Path gesture() {
    return models().resolve("paddle/paddlejs_gesture_rec");
  }

  static byte[] bytes(Path p) throws IOException {
    return Files.readAllBytes(p);
  }

  /** A raw little-endian float32 file (the refdata_npref tensors). */
  static float[] floats(Path p) throws IOException {
    ByteBuffer b = ByteBuffer.wrap(bytes(p)).order(ByteOrder.LITTLE_ENDIAN);
    float[] f = new float[b.remaining() / 4];
    b.asFloatBuffer().get(f);
    return f;
  }

  /** The digit 3 of mnist_mlp_handwriting as the reference prepared it: x/255*2-1, shape [1,1,28,28]. */
  public static float[] mnistThree() throws IOException {
    return floats(mnistPaddle().resolve("refdata_npref/input_image.bin"));
  }

  static final long[] MNIST_SHAPE = {1, 1, 28, 28};

  /** The gesture model's reference input ([1,3,224,224]) and output (9 classes). */
  static float[] gestureInput() throws IOException {
    return floats(gesture().resolve("refdata_npref/input_img.bin"));
  }

  static float[] gestureOutput() throws IOException {
    return floats(gesture().resolve("refdata_npref/output_save_infer_model_scale_0.bin"));
  }

  static final long[] GESTURE_SHAPE = {1, 3, 224, 224};

  static float maxAbsDiff(float[] a, float[] b) {
    if (a.length != b.length) return Float.POSITIVE_INFINITY;
    float m = 0;
    for (int i = 0; i < a.length; ++i) m = Math.max(m, Math.abs(a[i] - b[i]));
    return m;
  }
}

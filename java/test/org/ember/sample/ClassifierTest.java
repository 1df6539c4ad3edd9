package org.ember.sample;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.FileInputStream;
import java.io.InputStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.Test;

/** The Android sample's Classifier, run on the host JVM: the MNIST ONNX model from a stream reads the digit 3. */
public class ClassifierTest {
  @Test
  public void classifiesTheThree() throws Exception {
    Path models = Paths.get(System.getProperty("ember.models", "../shared/models"));
    float[] pixels = org.ember.TestData.mnistThree();
    for (int i = 0; i < pixels.length; ++i) pixels[i] = (pixels[i] + 1) / 2; // the ONNX export takes x/255
    try (InputStream model = new FileInputStream(models.resolve("onnx/mnist/mnist.onnx").toFile());
        Classifier c = new Classifier(model, null, 2)) {
      Classifier.Top top = c.classify(pixels, MainActivityShape.MNIST);
      assertEquals(3, top.index);
      assertTrue(top.toString(), top.score > 0);
    }
  }

  // MainActivity's INPUT_SHAPE, restated: the Activity itself needs the Android SDK to load.
  static final class MainActivityShape {
    static final long[] MNIST = {1, 1, 28, 28};
  }
}

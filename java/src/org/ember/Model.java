package org.ember;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * A loaded, optimized network: PaddlePaddle, ONNX or ncnn.
 *
 * <p>Thread contract (as in the C++ API): a Model is immutable after loading and may be shared by any number
 * of threads; each thread makes its own {@link Predictor} with {@link #newPredictor()} (cheap: microseconds,
 * the weights are shared). Closing a Model frees it once the last of its Predictors is closed too.
 *
 * <pre>{@code
 * try (Model model = Model.load("mnist_model/");
 *      Predictor p = model.newPredictor()) {
 *   p.setInput("image", pixels, new long[] {1, 1, 28, 28});
 *   p.run();
 *   Tensor out = p.getOutput(model.outputNames()[0]);
 * }
 * }</pre>
 */
public final class Model implements AutoCloseable {
  static {
    NativeLibrary.load();
  }

  private long handle; // a native ModelHandle; 0 once closed
  private final Object keepAlive; // a direct params buffer the native model reads in place, or null

  private Model(long handle, Object keepAlive) {
    this.handle = handle;
    this.keepAlive = keepAlive;
  }

  /** Loads a model folder or file (Paddle folder or model file, {@code .onnx}, ncnn {@code .param}). */
  public static Model load(String path) {
    return load(path, null);
  }

  /** Loads a model file with its combined params file (Paddle) or {@code .bin} (ncnn); params may be null. */
  public static Model load(String path, String paramsFile) {
    requireNonNull(path, "path");
    return new Model(nativeLoad(path, paramsFile), null);
  }

  /**
   * Loads a model from memory: an ONNX model (params null), a Paddle program with its combined params, or an
   * ncnn .param with its .bin. Both arrays are copied.
   */
  public static Model fromBytes(byte[] model, byte[] params) {
    requireNonNull(model, "model");
    return new Model(nativeLoadMemory(model, params, false), null);
  }

  /**
   * Loads a model from ByteBuffers (from their position to their limit). With direct buffers a Paddle model's
   * combined params are read in place, not copied: they must not change while the model or any of its
   * predictors is open. ONNX and ncnn weights, and heap buffers, are copied.
   */
  public static Model fromBuffers(ByteBuffer model, ByteBuffer params) {
    requireNonNull(model, "model");
    boolean direct = model.isDirect() && (params == null || params.isDirect());
    if (!direct) return fromBytes(toBytes(model), params == null ? null : toBytes(params));
    // Slices: the native side reads from the buffer's position to its limit.
    ByteBuffer p = params == null ? null : params.slice();
    return new Model(nativeLoadMemory(model.slice(), p, true), p);
  }

  /** Loads a model from streams (such as Android assets), read to their end; params may be null. */
  public static Model fromStreams(InputStream model, InputStream params) throws IOException {
    requireNonNull(model, "model");
    return fromBytes(readAll(model), params == null ? null : readAll(params));
  }

  /** The names of the model's inputs (feeds), in order. */
  public synchronized String[] inputNames() {
    return nativeNames(checkOpen(), true);
  }

  /** The names of the model's outputs (fetch targets), in order. */
  public synchronized String[] outputNames() {
    return nativeNames(checkOpen(), false);
  }

  /** A predictor with one thread, in light mode. */
  public Predictor newPredictor() {
    return newPredictor(new Predictor.Options());
  }

  public synchronized Predictor newPredictor(Predictor.Options options) {
    requireNonNull(options, "options");
    return new Predictor(this, Predictor.nativeCreate(checkOpen(), options.threads(), options.lightMode()));
  }

  public synchronized boolean isClosed() {
    return handle == 0;
  }

  /** Frees the native model (its memory goes once its predictors are closed too). Closing twice is harmless. */
  @Override
  public synchronized void close() {
    if (handle != 0) nativeFree(handle);
    handle = 0;
  }

  private long checkOpen() {
    if (handle == 0) throw new IllegalStateException("Ember: the Model is closed");
    return handle;
  }

  static void requireNonNull(Object o, String what) {
    if (o == null) throw new NullPointerException("Ember: " + what + " is null");
  }

  private static byte[] toBytes(ByteBuffer b) {
    ByteBuffer d = b.duplicate();
    byte[] a = new byte[d.remaining()];
    d.get(a);
    return a;
  }

  private static byte[] readAll(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] chunk = new byte[1 << 16];
    for (int n; (n = in.read(chunk)) > 0; ) out.write(chunk, 0, n);
    return out.toByteArray();
  }

  private static native long nativeLoad(String path, String params);

  private static native long nativeLoadMemory(Object model, Object params, boolean direct);

  private static native void nativeFree(long handle);

  private static native String[] nativeNames(long handle, boolean inputs);
}

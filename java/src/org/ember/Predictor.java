package org.ember;

import java.nio.ByteOrder;
import java.nio.FloatBuffer;

/**
 * One run context of a {@link Model}: set inputs by name, {@link #run()}, read outputs by name.
 *
 * <p>Thread contract: use a Predictor from one thread at a time and make one per thread (they are cheap and
 * share the model's weights). Its methods are synchronized, so a misuse from two threads waits instead of
 * corrupting it. Each Predictor owns its activation memory: close it (or use try-with-resources) to free it.
 * Every {@code run()} recomputes the outputs from the inputs set; a new input shape re-plans the memory.
 */
public final class Predictor implements AutoCloseable {
  /** Creation options: OpenMP threads per run, and light mode (intermediates share one planned arena). */
  public static final class Options {
    private int threads = 1;
    private boolean lightMode = true;

    public Options threads(int n) {
      if (n < 1) throw new IllegalArgumentException("Ember: threads must be at least 1, not " + n);
      threads = n;
      return this;
    }

    /** Light mode (default): after run() only the outputs and inputs can be read. Off: every variable. */
    public Options lightMode(boolean on) {
      lightMode = on;
      return this;
    }

    public int threads() {
      return threads;
    }

    public boolean lightMode() {
      return lightMode;
    }
  }

  private final Model model; // keeps the model's Java side (and any buffer it reads in place) reachable
  private long handle; // a native ember::Predictor; 0 once closed

  Predictor(Model model, long handle) {
    this.model = model;
    this.handle = handle;
  }

  public Model model() {
    return model;
  }

  public synchronized String[] inputNames() {
    return nativeNames(checkOpen(), true);
  }

  public synchronized String[] outputNames() {
    return nativeNames(checkOpen(), false);
  }

  /** Sets a float32 input (copied); data.length must equal the product of the shape. */
  public synchronized void setInput(String name, float[] data, long[] shape) {
    checkArgs(name, data, shape, data == null ? 0 : data.length);
    nativeSetFloats(checkOpen(), name, data, shape);
  }

  /** Sets an int64 input (copied), e.g. token ids. */
  public synchronized void setInput(String name, long[] data, long[] shape) {
    checkArgs(name, data, shape, data == null ? 0 : data.length);
    nativeSetLongs(checkOpen(), name, data, shape);
  }

  /** Sets an int32 input (copied). */
  public synchronized void setInput(String name, int[] data, long[] shape) {
    checkArgs(name, data, shape, data == null ? 0 : data.length);
    nativeSetInts(checkOpen(), name, data, shape);
  }

  /**
   * Sets a float32 input from the buffer's remaining elements. A direct buffer in native byte order is read in
   * place by the native side; any other is copied to an array first.
   */
  public synchronized void setInput(String name, FloatBuffer data, long[] shape) {
    checkArgs(name, data, shape, data == null ? 0 : data.remaining());
    if (!data.isDirect() || data.order() != ByteOrder.nativeOrder()) {
      float[] a = new float[data.remaining()];
      data.duplicate().get(a);
      nativeSetFloats(checkOpen(), name, a, shape);
      return;
    }
    nativeSetFloatBuffer(checkOpen(), name, data, data.position(), data.remaining(), shape);
  }

  /** Runs the model: every output is recomputed from the inputs set. */
  public synchronized void run() {
    nativeRun(checkOpen());
  }

  /** An output of the last run, copied out with its shape. */
  public synchronized Tensor getOutput(String name) {
    Model.requireNonNull(name, "output name");
    return nativeGetOutput(checkOpen(), name);
  }

  /**
   * Copies a float32 output into a FloatBuffer from its position on and returns the output's shape; the
   * buffer's position is left where it was. A direct buffer in native byte order is written by the native
   * side (no intermediate array).
   */
  public synchronized long[] getOutput(String name, FloatBuffer dst) {
    Model.requireNonNull(name, "output name");
    Model.requireNonNull(dst, "output buffer");
    if (dst.isReadOnly()) throw new java.nio.ReadOnlyBufferException();
    if (dst.isDirect() && dst.order() == ByteOrder.nativeOrder())
      return nativeCopyOutput(checkOpen(), name, dst, dst.position(), dst.remaining());
    Tensor t = getOutput(name);
    if (t.dataType() != Tensor.DataType.FLOAT32)
      throw new EmberException("InvalidArgument", "output '" + name + "' is " + t.dataType() + ", not float32");
    float[] d = t.floatData();
    if (d.length > dst.remaining())
      throw new IllegalArgumentException("Ember: output '" + name + "' has " + d.length + " elements, the buffer room for " + dst.remaining());
    dst.duplicate().put(d);
    return t.shape();
  }

  public synchronized boolean isClosed() {
    return handle == 0;
  }

  /** Frees the native predictor and its activation memory. Closing twice is harmless. */
  @Override
  public synchronized void close() {
    if (handle != 0) nativeFree(handle);
    handle = 0;
  }

  private long checkOpen() {
    if (handle == 0) throw new IllegalStateException("Ember: the Predictor is closed");
    return handle;
  }

  private static void checkArgs(String name, Object data, long[] shape, long length) {
    Model.requireNonNull(name, "input name");
    Model.requireNonNull(data, "data of input '" + name + "'");
    Model.requireNonNull(shape, "shape of input '" + name + "'");
    long n = 1;
    for (long d : shape) {
      if (d < 0) throw new IllegalArgumentException("Ember: input '" + name + "' has a negative dimension");
      try {
        n = Math.multiplyExact(n, d);
      } catch (ArithmeticException e) {
        throw new IllegalArgumentException("Ember: input '" + name + "': the shape's element count overflows");
      }
    }
    if (n != length)
      throw new IllegalArgumentException(
          "Ember: input '" + name + "': the shape holds " + n + " elements but the data has " + length);
  }

  static native long nativeCreate(long model, int threads, boolean lightMode);

  private static native void nativeFree(long handle);

  private static native String[] nativeNames(long handle, boolean inputs);

  private static native void nativeSetFloats(long handle, String name, float[] data, long[] shape);

  private static native void nativeSetLongs(long handle, String name, long[] data, long[] shape);

  private static native void nativeSetInts(long handle, String name, int[] data, long[] shape);

  private static native void nativeSetFloatBuffer(
      long handle, String name, FloatBuffer data, int position, int count, long[] shape);

  private static native void nativeRun(long handle);

  private static native Tensor nativeGetOutput(long handle, String name);

  private static native long[] nativeCopyOutput(long handle, String name, FloatBuffer dst, int position, int remaining);
}

package org.ember;

import java.util.Arrays;

/** An output of a run, copied out of the predictor: its shape and its float32, int64 or int32 data. */
public final class Tensor {
  /** The element types an output can have. */
  public enum DataType { FLOAT32, INT64, INT32 }

  private final String name;
  private final long[] shape;
  private final float[] floats;
  private final long[] longs;
  private final int[] ints;

  // Called from the JNI bridge: exactly one of the arrays is non-null.
  Tensor(String name, long[] shape, float[] floats, long[] longs, int[] ints) {
    this.name = name;
    this.shape = shape;
    this.floats = floats;
    this.longs = longs;
    this.ints = ints;
  }

  public String name() {
    return name;
  }

  public long[] shape() {
    return shape.clone();
  }

  public DataType dataType() {
    return floats != null ? DataType.FLOAT32 : longs != null ? DataType.INT64 : DataType.INT32;
  }

  /** The element count: the product of the shape. */
  public long size() {
    long n = 1;
    for (long d : shape) n *= d;
    return n;
  }

  /** The data of a float32 output (not a copy). @throws IllegalStateException for another type */
  public float[] floatData() {
    if (floats == null) throw wrongType(DataType.FLOAT32);
    return floats;
  }

  /** The data of an int64 output (not a copy). @throws IllegalStateException for another type */
  public long[] longData() {
    if (longs == null) throw wrongType(DataType.INT64);
    return longs;
  }

  /** The data of an int32 output (not a copy). @throws IllegalStateException for another type */
  public int[] intData() {
    if (ints == null) throw wrongType(DataType.INT32);
    return ints;
  }

  /** The index of the largest element of a float32 output (the top class of a classifier). */
  public int argmax() {
    float[] d = floatData();
    int best = 0;
    for (int i = 1; i < d.length; ++i)
      if (d[i] > d[best]) best = i;
    return best;
  }

  private IllegalStateException wrongType(DataType asked) {
    return new IllegalStateException("output '" + name + "' is " + dataType() + ", not " + asked);
  }

  @Override
  public String toString() {
    return "Tensor(" + name + ", " + dataType() + ", shape " + Arrays.toString(shape) + ")";
  }
}

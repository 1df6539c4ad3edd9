package org.ember;

/** Loads libember_jni once: from the path in the system property {@code ember.jni.path} if set, else by name. */
final class NativeLibrary {
  private static boolean loaded;

  private NativeLibrary() {}

  static synchronized void load() {
    if (loaded) return;
    String path = System.getProperty("ember.jni.path");
    if (path != null && !path.isEmpty()) {
      System.load(path);
    } else {
      System.loadLibrary("ember_jni");
    }
    loaded = true;
  }
}

package android.content.res;

// Compile-time stand-in for the Android SDK class (signatures only).
public final class AssetManager {
  public java.io.InputStream open(String fileName) throws java.io.IOException {
    return null;
  }
}

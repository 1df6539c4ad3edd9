package android.content;

// Compile-time stand-in for the Android SDK class (signatures only).
public abstract class Context {
  public android.content.res.AssetManager getAssets() {
    return null;
  }
}

package android.app;

// Compile-time stand-in for the Android SDK class (signatures only): the SDK cannot be installed here.
public class Activity extends android.content.Context {
  protected void onCreate(android.os.Bundle state) {}

  protected void onDestroy() {}

  public void setContentView(android.view.View view) {}

  public final void runOnUiThread(Runnable action) {}
}

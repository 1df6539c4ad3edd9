package android.view;

// Compile-time stand-in for the Android SDK class (signatures only).
public class View {
  public View(android.content.Context context) {}
}

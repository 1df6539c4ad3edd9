package android.widget;

// Compile-time stand-in for the Android SDK class (signatures only).
public class TextView extends android.view.View {
  public TextView(android.content.Context context) {
    super(context);
  }

  public final void setText(CharSequence text) {}
}

package android.os;

// Compile-time stand-in for the Android SDK class (signatures only).
public final class Bundle {}

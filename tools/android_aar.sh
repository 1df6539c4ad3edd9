#!/usr/bin/env bash
# Lays out Ember's Android library (AAR) from built JNI libraries and ember.jar:
#   tools/android_aar.sh OUT.aar EMBER_JAR LIBEMBER_JNI.so...
# writes OUT.aar and the same tree unpacked in OUT.aar.d/:
#   AndroidManifest.xml  classes.jar  R.txt  proguard.txt (keep rules for shrinking apps)  jni/<abi>/libember_jni.so
# Each library's ABI (arm64-v8a, armeabi-v7a, x86_64, x86) is read from its ELF header, so the linux-arm64
# build's library stands in for the NDK's on machines without an NDK (CI tests the layout that way).
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: tools/android_aar.sh OUT.aar EMBER_JAR LIBEMBER_JNI.so..." >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
out=$1 jar=$2
shift 2
tree="$out.d"
rm -rf "$tree" "$out"
mkdir -p "$tree"
cp "$root/java/android/AndroidManifest.xml" "$tree/AndroidManifest.xml"
cp "$root/java/android/proguard.txt" "$tree/proguard.txt"
cp "$jar" "$tree/classes.jar"
: > "$tree/R.txt"  # a library without resources
for so in "$@"; do
  # The ELF magic, then EI_CLASS (byte 4: 1 32-bit, 2 64-bit) and e_machine (2 bytes at 18, little endian).
  [ "$(od -An -c -N4 "$so" | tr -d ' ')" = '177ELF' ] || { echo "android_aar.sh: $so is not an ELF file" >&2; exit 1; }
  class=$(od -An -tu1 -j4 -N1 "$so" | tr -d ' ')
  machine=$(od -An -tu2 -j18 -N2 "$so" | tr -d ' ')
  case "$class/$machine" in
    2/183) abi=arm64-v8a ;;
    1/40) abi=armeabi-v7a ;;
    2/62) abi=x86_64 ;;
    1/3) abi=x86 ;;
    *) echo "android_aar.sh: $so: not a library of an Android ABI (class $class, e_machine $machine)" >&2; exit 1 ;;
  esac
  [ ! -e "$tree/jni/$abi" ] || { echo "android_aar.sh: two libraries for $abi" >&2; exit 1; }
  mkdir -p "$tree/jni/$abi"
  cp "$so" "$tree/jni/$abi/libember_jni.so"
done
(cd "$tree" && python3 -c 'import sys, zipfile, os
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for d, _, fs in sorted(os.walk(".")):
        for f in sorted(fs):
            z.write(os.path.join(d, f), os.path.relpath(os.path.join(d, f), "."))' "$(cd "$(dirname "$out")" && pwd)/$(basename "$out")")
echo "wrote $out ($(cd "$tree" && find . -type f | sort | tr '\n' ' '))"

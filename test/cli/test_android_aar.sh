#!/usr/bin/env bash
# The Android library layout (tools/android_aar.sh) from this build's libember_jni.so and ember.jar: the AAR
# holds the manifest, keep rules for shrinkers, classes.jar (Java 8 class files, the org.ember API) and jni/<abi>/libember_jni.so for
# the library's ABI; the library exports JNI_OnLoad and Java_org_ember_* only, and every native method the
# classes declare has its symbol (else Android throws UnsatisfiedLinkError on first use).
#   test_android_aar.sh SOURCE_DIR WORK_DIR EMBER_JAR LIBEMBER_JNI NM JAVAP
set -euo pipefail
src=$1 work=$2 jar=$3 so=$4 nm=$5 javap=$6
fail() { echo "test_android_aar: $*" >&2; exit 1; }
aar="$work/ember-test.aar"
"$src/tools/android_aar.sh" "$aar" "$jar" "$so" >/dev/null
entries=$(python3 -c 'import sys, zipfile; print("\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))' "$aar")
for e in AndroidManifest.xml classes.jar R.txt proguard.txt; do grep -qx "$e" <<<"$entries" || fail "$e missing from the AAR"; done
abi_libs=$(grep -E '^jni/[^/]+/libember_jni[.]so$' <<<"$entries" || true)
[ "$(wc -l <<<"$abi_libs")" = 1 ] && [ -n "$abi_libs" ] || fail "expected one jni/<abi>/libember_jni.so, got: $abi_libs"
case "$(uname -m)/$abi_libs" in
  */jni/arm64-v8a/*|*/jni/armeabi-v7a/*|x86_64/jni/x86_64/*) ;;
  *) fail "unexpected ABI folder $abi_libs" ;;
esac
grep -q 'package="org.ember"' "$aar.d/AndroidManifest.xml" || fail "manifest lacks package org.ember"
# Shrinking apps must keep what the library looks up by name.
for rule in 'org.ember.Tensor { <init>' 'org.ember.EmberException { <init>' 'native <methods>'; do
  grep -qF "$rule" "$aar.d/proguard.txt" || fail "proguard.txt lacks a keep rule for $rule"
done
classes=$(python3 -c 'import sys, zipfile; print("\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))' "$aar.d/classes.jar")
for c in Model Predictor Tensor EmberException; do
  grep -qx "org/ember/$c.class" <<<"$classes" || fail "classes.jar lacks org/ember/$c.class"
done
# Class file major version (bytes 6-7): 52 is Java 8, what Android's D8 takes from any toolchain.
major=$(python3 -c 'import sys, zipfile; d = zipfile.ZipFile(sys.argv[1]).read("org/ember/Model.class"); print(d[6] * 256 + d[7])' "$aar.d/classes.jar")
[ "$major" -le 52 ] || fail "classes are Java class version $major, above Java 8's 52"
# Exports: only JNI_OnLoad and Java_org_ember_*.
lib="$aar.d/$abi_libs"
exports=$("$nm" -D --defined-only "$lib" | awk '$2 ~ /^[TtWDdBb]$/ {print $3}' | grep -v '^_' | sort -u)
others=$(grep -v -E '^(JNI_OnLoad|Java_org_ember_.*)$' <<<"$exports" || true)
[ -z "$others" ] || fail "libember_jni.so exports more than the JNI entry points: $others"
grep -qx JNI_OnLoad <<<"$exports" || fail "JNI_OnLoad not exported"
# Every declared native method has its symbol (no overloads among them: the short JNI name is enough).
n=0
for c in Model Predictor; do
  for m in $("$javap" -p -cp "$aar.d/classes.jar" "org.ember.$c" | grep ' native ' | sed -E 's/.* ([A-Za-z0-9_]+)\(.*/\1/'); do
    grep -qx "Java_org_ember_${c}_$m" <<<"$exports" || fail "no symbol Java_org_ember_${c}_$m for $c.$m"
    n=$((n + 1))
  done
done
[ "$n" -ge 10 ] || fail "found only $n native methods in the classes"
echo "test_android_aar: $abi_libs, $n native methods bound, $(wc -l <<<"$exports") exports"

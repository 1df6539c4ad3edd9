#!/usr/bin/env bash
# Runs Ember's JUnit tests under -Xcheck:jni and fails on any JNI warning the JVM prints about an org.ember
# native method, not only on a failed test (with -Xcheck:jni a misused JNI call is only a warning). Warnings
# from the JDK's own natives (its FreeType font scaler, used by OcrTest to draw text) are not Ember's.
# The heap is fixed and pre-touched so that MemoryTest's RSS figures move only with native memory.
#   java/run_junit.sh JAVA LIBEMBER_JNI CLASSPATH SOURCE_DIR TEST_CLASS...
set -uo pipefail
java=$1 lib=$2 cp=$3 src=$4
shift 4
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$java" -Xcheck:jni -Xms256m -Xmx256m -XX:+AlwaysPreTouch -Djava.awt.headless=true -Dember.jni.path="$lib" -Dember.source="$src" \
  -Dember.models="${EMBER_MODELS_DIR:-$src/../shared/models}" -cp "$cp" org.junit.runner.JUnitCore "$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
# A warning's next line is the native method that made the call.
if grep -A1 -E "WARNING in native method|FATAL ERROR in native method" "$log" | grep -q "org[.]ember[.]" ||
   grep -q "WARNING: JNI local refs" "$log"; then
  echo "run_junit.sh: the JVM reported JNI misuse under -Xcheck:jni (see above)" >&2
  exit 1
fi
exit "$rc"

#!/usr/bin/env bash
# Builds the thread-safety stress test with ThreadSanitizer and runs it. clang with LLVM's OpenMP (libomp)
# and its Archer tool: g++'s libgomp is not instrumented and floods TSan with false reports.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build-tsan
opt="-O1 -gline-tables-only -DNDEBUG"  # as TSan's docs allow: reports keep file:line, the build is quicker
CC=clang CXX=clang++ cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEMBER_SANITIZE=thread \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="$opt" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$opt" \
  -DEMBER_TEST_DIRS=framework -DEMBER_UNITY_BUILD=ON >/dev/null
cmake --build "$dir" -j "${EMBER_JOBS:-2}" --target test_thread_stress
archer=$(ls /usr/lib/llvm-*/lib/libarcher.so 2>/dev/null | head -n 1)
export OMP_TOOL_LIBRARIES=$archer
export TSAN_OPTIONS="halt_on_error=1 ignore_noninstrumented_modules=1 ${TSAN_OPTIONS:-}"
"$dir/test/test_thread_stress"

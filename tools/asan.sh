#!/usr/bin/env bash
# Builds the whole test suite with AddressSanitizer + UndefinedBehaviorSanitizer (clang, -O1 with line tables
# only: reports keep file:line; -O1, as ASan's docs advise, compiles in about 0.57x the time of -O2, measured on
# seven of its heaviest files, which matters more in CI than the tests' run time; in unity batches,
# cmake/unity_build.cmake, for the same reason; UBSan aborts on the first report, LeakSanitizer checks every test
# binary at exit) and runs it with CTest.
# The same build folder holds the libFuzzer targets (test/fuzz; the library also carries
# -fsanitize=fuzzer-no-link coverage, so tools/fuzz.sh reuses this build); their checked-in corpora run here
# as CTest tests.
#   tools/asan.sh            build-asan, then ctest
#   EMBER_ASAN_BUILD=dir     another build folder
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${EMBER_ASAN_BUILD:-build-asan}
flags="-fno-sanitize-recover=all -fsanitize=fuzzer-no-link"
CC=clang CXX=clang++ cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEMBER_SANITIZE=address,undefined \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" -DEMBER_FUZZ=ON -DEMBER_UNITY_BUILD=ON -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" >/dev/null
cmake --build "$dir" -j "${EMBER_JOBS:-2}"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
# The two tests that run every real model once per pass, and fetch every variable a pass removed (about 4 and
# 2 minutes of one core under ASan), run natively only (tools/test.sh): the same loaders, passes and kernels run
# under ASan in the other model tests.
# The image networks run at 64x64 (EMBER_NET_INPUT_SIZE; ncnn's resnet18 keeps 224, its 7x7 pool needs it, and
# resnet50 is left out):
# the same ops and kernels, a fifth of the time; tools/test.sh runs them at full size natively.
(cd "$dir" && EMBER_NET_INPUT_SIZE=${EMBER_NET_INPUT_SIZE:-64} ctest --output-on-failure -j "${EMBER_JOBS:-2}" --timeout 900 -E "each pass disabled in turn|every variable a pass removes")

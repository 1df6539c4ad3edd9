#!/usr/bin/env bash
# Builds the libFuzzer targets (test/fuzz: clang, -fsanitize=fuzzer,address,undefined, UBSan aborting) and
# fuzzes each for SECONDS (default 60), starting from its checked-in corpus (test/fuzz/corpus/<target>).
# Any crash, sanitizer report, leak, input slower than 5 s, or allocation above the limits fails the script;
# the reproducer is left as build-asan/fuzz-artifacts/<target>/crash-* (or leak-/timeout-/oom-).
#
#   tools/fuzz.sh              60 s per target (.ci/run passes 30)
#   tools/fuzz.sh 1800         the long run: 30 minutes per target
#   tools/fuzz.sh 300 fuzz_onnx fuzz_ncnn      only some targets
# fuzz_slim loads slim models (and creates a predictor); EMBER_FUZZ_SLIM_RUN=1 also runs them, which reaches every
# op's shape inference with int64 attributes (see test/fuzz/fuzz_slim.cpp): a long run of its own, not CI's.
# Reproduce one finding:   build-asan/test/fuzz/fuzz_onnx build-asan/fuzz-artifacts/fuzz_onnx/crash-...
# Minimize it:             build-asan/test/fuzz/fuzz_onnx -minimize_crash=1 -runs=10000 crash-...
# Then fix the bug and copy the (minimized) input into test/fuzz/corpus/<target>/ as a regression case:
# tools/asan.sh runs every corpus file once.
#
# It shares the build folder with tools/asan.sh (same flags; set EMBER_ASAN_BUILD for another). New
# inputs the fuzzer finds go to build-asan/fuzz-corpus/<target>, not into the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz_paddle_program fuzz_paddle_params fuzz_paddle_model fuzz_onnx fuzz_ncnn fuzz_slim)
dir=${EMBER_ASAN_BUILD:-build-asan}
flags="-fno-sanitize-recover=all -fsanitize=fuzzer-no-link"
CC=clang CXX=clang++ cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEMBER_SANITIZE=address,undefined \
  -DEMBER_FUZZ=ON -DEMBER_UNITY_BUILD=ON -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" >/dev/null
cmake --build "$dir" -j "${EMBER_JOBS:-2}" --target "${targets[@]}"
export ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
failed=()
for t in "${targets[@]}"; do
  work="$dir/fuzz-corpus/$t"
  art="$dir/fuzz-artifacts/$t"
  mkdir -p "$work" "$art"
  log="$dir/fuzz-artifacts/$t.log"
  echo "== $t: ${secs} s"
  # -timeout: an input running > 5 s fails; -rss_limit_mb / -malloc_limit_mb: memory beyond the limits
  # fails (the targets cap each Ember tensor at 64 MiB).
  if "$dir/test/fuzz/$t" "$work" "test/fuzz/corpus/$t" -max_total_time="$secs" -timeout=5 -rss_limit_mb=2560 \
      -malloc_limit_mb=512 -print_final_stats=1 -artifact_prefix="$art/" >"$log" 2>&1; then
    grep -E "^stat::number_of_executed_units|^stat::new_units_added|^stat::peak_rss_mb" "$log" | tr '\n' ' '
    echo
  else
    echo "!! $t FAILED (log: $log)"
    grep -E "ERROR|SUMMARY|runtime error|Test unit written" "$log" | head -n 20 || true
    failed+=("$t")
  fi
done
if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzzing failed: ${failed[*]}"
  exit 1
fi
echo "fuzzing: no findings in ${#targets[@]} targets x ${secs} s"

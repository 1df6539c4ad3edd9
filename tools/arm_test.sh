#!/usr/bin/env bash
# Cross-builds Ember for ARM with Debian's cross compilers and runs its tests under qemu-user (no ARM hardware
# here: qemu runs the ARM instructions on this CPU, roughly 50-200x slower than native on NEON code).
#   tools/arm_test.sh            CI: arm64 per-op tests and whole-network checks; armv7 per-op tests
#   tools/arm_test.sh --full     every test of both builds under qemu (long: about an hour on 2 cores)
#   EMBER_ARM_ARCHS="arm64"      only some architectures
# Builds go to build-arm64-test/ and build-armv7-test/ (Release, full op set, tests of test/operators and
# test/net only: the loader and framework tests are architecture-neutral and run on x86).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-ci}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
jobs=${EMBER_JOBS:-2}
for arch in ${EMBER_ARM_ARCHS:-arm64 armhf}; do
  tools/arm_sysroot.sh "$arch"
  name=arm64; [ "$arch" = armhf ] && name=armv7
  dir=build-$name-test
  dirs="operators"; [ "$mode" = --full ] && dirs="framework;io;passes;operators"
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/linux-arm.cmake" \
    -DEMBER_ARM_ARCH="$arch" -DEMBER_TEST_DIRS="$dirs" "${launcher[@]}" >/dev/null
  start=$(date +%s)
  cmake --build "$dir" -j "$jobs" --target ember_tests
  echo "== $name: built in $(( $(date +%s) - start )) s"
  start=$(date +%s)
  (cd "$dir" && ctest -j "$jobs" --output-on-failure --timeout 900 -R "${EMBER_ARM_TESTS:-.}" -E "^test_.*_net$|^cli$|parity")
  echo "== $name: tests ran in $(( $(date +%s) - start )) s"
done

#!/usr/bin/env bash
# Cross-builds Ember for ARM with Debian's cross compilers and runs its tests under qemu-user (no ARM hardware
# here: qemu runs the ARM instructions on this CPU, roughly 50-200x slower than native on NEON code).
#   tools/arm_test.sh            CI: arm64 per-op tests, C API, thread stress and the small slim-profile networks
#                                (inputs shrunk by EMBER_NET_INPUT_SIZE), the AAR layout with the arm64 JNI library,
#                                and tools/arm_parity.sh (MobileNetV2 and the OCR recognizer at full size, aarch64
#                                against x86's build-linux-full/ember within 1e-4 of the output range, when that
#                                build exists); armv7 per-op tests (one ember_tests run)
#   tools/arm_test.sh --full     every test of both builds under qemu, networks at full size (long)
#   EMBER_ARM_ARCHS="arm64"      only some architectures
# Builds go to build-arm64-test/ and build-armv7-test/ (Release, full op set, in unity batches:
# cmake/unity_build.cmake). The CLI scripts (cli*) run the
# host's shell around an ARM binary and are x86-only; the loader and framework tests are architecture-neutral
# and run on x86 (tools/test.sh), and under qemu with --full.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-ci}
jobs=${EMBER_JOBS:-2}
ci_nets="mobilenet|mobilenet_v2|squeezenet|shufflenet_v2|yolo|ssd"
for arch in ${EMBER_ARM_ARCHS:-arm64 armhf}; do
  tools/arm_sysroot.sh "$arch"
  name=arm64 emu=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
  [ "$arch" = armhf ] && name=armv7 emu=(qemu-arm -L /usr/arm-linux-gnueabihf)
  dir=build-$name-test
  dirs="operators"; [ "$mode" = --full ] && dirs="framework;io;passes;operators"
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/linux-arm.cmake" \
    -DEMBER_ARM_ARCH="$arch" -DEMBER_TEST_DIRS="$dirs" -DEMBER_UNITY_BUILD=ON >/dev/null
  start=$(date +%s)
  if [ "$mode" = --full ] || [ "$arch" = arm64 ]; then
    cmake --build "$dir" -j "$jobs"
  else
    cmake --build "$dir" -j "$jobs" --target ember_tests
  fi
  echo "== $name: built in $(( $(date +%s) - start )) s"
  start=$(date +%s)
  if [ "$mode" = --full ]; then
    (cd "$dir" && ctest -j "$jobs" --output-on-failure --timeout 3600 -E "^cli")
  elif [ "$arch" = arm64 ]; then
    (cd "$dir" && EMBER_NET_INPUT_SIZE=${EMBER_NET_INPUT_SIZE:-64} ctest -j "$jobs" --output-on-failure \
      --timeout 900 -E "^cli|^test_(.*)_net$|pytorch_parity" &&
      EMBER_NET_INPUT_SIZE=${EMBER_NET_INPUT_SIZE:-64} ctest -j "$jobs" --output-on-failure --timeout 900 \
      -R "^test_($ci_nets)_net$")
    if [ -x build-linux-full/ember ]; then
      tools/arm_parity.sh build-linux-full/ember "$dir/ember"
    else
      echo "== arm64: no build-linux-full/ember (tools/build.sh linux full): the x86-vs-aarch64 check did not run"
    fi
  else
    "${emu[@]}" "$dir/test/ember_tests"
  fi
  echo "== $name: tests ran in $(( $(date +%s) - start )) s"
done

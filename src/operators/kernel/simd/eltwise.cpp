// The elementwise driver (eltwise.h).
#include "operators/kernel/simd/eltwise.h"

#include <algorithm>

#include "operators/elementwise_op.h"
#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/central-arm-func/elementwise_func.h"

namespace ember {
namespace simd {

namespace {

// The fused activation on a finished block, in place.
void ApplyAct(const ActivationSpec& act, const VActSpec& vs, ActArrayFn vec, float* out, int64_t n) {
  if (act.type == ActivationType::kNone) return;
  if (vec(vs, out, out, n)) return;
  DispatchActivation(act.type, [&](auto k) {
    constexpr ActivationType kType = decltype(k)::value;
    for (int64_t j = 0; j < n; ++j) out[j] = Activate<kType>(act, out[j]);
  });
}

}  // namespace

bool ElementwiseTypeVectorized(ElementwiseType type) { return type != ElementwiseType::kPow; }

void ElementwiseRun(ElementwiseType type, const BroadcastPlan& plan, const float* x, const float* y, float* out,
                    const ActivationSpec& act, EltRowFn row, ActArrayFn vec) {
  const VActSpec vs{static_cast<int>(act.type), act.a, act.b, act.c};
  const int op = static_cast<int>(type);
  ForEachBroadcastRow(plan, [&](int64_t xo, int64_t sx, int64_t yo, int64_t sy, int64_t oo, int64_t n) {
    row(op, x + xo, sx, y + yo, sy, out + oo, n);
    ApplyAct(act, vs, vec, out + oo, n);
  });
}

}  // namespace simd
}  // namespace ember

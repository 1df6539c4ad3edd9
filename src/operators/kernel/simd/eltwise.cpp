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

bool ElementwiseTypeVectorized(ElementwiseType type) {
  return type == ElementwiseType::kAdd || type == ElementwiseType::kSub || type == ElementwiseType::kMul ||
         type == ElementwiseType::kDiv || type == ElementwiseType::kMax || type == ElementwiseType::kMin;
}

void ElementwiseRun(ElementwiseType type, const BroadcastPlan& plan, const float* x, const float* y, float* out,
                    const ActivationSpec& act, EltRowFn row, ActArrayFn vec) {
  const VActSpec vs{static_cast<int>(act.type), act.a, act.b, act.c};
  const int op = static_cast<int>(type);
  const size_t nd = plan.dims.size();
  const int64_t inner = plan.dims.back();
  if (nd >= 2 && inner < 64) {
    // Short rows (an NCHW16c tensor times a per-channel [C/16, 1, 1, 16] one: rows of 16): the kernel walks
    // the next dim out itself, one call per run of rows instead of one per row (3.5x faster there).
    BroadcastPlan rows;
    rows.dims.assign(plan.dims.begin(), plan.dims.end() - 1);
    rows.x_strides.assign(plan.x_strides.begin(), plan.x_strides.end() - 1);
    rows.y_strides.assign(plan.y_strides.begin(), plan.y_strides.end() - 1);
    const int64_t sx = plan.x_strides.back(), sy = plan.y_strides.back();
    ForEachBroadcastRow(rows, [&](int64_t xo, int64_t x_step, int64_t yo, int64_t y_step, int64_t ro, int64_t reps) {
      row(op, x + xo, sx, x_step, y + yo, sy, y_step, out + ro * inner, inner, reps);
      ApplyAct(act, vs, vec, out + ro * inner, reps * inner);
    }, inner);
    return;
  }
  ForEachBroadcastRow(plan, [&](int64_t xo, int64_t sx, int64_t yo, int64_t sy, int64_t oo, int64_t n) {
    row(op, x + xo, sx, 0, y + yo, sy, 0, out + oo, n, 1);
    ApplyAct(act, vs, vec, out + oo, n);
  });
}

}  // namespace simd
}  // namespace ember

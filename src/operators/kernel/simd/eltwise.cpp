// The elementwise driver (eltwise.h).
#include "operators/kernel/simd/eltwise.h"

#include <algorithm>

#include "framework/parallel.h"
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

// Short rows (an NCHW16c tensor times a per-channel [C/16, 1, 1, 16] one: rows of 16): the kernel walks the
// next dim out (the pixels) itself, one call per run of rows instead of one per row (3.5x faster there). The
// runs are bands of that dim, band-major over the outer rows (the channel blocks), as the NCHW16c convs split
// their output rows over the threads: with one task per channel block, an SE block's multiply ran on one
// thread and read the half its convs' other thread had written from that core (efficientnet_b0, 2 threads).
template <typename Act>
void ShortRows(int op, const BroadcastPlan& plan, const float* x, const float* y, float* out, Act act, EltRowFn row) {
  const size_t nd = plan.dims.size();
  const int64_t inner = plan.dims[nd - 1], walk = plan.dims[nd - 2];
  const int64_t sx = plan.x_strides[nd - 1], sy = plan.y_strides[nd - 1];
  const int64_t wx = plan.x_strides[nd - 2], wy = plan.y_strides[nd - 2];
  int64_t outer = 1;
  for (size_t d = 0; d + 2 < nd; ++d) outer *= plan.dims[d];
  const int threads = outer * walk * inner > 65536 ? MaxThreads() : 1;
  const int64_t bands = std::min<int64_t>(walk, threads > 1 ? 4 * threads : 1);
  ParallelFor(outer * bands, threads, [&](int64_t t) {
    const int64_t b = t / outer, w0 = walk * b / bands, w1 = walk * (b + 1) / bands;
    int64_t rest = t % outer, xo = w0 * wx, yo = w0 * wy;
    for (size_t d = nd - 2; d-- > 0;) {
      const int64_t i = rest % plan.dims[d];
      rest /= plan.dims[d];
      xo += i * plan.x_strides[d];
      yo += i * plan.y_strides[d];
    }
    float* o = out + ((t % outer) * walk + w0) * inner;
    row(op, x + xo, sx, wx, y + yo, sy, wy, o, inner, w1 - w0);
    act(o, (w1 - w0) * inner);
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
    ShortRows(op, plan, x, y, out, [&](float* o, int64_t n) { ApplyAct(act, vs, vec, o, n); }, row);
    return;
  }
  ForEachBroadcastRow(plan, [&](int64_t xo, int64_t sx, int64_t yo, int64_t sy, int64_t oo, int64_t n) {
    row(op, x + xo, sx, 0, y + yo, sy, 0, out + oo, n, 1);
    ApplyAct(act, vs, vec, out + oo, n);
  });
}

}  // namespace simd
}  // namespace ember

#include "operators/kernel/x86/eltwise_x86.h"

#include <algorithm>

#include "operators/elementwise_op.h"
#include "operators/kernel/central-arm-func/activation_func.h"
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
  const int nd = static_cast<int>(plan.dims.size());
  const int64_t inner = plan.dims[static_cast<size_t>(nd - 1)];
  const int64_t sx = plan.x_strides.back(), sy = plan.y_strides.back();
  if (nd == 1) {
    const int64_t kBlock = 16384;
    const int64_t blocks = (inner + kBlock - 1) / kBlock;
#pragma omp parallel for if (blocks > 4)
    for (int64_t b = 0; b < blocks; ++b) {
      const int64_t j0 = b * kBlock, n = std::min(inner, j0 + kBlock) - j0;
      row(op, x + j0 * sx, sx, y + j0 * sy, sy, out + j0, n);
      ApplyAct(act, vs, vec, out + j0, n);
    }
    return;
  }
  int64_t rows = 1;
  for (int d = 0; d < nd - 1; ++d) rows *= plan.dims[static_cast<size_t>(d)];
#pragma omp parallel for if (rows * inner > 65536)
  for (int64_t r = 0; r < rows; ++r) {
    int64_t rest = r, xo = 0, yo = 0;
    for (int d = nd - 2; d >= 0; --d) {
      const size_t k = static_cast<size_t>(d);
      const int64_t i = rest % plan.dims[k];
      rest /= plan.dims[k];
      xo += i * plan.x_strides[k];
      yo += i * plan.y_strides[k];
    }
    row(op, x + xo, sx, y + yo, sy, out + r * inner, inner);
    ApplyAct(act, vs, vec, out + r * inner, inner);
  }
}

const char* ElementwiseKernelName(ElementwiseType type, Isa isa) {
  if (!ElementwiseX86Supported(type, isa)) return "portable";
  return isa == Isa::kAvx512 ? "avx512 vec" : "avx2 vec";
}

}  // namespace x86
}  // namespace ember

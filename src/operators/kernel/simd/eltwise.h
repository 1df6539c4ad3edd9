// The float32 binary elementwise driver shared by the folders: the op over a BroadcastPlan as contiguous vector
// rows (a level's row kernel, written once in eltwise_kernel.inc), then the fused activation on each finished
// row while it is in L1 (the level's vector activations, or the portable loop). x86/eltwise_x86.h has more.
#pragma once

#include <cstdint>

#include "operators/kernel/simd/vmath.h"

namespace ember {
struct BroadcastPlan;
struct ActivationSpec;
enum class ElementwiseType;

namespace simd {

// out[j] = x[j * sx] (op) y[j * sy] for j < n; op = static_cast<int>(ElementwiseType) (add 0, sub 1,
// mul 2, div 3, max 4, min 5); sx, sy in {0, 1}.
using EltRowFn = void (*)(int op, const float* x, int64_t sx, const float* y, int64_t sy, float* out, int64_t n);

// Every type but pow.
bool ElementwiseTypeVectorized(ElementwiseType type);
void ElementwiseRun(ElementwiseType type, const BroadcastPlan& plan, const float* x, const float* y, float* out,
                    const ActivationSpec& act, EltRowFn row, ActArrayFn vec_act);

}  // namespace simd
}  // namespace ember

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
// `reps` rows of n: row r reads x + r * x_step and y + r * y_step (element strides sx, sy: 1, or 0 for a
// broadcast value) and writes out + r * n.
using EltRowFn = void (*)(int op, const float* x, int64_t sx, int64_t x_step, const float* y, int64_t sy,
                          int64_t y_step, float* out, int64_t n, int64_t reps);

// Every type but pow.
bool ElementwiseTypeVectorized(ElementwiseType type);
void ElementwiseRun(ElementwiseType type, const BroadcastPlan& plan, const float* x, const float* y, float* out,
                    const ActivationSpec& act, EltRowFn row, ActArrayFn vec_act);

}  // namespace simd
}  // namespace ember

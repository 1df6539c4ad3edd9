// The vectorized activation driver shared by the folders: a level's ActArrayFn over blocks of 16K floats,
// split over the OpenMP threads when n > 64K (and not inside a parallel region).
#pragma once

#include <cstdint>

#include "operators/activation_op.h"
#include "operators/kernel/simd/vmath.h"

namespace ember {
namespace simd {

// y[i] = a(x[i]) for i < n with `run`; requires VActVectorized(a.type).
void ActivationRun(const ActivationSpec& a, const float* x, float* y, int64_t n, ActArrayFn run);

}  // namespace simd
}  // namespace ember

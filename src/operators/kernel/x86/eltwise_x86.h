// Binary elementwise ops (add/sub/mul/div/max/min) on x86: AVX-512F / AVX2+FMA row kernels
// (eltwise_avx2.cpp / eltwise_avx512.cpp, one source eltwise_kernel.inc) driven over the op's
// BroadcastPlan by eltwise_x86.cpp, so same-shape, scalar and per-row (per-channel) broadcasts all run
// as contiguous vector loops. A fused activation is applied to each finished row / block while it is in
// L1, vectorized when VActVectorized says so. Results equal the portable code's bit for bit apart from
// the vectorized transcendental activations (vmath_x86.h's bounds).
#pragma once

#include <cstdint>

#include "operators/kernel/x86/cpu_isa.h"

namespace ember {
struct BroadcastPlan;
struct ActivationSpec;
enum class ElementwiseType;

namespace x86 {

// out[j] = x[j * sx] (op) y[j * sy] for j < n; op = static_cast<int>(ElementwiseType) (add 0, sub 1,
// mul 2, div 3, max 4, min 5); sx, sy in {0, 1}.
void EltRowAvx2(int op, const float* x, int64_t sx, int64_t x_step, const float* y, int64_t sy, int64_t y_step, float* out,
                int64_t n, int64_t reps);
void EltRowAvx512(int op, const float* x, int64_t sx, int64_t x_step, const float* y, int64_t sy, int64_t y_step, float* out,
                int64_t n, int64_t reps);

// True when ElementwiseX86 handles `type` on `isa`: every type but pow, isa avx2/avx512 and supported.
bool ElementwiseX86Supported(ElementwiseType type, Isa isa);
// The float32 elementwise op over `plan` (as ElementwiseCompute), then `act`. Parallel over blocks / rows.
void ElementwiseX86(ElementwiseType type, const BroadcastPlan& plan, const float* x, const float* y, float* out,
                    const ActivationSpec& act, Isa isa);
const char* ElementwiseKernelName(ElementwiseType type, Isa isa);

}  // namespace x86
}  // namespace ember

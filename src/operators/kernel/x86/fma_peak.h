// The FMA limit of an x86 level (simd/fma_peak.h times the loop).
#pragma once

#include <cstdint>

#include "operators/kernel/x86/cpu_isa.h"

namespace ember {
namespace x86 {

// GFLOP/s (an FMA counts 2) reached by `threads` threads running the loop of `isa` (clamped to the
// detected level) for about `seconds`.
double MeasureFmaPeakGflops(Isa isa, int threads, double seconds = 0.2);

// The loops (one per ISA file), as simd::FmaLoopFn.
float FmaLoopAvx2(int64_t iters);
float FmaLoopAvx512(int64_t iters);

}  // namespace x86
}  // namespace ember

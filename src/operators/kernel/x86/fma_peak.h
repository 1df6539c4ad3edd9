// The machine's measured FMA limit: 12 independent chains of vector FMAs per thread (enough to hide the
// FMA latency on current x86 cores), timed; `ember bench` reports its figures as a share of this.
#pragma once

#include <cstdint>

#include "operators/kernel/x86/cpu_isa.h"

namespace ember {
namespace x86 {

// GFLOP/s (an FMA counts 2) reached by `threads` threads running the loop of `isa` (clamped to the
// detected level) for about `seconds`.
double MeasureFmaPeakGflops(Isa isa, int threads, double seconds = 0.2);

// The loops (one per ISA file). Each runs `iters` iterations of 12 FMAs and returns a value that depends
// on all of them (so nothing is optimized away). Flops per iteration: 24 * vector width.
float FmaLoopGeneric(int64_t iters);
float FmaLoopAvx2(int64_t iters);
float FmaLoopAvx512(int64_t iters);

}  // namespace x86
}  // namespace ember

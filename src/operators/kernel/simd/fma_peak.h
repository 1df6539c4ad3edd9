// The machine's measured FMA limit: 12 independent chains of vector FMAs per thread (enough to hide the
// FMA latency on current cores), timed; `ember bench` reports its figures as a share of this. Each folder
// supplies the loop of a level (x86/fma_peak.h, arm/arm_accel.cpp).
#pragma once

#include <cstdint>

namespace ember {
namespace simd {

// A loop of `iters` iterations of 12 FMAs, returning a value that depends on all of them (so nothing is
// optimized away). Flops per iteration: 24 * vector width.
using FmaLoopFn = float (*)(int64_t iters);
float FmaLoopGeneric(int64_t iters);  // 4 floats, multiply then add

// GFLOP/s (an FMA counts 2) reached by `threads` threads running `loop` (vectors of `width` floats) for about
// `seconds`.
double MeasureFmaPeakGflops(FmaLoopFn loop, int width, int threads, double seconds = 0.2);

}  // namespace simd
}  // namespace ember

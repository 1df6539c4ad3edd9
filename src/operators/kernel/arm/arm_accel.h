// The ARM kernels behind kernel/cpu_accel.h's table (filled through the registry, cpu_accel.cpp).
#pragma once

#include <cstdint>

namespace ember {
struct CpuAccelTable;
namespace arm {

void FillCpuAccel(CpuAccelTable* t);

// The NEON FMA-limit loop (fma_peak_neon.cpp), as simd::FmaLoopFn.
float FmaLoopNeon(int64_t iters);

}  // namespace arm
}  // namespace ember

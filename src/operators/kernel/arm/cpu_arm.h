// Run-time choice of the ARM instruction-set level the kernels use.
//
// DetectedIsa() reads the kernel's HWCAPs once: aarch64 always has NEON (Advanced SIMD); 32-bit ARM has it
// when HWCAP_NEON is set (the NEON objects are the only ones built with -mfpu=neon-vfpv4, so the library
// still runs on a VFP-only core at the generic level). The features later int8 / fp16 kernels need (asimddp
// dot product, fphp + asimdhp half precision) are recorded and shown in the level's name. ActiveIsa() is the
// detected level lowered by EMBER_ISA=neon|generic or SetActiveIsa() (tests run every level).
#pragma once

#include <cstdint>

#include "operators/kernel/kernels_built.h"

namespace ember {
namespace arm {

enum class Isa : int { kGeneric = 0, kNeon = 1 };

struct ArmFeatures {
  bool neon = false;
  bool dotprod = false;  // aarch64 asimddp (SDOT/UDOT)
  bool fp16 = false;     // aarch64 fphp + asimdhp (half-precision arithmetic)
};

const ArmFeatures& DetectedFeatures();
Isa DetectedIsa();
Isa ActiveIsa();
// Forces a level (clamped to DetectedIsa()); returns the level now active. Not for use while kernels run.
Isa SetActiveIsa(Isa isa);
// "generic", or "neon" with the extra features this machine has ("neon+dotprod+fp16").
const char* IsaName(Isa isa);
inline bool IsaSupported(Isa isa) { return static_cast<int>(isa) <= static_cast<int>(DetectedIsa()); }

// The lowest level a build keeps: a net profile on aarch64 has no generic level (every aarch64 core has Advanced
// SIMD, and the generic SGEMM, 7 KB, would only serve EMBER_ISA=generic); the full build keeps it, so tests run
// every level, and 32-bit ARM keeps it as the fallback of a core without NEON.
constexpr Isa LowestIsa() {
#if defined(__aarch64__)
  return kernels_built::kAll ? Isa::kGeneric : Isa::kNeon;
#else
  return Isa::kGeneric;
#endif
}

// n IEEE halves at src (any alignment) to float32 with NEON (half_neon.cpp); needs the neon level.
void HalfToFloatNeon(const void* src, float* dst, int64_t n);

}  // namespace arm
}  // namespace ember

// Run-time choice of the x86 instruction set the kernels use.
//
// DetectedIsa() reads CPUID once (and XGETBV, so an OS that does not save the AVX / AVX-512 register state
// counts as lacking them). ActiveIsa() is the level the kernels run at: the detected one, lowered by the
// environment variable EMBER_ISA=avx512|avx2|generic (a level above the detected one is ignored with the
// detected level kept), or by SetActiveIsa() (tests use it to run every variant on one machine).
#pragma once

namespace ember {
namespace x86 {

enum class Isa : int { kGeneric = 0, kAvx2 = 1, kAvx512 = 2 };

Isa DetectedIsa();
Isa ActiveIsa();
// Forces a level (clamped to DetectedIsa()); returns the level now active. Not for use while kernels run.
Isa SetActiveIsa(Isa isa);
const char* IsaName(Isa isa);  // "avx512", "avx2+fma", "generic"
// True when the AVX-512 level also has AVX512BW and AVX512-VNNI (vpdpbusd), for the int8 GEMM.
bool HasAvx512Vnni();
// True when the CPU has F16C (half <-> float conversion; every AVX2 CPU so far has it, but it is a flag of its own).
bool HasF16c();
// True when the machine (and OS) can run `isa`.
inline bool IsaSupported(Isa isa) { return static_cast<int>(isa) <= static_cast<int>(DetectedIsa()); }

}  // namespace x86
}  // namespace ember

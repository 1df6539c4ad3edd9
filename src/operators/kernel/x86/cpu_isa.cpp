#include "operators/kernel/x86/cpu_isa.h"

#include <atomic>
#include <iterator>

#include "operators/kernel/cpu_accel.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace ember {
namespace x86 {

namespace {

#if defined(__x86_64__) || defined(__i386__)
unsigned long long XGetBv0() {
  unsigned int eax = 0, edx = 0;
  __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
  return (static_cast<unsigned long long>(edx) << 32) | eax;
}

Isa Detect() {
  unsigned int eax, ebx, ecx, edx;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return Isa::kGeneric;
  const bool fma = ecx & (1u << 12), osxsave = ecx & (1u << 27), avx = ecx & (1u << 28);
  if (!osxsave || !avx) return Isa::kGeneric;
  const unsigned long long xcr0 = XGetBv0();
  const bool os_ymm = (xcr0 & 0x6) == 0x6;     // SSE and AVX state
  const bool os_zmm = (xcr0 & 0xe6) == 0xe6;   // + opmask, ZMM_Hi256, Hi16_ZMM
  if (!os_ymm) return Isa::kGeneric;
  if (__get_cpuid_max(0, nullptr) < 7) return Isa::kGeneric;
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  const bool avx2 = ebx & (1u << 5), avx512f = ebx & (1u << 16);
  if (avx512f && fma && avx2 && os_zmm) return Isa::kAvx512;
  if (avx2 && fma) return Isa::kAvx2;
  return Isa::kGeneric;
}

bool DetectVnni() {
  if (Detect() != Isa::kAvx512) return false;
  unsigned int eax, ebx, ecx, edx;
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  return (ebx & (1u << 30)) && (ecx & (1u << 11));  // AVX512BW, AVX512_VNNI
}

bool DetectF16c() {
  unsigned int eax, ebx, ecx, edx;
  return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & (1u << 29)) && (ecx & (1u << 28));  // F16C, AVX
}
#else
Isa Detect() { return Isa::kGeneric; }
bool DetectVnni() { return false; }
bool DetectF16c() { return false; }
#endif

Isa FromEnv(Isa detected) {
  static const char* const kNames[] = {"generic", "avx2", "avx512"};
  return static_cast<Isa>(IsaLevelFromEnv(kNames, static_cast<int>(std::size(kNames)), static_cast<int>(detected)));
}

std::atomic<int>& Active() {
  static std::atomic<int> active{static_cast<int>(FromEnv(DetectedIsa()))};
  return active;
}

}  // namespace

Isa DetectedIsa() {
  static const Isa detected = Detect();
  return detected;
}

bool HasAvx512Vnni() {
  static const bool vnni = DetectVnni();
  return vnni;
}

bool HasF16c() {
  static const bool f16c = DetectF16c();
  return f16c;
}

Isa ActiveIsa() { return static_cast<Isa>(Active().load(std::memory_order_relaxed)); }

Isa SetActiveIsa(Isa isa) {
  if (static_cast<int>(isa) > static_cast<int>(DetectedIsa())) isa = DetectedIsa();
  Active().store(static_cast<int>(isa), std::memory_order_relaxed);
  return isa;
}

const char* IsaName(Isa isa) {
  switch (isa) {
    case Isa::kAvx512: return "avx512";
    case Isa::kAvx2: return "avx2+fma";
    case Isa::kGeneric: break;
  }
  return "generic";
}

}  // namespace x86
}  // namespace ember

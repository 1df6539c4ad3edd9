// The registry: the one place that knows which instruction-set folders this build has
// (cmake/x86_kernels.cmake defines EMBER_HAVE_X86_KERNELS, cmake/arm_kernels.cmake EMBER_HAVE_ARM_KERNELS).
#include "operators/kernel/cpu_accel.h"

#include <cstdlib>
#include <cstring>

#include "framework/float16.h"

#if defined(EMBER_HAVE_X86_KERNELS)
#include "operators/kernel/x86/x86_accel.h"
#elif defined(EMBER_HAVE_ARM_KERNELS)
#include "operators/kernel/arm/arm_accel.h"
#endif

namespace ember {

namespace {

// Filled by an explicit call, not by static initializers in the folders: a static library drops the object
// files nothing references, registrations included.
CpuAccelTable Fill() {
  CpuAccelTable t;
#if defined(EMBER_HAVE_X86_KERNELS)
  x86::FillCpuAccel(&t);
#elif defined(EMBER_HAVE_ARM_KERNELS)
  arm::FillCpuAccel(&t);
#endif
  return t;
}

const CpuAccelTable& Filled() {
  static const CpuAccelTable table = Fill();
  return table;
}

const CpuAccelTable* g_override = nullptr;

}  // namespace

const CpuAccelTable& CpuAccel() { return g_override ? *g_override : Filled(); }

const CpuAccelTable* OverrideCpuAccelForTesting(const CpuAccelTable* t) {
  const CpuAccelTable* old = g_override;
  g_override = t;
  return old;
}

int IsaLevelFromEnv(const char* const* names, int count, int detected) {
  const char* e = std::getenv("EMBER_ISA");
  if (!e || !*e) return detected;
  for (int level = 0; level < count; ++level)
    if (!std::strcmp(e, names[level])) return level < detected ? level : detected;
  return detected;
}

void HalfToFloatArray(const void* src, float* dst, int64_t n) {
  const HalfAccel* h = CpuAccel().half;
  if (h && h->supports()) return h->run(src, dst, n);
  const uint8_t* p = static_cast<const uint8_t*>(src);
  for (int64_t i = 0; i < n; ++i) {
    uint16_t v;
    std::memcpy(&v, p + 2 * i, 2);  // src need not be 2-byte aligned (a params file's bytes)
    dst[i] = HalfToFloat(v);
  }
}

int64_t PackedConvBlock() {
  const ConvAccel* conv = CpuAccel().conv;
  return conv ? conv->packed_block() : 0;
}

}  // namespace ember

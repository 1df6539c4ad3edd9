#include "operators/kernel/arm/cpu_arm.h"

#include <atomic>
#include <iterator>
#include <string>

#include "operators/kernel/cpu_accel.h"

#if defined(__linux__)
#include <sys/auxv.h>
#endif

namespace ember {
namespace arm {

namespace {

// HWCAP bits (asm/hwcap.h), spelled out so older headers compile.
#if defined(__aarch64__)
constexpr unsigned long kHwcapAsimd = 1ul << 1, kHwcapFphp = 1ul << 9, kHwcapAsimdhp = 1ul << 10,
                        kHwcapAsimddp = 1ul << 20;
#elif defined(__arm__)
constexpr unsigned long kHwcapNeon = 1ul << 12;
#endif

ArmFeatures Detect() {
  ArmFeatures f;
#if defined(__linux__) && defined(__aarch64__)
  const unsigned long hw = getauxval(AT_HWCAP);
  f.neon = (hw & kHwcapAsimd) != 0;
  f.dotprod = (hw & kHwcapAsimddp) != 0;
  f.fp16 = (hw & kHwcapFphp) && (hw & kHwcapAsimdhp);
#elif defined(__linux__) && defined(__arm__)
  f.neon = (getauxval(AT_HWCAP) & kHwcapNeon) != 0;
#endif
  return f;
}

Isa AtLeastLowest(Isa isa) { return static_cast<int>(isa) < static_cast<int>(LowestIsa()) ? LowestIsa() : isa; }

Isa FromEnv(Isa detected) {
  static const char* const kNames[] = {"generic", "neon"};
  return AtLeastLowest(
      static_cast<Isa>(IsaLevelFromEnv(kNames, static_cast<int>(std::size(kNames)), static_cast<int>(detected))));
}

std::atomic<int>& Active() {
  static std::atomic<int> active{static_cast<int>(FromEnv(DetectedIsa()))};
  return active;
}

}  // namespace

const ArmFeatures& DetectedFeatures() {
  static const ArmFeatures f = Detect();
  return f;
}

Isa DetectedIsa() { return DetectedFeatures().neon ? Isa::kNeon : LowestIsa(); }

Isa ActiveIsa() { return static_cast<Isa>(Active().load(std::memory_order_relaxed)); }

Isa SetActiveIsa(Isa isa) {
  if (static_cast<int>(isa) > static_cast<int>(DetectedIsa())) isa = DetectedIsa();
  isa = AtLeastLowest(isa);
  Active().store(static_cast<int>(isa), std::memory_order_relaxed);
  return isa;
}

const char* IsaName(Isa isa) {
  if (isa != Isa::kNeon) return "generic";
  static const std::string name = [] {
    const ArmFeatures& f = DetectedFeatures();
    return std::string("neon") + (f.dotprod ? "+dotprod" : "") + (f.fp16 ? "+fp16" : "");
  }();
  return name.c_str();
}

}  // namespace arm
}  // namespace ember

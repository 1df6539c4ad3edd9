// FP16 weights: the loader widens them once (HalfToFloatArray: F16C / AVX-512F / NEON / portable). Expected
// values come from the definition of the format, written here with ldexp, not from framework/float16.h.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "framework/float16.h"
#include "operators/kernel/cpu_accel.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

uint32_t Bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

// IEEE half bits -> float32 bits, from the definition: (-1)^s * m * 2^(e-25) (e > 0, m with its hidden bit)
// or m * 2^-24 (subnormal); NaNs quiet with their payload, as the hardware conversions make them.
uint32_t DecodeHalfBits(uint16_t h) {
  const uint32_t sign = (h & 0x8000u) ? 0x80000000u : 0u;
  const int e = (h >> 10) & 31, m = h & 0x3ff;
  if (e == 31) return sign | 0x7f800000u | (m ? 0x400000u | (static_cast<uint32_t>(m) << 13) : 0u);
  const double v = e == 0 ? std::ldexp(m, -24) : std::ldexp(1024 + m, e - 25);
  return sign | Bits(static_cast<float>(v));
}

// The levels of this machine's kernel folder (x86: generic, avx2, avx512; ARM: generic, neon), each run by f.
template <typename F>
void ForEachIsaLevel(F f) {
  const IsaAccel* isa = CpuAccel().isa;
  if (!isa) return f(std::string("portable"));
  const int saved = isa->active();
  for (int level = 0; level <= isa->detected(); ++level) {
    isa->set_active(level);
    f(std::string(isa->name(level)));
  }
  isa->set_active(saved);
}

}  // namespace

TEST_CASE("fp16: widening equals the definition over all 65536 halves at every ISA level", "[fp16]") {
  std::vector<uint16_t> all(65536 + 1);
  for (uint32_t i = 0; i < 65536; ++i) all[i + 1] = static_cast<uint16_t>(i);
  std::vector<uint8_t> shifted(2 * 65536 + 1);
  std::memcpy(shifted.data() + 1, all.data() + 1, 2 * 65536);
  std::vector<uint32_t> want(65536);
  for (uint32_t i = 0; i < 65536; ++i) {
    want[i] = DecodeHalfBits(static_cast<uint16_t>(i));
    REQUIRE(Bits(HalfToFloat(static_cast<uint16_t>(i))) == want[i]);  // the portable conversion
  }
  ForEachIsaLevel([&](const std::string& level) {
    INFO("level " << level);
    for (int64_t n : {int64_t{65536}, int64_t{65535}, int64_t{17}, int64_t{7}}) {  // full vectors and tails
      std::vector<float> got(n);
      HalfToFloatArray(all.data() + 1, got.data(), n);
      size_t wrong = 0;
      for (int64_t i = 0; i < n; ++i) wrong += Bits(got[i]) != want[i];
      CHECK(wrong == 0);
      HalfToFloatArray(shifted.data() + 1, got.data(), n);  // odd address
      wrong = 0;
      for (int64_t i = 0; i < n; ++i) wrong += Bits(got[i]) != want[i];
      CHECK(wrong == 0);
    }
  });
}

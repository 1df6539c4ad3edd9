// Helpers of the Vulkan kernel tests: the device (or a warning and a skip, or a failure under
// EMBER_REQUIRE_VULKAN=1), uploads and downloads that REQUIRE success, comparisons.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "operators/kernel/vulkan/vk_recorder.h"
#include "operators/kernel/vulkan/vk_tensor.h"
#include "test_util.h"

namespace ember {
namespace test {

inline vulkan::Device* DeviceOrSkip() {
  vulkan::Device* device = nullptr;
  Status s = vulkan::Device::Get(&device);
  if (!s.ok()) {
    const char* require = std::getenv("EMBER_REQUIRE_VULKAN");
    if (require && *require == '1') FAIL(s.message());
    WARN("no Vulkan device, case not run: " << s.message());
  }
  return device;
}

// Asserts the validation layer (when on) reported nothing during the case.
struct NoValidationMessages {
  vulkan::Device* device;
  int before;
  explicit NoValidationMessages(vulkan::Device* d) : device(d), before(d->validation_messages()) {}
  ~NoValidationMessages() { CHECK(device->validation_messages() == before); }
};

// Inputs read as uniform texel buffers (texels true, the default) or as storage buffers for one case: a case
// runs both with `ReadsAs reads(device, GENERATE(true, false));`.
struct ReadsAs {
  vulkan::Device* device;
  ReadsAs(vulkan::Device* d, bool texels) : device(d) {
    if (device) device->set_texel_reads(texels);
  }
  ~ReadsAs() {
    if (device) device->set_texel_reads(true);
  }
};

// The start of a kernel case that runs twice, with texel and with storage-buffer reads (GENERATE): `device`, or a
// return without one; the validation layer must report nothing during the case.
#define VULKAN_CASE_BOTH_READS(device)                          \
  vulkan::Device* device = ::ember::test::DeviceOrSkip();       \
  if (!device) return;                                          \
  const bool texels_ = GENERATE(true, false);                   \
  ::ember::test::ReadsAs reads_(device, texels_);               \
  INFO((texels_ ? "texel reads" : "storage reads"));            \
  ::ember::test::NoValidationMessages none_(device)

inline vulkan::VkTensor Up(vulkan::Device* device, const Tensor& t) {
  vulkan::VkTensor v;
  Status s = vulkan::Upload(device, t, &v);
  INFO(s.message());
  REQUIRE(s.ok());
  return v;
}

inline std::vector<float> Down(const vulkan::VkTensor& v) {
  Tensor t;
  REQUIRE(vulkan::Download(v, &t).ok());
  return ToVector(t);
}

inline void RequireOk(const Status& s) {
  INFO(s.message());
  REQUIRE(s.ok());
}

// |got - want| <= tol * max(1, |want|) everywhere.
inline void CheckNear(const std::vector<float>& got, const std::vector<float>& want, float tol) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("element " << i << ": " << got[i] << " vs " << want[i]);
    REQUIRE(std::fabs(got[i] - want[i]) <= tol * std::max(1.f, std::fabs(want[i])));
  }
}

}  // namespace test
}  // namespace ember

// lrn across channels on the GPU (shaders/lrn.comp), x as [batch, channels, hw].
#pragma once

#include "operators/kernel/vulkan/vk_recorder.h"
#include "operators/kernel/vulkan/vk_tensor.h"

namespace ember {
namespace vulkan {

struct LrnShape {
  int64_t batch, channels, hw, n;  // n: the window's channels
  float k, alpha, beta;
};
// out is (re)allocated to x's dims.
Status RecordLrn(Recorder* r, const LrnShape& s, const VkTensor& x, VkTensor* out);

}  // namespace vulkan
}  // namespace ember

// Softmax and log-softmax on the GPU (shaders/softmax.comp), x viewed as [outer, n, inner] along n.
#pragma once

#include "operators/kernel/vulkan/vk_recorder.h"
#include "operators/kernel/vulkan/vk_tensor.h"

namespace ember {
namespace vulkan {

// y is (re)allocated to x's dims.
Status RecordSoftmax(Recorder* r, int64_t outer, int64_t n, int64_t inner, bool log, const VkTensor& x,
                     VkTensor* y);

}  // namespace vulkan
}  // namespace ember

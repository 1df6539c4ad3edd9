// Fully connected on the GPU (shaders/fc.comp): out[m x n] = act(in[m x k] * w[k x n] + bias[n]).
#pragma once

#include "operators/activation_op.h"
#include "operators/kernel/vulkan/vk_recorder.h"
#include "operators/kernel/vulkan/vk_tensor.h"

namespace ember {
namespace vulkan {

// out is (re)allocated to out_dims (m x n elements); bias may be nullptr.
Status RecordFc(Recorder* r, int64_t m, int64_t k, int64_t n, const VkTensor& in, const VkTensor& w,
                const VkTensor* bias, const ActivationSpec& act, const DDim& out_dims, VkTensor* out);

}  // namespace vulkan
}  // namespace ember

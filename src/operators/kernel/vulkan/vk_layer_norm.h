// layer_norm on the GPU (shaders/layer_norm.comp): x as [rows, cols], normalized along cols.
#pragma once

#include "operators/kernel/vulkan/vk_recorder.h"
#include "operators/kernel/vulkan/vk_tensor.h"

namespace ember {
namespace vulkan {

struct LayerNormOutputs {
  VkTensor* y;             // (re)allocated to x's dims
  VkTensor* mean;          // [rows] when not null
  VkTensor* variance;      // [rows] when not null: without epsilon
  DDim stats_dims;         // Mean's and Variance's dims (rows elements)
};
// scale and bias ([cols]) may be null.
Status RecordLayerNorm(Recorder* r, int64_t rows, int64_t cols, float epsilon, const VkTensor& x,
                       const VkTensor* scale, const VkTensor* bias, const LayerNormOutputs& out);

}  // namespace vulkan
}  // namespace ember

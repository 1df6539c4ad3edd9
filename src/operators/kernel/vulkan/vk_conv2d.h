// 2-D convolution on the GPU: the direct kernel (shaders/conv2d.comp), any groups, stride, dilation and pads,
// bias and fused activation.
#pragma once

#include "operators/conv_op.h"
#include "operators/kernel/vulkan/vk_recorder.h"
#include "operators/kernel/vulkan/vk_tensor.h"

namespace ember {
namespace vulkan {

// Records out = act(conv(input, filter) + bias); filter [out_c, in_c / groups, kh, kw], bias [out_c] or nullptr;
// out is (re)allocated to [batch, out_c, out_h, out_w].
Status RecordConv2d(Recorder* r, const ConvGeometry& g, const VkTensor& input, const VkTensor& filter,
                    const VkTensor* bias, const ActivationSpec& act, VkTensor* out);

}  // namespace vulkan
}  // namespace ember

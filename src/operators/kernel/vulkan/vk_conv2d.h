// 2-D convolution on the GPU, any groups, stride, dilation and pads, bias and fused activation: an implicit GEMM
// in 64 x 64 tiles (shaders/conv2d_gemm.comp) where a group has 8 or more output channels, else the direct
// kernel (shaders/conv2d.comp: depthwise and narrow groups).
#pragma once

#include "operators/conv_op.h"
#include "operators/kernel/vulkan/vk_recorder.h"
#include "operators/kernel/vulkan/vk_tensor.h"

namespace ember {
namespace vulkan {

// kDirect: an invocation per output element (narrow groups); kDepthwise: one input channel per group, 4 pixels
// per invocation; kBlock: register-blocked, 16 output channels x 4 pixels per invocation (both one pipeline per
// layer shape); kGemm: 64 x 64 shared-memory tiles (slower
// than kBlock on lavapipe, kept for GPUs with fast shared memory: not chosen by kAuto).
enum class ConvAlgo { kAuto, kDirect, kGemm, kBlock, kDepthwise };
// The shader kAuto picks for g.
ConvAlgo ChooseConvAlgo(const ConvGeometry& g);

// The filter as kBlock reads it: per group, blocks of 16 output channels (zero past the group's last), each
// [K = in_c / groups * kh * kw][16], so one vec4 texel holds 4 output channels' weights at one k.
Tensor PackBlockFilter(const ConvGeometry& g, const Tensor& filter);

// Whether kAuto runs g through kBlock given PackBlockFilter's filter: then RecordConv2d needs no plain filter
// (a weight's GPU copy is made once, packed).
bool AutoUsesBlockFilter(const Device& device, const ConvGeometry& g);

// Records out = act(conv(input, filter) + bias); filter [out_c, in_c / groups, kh, kw], bias [out_c] or nullptr;
// out is (re)allocated to [batch, out_c, out_h, out_w]. block_filter: PackBlockFilter's filter, which kBlock
// needs (kAuto without it takes kDirect); filter may be null when kAuto takes kBlock with it. algo forces a
// shader (tests).
Status RecordConv2d(Recorder* r, const ConvGeometry& g, const VkTensor& input, const VkTensor* filter,
                    const VkTensor* bias, const ActivationSpec& act, VkTensor* out, ConvAlgo algo = ConvAlgo::kAuto,
                    const VkTensor* block_filter = nullptr);

// Records out = act(conv2d_transpose(input, filter) + bias); filter [in_c, out_c / groups, kh, kw], g as
// ConvTransposeParam::geo (in_* the op's input, out_* its output); out is (re)allocated to [batch, out_c, out_h,
// out_w].
Status RecordConvTranspose2d(Recorder* r, const ConvGeometry& g, const VkTensor& input, const VkTensor& filter,
                             const VkTensor* bias, const ActivationSpec& act, VkTensor* out);

}  // namespace vulkan
}  // namespace ember

// 2-D max / average pooling on the GPU (shaders/pool2d.comp): kernels, strides, pads, exclusive or not,
// adaptive and global windows (dilation 1; no lp pooling, no Mask output).
#pragma once

#include "operators/pool2d_op.h"
#include "operators/kernel/vulkan/vk_recorder.h"
#include "operators/kernel/vulkan/vk_tensor.h"

namespace ember {
namespace vulkan {

bool SupportsPool2d(const PoolGeometry& g);
// Records y = pool(x); y is (re)allocated to [batch, channels, out_h, out_w].
Status RecordPool2d(Recorder* r, const PoolGeometry& g, const VkTensor& x, VkTensor* y);

}  // namespace vulkan
}  // namespace ember

// Binary elementwise ops with numpy broadcasting on the GPU (shaders/binary.comp), up to 4 dims.
#pragma once

#include "operators/kernel/vulkan/vk_recorder.h"
#include "operators/kernel/vulkan/vk_tensor.h"

namespace ember {
namespace vulkan {

enum class BinaryOp { kAdd = 0, kSub = 1, kMul = 2, kDiv = 3, kMax = 4, kMin = 5 };

// Records out = a (op) b; out is (re)allocated to the broadcast shape. InvalidArgument when the shapes do not
// broadcast, Unimplemented beyond 4 dims.
Status RecordBinary(Recorder* r, BinaryOp op, const VkTensor& a, const VkTensor& b, VkTensor* out);
// The same over an iteration space given as dims (outermost first, at most 4) and each input's element strides
// per dim (0 where it is broadcast), as the CPU kernel's BroadcastPlan has them; out is (re)allocated to out_dims.
Status RecordBinary(Recorder* r, BinaryOp op, const VkTensor& a, const VkTensor& b, const std::vector<int64_t>& dims,
                    const std::vector<int64_t>& a_strides, const std::vector<int64_t>& b_strides,
                    const DDim& out_dims, VkTensor* out);

}  // namespace vulkan
}  // namespace ember
